"""What the Yukon hint remembers of one game, so that it never circles.

``HintMemory`` keeps, in memory only (it need not survive a restart), every table the game
has shown (``played``) and what each hint found there (wins in how many samples). ``ask``
gives ``tableau.ai.yukon_hint.hint`` its arguments for the table shown now: the tables not
to go back to, and, for when no sample wins from here, the nearest table on the undo path
where a hint still found wins (the fewest undos that get back to a table worth playing on),
and what the last hint looked at (``Looks``), for the next hint to go on from.
Pure: it holds engine views, and the caller says which game it belongs to.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from typing import Any

from tableau.ai.yukon_hint import Earlier
from tableau.ai.yukon_hint import Hint
from tableau.ai.yukon_hint import Looks
from tableau.ai.yukon_hint import Position
from tableau.ai.yukon_hint import position_of
from tableau.ai.yukon_hint import table_position
from tableau.engines.yukon import State
from tableau.engines.yukon import View

__all__ = ["HintMemory"]


class HintMemory:
    """One game's played tables and the hints' findings on them."""

    def __init__(self, game: object = None) -> None:
        self.game = game
        """Whose memory this is (the caller's token for one game)."""
        self.played: set[Position] = set()
        self._found: dict[Position, tuple[int, int]] = {}
        self._looks: Looks | None = None

    def take_in(self, states: Iterable[State]) -> None:
        """Remember ``states`` as played (the timeline's snapshots: past, present, undone)."""
        self.played.update(_position(state) for state in states)

    def learned(self, view: View, found: Hint) -> None:
        """Remember what the hint found at ``view`` (only a verdict from samples counts)."""
        if found.looks is not None:
            self._looks = found.looks
        if found.samples and not found.repeats:
            self._found[position_of(view)] = (found.wins, found.samples)

    def earlier(self, undo_path: Sequence[State]) -> Earlier | None:
        """The nearest table on ``undo_path`` (earlier snapshots, oldest first) where a hint
        found wins."""
        for undos, state in enumerate(reversed(undo_path), 1):
            found = self._found.get(_position(state))
            if found is not None and found[0] > 0:
                return Earlier(undos, *found)
        return None

    def ask(self, present: State, undo_path: Sequence[State], redo_path: Sequence[State] = (),
            ) -> dict[str, Any]:
        """``hint``'s keyword arguments for ``present``: ``played``, ``earlier`` and
        ``reuse``."""
        self.take_in((*undo_path, present, *redo_path))
        here = _position(present)
        return {"played": frozenset(self.played - {here}), "earlier": self.earlier(undo_path),
                "reuse": self._looks}


def _position(state: State) -> Position:
    """``position_of`` the state's view, without working out its legal moves."""
    columns = tuple(tuple(slot.card if slot.face_up else None for slot in column)
                    for column in state.columns)
    return table_position(columns, state.foundations)
