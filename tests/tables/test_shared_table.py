"""SharedTable in one test process: two handles (two "processes", each its own TableStore on one
tableau.db) at one Pesten table. Sitting down, coming back with the password, moves made
through the table and seen by the other handle, a stale move refused, a seat change that does
not make a move stale, and the CPUs run only under the lease."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tableau.engines.pesten import Phase
from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import REMOTE
from tableau.sessions.pesten import REMOTE_STAYS
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Seat
from tableau.sessions.pesten import Stage
from tableau.storage.lockouts import Lockouts
from tableau.storage.table_store import NoSuchTable
from tableau.storage.table_store import TableProblem
from tableau.storage.table_store import TableStore
from tableau.tables.pesten_table import LOST
from tableau.tables.pesten_table import NEEDS_PASSWORD
from tableau.tables.pesten_table import WRONG_PASSWORD
from tableau.tables.pesten_table import SharedTable


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
