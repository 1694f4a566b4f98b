"""SharedTable in one test process: two handles (two "processes", each its own TableStore on one
tableau.db) at one Pesten table. Sitting down, coming back with the password, moves made
through the table and seen by the other handle, a stale move refused, a seat change that does
not make a move stale, and the CPUs run only under the lease. A CPU plays for a seat whose
player has been away AWAY_AFTER seconds, if the opener lets it, until the player comes back."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tableau.engines.pesten import Phase
from tableau.sessions.pesten import DONE
from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import OPEN
from tableau.sessions.pesten import REMOTE
from tableau.sessions.pesten import REMOTE_STAYS
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Seat
from tableau.sessions.pesten import Stage
from tableau.storage.lockouts import Lockouts
from tableau.storage.table_store import AWAY_AFTER
from tableau.storage.table_store import NoSuchTable
from tableau.storage.table_store import TableProblem
from tableau.storage.table_store import TableStore
from tableau.storage.table_store import opener_last_seen
from tableau.tables import shared_table
from tableau.tables.shared_table import LOST
from tableau.tables.shared_table import NEEDS_PASSWORD
from tableau.tables.shared_table import OPENER_ONLY
from tableau.tables.shared_table import WRONG_PASSWORD
from tableau.tables.shared_table import SharedTable


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def stores(tmp_path: Path, clock: Clock) -> Iterator[tuple[TableStore, TableStore]]:
    first, second = (TableStore(tmp_path / "tableau.db", wall=clock) for _ in range(2))
    yield first, second
    first.close()
    second.close()


def opened(store: TableStore, clock: Clock, tmp_path: Path,
           kinds: tuple[str, ...] = (REMOTE, REMOTE, "careful")) -> SharedTable:
    seats = [Seat(name, kind) for name, kind in zip(("Anna", "Bram", "Cor"), kinds,
                                                     strict=False)]
    session = PestenSession.deal(seats, packs=1, jokers=2, dealer=2, seed=11)
    return SharedTable.open(store, session, wall=clock,
                            lockouts=Lockouts(tmp_path / "lockouts.json"))


def joined(store: TableStore, code: str, clock: Clock, tmp_path: Path) -> SharedTable:
    return SharedTable.join(store, code, wall=clock, lockouts=Lockouts(tmp_path / "lockouts.json"))


def test_a_friend_sits_down_under_a_name_and_the_opener_sees_it(
        stores: tuple[TableStore, TableStore], clock: Clock, tmp_path: Path) -> None:
    host = opened(stores[0], clock, tmp_path)
    friend = joined(stores[1], host.code.lower(), clock, tmp_path)
    assert [seat.seat for seat in friend.seats_of("open")] == [0, 1]
    with pytest.raises(TableProblem, match=NEEDS_PASSWORD):
        friend.sit(0, "Zoe", "")
    assert friend.sit(0, "Zoe", "zoe's secret").ok
    assert friend.seat == 0 and friend.session.chairs[0].name == "Zoe"
    assert host.refresh() and host.session.chairs[0].name == "Zoe"
    assert [seat.seat for seat in host.seats_of("remote")] == [0]
    assert "zoe's secret" not in repr(host.row) and host.away() == frozenset()
    other = joined(stores[0], host.code, clock, tmp_path)
    with pytest.raises(TableProblem, match="That seat is taken"):
        other.sit(0, "Kim", "kim's secret")
    assert not other.sit(1, "zoe", "x").ok  # the name is refused before the seat is taken
    assert [seat.seat for seat in other.seats_of("open")] == [1]


def test_coming_back_needs_the_password_and_waits_after_a_wrong_one(
        stores: tuple[TableStore, TableStore], clock: Clock, tmp_path: Path) -> None:
    host = opened(stores[0], clock, tmp_path)
    friend = joined(stores[1], host.code, clock, tmp_path)
    friend.sit(1, "Zoe", "right")
    friend.leave()
    host.refresh()
    assert host.away() == frozenset({1})
    again = joined(stores[1], host.code, clock, tmp_path)
    with pytest.raises(TableProblem, match=NOT_TAKEN_START):
        again.come_back(0, "right")
    with pytest.raises(TableProblem) as wrong:
        again.come_back(1, "wrong")
    assert str(wrong.value) == WRONG_PASSWORD
    with pytest.raises(TableProblem) as second:
        again.come_back(1, "wrong")
    assert "Wait 1 s" in str(second.value)
    with pytest.raises(TableProblem, match="Wait 1 s"):
        again.come_back(1, "right")  # the back-off holds for the right password too
    clock.now += 2
    again.come_back(1, "right")
    assert again.seat == 1
    host.refresh()
    assert host.away() == frozenset()


NOT_TAKEN_START = "Nobody has sat down in that seat yet"


@pytest.mark.usefixtures("no_heartbeat_thread")
def test_a_screen_never_counts_its_own_seat_away(
        stores: tuple[TableStore, TableStore], clock: Clock, tmp_path: Path) -> None:
    """Its own heartbeats do not move what it reads the table by, so its copy of its last
    beat grows old: the seat it holds is here all the same; the other screens judge it."""
    host = opened(stores[0], clock, tmp_path)
    friend = joined(stores[1], host.code, clock, tmp_path)
    friend.sit(1, "Zoe", "pw")
    clock.now += AWAY_AFTER + 1
    host.refresh()
    assert host.away() == {1} and friend.away() == frozenset()


def test_coming_back_sees_the_moves_made_while_the_password_was_typed(
        stores: tuple[TableStore, TableStore], clock: Clock, tmp_path: Path) -> None:
    """A screen read the table when it started, then the opener moved (its player was still
    typing the password), then it came back: it must show the table with that move. It kept
    the old round, and waited for a turn that had passed (the three-screen test, on a busy
    machine)."""
    host = opened(stores[0], clock, tmp_path, (HUMAN, REMOTE, "careful"))
    friend = joined(stores[1], host.code, clock, tmp_path)
    friend.sit(1, "Zoe", "pw")
    friend.leave()
    host.refresh()
    again = joined(stores[1], host.code, clock, tmp_path)  # reads the table now
    before = len(again.session.state.history)
    assert host.act(0, host.session.moves(0)[0]).ok  # the opener's hot seat opens its hand
    assert host.act(0, host.session.moves(0)[0]).ok  # and moves
    again.come_back(1, "pw")
    assert len(again.session.state.history) > before
    assert again.session.state == host.session.state
    assert again.session.stage is host.session.stage


def test_moves_go_through_the_table_and_a_stale_one_is_refused(
        stores: tuple[TableStore, TableStore], clock: Clock, tmp_path: Path) -> None:
    host = opened(stores[0], clock, tmp_path, (HUMAN, REMOTE, "careful"))
    friend = joined(stores[1], host.code, clock, tmp_path)
    friend.sit(1, "Zoe", "pw")
    host.refresh()
    # The opener's hot seat: a seat change under it (nobody moved) does not make it stale.
    late = joined(stores[1], host.code, clock, tmp_path)
    stale_view = late.row.version
    assert host.session.stage is Stage.LOCK
    friend.leave()  # bumps the version; the round is the same
    assert host.act(0, host.session.moves(0)[0]).ok and host.session.stage is Stage.HAND
    move = host.session.moves(0)[0]
    assert host.act(0, move).ok
    while host.session.stage is Stage.REVIEW:
        assert host.act(0, host.session.moves(0)[0]).ok
    # A move chosen against an older round is refused, and the handle reads the table again.
    assert late.row.version == stale_view
    refused = late.change(lambda session: session.undo())
    assert refused.refusal == "The table has moved on since you looked; look again."
    assert late.row.version == host.row.version
    assert late.session.state == host.session.state


def test_the_cpus_move_only_under_the_lease(
        stores: tuple[TableStore, TableStore], clock: Clock, tmp_path: Path) -> None:
    host = opened(stores[0], clock, tmp_path, ("careful", "random", "careful"))
    other = joined(stores[1], host.code, clock, tmp_path)
    assert host.session.stage is Stage.CPU
    assert host.run_cpus()
    other.refresh()
    assert not other.run_cpus()  # the host holds the lease
    clock.now += 10  # the host stopped renewing it (killed): the lease runs out
    moves = 0
    while other.session.state.phase is not Phase.OVER and moves < 500:
        assert other.run_cpus()
        moves += 1
    assert other.session.stage is Stage.OVER and not other.run_cpus()
    host.refresh()
    assert host.session.state == other.session.state


def test_a_bad_code_and_a_closed_table_are_one_sentence_each(
        stores: tuple[TableStore, TableStore], clock: Clock, tmp_path: Path) -> None:
    with pytest.raises(NoSuchTable, match="There is no table NOPE here"):
        joined(stores[0], "NOPE", clock, tmp_path)
    host = opened(stores[0], clock, tmp_path)
    host.close()
    assert host.closed
    with pytest.raises(TableProblem, match=f"The table {host.code} is closed"):
        joined(stores[1], host.code, clock, tmp_path)


def test_a_seat_taken_back_elsewhere_is_lost_here_and_a_remote_screen_undoes_nothing(
        stores: tuple[TableStore, TableStore], clock: Clock, tmp_path: Path) -> None:
    host = opened(stores[0], clock, tmp_path)
    first = joined(stores[0], host.code, clock, tmp_path)
    first.sit(0, "Zoe", "pw")
    assert first.undo().refusal == REMOTE_STAYS
    second = joined(stores[1], host.code, clock, tmp_path)
    second.come_back(0, "pw")  # the same player, at a new screen
    assert first.refresh()
    assert first.lost and not second.lost and not first.my_turn()
    assert first.act(0, first.session.moves(0)[0]).refusal == LOST
    assert second.my_turn() and second.act(0, second.session.moves(0)[0]).ok



def test_a_move_at_a_table_closed_meanwhile_is_refused_with_a_sentence(
        stores: tuple[TableStore, TableStore], clock: Clock, tmp_path: Path) -> None:
    host = opened(stores[0], clock, tmp_path)
    friend = joined(stores[1], host.code, clock, tmp_path)
    seat = friend.session.state.current
    friend.sit(seat, "Zoe", "pw")
    assert friend.my_turn()
    host.close()
    refused = friend.act(seat, friend.session.moves(seat)[0])
    assert refused.refusal == f"The table {host.code} is closed."
    assert friend.closed and not friend.my_turn()


@pytest.fixture
def no_heartbeat_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests beat a seat's heartbeat themselves, on the test's clock."""
    monkeypatch.setattr(shared_table, "HEARTBEAT_EVERY", 3600.0)


