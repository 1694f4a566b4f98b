"""The set-up step between the menu and a game: a few choices, each on one line.

``GameSetupScreen("Go Fish", options, chosen)`` returns ``{"cpus": 2, "level": "easy", ...}``
(Start, or Enter) or None (Back, or Escape); "Players…" (p), for Go Fish and Poker, goes to
the set-up of several people at this screen instead. ↑/↓ (or Tab) go from line to line, ←/→
change the choice on a line; a click on a line steps its choice on (on its ``‹``, back).
Keyboard-only at 80×24. The menu's "Open a table…" asks its one question (the game) here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.containers import Vertical
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.widgets import Button
from textual.widgets import Static

from tableau.registry import REGISTRY
from tableau.ui.games import TABLE_SCREENS
from tableau.ui.games import Option
from tableau.ui.screens.base import ButtonActions

HINT = "↑↓ line · ←→ change · Enter start · Esc back"


class OptionRow(Static, can_focus=True):
    """One option: ``Label  ‹ choice ›``; ←/→ (or a click) change the choice."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Change", show=False),
        Binding("right", "step(1)", "Change", show=False),
    ]

    index: reactive[int] = reactive(0)

    def __init__(self, option: Option, index: int) -> None:
        super().__init__(id=f"option-{option.key}", classes="option", markup=False)
        self.option = option
        self.set_reactive(OptionRow.index, index)

    @property
    def value(self) -> Any:
        return self.option.values[self.index][0]

    def render(self) -> str:
        text = self.option.values[self.index][1]
        return f"{self.label_part}‹ {text} ›"

    @property
    def label_part(self) -> str:
        """The text before the ``‹``."""
        return f"{self.option.label:<7} "

    def action_step(self, step: int) -> None:
        self.index = (self.index + step) % len(self.option.values)

    def on_click(self, event: events.Click) -> None:
        """A click on the ``‹`` steps the choice back; anywhere else on the line, on."""
        self.focus()
        offset = event.get_content_offset(self)
        back = offset is not None and offset.x in (len(self.label_part), len(self.label_part) + 1)
        self.action_step(-1 if back else 1)


class GameSetupScreen(ButtonActions, ModalScreen[dict[str, Any] | None]):
    CSS_PATH = "setup.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", "Start"),
        Binding("escape", "back", "Back"),
        Binding("up", "app.focus_previous", "Previous", show=False),
        Binding("down", "app.focus_next", "Next", show=False),
        Binding("p", "people", "Players…", show=False),
    ]
    BUTTON_ACTIONS: ClassVar[dict[str, str]] = {
        "setup-start": "start", "setup-back": "back", "setup-people": "people"}

    def __init__(self, title: str, options: Sequence[Option], chosen: Mapping[str, Any],
                 *, people: str | None = None) -> None:
        """``people``: the game whose set-up of several people at this screen "Players…"
        opens (found by ``title`` unless given; none for a game without one)."""
        super().__init__()
        self.game_title = title
        self.options = tuple(options)
        self.chosen = dict(chosen)
        self.people = people if people is not None else next(
            (game.key for game in REGISTRY if game.title == title
             and "here" in TABLE_SCREENS.get(game.key, {})), None)

    def compose(self) -> ComposeResult:
        with Vertical(id="setup"):
            yield Static(f"{self.game_title}: set-up", id="setup-title", markup=False)
            yield Static(HINT, id="setup-hint", markup=False)
            with Vertical(id="setup-options"):
                for option in self.options:
                    value = self.chosen.get(option.key, option.default)
                    yield OptionRow(option, option.index_of(value))
            with Horizontal(id="setup-buttons"):
                yield Button("Start", id="setup-start", compact=True, variant="primary")
                yield Button("Back", id="setup-back", compact=True)
                if self.people is not None:
                    yield Button("Players…", id="setup-people", compact=True)

    def on_mount(self) -> None:
        self.query(OptionRow).first().focus()

    def action_start(self) -> None:
        self.dismiss({row.option.key: row.value for row in self.query(OptionRow)})

    def action_back(self) -> None:
        self.dismiss(None)

    def action_people(self) -> None:
        """p or "Players…": the set-up of several people at this screen instead."""
        if self.people is None:
            return
        from tableau.ui.screens.people_setup import PeopleSetupScreen

        self.dismiss(None)
        self.app.push_screen(PeopleSetupScreen(self.people))
