"""Pesten: the expert CPU against careful ones, and how long its decisions take.

All three figures of issue 15 come from one run (`make bench-full`; `make bench` plays the
counts in brackets, and every figure shows its 95% interval):
- one expert against three careful CPUs in 4-player games (the expert in seat 1, the deal
  rotating), 2,000 games (200): the expert's win share, target at least 35% (25% is even);
- heads-up expert against careful, 2,000 games (200): target at least 60%;
- decision time over the expert's decisions in 40 games (8), in a separate single-process run
  (time.perf_counter around each call): median at most 300 ms, worst at most 1 s. Forced moves
  (one legal move) return at once, so the median is judged on the decisions that searched; all
  are shown.
The win-rate games run in a pool of two processes (the machine has two cores); each game is
the same whichever process plays it (``simulate``'s ``first``), so the figures do not depend
on the split. The same as, in one process,
  tableau pesten --simulate 2000 --players 4 --cpu expert,careful,careful,careful --seed 1
"""

from __future__ import annotations

import statistics
import time
from multiprocessing import Pool

from bench.sizing import median_text
from bench.sizing import share_interval
from bench.sizing import sized
from tableau.ai.pesten import player
from tableau.engines import pesten
from tableau.engines import rng

FOUR_GAMES = 2000
QUICK_FOUR_GAMES = 200
DUEL_GAMES = 2000
QUICK_DUEL_GAMES = 200
CHUNK = 25
PROCESSES = 2
FOUR_TARGET = 35.0
DUEL_TARGET = 60.0
TIMED_GAMES = 40
QUICK_TIMED_GAMES = 8
MEDIAN_TARGET = 0.300
WORST_TARGET = 1.0
SEED = 1


def _chunk(job: tuple[int, int, int]) -> int:
    """Wins of the expert (seat 1) in ``count`` games from game ``first`` on."""
    from tableau.cli.pesten import simulate

    players, first, count = job
    cpus = ("expert", *("careful",) * (players - 1))
    return simulate(count, players=players, cpus=cpus, seed=SEED, first=first).wins[0]


def _wins(pool: Pool, players: int, games: int) -> int:
    jobs = [(players, first, min(CHUNK, games - first)) for first in range(0, games, CHUNK)]
    return sum(pool.imap_unordered(_chunk, jobs))


def _decision_times(games: int) -> tuple[list[float], list[float]]:
    """(every expert decision's seconds, those with more than one legal move), over
    ``games`` 4-player games against careful CPUs in this one process."""
    expert, careful = player("expert"), player("careful")
    every: list[float] = []
    searched: list[float] = []
    for game in range(games):
        config = pesten.Config(players=4, seed=rng.fresh_seed_from(SEED + 1, game),
                               dealer=game % 4)
        state = pesten.new_game(config)
        seed = game
        while state.winner is None:
            seen = pesten.view(state, state.current)
            if state.current == 0:
                started = time.perf_counter()
                move, seed = expert(seen, seed)
                spent = time.perf_counter() - started
                every.append(spent)
                if len(seen.shortlist) > 1:  # the moves the expert weighs
                    searched.append(spent)
            else:
                move, seed = careful(seen, seed)
            state = pesten.apply(state, move)
    return every, searched


def _row(label: str, figure: str, target: str, ok: bool | None = None) -> None:
    verdict = "" if ok is None else ("  ok" if ok else "  below")
    print(f"{label:<48}{figure:>12}{target:>12}{verdict}", flush=True)


def main() -> None:
    _row("measure", "figure", "target")
    started = time.perf_counter()
    timed = sized(QUICK_TIMED_GAMES, TIMED_GAMES)
    every, searched = _decision_times(timed)
    median = statistics.median(searched)
    worst = max(every)
    _row(f"expert decision median, ms ({len(searched)} searched)", f"{1000 * median:.1f}",
         "<= 300", median <= MEDIAN_TARGET)
    print(f"  95% interval {median_text(searched, 1000)} ms", flush=True)
    _row(f"expert decision worst, ms (of all {len(every)})", f"{1000 * worst:.1f}",
         "<= 1000", worst <= WORST_TARGET)
    _row("  median of all decisions, ms (forced ones too)",
         f"{1000 * statistics.median(every):.2f}", "")
    print(f"  (timed in one process over {timed} 4-player games, "
          f"{time.perf_counter() - started:.0f} s)", flush=True)
    with Pool(PROCESSES) as pool:
        for players, games, target, label in (
            (4, sized(QUICK_FOUR_GAMES, FOUR_GAMES), FOUR_TARGET, "expert vs 3 careful"),
            (2, sized(QUICK_DUEL_GAMES, DUEL_GAMES), DUEL_TARGET, "expert vs careful heads-up"),
        ):
            started = time.perf_counter()
            wins = _wins(pool, players, games)
            share = 100 * wins / games
            _row(f"{label}, {games} games: win %", f"{share:.1f}", f">= {target:.0f}",
                 share >= target)
            print(f"  95% interval {share_interval(wins, games)}; {PROCESSES} processes, "
                  f"{time.perf_counter() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
