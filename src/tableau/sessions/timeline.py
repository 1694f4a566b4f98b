"""The present snapshot of a game with its past (for undo) and its future (for redo).

Sessions keep their engine states in a ``Timeline``: undo is going back to an earlier
snapshot. Snapshots share their tails, so a long history stays cheap.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Generic
from typing import TypeVar

from tableau.engines.protocol import IllegalMove

T = TypeVar("T")


@dataclass(frozen=True, slots=True, eq=False)
class _Link(Generic[T]):
    """A cons cell: snapshots share their tails, so a long history stays cheap."""

    item: T
    rest: _Link[T] | None


def _iterate(link: _Link[T] | None) -> Iterator[T]:
    while link is not None:
        yield link.item
        link = link.rest


def _same_chain(first: _Link[T] | None, second: _Link[T] | None) -> bool:
    return all(a == b for a, b in zip(_iterate(first), _iterate(second), strict=True))


@dataclass(frozen=True, slots=True, eq=False)
class Timeline(Generic[T]):
    """The present snapshot with the past (for undo) and the future (for redo).

    Every operation is O(1) and returns a new Timeline; nothing is ever copied.
    """

    present: T
    _past: _Link[T] | None = None
    _future: _Link[T] | None = None
    undo_depth: int = 0
    redo_depth: int = 0

    def __eq__(self, other: object) -> bool:
        # Compared step by step: the links are shared cells, and recursing through a
        # 10,000-step chain would overflow the stack.
        if not isinstance(other, Timeline):
            return NotImplemented
        return (
            self.present == other.present
            and self.undo_depth == other.undo_depth
            and self.redo_depth == other.redo_depth
            and _same_chain(self._past, other._past)
            and _same_chain(self._future, other._future)
        )

    def __hash__(self) -> int:
        return hash((self.present, self.undo_depth, self.redo_depth))

    def push(self, state: T) -> Timeline[T]:
        """A new present; the redo list is cleared."""
        return Timeline(state, _Link(self.present, self._past), None, self.undo_depth + 1, 0)

    def replace(self, state: T) -> Timeline[T]:
        """Change the present without recording a step (for example a setting)."""
        return Timeline(state, self._past, self._future, self.undo_depth, self.redo_depth)

    @property
    def can_undo(self) -> bool:
        return self._past is not None

    @property
    def can_redo(self) -> bool:
        return self._future is not None

    def undo(self) -> Timeline[T]:
        if self._past is None:
            raise IllegalMove("There is nothing to undo.")
        past = self._past
        return Timeline(
            past.item, past.rest, _Link(self.present, self._future),
            self.undo_depth - 1, self.redo_depth + 1,
        )

    def redo(self) -> Timeline[T]:
        if self._future is None:
            raise IllegalMove("There is nothing to redo.")
        future = self._future
        return Timeline(
            future.item, _Link(self.present, self._past), future.rest,
            self.undo_depth + 1, self.redo_depth - 1,
        )

    def past(self) -> tuple[T, ...]:
        """Earlier snapshots, oldest first."""
        return tuple(reversed(tuple(_iterate(self._past))))

    def future(self) -> tuple[T, ...]:
        """Undone snapshots, the next redo first."""
        return tuple(_iterate(self._future))

    @classmethod
    def from_sequences(cls, past: tuple[T, ...], present: T, future: tuple[T, ...]) -> Timeline[T]:
        """Rebuild a timeline (used when loading a save)."""
        past_link: _Link[T] | None = None
        for item in past:
            past_link = _Link(item, past_link)
        future_link: _Link[T] | None = None
        for item in reversed(future):
            future_link = _Link(item, future_link)
        return cls(present, past_link, future_link, len(past), len(future))