def cpus_until(table: SharedTable, seat: int) -> None:
    for _ in range(50):
        if table.session.state.current == seat:
            return
        assert table.run_cpus()
    raise AssertionError(f"seat {seat} never came to move")


@pytest.mark.usefixtures("no_heartbeat_thread")
def test_the_opener_lets_a_cpu_play_for_an_away_seat_until_its_player_comes_back(
        stores: tuple[TableStore, TableStore], clock: Clock, tmp_path: Path) -> None:
    host = opened(stores[0], clock, tmp_path, (REMOTE, "random", "careful"))  # Anna begins
    friend = joined(stores[1], host.code, clock, tmp_path)
    assert friend.sit(0, "Zoe", "pw").ok and host.refresh()
    assert host.shared_seat(0).name == "Zoe"  # the table's seat and the session agree
    waits = f"Zoe has not been away for {AWAY_AFTER:g} seconds; the table waits for them."
    assert host.let_cpu_play(0).refusal == waits and not host.may_let_cpu_play(0)
    only_friends = "A CPU can stand in only for a seat a friend sat down in."
    assert host.let_cpu_play(1).refusal == only_friends
    friend.leave()
    host.refresh()
    clock.now += AWAY_AFTER - 1
    assert host.away() == {0} and host.let_cpu_play(0).refusal == waits
    clock.now += 2
    assert friend.let_cpu_play(0).refusal == OPENER_ONLY
    assert host.may_let_cpu_play(0) and host.let_cpu_play(0).ok
    assert not host.may_let_cpu_play(0)
    assert host.shown_name(0) == "Zoe (CPU for now)" and host.shown_name(1) == "Bram"
    assert "Zoe is away: a CPU plays for them for now." in host.news(1)
    hand = len(host.session.state.hands[0])
    assert host.run_cpus() and host.session.state.current != 0  # the CPU played Zoe's turn
    assert len(host.session.state.hands[0]) != hand
    assert host.session.chairs[0].name == "Zoe" and host.session.chairs[0].is_remote
    # Zoe comes back at a new screen with her password: the seat is hers again at once.
    back = joined(stores[1], host.code, clock, tmp_path)
    back.come_back(0, "pw")
    assert back.session.stand_ins == {} and back.session.state.hands[0] == (
        host.session.state.hands[0])
    assert host.refresh() and host.shown_name(0) == "Zoe"
    assert "Zoe is back and plays again." in host.news(1)
    cpus_until(host, 0)
    back.refresh()
    assert back.my_turn() and not host.run_cpus()  # nobody plays for her now
    back.leave()


