"""The hint's work carried from one hint to the next of a game (tableau.ai.yukon_hint.Looks):
it keeps its worlds, told the cards turned over since, and it still never depends on the
face-down cards."""

from __future__ import annotations

import math
import random
from dataclasses import replace

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tableau.ai.yukon_hint import hint
from tableau.engines.yukon import CardMove
from tableau.engines.yukon import State
from tableau.engines.yukon import apply
from tableau.engines.yukon import numbered_game
from tableau.engines.yukon import unseen_cards
from tableau.engines.yukon import view
from tableau.engines.yukon import with_hidden

QUICK = {"samples": 4, "max_nodes": 300, "seconds": math.inf}
"""A node budget only, so a hint depends on nothing but the view, the seed and the reuse."""


def turning_move(state: State) -> CardMove:
    """A legal move that turns a face-down card over."""
    for move in view(state).legal:
        assert isinstance(move, CardMove)
        after = apply(state, move)
        if len(unseen_cards(view(after))) < len(unseen_cards(view(state))):
            return move
    raise AssertionError("no move turns a card over")


def rearranged(state: State, rnd: random.Random) -> State:
    """The same table with its face-down cards dealt into other places: equal views."""
    cards = list(unseen_cards(view(state)))
    rnd.shuffle(cards)
    return replace(state, columns=with_hidden(view(state), tuple(cards)).columns)


@settings(max_examples=3, deadline=None)
@given(st.integers(1, 999_999), st.randoms(use_true_random=False), st.integers(0, 2**32))
def test_a_hint_that_goes_on_from_the_last_one_still_sees_only_the_view(
    number: int, rnd: random.Random, seed: int
) -> None:
    state = numbered_game(number, "classic")
    first = hint(view(state), seed=seed, **QUICK)
    assert first.move is not None and first.looks is not None
    after = apply(state, first.move)
    other = rearranged(after, rnd)
    assert view(other) == view(after)
    mine = hint(view(after), seed=seed + 1, reuse=first.looks, **QUICK)
    theirs = hint(view(other), seed=seed + 1, reuse=first.looks, **QUICK)
    assert mine == theirs and mine.looks == theirs.looks


def test_the_worlds_carried_on_show_the_card_turned_over_and_keep_the_rest() -> None:
    state = numbered_game(7, "classic")
    first = hint(view(state), seed=1, **QUICK)
    assert first.looks is not None
    after = apply(state, turning_move(state))
    shown = view(after)
    carried = hint(shown, seed=2, reuse=first.looks, **QUICK).looks
    assert carried is not None and len(carried.worlds) == QUICK["samples"]
    slots = [(number, index) for number, column in enumerate(shown.columns)
             for index, card in enumerate(column) if card is None]
    for before, now in zip(first.looks.worlds, carried.worlds, strict=True):
        assert [slot for slot, _ in now] == slots
        assert sorted(card for _, card in now) == sorted(unseen_cards(shown))
        changed = [slot for slot, card in now if dict(before)[slot] != card]
        assert len(changed) <= 1  # only where the turned card lay in that world
    fresh = hint(shown, seed=2, **QUICK).looks
    assert fresh is not None and fresh.worlds != carried.worlds


def test_reuse_from_another_game_is_set_aside() -> None:
    looks = hint(view(numbered_game(3, "classic")), seed=1, **QUICK).looks
    here = view(numbered_game(4, "classic"))
    carried, fresh = hint(here, seed=5, reuse=looks, **QUICK), hint(here, seed=5, **QUICK)
    assert carried == fresh and carried.looks is not None and fresh.looks is not None
    assert carried.looks.worlds == fresh.looks.worlds
