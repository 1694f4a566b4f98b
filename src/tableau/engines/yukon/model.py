"""Yukon's values: the config, the state, the moves, the view, and the move notation."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Final

from tableau.cards import FULL_DECK
from tableau.cards import Card
from tableau.cards import CardError
from tableau.cards import parse_card
from tableau.engines.protocol import IllegalMove
from tableau.engines.protocol import Outcome
from tableau.engines.rng import MAX_SEED

RULES: Final = ("spec", "classic", "russian")
COLUMN_COUNT: Final = 7
FOUNDATION_COUNT: Final = 4
COLUMN_HEIGHTS: Final = (1, 6, 7, 8, 9, 10, 11)
FACE_DOWN_COUNTS: Final = (0, 1, 2, 3, 4, 5, 6)
DECK_SIZE: Final = len(FULL_DECK)
MAX_MOVES: Final = 10**12
"""A save with a larger move count is refused: a trillion moves is far beyond any game."""
SAVE_VERSION: Final = 1

NOT_IN_PLAY: Final = "Command not available in the PLAY phase"
NOT_IN_STARTUP: Final = "Command not available in the STARTUP phase"
NO_DECK: Final = "No deck is loaded; use LD first."
NOT_A_MOVE: Final = "That is not a Yukon move; a move looks like C6:4H->C4 or C7->F2."


class Phase(Enum):
    STARTUP = "STARTUP"
    PLAY = "PLAY"


@dataclass(frozen=True, slots=True)
class Config:
    seed: int = 0
    rules: str = "spec"

    def __post_init__(self) -> None:
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise ValueError("The seed must be a whole number.")
        if not 0 <= self.seed <= MAX_SEED:
            raise ValueError(f"The seed must be a whole number from 0 to {MAX_SEED}.")
        if self.rules not in RULES:
            shown = str(self.rules)[:20]
            raise ValueError(f"Unknown rules '{shown}'; choose spec, classic or russian.")


@dataclass(frozen=True, slots=True)
class Slot:
    """A card in a column, face up or face down."""

    card: Card
    face_up: bool


# Every slot value exists once, so columns of later snapshots share them.
_SLOTS: Final = {(card, up): Slot(card, up) for card in FULL_DECK for up in (False, True)}
_UP: Final = {card: _SLOTS[card, True] for card in FULL_DECK}
_DOWN: Final = {card: _SLOTS[card, False] for card in FULL_DECK}

Column = tuple[Slot, ...]
Foundation = tuple[Card, ...]
_EMPTY_COLUMNS: Final[tuple[Column, ...]] = ((),) * COLUMN_COUNT
_EMPTY_FOUNDATIONS: Final[tuple[Foundation, ...]] = ((),) * FOUNDATION_COUNT


@dataclass(frozen=True, slots=True)
class State:
    """An immutable snapshot. ``deck`` is kept during PLAY so Q can go back to it."""

    phase: Phase
    deck: tuple[Card, ...] | None
    columns: tuple[Column, ...]
    foundations: tuple[Foundation, ...]
    seed: int
    rules: str
    moves: int = 0
    deck_face_up: bool = False


@dataclass(frozen=True, slots=True)
class CardMove:
    """``C6:4H->C4``, ``C6->C4`` (the bottom card), ``F4->C6`` or ``C7->F2``."""

    source: str
    target: str
    card: Card | None = None

    def __str__(self) -> str:
        if self.card is None:
            return f"{self.source}->{self.target}"
        return f"{self.source}:{self.card}->{self.target}"


@dataclass(frozen=True, slots=True)
class LoadDeck:
    """LD: the unshuffled deck. (A deck file's cards, top first, are the command
    interpreter's: it loads them through ``load_deck``.)"""

    def __str__(self) -> str:
        return "LD"


_STEP_COMMANDS: Final = frozenset({"SW", "SR", "P"})


@dataclass(frozen=True, slots=True)
class Step:
    """A step without a parameter; ``command`` is what a player types for it. There are three
    (the constants below): ``SHOW_DECK`` (SW) turns the deck face up, ``SHUFFLE_RANDOM`` (SR)
    puts each card into a random place of a new pile, and ``DEAL`` (P) deals the deck into
    the seven columns. (Q, leaving a deal, is the command interpreter's: ``quit_deal``.)"""

    command: str

    def __post_init__(self) -> None:
        if not isinstance(self.command, str) or self.command not in _STEP_COMMANDS:
            raise IllegalMove(NOT_A_MOVE)

    def __str__(self) -> str:
        return self.command


SHOW_DECK: Final = Step("SW")
SHUFFLE_RANDOM: Final = Step("SR")
DEAL: Final = Step("P")


@dataclass(frozen=True, slots=True)
class ShuffleInterleaved:
    """SI: split at a random place and interleave. (A chosen split, ``SI 26``, is the command
    interpreter's: it shuffles through ``shuffle_interleaved``.)"""

    def __str__(self) -> str:
        return "SI"


Move = CardMove | LoadDeck | ShuffleInterleaved | Step

_FIRST_STEPS: Final[tuple[Move, ...]] = (LoadDeck(),)
_STARTUP_STEPS: Final[tuple[Move, ...]] = (
    LoadDeck(), SHOW_DECK, ShuffleInterleaved(), SHUFFLE_RANDOM, DEAL
)

WON: Final = Outcome(winners=(0,), results=("won",), sentence="You won!")
"""The one way a game of Yukon ends: all 52 cards on the foundations."""


@dataclass(frozen=True, slots=True)
class View:
    """What the player sees. ``None`` stands for a face-down card."""

    seat: int
    to_move: int | None
    """0 while the game goes on (STARTUP included), None once it is won."""
    legal: tuple[Move, ...]
    stock_count: int
    """Always 0: Yukon deals every card."""
    phase: Phase
    columns: tuple[tuple[Card | None, ...], ...]
    foundations: tuple[Foundation, ...]
    deck_shown: tuple[Card | None, ...]
    moves: int
    seed: int
    rules: str
    won: bool
    has_deck: bool


# ---------------------------------------------------------------- piles and notation

_COLUMN_NAMES: Final = tuple(f"C{number}" for number in range(1, COLUMN_COUNT + 1))
_FOUNDATION_NAMES: Final = tuple(f"F{number}" for number in range(1, FOUNDATION_COUNT + 1))
# name -> (is_column, index)
_PILES: Final[Mapping[str, tuple[bool, int]]] = {
    **{name: (True, index) for index, name in enumerate(_COLUMN_NAMES)},
    **{name: (False, index) for index, name in enumerate(_FOUNDATION_NAMES)},
}

_MOVE_PATTERN: Final = re.compile(
    r"\s*([CF])\s*(\d{1,3})\s*(?::\s*([^\s:>-]{1,3}))?\s*->\s*([CF])\s*(\d{1,3})\s*",
    re.IGNORECASE,
)


def _pile_name(kind: str, number: str) -> str:
    kind = kind.upper()
    name = f"{kind}{int(number)}"
    if name not in _PILES:
        if kind == "C":
            raise IllegalMove(f"There is no column {name}; the columns are C1 to C7.")
        raise IllegalMove(f"There is no foundation {name}; the foundations are F1 to F4.")
    return name


def parse_move(text: str) -> CardMove:
    """Parse the spec's move notation, in any case, with spaces around ``->`` allowed."""
    match = _MOVE_PATTERN.fullmatch(text)
    if match is None:
        raise IllegalMove("A move looks like C6:4H->C4, C6->C4, F4->C6 or C7->F2.")
    source = _pile_name(match.group(1), match.group(2))
    target = _pile_name(match.group(4), match.group(5))
    card: Card | None = None
    if match.group(3) is not None:
        try:
            card = parse_card(match.group(3))
        except CardError as error:
            raise IllegalMove(str(error)) from None
    return CardMove(source, target, card)