@pytest.mark.usefixtures("no_heartbeat_thread")
def test_a_player_seen_again_keeps_the_seat_and_a_stalled_screen_takes_it_back(
        stores: tuple[TableStore, TableStore], clock: Clock, tmp_path: Path) -> None:
    host = opened(stores[0], clock, tmp_path)
    friend = joined(stores[1], host.code, clock, tmp_path)
    friend.sit(0, "Zoe", "pw")
    clock.now += AWAY_AFTER + 1  # Zoe's screen stalled: no heartbeat
    host.refresh()
    assert host.away() == {0} and host.may_let_cpu_play(0)
    stores[1].heartbeat(host.code, 0, friend.token)  # ... and beats again before the opener acts
    assert host.let_cpu_play(0).refusal is not None  # the transaction reads the seat as it is
    clock.now += AWAY_AFTER + 1
    assert host.let_cpu_play(0).ok
    # The stalled screen still holds the seat: being at the table again takes it back.
    friend.refresh()
    assert friend.session.stand_ins == {0: "careful"} and not friend.my_turn()
    assert friend.take_back().ok
    assert friend.session.stand_ins == {} and friend.my_turn()
    assert friend.take_back().refusal == "No CPU plays for that seat."
    friend.leave()



@pytest.mark.usefixtures("no_heartbeat_thread")
def test_a_name_or_a_cpu_standing_in_elsewhere_does_not_make_the_openers_done_stale(
        stores: tuple[TableStore, TableStore], clock: Clock, tmp_path: Path) -> None:
    host = opened(stores[0], clock, tmp_path, (HUMAN, REMOTE, REMOTE))  # Anna begins
    assert host.act(0, OPEN).ok
    while host.session.stage is Stage.HAND:
        assert host.act(0, host.session.moves(0)[0]).ok
    assert host.session.stage is Stage.REVIEW and host.session.to_move == 0
    friend = joined(stores[1], host.code, clock, tmp_path)
    assert friend.sit(1, "Zoe", "pw").ok  # renames seat 2 in the round's names
    friend.leave()
    clock.now += AWAY_AFTER + 1
    opener_elsewhere = SharedTable(stores[1], stores[1].load(host.code), host.token, wall=clock)
    assert opener_elsewhere.let_cpu_play(1).ok
    assert host.act(0, DONE).ok  # the round is the one Anna reviewed: her Done is taken
    assert host.session.stand_ins == {1: "careful"} and host.session.chairs[1].name == "Zoe"
    assert host.session.stage is not Stage.REVIEW


