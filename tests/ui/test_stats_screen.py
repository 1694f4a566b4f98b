"""The statistics screen, played like a player: open it from the menu, read each game's tab,
clear one game's statistics after a yes, and go back. The games are recorded the way the games
record them, through ``Store.finish``, in the test's own TABLEAU_HOME."""

from __future__ import annotations

from typing import Any

from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import Static
from textual.widgets import TabbedContent
from ui_helpers import click
from ui_helpers import press
from ui_helpers import started

from tableau.storage.home import database_path
from tableau.storage.store import GameRecord
from tableau.storage.store import Store
from tableau.ui.app import TableauApp
from tableau.ui.scenes import still_app
from tableau.ui.screens.dialogs import ConfirmScreen
from tableau.ui.screens.menu import MenuScreen
from tableau.ui.screens.stats import FigureTable
from tableau.ui.screens.stats import StatsScreen


def finish(store: Store, game: str, result: str, variant: str = "", *, moves: int = 60,
           duration: float = 200.0, **details: Any) -> None:
    store.finish(GameRecord(game, variant, 3, {}, 0.0, moves, duration, details=details),
                 result)


def record_games() -> None:
    """Three Yukon games under the spec rules and two Poker sessions."""
    store = Store(database_path())
    finish(store, "yukon", "won", "spec", moves=101, duration=245.0)
    finish(store, "yukon", "lost", "spec")
    finish(store, "yukon", "won", "spec", moves=99, duration=300.0)
    finish(store, "poker", "won", hands=8, hands_won=3, biggest_pot=60, chips=25)
    finish(store, "poker", "lost", hands=4, hands_won=1, biggest_pot=90, chips=-40)
    store.close()


def app() -> TableauApp:
    return still_app(persist=True)


async def opened(pilot: Pilot[Any]) -> StatsScreen:
    await press(pilot, "s")
    screen = pilot.app.screen
    assert isinstance(screen, StatsScreen)
    return screen


def shown(screen: StatsScreen) -> list[tuple[str, ...]]:
    """The rows of the tables on the game's tab in view, as the player reads them."""
    pane = screen.query_one(TabbedContent).active_pane
    assert pane is not None
    return [tuple(str(cell) for cell in table.get_row_at(row))
            for table in pane.query(FigureTable) for row in range(table.row_count)]


def toasts(pilot: Pilot[Any]) -> str:
    """The text of the notifications on screen (``run_test(notifications=True)``)."""
    return " ".join(str(toast.render()) for toast in pilot.app.screen.query("Toast"))


def sentence(screen: StatsScreen) -> str:
    pane = screen.query_one(TabbedContent).active_pane
    assert pane is not None
    return str(pane.query_one(".empty", Static).content)


async def test_finished_games_show_on_their_tabs_and_clearing_one_asks_first() -> None:
    """Recorded games show on their tabs (Yukon's, then Poker's); then clearing: No to the
    question clears nothing (Poker's), Yes clears that one game (Yukon's) and keeps the
    others and the game in progress."""
    record_games()
    store = Store(database_path())
    store.save(GameRecord("yukon", "spec", 5, {}, 0.0, 7, 30.0, data={"any": 1}))
    store.close()
    async with started(app(), (80, 24)) as pilot:
        screen = await opened(pilot)
        assert screen.shown_game == "yukon"
        rows = shown(screen)
        assert ("Played", "3") in rows
        assert ("Won", "2") in rows
        assert ("Win %", "67%") in rows
        assert ("Current streak", "1") in rows
        assert ("Best time", "4:05") in rows
        assert ("Fewest moves", "99") in rows
        await press(pilot, "4")
        assert screen.shown_game == "poker"
        rows = shown(screen)
        assert ("Hands played", "12") in rows
        assert ("Biggest pot won", "90") in rows
        assert ("Chips", "-15") in rows
        assert rows[-2:] == [("#2", "-40"), ("#1", "+25")]
        # No to the question clears nothing.
        await press(pilot, "r", "n")
        assert pilot.app.screen is screen
        assert ("Hands played", "12") in shown(screen)
        assert len(Store(database_path()).finished("poker")) == 2
        # Yes clears the game in view, and only it.
        await press(pilot, "1", "r")
        dialog = pilot.app.screen
        assert isinstance(dialog, ConfirmScreen)
        assert dialog.title_text == "Clear the Yukon statistics?"
        assert "All 3 finished Yukon games will be forgotten." in dialog.text
        await press(pilot, "y")
        assert pilot.app.screen is screen
        assert sentence(screen) == "No Yukon games finished yet."
        await press(pilot, "4")
        assert ("Hands played", "12") in shown(screen)
    store = Store(database_path())
    assert store.finished("yukon") == []
    assert len(store.finished("poker")) == 2
    assert store.saved("yukon") is not None  # the game in progress is no statistic


