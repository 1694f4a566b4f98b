"""What a browser tab (``tableau serve``) showed wrong (issue 28, "In the browser")."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import Header
from textual.widgets._footer import FooterKey
from ui_helpers import press
from ui_helpers import until

from tableau.ui.app import TableauApp
from tableau.ui.screens.menu import MenuScreen
from tableau.ui.screens.pesten_setup import PestenSetupScreen
from tableau.ui.screens.setup import GameSetupScreen
from tableau.ui.screens.setup import OptionRow

MakeApp = Callable[..., TableauApp]


async def test_the_first_menu_shows_its_footer_keys_before_the_page_has_the_focus(
    make_app: MakeApp,
) -> None:
    app = make_app()
    # A browser tab starts without the focus (textual-serve says so at once).
    app.set_reactive(TableauApp.app_focus, False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        # A footer that waited for the focus would stay blank, and the wait would run out.
        await until(pilot, lambda: {"Statistics", "Quit"} <= {
            key.description for key in app.screen.query(FooterKey)}, "the footer's keys")


async def test_a_click_on_a_lines_left_mark_steps_its_choice_back(make_app: MakeApp) -> None:
    """Also, on the way: the Pesten set-up's header uses a glyph every face has."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "2")
        assert isinstance(app.screen, PestenSetupScreen)
        assert app.screen.query_one(Header).icon == "♠"
        await press(pilot, "escape")
        assert isinstance(app.screen, MenuScreen)
        await press(pilot, "4")  # Poker: CPUs 3 at first
        assert isinstance(app.screen, GameSetupScreen)
        row = app.screen.query_one("#option-cpus", OptionRow)
        left = len(row.label_part)
        await pilot.click(row, offset=(row.styles.padding.left + left, 0))
        assert str(row.render()) == "CPUs    ‹ 2 ›"
        right = str(row.render()).index("›")
        # The next click is no double-click, however soon it comes.
        app.CLICK_CHAIN_TIME_THRESHOLD = 0.0  # type: ignore[misc]
        await pilot.click(row, offset=(row.styles.padding.left + right, 0))
        assert str(row.render()) == "CPUs    ‹ 3 ›"
