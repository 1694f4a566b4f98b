"""Remote seats in the Pesten session (a table across screens), pure and without Textual: a
remote seat plays at its own screen with no lock, its moves are taken at once and its turn
passes at once, its plays stay, it takes the name of whoever sat down, and the table's open
form keeps it. Hot seats beside it keep their lock, review and undo. While its player is away
a CPU may stand in for it, keeping its name and hand, until the player comes back."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tableau.cards import AnyCard
from tableau.cards import parse_any_card
from tableau.engines import pesten as engine
from tableau.engines.pesten import Play
from tableau.engines.protocol import SaveFormatError
from tableau.sessions.pesten import DONE
from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import NOTHING_TO_UNDO
from tableau.sessions.pesten import OPEN
from tableau.sessions.pesten import REMOTE
from tableau.sessions.pesten import REMOTE_STAYS
from tableau.sessions.pesten import STAND_IN_LEVEL
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Seat
from tableau.sessions.pesten import Stage
from tableau.sessions.pesten import start
from tableau.sessions.pesten_saves import open_data
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind

NAMES = ("Anna", "Bram", "Cor", "Daan")


def _cards(text: str) -> tuple[AnyCard, ...]:
    return tuple(parse_any_card(code) for code in text.split())


def table(kinds: tuple[str, ...] = (HUMAN, REMOTE, "careful"), seed: int = 5) -> PestenSession:
    seats = [Seat(name, kind) for name, kind in zip(NAMES, kinds, strict=False)]
    return PestenSession.deal(seats, packs=1, jokers=2, dealer=len(seats) - 1, seed=seed)


def bram_to_move(session: PestenSession, hand: str, pile: str) -> PestenSession:
    """Bram (seat 1, remote) to move with this hand on this pile; the rest as dealt."""
    hands = list(session.state.hands)
    hands[1] = _cards(hand)
    session.state = dataclasses.replace(session.state, hands=tuple(hands), pile=_cards(pile),
                                        current=1)
    return session


def test_a_remote_seat_moves_without_a_lock_and_its_turn_passes_at_once() -> None:
    session = bram_to_move(table(), "5C 9S QH", "3C")
    assert session.chairs[1].kind is SeatKind.REMOTE and not session.must_unlock(1)
    assert session.stage is Stage.REMOTE and session.to_move == 1
    assert session.revealed is None  # this screen shows no remote hand
    assert session.moves(1) == engine.legal_moves(session.state)
    assert not session.act(1, OPEN).ok
    version = session.version
    answer = session.act(1, Play(_cards("5C")))
    assert answer.ok and [event.kind for event in answer.events] == ["play"]
    assert session.version == version + 1
    assert session.review is None and session.stage is Stage.CPU and session.to_move == 2


def test_a_remote_play_cannot_be_taken_back() -> None:
    session = bram_to_move(table(), "7C 9S QH", "3C")
    assert session.act(1, Play(_cards("7C"))).ok  # a seven: Bram plays again
    before, version = session.state, session.version
    refused = session.undo()
    assert refused.refusal == REMOTE_STAYS and not session.can_undo
    assert session.state is before and session.version == version
    assert session.stage is Stage.REMOTE and session.to_move == 1


def test_a_hot_seat_beside_remote_seats_keeps_its_lock_review_and_undo() -> None:
    session = table((HUMAN, REMOTE, REMOTE))
    hands = (_cards("5C 9S QH"), *session.state.hands[1:])
    session.state = dataclasses.replace(session.state, hands=hands, pile=_cards("3C"),
                                        current=0)
    assert session.stage is Stage.LOCK and session.must_unlock(0)
    assert session.act(0, OPEN).ok
    assert session.act(0, Play(_cards("5C"))).ok
    assert session.stage is Stage.REVIEW and session.can_undo  # the remote seat waits
    assert session.moves(1) == ()
    assert session.undo().ok and session.stage is Stage.HAND
    assert session.act(0, Play(_cards("5C"))).ok and session.act(0, DONE).ok
    assert session.stage is Stage.REMOTE and session.to_move == 1
    assert session.undo().refusal == NOTHING_TO_UNDO
    # The lone hot seat opens its lock once a round, as at a table with CPUs only.
    assert not session.must_unlock(0)


def test_a_remote_seat_sees_only_its_own_hand() -> None:
    session = table((HUMAN, REMOTE, REMOTE))
    for seat in range(3):
        view = session.view(seat)
        assert view.hand == session.state.hands[seat]
        assert view.hand_counts == tuple(len(hand) for hand in session.state.hands)
        assert view.legal == (engine.legal_moves(session.state) if seat == 0 else ())


def test_a_remote_seat_takes_the_name_of_whoever_sat_down() -> None:
    session = table()
    version = session.version
    assert session.name_seat(1, " Zoe ").ok and session.version == version + 1
    assert session.chairs[1] == Seat("Zoe", REMOTE)
    assert session.view(0).names[1] == "Zoe"
    assert all(event.names[1] == "Zoe" for event in session.state.history)
    assert "Zoe" in session.describe(session.state.history[0], 0) or (
        session.state.history[0].seat != 1)
    assert session.name_seat(0, "Kim").refusal is not None  # a hot seat keeps its name
    assert session.name_seat(1, "anna").refusal == "Another seat is called anna; pick another name."
    assert session.name_seat(1, "").refusal == engine.name_problem("")
    assert session.chairs[1].name == "Zoe" and session.version == version + 1


def test_the_open_form_keeps_remote_seats_and_the_round() -> None:
    session = table((REMOTE, REMOTE, "careful"))
    while session.stage is not Stage.REMOTE or session.state.current != 1:
        if session.stage is Stage.CPU:
            step = session.cpu_step()
            assert step is not None and session.play_cpu(step).ok
        else:
            assert session.act(session.state.current, session.moves(session.state.current)[0]).ok
    session.name_seat(1, "Zoe")
    data = open_data(session)
    assert session.to_json()["format"] == data["format"]  # never sealed with a remote seat
    again = PestenSession.from_json(data)
    assert again.chairs == session.chairs and again.state == session.state
    assert again.version == session.version and again.stage is Stage.REMOTE
    assert again.act(1, again.moves(1)[0]).ok


def test_start_seats_remote_seats_from_the_protocol() -> None:
    session = start([SeatInfo("Anna", SeatKind.HUMAN), SeatInfo("Bram", SeatKind.REMOTE),
                     SeatInfo("Cor", SeatKind.CPU, "random")], seed=3)
    assert [seat.kind for seat in session.seats] == [SeatKind.HUMAN, SeatKind.REMOTE,
                                                     SeatKind.CPU]
    assert [chair.plays for chair in session.chairs] == [HUMAN, REMOTE, "random"]


def test_a_cpu_stands_in_for_an_away_player_and_the_seat_stays_theirs() -> None:
    session = bram_to_move(table(("careful", REMOTE, "careful")), "5C 9S QH", "3C")
    session.name_seat(1, "Zoe")
    chairs, version = session.chairs, session.version
    assert session.stand_in(1).ok and session.version == version + 1
    assert session.stand_ins == {1: STAND_IN_LEVEL}
    assert session.chairs == chairs  # its name and its kind stay: it is still Zoe's seat
    assert session.stage is Stage.CPU and session.cpu_to_move and session.revealed is None
    step = session.cpu_step()
    assert step is not None and step.seat == 1 and step.move in engine.legal_moves(session.state)
    assert session.play_cpu(step).ok
    assert session.state.hands[1] == _cards("9S QH")  # the one card that fitted was played
    assert session.view(1).hand == session.state.hands[1]
    assert not session.can_undo and session.undo().refusal == NOTHING_TO_UNDO
    # Its player comes back: the seat is played at its own screen again, and only then.
    assert session.come_back(1).ok and session.stand_ins == {}
    assert session.come_back(1).refusal == "No CPU plays for that seat."
    while session.state.current != 1:
        step = session.cpu_step()
        assert step is not None and session.play_cpu(step).ok
    assert session.stage is Stage.REMOTE and session.cpu_step() is None


def test_a_cpu_stands_in_only_for_a_remote_seat_and_once() -> None:
    session = table()
    version = session.version
    for seat in (0, 2, 3, -1):  # a hot seat, a CPU, no seat at all
        assert session.stand_in(seat).refusal == (
            "A CPU can stand in only for a seat played at another screen.")
    assert session.stand_in(1, "nobody").refusal is not None  # no such CPU
    assert session.version == version and session.stand_ins == {}
    assert session.stand_in(1, "random").ok
    assert session.stand_in(1).refusal == "A CPU plays for Bram already."
    assert session.stand_ins == {1: "random"}


def test_the_open_form_keeps_a_stand_in_and_refuses_a_made_up_one() -> None:
    session = table((HUMAN, REMOTE, REMOTE))
    session.stand_in(2, "random")
    data = open_data(session)
    again = PestenSession.from_json(data)
    assert again.stand_ins == {2: "random"} and again.version == session.version
    assert "stand_in" not in open_data(table())["seats"][1]  # a row without one reads as before
    for seat, kind in ((0, "random"), (2, "nobody"), (1, 7)):
        damaged = {**data, "seats": [dict(entry) for entry in data["seats"]]}
        damaged["seats"][seat]["stand_in"] = kind
        with pytest.raises(SaveFormatError):
            PestenSession.from_json(damaged)


def deck(session: PestenSession) -> Counter[str]:
    state = session.state
    return Counter(card.code for card in (*[c for hand in state.hands for c in hand],
                                          *state.stock, *state.pile))


@settings(max_examples=60)
@given(kinds=st.lists(st.sampled_from([HUMAN, REMOTE, "random", "careful"]), min_size=2,
                      max_size=4),
       seed=st.integers(0, 2**40), choices=st.integers(0, 2**32))
def test_random_play_at_a_mixed_table_keeps_every_card_and_every_hand_private(
        kinds: list[str], seed: int, choices: int) -> None:
    session = table(tuple(kinds), seed)
    chooser = random.Random(choices)
    cards = deck(session)
    for _ in range(300):
        stage = session.stage
        # This screen draws a hand only for a hot seat; a seat's view holds its own hand only.
        assert session.revealed is None or session.chairs[session.revealed].is_hot_seat
        for seat in range(len(kinds)):
            view = session.view(seat)
            assert view.hand == session.state.hands[seat]
            assert view.drawn is None or view.drawn in view.hand
        if stage is Stage.OVER:
            break
        remote = [seat for seat, kind in enumerate(kinds) if kind == REMOTE]
        if remote and chooser.random() < 0.15:  # a player leaves, or comes back
            seat = chooser.choice(remote)
            if seat in session.stand_ins:
                assert session.come_back(seat).ok
            else:
                assert session.stand_in(seat).ok
            continue
        if stage is Stage.CPU:
            step = session.cpu_step()
            assert step is not None and session.play_cpu(step).ok
        elif stage is Stage.LOCK:
            assert session.act(session.state.current, OPEN).ok
        elif stage is Stage.REVIEW:
            assert session.act(session.to_move or 0, DONE).ok
        else:
            seat = session.state.current
            if stage is Stage.HAND and session.can_undo and chooser.random() < 0.2:
                assert session.undo().ok
            else:
                moves = session.moves(seat)
                assert session.act(seat, chooser.choice(moves)).ok
            if stage is Stage.REMOTE:
                assert session.review is None and not session.can_undo
        assert deck(session) == cards
