"""The opener's screen is gone (killed, its terminal closed): the table goes on. Two or three
handles at one table in one test process, each its own TableStore on one tableau.db, on one
injected wall clock; the opener "dies" by its heartbeat going stale (no thread beats: the test
beats when it means the opener to be alive).

- the first seated screen to notice turns the opener's hot seats into seats that wait for
  their players (the hash kept, nobody holding them), once, and every screen is told;
- a friend may then let a CPU play for such a seat, and the opener's player comes back to it
  with ``join`` and the password (a seat without a password cannot be taken, only played for);
- at an end, the lease's holder deals on after DEAL_ON_AFTER seconds;
- a stalled opener that comes back to life is the table's screen no more, and closes nothing.
Pesten, Go Fish and Poker alike."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_shared_table import Clock

from tableau.engines.pesten import Phase
from tableau.sessions import gofish
from tableau.sessions import poker
from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import REMOTE
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Seat
from tableau.sessions.pesten import Stage
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind
from tableau.storage.lockouts import Lockouts
from tableau.storage.passwords import PasswordScheme
from tableau.storage.table_store import AWAY_AFTER
from tableau.storage.table_store import TableProblem
from tableau.storage.table_store import TableStore
from tableau.tables import shared_table
from tableau.tables.shared_table import DEAL_ON_AFTER
from tableau.tables.shared_table import NO_PASSWORD
from tableau.tables.shared_table import OPENER_GONE
from tableau.tables.shared_table import OPENER_ONLY
from tableau.tables.shared_table import WRONG_PASSWORD
from tableau.tables.shared_table import SharedTable
from tableau.tables.waits import end_wait
from tableau.tables.waits import waiting_for

PASSWORD = "anna-Secret-7"


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture(autouse=True)
def no_heartbeat_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test beats the heartbeats itself, on its clock."""
    monkeypatch.setattr(shared_table, "HEARTBEAT_EVERY", 3600.0)


@pytest.fixture
def stores(tmp_path: Path, clock: Clock) -> Iterator[list[TableStore]]:
    made = [TableStore(tmp_path / "tableau.db", wall=clock) for _ in range(3)]
    yield made
    for store in made:
        store.close()


def handle(store: TableStore, code: str, clock: Clock, tmp_path: Path) -> SharedTable[Any]:
    return SharedTable.join(store, code, game=None, wall=clock,
                            lockouts=Lockouts(tmp_path / "lockouts.json"))


def pesten_table(store: TableStore, clock: Clock, tmp_path: Path,
                 kinds: tuple[str, ...] = (HUMAN, REMOTE, "careful")) -> SharedTable[Any]:
    """Anna (a hot seat with a password, at the opener's screen), then the other seats."""
    seats = [Seat("Anna", HUMAN, PasswordScheme().lock("Anna", PASSWORD))]
    seats += [Seat(name, kind) for name, kind in zip(("Bram", "Cor", "Dirk"), kinds[1:],
                                                     strict=False)]
    session = PestenSession.deal(seats, packs=1, jokers=2, dealer=len(seats) - 1, seed=11)
    return SharedTable.open(store, session, wall=clock,
                            lockouts=Lockouts(tmp_path / "lockouts.json"))


def seated(store: TableStore, code: str, clock: Clock, tmp_path: Path, seat: int,
           name: str) -> SharedTable[Any]:
    friend = handle(store, code, clock, tmp_path)
    assert friend.sit(seat, name, f"{name}-pw").ok
    return friend


