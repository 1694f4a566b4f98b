"""The one shape of a game in progress, the same for every game.

A session owns the whole flow of one game: the seats (who plays each), whose turn it is,
which seat must unlock before its hand may be drawn, undo and redo where the game allows
them, the CPUs' steps, rounds and next hands (as moves), and its save. Screens and line
modes only draw ``view(seat)`` and turn keys, clicks and typed lines into ``act`` calls.

A session is mutable: ``act``, ``play_cpu``, ``undo`` and ``redo`` change it in place and
add one to ``version``. Everything a move needs to be checked against is read from the
session, so a move made against an old version (a CPU step chosen in a worker before a
player's undo, later a remote seat's click) is refused, never applied twice.

Pure: no Textual, no I/O, no clock unless one is injected (the Yukon clock takes ``now``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any
from typing import Generic
from typing import Protocol
from typing import TypeVar

from tableau.engines.protocol import Outcome

M = TypeVar("M")
"""A game's move type (engine moves, plus the session's own, such as a next round)."""
E = TypeVar("E")
"""A game's event type: a frozen value with fields, worded by the game's wording module."""
V_co = TypeVar("V_co", covariant=True)
M_contra = TypeVar("M_contra", contravariant=True)


class SeatKind(StrEnum):
    HUMAN = "human"
    """Played at this screen (a hot seat when there are several)."""
    CPU = "cpu"
    """Played by the computer, at one of the ``tableau.ai`` levels."""
    REMOTE = "remote"
    """Played at another screen (a table across screens)."""


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One chair at the table as every game names it."""

    name: str
    kind: SeatKind
    level: str = ""
    """A CPU seat's level or kind ("careful", "pro"...); empty for people."""


@dataclass(frozen=True, slots=True)
class Answer(Generic[E]):
    """What became of an ``act``: the events it caused, or a refusal a player can read.

    A refused act changed nothing. ``needs`` names what the player must add before the move
    can be made (``"suit"`` for a Pesten jack), so a front end can ask for it.
    """

    events: tuple[E, ...] = ()
    refusal: str | None = None
    needs: str | None = None

    @property
    def ok(self) -> bool:
        return self.refusal is None

    @classmethod
    def refused(cls, sentence: str, needs: str | None = None) -> Answer[E]:
        return cls((), sentence, needs)


@dataclass(frozen=True, slots=True)
class CpuStep(Generic[M]):
    """A CPU's chosen move, chosen from its seat's view only.

    ``rng_state`` is what the seat's generator holds afterwards, and ``version`` the
    session version it was chosen at: ``play_cpu`` refuses a step made for another version.
    """

    seat: int
    move: M
    rng_state: int
    version: int


class Session(Protocol[V_co, M_contra, E]):
    """What every game's session offers (``tableau.sessions.<game>``).

    Mutating calls never raise for a player's mistake: they return ``Answer.refused``.
    """

    @property
    def GAME(self) -> str:
        """The game's key in ``tableau.registry``: a constant of the class
        (``GAME: Final = "poker"``)."""

    @property
    def seats(self) -> tuple[SeatInfo, ...]: ...

    @property
    def version(self) -> int:
        """Counts every change; saved, so a resumed session goes on counting."""

    @property
    def to_move(self) -> int | None:
        """The seat whose turn it is, or None when nobody may move (the game is over)."""

    def view(self, seat: int) -> V_co:
        """Everything ``seat`` may see, and nothing else."""

    def moves(self, seat: int) -> tuple[Any, ...]:
        """The moves ``seat`` may make now (empty when it may not move)."""

    def act(self, seat: int, move: M_contra) -> Answer[E]:
        """Make ``move`` for ``seat``: its events, or a refusal with nothing changed."""

    def cpu_step(self) -> CpuStep[Any] | None:
        """The step of the CPU to move, or None when no CPU is to move. Changes nothing, so
        it may run in a worker thread; ``play_cpu`` makes it."""

    def play_cpu(self, step: CpuStep[Any]) -> Answer[E]: ...

    @property
    def can_undo(self) -> bool: ...

    @property
    def can_redo(self) -> bool: ...

    def undo(self) -> Answer[E]: ...

    def redo(self) -> Answer[E]: ...

    def outcome(self) -> Outcome | None: ...

    def describe(self, event: E, viewer: int) -> str:
        """The sentence ``viewer`` reads for ``event``: the game's one wording function, given
        what it needs of the session (the seats' names). A card hidden from ``viewer`` is never
        in it."""

    def to_json(self) -> dict[str, Any]:
        """The whole session, autosave extras included, read back by ``from_json``."""

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Any:
        """Read through ``SaveReader``: a damaged save is one ``SaveFormatError`` sentence."""