def test_a_friend_back_with_no_cpu_having_played_is_said_to_be_back(
        stores: tuple[TableStore, TableStore], clock: Clock, tmp_path: Path) -> None:
    host = opened(stores[0], clock, tmp_path)
    friend = joined(stores[1], host.code, clock, tmp_path)
    assert friend.sit(0, "Zoe", "pw").ok and host.refresh() and not host.away()
    host.news(1)
    friend.leave()
    assert host.refresh() and host.away() == {0} and "Zoe is back." not in host.news(1)
    back = joined(stores[1], host.code, clock, tmp_path)
    back.come_back(0, "pw")
    host.refresh()
    news = host.news(1)
    assert "Zoe is back." in news and "Zoe is back and plays again." not in news
    assert "Zoe is back." not in host.news(1)  # said once
    assert not any("is back" in line for line in back.news(0))  # not to Zoe herself
    back.leave()


def test_a_play_taken_back_and_made_again_is_told_again_at_the_openers_screen(
        stores: tuple[TableStore, TableStore], clock: Clock, tmp_path: Path) -> None:
    host = opened(stores[0], clock, tmp_path, (HUMAN, REMOTE, "careful"))
    assert joined(stores[1], host.code, clock, tmp_path).sit(1, "Zoe", "pw").ok
    host.refresh()
    host.news(0)
    assert host.act(0, host.session.moves(0)[0]).ok  # Anna's lock opens
    move = host.session.moves(0)[0]
    assert host.act(0, move).ok
    told = host.news(0)
    assert told
    assert host.undo().ok
    while host.session.stage is Stage.LOCK:
        assert host.act(0, host.session.moves(0)[0]).ok
    assert host.act(0, move).ok
    assert host.news(0) == told  # the same play, said again


