"""Go Fish: how often the pro CPU beats the easy one, and simulation speed.

Runs the same simulation as `tableau gofish --simulate 2000 --players 2 --cpu pro,easy
--seed 1 --json`; the first player alternates between the seats. It takes seconds, so
`make bench` and `make bench-full` play the same games.
"""

from __future__ import annotations

from bench.sizing import share_interval
from tableau.ai.gofish import Level
from tableau.cli.gofish import simulate

GAMES = 2000
SPEED_GAMES = 200
PRO: Level = "pro"


def main() -> None:
    tally = simulate(GAMES, ("pro", "easy"), seed=1)
    print(f"pro vs easy, {GAMES} two-player games: pro wins {tally.wins[0]:g} "
          f"({share_interval(tally.wins[0], tally.games)})")
    print(f"books: pro {tally.books[0]}, easy {tally.books[1]}")
    print(f"{tally.games_per_s:.0f} games/s")
    for players in (3, 5):
        tally = simulate(SPEED_GAMES, tuple(PRO for _ in range(players)), seed=1)
        print(f"{players} pro players, {SPEED_GAMES} games: {tally.games_per_s:.0f} games/s")


if __name__ == "__main__":
    main()
