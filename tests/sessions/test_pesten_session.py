"""The Pesten hot-seat session on its own (no Textual): the hand-over (whose lock shows, the
open hand, the hand kept on show until Done, undo before it), rounds and matches as moves,
what a move asked for becomes, CPU steps that choose without changing the table, and saves."""

from __future__ import annotations

import dataclasses
import json

import pytest

from tableau.ai import pesten as cpu
from tableau.cards import AnyCard
from tableau.cards import Suit
from tableau.cards import parse_any_card
from tableau.engines import pesten as engine
from tableau.engines.pesten import DRAW
from tableau.engines.pesten import PASS
from tableau.engines.pesten import Play
from tableau.engines.pesten import Take
from tableau.sessions.pesten import DONE
from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import NEW_MATCH
from tableau.sessions.pesten import NEXT_ROUND
from tableau.sessions.pesten import OPEN
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Review
from tableau.sessions.pesten import Seat
from tableau.sessions.pesten import Stage
from tableau.sessions.pesten import start
from tableau.sessions.pesten_saves import saved_seats
from tableau.sessions.pesten_saves import sealed_data
from tableau.sessions.protocol import CpuStep
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind
from tableau.storage.passwords import PasswordScheme


def _cards(text: str) -> tuple[AnyCard, ...]:
    return tuple(parse_any_card(code) for code in text.split())


def play(text: str, *, last: bool = False, suit: Suit | None = None) -> Play:
    return Play(_cards(text), suit, last)


def table(kinds: tuple[str, ...] = (HUMAN, HUMAN, "careful"), seed: int = 5) -> PestenSession:
    seats = [Seat(name, kind) for name, kind in zip(("Anna", "Bram", "Cor"), kinds, strict=False)]
    return PestenSession.deal(seats, packs=1, jokers=2, dealer=len(seats) - 1, seed=seed)


def laid_out(hot: PestenSession, anna: str, pile: str, **changes: object) -> PestenSession:
    """Anna (seat 0) to move with this hand on this pile, her lock open; the rest as dealt."""
    hands = (_cards(anna), *hot.state.hands[1:])
    hot.state = dataclasses.replace(hot.state, hands=hands, pile=_cards(pile), current=0,
                                    **changes)
    if hot.stage is Stage.LOCK:
        assert hot.act(0, OPEN).ok
    return hot


def over(hot: PestenSession) -> PestenSession:
    hot.state = dataclasses.replace(hot.state, phase=engine.Phase.OVER, winner=0)
    return hot


# ------------------------------------------------------------------ the lock and the hand-over


def test_a_human_turn_starts_at_the_lock_and_only_open_is_offered() -> None:
    hot = table()
    hot.state = dataclasses.replace(hot.state, current=0)
    assert hot.stage is Stage.LOCK and hot.to_move == 0 and hot.revealed is None
    assert hot.moves(0) == (OPEN,) and hot.moves(1) == ()
    refused = hot.act(0, DRAW)
    assert not refused.ok and refused.refusal == "Open the lock on the hand first."
    version = hot.version
    assert hot.act(0, OPEN).ok and hot.version == version + 1
    assert hot.stage is Stage.HAND and hot.revealed == 0
    assert hot.moves(0) == engine.legal_moves(hot.state)


def test_a_lone_human_opens_the_lock_once_a_round() -> None:
    hot = table((HUMAN, "random", "careful"))
    assert hot.must_unlock(0)
    hot.state = dataclasses.replace(hot.state, current=0)
    hot.act(0, OPEN)
    assert not hot.must_unlock(0)
    assert hot.act(hot.to_move or 0, NEXT_ROUND).refusal == (
        "That cannot be done now: next round.")
    over(hot)
    assert hot.act(0, NEXT_ROUND).ok
    assert hot.must_unlock(0)


def test_with_two_humans_every_turn_starts_at_the_lock() -> None:
    hot = table()
    hot.state = dataclasses.replace(hot.state, current=0)
    hot.act(0, OPEN)
    assert hot.must_unlock(0) and hot.must_unlock(1)


