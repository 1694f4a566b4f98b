"""Dragging onto piles: the one press, move and release bookkeeping of piles and hands.

A ``Draggable`` widget captures the mouse on a press, turns the first move into a drag and,
on release, calls ``drag_dropped(index, target)`` with the ``DropTarget`` under the pointer
(None over none). Subclasses say which item a press picks (``drag_item``) and post their own
messages from the hooks; the bookkeeping is here once.

Holding the mouse has a price: Textual gives the click that ends a press to the widget that
holds the mouse, not to the one under the pointer. A terminal sends the press and the release
as two events, so the press is handled (and the mouse held) before the release comes, and a
click on a card of a hand would reach the hand, not the card. ``on_click`` passes such a click
on to the widget under the pointer; a press that became a drag makes no click at all.
"""

from __future__ import annotations

from typing import Any
from typing import ClassVar

from textual import events
from textual.errors import NoWidget
from textual.geometry import Offset
from textual.screen import Screen
from textual.widget import Widget


class DropTarget(Widget):
    """Where a drag can end; ``pile_id`` names it in the messages ("C3", "discard")."""

    pile_id: str


def pile_id_at(screen: Screen[Any], screen_offset: Offset) -> str | None:
    """The id of the drop target under a screen position on ``screen``, or None."""
    try:
        widget, _region = screen.get_widget_at(*screen_offset)
    except Exception:  # NoWidget: outside the screen
        return None
    node: Widget | None = widget
    while node is not None:
        if isinstance(node, DropTarget):
            return node.pile_id
        parent = node.parent
        node = parent if isinstance(parent, Widget) else None
    return None


def release_capture(widget: Widget) -> None:
    """Give the mouse back if ``widget`` holds it (end of a press or drag)."""
    if widget.app.mouse_captured is widget:
        widget.release_mouse()


class Draggable(Widget):
    """Press, move, release. Override ``drag_item`` and the ``drag_*`` hooks."""

    DRAG_NEEDS_ITEM: ClassVar[bool] = False
    """A press outside every item starts nothing (a hand); else it drags the whole widget
    (item None, as a pile)."""

    _press: tuple[int | None, Offset] | None = None
    _dragging = False
    _over: str | None = None
    _dragged = False
    """The last press became a drag: the click Textual makes of its release is no click."""
    _passed_on: events.Click | None = None

    def drag_item(self, event: events.MouseDown) -> int | None:
        """The item under a press, or None."""
        return None

    def drag_started(self, index: int | None) -> None:
        """The pointer moved with the button down: a drag began."""

    def drag_over(self, index: int | None, target: str | None) -> None:
        """The drop target under the pointer changed."""

    def drag_dropped(self, index: int | None, target: str | None) -> None:
        """The button was released after a drag, over ``target`` (None: over no pile)."""

    def drag_cancelled(self) -> None:
        """A drag was forgotten before its release."""

    def on_mouse_down(self, event: events.MouseDown) -> None:
        if event.button != 1:
            return
        self._dragged = False
        index = self.drag_item(event)
        if index is None and self.DRAG_NEEDS_ITEM:
            return
        self._press = (index, event.screen_offset)
        self._dragging = False
        self._over = None
        # Held until the release, so a fast drag never loses the pointer (see on_click).
        self.capture_mouse()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        if self._press is None:
            return
        index, start = self._press
        if not self._dragging:
            if event.screen_offset == start:
                return
            self._dragging = True
            self.drag_started(index)
        over = pile_id_at(self.screen, event.screen_offset)
        if over != self._over:
            self._over = over
            self.drag_over(index, over)

    def on_mouse_up(self, event: events.MouseUp) -> None:
        if self._press is None:
            return
        index, _start = self._press
        dragging = self._dragging
        self._reset_drag()
        self._dragged = dragging
        if dragging:
            self.drag_dropped(index, pile_id_at(self.screen, event.screen_offset))

    @property
    def press_was_drag(self) -> bool:
        """The press that ends in the click being handled became a drag (so it is no click)."""
        return self._dragged

    def on_click(self, event: events.Click) -> None:
        """A click given to this widget because it held the mouse: stop it after a drag; pass
        it on to the widget under the pointer inside this one (a card of a hand), as Textual
        does when nothing holds the mouse."""
        if self._dragged:
            event.stop()
            event.prevent_default()
            return
        if event is self._passed_on:
            return  # passed on before and bubbled back: the widget under it let it go
        at = event.screen_offset
        try:
            widget, region = self.screen.get_widget_at(*at)
        except NoWidget:
            return
        if widget is self or self not in widget.ancestors:
            return
        event.stop()
        event.prevent_default()
        click = events.Click(
            widget, at.x - region.x, at.y - region.y, 0, 0, event.button,
            event.shift, event.meta, event.ctrl, at.x, at.y, chain=event.chain,
        )
        self._passed_on = click
        widget.post_message(click)

    def on_hide(self) -> None:
        self.cancel_drag()

    def cancel_drag(self) -> None:
        """Forget a press or drag (the screen changed, the window was left, a resize)."""
        was_dragging = self._dragging
        self._reset_drag()
        if was_dragging:
            self.drag_cancelled()

    def _reset_drag(self) -> None:
        release_capture(self)
        self._press = None
        self._dragging = False
        self._over = None
