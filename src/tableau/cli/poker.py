"""`tableau poker`: play five-card draw, or describe a hand with --describe."""

from __future__ import annotations

from tableau.cards import CardError, parse_cards
from tableau.cli import open_app
from tableau.cli.args import Parser, UsageError, refuse, seed
from tableau.engines.poker import describe

MAX_INPUT = 200


PROG = "tableau poker"


def _parser() -> Parser:
    parser = Parser(
        prog=PROG,
        description="Five-card draw poker, fixed limit, against 1 to 5 CPU players.",
    )
    parser.add_argument("--describe", metavar="CARDS",
                        help='name a hand and exit, e.g. --describe "QH QS TD 7S 4C"')
    parser.add_argument("--cpus", type=int, default=3, metavar="N",
                        help="CPU players at the table, 1 to 5 (default 3)")
    parser.add_argument("--seed", type=seed, default=None, metavar="S",
                        help="seed for the deal, 0 to 2**63-1, to replay a game")
    return parser


def describe_line(text: str) -> str:
    """The description of the cards in ``text``; raises ValueError with a sentence."""
    if len(text) > MAX_INPUT:
        raise ValueError("That is far too long to be a poker hand.")
    try:
        cards = parse_cards(text)
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


def main(argv: list[str]) -> int:
    try:
        args = _parser().parse_args(argv)
    except UsageError as problem:
        return refuse(PROG, problem)
    except SystemExit as stop:  # --help
        return stop.code if isinstance(stop.code, int) else 0
    if args.describe is not None:
        try:
            print(describe_line(args.describe))
        except ValueError as error:
            return refuse(PROG, error)
        return 0
    if not 1 <= args.cpus <= 5:
        return refuse(PROG, f"--cpus must be 1 to 5, not {args.cpus}.")
    return open_app("poker", cpus=args.cpus, seed=args.seed)
