"""Pesten's values: the phase, the events, the moves, the ``State`` and the ``View``."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Final
from typing import NamedTuple

from tableau.cards import SUITS
from tableau.cards import AnyCard
from tableau.cards import Rank
from tableau.cards import Suit
from tableau.engines.pesten._fast import _CANON
from tableau.engines.pesten._fast import _FACE_BY_ID
from tableau.engines.pesten._fast import _FACES
from tableau.engines.pesten._fast import _key
from tableau.engines.pesten.config import Config


class Phase(Enum):
    PLAY = "play"
    DRAWN = "drawn"
    OVER = "over"


_PLAY: Final = Phase.PLAY
_DRAWN: Final = Phase.DRAWN
_OVER: Final = Phase.OVER
# Enum attribute access is slow on Python 3.11; the hot paths use these plain names.
_ACE: Final = Rank.ACE
_TWO: Final = Rank.TWO
_SEVEN: Final = Rank.SEVEN
_EIGHT: Final = Rank.EIGHT
_TEN: Final = Rank.TEN
_JACK: Final = Rank.JACK
_KING: Final = Rank.KING


class Event(NamedTuple):
    """One public happening of a round, as fields; ``wording.describe`` words it. A named
    tuple: one is made on nearly every move, and a tuple is the cheapest immutable value to
    make. Which fields a kind fills (the rest keep their defaults):

    - ``deal``: ``seat`` deals round ``round``; ``cards`` is the starting card, ``other``
      the seat that begins, ``amount`` the jokers turned and sent back into the stock.
    - ``reshuffle``: the pile became a new stock of ``amount`` cards (``seat`` None).
    - ``draw``: ``amount`` is 1, or 0 when nothing was left to draw.
    - ``pass``: the drawn card is kept.
    - ``take``: ``amount`` cards taken of the ``asked`` the stack held; ``suit`` named after
      a joker stack.
    - ``play``: ``cards`` in play order. Its effect: a stack of ``amount`` waits for
      ``other``; or a jack named ``suit``; or ``other`` is the seat the last card points
      at (a 7's player again, an 8's skipped seat, a 10's or a king's next seat). All
      empty: no effect (a plain card, or a forgotten last card that goes back).
    - ``win`` and ``blocked``: ``seat`` wins round ``round`` (by going out with ``cards``,
      or with the fewest cards when nobody can play or draw).
    - ``penalty``: ``seat`` takes ``amount`` for ``reason`` (one of ``PENALTY_REASONS``);
      for ``"forgot_back"`` ``cards`` is the card that went back.
    - ``last_card``: ``seat`` called its last card.

    ``names`` are the table's seat names (the same tuple as ``Config.names``).
    """

    kind: str
    seat: int | None
    cards: tuple[AnyCard, ...] = ()
    amount: int = 0
    suit: Suit | None = None
    other: int | None = None
    round: int = 0
    reason: str = ""
    asked: int = 0
    names: tuple[str, ...] = ()


EVENT_KINDS: Final = ("deal", "reshuffle", "draw", "pass", "take", "play", "win", "blocked",
                      "penalty", "last_card")
PENALTY_REASONS: Final = ("special", "forgot_back", "forgot", "false_call")
"""Why cards were taken as a penalty: going out on a special card where the house forbids
it; a forgotten last card in a series (the card goes back); a forgotten last card; a false
last-card call."""


def faces_text(cards: Iterable[AnyCard]) -> str:
    """The cards' faces, one space between: "7♥ 7♠"."""
    try:
        return " ".join(map(_FACE_BY_ID.__getitem__, map(id, cards)))
    except KeyError:  # card objects made elsewhere
        return " ".join([_FACES[_key(card)] for card in cards])


@dataclass(frozen=True, slots=True)
class Play:
    """Play one card or a set, in play order; the last card's effect counts."""

    cards: tuple[AnyCard, ...]
    suit: Suit | None = None
    last_card: bool = False

    def __str__(self) -> str:
        text = "play " + faces_text(self.cards)
        if self.suit is not None:
            text += f" name {self.suit.glyph}"
        if self.last_card:
            text += " !last"
        return text


