"""`tableau yukon --solve (--seed N | --deck FILE) [--rules R] [--budget-s S] [--json]`.

Solves one deal with ``tableau.ai.yukon.solve``, looking under the face-down cards, and prints
the verdict (won, lost or unknown), the positions searched, the time and, for a win, the
line-mode command to run and every line to type in it, ready to paste: the lines that deal
(``LD``, ``SR``, ``P`` for game N; ``LD FILE``, ``P`` for a deck file), then the moves in the
spec's notation, one a line. ``--seed N`` is game N (as ``tableau yukon --seed N`` deals it);
``--deck FILE`` is a deck file dealt as ``LD FILE`` then ``P``. ``--json`` prints one JSON
object instead, with the dealing lines as ``"setup"``.
Every verdict exits 0; bad input exits 2 with one sentence. Ctrl+C stops the search, and
``tableau.cli`` says so and exits 130.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from typing import Any
from typing import Final

from tableau.ai.yukon import DEFAULT_MAX_NODES
from tableau.ai.yukon import DEFAULT_SECONDS
from tableau.ai.yukon import Verdict
from tableau.ai.yukon import solve
from tableau.cli import working_folder
from tableau.cli.args import Parser
from tableau.cli.args import decimal
from tableau.cli.args import refuse
from tableau.cli.args import say
from tableau.cli.args import shown
from tableau.engines.yukon import Config
from tableau.engines.yukon import State
from tableau.engines.yukon import numbered_game
from tableau.sessions.yukon import YukonSession

MAX_BUDGET_S: Final = 3600.0
"""The longest search one command may ask for: an hour."""

_REASONS: Final = {
    "nodes": "the node budget ran out",
    "time": "the time budget ran out",
    "cancelled": "the search was cancelled",
}


def budget(text: str) -> float:
    """An argparse type: seconds, more than 0 and at most MAX_BUDGET_S."""
    seconds = decimal(text)
    if seconds is None or not 0 < seconds <= MAX_BUDGET_S:
        raise argparse.ArgumentTypeError(
            f"'{shown(text)}' is not a budget; give the seconds to search, more than 0 and at most "
            f"{MAX_BUDGET_S:.0f}."
        )
    return seconds


def add_options(parser: Parser) -> None:
    parser.add_argument(
        "--solve", action="store_true",
        help="solve the deal of --seed or --deck, looking under the face-down cards, and "
        "print won (with the moves), lost or unknown",
    )
    parser.add_argument(
        "--budget-s", type=budget, metavar="S",
        help=f"with --solve: seconds to search before answering unknown (default "
        f"{DEFAULT_SECONDS:g})",
    )
    parser.add_argument("--json", action="store_true", help="with --solve: print one JSON object")


def checked(options: argparse.Namespace) -> argparse.Namespace:
    """``options`` if the solve options fit together (the default budget filled in); else a
    ValueError with the sentence."""
    if not options.solve:
        if options.json or options.budget_s is not None:
            raise ValueError("--json and --budget-s go with --solve.")
        return options
    if options.plain:
        raise ValueError("choose --solve or --plain, not both.")
    if options.seed is None and options.deck is None:
        raise ValueError("--solve needs a deal to solve: give --seed N or --deck FILE.")
    if options.seed is not None and options.deck is not None:
        raise ValueError("--solve solves one deal: give --seed N or --deck FILE, not both.")
    if options.budget_s is None:
        options.budget_s = DEFAULT_SECONDS
    return options


def _dealt(options: argparse.Namespace) -> State | str:
    """The deal to solve, or the sentence saying why there is none."""
    if options.seed is not None:
        return numbered_game(options.seed, options.rules)
    session = YukonSession.start(Config(rules=options.rules), working_folder(), options.deck)
    if session.state.deck is None:
        return session.message
    return session.run("P").state


def _setup(options: argparse.Namespace) -> list[str]:
    """The line-mode lines that deal the solved deal, before its moves."""
    if options.deck is None:
        return ["LD", "SR", "P"]
    name = str(options.deck)
    # LD takes the rest of the line; quotes keep spaces at the ends (or a quote) as they are.
    return [f'LD "{name}"' if name != name.strip() or name[0] in "'\"" else f"LD {name}", "P"]


def _line_mode(report: dict[str, Any]) -> str:
    """The command whose line mode takes the setup and moves as they are printed."""
    seed = [] if report["seed"] is None else ["--seed", str(report["seed"])]
    return shlex.join(["tableau", "yukon", "--plain", *seed, "--rules", report["rules"]])


def _report(verdict: Verdict, options: argparse.Namespace) -> dict[str, Any]:
    return {
        "verdict": verdict.kind,
        "nodes": verdict.nodes,
        "seconds": round(verdict.seconds, 3),
        "setup": _setup(options),
        "moves": [str(move) for move in verdict.moves],
        "seed": options.seed,
        "deck": None if options.deck is None else str(options.deck),
        "rules": options.rules,
        "budget_s": options.budget_s,
        "reason": verdict.reason,
    }


def _text(report: dict[str, Any]) -> str:
    deal = f"game {report['seed']}" if report["seed"] is not None else f"deck {report['deck']}"
    lines = [
        f"Deal: {deal}, {report['rules']} rules",
        f"Verdict: {report['verdict']}",
        f"Nodes: {report['nodes']}",
        f"Seconds: {report['seconds']:.3f}",
    ]
    if report["verdict"] == "won":
        lines.append(f"Moves: {len(report['moves'])}")
        lines.append(f"To replay, run {_line_mode(report)} and type (or paste) these lines:")
        lines += [*report["setup"], *report["moves"]]
    elif report["verdict"] == "lost":
        lines.append("No sequence of legal moves wins this deal.")
    else:
        lines.append(f"Reason: {_REASONS.get(report['reason'], report['reason'])} before the "
                     f"search could tell ({report['budget_s']:g} s, {DEFAULT_MAX_NODES} nodes).")
    return "\n".join(lines) + "\n"


def run(prog: str, options: argparse.Namespace) -> int:
    """Solve the deal the options name and print the verdict; the exit status."""
    state = _dealt(options)
    if isinstance(state, str):
        return refuse(prog, state)
    say(f"{prog}: solving for up to {options.budget_s:g} s (Ctrl+C stops).")
    verdict = solve(state, seconds=options.budget_s)
    report = _report(verdict, options)
    sys.stdout.write(json.dumps(report) + "\n" if options.json else _text(report))
    return 0