def test_a_play_that_ends_the_turn_keeps_the_hand_on_show_until_done() -> None:
    hot = laid_out(table(), "5C 9S QH", "3C")
    answer = hot.act(0, play("5C"))
    assert answer.ok and [event.kind for event in answer.events] == ["play"]
    assert hot.state.current == 1 and hot.stage is Stage.REVIEW
    assert hot.review == Review(0, (), played=True)
    assert hot.to_move == 0 and hot.revealed == 0 and hot.moves(0) == (DONE,)
    assert hot.moves(1) == () and not hot.act(1, OPEN).ok
    assert hot.act(0, DONE).ok
    assert hot.stage is Stage.LOCK and hot.to_move == 1 and hot.revealed is None
    assert not hot.can_undo


def test_new_cards_stay_lit_until_done_and_a_keep_hands_over_at_once() -> None:
    hot = laid_out(table(), "9S QH", "5C 2C", stack=2)
    assert hot.act(0, Take()).ok
    assert hot.review is not None and len(hot.review.new) == 2 and not hot.review.played
    assert hot.act(0, DONE).ok and hot.stage is Stage.LOCK
    hot = laid_out(table(), "9H QH", "3C")
    drawn = hot.state.stock[-1]
    assert hot.act(0, DRAW).ok and hot.stage is Stage.HAND  # still her turn: keep or play
    if hot.act(0, PASS).ok:
        assert hot.stage is Stage.LOCK and hot.to_move == 1  # nothing new to see: handed over
    else:
        assert engine.fits(hot.state, drawn)


def test_a_jack_asks_for_a_suit_before_it_is_played() -> None:
    hot = laid_out(table(), "JD 9S", "5C 7D")
    before, version = hot.state, hot.version
    answer = hot.act(0, play("JD"))
    assert answer.needs == "suit" and not answer.ok and hot.state is before
    assert hot.version == version
    assert hot.act(0, play("JD", suit=Suit.SPADES)).ok
    assert hot.state.suit is Suit.SPADES


def test_a_refused_play_says_why_and_changes_nothing() -> None:
    hot = laid_out(table(), "QC 9S", "5C 8S")
    before, version = hot.state, hot.version
    answer = hot.act(0, play("QC"))
    assert not answer.ok and "does not go on" in (answer.refusal or "")
    assert hot.state is before and hot.version == version
    assert hot.act(0, Play(())).refusal == "Select a card to play first (space, or click it)."
    assert hot.act(1, DRAW).refusal == "It is Anna's turn, not Bram's."


def test_a_cpu_chooses_without_moving_then_plays_what_it_chose() -> None:
    hot = table(seed=9)
    hot.state = dataclasses.replace(hot.state, current=2)
    before, seed = hot.state, hot.cpu_seed
    assert hot.cpu_to_move and hot.stage is Stage.CPU
    step = hot.cpu_step()
    assert step is not None and hot.state is before and hot.cpu_seed == seed
    move, rng_state = cpu.player("careful")(engine.view(before, 2), seed)
    assert step == CpuStep(2, move, rng_state, hot.version)
    assert hot.play_cpu(step).ok
    assert hot.state == engine.apply(before, step.move) and hot.cpu_seed == step.rng_state


def test_a_cpu_step_chosen_before_a_change_is_refused() -> None:
    hot = table(seed=9)
    hot.state = dataclasses.replace(hot.state, current=2)
    step = hot.cpu_step()
    assert step is not None
    stale = dataclasses.replace(step, version=step.version - 1)
    before = hot.state
    assert not hot.play_cpu(stale).ok and hot.state is before
    assert hot.cpu_step() is not None
    hot.state = dataclasses.replace(hot.state, current=0)
    assert hot.cpu_step() is None and not hot.play_cpu(step).ok


# ------------------------------------------------------------------ rounds and matches


def test_the_next_round_is_a_move_of_whoever_deals_on() -> None:
    hot = over(table(("careful", HUMAN, "random")))
    assert hot.stage is Stage.OVER and hot.to_move == 1 and hot.cpu_step() is None
    assert hot.outcome() is not None and hot.moves(1) == (NEXT_ROUND,)
    answer = hot.act(1, NEXT_ROUND)
    assert answer.ok and answer.events and hot.state.round == 2 and hot.outcome() is None
    assert over(table(("careful", "random"))).to_move == 0


