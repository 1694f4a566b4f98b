"""The honest Yukon hint (tableau.ai.yukon_hint): it never depends on the face-down cards,
recommends a legal move, and its sentence tells the numbers it found."""

from __future__ import annotations

import math
import random
import re

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tableau.ai.yukon import solve
from tableau.ai.yukon_hint import Hint
from tableau.ai.yukon_hint import hint
from tableau.ai.yukon_hint import move_name
from tableau.engines.yukon import RULES
from tableau.engines.yukon import State
from tableau.engines.yukon import apply
from tableau.engines.yukon import legal_moves
from tableau.engines.yukon import numbered_game
from tableau.engines.yukon import unseen_cards
from tableau.engines.yukon import view
from tableau.engines.yukon import with_hidden

QUICK = {"samples": 6, "max_nodes": 600, "seconds": math.inf}
"""A node budget only, so a hint depends on nothing but the view and the seed."""


def played(number: int, rules: str, picks: list[int]) -> State:
    state = numbered_game(number, rules)
    for pick in picks:
        moves = legal_moves(state)
        if not moves:
            break
        state = apply(state, moves[pick % len(moves)])
    return state


states = st.builds(
    played, st.integers(1, 999_999), st.sampled_from(RULES),
    st.lists(st.integers(0, 1000), max_size=40),
)


def rearranged(state: State, rnd: random.Random) -> State:
    """The same table with its face-down cards dealt into other places: equal views."""
    seen = view(state)
    cards = list(unseen_cards(seen))
    rnd.shuffle(cards)
    other = with_hidden(seen, tuple(cards))
    return State(state.phase, state.deck, other.columns, state.foundations, state.seed,
                 state.rules, state.moves)


@settings(max_examples=12, deadline=None)
@given(states, st.randoms(use_true_random=False), st.integers(0, 2**32))
def test_two_tables_that_look_the_same_get_the_same_hint(
    state: State, rnd: random.Random, seed: int
) -> None:
    other = rearranged(state, rnd)
    assert view(other) == view(state)
    assert hint(view(other), seed=seed, **QUICK) == hint(view(state), seed=seed, **QUICK)


@settings(max_examples=12, deadline=None)
@given(states, st.integers(0, 2**32))
def test_the_hint_is_a_legal_move_and_its_sentence_has_its_numbers(state: State, seed: int
                                                                   ) -> None:
    found = hint(view(state), seed=seed, **QUICK)
    legal = legal_moves(state)
    if not legal:
        assert found.move is None
        return
    assert found.move in legal
    if found.fallback and found.samples and unseen_cards(view(state)):
        assert found.sentence.startswith(f"No way to win found from here in any of "
                                         f"{found.samples} ways")
        assert f" {move_name(found.move)} " in found.sentence
    elif found.samples or not unseen_cards(view(state)):
        assert found.sentence.startswith(f"{move_name(found.move)}: ") or found.fallback
    assert 0 <= found.wins <= found.samples
    numbers = re.search(r"wins in (\d+) of (\d+) ways", found.sentence)
    if found.fallback:
        assert found.wins == 0 and numbers is None
    elif unseen_cards(view(state)):
        assert numbers is not None
        assert (int(numbers[1]), int(numbers[2])) == (found.wins, found.samples)
        assert found.samples == QUICK["samples"]


def one_card_hidden() -> State:
    """Game 2 (spec) played along the solver's win until one face-down card is left."""
    state = numbered_game(2)
    for move in solve(state).moves:
        if len(unseen_cards(view(state))) == 1:
            return state
        state = apply(state, move)
    raise AssertionError("the win never left exactly one card face down")


def test_with_one_card_hidden_every_sample_is_the_real_table() -> None:
    state = one_card_hidden()
    found = hint(view(state), seed=3, samples=10, seconds=math.inf)
    assert found == Hint(found.move, 10, 10, f"{move_name(found.move)}: wins in 10 of 10 ways "
                         "the hidden cards could lie.", False)
    assert solve(apply(state, found.move)).kind == "won"  # type: ignore[arg-type]


def test_progress_is_told_after_every_sample() -> None:
    told: list[tuple[int, int]] = []
    hint(view(numbered_game(5)), seed=1, progress=lambda done, total: told.append((done, total)),
         **QUICK)
    assert told == [(done, 6) for done in range(1, 7)]


def test_without_a_solved_sample_it_falls_back_and_says_so() -> None:
    seen = view(numbered_game(5))
    found = hint(seen, seed=1, cancelled=lambda: True)
    assert found.fallback and found.wins == 0 and found.samples == 0
    assert found.move in seen.legal
    assert found.sentence == (f"{move_name(found.move)}: no time to look for a win; this "  # type: ignore[arg-type]
                              "move turns a face-down card over.")
    column = seen.columns[int(found.move.source[1:]) - 1]  # type: ignore[union-attr]
    index = column.index(found.move.card) if found.move.card else len(column) - 1  # type: ignore[union-attr]
    assert column[index - 1] is None


def test_a_table_with_every_card_face_up_is_solved_once() -> None:
    state = numbered_game(2)
    for move in solve(state).moves:
        state = apply(state, move)
        if not unseen_cards(view(state)):
            break
    found = hint(view(state), seed=0)
    assert (found.wins, found.samples, found.fallback) == (1, 1, False)
    assert found.sentence == (f"{move_name(found.move)}: the solver found a win from here "  # type: ignore[arg-type]
                              "(every card is face up).")


def test_a_won_game_has_no_hint() -> None:
    state = numbered_game(2)
    for move in solve(state).moves:
        state = apply(state, move)
    assert hint(view(state)) == Hint(None, 0, 0, "No legal move is left.", True)
