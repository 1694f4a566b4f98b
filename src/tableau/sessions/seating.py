"""Who sits where at a table of several people, the same for Pesten, Go Fish and Poker.

A seat is a hot seat (``SeatKind.HUMAN``: a person at this screen), a remote seat (a person at
another screen: its moves come in through ``act`` as anyone's) or a CPU. This module keeps
what the three games share about them:

- ``Stage``, what a front end shows now; with two or more hot seats, a hot seat's hand is
  behind its lock (``LOCK``) until that seat opens it, so no hand is on the screen while
  another person's turn is;
- the checks of a new name for a remote seat (``rename_refusal``) and of a CPU standing in
  for an away remote seat (``stand_in_refusal``);
- a hot seat going to another screen when the opener's screen is gone (``seat_elsewhere``,
  checked by ``elsewhere_refusal``);
- ``Seated``, the seat API of Go Fish and Poker built on them (Pesten, with its own review
  and undo, keeps its own flow and uses the checks).

Pure: no I/O, no clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace
from enum import Enum
from typing import Any
from typing import ClassVar
from typing import Final

from tableau.engines.names import MAX_NAME_LENGTH
from tableau.engines.names import name_problem
from tableau.engines.protocol import SaveFormatError
from tableau.engines.protocol import SaveReader
from tableau.sessions.protocol import Answer
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind


class Stage(Enum):
    """What the screen shows now."""

    LOCK = "lock"
    """A hot seat's turn: its lock, until it is opened."""
    HAND = "hand"
    """The hand of the seat to move is open: it plays (engine moves)."""
    REVIEW = "review"
    """(Pesten) The turn has passed, but the hand stays on show until Done: the new cards
    it got lit, or the play that ended the turn, which Undo may still take back."""
    CPU = "cpu"
    REMOTE = "remote"
    """Waiting for a seat that plays at its own screen (engine moves, taken at once)."""
    OVER = "over"
    """The round or game is over: the next one is a move."""


@dataclass(frozen=True, slots=True)
class OpenLock:
    """The hot seat to move opened the lock on its hand (the front end checked it)."""

    def __str__(self) -> str:
        return "open"


OPEN_LOCK: Final = OpenLock()
LOCKED: Final = "Open the lock on the hand first."
"""A hot seat's move before its lock was opened."""
NOBODY_STANDS_IN: Final = "No CPU plays for that seat."
ONLY_REMOTE_STOOD_IN: Final = "A CPU can stand in only for a seat played at another screen."
"""A CPU plays only for a remote seat: a hot seat's player is at this screen."""
NOT_HERE: Final = "Only a seat played at this screen can go to another screen."


def rename_refusal(seats: Sequence[SeatInfo], seat: int, name: str,
                   longest: int = MAX_NAME_LENGTH) -> str | None:
    """Why the remote ``seat`` may not take ``name`` (already stripped), or None."""
    if not 0 <= seat < len(seats) or seats[seat].kind is not SeatKind.REMOTE:
        return "Only a seat played at another screen takes a new name."
    problem = name_problem(name, longest=longest)
    if problem is None and any(other.name.casefold() == name.casefold()
                               for index, other in enumerate(seats) if index != seat):
        problem = f"Another seat is called {name}; pick another name."
    return problem


def stand_in_refusal(seats: Sequence[SeatInfo], stand_ins: Mapping[int, str], seat: int,
                     level: str, levels: Sequence[str]) -> str | None:
    """Why a CPU of ``level`` may not play for ``seat`` now, or None."""
    if not 0 <= seat < len(seats) or seats[seat].kind is not SeatKind.REMOTE:
        return ONLY_REMOTE_STOOD_IN
    if seat in stand_ins:
        return f"A CPU plays for {seats[seat].name} already."
    if level not in levels:
        return f"There is no CPU called {level!r}: {', '.join(levels)}."
    return None


def elsewhere_refusal(seats: Sequence[SeatInfo], seat: int) -> str | None:
    """Why ``seat`` cannot go from this screen to another (``seat_elsewhere``), or None."""
    if not 0 <= seat < len(seats) or seats[seat].kind is not SeatKind.HUMAN:
        return NOT_HERE
    return None


