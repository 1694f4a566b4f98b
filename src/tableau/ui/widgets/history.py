"""A scrollable log of public events ("Anna plays 7♥", "You draw a card").

``panel.update(entries)`` takes the whole tuple from a view each time; only new lines are
written, and the log follows the newest line.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets import Log

from tableau.ui._css import sibling_tcss


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

    def update(self, entries: Sequence[object]) -> None:
        """Show these events (strings, or values with a ``text`` attribute), oldest first."""
        lines = tuple(str(getattr(entry, "text", entry)) for entry in entries)
        if lines == self.entries:
            return
        if lines[: len(self.entries)] == self.entries:
            self.write_lines(lines[len(self.entries):])
        else:
            self.clear()
            self.write_lines(lines)
        self.entries = lines
