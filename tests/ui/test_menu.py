"""The menu: what it lists, and how it opens games, help and quits."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import ListView
from ui_helpers import press
from ui_helpers import started

from tableau.engines import REGISTRY
from tableau.ui.app import TableauApp
from tableau.ui.screens.help import HelpScreen
from tableau.ui.screens.menu import GameItem
from tableau.ui.screens.menu import MenuScreen


async def test_the_menu_lists_every_registered_game_with_its_description(
    make_app: Callable[..., TableauApp],
) -> None:
    app = make_app()
    async with started(app, (80, 24)):
        assert isinstance(app.screen, MenuScreen)
        items = list(app.screen.query(GameItem))
        assert [item.key for item in items] == [game.key for game in REGISTRY]
        assert items[0].description == REGISTRY[0].description
        assert app.screen.query_one(ListView).has_focus


async def test_question_mark_opens_help_and_escape_closes_it(
    make_app: Callable[..., TableauApp],
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


async def test_f1_opens_help_too(make_app: Callable[..., TableauApp]) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)


async def test_ctrl_q_quits_from_the_menu(make_app: Callable[..., TableauApp]) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "ctrl+q")
        assert not app.is_running
