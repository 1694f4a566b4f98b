"""What every `tableau GAME` command line shares: one parser, one way to read numbers, seeds
and lists, short echoes."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from typing import Final
from typing import NoReturn
from typing import TypeVar

from tableau.engines.rng import MAX_SEED

MAX_ECHO = 40
"""Characters of one argument a message may repeat; the rest is cut with an ellipsis."""

MAX_MESSAGE = 300


def shown(text: str) -> str:
    """``text`` as a message may echo it: each long word cut, and the whole kept short.

    A 120,000-character argument is repeated as its first 40 characters and "…".
    """
    cut = re.sub(rf"\S{{{MAX_ECHO + 1},}}", lambda long: long[0][:MAX_ECHO] + "…", text)
    return cut if len(cut) <= MAX_MESSAGE else cut[:MAX_MESSAGE] + "…"


def say(text: str) -> None:
    """One line on stderr, if stderr can take it (closed or full, it is skipped)."""
    stream = sys.stderr
    try:
        if stream is not None:
            try:
                print(text, file=stream, flush=True)
            except UnicodeEncodeError:
                # A stream stricter than Python's own stderr, and an argument the system could
                # not decode: escape what it cannot take, as Python's stderr would.
                encoding = getattr(stream, "encoding", None) or "utf-8"
                print(text.encode(encoding, "backslashreplace").decode(encoding), file=stream,
                      flush=True)
    except (OSError, ValueError):
        pass


class UsageError(Exception):
    """Bad arguments; str() is the sentence shown before exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse that raises UsageError instead of printing and exiting on bad arguments."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def refuse(prog: str, problem: object) -> int:
    """Say what was wrong with the arguments (echoes cut short) and give exit status 2."""
    say(f"{prog}: {shown(str(problem))}")
    return 2


MAX_DIGITS: Final = 19
"""Digits a number may have (2**63-1, the largest seed, has 19); a longer one is read as the
largest number it could be, so every range refuses it."""

_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


def whole(text: str) -> int | None:
    """``text`` (spaces around it allowed) as a whole number written with the digits 0-9 and
    an optional sign, the one way every number on tableau's command line and in its line
    modes is read; None for anything else: other scripts' digits (Python's int() takes ٣),
    1_000, 4.5, words. A number with more than MAX_DIGITS digits comes back as ±10**MAX_DIGITS,
    beyond every range, so a huge argument costs nothing to refuse."""
    written = text.strip()
    digits = written[1:] if written[:1] in ("+", "-") else written
    if not (digits.isascii() and digits.isdigit()):
        return None
    if len(digits) > MAX_DIGITS:
        return -(10**MAX_DIGITS) if written.startswith("-") else 10**MAX_DIGITS
    return int(written)


def decimal(text: str) -> float | None:
    """``text`` as a number of seconds written as ``whole`` reads numbers, with an optional
    decimal point (0.5, .5, 3); None for anything else (٣, 1e3, nan, inf, 1_0)."""
    written = text.strip()
    return float(written) if _DECIMAL.fullmatch(written) else None


def integer(text: str) -> int:
    """The argparse type of every whole-number option but --seed (--cpus, --players,
    --simulate, --packs, --jokers); each option then checks its own range."""
    value = whole(text)
    if value is None:
        raise argparse.ArgumentTypeError(
            f"'{shown(text)}' is not a whole number; write it with the digits 0 to 9, like 3."
        )
    if abs(value) >= 10**MAX_DIGITS:
        raise argparse.ArgumentTypeError(f"'{shown(text)}' is far too large.")
    return value


def seconds(text: str) -> float:
    """The argparse type of an option given in seconds (--delay); the option checks its range."""
    value = decimal(text)
    if value is None:
        raise argparse.ArgumentTypeError(
            f"'{shown(text)}' is not a number of seconds; write it with the digits 0 to 9, "
            "like 0.5."
        )
    return value


def name_list(text: str) -> list[str]:
    """The argparse type of a comma-separated list of names (--cpu careful,random): each
    name stripped of spaces. An empty one ("careful,,random", ",", "") is refused."""
    listed = [name.strip() for name in text.split(",")]
    if not all(listed):
        raise argparse.ArgumentTypeError(
            f"'{shown(text)}' has an empty name; separate the names with single commas."
        )
    return listed


def seed_in(numbers: range, top: str = "") -> Callable[[str], int]:
    """An argparse type for a seed from ``numbers`` (``top`` names the largest one briefly);
    every game words its refusal alike."""

    def seed(text: str) -> int:
        value = whole(text)
        if value is None or value not in numbers:
            raise argparse.ArgumentTypeError(
                f"'{shown(text)}' is not a seed; give a whole number from {numbers[0]} "
                f"to {top or numbers[-1]}."
            )
        return value

    return seed


seed = seed_in(range(MAX_SEED + 1), "2**63-1")
"""The seed rule of the games with hidden hands: a whole number from 0 to MAX_SEED. (Yukon's
deals are numbered: ``seed_in(GAME_NUMBERS)``.)"""



def take_cards(args: list[str]) -> tuple[str | None, list[str]]:
    """``--cards FACE`` (unicode, ascii or four-colour), which every full-screen command
    takes, and the other arguments. Raises UsageError for a face there is not."""
    if not any(arg == "--cards" or arg.startswith("--cards=") for arg in args):
        return None, args
    from tableau.ui.faces import FACES  # only when asked: the line modes start fast

    parser = Parser(prog="tableau", add_help=False, allow_abbrev=False)
    parser.add_argument("--cards", choices=FACES)
    known, rest = parser.parse_known_args(args)
    return known.cards, rest


T = TypeVar("T")


def read_arguments(
    prog: str, argv: list[str], parser: Parser, read: Callable[[argparse.Namespace], T]
) -> T | int:
    """``read`` of the parsed ``argv``, or the exit status to return at once: 2 when the
    arguments are refused (a UsageError, or a ValueError sentence from ``read``), said on
    stderr; 0 once --help has been printed."""
    try:
        return read(parser.parse_args(argv))
    except (UsageError, ValueError) as problem:
        return refuse(prog, problem)
    except SystemExit as leaving:  # --help has been printed
        return leaving.code if isinstance(leaving.code, int) else 0
