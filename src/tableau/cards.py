"""Cards as frozen values: suits, ranks, the joker, parsing, formatting and deck files.

Two-letter form: rank letter then suit letter ("AC", "TD", "KS"); the joker is "JK".
Long form: "ace of clubs", "ten of diamonds", "deuce of clubs", "joker".
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from pathlib import Path
from typing import ClassVar, Final, NoReturn


class CardError(ValueError):
    """Text that does not name a card. str() is a sentence for the player."""


class DeckError(ValueError):
    """A deck file that cannot be used. str() is a sentence for the player."""


class Suit(Enum):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    # Members are singletons: identity hashing is correct and much faster than Enum's.
    __hash__ = object.__hash__

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_INDEX[self] < _SUIT_INDEX[other]

    @property
    def letter(self) -> str:
        return self.value

    @property
    def glyph(self) -> str:
        return _SUIT_GLYPHS[self]

    @property
    def noun(self) -> str:
        """Plural English name: "clubs"."""
        return self.name.lower()

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


_SUIT_GLYPHS: Final = {
    Suit.CLUBS: "♣",
    Suit.DIAMONDS: "♦",
    Suit.HEARTS: "♥",
    Suit.SPADES: "♠",
}

# The spec's deck order: clubs, diamonds, hearts, spades.
SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_SUIT_INDEX: Final = {suit: index for index, suit in enumerate(SUITS)}


class Rank(IntEnum):
    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        return _RANK_LETTERS[self - 1]

    @property
    def noun(self) -> str:
        """English name, with the 2 as "deuce"."""
        return _RANK_NOUNS[self - 1]

    @property
    def plural(self) -> str:
        """Correct English plural: "sixes", "deuces", "aces"."""
        noun = self.noun
        return noun + "es" if noun.endswith("x") else noun + "s"


_RANK_LETTERS: Final = "A23456789TJQK"
_RANK_NOUNS: Final = (
    "ace", "deuce", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "jack", "queen", "king",
)
RANKS: Final = tuple(Rank)


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card. Orders by rank, then suit (clubs, diamonds, hearts, spades).

    ``index`` (0-51) is the card's place in the unshuffled deck; it makes hashing and
    ordering fast, which the engines' move generators rely on.
    """

    rank: Rank
    suit: Suit
    index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        rank, suit = Rank(self.rank), Suit(self.suit)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "index", _SUIT_INDEX[suit] * 13 + rank - 1)

    def __hash__(self) -> int:
        return self.index

    def _order(self) -> int:
        return int(self.rank) * 4 + _SUIT_INDEX[self.suit]

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._order() < other._order()

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._order() <= other._order()

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._order() > other._order()

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._order() >= other._order()

    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter

    @property
    def code(self) -> str:
        """The spec's two-letter form, "TD"."""
        return str(self)

    @property
    def long_name(self) -> str:
        return f"{self.rank.noun} of {self.suit.noun}"

    @property
    def face(self) -> str:
        """Rank and suit glyph for the screen: "10♦", "A♠"."""
        rank = "10" if self.rank is Rank.TEN else self.rank.letter
        return rank + self.suit.glyph

    @property
    def is_red(self) -> bool:
        return self.suit.is_red


@dataclass(frozen=True, slots=True)
class Joker:
    """A joker. All jokers are alike; a state may hold several."""

    index: ClassVar[int] = 52
    """Just after the 52 cards, so that code indexing by ``Card.index`` needs no special case."""

    def __str__(self) -> str:
        return "JK"

    @property
    def code(self) -> str:
        return "JK"

    @property
    def long_name(self) -> str:
        return "joker"

    @property
    def face(self) -> str:
        return "JK"


JOKER: Final = Joker()
AnyCard = Card | Joker

FULL_DECK: Final = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
"""The unshuffled deck in the spec's order: clubs A-K, diamonds, hearts, spades."""

_BY_CODE: Final = {card.code: card for card in FULL_DECK}
_BY_LONG: Final = {card.long_name: card for card in FULL_DECK}
_RANK_ALIASES: Final = {"10": "T"}


