"""What every ``tableau GAME --plain`` line mode shares: reading lines, asking, ending.

A line mode reads one command per line from stdin and writes plain text to stdout, for
scripts and screen readers. The rules are the same for every game:

- an input line longer than ``MAX_LINE`` characters is cut there (the rest is skipped);
- undecodable input bytes, and characters the output encoding lacks, are replaced;
- after reading a line a newline is always written, whether or not the terminal echoed the
  input, so the output reads the same on a terminal, in a pipe and in a file;
- at the end of the input the game stops cleanly: a final newline and exit status 0;
- Ctrl-C ends the prompt's line and goes on to ``tableau.cli`` (one sentence, status 130).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from contextlib import suppress
from typing import Any
from typing import Final
from typing import TextIO
from typing import TypeVar

from tableau.cards import AnyCard
from tableau.cli import open_app
from tableau.cli import standard_input
from tableau.cli.args import say
from tableau.cli.args import whole
from tableau.sessions.seeds import fresh_seed

MAX_LINE: int = 64 * 1024
"""Longer input lines are cut before they reach a game."""


SUIT_LETTERS: Final = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S",
                                     "♧": "C", "♢": "D", "♡": "H", "♤": "S"})
"""The suit glyphs the table draws (and their outline forms), as the spec's letters."""


GLYPH_BEFORE_NOUN: Final = re.compile("[♣♦♥♠♧♢♡♤] (?=clubs|diamonds|hearts|spades)")
"""A glyph the table draws before its own suit's noun ("names ♠ spades")."""


def in_letters(text: str) -> str:
    """``text`` with suit glyphs as letters ("10♥" -> "10H"): line mode is plain text, for
    every terminal and screen reader. A glyph before its own noun goes ("names spades", not
    "names S spades")."""
    return GLYPH_BEFORE_NOUN.sub("", text).translate(SUIT_LETTERS)


def card_text(card: AnyCard) -> str:
    """A card as line mode writes it: "10H", "AS", "JK" (the table's face, in letters)."""
    return in_letters(card.face)


def cards_text(cards: Iterable[AnyCard]) -> str:
    return " ".join(map(card_text, cards))


class EndOfInput(Exception):
    """The input ended: the line mode stops (exit status 0)."""


class Quit(Exception):
    """The player chose to stop (q or quit, and yes if asked): the line mode says goodbye as
    after a finished game."""


QUIT_WORDS: Final = ("q", "quit")
HELP_WORDS: Final = ("help", "?")


def read_line(stdin: TextIO) -> str | None:
    """The next line without its line ending, cut at ``MAX_LINE``; None at the end."""
    line = stdin.readline(MAX_LINE)
    if not line:
        return None
    if not line.endswith("\n"):
        # Skip the rest of an overlong line.
        while True:
            rest = stdin.readline(MAX_LINE)
            if not rest or rest.endswith("\n"):
                break
    return line.rstrip("\r\n")


T = TypeVar("T")


class Lines:
    """The line mode's conversation: ``show`` text, ``ask`` for a line."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin = stdin
        self.stdout = stdout

    def show(self, text: str = "") -> None:
        """Write ``text`` and a newline."""
        self.stdout.write(text + "\n")

    def ask(self, prompt: str) -> str:
        """Write ``prompt``, read one line (then always write a newline) and return it
        without its line ending; raises EndOfInput at the end of the input."""
        self.stdout.write(prompt)
        self.stdout.flush()
        line = read_line(self.stdin)
        self.stdout.write("\n")
        self.stdout.flush()
        if line is None:
            raise EndOfInput
        return line

    def choose(self, prompt: str, read: Callable[[str], T],
               words: Mapping[str, Callable[[], object]] | None = None) -> T:
        """Ask until ``read`` accepts the answer; ``read`` raises ValueError with the
        sentence to show (and the question is asked again). ``words`` are commands that may
        be typed instead of an answer ("help", "quit": any case): each runs its function,
        and the question is asked again."""
        while True:
            answer = self.ask(prompt).strip()
            command = (words or {}).get(answer.lower())
            if command is not None:
                command()
                continue
            try:
                return read(answer)
            except ValueError as problem:
                self.show(str(problem))


def whole_number(text: str, numbers: range, what: str) -> int:
    """``text`` as a whole number from ``numbers``; ValueError otherwise, with the seed's
    test plan's sentences: nothing typed, anything that is not a whole number (words,
    fractions), and numbers out of range are each answered in their own words."""
    low, high = numbers[0], numbers[-1]
    wanted = (f"type {what}, a whole number from {low} to {high}" if low != high
              else f"type {low} ({what})")
    text = text.strip()
    if not text:
        raise ValueError(f"Nothing was typed; {wanted}.")
    value = whole(text)
    if value is None:
        # One wording for words, fractions, 3.0, nan and inf alike (the seed asks for a
        # whole number again in every case).
        raise ValueError(f"'{shown_input(text)}' is not a whole number; {wanted}.")
    if value not in numbers:
        raise ValueError(f"{shown_input(text)} is out of range; {wanted}.")
    return value


def tell_seed(prog: str, seed: int) -> None:
    """Once the games of a line mode with hidden hands are over (never sooner: the seed gives
    every hand away), the seed they were dealt from, on stderr, for a replay."""
    say(f"{prog}: these games were dealt from seed {seed}; --seed {seed} deals them again.")


def yes_or_no(text: str) -> bool:
    """yes/y or no/n (any case); ValueError with a sentence otherwise."""
    word = text.lower()
    if word in ("y", "yes"):
        return True
    if word in ("n", "no"):
        return False
    raise ValueError("Please answer yes or no.")


def shown_input(text: str, length: int = 20) -> str:
    """A typed answer as a sentence may repeat it: short, and without control characters."""
    clean = "".join(char if char.isprintable() else "?" for char in text)
    return clean if len(clean) <= length else clean[:length] + "…"


def numbered(items: Sequence[str], start: int = 1) -> list[str]:
    """ "1. first", "2. second" ... (an option list a screen reader reads well)."""
    return [f"{number}. {item}" for number, item in enumerate(items, start=start)]


def play(game: Callable[[Lines], None], stdin: TextIO, stdout: TextIO) -> int:
    """Play ``game`` on these streams until it ends or the input does; exit status 0."""
    with suppress(EndOfInput):
        game(Lines(stdin, stdout))
    stdout.flush()
    return 0


def run(game: Callable[[Lines], None], stdin: TextIO | None = None) -> int:
    """``play`` on stdin and stdout, made safe for any bytes; exit status 0."""
    stdin = standard_input() if stdin is None else stdin
    stdout = sys.stdout
    # Undecodable input bytes, and characters the output encoding lacks, are replaced
    # instead of raising.
    for stream in (stdin, stdout):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    try:
        return play(game, stdin, stdout)
    except KeyboardInterrupt:
        stdout.write("\n")  # end the prompt's line; tableau.cli says why and exits 130
        raise


def app_or_plain(
    game: str, options: dict[str, Any] | int,
    plain_game: Callable[[dict[str, Any], int], Callable[[Lines], None]],
) -> int:
    """A game's ``main`` once its arguments are read (``options``, or the exit status to
    return at once): the app at ``game``, or with --plain ``plain_game(options, seed)`` on
    the terminal."""
    if isinstance(options, int):
        return options
    if not options.pop("plain"):
        return open_app(game, **options)
    # The seed deals every hand: it is told only once the games are over (tell_seed).
    first_seed = options["seed"] if options["seed"] is not None else fresh_seed()
    return run(plain_game(options, first_seed))
