"""The menu: what it lists, and how it opens games, help and quits."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import ListItem
from textual.widgets import ListView
from ui_helpers import press
from ui_helpers import started

from tableau.registry import REGISTRY
from tableau.storage.home import database_path
from tableau.storage.store import GameRecord
from tableau.storage.store import Store
from tableau.ui.app import TableauApp
from tableau.ui.screens.base import GameScreen
from tableau.ui.screens.dialogs import ConfirmScreen
from tableau.ui.screens.help import HelpScreen
from tableau.ui.screens.menu import ContinueItem
from tableau.ui.screens.menu import GameItem
from tableau.ui.screens.menu import MenuScreen


async def test_the_menu_lists_every_registered_game_with_its_description(
    make_app: Callable[..., TableauApp],
) -> None:
    """The menu lists every registered game with its description and has the focus; then,
    as a player goes through it: ? opens help and Esc closes it, F1 opens help too, s opens
    the statistics, and ctrl+q quits from the menu. On the way, j and k move through the
    menu as its help says (moved here from test_keys_documented.py)."""
    app = make_app()
    async with started(app, (80, 24)) as pilot:
        assert isinstance(app.screen, MenuScreen)
        items = list(app.screen.query(GameItem))
        assert [item.key for item in items] == [game.key for game in REGISTRY]
        assert items[0].description == REGISTRY[0].description
        games = app.screen.query_one("#games", ListView)
        assert games.has_focus
        first = games.index
        assert first is not None
        await press(pilot, "j")
        assert games.index == first + 1
        await press(pilot, "k")
        assert games.index == first
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        await press(pilot, "escape")
        assert isinstance(app.screen, MenuScreen)
        await press(pilot, "s")
        assert type(app.screen).__name__ == "StatsScreen"
        await press(pilot, "escape")
        assert isinstance(app.screen, MenuScreen)
        await press(pilot, "ctrl+q")
        assert not app.is_running


# ---------------------------------------------------------------------- Continue entries

def _saved_game(game: str, *, moves: int, label: str) -> GameRecord:
    return GameRecord(game, "pro", 7, {"cpus": 1}, started=NOW - 3600, moves=moves,
                      duration=600.0, label=label, details={"books": 2}, data={"x": 1})


NOW = 1_800_000_000.0


def _store_with(*records: tuple[GameRecord, float]) -> None:
    """Autosaves written at the given wall times, in the test's TABLEAU_HOME."""
    for record, saved_at in records:
        store = Store(database_path(), wall=lambda saved_at=saved_at: saved_at)
        store.save(record)
        store.close()


async def test_a_game_in_progress_shows_first_as_continue_with_its_summary(
    make_app: Callable[..., TableauApp],
) -> None:
    _store_with(
        (_saved_game("gofish", moves=12, label="2 CPUs · pro"), NOW - 240),
        (_saved_game("yukon", moves=1, label="seed 24611"), NOW - 30),
    )
    app = make_app(persist=True, wall=lambda: NOW)
    async with started(app, (80, 24)):
        items = list(app.screen.query_one(ListView).children)
        texts = [item.text for item in items if isinstance(item, ContinueItem)]
        assert texts == ["Continue Yukon · seed 24611 · 1 move · just now",
                         "Continue Go Fish · 2 CPUs · pro · 12 moves · 4 min ago"]
        assert isinstance(items[0], ContinueItem)  # Enter starts on the newest save
        assert app.screen.query_one(ListView).index == 0
        assert [item.key for item in items if isinstance(item, GameItem)] == [
            game.key for game in REGISTRY]


async def test_no_store_no_continue_entries(make_app: Callable[..., TableauApp]) -> None:
    _store_with((_saved_game("gofish", moves=3, label=""), NOW))
    app = make_app()  # persist=False: the still apps of tests and snapshots keep nothing
    async with started(app, (80, 24)):
        assert not list(app.screen.query(ContinueItem))


async def test_a_new_game_over_one_in_progress_asks_nothing_and_keeps_it(
    make_app: Callable[..., TableauApp],
) -> None:
    _store_with((_saved_game("gofish", moves=12, label="1 CPU"), NOW))
    app = make_app(persist=True, wall=lambda: NOW)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "3")  # Go Fish, not its Continue entry: straight to the set-up
        assert not isinstance(app.screen, ConfirmScreen)
        await press(pilot, "enter")  # Start
        assert isinstance(app.screen, GameScreen)
        await press(pilot, "enter", "q")  # ask once, then back to the menu
        assert [item.text.split(" · ")[:2] for item in app.screen.query(ContinueItem)] == [
            ["Continue Go Fish", "1 CPU"], ["Continue Go Fish", "1 CPU"]]
        assert app.runtime.store.finished("gofish") == []  # nothing counted as a loss


async def test_a_game_started_straight_away_lists_the_menu_when_the_menu_first_shows(
    make_app: Callable[..., TableauApp],
) -> None:
    """``tableau yukon`` may end without ever showing the menu: its list (the store's games,
    a widget each) is made when the menu first shows, whole, the newest Continue first."""
    _store_with((_saved_game("gofish", moves=12, label="1 CPU"), NOW))
    app = make_app("yukon", seed=3, persist=True, wall=lambda: NOW)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen_stack[0]
        assert isinstance(menu, MenuScreen) and not list(menu.query(ListItem))
        app.show_menu()
        await pilot.pause()
        assert app.screen is menu
        assert [item.key for item in menu.query(GameItem)] == [game.key for game in REGISTRY]
        assert [item.text.split(" · ")[:2] for item in menu.query(ContinueItem)] == [
            ["Continue Go Fish", "1 CPU"]]
        games = menu.query_one("#games", ListView)
        assert games.has_focus and games.index == 0


async def test_at_a_phones_40_columns_the_table_lines_are_whole(
    make_app: Callable[..., TableauApp],
) -> None:
    """At 40 columns "Open a table… (play with friends at other screens)" is longer than
    the menu is wide: it wraps under itself, every word on the screen, none cut."""
    app = make_app()
    async with started(app, (40, 47)) as pilot:
        await pilot.pause()
        text = " ".join(app.screen._compositor.render_strips()[row].text.strip(" │")
                        for row in range(47))
        words = " ".join(text.split())
        assert "o Open a table… (play with friends at other screens)" in words
        assert "t Join a table…" in words
