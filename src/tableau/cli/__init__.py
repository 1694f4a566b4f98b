"""Command line: `tableau` opens the menu; `tableau GAME ...` goes to one game.

Each game has its own module here (tableau.cli.yukon, ...) with ``main(argv) -> int``.
Modules are imported only when asked for, so start-up stays fast. ``main`` turns what the
environment does wrong (a closed or full stream, a deleted working folder, Ctrl-C) into one
sentence on stderr and the exit status listed in USAGE, never a traceback.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from typing import Any
from typing import TextIO

from tableau.cli.args import UsageError
from tableau.cli.args import refuse
from tableau.cli.args import say
from tableau.cli.args import shown
from tableau.cli.args import take_cards
from tableau.registry import GAMES

DONE = 0
ENVIRONMENT_FAILED = 1
BAD_ARGUMENTS = 2
INTERRUPTED = 130

USAGE = """usage: tableau [GAME] [options]

Open the menu, or go straight to a game:
  tableau yukon    [--seed N] [--deck FILE] [--rules spec|classic|russian] [--plain]
  tableau yukon    --solve (--seed N | --deck FILE) [--rules R] [--budget-s S] [--json]
  tableau pesten   [--simulate N ...] [--plain]
  tableau gofish   [--cpus N] [--level easy|pro] [--seed S] [--delay SECONDS] [--plain]
  tableau gofish   --simulate N [--players P] [--cpu pro,easy,...] [--seed S] [--json]
  tableau poker    [--cpus N] [--seed S] [--plain] [--describe "QH QS TD 7S 4C"]
Or print the statistics of the finished games:
  tableau stats    [--json]
Or play in a web browser, each tab its own app:
  tableau serve    [--host 127.0.0.1] [--port 8000]
Or play with friends, each at their own screen (Pesten, Go Fish, Poker):
  tableau table    pesten|gofish|poker [--plain]
  tableau join     CODE [--plain]

On screen, --cards unicode|ascii|four-colour chooses the card faces for this run.

Add --help after a game for its options. A seed is a whole number from 0 to 2**63-1.
Go Fish, Poker and Pesten never show their seed while a game goes on: it deals every hand.

Exit status: 0 done; 1 the environment failed (a closed or full input or output, the
full-screen table with no terminal for its keys, a working folder that no longer exists,
or a database stats cannot read); 2 bad arguments (and a port serve cannot listen on);
130 stopped with Ctrl-C.
"""


class Unavailable(Exception):
    """The environment lacks what the command needs; str() is the sentence to show."""


def working_folder() -> Path:
    """The folder saves and decks are relative to; it may have been deleted under us."""
    try:
        return Path.cwd()
    except FileNotFoundError:
        raise Unavailable(
            "the working folder no longer exists; change to a folder that does and start again."
        ) from None


def standard_input() -> TextIO:
    if sys.stdin is None:
        raise Unavailable("standard input is closed, so there is nothing to read commands from.")
    return sys.stdin


asked_face: str | None = None
"""The card faces ``--cards`` asked for on this command line (taken out before the game's
own parser sees it)."""


def open_app(start: str | None = None, **options: Any) -> int:
    """Run the full-screen app (at the game ``start``, else the menu) once the terminal and
    the working folder are there."""
    standard_input()
    folder = working_folder()
    from tableau.ui.app import run_app

    code: int = run_app(start=start, folder=folder, cards=asked_face, **options)
    return code


def _drop_output() -> None:
    """Point stdout at the null device, so nothing fails again when Python exits."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
    except (OSError, AttributeError, ValueError):
        pass


def _dispatch(args: list[str]) -> int:
    global asked_face
    try:
        asked_face, args = take_cards(args)
    except UsageError as problem:
        return refuse("tableau", problem)
    if args and args[0] in ("-h", "--help"):
        print(USAGE, end="")
        return DONE
    if not args:
        return open_app()
    game, rest = args[0], args[1:]
    if game not in (*GAMES, "stats", "serve", "table", "join"):
        say(f"tableau: unknown game '{shown(game)}'; choose one of {', '.join(GAMES)}, "
            "stats, serve, table or join (tableau --help tells more).")
        return BAD_ARGUMENTS
    if game == "join":  # a table's other half: tableau.cli.table
        from tableau.cli.table import join

        return join(rest)
    module = importlib.import_module(f"tableau.cli.{game}")
    code: int = module.main(rest)
    return code


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    try:
        if sys.stdout is None:
            raise Unavailable("standard output is closed, so nothing could be shown.")
        code = _dispatch(args)
        sys.stdout.flush()  # a full disk shows here, not as a traceback at exit
        return code
    except KeyboardInterrupt:
        say("tableau: stopped (Ctrl-C).")
        return INTERRUPTED
    except Unavailable as problem:
        say(f"tableau: {problem}")
        return ENVIRONMENT_FAILED
    except BrokenPipeError:  # the reader went away (`| head`): nothing is lost
        _drop_output()
        return DONE
    except OSError as problem:
        _drop_output()
        say(f"tableau: stopped: {problem.strerror or type(problem).__name__}.")
        return ENVIRONMENT_FAILED
