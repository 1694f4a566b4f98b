"""`tableau gofish`: play against the computer, or simulate CPU-only games.

    tableau gofish [--cpus N] [--level easy|pro] [--seed S] [--delay SECONDS]
    tableau gofish --simulate N [--players P] [--cpu pro,easy,...] [--seed S] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass

from tableau.ai import gofish as ai
from tableau.engines import gofish as engine
from tableau.engines import rng

MAX_SIMULATE = 1_000_000


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of exiting, so main() returns 2 with one message."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise _UsageError(message)


class _UsageError(Exception):
    pass


def _parser() -> _Parser:
    parser = _Parser(
        prog="tableau gofish",
        description="Go Fish against 1-4 computer players, or a simulation of CPU-only games.",
    )
    parser.add_argument("--cpus", type=int, default=1, help="computer opponents, 1-4 (default 1)")
    parser.add_argument("--level", default="pro", help="CPU level: easy or pro (default pro)")
    parser.add_argument("--seed", type=int, default=None, help="shuffle seed (default: random)")
    parser.add_argument("--delay", type=float, default=None,
                        help="seconds between CPU steps on screen (default 0.8)")
    parser.add_argument("--simulate", type=int, metavar="N", help="simulate N CPU-only games")
    parser.add_argument("--players", type=int, default=None,
                        help="players in a simulation, 2-5 (default: the --cpu list's length)")
    parser.add_argument("--cpu", default=None,
                        help="CPU level of each seat in a simulation (default pro,easy)")
    parser.add_argument("--json", action="store_true",
                        help="end the simulation with one JSON line")
    return parser


@dataclass(frozen=True, slots=True)
class Tally:
    games: int
    wins: tuple[float, ...]
    books: tuple[int, ...]
    seconds: float

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")


def play_one(levels: tuple[ai.Level, ...], seed: int, first: int) -> engine.Outcome:
    """One CPU-only game; every seat plays from its own view with its own seed."""
    state = engine.new_game(engine.Config(players=len(levels), seed=seed, first=first))
    seeds = [rng.fresh_seed_from(seed, seat + 1) for seat in range(len(levels))]
    while (result := engine.outcome(state)) is None:
        seat = state.turn
        move, seeds[seat] = ai.choose(engine.view(state, seat), levels[seat], seeds[seat])
        state = engine.apply(state, move)
    return result


def simulate(games: int, levels: tuple[ai.Level, ...], seed: int) -> Tally:
    """Play ``games`` games; the first player rotates. A shared win counts 1/k to each."""
    wins = [0.0] * len(levels)
    books = [0] * len(levels)
    started = time.perf_counter()
    for number in range(games):
        result = play_one(levels, rng.fresh_seed_from(seed, number), number % len(levels))
        for seat in result.winners:
            wins[seat] += 1 / len(result.winners)
        for seat, count in enumerate(result.books):
            books[seat] += count
    return Tally(games, tuple(wins), tuple(books), time.perf_counter() - started)


def _levels(args: argparse.Namespace) -> tuple[ai.Level, ...]:
    text = args.cpu if args.cpu is not None else "pro,easy"
    levels = tuple(ai.parse_level(part) for part in text.split(","))
    players = args.players if args.players is not None else len(levels)
    if not engine.MIN_PLAYERS <= players <= engine.MAX_PLAYERS:
        raise ValueError(f"--players must be from {engine.MIN_PLAYERS} to "
                         f"{engine.MAX_PLAYERS}, not {players}.")
    # The list cycles over the seats, as in the Pesten simulator.
    return tuple(levels[seat % len(levels)] for seat in range(players))


def _run_simulation(args: argparse.Namespace) -> int:
    if not 1 <= args.simulate <= MAX_SIMULATE:
        raise ValueError(f"--simulate must be from 1 to {MAX_SIMULATE}, not {args.simulate}.")
    levels = _levels(args)
    tally = simulate(args.simulate, levels, args.seed if args.seed is not None else 0)
    for seat, level in enumerate(levels):
        share = 100 * tally.wins[seat] / tally.games
        print(f"seat {seat + 1} ({level}): wins {tally.wins[seat]:g} ({share:.1f}%), "
              f"books {tally.books[seat]} ({tally.books[seat] / tally.games:.2f} a game)")
    print(f"{tally.games} games in {tally.seconds:.2f} s ({tally.games_per_s:.0f} games/s)")
    if args.json:
        print(json.dumps({
            "games": tally.games,
            "wins": [round(wins, 3) for wins in tally.wins],
            "books": list(tally.books),
            "games_per_s": round(tally.games_per_s, 1),
        }))
    return 0


def main(argv: list[str]) -> int:
    try:
        args = _parser().parse_args(argv)
        if args.seed is not None and args.seed < 0:
            raise ValueError(f"--seed must be 0 or more, not {args.seed}.")
        if args.simulate is not None:
            return _run_simulation(args)
        if args.players is not None or args.cpu is not None or args.json:
            raise ValueError("--players, --cpu and --json go with --simulate.")
        if not 1 <= args.cpus <= engine.MAX_PLAYERS - 1:
            raise ValueError(f"--cpus must be from 1 to {engine.MAX_PLAYERS - 1}, "
                             f"not {args.cpus}.")
        level = ai.parse_level(args.level)
        if args.delay is not None and not 0 <= args.delay <= 10:
            raise ValueError(f"--delay must be from 0 to 10 seconds, not {args.delay:g}.")
    except (_UsageError, ValueError) as problem:
        print(f"tableau gofish: {problem}", file=sys.stderr)
        return 2
    except SystemExit as leaving:  # --help
        return leaving.code if isinstance(leaving.code, int) else 0
    from tableau.ui.app import run_app

    options: dict[str, object] = {"cpus": args.cpus, "seed": args.seed, "level": level}
    if args.delay is not None:
        options["cpu_delay"] = args.delay
    return run_app(start="gofish", **options)
