"""The Pesten hot-seat session on its own (no Textual): whose lock shows, what a move asked
for becomes, and CPU steps that choose without changing the table."""

from __future__ import annotations

import dataclasses

from tableau.ai import pesten as cpu
from tableau.cards import AnyCard
from tableau.cards import Suit
from tableau.cards import parse_any_card
from tableau.engines import pesten as engine
from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import CpuStep
from tableau.sessions.pesten import HotSeat
from tableau.sessions.pesten import Seat


def _cards(text: str) -> tuple[AnyCard, ...]:
    return tuple(parse_any_card(code) for code in text.split())


def table(kinds: tuple[str, ...] = (HUMAN, HUMAN, "careful"), seed: int = 5) -> HotSeat:
    seats = [Seat(name, kind) for name, kind in zip(("Anna", "Bram", "Cor"), kinds, strict=False)]
    return HotSeat.deal(seats, packs=1, jokers=2, dealer=len(seats) - 1, seed=seed)


def laid_out(hot: HotSeat, anna: str, pile: str) -> HotSeat:
    """Anna (seat 0) to move with this hand on this pile; the other cards as dealt."""
    hands = (_cards(anna), *hot.state.hands[1:])
    hot.state = dataclasses.replace(hot.state, hands=hands, pile=_cards(pile), current=0)
    return hot


def test_a_lone_human_opens_the_lock_once_a_round() -> None:
    hot = table((HUMAN, "random", "careful"))
    assert hot.must_unlock(0)
    hot.opened(0)
    assert not hot.must_unlock(0)
    hot.state = dataclasses.replace(hot.state, phase=engine.Phase.OVER, winner=0)
    hot.next_round()
    assert hot.must_unlock(0)


def test_with_two_humans_every_turn_starts_at_the_lock() -> None:
    hot = table()
    hot.opened(0)
    assert hot.must_unlock(0) and hot.must_unlock(1)


def test_a_jack_asks_for_a_suit_before_it_is_played() -> None:
    hot = laid_out(table(), "JD 9S", "5C 7D")
    before = hot.state
    answer = hot.play(_cards("JD"), last_card=False)
    assert answer.needs_suit and not answer.ok and hot.state is before
    assert hot.play(_cards("JD"), last_card=False, suit=Suit.SPADES).ok
    assert hot.state.suit is Suit.SPADES


def test_a_refused_play_says_why_and_changes_nothing() -> None:
    hot = laid_out(table(), "QC 9S", "5C 8S")
    before = hot.state
    answer = hot.play(_cards("QC"), last_card=False)
    assert not answer.ok and "does not go on" in answer.message and hot.state is before
    assert hot.play((), last_card=False).message == (
        "Select a card to play first (space, or click it)."
    )


def test_a_cpu_chooses_without_moving_then_plays_what_it_chose() -> None:
    hot = table(seed=9)
    hot.state = dataclasses.replace(hot.state, current=2)
    before, seed = hot.state, hot.cpu_seed
    assert hot.cpu_to_move and not hot.human_to_move
    step = hot.cpu_choose()
    assert hot.state is before and hot.cpu_seed == seed
    assert step == CpuStep(*cpu.player("careful")(engine.view(before, 2), seed))
    hot.cpu_play(step)
    assert hot.state == engine.apply(before, step.move) and hot.cpu_seed == step.seed


# ------------------------------------------------------------------ house rules and the match


def test_the_house_rules_and_the_match_reach_the_engine_config() -> None:
    points = (40, *engine.DEFAULT_CARD_POINTS[1:])
    rules = {"forgot_penalty": 5, "sets_are_series": False, "wrap_runs": True,
             "either_order": True, "special_finish": False, "match": "points", "target": 150,
             "card_points": points}
    seats = [Seat("Anna"), Seat("Bram"), Seat("Cor", "careful")]
    hot = HotSeat.deal(seats, packs=1, jokers=2, dealer=0, seed=3, rules=rules)
    config = hot.state.config
    assert {name: getattr(config, name) for name in rules} == rules
    again = hot.new_match(seed=4)
    assert again.seats == hot.seats and again.state.round == 1
    assert again.state.config == dataclasses.replace(config, seed=4)


def test_a_bad_house_rule_is_refused_with_the_engines_sentence() -> None:
    seats = [Seat("Anna"), Seat("Bram")]
    try:
        HotSeat.deal(seats, packs=1, jokers=2, dealer=0, seed=3, rules={"forgot_penalty": 3})
    except ValueError as problem:
        assert str(problem) == "A forgotten last card costs 2 or 5 cards."
    else:
        raise AssertionError("a forgotten last card costing 3 was accepted")


# ------------------------------------------------------------------ undo before the hand-off


def test_a_play_that_ended_the_turn_is_taken_back_until_the_hand_over() -> None:
    hot = laid_out(table(), "5C 9S QH", "3C")
    before = hot.state
    assert not hot.can_undo
    assert hot.undo().message == "Nothing to take back: you have not played this turn."
    assert hot.play(_cards("5C"), last_card=False).ok and hot.current != 0
    assert hot.can_undo
    assert hot.undo().ok and hot.state == before and hot.current == 0
    assert hot.play(_cards("5C"), last_card=False).ok
    hot.hand_over()
    assert not hot.can_undo and hot.state.pile[-1] == parse_any_card("5C")


def test_plays_after_a_seven_are_taken_back_one_at_a_time() -> None:
    hot = laid_out(table(), "7C 5C 9S QH", "3C")
    start = hot.state
    assert hot.play(_cards("7C"), last_card=False).ok and hot.current == 0
    after_seven = hot.state
    assert hot.play(_cards("5C"), last_card=False).ok and hot.current != 0
    assert hot.undo().ok and hot.state == after_seven
    assert hot.undo().ok and hot.state == start
    assert not hot.can_undo


def test_a_draw_is_never_taken_back_nor_a_play_before_it() -> None:
    hot = laid_out(table(), "7C 9H QH", "3C")
    assert hot.play(_cards("7C"), last_card=False).ok
    assert hot.draw().ok
    answer = hot.undo()
    assert not answer.ok and answer.message == "A drawn card has been seen, so the draw stays."
    assert hot.state.pile[-1] == parse_any_card("7C")


def test_a_take_and_a_penalty_stay() -> None:
    hot = laid_out(table(), "9S QH", "5C 2C")
    hot.state = dataclasses.replace(hot.state, stack=2)
    assert hot.take().ok
    assert hot.undo().message == "Taken cards have been seen, so the take stays."
    hot = laid_out(table(), "5C 9S", "3C")
    assert hot.play(_cards("5C"), last_card=False).ok  # last card not called: a penalty
    assert len(hot.state.hands[0]) == 1 + engine.PENALTY
    assert hot.undo().message == "The penalty cards have been seen, so that play stays."


def test_the_winning_play_stays_and_a_cpu_move_ends_the_way_back() -> None:
    hot = laid_out(table(), "5C", "3C")
    assert hot.play(_cards("5C"), last_card=False).ok and hot.over
    assert hot.undo().message == "The round is over; its last play stays."
    hot = laid_out(table((HUMAN, "careful", "careful")), "5C 9S QH", "3C")
    assert hot.play(_cards("5C"), last_card=False).ok and hot.can_undo
    hot.cpu_play(hot.cpu_choose())
    assert not hot.can_undo
