"""The app shell: starting, themes, the command palette, the size classes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.command import CommandPalette
from textual.pilot import Pilot
from textual.widgets import Static
from ui_helpers import press
from ui_helpers import started
from ui_helpers import terminal_clicks
from ui_helpers import until

from tableau.ui.app import TableauApp
from tableau.ui.app import run_app
from tableau.ui.screens import too_small
from tableau.ui.screens.dialogs import ChooserScreen
from tableau.ui.screens.menu import MenuScreen
from tableau.ui.screens.poker import PokerScreen
from tableau.ui.screens.setup import GameSetupScreen
from tableau.ui.screens.too_small import TooSmallScreen
from tableau.ui.screens.yukon import YukonScreen

AppFactory = Callable[..., TableauApp]


def test_run_app_refuses_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_app(start="chess") == 2
    assert "chess" in capsys.readouterr().err


async def test_starting_with_a_game_opens_it_above_the_menu(make_app: AppFactory) -> None:
    """Started with a game, the app opens it above the menu; the palette offers the game's
    commands; the screen switches from compact to large when the terminal grows."""
    app = make_app("yukon", seed=9)
    async with started(app, (80, 24)) as pilot:
        assert isinstance(app.screen, YukonScreen)
        assert app.screen.start_seed == 9
        assert isinstance(app.screen_stack[0], MenuScreen)
        titles = [command.title for command in app.get_system_commands(app.screen)]
        for wanted in ("New game", "Restart deal", "Undo", "Redo", "Save game", "Load game",
                       "Rules variant", "Theme"):
            assert wanted in titles
        assert app.screen.has_class("-compact")
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert app.screen.has_class("-large") and not app.screen.has_class("-compact")


async def test_the_theme_chosen_stays_for_the_rest_of_the_run(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = "nord"
        await pilot.press("enter")  # Yukon
        await until(pilot, lambda: isinstance(app.screen, GameSetupScreen), "Yukon's set-up")
        await pilot.press("enter")  # Start
        await until(pilot, lambda: isinstance(app.screen, YukonScreen), "the Yukon table")
        assert app.theme == "nord"
        await pilot.press("escape", "q")
        assert app.theme == "nord"


@pytest.mark.parametrize("start", [None, "yukon"])
async def test_a_double_click_on_the_palettes_background_closes_only_the_palette(
    make_app: AppFactory, start: str | None
) -> None:
    """Textual's palette closed once per background click: the second click of a double click
    then closed the screen below (ScreenStackError over the menu)."""
    app = make_app(start)
    async with started(app, (100, 30)) as pilot:
        below = list(app.screen_stack)
        await press(pilot, "ctrl+p")
        assert isinstance(app.screen, CommandPalette)
        terminal_clicks(app, 50, 28, times=2)
        await pilot.pause()
        await pilot.pause()
        assert app.screen_stack == below
        await press(pilot, "ctrl+p")  # the app still answers: the palette opens again
        assert isinstance(app.screen, CommandPalette)


async def test_poker_palette_at_2x2_then_page_down_asks_for_a_larger_terminal(
    make_app: AppFactory,
) -> None:
    """The repro: Poker at 80×24, ctrl+p, resize to 2×2, PageDown (a KeyError in Textual's
    option list, and the app died). Now the tiny terminal gets its own screen that takes every
    key, and the game is back unchanged when the terminal is large again."""
    app = make_app("poker", cpus=3, seed=7)
    async with started(app, (80, 24)) as pilot:
        table = app.screen
        assert isinstance(table, PokerScreen)
        before = table.view
        await press(pilot, "ctrl+p")
        assert isinstance(app.screen, CommandPalette)
        await pilot.resize_terminal(2, 2)
        await pilot.press("pagedown", "pageup", "down", "enter", "c", "q", "ctrl+p", "f1")
        await pilot.click(offset=(0, 0))
        await pilot.pause()
        assert app.is_running
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await uncovered(pilot)
        assert isinstance(app.screen, CommandPalette)
        await press(pilot, "escape")
        assert app.screen_stack[-1] is table and table.view == before


async def uncovered(pilot: Pilot[Any]) -> None:
    """Wait until the too-small screen has gone: it goes once a size that fits has held."""
    await until(pilot, lambda: not isinstance(pilot.app.screen, TooSmallScreen),
                "the too-small screen gone")


async def test_the_too_small_screen_says_what_size_is_needed(make_app: AppFactory) -> None:
    app = make_app("yukon", seed=9)
    async with started(app, (39, 12)) as pilot:
        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#too-small-text", Static).content)
        assert "Make the terminal larger" in text and "40×12" in text and "39×12" in text
        await pilot.press("ctrl+n", "q", "ctrl+q")
        assert app.is_running and isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(120, 40)
        await uncovered(pilot)
        assert isinstance(app.screen, YukonScreen) and app.screen.start_seed == 9
        assert app.screen.has_class("-large")


async def test_in_two_columns_or_fewer_the_too_small_screen_keeps_still(
    make_app: AppFactory,
) -> None:
    """No room beside a scrollbar: it used to come and go at every frame (a busy loop).
    At 2×2, 1×1 and 2×10 in turn, each reached from 80×24."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for size in [(2, 2), (1, 1), (2, 10)]:
            await pilot.resize_terminal(*size)
            shown = []
            for _ in range(5):
                await pilot.pause()  # a frame or more: until the app is idle
                assert isinstance(app.screen, TooSmallScreen), size
                shown.append(app.screen.show_vertical_scrollbar)
            assert shown == [False] * 5, size
            await pilot.resize_terminal(80, 24)
            await uncovered(pilot)
            assert isinstance(app.screen, MenuScreen)


