"""The lost verdict with cards still face down (tableau.ai.yukon_lost): "lost" exactly when
no arrangement of the hidden cards can be won, found by one search that tries every card a
move could turn up, never by looking under the cards."""

from __future__ import annotations

import math
from itertools import permutations

import pytest
from hypothesis import HealthCheck
from hypothesis import assume
from hypothesis import example
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from test_yukon_solver import small_position

from tableau.ai.yukon import solve
from tableau.ai.yukon_lost import lost_whatever_hidden
from tableau.engines import yukon
from tableau.engines.yukon import State
from tableau.engines.yukon import apply
from tableau.engines.yukon import numbered_game
from tableau.engines.yukon import parse_move
from tableau.engines.yukon import safe_foundation_moves
from tableau.engines.yukon import unseen_cards
from tableau.engines.yukon import view
from tableau.engines.yukon import with_hidden
from yukon_tables import ISSUE_LINE
from yukon_tables import LOST_CLASSIC_20


def played(state: State, line: str, *, auto_move: bool = False) -> State:
    for move in line.split():
        state = apply(state, parse_move(move))
        while auto_move and (home := safe_foundation_moves(state)):
            state = apply(state, home[0])
    return state


def test_a_table_lost_whatever_the_four_hidden_cards_are() -> None:
    state = played(numbered_game(20, "classic"), LOST_CLASSIC_20)
    shown = view(state)
    assert len(unseen_cards(shown)) == 4 and shown.legal
    assert lost_whatever_hidden(shown, seconds=math.inf)
    assert solve(state).kind == "lost"  # the real cards agree, as every arrangement must


def test_the_issue_table_with_eight_cards_face_down_is_lost_whatever_they_are() -> None:
    """Seed 1234 classic after the issue's moves (auto-move on): 8 cards face down, 40,320
    arrangements, proved lost by one search."""
    start = numbered_game(1234, "classic")
    while home := safe_foundation_moves(start):
        start = apply(start, home[0])
    state = played(start, ISSUE_LINE, auto_move=True)
    shown = view(state)
    assert len(unseen_cards(shown)) == 8 and shown.legal
    assert lost_whatever_hidden(shown, seconds=math.inf)
    assert solve(state).kind == "lost"


def test_one_arrangement_that_wins_is_enough_to_say_nothing() -> None:
    state = numbered_game(2)  # spec game 2: won; played on until four cards are hidden
    for move in solve(state).moves:
        if len(unseen_cards(view(state))) <= 4:
            break
        state = apply(state, move)
    shown = view(state)
    assert 0 < len(unseen_cards(shown)) <= 4
    assert not lost_whatever_hidden(shown, seconds=math.inf)


def test_a_budget_spent_or_nothing_face_down_says_nothing() -> None:
    lost = view(played(numbered_game(20, "classic"), LOST_CLASSIC_20))
    assert not lost_whatever_hidden(lost, seconds=0.0)
    assert not lost_whatever_hidden(lost, seconds=math.inf, max_nodes=1)
    assert not lost_whatever_hidden(view(numbered_game(20, "classic")), max_nodes=200)
    state = numbered_game(2)
    for move in solve(state).moves:
        if not unseen_cards(view(state)):
            break
        state = apply(state, move)
    assert not unseen_cards(view(state)) and not view(state).won
    assert not lost_whatever_hidden(view(state), seconds=math.inf)


@pytest.mark.dev_examples(20)
@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.sampled_from(yukon.RULES), st.integers(0, 10**6), st.integers(6, 12),
       st.integers(2, 4))
# Random small tables are rarely lost. These are: the first three for every arrangement, the
# last two only when the card that turns up first is the lowest one left (a search that
# tried only that card would call them lost).
@example("classic", 80, 8, 2)
@example("spec", 80, 8, 2)
@example("russian", 56, 8, 2)
@example("russian", 83, 8, 2)
@example("russian", 127, 10, 3)
def test_lost_whatever_hidden_exactly_when_every_arrangement_is_lost(
    rules: str, seed: int, loose: int, spread: int
) -> None:
    """On small tables, the search agrees with the solver run on every arrangement of the
    face-down cards (the solver looks under them; the search does not)."""
    shown = view(small_position(rules, seed, loose, spread))
    hidden = unseen_cards(shown)
    assume(0 < len(hidden) <= 4 and not shown.won)
    kinds = {solve(with_hidden(shown, cards), seconds=math.inf).kind
             for cards in permutations(hidden)}
    assert kinds <= {"won", "lost"}  # small enough to decide every one
    assert lost_whatever_hidden(shown, seconds=math.inf) == (kinds == {"lost"})
