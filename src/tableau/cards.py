"""Cards as frozen values: suits, ranks, the joker, parsing and formatting (no file I/O: deck
files are ``tableau.storage.decks``).

Two-letter form: rank letter then suit letter ("AC", "TD", "KS"); the joker is "JK".
Long form: "ace of clubs", "ten of diamonds", "deuce of clubs", "joker". Read with the words
the poker seed (003) understands as well: ace/A/one, deuce/two, jack/knave/J, queen/Q,
king/K, the numbers 2 to 10, and a suit in the singular ("queen of heart").
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field
from enum import Enum
from enum import IntEnum
from typing import ClassVar
from typing import Final
from typing import NoReturn

from tableau.text import shorten


class CardError(ValueError):
    """Text that does not name a card. str() is a sentence for the player."""


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
_RANK_ALIASES: Final = {"10": "T"}
_RANK_WORDS: Final = {
    **{rank.noun: rank for rank in RANKS},
    **{rank.letter.lower(): rank for rank in RANKS},
    **{str(int(rank)): rank for rank in RANKS if 2 <= rank <= 10},
    "one": Rank.ACE, "two": Rank.TWO, "knave": Rank.JACK,
}
"""A rank's words in a long name: the seed's "ace/A/one", "deuce/two", "jack/knave/J" ..."""
_SUIT_WORDS: Final = {word: suit for suit in SUITS for word in (suit.noun, suit.noun[:-1])}


def parse_card(text: str) -> Card:
    """Parse "AC", "td", "10h", "ten of diamonds" or "knave of heart". Raises CardError."""
    cleaned = " ".join(text.strip().split()).lower()
    if not cleaned:
        raise CardError("No card given.")
    words = cleaned.split()
    if len(words) == 3 and words[1] == "of":
        rank, suit = _RANK_WORDS.get(words[0]), _SUIT_WORDS.get(words[2])
        if rank is not None and suit is not None:
            return Card(rank, suit)
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


def card_names(text: str) -> list[str]:
    """The cards named in ``text``, each as written, separated by spaces or commas: codes and
    long names alike ("QH, ten of diamonds 4c" -> ["QH", "ten of diamonds", "4c"])."""
    words = text.replace(",", " ").split()
    names: list[str] = []
    start = 0
    while start < len(words):
        size = 3 if start + 2 < len(words) and words[start + 1].lower() == "of" else 1
        names.append(" ".join(words[start : start + size]))
        start += size
    return names


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas: "QH QS TD 7S 4C", "queen of hearts, 4C"."""
    return tuple(parse_card(name) for name in card_names(text))


