"""``unseen_cards`` and ``with_hidden``: a position built from what the player sees and a guess
at the face-down cards (the honest hint's samples, tableau.ai.yukon_hint)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from test_yukon_properties import games

from tableau.cards import FULL_DECK
from tableau.engines.yukon import Config
from tableau.engines.yukon import State
from tableau.engines.yukon import new_game
from tableau.engines.yukon import numbered_game
from tableau.engines.yukon import unseen_cards
from tableau.engines.yukon import view
from tableau.engines.yukon import with_hidden

states = games.map(lambda played: played[-1])
"""The last position of a random game (tests/engines/test_yukon_properties.py)."""


def face_down(state: State) -> list[object]:
    return [slot.card for column in state.columns for slot in column if not slot.face_up]


@settings(max_examples=60, deadline=None)
@given(states, st.randoms(use_true_random=False))
def test_any_arrangement_of_the_unseen_cards_looks_the_same(state: State, rnd: random.Random
                                                            ) -> None:
    seen = view(state)
    cards = list(unseen_cards(seen))
    assert sorted(cards) == sorted(face_down(state))
    rnd.shuffle(cards)
    guess = with_hidden(seen, tuple(cards))
    assert replace(view(guess), has_deck=True) == seen  # a guess has no deck to go back to
    assert face_down(guess) == cards


@settings(max_examples=30, deadline=None)
@given(states)
def test_the_real_face_down_cards_give_back_the_position(state: State) -> None:
    rebuilt = with_hidden(view(state), tuple(face_down(state)))  # type: ignore[arg-type]
    assert rebuilt.columns == state.columns
    assert rebuilt.foundations == state.foundations
    assert rebuilt.deck is None


def test_other_cards_than_the_unseen_ones_are_refused() -> None:
    seen = view(numbered_game(3))
    unseen = unseen_cards(seen)
    assert len(unseen) == 21
    wrong = (next(card for card in FULL_DECK if card not in unseen), *unseen[1:])
    with pytest.raises(ValueError, match="unseen cards"):
        with_hidden(seen, wrong)
    with pytest.raises(ValueError, match="unseen cards"):
        with_hidden(seen, unseen[1:])


def test_before_the_deal_there_is_nothing_to_fill_in() -> None:
    with pytest.raises(ValueError, match="dealt game"):
        with_hidden(view(new_game(Config())), ())
