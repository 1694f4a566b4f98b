"""The first screen: the list of games, with one line about each."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.binding import BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Footer
from textual.widgets import Header
from textual.widgets import Label
from textual.widgets import ListItem
from textual.widgets import ListView
from textual.widgets import Static

from tableau.engines import REGISTRY
from tableau.ui.screens.base import TableauScreen

BANNER = "♠ ♥  t a b l e a u  ♦ ♣"


class GameItem(ListItem):
    def __init__(self, key: str, title: str, description: str, number: int) -> None:
        super().__init__(id=f"game-{key}")
        self.key = key
        self.title = title
        self.description = description
        self.number = number

    def compose(self) -> ComposeResult:
        yield Label(f"{self.number}  {self.title}", classes="game-title")
        yield Label(self.description, classes="game-description")


class MenuScreen(TableauScreen):
    """Choose a game with the arrows and Enter, a number key, or the mouse."""

    class GameChosen(Message):
        """The player picked a game; the app opens its set-up step."""

        def __init__(self, key: str) -> None:
            super().__init__()
            self.key = key

    # menu.tcss is loaded by the app (TableauApp.CSS_PATH): the menu is the default screen.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "Play", show=True),
        Binding("question_mark", "app.help", "Help", key_display="?"),
        Binding("q", "app.quit", "Quit"),
        *(
            Binding(str(number), f"open_number({number})", show=False)
            for number in range(1, len(REGISTRY) + 1)
        ),
    ]

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        with Vertical(id="menu-box"):
            yield Static(BANNER, id="banner")
            yield Static("Choose a game", id="menu-hint")
            yield ListView(
                *(
                    GameItem(game.key, game.title, game.description, number)
                    for number, game in enumerate(REGISTRY, start=1)
                ),
                id="games",
            )
        yield Footer()

    def on_mount(self) -> None:
        super().on_mount()
        self.sub_title = "a terminal card table"
        self.query_one(ListView).focus()

    @on(ListView.Selected)
    def _selected(self, event: ListView.Selected) -> None:
        if isinstance(event.item, GameItem):
            self.app_open(event.item.key)

    def action_open(self) -> None:
        games = self.query_one(ListView)
        item = games.highlighted_child
        if isinstance(item, GameItem):
            self.app_open(item.key)

    def action_open_number(self, number: int) -> None:
        if 1 <= number <= len(REGISTRY):
            self.app_open(REGISTRY[number - 1].key)

    def app_open(self, key: str) -> None:
        self.post_message(self.GameChosen(key))
