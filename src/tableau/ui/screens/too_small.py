"""The screen shown while the terminal is too small to play on.

It covers every other screen and takes every key and click (the app refuses its own key
bindings meanwhile, see ``TableauApp.check_action``), so nothing underneath can be driven into
a layout it was never made for. When the terminal is large enough again it goes away and the
game underneath carries on unchanged.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.geometry import Size
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

MIN_SIZE = Size(40, 12)
"""The screens are made for 80×24, and still work (cramped) down to 40×12. Below that,
Textual's own widgets can fail: the command palette's list raised KeyError at 10×4."""

SETTLE = 0.1
"""Seconds a size that fits must hold before this screen goes. A terminal being dragged
sends a burst of sizes; uncovering and covering the table again for each (a layout of every
screen each time) kept Poker busy for minutes, deaf to Esc and ctrl+q."""


def too_small(size: Size) -> bool:
    return size.width < MIN_SIZE.width or size.height < MIN_SIZE.height


class TooSmallScreen(Screen[None]):
    CSS_PATH = "too_small.tcss"
    ALLOW_SELECT = False
    """Nothing here to copy; and Textual's selection, started by a press on a notification
    that a click was taking away, failed on its gone container (AttributeError: region)."""

    def compose(self) -> ComposeResult:
        yield Static(self._text(), id="too-small-text", markup=False)

    def _text(self) -> str:
        size = self.app.size
        return (f"Make the terminal larger: tableau needs {MIN_SIZE.width}×{MIN_SIZE.height}, "
                f"this one is {size.width}×{size.height}. The game waits as it is.")

    def on_resize(self) -> None:
        self.query_one("#too-small-text", Static).update(self._text())
        # In two columns or fewer a scrollbar leaves the text no room, so Textual would add and
        # drop it again at every frame (a busy loop); no scrollbar there, the text is cut.
        self.set_class(self.app.size.width <= 2, "-no-room")
        if not too_small(self.app.size):
            self.leave_when_settled()

    _leaving: Timer | None = None

    def on_screen_resume(self) -> None:
        # Shown, or uncovered again (a screen pushed above it was closed), at a size that fits.
        if not too_small(self.app.size):
            self.leave_when_settled()

    def leave_when_settled(self) -> None:
        """Go once the terminal has kept one size for ``SETTLE`` seconds, if it fits then
        (each new size starts the wait again): a burst of sizes is handled once, at its end."""
        if self._leaving is None:
            self._leaving = self.set_timer(SETTLE, self._leave)
        else:
            self._leaving.reset()

    def _leave(self) -> None:
        self._leaving = None
        if self.app.screen is self and not too_small(self.app.size):
            self.app.pop_screen()

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