class Seated:
    """The seat API of a Go Fish or Poker session: hot seats behind locks, remote seats, and
    CPUs standing in for away players. The session gives ``_seats``, ``to_move``,
    ``outcome()`` (or ``_between()``), ``_bump()`` (one more version) and
    ``_renamed(names)``, and calls ``_seat_up()`` once and ``_passed()`` after every
    change."""

    STAND_IN_LEVELS: ClassVar[tuple[str, ...]] = ("",)
    """The CPU kinds that may stand in; the first unless another is asked for."""
    _seats: tuple[SeatInfo, ...]
    _stand_ins: dict[int, str]
    _open_seat: int | None
    longest_name: int = MAX_NAME_LENGTH

    @property
    def to_move(self) -> int | None:
        raise NotImplementedError

    def outcome(self) -> Any:
        raise NotImplementedError

    def _bump(self) -> None:
        raise NotImplementedError

    def _between(self) -> bool:
        """Between two games (or hands): the next is dealt by a move, no hand is played."""
        return self.outcome() is not None

    def _renamed(self, names: tuple[str, ...]) -> None:
        raise NotImplementedError

    def _seat_up(self) -> None:
        self._stand_ins = {}
        self._open_seat = None
        """The hot seat whose lock is open this turn (until the turn passes)."""

    # -------------------------------------------------------------- reads

    @property
    def stand_ins(self) -> dict[int, str]:
        """The remote seats a CPU plays for now, and the CPU's kind (a copy)."""
        return dict(self._stand_ins)

    def cpu_plays(self, seat: int) -> bool:
        """A CPU plays ``seat`` now: a CPU's seat, or an away player's a CPU stands in for."""
        return self._seats[seat].kind is SeatKind.CPU or seat in self._stand_ins

    def cpu_level(self, seat: int) -> str:
        return self._stand_ins.get(seat, self._seats[seat].level)

    def must_unlock(self, seat: int) -> bool:
        """A hot seat's hand is behind a lock when another hot seat shares the screen."""
        hot = sum(info.kind is SeatKind.HUMAN for info in self._seats)
        return self._seats[seat].kind is SeatKind.HUMAN and hot > 1

    @property
    def locked(self) -> int | None:
        """The hot seat to move whose lock must be opened before its hand is drawn."""
        seat = self.to_move
        if (seat is None or self._between() or seat == self._open_seat
                or not self.must_unlock(seat)):
            return None
        return seat

    @property
    def stage(self) -> Stage:
        seat = self.to_move
        if seat is None:
            return Stage.OVER
        if self.cpu_plays(seat):
            return Stage.CPU
        if self._between():
            return Stage.OVER
        if self._seats[seat].kind is SeatKind.REMOTE:
            return Stage.REMOTE
        return Stage.LOCK if self.locked is not None else Stage.HAND

    def _hot_first(self, seats: Sequence[int]) -> int | None:
        """The first hot seat of ``seats``, else the first remote seat, else None."""
        for kind in (SeatKind.HUMAN, SeatKind.REMOTE):
            found = [seat for seat in seats if self._seats[seat].kind is kind
                     and seat not in self._stand_ins]
            if found:
                return found[0]
        return None

    # -------------------------------------------------------------- changes

    def _gate(self, seat: int, move: object) -> Answer[Any] | None:
        """Opening a lock, or why a person's move may not be made now (None: the game's
        rules decide)."""
        if not 0 <= seat < len(self._seats):
            return Answer.refused(f"There is no seat {seat} at this table.")
        locked = self.locked
        if isinstance(move, OpenLock):
            if seat != locked:
                return Answer.refused("No hand is locked now.")
            self._open_seat = seat
            self._bump()
            return Answer(())
        if seat == locked:
            return Answer.refused(LOCKED)
        if seat in self._stand_ins:
            return Answer.refused(f"A CPU plays for {self._seats[seat].name} for now.")
        return None

    def _passed(self) -> None:
        """After a change: once the turn has gone to another seat, the open lock closes."""
        if self.to_move != self._open_seat:
            self._open_seat = None

    def name_seat(self, seat: int, name: str) -> Answer[Any]:
        """A remote seat takes the name of the player who sat down in it."""
        name = name.strip()
        problem = rename_refusal(self._seats, seat, name, self.longest_name)
        if problem is not None:
            return Answer.refused(problem)
        self._seats = tuple(replace(info, name=name) if index == seat else info
                            for index, info in enumerate(self._seats))
        self._renamed(tuple(info.name for info in self._seats))
        self._bump()
        return Answer(())

    def stand_in(self, seat: int, level: str | None = None) -> Answer[Any]:
        """A CPU plays for the remote ``seat`` while its player is away; ``come_back`` ends
        it. The seat keeps its name, its hand and its place."""
        level = self.STAND_IN_LEVELS[0] if level is None else level
        problem = stand_in_refusal(self._seats, self._stand_ins, seat, level,
                                   self.STAND_IN_LEVELS)
        if problem is not None:
            return Answer.refused(problem)
        self._stand_ins[seat] = level
        self._bump()
        return Answer(())

    def come_back(self, seat: int) -> Answer[Any]:
        """The player of ``seat`` is back: the CPU that stood in for them stops."""
        if self._stand_ins.pop(seat, None) is None:
            return Answer.refused(NOBODY_STANDS_IN)
        self._bump()
        return Answer(())

    def seat_elsewhere(self, seat: int) -> Answer[Any]:
        """The hot ``seat`` is played at another screen from now on (the opener's screen is
        gone): a remote seat whose player comes back to it, its lock closed."""
        problem = elsewhere_refusal(self._seats, seat)
        if problem is not None:
            return Answer.refused(problem)
        self._seats = tuple(replace(info, kind=SeatKind.REMOTE) if index == seat else info
                            for index, info in enumerate(self._seats))
        if self._open_seat == seat:
            self._open_seat = None
        self._bump()
        return Answer(())

    # -------------------------------------------------------------- saves

    def _seating_json(self) -> dict[str, Any]:
        return {"stand_ins": [[seat, level] for seat, level in sorted(self._stand_ins.items())],
                "open_seat": self._open_seat}

    def _read_seating(self, data: Mapping[str, Any]) -> None:
        """The stand-ins and the open lock of ``_seating_json`` (absent in older saves)."""
        read = SaveReader(data)
        self._open_seat = read.optional_integer("open_seat", 0, len(self._seats) - 1)
        stand_ins: dict[int, str] = {}
        for pair in data.get("stand_ins") or []:
            if (not isinstance(pair, list) or len(pair) != 2 or type(pair[0]) is not int
                    or stand_in_refusal(self._seats, stand_ins, pair[0], pair[1],
                                        self.STAND_IN_LEVELS) is not None):
                raise SaveFormatError("A CPU standing in, in the save, does not fit the table.")
            stand_ins[pair[0]] = pair[1]
        self._stand_ins = stand_ins
