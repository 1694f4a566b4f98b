"""Command line: `tableau` opens the menu; `tableau GAME ...` goes to one game.

Each game has its own module here (tableau.cli.yukon, ...) with ``main(argv) -> int``.
Modules are imported only when asked for, so start-up stays fast.
"""

from __future__ import annotations

import importlib
import sys

GAMES = ("yukon", "pesten", "gofish", "poker")

USAGE = """usage: tableau [GAME] [options]

Open the menu, or go straight to a game:
  tableau yukon    [--seed N] [--deck FILE] [--rules spec|classic|russian] [--plain]
  tableau pesten   [--simulate N ...]
  tableau gofish   [--cpus N] [--seed S] [--simulate N ...]
  tableau poker    [--cpus N] [--seed S] [--describe "QH QS TD 7S 4C"]

Add --help after a game for its options.
"""


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in ("-h", "--help"):
        print(USAGE, end="")
        return 0
    if not args:
        from tableau.ui.app import run_app

        return run_app()
    game, rest = args[0], args[1:]
    if game not in GAMES:
        print(f"tableau: unknown game '{game[:40]}'.\n\n{USAGE}", end="", file=sys.stderr)
        return 2
    try:
        module = importlib.import_module(f"tableau.cli.{game}")
    except ModuleNotFoundError:
        print(f"tableau: {game} is not available yet.", file=sys.stderr)
        return 2
    code: int = module.main(rest)
    return code
