"""Yukon on screen after play-testing (issue 28, items 4, 5, 7 and 8): the palette's rules
change is remembered, ascii faces from edge to edge, one auto-move
behaviour for every deal, and a clock that stops while help is open."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable
from pathlib import Path

from test_card_faces import drawn
from textual.widgets import Button
from textual.widgets import Static
from ui_helpers import choose_rules
from ui_helpers import started
from ui_helpers import type_lines
from ui_helpers import yukon_screen

from tableau.cards import parse_card
from tableau.ui.app import TableauApp
from tableau.ui.scenes import still_app
from tableau.ui.screens.dialogs import ConfirmScreen
from tableau.ui.screens.help import HelpScreen

AppFactory = Callable[..., TableauApp]


def _stats(app: TableauApp) -> str:
    return str(app.screen.query_one("#stats", Static).content)


def _home() -> Path:
    return Path(os.environ["TABLEAU_HOME"])


# ---------------------------------------------------------------- item 4: rules from the palette


async def test_the_palettes_rules_change_is_remembered_and_names_the_game_dealt_again() -> None:
    app = still_app("yukon", persist=True, seed=42, deal=True)
    async with started(app, (80, 24)) as pilot:
        screen = yukon_screen(app)
        await type_lines(pilot, "C6:4H->C1")  # a game under way: the rules change asks first
        await choose_rules(pilot, screen, "classic")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        leave = app.screen.query_one("#choice-leave", Button)
        assert str(leave.label) == "y · Deal game 42 again with classic rules"
        await pilot.press("y")
        await pilot.pause()
        assert screen.view.rules == "classic" and screen.game_number() == 42
        assert "Rules classic" in _stats(app)
    saved = tomllib.loads((_home() / "settings.toml").read_text())
    assert saved["yukon"]["rules"] == "classic"


# ---------------------------------------------------------------- item 5: the seed after Q


# The seed after Q (item 5) is the session's game number: tests/sessions/
# test_yukon_session_protocol.py checks it.


# ---------------------------------------------------------------- item 7: ascii faces


async def test_ascii_faces_draw_the_footer_keys_and_the_side_panel_in_ascii(
    tmp_path: Path,
) -> None:
    app = still_app("yukon", folder=tmp_path, seed=1234, deal=True, cards="ascii")
    async with started(app, (80, 24)) as pilot:
        await pilot.press("escape")  # the table has the keys: the footer shows the arrows
        await pilot.pause()
        text = drawn(app)
        assert "Move" in text and "Pick" in text
        assert text.isascii(), sorted({char for char in text if not char.isascii()})


# ---------------------------------------------------------------- item 8: auto-move, clock


async def test_with_auto_move_on_p_deals_the_same_table_as_the_seed_option() -> None:
    # The ruling (docs/rules/yukon.md): auto-move follows moves, never the deal itself.
    (_home()).mkdir(parents=True, exist_ok=True)
    (_home() / "settings.toml").write_text("[yukon]\nauto_move = true\n")
    app = still_app("yukon", persist=True, seed=1234, deal=True)
    async with started(app, (80, 24)) as pilot:
        screen = yukon_screen(app)
        assert "Auto  on" in _stats(app)
        dealt = screen.view
        assert dealt.columns[0] == (parse_card("AH"),) and dealt.moves == 0
        await type_lines(pilot, "Q", "P")
        assert screen.view.columns == dealt.columns and screen.view.moves == 0


async def test_the_clock_stops_while_help_is_open(tmp_path: Path) -> None:
    now = [0.0]
    app = TableauApp("yukon", clock=lambda: now[0], cursor_blink=False, animations=False,
                     folder=tmp_path, cpu_delay=0.0, seed=1234, deal=True)
    async with started(app, (80, 24)) as pilot:
        now[0] = 10.0
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        now[0] = 70.0  # a minute reading the rules
        await pilot.press("escape")
        await pilot.pause()
        now[0] = 75.0
        await pilot.press("right")  # anything that redraws the panel
        assert "0:15" in _stats(app)
