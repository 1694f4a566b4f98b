"""Yukon on screen after play-testing (issue 28, items 4, 5, 6, 7 and 8, and issue 12's seeds):
the rules dialog fits and its change is remembered and names the game dealt again, ascii faces
from edge to edge, and one auto-move behaviour for every deal. (Item 8's clock that stops
while help is open: test_yukon_flows.py's win-and-clock test and, at the session level,
tests/sessions/test_yukon_session_protocol.py.)"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from rich.cells import cell_len
from test_card_faces import drawn
from textual.widgets import Button
from textual.widgets import Static
from ui_helpers import choose_rules
from ui_helpers import settled
from ui_helpers import started
from ui_helpers import type_lines
from ui_helpers import yukon_screen

from tableau.cards import parse_card
from tableau.engines.yukon import Phase
from tableau.ui.app import TableauApp
from tableau.ui.scenes import still_app
from tableau.ui.screens.dialogs import ChooserScreen
from tableau.ui.screens.dialogs import ConfirmScreen


def _stats(app: TableauApp) -> str:
    return str(app.screen.query_one("#stats", Static).content)


def _home() -> Path:
    return Path(os.environ["TABLEAU_HOME"])


# ---------------------------------------------------------------- item 4: rules from the palette


async def test_the_rules_dialog_fits_deals_a_numbered_game_and_its_change_is_remembered() -> None:
    """From the palette's Rules, at 80×24, launched with --seed 0 (no game has that number):

    - the dialog fits (issue 28, item 6): a whole question, one-line buttons, on the screen;
    - choosing classic deals a numbered game under those rules, with the number shown;
    - over a game under way the change asks first, its yes naming the game dealt again;
    - with a yes the new rules deal that game again, and the rules are remembered.
    """
    app = still_app("yukon", persist=True, seed=0)
    async with started(app, (80, 24)) as pilot:
        screen = yukon_screen(app)
        screen.action_rules()
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChooserScreen)
        text = str(dialog.query_one("#dialog-text", Static).content)
        assert text.endswith("?"), "a whole question, not a sentence broken off"
        for button in dialog.query(Button):
            label = str(button.label)
            assert button.size.height == 1 and cell_len(label) <= button.content_size.width, label
        assert dialog.query_one("#dialog").region in dialog.region
        await pilot.click("#choice-classic")
        await pilot.pause()
        assert screen.view.rules == "classic" and screen.view.phase is Phase.PLAY
        number = screen.game_number()
        assert number == screen.start_seed != 0
        # A game under way: the rules change asks first.
        screen.run_command(str(screen.view.legal[0]))
        await settled(pilot)
        assert screen.view.moves == 1
        await choose_rules(pilot, screen, "russian")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        leave = app.screen.query_one("#choice-leave", Button)
        assert str(leave.label) == f"y · Deal game {number} again with russian rules"
        await pilot.press("y")
        await pilot.pause()
        assert screen.view.rules == "russian" and screen.game_number() == number
        assert screen.view.moves == 0
        assert "Rules russian" in _stats(app)
    saved = tomllib.loads((_home() / "settings.toml").read_text())
    assert saved["yukon"]["rules"] == "russian"


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


# ---------------------------------------------------------------- item 8: auto-move


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
