"""A scrollable log of public events ("Anna plays 7♥", "You draw a card").

``panel.update(entries)`` takes the whole tuple from a view each time; only new lines are
written, and the log follows the newest line. A long entry wraps to the panel's width, its
later lines indented, and the whole log wraps again when that width changes.

The keys scroll it as a pager while it has focus (click it, or Tab to it). A screen whose
focus stays elsewhere adds ``PAGE_BINDINGS`` and calls ``panel.page(direction)`` from
``action_page_history(direction)``, so Page Up/Down read back through the log from anywhere.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from collections.abc import Sequence

from textual.binding import Binding
from textual.binding import BindingType
from textual.widgets import Log

from tableau.ui._css import sibling_tcss

PAGE_BINDINGS: list[BindingType] = [
    Binding("pageup", "page_history(-1)", "History up", show=False),
    Binding("pagedown", "page_history(1)", "History down", show=False),
]


class HistoryPanel(Log):
    DEFAULT_CSS = sibling_tcss(__file__)
    SCOPED_CSS = False

    def __init__(
        self,
        title: str = "History",
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(auto_scroll=True, id=id, classes=classes)
        self.border_title = title
        self.entries: tuple[str, ...] = ()
        self._wrapped_at = 0  # the width the shown lines were wrapped to; 0 is unwrapped
        self._following = True  # the newest line was in view before the last update

    def update(self, entries: Sequence[object]) -> None:
        """Show these events (strings, or values with a ``text`` attribute), oldest first."""
        lines = tuple(str(getattr(entry, "text", entry)) for entry in entries)
        width = self._wrap_width()
        if lines == self.entries and width == self._wrapped_at:
            return
        self._following = self.is_vertical_scroll_end
        if width == self._wrapped_at and lines[: len(self.entries)] == self.entries:
            self.write_lines(_wrapped(lines[len(self.entries) :], width))
        else:
            self.clear()
            self.write_lines(_wrapped(lines, width))
        self.entries = lines
        self._wrapped_at = width

    def watch_show_vertical_scrollbar(self, shown: bool) -> None:
        # Log follows the newest line at once, but a scroll is refused until the layout
        # shows the bar the new lines need: a log that filled up between two frames stayed
        # at its top. Follow again once the bar shows.
        if shown and self._following:
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def page(self, direction: int) -> None:
        """Scroll one page back (``direction`` < 0) or forward."""
        if direction < 0:
            self.scroll_page_up(animate=False)
        else:
            self.scroll_page_down(animate=False)

    def on_resize(self) -> None:
        if self._wrap_width() != self._wrapped_at:
            self.update(self.entries)

    def _wrap_width(self) -> int:
        # Leave room for the scroll bar even before it appears, so a line never needs it.
        return max(self.content_region.width - self.styles.scrollbar_size_vertical, 0)


def _wrapped(lines: Iterable[str], width: int) -> list[str]:
    if width < 8:  # not laid out yet, or too narrow to wrap usefully
        return list(lines)
    return [
        part
        for line in lines
        for part in textwrap.wrap(line, width, subsequent_indent="  ") or [""]
    ]
