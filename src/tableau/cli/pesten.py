"""`tableau pesten`: the hot-seat table, or `--simulate N` CPU-only games."""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import Final

from tableau.ai.pesten import CPU_KINDS
from tableau.ai.pesten import player
from tableau.cli import open_app
from tableau.cli.args import Parser
from tableau.cli.args import read_arguments
from tableau.cli.args import seed
from tableau.cli.progress import game_progress
from tableau.engines import pesten
from tableau.engines import rng

MAX_GAMES = 1_000_000
MAX_MOVES = 20_000
"""A game still running after this many moves is stopped and counted as unfinished."""


PROG = "tableau pesten"
TABLE_PLAYERS: Final = 3
SIMULATED_PLAYERS: Final = 4

HELP_WHERE = """\
where the options apply:
  All but --json also fill in the set-up screen of the table (without --simulate).
  At the table each --cpu kind takes one seat, counted from the last seat, and the
  other seats are human: --players 4 --cpu careful,random seats two humans, then a
  careful and a random CPU. Without --cpu the first two seats are human.
  With --simulate every seat is a CPU and the --cpu kinds cycle over the seats.
  --json goes with --simulate only."""


def _parser() -> Parser:
    parser = Parser(
        prog=PROG,
        description="Pesten at one terminal, or CPU-only games with --simulate.",
        epilog=HELP_WHERE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--simulate", type=int, metavar="N", help="play N CPU-only games")
    parser.add_argument("--players", type=int, metavar="P",
                        help="seats, 2 to 8 (table 3, --simulate 4)")
    parser.add_argument("--packs", type=int, metavar="K", help="packs, 1 to 4 (1)")
    parser.add_argument("--jokers", type=int, metavar="J", help="jokers per pack, 0 to 2 (2)")
    parser.add_argument(
        "--cpu", metavar="KINDS",
        help="CPU kinds, comma-separated: " + ", ".join(CPU_KINDS) + " (careful)",
    )
    parser.add_argument("--seed", type=seed, metavar="S",
                        help="shuffle seed, 0 to 2**63-1 (table: random, --simulate: 0)")
    parser.add_argument("--json", action="store_true",
                        help="--simulate only: end with one JSON line")
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
    first: int = 0,
) -> Simulation:
    """Play ``games`` CPU-only rounds; the CPU kinds cycle over the seats and the deal
    rotates, so no seat always starts. Raises ValueError for an impossible set-up.
    ``first`` numbers the first game: the games ``first`` to ``first + games - 1`` of a
    longer run, so a run split over processes plays the very same games."""
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
    for game in range(first, first + games):
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


def _cpu_kinds(text: str) -> list[str]:
    """The kinds named in --cpu; ValueError with a sentence for an unknown one."""
    kinds = [kind.strip() for kind in text.split(",") if kind.strip()]
    if not kinds:
        raise ValueError("Name at least one CPU player.")
    for kind in kinds:
        player(kind)  # refuses an unknown kind with its sentence
    return kinds


def _or(given: Any, default: Any) -> Any:
    return default if given is None else given


def _table_options(args: argparse.Namespace) -> dict[str, Any]:
    """The set-up screen's options from the command line; ValueError for a bad one."""
    if args.json:
        raise ValueError("--json goes with --simulate; the table has nothing to print.")
    players, packs, jokers = _or(args.players, TABLE_PLAYERS), _or(args.packs, 1), _or(
        args.jokers, 2
    )
    problem = pesten.config_problem(players, packs, jokers)
    if problem is not None:
        raise ValueError(problem)
    options: dict[str, Any] = {"players": players, "packs": packs, "jokers": jokers}
    if args.cpu is not None:
        cpus = _cpu_kinds(args.cpu)
        if len(cpus) > players:
            raise ValueError(
                f"--cpu names {len(cpus)} CPU seats, but the table has {players} "
                "(--players)."
            )
        options["cpus"] = tuple(cpus)
    if args.seed is not None:
        options["seed"] = args.seed
    return options


def _simulation(args: argparse.Namespace) -> int:
    if not 1 <= args.simulate <= MAX_GAMES:
        raise ValueError(f"--simulate takes 1 to {MAX_GAMES} games, not {args.simulate}.")
    players = _or(args.players, SIMULATED_PLAYERS)
    cpus = _cpu_kinds(_or(args.cpu, "careful"))
    with game_progress(args.simulate) as after_game:
        result = simulate(
            args.simulate, players, _or(args.packs, 1), _or(args.jokers, 2), cpus,
            _or(args.seed, 0), after_game,
        )
    _report(result, [cpus[seat % len(cpus)] for seat in range(players)], args.json)
    return 0


def _simulation_or_table(args: argparse.Namespace) -> int | dict[str, Any]:
    """The exit status of a --simulate run, or else the table's options."""
    return _simulation(args) if args.simulate is not None else _table_options(args)


def main(argv: list[str]) -> int:
    options = read_arguments(PROG, argv, _parser(), _simulation_or_table)
    return options if isinstance(options, int) else open_app("pesten", **options)