def test_the_first_seated_screen_to_notice_seats_the_openers_player_elsewhere_once(
        stores: list[TableStore], clock: Clock, tmp_path: Path) -> None:
    host = pesten_table(stores[0], clock, tmp_path, (HUMAN, REMOTE, REMOTE))
    anna = host.shared_seat(0)
    assert anna.kind == "human" and anna.holder == host.token
    assert anna.password.startswith("$argon2id$") and PASSWORD not in repr(host.row)
    zoe = seated(stores[1], host.code, clock, tmp_path, 1, "Zoe")
    kim = seated(stores[2], host.code, clock, tmp_path, 2, "Kim")
    assert host.session.stage is Stage.LOCK and host.session.to_move == 0
    # The opener beats: however long the others wait, the table waits for Anna.
    clock.now += AWAY_AFTER * 3
    stores[0].heartbeat(host.code, None, host.token)
    zoe.refresh()
    assert not zoe.refresh() and not zoe.opener_gone
    assert waiting_for(zoe, 0) == "Waiting for Anna, who plays at the opener's screen."
    assert not zoe.may_let_cpu_play(0)
    clock.now += AWAY_AFTER  # not yet: AWAY_AFTER is the limit
    assert not zoe.refresh() and not zoe.opener_gone
    version = zoe.row.version
    clock.now += 1  # the opener's screen is gone
    assert zoe.refresh() and zoe.opener_gone and zoe.row.version == version + 1
    seat = zoe.shared_seat(0)
    assert (seat.kind, seat.holder, seat.password) == ("remote", "", anna.password)
    assert zoe.session.seats[0].kind is SeatKind.REMOTE
    assert zoe.session.stage is Stage.REMOTE and zoe.session.to_move == 0
    assert kim.refresh() and kim.row.version == version + 1  # done once: Kim only reads it
    gone = f"Anna's screen is gone; the seat waits for them (tableau join {host.code})."
    assert gone in zoe.news(1) and gone in kim.news(2) and gone not in kim.news(2)
    assert waiting_for(kim, 0) == "Anna is away; the table waits for them to come back."
    # The opener's process, stalled, not killed, comes back: it is the table's screen no more.
    host.refresh()
    assert host.screen_gone and not zoe.screen_gone
    assert host.let_cpu_play(0).refusal == OPENER_ONLY
    host.close()
    assert not zoe.refresh() and not zoe.closed  # its close closes nothing


def test_a_friend_lets_a_cpu_play_for_the_openers_player_who_comes_back_with_the_password(
        stores: list[TableStore], clock: Clock, tmp_path: Path) -> None:
    host = pesten_table(stores[0], clock, tmp_path)
    zoe = seated(stores[1], host.code, clock, tmp_path, 1, "Zoe")
    assert host.act(0, host.session.moves(0)[0]).ok  # Anna opened her lock: her hand shows
    assert host.session.stage is Stage.HAND
    clock.now += AWAY_AFTER + 1
    assert zoe.refresh() and zoe.session.stage is Stage.REMOTE  # caught open: it waits
    assert zoe.may_let_cpu_play(0) and not zoe.may_let_cpu_play(1)
    assert zoe.let_cpu_play(0).ok
    assert zoe.shown_name(0) == "Anna (CPU for now)"
    assert "Anna is away: a CPU plays for them for now." in zoe.news(1)
    hand = len(zoe.session.state.hands[0])
    assert zoe.run_cpus() and len(zoe.session.state.hands[0]) != hand  # it played for Anna
    # Anna at a new screen: `tableau join CODE` and her password.
    anna = handle(stores[2], host.code, clock, tmp_path)
    assert [seat.seat for seat in anna.seats_of("remote")] == [0, 1]
    with pytest.raises(TableProblem, match=WRONG_PASSWORD):
        anna.come_back(0, "not it")
    clock.now += 60  # the back-off after the wrong try
    anna.come_back(0, PASSWORD)
    assert anna.seat == 0 and anna.session.stand_ins == {} and not anna.lost
    assert zoe.refresh() and zoe.shown_name(0) == "Anna" and 0 not in zoe.away()
    assert "Anna is back and plays again." in zoe.news(1)
    while not anna.my_turn():  # the turn comes round to Anna at her own screen
        assert zoe.run_cpus() or zoe.act(1, zoe.session.moves(1)[0]).ok
        anna.refresh()
    assert anna.act(0, anna.session.moves(0)[0]).ok


