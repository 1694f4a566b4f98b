"""`tableau yukon`: the Yukon table, or with ``--plain`` the spec's line mode.

Line mode reads one command per line from stdin and, before the first command and after each
one, prints the spec's text view (see ``tableau.cli.yukon_text.render_text``). It is the
scripting and screen-reader interface, so what it prints never depends on the terminal: after
reading a line it always writes a newline, whether or not the input was echoed. It stops on
``QQ`` or at the end of the input. The seed in use is printed on stderr, and the first
``Message:`` names the commands that deal its game, as the TUI does.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TextIO

from tableau.cli import open_app
from tableau.cli import plain
from tableau.cli import standard_input
from tableau.cli import working_folder
from tableau.cli.args import Parser
from tableau.cli.args import read_arguments
from tableau.cli.args import say
from tableau.cli.args import seed_in
from tableau.cli.plain import Lines
from tableau.cli.yukon_solve import add_options as add_solve_options
from tableau.cli.yukon_solve import checked as solve_checked
from tableau.cli.yukon_solve import run as solve
from tableau.cli.yukon_text import render_text
from tableau.engines.yukon import GAME_NUMBERS
from tableau.engines.yukon import RULES
from tableau.engines.yukon import Config
from tableau.sessions.seeds import fresh_game_number
from tableau.sessions.yukon import YukonSession
from tableau.sessions.yukon import welcome

PROG = "tableau yukon"


def _parser() -> Parser:
    parser = Parser(
        prog=PROG,
        description="Yukon solitaire. Without --plain it opens the full-screen table.",
    )
    parser.add_argument(
        "--plain", action="store_true",
        help="line mode: read commands from stdin and print the text view after each one",
    )
    parser.add_argument(
        "--seed", type=seed_in(GAME_NUMBERS),
        help=f"game number, from {GAME_NUMBERS[0]} to {GAME_NUMBERS[-1]}: the TUI opens that game "
        "dealt; line mode shuffles with it, so LD, SR, P deals the same game (default: random)",
    )
    parser.add_argument("--deck", type=Path, help="deck file to load at the start (as LD FILE)")
    parser.add_argument(
        "--rules", choices=RULES, default="spec",
        help="spec: a different suit; classic: alternating colours; russian: the same suit",
    )
    add_solve_options(parser)
    return parser


def run_plain(session: YukonSession, stdin: TextIO, stdout: TextIO) -> int:
    """The line-mode loop: the view (ending in its INPUT prompt), a command, until QQ or the
    end of the input. Returns the exit status (0)."""
    return plain.play(partial(_play, session), stdin, stdout)


def _play(session: YukonSession, lines: Lines) -> None:
    while True:
        session.run(lines.ask(render_text(session)))
        if session.quit:
            lines.show(render_text(session))
            return


def main(argv: list[str]) -> int:
    options = read_arguments(PROG, argv, _parser(), solve_checked)
    if isinstance(options, int):
        return options
    if options.solve:
        return solve(PROG, options)
    chosen = options.seed is not None
    seed = options.seed if chosen else fresh_game_number()
    if not options.plain:
        return open_app("yukon", seed=seed, deck=options.deck, rules=options.rules, deal=chosen)
    stdin = standard_input()
    session = YukonSession.start(Config(seed=seed, rules=options.rules), working_folder(),
                                 options.deck)
    say(f"{PROG}: seed {seed}")
    if options.deck is not None and session.state.deck is None:
        say(f"{PROG}: {session.message}")
        return 2
    if not session.message:
        session.message = welcome(seed)
    return plain.run(partial(_play, session), stdin)
