"""A duel of the Poker CPU against its baseline: the same deals played twice, seats swapped.

Each deal is a fresh four-seat game (the default table: 100 chips, ante 1, bets 2 and 4)
played for one hand, once with today's CPU in seats 0 and 2 and the baseline in 1 and 3,
once the other way round. The result of a deal is today's CPU's net chips over both plays,
halved: the luck of the cards cancels, and what is left is the skill.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from bench.poker_baseline import baseline_move
from tableau.ai.poker import choose_move
from tableau.engines.poker import Config, Move, Phase, State, View, apply, new_game, view

SEATS = 4
Player = Callable[[View], Move]


def play_hand(seed: int, players: Sequence[Player]) -> tuple[int, ...]:
    """Every seat's net chips after one hand dealt from ``seed``."""
    state: State = new_game(Config(players=len(players), seed=seed))
    start = state.chips[0] + state.put_in[0]
    while state.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        seat = state.to_act
        assert seat is not None
        state = apply(state, players[seat](view(state, seat)))
    return tuple(chips - start for chips in state.chips)


@dataclass(frozen=True, slots=True)
class DuelResult:
    hands: int
    per_hand: float
    """Today's CPU's mean net chips per hand (its two seats together)."""
    interval: float
    """Half the width of the 95% interval of ``per_hand``."""
    total: float


def deal_results(seeds: range) -> list[float]:
    """Today's CPU's net chips for each deal, over both seatings, halved."""
    new_first = [choose_move if seat % 2 == 0 else baseline_move for seat in range(SEATS)]
    old_first = [baseline_move if seat % 2 == 0 else choose_move for seat in range(SEATS)]
    results = []
    for seed in seeds:
        one = play_hand(seed, new_first)
        other = play_hand(seed, old_first)
        results.append((sum(one[0::2]) + sum(other[1::2])) / 2)
    return results


def duel(deals: int, first_seed: int = 0, workers: int = 1) -> DuelResult:
    """Play ``deals`` deals twice each (2 * deals hands), split over ``workers`` processes
    (every deal is decided by its seed alone, so the split changes no result)."""
    seeds = range(first_seed, first_seed + deals)
    if workers > 1:
        size = -(-deals // workers)
        parts = [seeds[start : start + size] for start in range(0, deals, size)]
        with ProcessPoolExecutor(workers) as pool:
            results = [value for part in pool.map(deal_results, parts) for value in part]
    else:
        results = deal_results(seeds)
    mean = statistics.fmean(results)
    spread = statistics.stdev(results) if len(results) > 1 else 0.0
    return DuelResult(2 * deals, mean, 1.96 * spread / math.sqrt(len(results)), sum(results) * 2)
