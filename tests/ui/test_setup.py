"""The set-up step between the menu and a game: keyboard-only, and it starts from the last
choice made in this run (on the command line or in an earlier set-up)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from collections.abc import Callable
from contextlib import asynccontextmanager
from typing import Any

from textual.pilot import Pilot
from ui_helpers import click
from ui_helpers import press
from ui_helpers import set_up_rows
from ui_helpers import started

from tableau.ui.app import TableauApp
from tableau.ui.screens.menu import MenuScreen
from tableau.ui.screens.pesten_setup import PestenSetupScreen
from tableau.ui.screens.poker import PokerScreen
from tableau.ui.screens.setup import OptionRow
from tableau.ui.screens.yukon import YukonScreen

MakeApp = Callable[..., TableauApp]
SIZE = (80, 24)


@asynccontextmanager
async def set_up(make_app: MakeApp, game: str) -> AsyncIterator[tuple[TableauApp, Pilot[Any]]]:
    """The menu at 80x24, then the set-up of its game number ``game``."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, game)
        yield app, pilot


async def test_poker_cpus_from_the_command_line_are_offered_again_from_the_menu(
    make_app: MakeApp,
) -> None:
    """`tableau poker --cpus 5`, q, Poker again: 5 CPUs, not 3."""
    app = make_app("poker", cpus=5, seed=7)
    async with started(app, SIZE) as pilot:
        await press(pilot, "q")
        assert isinstance(app.screen, MenuScreen)
        await press(pilot, "4")
        assert set_up_rows(app)["cpus"] == "CPUs    ‹ 5 ›"
        await press(pilot, "enter")
        assert isinstance(app.screen, PokerScreen) and app.screen.cpus == 5


# Go Fish's set-up by keys, and its choice kept for next time: tests/ui/
# test_gofish_poker_resume.py's test_go_fish_and_poker_set_up_choices_are_kept_across_runs.


async def test_yukon_set_up_chooses_the_rules_and_escape_goes_back(make_app: MakeApp) -> None:
    """One run of the menu, as a player goes through the set-ups: Pesten keeps its own
    set-up screen; a click on a line steps its choice (Poker's CPUs) and Back returns to the
    menu; every Yukon rules line fits on one row at 80x24 (the longest choice, "spec:
    different suit (the course spec)", once wrapped its ›); Escape goes back to the menu,
    and the rules chosen are the game's."""
    async with set_up(make_app, "2") as (app, pilot):
        assert isinstance(app.screen, PestenSetupScreen)
        await press(pilot, "escape")
        assert isinstance(app.screen, MenuScreen)
        await press(pilot, "4")
        await pilot.click("#option-cpus")
        assert set_up_rows(app)["cpus"] == "CPUs    ‹ 4 ›"
        await click(pilot, "#setup-back")
        assert isinstance(app.screen, MenuScreen)
        await press(pilot, "1")
        row = app.screen.query_one(OptionRow)
        first = set_up_rows(app)["rules"]
        for _ in range(3):  # every rules variant, round to the first again
            assert "›" in set_up_rows(app)["rules"]
            assert row.size.height == 1 and row.content_size.width >= len(set_up_rows(app)["rules"])
            await press(pilot, "right")
        assert set_up_rows(app)["rules"] == first
        await press(pilot, "escape")
        assert isinstance(app.screen, MenuScreen)
        await press(pilot, "1", "right")
        assert set_up_rows(app)["rules"] == "Rules   ‹ classic: alternating colours ›"
        await click(pilot, "#setup-start")
        assert isinstance(app.screen, YukonScreen)
        assert app.screen.session.state.rules == "classic"
