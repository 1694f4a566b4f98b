"""The Pesten set-up: options from the command line, and names the table can show whole."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input
from textual.widgets import Select
from textual.widgets import Static
from ui_helpers import press
from ui_helpers import started

from tableau.ui.app import TableauApp
from tableau.ui.scenes.pesten import quick_scheme
from tableau.ui.screens.pesten import PestenScreen
from tableau.ui.screens.pesten_setup import PestenSetupScreen

MakeApp = Callable[..., TableauApp]
SIZE = (80, 24)


def setup_app(make_app: MakeApp, **options: Any) -> TableauApp:
    return make_app("pesten", passwords=quick_scheme(), seed=3, **options)


def problem(app: TableauApp, seat: int) -> str:
    return str(app.screen.query_one(f"#problem-{seat}", Static).render())


async def rename(pilot: Pilot[Any], seat: int, name: str) -> None:
    """Empty a seat's name field and type (or, for wide letters, paste) the new name."""
    field = pilot.app.screen.query_one(f"#name-{seat}", Input)
    await pilot.click(f"#name-{seat}")
    await pilot.press("end", "ctrl+u")
    if name.isascii():
        await pilot.press(*("minus" if char == "-" else char for char in name))
    else:
        field.post_message(events.Paste(name))
    await pilot.pause()


async def start(pilot: Pilot[Any]) -> None:
    await press(pilot, "ctrl+s")


# ------------------------------------------------------------------ command-line options


async def test_the_set_up_screen_shows_the_options_it_was_given(make_app: MakeApp) -> None:
    # What `tableau pesten --players 5 --packs 2 --jokers 1 --cpu random,careful` passes on.
    app = setup_app(make_app, players=5, packs=2, jokers=1, cpus=("random", "careful"))
    async with started(app, SIZE):
        screen = app.screen
        assert isinstance(screen, PestenSetupScreen)
        values = [screen.query_one(f"#{key}", Select).value for key in ("seats", "packs", "jokers")]
        assert values == [5, 2, 1]
        kinds = [screen.query_one(f"#kind-{seat}", Select).value for seat in range(5)]
        assert kinds == ["human", "human", "human", "random", "careful"]
        shown = [screen.query_one(f"#seat-{seat}").display for seat in range(8)]
        assert shown == [True] * 5 + [False] * 3


# ------------------------------------------------------------------ names (issue 12 item 18)


async def test_names_that_differ_only_after_the_fourteenth_letter_cannot_both_sit(
    make_app: MakeApp,
) -> None:
    app = setup_app(make_app)
    async with app.run_test(size=SIZE) as pilot:
        await rename(pilot, 0, "Alexandra-Maria1")
        await rename(pilot, 1, "Alexandra-Maria2")
        await start(pilot)
        assert isinstance(app.screen, PestenSetupScreen)
        assert problem(app, 1) == "Seat 1 is already called Alexandra-Mari; pick another name."


@pytest.mark.parametrize(
    ("seat", "name", "sentence"),
    [
        (2, "Computer-9",
         "A CPU's name may have at most 8 characters: the table adds “(CPU)”."),
        (0, "名前名前名前名前",
         "A name may have at most 14 characters (a wide character counts as two), "
         "so the table shows it whole."),
    ],
)
async def test_a_name_the_table_would_cut_is_refused_beside_it(
    make_app: MakeApp, seat: int, name: str, sentence: str
) -> None:
    app = setup_app(make_app)
    async with app.run_test(size=SIZE) as pilot:
        await rename(pilot, seat, name)
        await start(pilot)
        assert isinstance(app.screen, PestenSetupScreen)
        assert problem(app, seat) == sentence


async def test_the_longest_names_allowed_show_whole_at_the_table(make_app: MakeApp) -> None:
    names = ("Alexandra-Mar1", "Alexandra-Mar2", "Maria-C8")
    app = setup_app(make_app)
    async with app.run_test(size=SIZE) as pilot:
        for seat, name in enumerate(names):
            await rename(pilot, seat, name)
        await start(pilot)  # warns once: Anna and Bram have no password
        await start(pilot)
        screen = app.screen
        assert isinstance(screen, PestenScreen)
        painted = [
            "".join(segment.text for segment in
                    screen.query_one(f"#seat-line-{seat}", Static).render_line(0))
            for seat in range(3)
        ]
        assert names[0] in painted[0] and names[1] in painted[1]
        assert "Maria-C8 (CPU)" in painted[2]


@pytest.mark.parametrize("way", ["escape", "button"])
async def test_escape_or_the_menu_button_leaves_the_set_up_for_the_menu(
    make_app: MakeApp, way: str
) -> None:
    from tableau.ui.screens.menu import MenuScreen

    app = setup_app(make_app)
    async with started(app, SIZE) as pilot:
        if way == "escape":
            await pilot.press("escape")
        else:
            await pilot.click("#menu")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