def parse_card(text: str) -> Card:
    """Parse "AC", "td", "10h" or "ten of diamonds". Raises CardError."""
    cleaned = " ".join(text.strip().split()).lower()
    if not cleaned:
        raise CardError("No card given.")
    long_name = cleaned.replace("two of ", "deuce of ", 1)
    if long_name in _BY_LONG:
        return _BY_LONG[long_name]
    code = cleaned.upper().replace(" ", "")
    rank_part, suit_part = code[:-1], code[-1:]
    code = _RANK_ALIASES.get(rank_part, rank_part) + suit_part
    if code in _BY_CODE:
        return _BY_CODE[code]
    return _raise_unknown(text)


def _raise_unknown(text: str) -> NoReturn:
    shown = shorten(text.strip())
    raise CardError(f"'{shown}' is not a card; write rank then suit, like AC, TD or KS.")


def parse_any_card(text: str) -> AnyCard:
    """Like parse_card, but also accepts the joker ("JK", "joker")."""
    if text.strip().lower() in ("jk", "joker"):
        return JOKER
    return parse_card(text)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas: "QH QS TD 7S 4C"."""
    parts = text.replace(",", " ").split()
    return tuple(parse_card(part) for part in parts)


# ---------------------------------------------------------------- deck files

MAX_DECK_FILE_BYTES: Final = 64 * 1024
"""A 52-line deck is a few hundred bytes; anything this large is not a deck."""


def parse_deck(text: str) -> tuple[Card, ...]:
    """Validate the lines of a deck file and return its cards, top first.

    Surrounding spaces and blank lines at the end are tolerated. Raises DeckError naming
    the first problem and its line number (lines count from 1, split at newlines only).
    """
    lines = [line.rstrip("\r") for line in text.split("\n")]
    while lines and not lines[-1].strip():
        lines.pop()
    seen: dict[Card, int] = {}
    cards: list[Card] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            raise DeckError(f"Line {number} is empty; a deck file has one card per line.")
        if len(cards) == len(FULL_DECK):
            raise DeckError(f"Line {number}: too many cards; a deck has {len(FULL_DECK)}.")
        try:
            card = parse_card(line)
        except CardError:
            raise DeckError(f"Line {number}: '{shorten(line.strip())}' is not a card.") from None
        if card in seen:
            raise DeckError(
                f"Line {number}: {card} appears twice (first on line {seen[card]})."
            )
        seen[card] = number
        cards.append(card)
    if len(cards) < len(FULL_DECK):
        missing = next(card for card in FULL_DECK if card not in seen)
        raise DeckError(
            f"Line {len(lines) + 1}: the deck ends after {len(cards)} cards; "
            f"it needs {len(FULL_DECK)} (missing {missing})."
        )
    return tuple(cards)


def format_deck(cards: tuple[Card, ...] | list[Card]) -> str:
    """The deck file format: one two-letter card per line."""
    return "".join(f"{card}\n" for card in cards)


def shorten(text: str, limit: int = 20) -> str:
    """Text to echo in a message: printable, on one line, at most ``limit`` characters."""
    cleaned = "".join(char if char.isprintable() else " " for char in text[: limit + 1])
    return cleaned if len(cleaned) <= limit else cleaned[: limit - 1] + "…"


def _shown_name(path: str | os.PathLike[str], name: str | None) -> str:
    return shorten(os.fspath(path) if name is None else name, 40)


class FileProblem(ValueError):
    """A file that cannot be read or written. str() is a sentence for the player."""


def read_small_text(
    path: str | os.PathLike[str], what: str, limit: int, *, name: str | None = None
) -> str:
    """Read a small UTF-8 text file. Raises FileProblem with one clear sentence.

    ``name`` is how the file is called in messages (default: the path). Folders, devices,
    files over ``limit`` bytes and binary files are refused without reading them whole.
    """
    shown = _shown_name(path, name)
    try:
        target = Path(path)
        status = target.stat()
        if stat.S_ISDIR(status.st_mode):
            raise FileProblem(f"{shown} is a folder, not a {what}.")
        if not stat.S_ISREG(status.st_mode):
            raise FileProblem(f"{shown} is not a regular file, so it is not a {what}.")
        if status.st_size > limit:
            raise FileProblem(f"{shown} is too large to be a {what} ({status.st_size} bytes).")
        with target.open("rb") as stream:
            data = stream.read(limit + 1)
    except FileProblem:
        raise
    except FileNotFoundError:
        raise FileProblem(f"The file {shown} does not exist.") from None
    except PermissionError:
        raise FileProblem(f"The file {shown} cannot be read (permission denied).") from None
    except OSError as error:
        reason = error.strerror or "input/output error"
        raise FileProblem(f"The file {shown} cannot be read ({reason}).") from None
    except ValueError:
        raise FileProblem(f"'{shown}' is not a usable file name.") from None
    if len(data) > limit:
        raise FileProblem(f"{shown} is too large to be a {what}.")
    if b"\x00" in data:
        raise FileProblem(f"{shown} is a binary file, not a {what}.")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FileProblem(f"{shown} is not a text file, so it is not a {what}.") from None


NEW_FILE_MODE: Final = 0o644
STALE_TEMP_SECONDS: Final = 60.0
"""A temp file of ours this old is left over from a write that was killed."""


def _write_target(path: Path, shown: str) -> tuple[Path, int]:
    """Where a write to ``path`` goes, and the mode the file gets.

    Ruling on symlinks: a write goes through a link to the file it points to, and the link
    stays a link; a link that points nowhere is refused. Only a regular file is replaced, or
    a new one made; a folder, device, FIFO or socket is refused before anything is written.
    """
    real = Path(os.path.realpath(path))
    try:
        status = real.stat()
    except FileNotFoundError:
        if path.is_symlink():
            raise FileProblem(f"{shown} is a link to nothing, so nothing is written.") from None
        return real, NEW_FILE_MODE
    if stat.S_ISDIR(status.st_mode):
        raise FileProblem(f"{shown} is a folder; give a file name.")
    if not stat.S_ISREG(status.st_mode):
        raise FileProblem(
            f"{shown} is not a regular file (a device, FIFO or socket), so nothing is written."
        )
    return real, stat.S_IMODE(status.st_mode)


def _temp_prefix(target: Path) -> str:
    return f".{target.name[:40]}."


def _remove_stale_temps(target: Path) -> None:
    """Remove temp files our own writes to ``target`` left behind when killed midway."""
    prefix = _temp_prefix(target)
    pattern = re.compile(re.escape(prefix) + r"[a-z0-9_]{8}")
    now = time.time()
    try:
        names = [entry for entry in os.scandir(target.parent) if pattern.fullmatch(entry.name)]
        for entry in names:
            status = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(status.st_mode) and now - status.st_mtime > STALE_TEMP_SECONDS:
                os.unlink(entry.path)
    except OSError:
        pass  # tidying up is a kindness; it never stops a save


def atomic_write_text(
    path: str | os.PathLike[str], text: str, *, name: str | None = None
) -> None:
    """Write via a temp file in the same folder and rename, so a crash never leaves half a file.

    An existing file keeps its mode. See ``_write_target`` for what may be written to.
    Raises FileProblem with a clear sentence; ``name`` is how the file is called in it.
    """
    shown = _shown_name(path, name)
    try:
        target, mode = _write_target(Path(path), shown)
        handle, temp_name = tempfile.mkstemp(prefix=_temp_prefix(target), dir=target.parent)
    except OSError as error:
        raise FileProblem(f"Cannot write {shown} ({error.strerror}).") from None
    except ValueError as error:
        if isinstance(error, FileProblem):
            raise
        raise FileProblem(f"'{shown}' is not a usable file name.") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temp_name, mode)
        _write_target(Path(path), shown)  # once more: the path may have changed meanwhile
        os.replace(temp_name, target)
    except (OSError, ValueError) as error:
        Path(temp_name).unlink(missing_ok=True)
        if isinstance(error, FileProblem):
            raise
        reason = error.strerror if isinstance(error, OSError) else "text cannot be encoded"
        raise FileProblem(f"Cannot write {shown} ({reason}).") from None
    _remove_stale_temps(target)


def load_deck(path: str | os.PathLike[str], *, name: str | None = None) -> tuple[Card, ...]:
    """Read and validate a deck file. Raises DeckError with one clear sentence."""
    try:
        text = read_small_text(path, "deck file", MAX_DECK_FILE_BYTES, name=name)
    except FileProblem as problem:
        raise DeckError(str(problem)) from None
    return parse_deck(text)


def save_deck(
    path: str | os.PathLike[str], cards: tuple[Card, ...] | list[Card], *, name: str | None = None
) -> None:
    """Write a deck file atomically. Raises DeckError with one clear sentence."""
    try:
        atomic_write_text(path, format_deck(cards), name=name)
    except FileProblem as problem:
        raise DeckError(str(problem)) from None
