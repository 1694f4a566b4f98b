"""Rule 7 of the Yukon solver (a card that can never come free means lost): each position it
calls lost is lost by a brute force over every legal move, and it sees what rule 5 misses."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from test_yukon_solver import brute_force_wins
from test_yukon_solver import small_position

from tableau.ai.yukon import position_of
from tableau.ai.yukon import solve
from tableau.ai.yukon import stuck
from tableau.ai.yukon import trapped
from tableau.engines import yukon


@pytest.mark.parametrize(("rules", "seed", "loose", "spread"), [
    ("classic", 344, 11, 2), ("spec", 1358, 13, 2), ("classic", 1448, 13, 2),
])
def test_a_stuck_position_that_rule_five_misses_is_lost_over_every_move(
    rules: str, seed: int, loose: int, spread: int
) -> None:
    # Found by walking small positions at random: every face-down card has some face-up
    # host, but each host lies under a card that waits for it.
    state = small_position(rules, seed, loose, spread)
    position = position_of(state)
    assert not trapped(position, rules)
    assert stuck(position, rules)
    assert brute_force_wins(state) is False  # cards back from the foundations included
    assert solve(state).kind == "lost"


@pytest.mark.parametrize("small", [False, True])
def test_a_classic_deal_stuck_from_the_start_is_lost_at_once(small: bool) -> None:
    # A small solve (the hint's) checks rule 7 only at the start, which sees this one.
    deal = yukon.numbered_game(60, "classic")  # unknown at 10 s before rule 7
    assert not trapped(position_of(deal), "classic")
    verdict = solve(deal, seconds=1.0, small=small)
    assert verdict.kind == "lost" and verdict.nodes == 0


def test_a_deal_that_wins_is_never_stuck_along_its_win() -> None:
    state = yukon.numbered_game(2, "classic")
    verdict = solve(state)
    assert verdict.kind == "won"
    for move in verdict.moves:
        assert not stuck(position_of(state), "classic")
        state = yukon.apply(state, move)


@pytest.mark.dev_examples(4)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(yukon.RULES), st.integers(0, 10**6), st.integers(6, 13),
       st.integers(2, 4), st.integers(0, 20))
def test_stuck_positions_along_random_play_are_never_won(
    rules: str, seed: int, loose: int, spread: int, steps: int
) -> None:
    """A small position played on at random (no card back from a foundation) for up to
    ``steps`` moves; wherever rule 7 calls it stuck, the brute force (up to two cards coming
    back) finds no win."""
    state = small_position(rules, seed, loose, spread)
    chooser = random.Random(seed)
    for _ in range(steps):
        if stuck(position_of(state), rules):
            assert brute_force_wins(state, returns=2) is not True
            return
        moves = [move for move in yukon.legal_moves(state) if not str(move).startswith("F")]
        if not moves or yukon.outcome(state) is not None:
            return
        state = yukon.apply(state, chooser.choice(moves))
