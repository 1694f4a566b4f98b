"""The app shell: starting, themes, the command palette, the size classes."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tableau.ui.app import TableauApp, run_app
from tableau.ui.screens.menu import MenuScreen
from tableau.ui.screens.yukon import YukonScreen

AppFactory = Callable[..., TableauApp]


def test_run_app_refuses_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_app(start="chess") == 2
    assert "chess" in capsys.readouterr().err


async def test_starting_with_a_game_opens_it_above_the_menu(make_app: AppFactory) -> None:
    app = make_app("yukon", seed=9)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, YukonScreen)
        assert app.screen.start_seed == 9
        assert isinstance(app.screen_stack[0], MenuScreen)


async def test_the_theme_chosen_stays_for_the_rest_of_the_run(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = "nord"
        await pilot.press("enter")
        assert isinstance(app.screen, YukonScreen)
        assert app.theme == "nord"
        await pilot.press("escape", "q")
        assert app.theme == "nord"


async def test_the_palette_offers_the_games_commands(make_app: AppFactory) -> None:
    app = make_app("yukon")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        for wanted in ("New game", "Restart deal", "Undo", "Redo", "Save game", "Load game",
                       "Rules variant", "Theme"):
            assert wanted in titles


async def test_screens_switch_between_compact_and_large_on_resize(make_app: AppFactory) -> None:
    app = make_app("yukon")
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.screen.has_class("-compact")
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert app.screen.has_class("-large") and not app.screen.has_class("-compact")


async def test_a_tiny_terminal_does_not_crash_the_table(make_app: AppFactory) -> None:
    app = make_app("yukon")
    async with app.run_test(size=(30, 10)) as pilot:
        await pilot.press("ctrl+n")
        await pilot.resize_terminal(20, 6)
        await pilot.press("escape", "1", "space", "2", "space")
        assert isinstance(app.screen, YukonScreen)
