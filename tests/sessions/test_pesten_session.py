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
