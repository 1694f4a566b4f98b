"""The Yukon table's mouse: clicks, drag and drop, and the dragged cards beside the pointer.

A mixin of ``YukonScreen``. The piles post messages; ``YukonControls`` turns them into
command lines (the same text a player could type), which the screen runs through the session.
What it keeps is only where the pointer is and what is being dragged.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from textual import events
from textual.geometry import Offset
from textual.widgets import Static

from tableau.ui.controls.yukon import YukonControls
from tableau.ui.widgets.pile import MARKS
from tableau.ui.widgets.pile import Pile


class YukonDrag:
    """Mouse handling for ``YukonScreen`` (handlers by name: a plain mixin has no ``@on``)."""

    controls: YukonControls
    view: Any
    _pointer: Offset | None
    """Where the mouse was last seen on the screen: a drag's cards are shown beside it."""

    def _cancel_drags(self) -> None:
        for pile in self.query(Pile):
            pile.cancel_drag()
        self.controls.drag_source = None
        self.controls.drag_target = None
        self._show_drag_card()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """The mouse moved (over the table, or held by a pile during a drag)."""
        self._pointer = event.screen_offset
        if self.controls.drag_source is not None:
            self._show_drag_card()

    def _show_drag_card(self) -> None:
        """During a drag, beside the pointer: the cards it takes and the mark of the pile under
        it ("10♣ +4 ✓"). Never under the pointer, so it hides no pile from the drop."""
        label = self.query_one("#drag-card", Static)
        carried = self.controls.carried(self.view) if self.controls.drag_source else ()
        if not carried or self._pointer is None:
            label.display = False
            return
        look = self.controls.target_state(self.view, self._legal_moves())
        more = f" +{len(carried) - 1}" if len(carried) > 1 else ""
        text = f"{carried[0].face}{more} {MARKS[look]}"
        if str(label.content) != text:
            label.update(text)
        width = cell_len(text) + label.styles.gutter.width
        x, y = self._pointer
        x = x + 2 if x + 2 + width <= self.size.width else max(x - 1 - width, 0)
        label.styles.offset = (x, y)
        label.display = True

    def on_pile_clicked(self, event: Pile.Clicked) -> None:
        self._apply(self.controls.click(self.view, event.pile_id, event.index, event.chain))

    def on_pile_drag_started(self, event: Pile.DragStarted) -> None:
        self._apply(self.controls.drag_start(self.view, event.pile_id, event.index))

    def on_pile_drag_over(self, event: Pile.DragOver) -> None:
        self.controls.drag_over(event.target_id)
        self.redraw()

    def on_pile_dropped(self, event: Pile.Dropped) -> None:
        self._apply(self.controls.drop(self.view, event.target_id))

    def on_pile_drag_cancelled(self, event: Pile.DragCancelled) -> None:
        self.controls.drag_source = None
        self.controls.drag_target = None
        self.redraw()