def test_a_heartbeat_the_database_refuses_for_now_beats_again(
        stores: tuple[TableStore, TableStore], clock: Clock, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A heartbeat refused once (the database busy past its timeout on a loaded machine) is
    followed by the next: the opener's screen is not taken for gone ten seconds later."""
    monkeypatch.setattr(shared_table, "HEARTBEAT_EVERY", 0.01)
    store = stores[0]
    tries: list[int | None] = []
    threads: set[threading.Thread] = set()
    beaten_again = threading.Event()
    real_heartbeat = store.heartbeat

    def refused_once(code: str, seat: int | None, holder: str) -> None:
        tries.append(seat)
        threads.add(threading.current_thread())
        if len(tries) == 1:
            clock.now += AWAY_AFTER + 1  # a long stall, then the database says no
            raise TableProblem("The database is busy.")
        real_heartbeat(code, seat, holder)
        beaten_again.set()

    monkeypatch.setattr(store, "heartbeat", refused_once)
    host = opened(store, clock, tmp_path, (HUMAN, REMOTE, "careful"))
    assert beaten_again.wait(120), "the heartbeat stopped after one refusal"
    assert opener_last_seen(stores[1].load(host.code)) == clock.now
    friend = joined(stores[1], host.code, clock, tmp_path)
    assert friend.sit(1, "Zoe", "pw").ok
    friend.refresh()
    assert not friend.opener_gone and not host.screen_gone
    store.close()  # the store closed, the thread ends
    beating = threads.pop()
    beating.join(120)
    assert not beating.is_alive()


def test_the_opener_closes_the_table_though_the_database_refuses_a_try(
        stores: tuple[TableStore, TableStore], clock: Clock, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    host = opened(stores[0], clock, tmp_path)
    friend = joined(stores[1], host.code, clock, tmp_path)
    real_close = stores[0].close_table
    tries: list[str] = []

    def busy_at_first(code: str) -> None:
        tries.append(code)
        if len(tries) < shared_table.CLOSE_TRIES:
            raise TableProblem("The database is busy.")
        real_close(code)

    monkeypatch.setattr(stores[0], "close_table", busy_at_first)
    host.close()
    friend.refresh()
    assert host.closed and friend.closed and len(tries) == shared_table.CLOSE_TRIES
    second = opened(stores[0], clock, tmp_path)
    tries.clear()

    def always_busy(code: str) -> None:
        tries.append(code)
        raise TableProblem("The database is busy.")

    monkeypatch.setattr(stores[0], "close_table", always_busy)
    with pytest.raises(TableProblem, match="busy"):  # busy every time: said, not hidden
        second.close()
    assert not second.closed and len(tries) == shared_table.CLOSE_TRIES