def test_at_an_end_the_table_deals_on_itself_once_the_openers_screen_is_gone(
        stores: list[TableStore], clock: Clock, tmp_path: Path) -> None:
    host = pesten_table(stores[0], clock, tmp_path)
    zoe = seated(stores[1], host.code, clock, tmp_path, 1, "Zoe")
    assert end_wait(zoe, "the next round") == "Waiting for the opener to deal the next round."
    clock.now += AWAY_AFTER + 1
    zoe.refresh()
    assert zoe.let_cpu_play(0).ok
    for _ in range(3000):
        if zoe.session.stage is Stage.OVER:
            break
        assert zoe.run_cpus() or zoe.act(1, zoe.session.moves(1)[0]).ok
    assert zoe.session.state.phase is Phase.OVER and zoe.session.state.round == 1
    assert end_wait(zoe, "the next round") == "The next round is dealt in a few seconds."
    assert not zoe.run_cpus()  # the end is on show first
    clock.now += DEAL_ON_AFTER - 1
    assert not zoe.run_cpus()
    clock.now += 1
    assert zoe.run_cpus() and zoe.session.state.round == 2
    assert zoe.session.stand_ins == {0: "careful"}  # the CPU plays on for Anna


def test_two_hot_seats_go_elsewhere_together_and_a_friends_own_screen_keeps_its_seat(
        stores: list[TableStore], clock: Clock, tmp_path: Path) -> None:
    host = pesten_table(stores[0], clock, tmp_path, (HUMAN, HUMAN, REMOTE))
    zoe = seated(stores[1], host.code, clock, tmp_path, 2, "Zoe")
    clock.now += AWAY_AFTER + 1
    stores[1].heartbeat(host.code, 2, zoe.token)  # Zoe's own screen beats: it stays hers
    assert zoe.refresh()
    assert [seat.seat for seat in zoe.seats_of("remote")] == [0, 1, 2]
    assert zoe.away() == {0, 1} and not zoe.lost
    news = zoe.news(2)
    assert sum("screen is gone" in line for line in news) == 2
    # Bram had no password: nobody can take his seat from another screen; a CPU may play it.
    bram = handle(stores[2], host.code, clock, tmp_path)
    with pytest.raises(TableProblem, match=NO_PASSWORD[:40]):
        bram.come_back(1, "")
    assert bram.seat is None


def test_an_opener_who_plays_no_seat_is_missed_by_its_cpus_heartbeat(
        stores: list[TableStore], clock: Clock, tmp_path: Path) -> None:
    session = PestenSession.deal([Seat("Seat 1", REMOTE), Seat("Seat 2", REMOTE),
                                  Seat("Cor", "careful")], packs=1, jokers=2, dealer=2, seed=11)
    host = SharedTable.open(stores[0], session, wall=clock)
    assert host.shared_seat(2).holder == host.token  # its CPU: the opener's screen is there
    zoe = seated(stores[1], host.code, clock, tmp_path, 0, "Zoe")
    kim = seated(stores[2], host.code, clock, tmp_path, 1, "Kim")
    assert not zoe.may_let_cpu_play(1) and zoe.let_cpu_play(1).refusal == OPENER_ONLY
    clock.now += AWAY_AFTER + 1
    stores[1].heartbeat(host.code, 0, zoe.token)
    assert zoe.refresh() and zoe.opener_gone
    assert zoe.shared_seat(2).kind == "cpu" and not zoe.shared_seat(2).holder
    assert zoe.news(0).count(OPENER_GONE) == 1 and OPENER_GONE not in zoe.news(0)
    assert zoe.away() == {1} and zoe.may_let_cpu_play(1)  # Kim's screen is silent too
    kim.refresh()
    assert kim.opener_gone and not kim.lost


