"""`tableau pesten`: the hot-seat table, or `--simulate N` CPU-only games."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tableau.ai.pesten import CPU_KINDS, player
from tableau.cli import open_app
from tableau.cli.args import Parser, UsageError, refuse, seed
from tableau.cli.progress import game_progress
from tableau.engines import pesten, rng

MAX_GAMES = 1_000_000
MAX_MOVES = 20_000
"""A game still running after this many moves is stopped and counted as unfinished."""


PROG = "tableau pesten"


def _parser() -> Parser:
    parser = Parser(
        prog=PROG,
        description="Pesten at one terminal, or CPU-only games with --simulate.",
    )
    parser.add_argument("--simulate", type=int, metavar="N", help="play N CPU-only games")
    parser.add_argument("--players", type=int, default=4, metavar="P", help="2 to 8 (4)")
    parser.add_argument("--packs", type=int, default=1, metavar="K", help="1 to 4 (1)")
    parser.add_argument("--jokers", type=int, default=2, metavar="J", help="per pack, 0-2 (2)")
    parser.add_argument(
        "--cpu",
        default="careful",
        metavar="KINDS",
        help="comma-separated CPU kinds, cycled over the seats: " + ", ".join(CPU_KINDS),
    )
    parser.add_argument("--seed", type=seed, default=0, metavar="S",
                        help="seed, 0 to 2**63-1 (0)")
    parser.add_argument("--json", action="store_true", help="end with one JSON line")
    return parser


@dataclass(frozen=True)
class Simulation:
    games: int
    wins: tuple[int, ...]
    turns_avg: float
    seconds: float
    unfinished: int

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")


def simulate(
    games: int,
    players: int = 4,
    packs: int = 1,
    jokers: int = 2,
    cpus: Sequence[str] = ("careful",),
    seed: int = 0,
    after_game: Callable[[], None] = lambda: None,
) -> Simulation:
    """Play ``games`` CPU-only rounds; the CPU kinds cycle over the seats and the deal
    rotates, so no seat always starts. Raises ValueError for an impossible set-up."""
    problem = pesten.config_problem(players, packs, jokers, seed=seed)
    if problem is not None:
        raise ValueError(problem)
    if not cpus:
        raise ValueError("Name at least one CPU player.")
    known = [player(kind) for kind in cpus]  # refuses an unknown kind with its sentence
    seats = [known[seat % len(cpus)] for seat in range(players)]
    wins = [0] * players
    turns = 0
    unfinished = 0
    started = time.perf_counter()
    for game in range(games):
        config = pesten.Config(
            players=players,
            packs=packs,
            jokers=jokers,
            seed=rng.fresh_seed_from(seed, game),
            dealer=game % players,
        )
        state = pesten.new_game(config)
        cpu_seed = rng.fresh_seed_from(seed, MAX_GAMES + game)
        moves = 0
        while state.winner is None and moves < MAX_MOVES:
            seat = state.current
            move, cpu_seed = seats[seat](pesten.view(state, seat), cpu_seed)
            state = pesten.apply(state, move)
            moves += 1
        if state.winner is None:
            unfinished += 1
        else:
            wins[state.winner] += 1
        turns += state.turns
        after_game()
    seconds = time.perf_counter() - started
    return Simulation(games, tuple(wins), turns / games if games else 0.0, seconds, unfinished)


def _report(result: Simulation, kinds: list[str], as_json: bool) -> None:
    games = result.games
    print(f"{games} games")
    for seat, count in enumerate(result.wins):
        share = 100 * count / games if games else 0.0
        print(f"  seat {seat + 1} ({kinds[seat]}): {count} wins ({share:.1f}%)")
    if result.unfinished:
        print(f"  unfinished after {MAX_MOVES} moves: {result.unfinished}")
    print(f"average turns: {result.turns_avg:.1f}")
    print(f"games per second: {result.games_per_s:.0f}")
    if as_json:
        print(
            json.dumps(
                {
                    "games": games,
                    "wins": list(result.wins),
                    "turns_avg": round(result.turns_avg, 2),
                    "games_per_s": round(result.games_per_s, 1),
                }
            )
        )


def main(argv: list[str]) -> int:
    try:
        args = _parser().parse_args(argv)
    except UsageError as error:
        return refuse(PROG, error)
    except SystemExit as done:  # --help has been printed
        return done.code if isinstance(done.code, int) else 0
    if args.simulate is None:
        return open_app("pesten")
    if not 1 <= args.simulate <= MAX_GAMES:
        return refuse(PROG, f"--simulate takes 1 to {MAX_GAMES} games, not {args.simulate}.")
    cpus = [kind.strip() for kind in args.cpu.split(",") if kind.strip()]
    try:
        with game_progress(args.simulate) as after_game:
            result = simulate(
                args.simulate, args.players, args.packs, args.jokers, cpus, args.seed,
                after_game,
            )
    except ValueError as error:
        return refuse(PROG, error)
    kinds = [cpus[seat % len(cpus)] for seat in range(args.players)]
    _report(result, kinds, args.json)
    return 0
