"""`tableau poker`: play five-card draw, or describe a hand with --describe.

``--plain`` plays the same session as the table in line mode: the table as text after each
change (``tableau.cli.poker_text``), every line of the history as it happens, and typed
commands for the betting and the draw (``help`` lists them). At game over, yes deals a new
game and no stops.
"""

from __future__ import annotations

import argparse
from functools import partial
from typing import Any

from tableau.cards import Card
from tableau.cards import CardError
from tableau.cards import card_names
from tableau.cards import parse_card
from tableau.cli import plain
from tableau.cli.args import Parser
from tableau.cli.args import integer
from tableau.cli.args import read_arguments
from tableau.cli.args import seed
from tableau.cli.plain import Lines
from tableau.cli.plain import in_letters
from tableau.cli.plain import yes_or_no
from tableau.cli.poker_text import HELP
from tableau.cli.poker_text import read_command
from tableau.cli.poker_text import render_table
from tableau.cli.poker_text import turn_prompt
from tableau.engines.poker import Draw
from tableau.engines.poker import Move
from tableau.engines.poker import NextHand
from tableau.engines.poker import describe
from tableau.engines.poker.wording import history_lines
from tableau.sessions.poker import DEFAULT_CPUS
from tableau.sessions.poker import MAX_CPUS
from tableau.sessions.poker import PokerSession
from tableau.ui.controls.poker import NO_ADVICE
from tableau.ui.controls.poker import advice_available
from tableau.ui.controls.poker import advice_text
from tableau.ui.controls.poker import drew_text

MAX_INPUT = 200


PROG = "tableau poker"


def _parser() -> Parser:
    parser = Parser(
        prog=PROG,
        description="Five-card draw poker, fixed limit, against 1 to 5 CPU players. "
                    "--describe names a hand and exits; it takes no other option.",
    )
    parser.add_argument("--describe", metavar="CARD", nargs="+",
                        help='name a hand and exit: QH QS TD 7S 4C, "Q♥ Q♠ 10♦ 7♠ 4♣" or '
                             '"queen of hearts, queen of spades, ..." (quoted or not)')
    parser.add_argument("--cpus", type=integer, default=None, metavar="N",
                        help=f"CPU players at the table, 1 to {MAX_CPUS} (default "
                             f"{DEFAULT_CPUS}); for play only")
    parser.add_argument("--seed", type=seed, default=None, metavar="S",
                        help="seed for the deal, 0 to 2**63-1, to replay a game; for play only")
    parser.add_argument("--plain", action="store_true",
                        help="line mode: play on stdin and stdout with typed commands "
                             "(help lists them)")
    return parser


def describe_line(text: str) -> str:
    """The description of the cards in ``text``, in any form the app shows or the spec uses,
    separated by spaces or commas: "QH QS TD", "Q♥ Q♠ 10♦", "queen of hearts, knave of
    diamonds". Raises ValueError with a sentence."""
    if len(text) > MAX_INPUT:
        raise ValueError("That is far too long to be a poker hand.")
    names = card_names(in_letters(text))
    try:
        cards = tuple(parse_card(name) for name in names)
    except CardError as error:
        raise ValueError(str(error)) from None
    if not cards:
        raise ValueError('No cards given; write them like "QH QS TD 7S 4C".')
    if len(cards) > 5:
        raise ValueError(f"A poker hand has at most 5 cards, not {len(cards)}.")
    seen: dict[Card, str] = {}
    for name, card in zip(names, cards, strict=True):
        # The player's own spelling: "10H appears twice", never our "TH".
        if card in seen:
            first = seen[card]
            twice = (f"{name} appears twice" if first.lower() == name.lower()
                     else f"{first} and {name} are the same card")
            raise ValueError(f"{twice}; a hand holds each card once.")
        seen[card] = name
    return describe(cards)


