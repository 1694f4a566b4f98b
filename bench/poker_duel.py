"""A duel of the Poker CPU against its baseline: the same deals played twice, seats swapped.

Each deal is a fresh four-seat game (the default table: 100 chips, ante 1, bets 2 and 4)
played for one hand, once with today's CPU in seats 0 and 2 and the baseline in 1 and 3,
once the other way round. The result of a deal is today's CPU's net chips over both plays,
halved: the luck of the cards cancels, and what is left is the skill.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from bench.poker_baseline import baseline
from tableau.ai.poker import choose
from tableau.engines.poker import Config
from tableau.engines.poker import Phase
from tableau.engines.poker import State
from tableau.engines.poker import apply
from tableau.engines.poker import new_game
from tableau.engines.poker import view
from tableau.engines.protocol import Cpu
from tableau.sessions.poker import first_rng_states

SEATS = 4


def play_hand(seed: int, players: Sequence[Cpu]) -> tuple[int, ...]:
    """Every seat's net chips after one hand dealt from ``seed``; each seat's rng_state is
    the one a session keeps for it."""
    state: State = new_game(Config(players=len(players), seed=seed))
    rng_states = list(first_rng_states(seed, len(players)))
    start = state.chips[0] + state.put_in[0]
    while state.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        seat = state.to_act
        assert seat is not None
        move, rng_states[seat] = players[seat](view(state, seat), rng_states[seat])
        state = apply(state, move)
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
    new_first = [choose if seat % 2 == 0 else baseline for seat in range(SEATS)]
    old_first = [baseline if seat % 2 == 0 else choose for seat in range(SEATS)]
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
