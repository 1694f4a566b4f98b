"""Base classes every tableau screen shares: the size classes and the common keys."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
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
    """A game. Subclasses set GAME_KEY (the key in ``tableau.ui.games``) and TITLE, and say in
    ``game_at_stake`` when leaving would lose something."""

    GAME_KEY: ClassVar[str] = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "leave", "Menu"),
        Binding("question_mark", "app.help", "Help", key_display="?"),
    ]

    def palette_commands(self) -> Iterable[SystemCommand]:
        """Commands for the command palette (ctrl+p): new game, undo, ... Override."""
        return ()

    def game_at_stake(self) -> bool:
        """A game is under way: moves were made and it has not ended. Override."""
        return False

    def ask_before_discarding(
        self,
        go_on: Callable[[], object],
        *,
        question: str,
        leave: str,
        stay: str = "Keep playing",
        note: str = "The game under way is not saved.",
    ) -> None:
        """Run ``go_on`` now if nothing is at stake; else only after the player says yes to
        ``question`` (``leave`` labels the yes, ``stay`` the way back). The one way every game
        asks before a key throws a game away."""
        if self.game_at_stake():
            self._confirm(go_on, question, leave, stay, note)
        else:
            go_on()

    def action_leave(self) -> None:
        """q: back to the menu, after a yes if a game is under way."""
        self.ask_before_discarding(
            self.app.show_menu,  # type: ignore[attr-defined]
            question="Leave this game?", leave="Leave to the menu",
        )

    def _confirm(
        self, go_on: Callable[[], object], question: str, leave: str, stay: str, note: str
    ) -> None:
        from tableau.ui.screens.dialogs import ConfirmScreen  # lazy: keeps the menu start fast

        def answered(choice: str | None) -> None:
            if choice == "leave":
                go_on()

        self.app.push_screen(ConfirmScreen(question, note, leave=leave, stay=stay), answered)
