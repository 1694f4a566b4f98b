"""The undo and redo of a game that has none (Go Fish, Poker): every one is refused with the
class's ``NO_UNDO`` sentence, and nothing changes."""

from __future__ import annotations

from typing import Any
from typing import ClassVar

from tableau.sessions.protocol import Answer


class NoUndo:
    """Mixed into a session whose moves stand once made."""

    NO_UNDO: ClassVar[str] = "This game has no undo."

    @property
    def can_undo(self) -> bool:
        return False

    @property
    def can_redo(self) -> bool:
        return False

    def undo(self) -> Answer[Any]:
        return Answer.refused(self.NO_UNDO)

    def redo(self) -> Answer[Any]:
        return Answer.refused(self.NO_UNDO)
