"""Pesten's hand: the shared Hand with Pesten's keys, whose cards drag onto the discard pile."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import events
from textual.binding import BindingType
from textual.message import Message
from textual.widget import Widget

from tableau.ui.widgets.drag import Draggable
from tableau.ui.widgets.hand import Hand
from tableau.ui.widgets.hand import hand_bindings


class PestenHand(Hand, Draggable, inherit_bindings=False):
    """The shared Hand with Pesten's keys: space selects, Enter is left to the screen (play),
    ``l`` is left to the screen (last card). Dragging a card posts ``PestenHand.Dropped``."""

    BINDINGS: ClassVar[list[BindingType]] = hand_bindings("space", "Select", vi_keys=False)
    DRAG_NEEDS_ITEM = True

    @dataclass
    class Dropped(Message):
        """A card of the hand was dragged and released over the pile ``target_id``."""

        hand: PestenHand
        index: int
        target_id: str | None

    def drag_item(self, event: events.MouseDown) -> int | None:
        """The index of the card under the press, or None."""
        try:
            widget, _ = self.screen.get_widget_at(*event.screen_offset)
        except Exception:  # NoWidget
            return None
        views = list(self.query("CardView"))
        node: Widget | None = widget
        while node is not None and node is not self:
            if node in views:
                return views.index(node)
            node = node.parent if isinstance(node.parent, Widget) else None
        return None

    def drag_dropped(self, index: int | None, target: str | None) -> None:
        if index is not None:
            self.post_message(self.Dropped(self, index, target))
