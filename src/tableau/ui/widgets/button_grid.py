"""Rows of buttons drawn by one widget.

Six ``Button`` widgets in their rows were thirteen widgets for Textual to paint again on
every frame of a move at 120×40, about 1.5 ms of each (bench/bench_yukon_hint.py); this is
one. Each button looks like a compact ``Button`` (bold label on ``$surface``, darker under
the pointer) and a click on it posts ``ButtonGrid.Pressed`` with the button's name, as a
``Button`` posts ``Button.Pressed`` with its id. Buttons never take the focus: their keys
do the same.

The rows fill the widget's width in equal parts, each followed by a blank column; when the
widget has room for it (``height`` at least twice the rows), a blank line parts the rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.segment import Segment
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.strip import Strip

from tableau.ui.widgets.card import Drawn

GAP = 1
"""Columns after each button of a row (the last one's keep it off the edge)."""


class ButtonGrid(Drawn):
    """``ButtonGrid([[("New", "new"), ("Redeal", "restart")], ...])``: (label, name) pairs."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"button-grid--button", "button-grid--hover"}
    DEFAULT_CSS = """
    ButtonGrid {
        height: auto;
        pointer: pointer;
    }
    ButtonGrid > .button-grid--button {
        background: $surface;
        color: $button-foreground;
        text-style: bold;
    }
    ButtonGrid > .button-grid--hover {
        background: $surface-darken-1;
    }
    """

    @dataclass
    class Pressed(Message):
        grid: ButtonGrid
        name: str
        """The pressed button's name."""

    def __init__(
        self,
        rows: Sequence[Sequence[tuple[str, str]]],
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.rows = tuple(tuple(row) for row in rows)
        self.hovered: str | None = None

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._shown_rows(width))

    def _shown_rows(self, width: int) -> tuple[tuple[tuple[str, str], ...], ...]:
        """The rows as given, or one button a row where a row's labels would be cut (a
        narrow side panel: "Redeal", not "Red")."""
        fits = all(len(label) <= (width - GAP * len(row)) // len(row)
                   for row in self.rows for label, _name in row)
        return self.rows if fits else tuple((button,) for row in self.rows for button in row)

    def _row_at(self, y: int) -> Sequence[tuple[str, str]] | None:
        """The buttons drawn on content line ``y``, None on a blank line. Rows are a blank line
        apart when the widget has room for it."""
        rows = self._shown_rows(self.content_size.width)
        spacing = 2 if self.content_size.height >= 2 * len(rows) else 1
        if y % spacing or not 0 <= y // spacing < len(rows):
            return None
        return rows[y // spacing]

    def _spans(self, row: Sequence[tuple[str, str]]) -> list[tuple[int, int, str, str]]:
        """(start, width, label, name) of each button of ``row`` across the content width."""
        width = self.content_size.width
        count = len(row)
        each = max((width - GAP * count) // count, 1) if count else 0
        return [(number * (each + GAP), each, label, name)
                for number, (label, name) in enumerate(row)]

    def name_at(self, x: int, y: int) -> str | None:
        """The name of the button at content position (x, y), or None."""
        row = self._row_at(y)
        for start, each, _label, name in self._spans(row) if row is not None else ():
            if start <= x < start + each:
                return name
        return None

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        base = self.rich_style
        row = self._row_at(y)
        if row is None:
            return Strip.blank(width, base)
        segments: list[Segment] = []
        button = self.get_component_rich_style("button-grid--button")
        hover = button + self.get_component_rich_style("button-grid--hover", partial=True)
        for start, each, label, name in self._spans(row):
            if start:
                segments.append(Segment(" " * GAP, base))
            style = hover if name == self.hovered else button
            segments.append(Segment(label[:each].center(each), style))
        return Strip(segments).extend_cell_length(width, base).crop(0, width)

    def _hover(self, name: str | None) -> None:
        if name != self.hovered:
            self.hovered = name
            self.refresh()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover(self.name_at(event.x, event.y))

    def on_leave(self, event: events.Leave) -> None:
        self._hover(None)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        name = self.name_at(event.x, event.y)
        if name is not None:
            self.post_message(self.Pressed(self, name))
