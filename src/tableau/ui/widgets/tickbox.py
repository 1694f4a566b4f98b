"""A checkbox that shows its state by its mark, not by colour alone."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox


class TickBox(Checkbox):
    """Textual's checkbox draws an X in both states and tells them apart by colour only; this
    one draws the X only when it is on, so a player who cannot tell the colours apart (or a
    terminal without them) still reads the setting."""

    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = "X" if self.value else " "
        return super()._button
