"""Issue 27 C8 on screen: the seed of Go Fish, Poker and Pesten deals every hand, so it is on
no screen, title, history or Continue label while the game goes on; and a seed from the
command line at a Pesten table of two or more humans is warned about once, before play."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Select
from ui_helpers import notices
from ui_helpers import press
from ui_helpers import screen_text
from ui_helpers import started

from tableau.ui.app import TableauApp
from tableau.ui.scenes.pesten import quick_scheme
from tableau.ui.screens.menu import continue_text
from tableau.ui.widgets.history import HistoryPanel

MakeApp = Callable[..., TableauApp]
SIZE = (80, 24)
SEED = 7312945861234567891
"""A seed whose digits cannot turn up by chance on a screen."""
WARNING = "anyone who knows it knows every hand"


def picture(app: TableauApp) -> str:
    return screen_text(app)


def everything_on_screen(app: TableauApp) -> str:
    """The picture, the titles, the history and the Continue label the game would get."""
    screen = app.screen
    parts = [picture(app), str(app.title), str(app.sub_title), str(screen.title),
             str(screen.sub_title)]
    parts += [line for panel in screen.query(HistoryPanel) for line in panel.entries]
    record = getattr(screen, "record", lambda: None)()
    if record is not None:
        parts += [continue_text(record, 0.0), record.label]
    return "\n".join(parts)


async def never_shows_the_seed(pilot: Pilot[Any], keys: str, steps: int) -> None:
    for _ in range(steps):
        assert str(SEED) not in everything_on_screen(pilot.app)
        await press(pilot, keys)
    assert str(SEED) not in everything_on_screen(pilot.app)


async def test_go_fish_never_shows_its_seed_while_the_game_goes_on(make_app: MakeApp) -> None:
    app = make_app("gofish", seed=SEED, cpus=2)
    async with started(app, SIZE) as pilot:
        await never_shows_the_seed(pilot, "enter", 8)
        assert len(app.screen.query_one(HistoryPanel).entries) > 8  # the asks were played


async def test_poker_never_shows_its_seed_while_the_game_goes_on(make_app: MakeApp) -> None:
    app = make_app("poker", cpus=3, seed=SEED)
    async with started(app, SIZE) as pilot:
        await never_shows_the_seed(pilot, "c", 8)
        assert len(app.screen.query_one(HistoryPanel).entries) > 8


async def dealt(pilot: Pilot[Any]) -> None:
    """Start, and start again past the notes about seats without a password."""
    for _ in range(3):
        if pilot.app.screen.query(Select):
            await press(pilot, "ctrl+s")


async def test_a_seed_from_the_command_line_at_a_table_of_humans_is_warned_about_once(
    make_app: MakeApp,
) -> None:
    app = make_app("pesten", passwords=quick_scheme(), seed=SEED)  # two humans and a CPU
    said = notices(app)
    async with started(app, SIZE) as pilot:
        await dealt(pilot)
        assert len([text for text in said if WARNING in text]) == 1
        assert "Pass the terminal to" in picture(app)  # before any hand is shown
        assert str(SEED) not in everything_on_screen(app)


async def test_no_seed_warning_for_one_human_or_without_a_seed(make_app: MakeApp) -> None:
    for options in ({"seed": SEED, "players": 2, "cpus": ("careful",)}, {}):
        app = make_app("pesten", passwords=quick_scheme(), **options)
        said = notices(app)
        async with started(app, SIZE) as pilot:
            await dealt(pilot)
            assert not app.screen.query(Select)  # dealt
            assert not [text for text in said if WARNING in text]


async def test_go_fish_and_poker_pick_their_seeds_from_the_whole_range(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The largest seed the operating system can give them is 2**63-1 (Poker took 2**32)."""
    monkeypatch.setattr(secrets, "randbits", lambda bits: 2**bits - 1)
    monkeypatch.setattr(random.SystemRandom, "getrandbits", lambda self, bits: 2**bits - 1)
    for game in ("gofish", "poker"):
        app = make_app(game, cpus=1)
        async with started(app, SIZE):
            assert app.screen.session.first_seed == 2**63 - 1  # type: ignore[attr-defined]
