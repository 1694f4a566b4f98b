"""Poker table controls without a screen: marks always stay a draw the engine accepts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tableau.engines.poker import CHECK, Config, Phase, apply, legal_moves, new_game, view
from tableau.ui.screens.poker_controls import draw_move, toggle_mark


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), presses=st.lists(st.integers(0, 4), max_size=12))
def test_any_marking_leaves_a_draw_that_enter_accepts(seed: int, presses: list[int]) -> None:
    """Item 24: whatever keys 1-5 are pressed, the marks shown are a legal draw."""
    state = apply(apply(new_game(Config(players=2, seed=seed)), CHECK), CHECK)
    assert state.phase is Phase.DRAW and state.to_act is not None
    seen = view(state, state.to_act)
    marks: tuple[int, ...] = ()
    for index in presses:
        marks, problem = toggle_mark(marks, index, seen)
        move = draw_move(seen, marks)
        assert move in legal_moves(state)
        if problem is not None:
            assert problem.endswith(".")
    after = apply(state, draw_move(seen, marks))
    assert after.drew[state.to_act] == len(marks)