def _describe(args: argparse.Namespace) -> int:
    """--describe: print the hand's name (exit status 0); a ValueError sentence refuses it."""
    unused = [option for option, value in (("--cpus", args.cpus), ("--seed", args.seed),
                                            ("--plain", args.plain or None))
              if value is not None]
    if unused:
        raise ValueError(f"--describe only names a hand; leave out {' and '.join(unused)}.")
    print(describe_line(" ".join(args.describe)))
    return 0


def _table_options(args: argparse.Namespace) -> dict[str, Any]:
    cpus = DEFAULT_CPUS if args.cpus is None else args.cpus
    if not 1 <= cpus <= MAX_CPUS:
        raise ValueError(f"--cpus must be 1 to {MAX_CPUS}, not {cpus}.")
    return {"cpus": cpus, "seed": args.seed, "plain": args.plain}


# ------------------------------------------------------------------ line mode


def play_plain(session: PokerSession, lines: Lines) -> None:
    """Play in line mode until the player stops after a game (or the input ends)."""
    printed = 0  # lines of the game's history shown so far
    while True:
        printed = _news(session, lines, printed)
        if session.is_over():
            title, standings = session.ending()
            lines.show(title)
            for line in standings:
                lines.show(line)
            if not lines.choose("Play again? (yes/no) > ", yes_or_no):
                lines.show("Thanks for playing.")
                plain.tell_seed(PROG, session.first_seed)
                return
            session.new_game()
            printed = 0
        elif (step := session.cpu_step()) is not None:
            session.play_cpu(step)
        else:
            lines.show(render_table(session.view(session.you)))
            _your_turn(session, lines)


def _news(session: PokerSession, lines: Lines, printed: int) -> int:
    """Show the history's lines after the first ``printed``, in your words; how many lines
    have been shown now."""
    history = history_lines(session.view(session.you))
    for line in history[printed:]:
        lines.show(in_letters(line))
    return len(history)


def read_move(session: PokerSession, seat: int, lines: Lines) -> Move:
    """Read ``seat``'s commands until one is a move (help, table and advice are answered)."""
    while True:
        view = session.view(seat)
        try:
            request = read_command(lines.ask(turn_prompt(view)), view)
        except ValueError as problem:
            lines.show(str(problem))
            continue
        if request == "help":
            lines.show(HELP)
        elif request == "table":
            lines.show(render_table(view))
        elif request == "advice":
            lines.show(_advice(session, seat))
        else:
            assert not isinstance(request, str)
            return request


def show_and_read(session: PokerSession, seat: int, lines: Lines) -> Move:
    """At a shared table: ``seat``'s table, then its next move."""
    lines.show(render_table(session.view(seat)))
    return read_move(session, seat, lines)


def end_lines(session: PokerSession, viewer: int) -> list[str]:
    """The end of the game as ``viewer`` reads it (a hand's end is in the news already)."""
    if not session.is_over():
        return []
    title, standings = session.ending(viewer)
    return [title, *standings]


def deal_on(session: PokerSession) -> NextHand | None:
    """The move that deals the next hand; None once the game is over (the table ends)."""
    return None if session.is_over() else NextHand()


def _your_turn(session: PokerSession, lines: Lines) -> None:
    """Read commands until one moves the game on."""
    while True:
        before = session.view(session.you).hand
        request = read_move(session, session.you, lines)
        answer = session.act(session.you, request)
        if answer.refusal is not None:
            lines.show(in_letters(answer.refusal))
            continue
        drawn = [card for card in session.view(session.you).hand if card not in before]
        if isinstance(request, Draw) and drawn:
            lines.show(in_letters(drew_text(request.discards, drawn)))
        return


def _advice(session: PokerSession, seat: int) -> str:
    if not advice_available(session.view(seat)):
        return NO_ADVICE
    return in_letters(advice_text(session.advice(seat)))


def main(argv: list[str]) -> int:
    options = read_arguments(PROG, argv, _parser(), lambda args: _describe(args)
                             if args.describe is not None else _table_options(args))
    return plain.app_or_plain("poker", options, lambda options, seed: partial(
        play_plain, PokerSession.table(options["cpus"], seed)))