def test_an_opener_who_holds_no_seat_at_all_is_missed_by_its_own_heartbeat(
        stores: list[TableStore], clock: Clock, tmp_path: Path) -> None:
    """Every seat a friend's, no CPU: the opener's screen beats for itself, so its end is
    noticed too, and the table goes on without it (a friend may let a CPU play for Kim)."""
    session = PestenSession.deal([Seat("Seat 1", REMOTE), Seat("Seat 2", REMOTE)], packs=1,
                                 jokers=2, dealer=1, seed=11)
    host = SharedTable.open(stores[0], session, wall=clock)
    assert not any(seat.holder == host.token for seat in host.row.seats)
    zoe = seated(stores[1], host.code, clock, tmp_path, 0, "Zoe")
    kim = seated(stores[2], host.code, clock, tmp_path, 1, "Kim")
    clock.now += AWAY_AFTER * 3
    stores[0].heartbeat(host.code, None, host.token)  # the opener's screen is there
    stores[1].heartbeat(host.code, 0, zoe.token)
    zoe.refresh()
    assert not zoe.refresh() and not zoe.opener_gone
    assert not zoe.may_let_cpu_play(1)  # Kim is away, but only the opener may
    clock.now += AWAY_AFTER + 1  # the opener's screen is gone
    stores[1].heartbeat(host.code, 0, zoe.token)
    assert zoe.refresh() and zoe.opener_gone
    assert zoe.news(0).count(OPENER_GONE) == 1
    assert zoe.away() == {1} and zoe.may_let_cpu_play(1)
    kim.refresh()
    assert kim.opener_gone and not kim.lost


@pytest.mark.parametrize("game", [gofish, poker])
def test_go_fish_and_poker_tables_go_on_without_the_openers_screen(
        stores: list[TableStore], clock: Clock, tmp_path: Path, game: Any) -> None:
    seats = [SeatInfo("Anna", SeatKind.HUMAN), SeatInfo("Seat 2", SeatKind.REMOTE),
             SeatInfo("CPU 3", SeatKind.CPU, "easy" if game is gofish else "")]
    lock = PasswordScheme().lock("Anna", PASSWORD)  # the set-up's lock for Anna's hot seat
    host = SharedTable.open(stores[0], game.start(seats, 5), {0: lock}, wall=clock,
                            lockouts=Lockouts(tmp_path / "lockouts.json"))
    assert host.shared_seat(0).password == lock.encoded_hash
    zoe = seated(stores[1], host.code, clock, tmp_path, 1, "Zoe")
    for _ in range(50):  # on to Anna's turn
        if zoe.session.to_move == 0:
            break
        assert zoe.run_cpus() or zoe.act(1, zoe.session.moves(1)[0]).ok
    assert host.refresh() and host.session.stage in (Stage.HAND, Stage.OVER)
    clock.now += AWAY_AFTER + 1
    assert zoe.refresh() and zoe.opener_gone
    assert zoe.session.seats[0].kind is SeatKind.REMOTE and zoe.session.to_move == 0
    assert zoe.session.stage in (Stage.REMOTE, Stage.OVER)
    assert any("Anna's screen is gone" in line for line in zoe.news(1))
    assert zoe.may_let_cpu_play(0) and zoe.let_cpu_play(0).ok
    version = zoe.row.version
    zoe.run_cpus()  # the CPU plays for Anna; or an end is on show from now
    clock.now += DEAL_ON_AFTER
    zoe.run_cpus()  # ... and is dealt on
    assert zoe.row.version > version  # the table moved on without Anna's screen
    assert host.refresh() and host.screen_gone
    anna = handle(stores[2], host.code, clock, tmp_path)
    anna.come_back(0, PASSWORD)  # Anna at her own screen now: the CPU stops playing for her
    assert anna.seat == 0 and anna.session.stand_ins == {} and not anna.lost