def test_the_house_rules_and_the_match_reach_the_engine_config() -> None:
    points = (40, *engine.DEFAULT_CARD_POINTS[1:])
    rules = {"forgot_penalty": 5, "sets_are_series": False, "wrap_runs": True,
             "either_order": True, "special_finish": False, "match": "points", "target": 150,
             "card_points": points}
    seats = [Seat("Anna"), Seat("Bram"), Seat("Cor", "careful")]
    hot = PestenSession.deal(seats, packs=1, jokers=2, dealer=0, seed=3, rules=rules)
    config = hot.state.config
    assert {name: getattr(config, name) for name in rules} == rules


def test_a_new_match_is_a_move_once_the_match_is_over() -> None:
    seats = [Seat("Anna"), Seat("Bram"), Seat("Cor", "careful")]
    hot = PestenSession(seats, engine.new_game(engine.Config(
        players=3, seed=3, names=("Anna", "Bram", "Cor"), match="wins", target=1)),
        new_seed=lambda: 4)
    table_id = hot.table_id
    assert not hot.act(0, NEW_MATCH).ok
    hot.state = dataclasses.replace(hot.state, phase=engine.Phase.OVER, winner=0, wins=(1, 0, 0))
    assert hot.match_over and hot.moves(0) == (NEW_MATCH,)
    assert hot.act(0, NEXT_ROUND).refusal == "The match is over; start a new match."
    assert hot.act(0, NEW_MATCH).ok
    assert hot.state.round == 1 and hot.state.wins == (0, 0, 0)
    assert hot.state.config == dataclasses.replace(hot.state.config, seed=4)
    assert hot.table_id == table_id and hot.stage is not Stage.OVER


def test_a_bad_house_rule_is_refused_with_the_engines_sentence() -> None:
    seats = [Seat("Anna"), Seat("Bram")]
    with pytest.raises(ValueError, match=r"A forgotten last card costs 2 or 5 cards\."):
        PestenSession.deal(seats, packs=1, jokers=2, dealer=0, seed=3,
                           rules={"forgot_penalty": 3})


# ------------------------------------------------------------------ undo before the hand-off


def test_a_play_that_ended_the_turn_is_taken_back_until_done() -> None:
    hot = laid_out(table(), "5C 9S QH", "3C")
    before = hot.state
    assert not hot.can_undo and not hot.can_redo
    assert hot.undo().refusal == "Nothing to take back: you have not played this turn."
    assert hot.act(0, play("5C")).ok and hot.state.current != 0
    assert hot.can_undo
    assert hot.undo().ok and hot.state == before and hot.stage is Stage.HAND
    assert hot.revealed == 0
    assert hot.act(0, play("5C")).ok
    hot.act(0, DONE)
    assert not hot.can_undo and hot.state.pile[-1] == parse_any_card("5C")
    assert not hot.redo().ok


def test_plays_after_a_seven_are_taken_back_one_at_a_time() -> None:
    hot = laid_out(table(), "7C 5C 9S QH", "3C")
    start_state = hot.state
    assert hot.act(0, play("7C")).ok and hot.state.current == 0
    after_seven = hot.state
    assert hot.act(0, play("5C")).ok and hot.state.current != 0
    assert hot.undo().ok and hot.state == after_seven
    assert hot.undo().ok and hot.state == start_state
    assert not hot.can_undo


def test_a_draw_is_never_taken_back_nor_a_play_before_it() -> None:
    hot = laid_out(table(), "7C 9H QH", "3C")
    assert hot.act(0, play("7C")).ok
    assert hot.act(0, DRAW).ok
    assert hot.undo().refusal == "A drawn card has been seen, so the draw stays."
    assert hot.state.pile[-1] == parse_any_card("7C")