async def test_a_dialog_opened_while_too_small_is_covered_too_and_kept(
    make_app: AppFactory,
) -> None:
    """A game's timer may open a dialog (an end screen) while the terminal is too small."""
    app = make_app("gofish", seed=11)
    async with started(app, (80, 24)) as pilot:
        table = app.screen
        await pilot.resize_terminal(20, 6)
        app.push_screen(ChooserScreen("A dialog from a timer", [("ok", "OK")]))
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.press("enter", "escape")
        await pilot.resize_terminal(80, 24)
        await uncovered(pilot)
        assert isinstance(app.screen, ChooserScreen)
        await press(pilot, "escape")
        await uncovered(pilot)  # the cover below the dialog, at a size that fits now
        assert app.screen_stack[-1] is table


async def test_a_burst_of_resizes_over_poker_and_its_help_is_handled_once(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A terminal dragged between 245×10, 238×54 and 100×30 sends a burst of sizes. Each
    one covered or uncovered the table (a layout of Poker at 5 CPUs each time), so the burst
    was replayed for minutes, deaf to Esc and ctrl+q. Now the cover comes once and goes once
    the size has settled."""
    # The settling time passes when the test says so, not on the wall clock: the cover's
    # timer is made an hour long and its callback kept, so however slowly a loaded machine
    # runs the burst, no size of it outlasts the wait (and no wall-time margin is needed).
    timers: list[Callable[[], Any]] = []
    make_timer = TooSmallScreen.set_timer

    def kept_timer(screen: TooSmallScreen, delay: float, callback: Any = None,
                   **options: Any) -> Any:
        assert delay == too_small.SETTLE
        timers.append(callback)
        return make_timer(screen, 3600.0, callback, **options)

    monkeypatch.setattr(TooSmallScreen, "set_timer", kept_timer)
    app = make_app("poker", cpus=5, seed=3)
    async with started(app, (100, 30)) as pilot:
        await press(pilot, "f1")
        covers: list[str] = []
        app.screen_change_signal.subscribe(
            app, lambda screen: covers.append(type(screen).__name__))
        # Too small twice, with a size that fits between: a cover for each too-small size
        # would already come twice.
        for width, height in [(245, 10), (238, 54), (245, 10), (100, 30)]:
            await pilot.resize_terminal(width, height)
        await pilot.pause()
        assert covers == ["TooSmallScreen"]  # covered once, and still covered
        assert isinstance(app.screen, TooSmallScreen)
        assert len(timers) == 1  # one wait, started again by each size that fits
        timers[0]()  # the size has held long enough: the wait ends
        await pilot.pause()
        assert covers == ["TooSmallScreen", "HelpScreen"]
        assert type(app.screen).__name__ == "HelpScreen"
        # Poker's own help (once test_poker_screen.py's deal test opened it with ?).
        assert app.screen.game == "poker"  # type: ignore[attr-defined]
        await press(pilot, "escape")
        assert isinstance(app.screen, PokerScreen)