@dataclass(frozen=True, slots=True)
class WordMove:
    """A move with no parts, written as one word: ``class Draw(WordMove, word="draw")``.
    Two are equal when they are of one class."""

    word = ""  # a class attribute, not a dataclass field (no annotation)

    def __init_subclass__(cls, word: str = "") -> None:
        cls.word = word

    def __str__(self) -> str:
        return self.word


class Draw(WordMove, word="draw"):
    """Draw one card: allowed only when nothing can be played."""


@dataclass(frozen=True, slots=True)
class Take:
    """Take the pending stack; after a joker stack, name the suit."""

    suit: Suit | None = None

    def __str__(self) -> str:
        return "take" if self.suit is None else f"take, name {self.suit.glyph}"


class Pass(WordMove, word="pass"):
    """Keep the card just drawn (whether or not it fits); the turn ends."""


Move = Play | Draw | Take | Pass

DRAW: Final = Draw()
PASS: Final = Pass()
TAKE: Final = Take()
_TAKE_NAMING: Final[tuple[Move, ...]] = tuple(Take(suit) for suit in SUITS)
_TAKE_ONLY: Final[tuple[Move, ...]] = (TAKE,)
_DRAW_ONLY: Final[tuple[Move, ...]] = (DRAW,)
_PASS_ONLY: Final[tuple[Move, ...]] = (PASS,)
# _SINGLE[key][suit index + 1][flag]: the shared single-card plays (suit index 0 = no suit).
_SINGLE: Final = tuple(
    tuple(
        (Play((card,), suit, False), Play((card,), suit, True)) for suit in (None, *SUITS)
    )
    for card in _CANON
)


@dataclass(frozen=True)
class State:
    """A snapshot of a round. Its fields are the one list of them: ``apply`` changes a copy
    of a snapshot's field dictionary (``_fast.Work``) and makes it the next snapshot's."""

    config: Config
    seed: int
    round: int
    wins: tuple[int, ...]
    dealer: int
    hands: tuple[tuple[AnyCard, ...], ...]
    stock: tuple[AnyCard, ...]
    pile: tuple[AnyCard, ...]
    current: int
    direction: int
    suit: Suit | None
    stack: int
    phase: Phase
    series: bool
    passes: int
    turns: int
    winner: int | None
    history: tuple[Event, ...]
    points: tuple[int, ...] = ()
    """Each seat's points over the match so far (cards left in hands at rounds' ends)."""

    @property
    def top(self) -> AnyCard:
        return self.pile[-1]

    @property
    def names(self) -> tuple[str, ...]:
        return self.config.names

    @property
    def players(self) -> int:
        return self.config.players


class View(NamedTuple):
    """What one seat may know. A named tuple: one is made on every move, and a tuple is
    the cheapest immutable value to make (``view._replace(...)`` gives a changed copy)."""

    seat: int
    names: tuple[str, ...]
    hand: tuple[AnyCard, ...]
    top: AnyCard
    suit: Suit | None
    stack: int
    stack_kind: str | None
    direction: int
    hand_counts: tuple[int, ...]
    stock_count: int
    pile_size: int
    to_move: int | None
    """The seat to move; None once the round is over."""
    phase: Phase
    series: bool
    drawn: AnyCard | None
    history: tuple[Event, ...]
    wins: tuple[int, ...]
    round: int
    winner: int | None
    legal: tuple[Move, ...]
    """Every move ``apply`` accepts now (``legal_moves``); empty when it is not our turn."""
    shortlist: tuple[Move, ...]
    """The legal moves the CPUs choose from (``shortlist``): ``legal`` without the false
    last-card calls and with at most ``SET_CAP`` sets."""
    points: tuple[int, ...]
    """Each seat's points over the match so far."""
    config: Config
    """The table's set-up and house rules (public: everybody agreed on them)."""