def test_a_take_and_a_penalty_stay() -> None:
    hot = laid_out(table(), "9S QH", "5C 2C", stack=2)
    assert hot.act(0, Take()).ok
    assert hot.undo().refusal == "Taken cards have been seen, so the take stays."
    hot = laid_out(table(), "5C 9S", "3C")
    assert hot.act(0, play("5C")).ok  # last card not called: a penalty
    assert len(hot.state.hands[0]) == 1 + engine.PENALTY
    assert hot.review is not None and len(hot.review.new) == engine.PENALTY
    assert hot.undo().refusal == "The penalty cards have been seen, so that play stays."


def test_the_winning_play_stays_and_a_cpu_move_ends_the_way_back() -> None:
    hot = laid_out(table(), "5C", "3C")
    assert hot.act(0, play("5C")).ok and hot.over and hot.stage is Stage.OVER
    assert hot.undo().refusal == "The round is over; its last play stays."
    hot = laid_out(table((HUMAN, "careful", "careful")), "7C 5C 9S QH", "3C")
    assert hot.act(0, play("7C")).ok and hot.act(0, play("5C")).ok and hot.can_undo
    assert hot.act(0, DONE).ok
    step = hot.cpu_step()
    assert step is not None and hot.play_cpu(step).ok
    assert not hot.can_undo


# ------------------------------------------------------------------ start and saves


def test_start_seats_humans_and_every_cpu_kind_and_plays_a_round_to_its_end() -> None:
    seats = [SeatInfo("Anna", SeatKind.HUMAN)] + [
        SeatInfo(kind.title(), SeatKind.CPU, kind) for kind in cpu.CPU_KINDS]
    hot = start(seats, seed=11)  # a short round: 43 steps
    assert [seat.kind for seat in hot.seats] == [SeatKind.HUMAN] + [SeatKind.CPU] * 3
    for _ in range(5_000):
        if hot.outcome() is not None:
            break
        step = hot.cpu_step()
        seat = hot.to_move
        assert seat is not None
        answer = hot.play_cpu(step) if step is not None else hot.act(seat, hot.moves(seat)[0])
        assert answer.ok, answer.refusal
    assert hot.outcome() is not None and hot.stage is Stage.OVER


def test_an_open_table_round_trips_through_json_and_goes_on_alike() -> None:
    """With its hand-over too (a hand on show, its undo): the open form is for the session
    contract and tests; no table without passwords is ever written."""
    hot = table((HUMAN, "careful"), seed=21)
    for _ in range(60):
        seat = hot.to_move
        assert seat is not None
        moves = hot.moves(seat)
        if hot.review is not None and hot.review.played:
            break
        step = hot.cpu_step()
        # The last move a careful player would weigh (the listing ends with false calls).
        pick = moves[-1] if len(moves) == 1 else engine.shortlist(hot.state)[-1]
        hot.play_cpu(step) if step is not None else hot.act(seat, pick)
    assert hot.review is not None and hot.can_undo
    data = json.loads(json.dumps(hot.to_json()))
    again = PestenSession.from_json(data)
    assert again.to_json() == hot.to_json() and again.version == hot.version
    assert again.stage is hot.stage and again.can_undo == hot.can_undo
    assert again.undo().ok == hot.undo().ok and again.to_json() == hot.to_json()


def test_a_sealed_table_opens_again_with_every_password() -> None:
    scheme = PasswordScheme(cheap=True)
    seats = [Seat("Anna", HUMAN, scheme.lock("Anna", "a-pw")),
             Seat("Bram", HUMAN, scheme.lock("Bram", "b-pw")), Seat("Cor", "careful")]
    hot = PestenSession.deal(seats, packs=1, jokers=2, dealer=2, seed=8)
    hot.act(0, OPEN)
    data = hot.to_json()
    assert data == {**data, "session": {"version": 1}} and "sealed" in data
    with pytest.raises(ValueError, match="password"):
        PestenSession.from_json(data)
    _public, rebuilt = saved_seats(data, scheme)
    for seat, password in zip(rebuilt, ("a-pw", "b-pw"), strict=False):
        assert seat.lock is not None and seat.lock.unseal(password)
    again = PestenSession.from_json(data, rebuilt)
    assert again.state == hot.state and again.version == 1 and again.table_id == hot.table_id
    assert again.stage is Stage.LOCK  # every seat unlocks again after a resume
    assert sealed_data(again)["public"] == data["public"]
