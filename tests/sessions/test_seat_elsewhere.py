"""A hot seat goes to another screen (``seat_elsewhere``: the opener's screen is gone), pure
and without Textual: it becomes a remote seat, its lock closed, its hand and name kept; caught
at its lock, its open hand or its review, the table waits for it as for any remote seat (what
it played stays). Pesten, Go Fish and Poker. And the lone hot seat at a shared Pesten table
opens its lock once for the match, not every round."""

from __future__ import annotations

import dataclasses

import pytest

from tableau.engines.pesten import Phase
from tableau.sessions import gofish
from tableau.sessions import poker
from tableau.sessions.pesten import DONE
from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import NEXT_ROUND
from tableau.sessions.pesten import OPEN
from tableau.sessions.pesten import REMOTE
from tableau.sessions.pesten import REMOTE_STAYS
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Seat
from tableau.sessions.pesten import Stage
from tableau.sessions.pesten_saves import open_data
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind
from tableau.sessions.seating import NOT_HERE
from tableau.sessions.seating import OPEN_LOCK


def table(kinds: tuple[str, ...]) -> PestenSession:
    seats = [Seat(name, kind) for name, kind in zip(("Anna", "Bram", "Cor"), kinds,
                                                     strict=False)]
    session = PestenSession.deal(seats, packs=1, jokers=2, dealer=len(seats) - 1, seed=5)
    session.state = dataclasses.replace(session.state, current=0)
    return session


def test_a_hot_seat_at_its_lock_or_open_hand_waits_as_a_remote_seat() -> None:
    for opened in (False, True):
        session = table((HUMAN, HUMAN, REMOTE))
        if opened:
            assert session.act(0, OPEN).ok and session.stage is Stage.HAND
        hand, version = session.state.hands[0], session.version
        assert session.seat_elsewhere(0).ok and session.version == version + 1
        assert session.chairs[0] == Seat("Anna", REMOTE) and session.chairs[0].lock is None
        assert session.stage is Stage.REMOTE and session.to_move == 0
        assert session.state.hands[0] == hand and session.revealed is None
        assert session.undo().refusal is not None
        assert session.seat_elsewhere(0).refusal == NOT_HERE  # once only
        assert session.seat_elsewhere(2).refusal == NOT_HERE  # a remote seat is elsewhere
        assert session.must_unlock(1)  # Bram, still here, keeps his lock


def test_a_hot_seat_caught_in_its_review_hands_over_and_its_play_stays() -> None:
    session = table((HUMAN, REMOTE, REMOTE))
    assert session.act(0, OPEN).ok
    while session.stage is Stage.HAND:
        assert session.act(0, session.moves(0)[0]).ok
    assert session.stage is Stage.REVIEW and session.to_move == 0
    assert session.seat_elsewhere(0).ok
    assert session.review is None and session.stage is Stage.REMOTE and session.to_move != 0
    assert session.undo().refusal == REMOTE_STAYS
    assert session.act(0, DONE).ok is False
    back = PestenSession.from_json(open_data(session))  # the table's row keeps it
    assert back.chairs[0] == Seat("Anna", REMOTE) and back.stage is Stage.REMOTE


@pytest.mark.parametrize("game", [gofish, poker])
def test_go_fish_and_poker_hot_seats_go_elsewhere_with_their_lock_closed(game: object) -> None:
    seats = [SeatInfo("Anna", SeatKind.HUMAN), SeatInfo("Bram", SeatKind.HUMAN),
             SeatInfo("Cor", SeatKind.REMOTE)]
    session = game.start(seats, 3)  # type: ignore[attr-defined]
    seat = session.to_move
    if session.stage is Stage.LOCK:
        assert session.act(seat, OPEN_LOCK).ok and session.stage is Stage.HAND
    hot = next(index for index in (0, 1) if index != seat)  # the one not on show
    assert session.seat_elsewhere(hot).ok and session.seat_elsewhere(seat).ok
    assert [info.kind for info in session.seats] == [SeatKind.REMOTE] * 3
    assert session.stage is Stage.REMOTE and session.locked is None
    assert session.seat_elsewhere(2).refusal == NOT_HERE
    again = type(session).from_json(session.to_json())
    assert again.stage is Stage.REMOTE and again.seats == session.seats


def over(session: PestenSession) -> None:
    session.state = dataclasses.replace(session.state, phase=Phase.OVER, winner=0)


def test_a_lone_hot_seat_at_a_shared_table_opens_its_lock_once_for_the_match() -> None:
    session = table((HUMAN, REMOTE, "careful"))
    assert session.must_unlock(0) and session.act(0, OPEN).ok
    over(session)
    assert session.act(0, NEXT_ROUND).ok and session.state.round == 2
    assert not session.must_unlock(0)
    # At one screen, against CPUs only, a new round starts at the lock, as ever.
    alone = table((HUMAN, "careful", "careful"))
    assert alone.act(0, OPEN).ok and not alone.must_unlock(0)
    over(alone)
    assert alone.act(0, NEXT_ROUND).ok and alone.must_unlock(0)
    # Two hot seats: each round, each turn, at the lock.
    two = table((HUMAN, HUMAN, REMOTE))
    assert two.act(0, OPEN).ok
    over(two)
    assert two.act(0, NEXT_ROUND).ok and two.must_unlock(0) and two.must_unlock(1)
