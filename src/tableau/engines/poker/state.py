"""The Poker table's shapes: the set-up (``Config``), one snapshot of the game (``State``)
and what one seat may know of it (``View``, ``SeatView``)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from tableau.cards import Card
from tableau.engines.names import MAX_NAME_LENGTH
from tableau.engines.names import names_problem
from tableau.engines.poker.events import Event
from tableau.engines.poker.events import HandResult
from tableau.engines.poker.moves import Move

__all__ = [
    "BETTING",
    "MAX_CHIPS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAMES",
    "RUNNING",
    "YOU",
    "Config",
    "Phase",
    "SeatView",
    "State",
    "View",
]

NAMES: Final = ("Anna", "Bram", "Cato", "Dirk", "Eva", "Fenna")
"""The players' names when the config gives none."""
YOU: Final = "You"
"""How a view names its own seat."""
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
MAX_CHIPS: Final = 1_000_000


class Phase(Enum):
    FIRST_BETTING = "first betting"
    DRAW = "draw"
    SECOND_BETTING = "second betting"
    HAND_OVER = "hand over"
    GAME_OVER = "game over"

    @property
    def label(self) -> str:
        return _PHASE_LABELS[self]


_PHASE_LABELS: Final = {
    Phase.FIRST_BETTING: "betting before the draw",
    Phase.DRAW: "the draw",
    Phase.SECOND_BETTING: "betting after the draw",
    Phase.HAND_OVER: "hand over",
    Phase.GAME_OVER: "game over",
}
BETTING: Final = (Phase.FIRST_BETTING, Phase.SECOND_BETTING)
RUNNING: Final = (*BETTING, Phase.DRAW)


@dataclass(frozen=True, slots=True)
class Config:
    players: int = 4
    names: tuple[str, ...] = ()
    seed: int = 0
    chips: int = 100
    """Each seat's stack at the start of the game."""
    ante: int = 1
    """What each seat with chips puts in before the deal."""
    small_bet: int = 2
    """The size of a bet or a raise before the draw (``big_bet`` after it)."""
    big_bet: int = 4
    max_raises: int = 3
    """Raises allowed in one betting round, after its bet."""
    stop_when_out: int | None = None
    """The game ends when this seat runs out of chips (a human at a table of CPUs); None
    plays on until one player holds every chip."""
    longest_name: int = MAX_NAME_LENGTH
    """The columns a name may take: the one rule's limit for a new table; a table read from
    an older version's save allows what that version wrote (``SAVED_NAME_LENGTH``)."""

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(
                f"Poker needs {MIN_PLAYERS} to {MAX_PLAYERS} players (you and 1 to 5 CPUs), "
                f"not {self.players}."
            )
        if self.stop_when_out is not None and not 0 <= self.stop_when_out < self.players:
            raise ValueError(f"There is no seat {self.stop_when_out} to stop the game.")
        problem = names_problem(self.names, self.players, longest=self.longest_name)
        if problem is not None:
            raise ValueError(problem)
        if not 1 <= self.chips <= MAX_CHIPS:
            raise ValueError(f"Starting chips must be 1 to {MAX_CHIPS}, not {self.chips}.")
        if not 0 <= self.ante <= self.chips:
            raise ValueError(f"The ante must be 0 to the starting chips, not {self.ante}.")
        if not 1 <= self.small_bet <= self.big_bet <= MAX_CHIPS:
            raise ValueError("Bets must be positive, and the big bet at least the small bet.")
        if not 0 <= self.max_raises <= 10:
            raise ValueError(f"The raise cap must be 0 to 10, not {self.max_raises}.")

    def player_names(self) -> tuple[str, ...]:
        if self.names:
            return tuple(name.strip() for name in self.names)
        return NAMES[: self.players]


@dataclass(frozen=True, slots=True)
class State:
    """One snapshot of the game. ``pot`` plus every ``chips`` entry is always the same total."""

    names: tuple[str, ...]
    ante: int
    small_bet: int
    big_bet: int
    max_raises: int
    stop_when_out: int | None
    seed: int
    hand_number: int
    button: int
    phase: Phase
    chips: tuple[int, ...]
    pot: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    muck: tuple[Card, ...]
    dealt: tuple[bool, ...]
    folded: tuple[bool, ...]
    put_in: tuple[int, ...]
    bets: tuple[int, ...]
    acted: tuple[bool, ...]
    raises: int
    to_act: int | None
    drew: tuple[int | None, ...]
    last_actions: tuple[str, ...]
    history: tuple[Event, ...]
    result: HandResult | None
    out_places: tuple[int | None, ...]
    """Each seat's final place, fixed in the hand it ran out of chips (None while it has
    chips); see ``places``."""

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def current_bet(self) -> int:
        return max(self.bets)

    @property
    def bet_size(self) -> int:
        return self.big_bet if self.phase is Phase.SECOND_BETTING else self.small_bet

    @property
    def total_chips(self) -> int:
        return sum(self.chips) + self.pot


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    name: str
    chips: int
    card_count: int
    in_hand: bool
    folded: bool
    out: bool
    all_in: bool
    bet: int
    put_in: int
    last_action: str
    drew: int | None
    shown: tuple[Card, ...] | None
    shown_text: str | None


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may know. Its own seat is named "You" in ``names``, ``seats`` and the
    words of the history (see ``wording``)."""

    seat: int
    phase: Phase
    hand_number: int
    button: int
    to_move: int | None
    my_turn: bool
    hand: tuple[Card, ...]
    hand_text: str
    seats: tuple[SeatView, ...]
    pot: int
    current_bet: int
    to_call: int
    bet_size: int
    raises_left: int
    max_discard: int
    legal: tuple[Move, ...]
    history: tuple[Event, ...]
    result: HandResult | None
    stock_count: int
    winner: int | None
    names: tuple[str, ...]
    places: tuple[int, ...]
    """Each seat's place in the game, final once it is over (see ``places``)."""

    @property
    def name(self) -> str:
        return self.seats[self.seat].name
