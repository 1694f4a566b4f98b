"""The first screen: "Continue" for each game in progress (several of one kind are each
listed), the list of games with one line about each, joining a friend's table, and the
statistics."""

from __future__ import annotations

from typing import Any
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.binding import BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Label
from textual.widgets import ListItem
from textual.widgets import ListView
from textual.widgets import Static

from tableau.registry import REGISTRY
from tableau.registry import find_game
from tableau.storage.store import GameRecord
from tableau.storage.store import StoreProblem
from tableau.ui.faces import BANNER
from tableau.ui.games import TABLE_SCREENS
from tableau.ui.games import Option
from tableau.ui.screens.base import TableauScreen
from tableau.ui.widgets.footer import KeysFooter
from tableau.ui.widgets.header import TitleHeader


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


def ago(seconds: float) -> str:
    """How long ago, in the words of the menu: "just now", "4 min ago", "2 h ago"."""
    minutes = int(max(0.0, seconds) // 60)
    if minutes < 1:
        return "just now"
    if minutes < 60:
        return f"{minutes} min ago"
    hours = minutes // 60
    if hours < 48:
        return f"{hours} h ago"
    return f"{hours // 24} days ago"


OPEN_ELSEWHERE = "open elsewhere"
RELIST_EVERY = 2.0
"""Seconds between two looks at the games in progress while the menu shows: another tableau
may have closed one (no longer open elsewhere), finished one or begun one meanwhile."""


def continue_text(record: GameRecord, now: float) -> str:
    """"Continue Yukon · seed 24611 · 37 moves · 4 min ago", and "· open elsewhere" while
    another tableau holds it (short, so the line fits at 80 columns)."""
    game = find_game(record.game)
    title = game.title if game is not None else record.game
    moves = f"{record.moves} move{'' if record.moves == 1 else 's'}"
    parts = [f"Continue {title}", record.label, moves, ago(now - record.at),
             OPEN_ELSEWHERE if record.held else ""]
    return " · ".join(part for part in parts if part)


class ContinueItem(ListItem):
    """One game in progress; ``key`` is its id."""

    def __init__(self, key: str, text: str) -> None:
        super().__init__(classes="continue")
        self.key = key
        self.text = text

    def compose(self) -> ComposeResult:
        yield Label(self.text, classes="game-title")


class TableItem(ListItem):
    """Open a table for friends at other screens (``tableau table GAME``), or sit
    down at one a friend opened (``tableau join CODE``); ``action`` is the menu's."""

    def __init__(self, key: str, label: str, action: str) -> None:
        super().__init__(id=action.replace("_", "-"))
        self.key = key
        self.label = label
        self.action = action

    def compose(self) -> ComposeResult:
        yield Label(f"{self.key}  {self.label}", classes="game-title")


TABLE_GAME = Option("game", "Game", tuple(
    (game.key, game.title) for game in REGISTRY if game.key in TABLE_SCREENS), "pesten")
"""The one choice before a table opens: its game."""


class StatisticsItem(ListItem):
    def __init__(self) -> None:
        super().__init__(id="statistics", classes="statistics")

    def compose(self) -> ComposeResult:
        yield Label("s  Statistics", classes="game-title")


def _place(item: object) -> tuple[str, str] | None:
    """What a menu entry is, across two lists: its kind and key."""
    return None if item is None else (type(item).__name__, str(getattr(item, "key", "")))


class MenuScreen(TableauScreen):
    """Choose a game with the arrows and Enter, a number key, or the mouse. "Continue" entries
    come first, the newest at the top, and Enter starts on the first of them."""

    class GameChosen(Message):
        """The player picked a game (``key``, its kind), or with ``resume`` a Continue entry
        (``key``, the game's id); the app opens the set-up step or resumes that game."""

        def __init__(self, key: str, *, resume: bool = False) -> None:
            super().__init__()
            self.key = key
            self.resume = resume

    class StatisticsChosen(Message):
        """The player asked for the statistics screen."""

    # menu.tcss is loaded by the app (TableauApp.CSS_PATH): the menu is the default screen.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "Play", show=True),
        Binding("question_mark", "app.help", "Help", key_display="?"),
        Binding("s", "statistics", "Statistics"),
        Binding("o", "open_table", "Open a table", show=False),
        Binding("t", "join_table", "Join a table", show=False),
        Binding("q", "app.quit", "Quit"),
        # j and k as the help says (the list's own keys are the arrows).
        Binding("j", "step(1)", show=False),
        Binding("k", "step(-1)", show=False),
        *(
            Binding(str(number), f"open_number({number})", show=False)
            for number in range(1, len(REGISTRY) + 1)
        ),
    ]

    def __init__(self, *, listed_when_shown: bool = False) -> None:
        # ``listed_when_shown``: the app starts straight into a game, which may end the run
        # before the menu is seen, so the list (the store's games, a widget each) waits.
        super().__init__()
        self._listed = not listed_when_shown

    def compose(self) -> ComposeResult:
        yield TitleHeader(icon="♠")
        with Vertical(id="menu-box"):
            yield Static(BANNER, id="banner")
            yield Static("Choose a game", id="menu-hint")
            yield ListView(*self._items(self._continue_items()) if self._listed else (),
                           id="games")
        yield KeysFooter()

    _shown_saves: tuple[str, ...] = ()
    """The Continue entries on the list now."""
    _warned = False

    def _continue_items(self) -> list[ContinueItem]:
        """A Continue entry for each game in progress, newest first (a damaged save is said
        once, then left out)."""
        try:
            saves, problems = self.runtime.store.saves()
        except StoreProblem as failure:
            saves, problems = [], [str(failure)]
        if not self._warned:
            for problem in problems:
                self.notify(problem, title="Saved games", severity="warning", markup=False)
            self._warned = True
        now = self.runtime.wall()
        return [ContinueItem(record.id, continue_text(record, now)) for record in saves
                if find_game(record.game) is not None]

    def _items(self, continues: list[ContinueItem]) -> list[ListItem]:
        self._shown_saves = tuple(item.text for item in continues)
        return [
            *continues,
            *(GameItem(game.key, game.title, game.description, number)
              for number, game in enumerate(REGISTRY, start=1)),
            TableItem("o", "Open a table… (play with friends at other screens)",
                      "open_table"),
            TableItem("t", "Join a table…", "join_table"),
            StatisticsItem(),
        ]

    def on_mount(self) -> None:
        super().on_mount()
        self.sub_title = "a terminal card table"
        self.query_one(ListView).focus()
        self.set_interval(RELIST_EVERY, self._relist_while_shown)

    async def _relist_while_shown(self) -> None:
        if self._listed and self.app.screen is self:
            await self._relist(keep_place=True)

    _resumed_before = False

    async def on_screen_resume(self) -> None:
        """Back from a game: the Continue entries may have changed (rebuilt only then: the
        screen is also resumed as the app starts), and no game is held here any more (one
        whose resume was given up, say at Pesten's passwords, is let go)."""
        if self._resumed_before:
            self.runtime.store.release_all()
        self._resumed_before = True
        if not self._listed and self.app.screen is not self:
            return  # a game went on top before the menu showed
        await self._relist(keep_place=False)

    async def _relist(self, *, keep_place: bool) -> None:
        """The list again when its Continue entries changed; the highlight stays on the same
        entry (``keep_place``, if it is still there), else goes to the top."""
        games = self.query_one(ListView)
        continues = self._continue_items()
        if not games.is_mounted or (
                self._listed and tuple(item.text for item in continues) == self._shown_saves):
            return
        place = _place(games.highlighted_child) if keep_place else None
        self._listed = True
        with self.app.batch_update():  # one frame: never an empty list between the two
            await games.clear()
            await games.extend(self._items(continues))
        places = [_place(item) for item in games.children]
        games.index = places.index(place) if place in places else 0

    @on(ListView.Selected)
    def _selected(self, event: ListView.Selected) -> None:
        self._open(event.item)

    def action_open(self) -> None:
        self._open(self.query_one(ListView).highlighted_child)

    def _open(self, item: ListItem | None) -> None:
        if isinstance(item, ContinueItem):
            self.post_message(self.GameChosen(item.key, resume=True))
        elif isinstance(item, GameItem):
            self.app_open(item.key)
        elif isinstance(item, TableItem):
            getattr(self, f"action_{item.action}")()
        elif isinstance(item, StatisticsItem):
            self.action_statistics()

    def action_step(self, step: int) -> None:
        games = self.query_one(ListView)
        if step > 0:
            games.action_cursor_down()
        else:
            games.action_cursor_up()

    def action_open_number(self, number: int) -> None:
        if 1 <= number <= len(REGISTRY):
            self.app_open(REGISTRY[number - 1].key)

    def action_open_table(self) -> None:
        """Which game, then its set-up with open seats, then the opener's table (``tableau
        table GAME``)."""
        from tableau.ui.screens.setup import GameSetupScreen  # lazy: a fast start

        self.app.push_screen(GameSetupScreen("Open a table", (TABLE_GAME,), {}),
                             self._open_table_of)

    def _open_table_of(self, choice: dict[str, Any] | None) -> None:
        if choice is not None:
            from tableau.ui.screens.table_open import open_table

            self.app.push_screen(open_table({"game": choice["game"]}))

    def action_join_table(self) -> None:
        """The join form: the code, a seat, a name and a password (``tableau join``)."""
        from tableau.ui.screens.table_join import JoinScreen  # lazy: keeps the start fast

        self.app.push_screen(JoinScreen())

    def action_statistics(self) -> None:
        self.post_message(self.StatisticsChosen())

    def app_open(self, key: str) -> None:
        self.post_message(self.GameChosen(key))
