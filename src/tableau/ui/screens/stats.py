"""The statistics screen: a tab per game with its tables (``tableau.storage.stats``), from the
menu's Statistics entry or ``s``. ←/→ or 1–4 choose the game, ↑/↓ scroll, ``r`` clears the
shown game's statistics after a yes, Esc or ``q`` goes back to the menu."""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import DataTable
from textual.widgets import Static
from textual.widgets import TabbedContent
from textual.widgets import TabPane
from textual.widgets import Tabs

from tableau.registry import REGISTRY
from tableau.storage.stats import Page
from tableau.storage.stats import Table
from tableau.storage.stats import figures
from tableau.storage.stats import pages
from tableau.storage.stats import plainly
from tableau.storage.stats import read_finished
from tableau.storage.store import StoreProblem
from tableau.ui.screens.base import TableauScreen
from tableau.ui.widgets.footer import KeysFooter
from tableau.ui.widgets.header import TitleHeader


class FigureTable(DataTable[str]):
    """One table of figures, to read, not to move around in: the tabs keep the focus."""

    can_focus = False


def table_widgets(table: Table) -> list[Widget]:
    shown = FigureTable(show_header=any(table.columns), show_cursor=False, zebra_stripes=True,
                        cursor_type="none")
    shown.add_columns(*table.columns)
    shown.add_rows(table.rows)
    return [Static(table.caption, classes="caption", markup=False), shown]


class StatsScreen(TableauScreen):
    """Each game's statistics on its own tab; they are read again after a reset."""

    CSS_PATH = "stats.tcss"
    AUTO_FOCUS = ""  # nothing: the screen's own keys do all
    TITLE = "Statistics"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "Menu"),
        Binding("left", "step(-1)", "Game", key_display="←/→"),
        Binding("right", "step(1)", show=False),
        Binding("r", "reset", "Clear these statistics"),
        Binding("up", "scroll(-1)", show=False),
        Binding("down", "scroll(1)", show=False),
        Binding("pageup", "scroll(-10)", show=False),
        Binding("pagedown", "scroll(10)", show=False),
        *(Binding(str(number), f"show_game({number})", show=False)
          for number in range(1, len(REGISTRY) + 1)),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.pages: dict[str, Page] = {}
        self.counts: Counter[str] = Counter()
        """Finished games (Pesten: rounds) of each game."""
        self.problem: str | None = None
        """Why there are no statistics to show (the store keeps none, or cannot be read)."""
        self.demo_games = 0
        """Finished Yukon games the demo played in: in ``counts``, in no figure."""

    def compose(self) -> ComposeResult:
        yield TitleHeader(icon="♠")
        self._read()
        if self.problem is not None:
            yield Static(self.problem, id="stats-off", markup=False)
        else:
            with TabbedContent(id="stats-games"):
                for page in self.pages.values():
                    with TabPane(page.title, id=f"stats-{page.game}"):
                        yield VerticalScroll(*self._content(page), id=f"figures-{page.game}",
                                             classes="figures", can_focus=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        super().on_mount()
        # The screen's keys choose the game: tabs with the focus would hide ←/→ from the footer.
        for tabs in self.query(Tabs):
            tabs.can_focus = False

    def _read(self) -> None:
        records = read_finished(self.runtime.store)
        if isinstance(records, str):
            self.problem = records
            records = []
        self.counts = Counter(record.game for record in records)
        numbers = figures(records)
        self.demo_games = numbers.yukon_demo_games
        self.pages = {page.game: page for page in pages(numbers)}

    @staticmethod
    def _content(page: Page) -> list[Widget]:
        shown: list[Widget] = (
            [widget for table in page.tables for widget in table_widgets(table)]
            if page.tables else [Static(page.empty, classes="empty", markup=False)])
        if page.note:  # under the tables, or centred under the sentence that there are none
            shown.append(Static(page.note, classes="note" if page.tables else "note -alone",
                                markup=False))
        return shown

    async def _show_again(self) -> None:
        """Read the figures again and show each game's anew."""
        self._read()
        for page in self.pages.values():
            scroll = self.query_one(f"#figures-{page.game}", VerticalScroll)
            await scroll.remove_children()
            await scroll.mount_all(self._content(page))

    # ------------------------------------------------------------------ keys

    @property
    def shown_game(self) -> str | None:
        """The key of the game whose tab is shown (None: no tabs)."""
        if self.problem is not None:
            return None
        active = self.query_one(TabbedContent).active
        return active.removeprefix("stats-") or None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("reset", "step", "show_game", "scroll"):
            return self.problem is None
        return True

    def action_back(self) -> None:
        self.to_menu()

    def action_show_game(self, number: int) -> None:
        if 1 <= number <= len(REGISTRY):
            self.query_one(TabbedContent).active = f"stats-{REGISTRY[number - 1].key}"

    def action_step(self, step: int) -> None:
        games = list(self.pages)
        now = games.index(self.shown_game) if self.shown_game in games else 0
        self.action_show_game((now + step) % len(games) + 1)

    def action_scroll(self, lines: int) -> None:
        game = self.shown_game
        if game is not None:
            self.query_one(f"#figures-{game}", VerticalScroll).scroll_relative(
                y=lines, animate=False)

    def action_reset(self) -> None:
        """r: clear the shown game's statistics, after a yes that says what is cleared."""
        from tableau.ui.screens.dialogs import ConfirmScreen

        game = self.shown_game
        if game is None:
            return
        title, count = self.pages[game].title, self.counts[game]
        unit = "round" if game == "pesten" else "game"
        if count == 0:
            self.notify(f"There are no {title} statistics to clear.", title="Statistics")
            return
        finished = f"{count} finished {title} {unit}{'' if count == 1 else 's'}"
        if game == "yukon" and self.demo_games:
            finished += f" ({self.demo_games} the demo played in)"

        async def answered(choice: str | None) -> None:
            if choice == "leave":
                await self._reset(game, title)

        self.app.push_screen(ConfirmScreen(
            f"Clear the {title} statistics?",
            f"{'The' if count == 1 else 'All'} {finished} will be forgotten. A {title} game "
            "in progress and the other games' statistics are kept.",
            leave="Clear them", stay="Keep them"), answered)

    async def _reset(self, game: str, title: str) -> None:
        try:
            self.runtime.store.reset(game)
        except StoreProblem as problem:
            self.notify(plainly(problem), title="Not cleared", severity="error", markup=False)
            return
        await self._show_again()
        self.notify(f"The {title} statistics were cleared.", title="Statistics")
