"""Base classes every tableau screen shares: the size classes and the common keys."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from typing import Any, ClassVar

from textual import events
from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.screen import Screen

LARGE_SIZE = Size(100, 32)
"""At this terminal size or larger, screens get the class ``-large`` (else ``-compact``)."""


def _size_class(size: Size) -> str:
    large = size.width >= LARGE_SIZE.width and size.height >= LARGE_SIZE.height
    return "-large" if large else "-compact"


class TableauScreen(Screen[Any]):
    """Adds ``-large``/``-compact`` to the screen as the terminal resizes.

    Style both looks in .tcss: ``YukonScreen.-large CardView { height: 5; }``.
    """

    def __init__(
        self, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        # Set the size class before the first styling pass: restyling a mounted screen is slow.
        with contextlib.suppress(Exception):  # no running app: on_mount sets it
            self.add_class(_size_class(self.app.size), update=False)

    def on_mount(self) -> None:
        self._apply_size(self.app.size)

    def on_resize(self, event: events.Resize) -> None:
        self._apply_size(event.size)

    def _apply_size(self, size: Size) -> None:
        wanted = _size_class(size)
        if not self.has_class(wanted):
            self.remove_class("-large", "-compact", update=False)
            self.add_class(wanted)

    @property
    def is_large(self) -> bool:
        return self.has_class("-large")


class GameScreen(TableauScreen):
    """A game. Subclasses set GAME_KEY (the key in ``tableau.ui.games``) and TITLE."""

    GAME_KEY: ClassVar[str] = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "app.menu", "Menu"),
        Binding("question_mark", "app.help", "Help", key_display="?"),
    ]

    def palette_commands(self) -> Iterable[SystemCommand]:
        """Commands for the command palette (ctrl+p): new game, undo, ... Override."""
        return ()

    def leave_to_menu(self, *, confirm: bool, title: str, stay: str, note: str) -> None:
        """Back to the menu; with ``confirm`` (a game under way, nothing saved) only after the
        player chooses "leave" in a dialog titled ``title`` (``stay`` labels the way back)."""
        show_menu = self.app.show_menu  # type: ignore[attr-defined]
        if not confirm:
            show_menu()
            return
        from tableau.ui.screens.dialogs import ChooserScreen  # lazy: keeps the menu start fast

        def answered(choice: str | None) -> None:
            if choice == "leave":
                show_menu()

        self.app.push_screen(
            ChooserScreen(title, [("stay", stay), ("leave", "Leave to the menu")], note),
            answered,
        )
