"""What every engine shares: the contract (``Engine``, ``Outcome``, the common view fields and
the CPU signature), the refusal exception and the one save reader."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from typing import Protocol


class IllegalMove(ValueError):
    """The rules refuse a move. str() is a sentence a player can read."""


class SaveFormatError(ValueError):
    """JSON that is not a save of this game. str() is a sentence a player can read."""


# ---------------------------------------------------------------------------- the contract


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended, the same shape for every game.

    ``winners`` are seats (several when the top is shared; empty when nobody won, as in a
    solitaire given up), ``results`` gives each seat's result as a short word ("won",
    "lost", "shared"), and ``sentence`` says it for a player to read.
    """

    winners: tuple[int, ...]
    results: tuple[str, ...]
    sentence: str


def results_for(players: int, winners: tuple[int, ...]) -> tuple[str, ...]:
    """Each seat's word for an ending with these winners."""
    word = "shared" if len(winners) > 1 else "won"
    return tuple(word if seat in winners else "lost" for seat in range(players))


class CommonView(Protocol):
    """What every game's view has, under the same names."""

    @property
    def seat(self) -> int:
        """The seat this view is for."""

    @property
    def to_move(self) -> int | None:
        """The seat to move, or None when nobody is (the game is over, or between steps)."""

    @property
    def legal(self) -> tuple[Any, ...]:
        """The moves this seat may make now (empty when it is not its turn)."""

    @property
    def stock_count(self) -> int:
        """Cards left to draw (0 for a game without a stock)."""


class Engine(Protocol):
    """The shape of every engine module (``tableau.engines.<game>``): a module conforms."""

    @property
    def Config(self) -> type: ...  # read-only: a module's class conforms

    @property
    def State(self) -> type: ...

    @property
    def Move(self) -> Any:
        """The move type (a class, or a union of classes)."""

    def new_game(self, config: Any, /) -> Any: ...

    def legal_moves(self, state: Any, /) -> tuple[Any, ...]: ...

    def apply(self, state: Any, move: Any, /) -> Any: ...

    def view(self, state: Any, seat: int, /) -> CommonView: ...

    def outcome(self, state: Any, /) -> Outcome | None: ...

    def to_json(self, state: Any, /) -> dict[str, Any]: ...

    def from_json(self, data: Mapping[str, Any], /) -> Any: ...


Cpu = Callable[[Any, int], tuple[Any, int]]
"""A CPU player: ``choose(view, rng_state) -> (move, rng_state)``. The level (or kind) is
chosen with the seat, so every CPU of every game is called the same way."""


# ---------------------------------------------------------------------------- reading saves


class SaveReader:
    """Typed access to one object of an untrusted save: every problem is a SaveFormatError
    with a sentence. ``where`` names the object in those sentences ("the save", "a seat")."""

    __slots__ = ("data", "where")

    def __init__(self, data: object, where: str = "the save") -> None:
        if not isinstance(data, Mapping):
            raise SaveFormatError(f"{where[:1].upper()}{where[1:]} is not a JSON object.")
        self.data: Mapping[str, Any] = data
        self.where = where

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise SaveFormatError(f"The save has no '{key}' in {self.where}.")
        return self.data[key]

    def integer(self, key: str, low: int = 0, high: int = 2**63 - 1) -> int:
        value = self.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise SaveFormatError(
                f"'{key}' in {self.where} must be a whole number from {low} to {high}."
            )
        return value

    def optional_integer(self, key: str, low: int = 0, high: int = 2**63 - 1) -> int | None:
        return None if self.data.get(key) is None else self.integer(key, low, high)

    def boolean(self, key: str) -> bool:
        value = self.get(key)
        if not isinstance(value, bool):
            raise SaveFormatError(f"'{key}' in {self.where} must be true or false.")
        return value

    def text(self, key: str, limit: int = 500) -> str:
        value = self.get(key)
        if not isinstance(value, str) or len(value) > limit:
            raise SaveFormatError(f"'{key}' in {self.where} must be a text of at most {limit} "
                                  "characters.")
        return value

    def items(self, key: str, length: int | None = None) -> list[Any]:
        value = self.get(key)
        if not isinstance(value, list) or (length is not None and len(value) != length):
            wanted = "a list" if length is None else f"a list of {length}"
            raise SaveFormatError(f"'{key}' in {self.where} must be {wanted}.")
        return value

    def part(self, key: str, where: str) -> SaveReader:
        """A nested object, read with its own name in the sentences."""
        return SaveReader(self.get(key), where)


def check_version(found: object, readable: tuple[int, ...]) -> int:
    """A save's ``version``, which must be one of ``readable``; else SaveFormatError says why. A
    version that is not a whole number (the text "2", true) is named as such, not as a
    version this program does not read."""
    if type(found) is not int:
        shown = "missing" if found is None else f"{str(found)[:10]!r}, not a whole number"
        raise SaveFormatError(f"The save's version is {shown}, so it is not a save this "
                              "program can read.")
    if found not in readable:
        known = " and ".join(str(number) for number in readable)
        plural = "s" if len(readable) > 1 else ""
        raise SaveFormatError(f"The save has version {str(found)[:10]}; this program reads "
                              f"version{plural} {known}.")
    return found


def read_header(data: object, game: str, title: str, version: int) -> SaveReader:
    """The one check every save gets first: an object, of this game, in this version."""
    if not isinstance(data, Mapping) or data.get("game") != game:
        raise SaveFormatError(f"The save is not a {title} game.")
    check_version(data.get("version"), (version,))
    return SaveReader(data)
