"""`tableau poker`: play five-card draw, or describe a hand with --describe."""

from __future__ import annotations

import argparse

from tableau.cards import Card
from tableau.cards import CardError
from tableau.cards import parse_card
from tableau.cli import open_app
from tableau.cli.args import Parser
from tableau.cli.args import read_arguments
from tableau.cli.args import seed
from tableau.cli.plain import in_letters
from tableau.engines.poker import describe
from tableau.sessions.poker import DEFAULT_CPUS
from tableau.sessions.poker import MAX_CPUS

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
    parser.add_argument("--cpus", type=int, default=None, metavar="N",
                        help=f"CPU players at the table, 1 to {MAX_CPUS} (default "
                             f"{DEFAULT_CPUS}); for play only")
    parser.add_argument("--seed", type=seed, default=None, metavar="S",
                        help="seed for the deal, 0 to 2**63-1, to replay a game; for play only")
    return parser


def read_cards(text: str) -> tuple[Card, ...]:
    """Cards in any form the app shows or the spec uses, separated by spaces or commas:
    "QH QS TD", "Q♥ Q♠ 10♦", "queen of hearts, ten of diamonds". Raises CardError."""
    words = in_letters(text).replace(",", " ").split()
    cards = []
    index = 0
    while index < len(words):
        if index + 2 < len(words) and words[index + 1].lower() == "of":
            cards.append(parse_card(" ".join(words[index : index + 3])))
            index += 3
        else:
            cards.append(parse_card(words[index]))
            index += 1
    return tuple(cards)


def describe_line(text: str) -> str:
    """The description of the cards in ``text``; raises ValueError with a sentence."""
    if len(text) > MAX_INPUT:
        raise ValueError("That is far too long to be a poker hand.")
    try:
        cards = read_cards(text)
    except CardError as error:
        raise ValueError(str(error)) from None
    if not cards:
        raise ValueError('No cards given; write them like "QH QS TD 7S 4C".')
    if len(cards) > 5:
        raise ValueError(f"A poker hand has at most 5 cards, not {len(cards)}.")
    seen: set[str] = set()
    for card in cards:
        if str(card) in seen:
            raise ValueError(f"{card} appears twice; a hand holds each card once.")
        seen.add(str(card))
    return describe(cards)


def _describe(args: argparse.Namespace) -> int:
    """--describe: print the hand's name (exit status 0); a ValueError sentence refuses it."""
    unused = [option for option, value in (("--cpus", args.cpus), ("--seed", args.seed))
              if value is not None]
    if unused:
        raise ValueError(f"--describe only names a hand; leave out {' and '.join(unused)}.")
    print(describe_line(" ".join(args.describe)))
    return 0


def _table_options(args: argparse.Namespace) -> dict[str, object]:
    cpus = DEFAULT_CPUS if args.cpus is None else args.cpus
    if not 1 <= cpus <= MAX_CPUS:
        raise ValueError(f"--cpus must be 1 to {MAX_CPUS}, not {cpus}.")
    return {"cpus": cpus, "seed": args.seed}


def main(argv: list[str]) -> int:
    options = read_arguments(PROG, argv, _parser(), lambda args: _describe(args)
                             if args.describe is not None else _table_options(args))
    return options if isinstance(options, int) else open_app("poker", **options)