async def test_with_no_games_the_screen_opens_reads_chooses_and_goes_back() -> None:
    """With nothing recorded, as a player goes through it: the menu's Statistics entry
    opens the screen and Escape goes back, s opens it and q goes back; no finished games
    read as a sentence on every tab; arrows, numbers and clicks choose the game; with
    nothing to clear, r asks nothing and says so."""
    async with app().run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await click(pilot, "#statistics")
        assert isinstance(pilot.app.screen, StatsScreen)
        await press(pilot, "escape")
        assert isinstance(pilot.app.screen, MenuScreen)
        await opened(pilot)
        await press(pilot, "q")
        assert isinstance(pilot.app.screen, MenuScreen)
        screen = await opened(pilot)
        assert sentence(screen) == "No Yukon games finished yet."
        await press(pilot, "r")
        await pilot.pause()
        assert pilot.app.screen is screen
        assert "There are no Yukon statistics to clear." in toasts(pilot)
        await press(pilot, "2")
        assert sentence(screen) == "No Pesten rounds finished yet."
        assert shown(screen) == []
        await press(pilot, "1", "right")
        assert screen.shown_game == "pesten"
        await press(pilot, "3")
        assert screen.shown_game == "gofish"
        await press(pilot, "1", "left")  # from the first game round to the last
        assert screen.shown_game == "poker"
        await click(pilot, "#--content-tab-stats-gofish")
        assert screen.shown_game == "gofish"


async def test_a_store_that_keeps_nothing_says_why() -> None:
    database_path().mkdir(parents=True)
    async with started(app(), (80, 24)) as pilot:
        screen = await opened(pilot)
        text = str(screen.query_one("#stats-off", Static).content)
        assert text == ("The statistics cannot be read: tableau.db is a folder, not tableau's "
                        "database.")
        await press(pilot, "r")
        assert pilot.app.screen is screen
        await press(pilot, "escape")
        assert isinstance(pilot.app.screen, MenuScreen)


async def test_a_long_table_scrolls_with_the_arrows_at_80x24() -> None:
    store = Store(database_path())
    for number in range(30):
        finish(store, "pesten", "finished", players=[f"Player {number}", "Anna"], winner="Anna")
    store.close()
    async with started(app(), (80, 24)) as pilot:
        screen = await opened(pilot)
        await press(pilot, "2")
        figures = screen.query_one("#figures-pesten", VerticalScroll)
        assert figures.max_scroll_y > 0
        await press(pilot, "down", "down", "pagedown")
        assert figures.scroll_y == min(12, figures.max_scroll_y)
        assert shown(screen)[0] == ("Anna", "30", "30", "0", "0", "–")


async def test_demo_games_are_left_out_and_the_yukon_tab_says_so() -> None:
    """A demo game alone: the tab has no figures and says why; with a game of the player's
    too, the figures are that game's and the line stays under them."""
    store = Store(database_path())
    finish(store, "yukon", "won", "spec", moves=40, duration=30.0, demo=True)
    store.close()
    note = "1 game the demo played in is not counted."
    async with started(app(), (80, 24)) as pilot:
        screen = await opened(pilot)
        assert sentence(screen) == "No Yukon games finished yet."
        assert str(screen.query_one("#figures-yukon .note", Static).content) == note
        await press(pilot, "q")
        store = Store(database_path())
        finish(store, "yukon", "lost", "spec")
        store.close()
        screen = await opened(pilot)
        assert ("Played", "1") in shown(screen)
        assert ("Won", "0") in shown(screen)
        assert str(screen.query_one("#figures-yukon .note", Static).content) == note
        await press(pilot, "r")  # clearing says what goes, the demo's game too
        dialog = pilot.app.screen
        assert isinstance(dialog, ConfirmScreen)
        assert "All 2 finished Yukon games (1 the demo played in)" in dialog.text
