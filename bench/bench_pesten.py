"""Pesten: how fast random CPU games run, and how often the careful CPU beats random ones.

The same simulations as
  tableau pesten --simulate 1000 --players 4 --cpu random --seed 1 --json
  tableau pesten --simulate 2000 --players 4 --cpu careful,random,random,random --seed 1 --json
(in seconds, so `make bench` and `make bench-full` play the same games). Each game goes through
the full protocol per move: view, CPU choice, apply (a move taken from the view's legal list
is trusted; any other is checked). The deal rotates, so no seat always starts. The speed
target is judged on games per CPU-second, best of five runs (as timeit takes the best): on a
shared, loaded machine the wall clock mostly measures the other processes, and load only ever
makes a run slower. Every run's figure is printed, with the mean's 95% interval, and the
wall-clock rate beside it.
"""

from __future__ import annotations

import time

from bench.sizing import mean_interval
from bench.sizing import share_interval
from tableau.cli.pesten import simulate

SPEED_GAMES = 1000
SPEED_RUNS = 5
SPEED_TARGET = 500.0
DUEL_GAMES = 2000
WIN_TARGET = 25.0


def main() -> None:
    print(f"{'measure':<44}{'figure':>14}{'target':>14}")
    rates = []
    games = SPEED_GAMES
    for _ in range(SPEED_RUNS):
        cpu_start = time.process_time()
        speed = simulate(games, players=4, cpus=("random",), seed=1)
        rates.append(games / max(time.process_time() - cpu_start, 1e-9))
    best = max(rates)
    verdict = "ok" if best >= SPEED_TARGET else "below"
    print(
        f"{'random 4-player games per CPU-second (best)':<44}{best:>14.0f}"
        f"{'>= ' + str(int(SPEED_TARGET)):>14}  {verdict}"
    )
    mean, half = mean_interval(rates)
    print(f"{f'  each of the {SPEED_RUNS} runs of {games}':<44}"
          f"{' '.join(f'{r:.0f}' for r in rates):>14}")
    print(f"{'  their mean (95% interval)':<44}{f'{mean:.0f} ± {half:.0f}':>14}")
    print(f"{'random 4-player games/s (wall clock, last)':<44}{speed.games_per_s:>14.0f}")
    print(f"{'random 4-player average turns':<44}{speed.turns_avg:>14.1f}")
    print("  (judged on the best CPU-time run: the machine is shared, and other processes")
    print("   only ever slow a run down)")
    duel_games = DUEL_GAMES
    duel = simulate(duel_games, players=4, cpus=("careful", "random", "random", "random"),
                    seed=1)
    share = 100 * duel.wins[0] / duel_games
    verdict = "ok" if share > WIN_TARGET else "below"
    print(
        f"{f'careful vs 3 random, {duel_games} games: win %':<44}{share:>14.1f}"
        f"{'> ' + str(int(WIN_TARGET)):>14}  {verdict}"
    )
    print(f"{'  95% interval':<44}{share_interval(duel.wins[0], duel_games):>14}")
    print(f"{'  wins per seat (careful first)':<44}{list(duel.wins)!s:>14}")


if __name__ == "__main__":
    main()
