"""Pesten: how fast random CPU games run, and how often the careful CPU beats random ones.

The same simulations as
  tableau pesten --simulate 1000 --players 4 --cpu random --seed 1 --json
  tableau pesten --simulate 2000 --players 4 --cpu careful,random,random,random --seed 1 --json
Each game goes through the full protocol per move: view, CPU choice, apply (a move taken
from the view's legal list is trusted; any other is checked). The deal rotates, so no seat
always starts. The speed target is judged on games per CPU-second: on a shared, loaded
machine the wall clock mostly measures the other processes. The wall-clock rate is shown
beside it.
"""

from __future__ import annotations

import time

from tableau.cli.pesten import simulate

SPEED_GAMES = 1000
SPEED_TARGET = 500.0
DUEL_GAMES = 2000
WIN_TARGET = 25.0


def main() -> None:
    print(f"{'measure':<44}{'figure':>14}{'target':>14}")
    cpu_start = time.process_time()
    speed = simulate(SPEED_GAMES, players=4, cpus=("random",), seed=1)
    cpu_rate = SPEED_GAMES / max(time.process_time() - cpu_start, 1e-9)
    verdict = "ok" if cpu_rate >= SPEED_TARGET else "below"
    print(
        f"{'random 4-player games per CPU-second':<44}{cpu_rate:>14.0f}"
        f"{'>= ' + str(int(SPEED_TARGET)):>14}  {verdict}"
    )
    print(f"{'random 4-player games/s (wall clock)':<44}{speed.games_per_s:>14.0f}")
    print(f"{'random 4-player average turns':<44}{speed.turns_avg:>14.1f}")
    print("  (the target is judged on CPU time; the machine is shared, wall clock is noisy)")
    duel = simulate(DUEL_GAMES, players=4, cpus=("careful", "random", "random", "random"),
                    seed=1)
    share = 100 * duel.wins[0] / DUEL_GAMES
    verdict = "ok" if share > WIN_TARGET else "below"
    print(
        f"{f'careful vs 3 random, {DUEL_GAMES} games: win %':<44}{share:>14.1f}"
        f"{'> ' + str(int(WIN_TARGET)):>14}  {verdict}"
    )
    print(f"{'  wins per seat (careful first)':<44}{list(duel.wins)!s:>14}")


if __name__ == "__main__":
    main()
