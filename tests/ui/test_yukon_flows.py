"""Playing Yukon in the app: clicks, drags, double-clicks, keys and typed commands.

The deal used is the unshuffled deck (LD, P): C1 holds the A♣, C3 ends in the Q♥, C6 ends in
the J♠ and C7 in the K♠ (the spec's Figure 6), so the moves below are known to be legal or not
by the rules, not by this code.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from collections.abc import Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static
from ui_helpers import choose_rules
from ui_helpers import click
from ui_helpers import message
from ui_helpers import press
from ui_helpers import type_lines
from ui_helpers import yukon_loaded
from ui_helpers import yukon_screen
from ui_helpers import yukon_table

from tableau.cards import Card
from tableau.cards import Rank
from tableau.cards import Suit
from tableau.cards import parse_card
from tableau.engines.yukon import Phase
from tableau.ui.app import TableauApp
from tableau.ui.scenes.yukon import played_save
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.screens.menu import MenuScreen
from tableau.ui.screens.yukon import YukonScreen
from tableau.ui.widgets.button_grid import ButtonGrid
from tableau.ui.widgets.command_bar import CommandBar
from tableau.ui.widgets.pile import FanColumn
from tableau.ui.widgets.pile import StackPile

AppFactory = Callable[..., TableauApp]

AC, QH, JS, KS = (parse_card(text) for text in ("AC", "QH", "JS", "KS"))


def _last_command(app: TableauApp) -> str:
    return str(app.screen.query_one("#last-command", Static).content)


def _column(app: TableauApp, name: str) -> FanColumn:
    return app.screen.query_one(f"#pile-{name}", FanColumn)


def _bottom_offset(app: TableauApp, name: str) -> tuple[int, int]:
    """Where to point at the bottom card of a column (on the screen: as far as it is scrolled)."""
    column = _column(app, name)
    return (2, column.row_of(len(column.cards) - 1) - column.scroll_offset.y)


async def _dealt(pilot: Pilot[int]) -> YukonScreen:
    await type_lines(pilot, "LD", "P")
    return yukon_screen(pilot.app)  # type: ignore[arg-type]


@asynccontextmanager
async def dealt_table(
    make_app: AppFactory, size: tuple[int, int] = (80, 24)
) -> AsyncIterator[tuple[TableauApp, Pilot[int], YukonScreen]]:
    """A Yukon app with a deck loaded and dealt (LD, P)."""
    app = make_app("yukon")
    async with app.run_test(size=size) as pilot:
        yield app, pilot, await _dealt(pilot)


async def test_typing_ld_and_p_in_the_focused_input_deals(make_app: AppFactory) -> None:
    async with yukon_table(make_app, seed=5) as (app, pilot, screen):
        assert screen.query_one(CommandBar).input.has_focus
        assert screen.view.phase is Phase.STARTUP
        await type_lines(pilot, "LD", "P")
        assert yukon_screen(app).view.phase is Phase.PLAY
        assert _last_command(app) == "P"
        assert message(app) == "OK"
        assert screen.view.columns[0] == (AC,)


async def test_click_a_card_then_a_column_moves_it(make_app: AppFactory) -> None:
    async with dealt_table(make_app) as (app, pilot, screen):
        await pilot.click("#pile-C6", offset=_bottom_offset(app, "C6"))
        assert _column(app, "C6").picked_from == len(screen.view.columns[5]) - 1
        await pilot.click("#pile-C3")
        assert screen.view.columns[2][-2:] == (QH, JS)
        assert _last_command(app) == "C6->C3"
        assert message(app) == "OK"


async def test_clicking_the_picked_card_again_cancels(make_app: AppFactory) -> None:
    async with dealt_table(make_app) as (app, pilot, screen):
        before = screen.view
        await pilot.click("#pile-C6", offset=_bottom_offset(app, "C6"))
        app.CLICK_CHAIN_TIME_THRESHOLD = 0.0  # two clicks, not a double-click
        await pilot.click("#pile-C6", offset=_bottom_offset(app, "C6"))
        assert _column(app, "C6").picked_from is None
        assert screen.view == before


async def test_escape_cancels_a_pick(make_app: AppFactory) -> None:
    async with dealt_table(make_app) as (app, pilot, screen):
        await pilot.click("#pile-C6", offset=_bottom_offset(app, "C6"))
        assert _column(app, "C6").picked_from is not None
        await pilot.press("escape")
        assert _column(app, "C6").picked_from is None
        await pilot.click("#pile-C3")
        assert screen.view.columns[2][-1] == QH, "after Escape a click on C3 moves nothing"


async def test_an_illegal_click_move_shows_the_engines_reason(make_app: AppFactory) -> None:
    async with dealt_table(make_app) as (app, pilot, screen):
        before = screen.view
        await pilot.click("#pile-C7", offset=_bottom_offset(app, "C7"))
        await pilot.click("#pile-C6")
        assert screen.view == before
        assert "K♠" in message(app) and message(app) != "OK"


async def test_drag_and_drop_onto_a_legal_column(make_app: AppFactory) -> None:
    async with dealt_table(make_app) as (app, pilot, screen):
        await pilot.mouse_down("#pile-C6", offset=_bottom_offset(app, "C6"))
        await pilot.hover("#pile-C3", offset=(2, 3))
        assert _column(app, "C3").target == "legal"
        await pilot.mouse_up("#pile-C3", offset=(2, 3))
        assert screen.view.columns[2][-2:] == (QH, JS)
        assert _column(app, "C3").target is None
        assert app.mouse_captured is None


async def test_an_illegal_drop_is_highlighted_refused_and_explained(make_app: AppFactory) -> None:
    async with dealt_table(make_app) as (app, pilot, screen):
        before = screen.view
        await pilot.mouse_down("#pile-C7", offset=_bottom_offset(app, "C7"))
        await pilot.hover("#pile-C6", offset=(2, 2))
        assert _column(app, "C6").target == "illegal"
        await pilot.mouse_up("#pile-C6", offset=(2, 2))
        assert screen.view == before
        assert message(app).startswith("K♠")


async def test_releasing_a_drag_outside_every_pile_cancels_it(make_app: AppFactory) -> None:
    async with dealt_table(make_app) as (app, pilot, screen):
        before = screen.view
        await pilot.mouse_down("#pile-C6", offset=_bottom_offset(app, "C6"))
        await pilot.hover("#stats", offset=(1, 0))
        await pilot.mouse_up("#stats", offset=(1, 0))
        assert screen.view == before
        assert _column(app, "C6").picked_from is None
        assert app.mouse_captured is None


async def test_resizing_during_a_drag_resets_it_without_a_crash(make_app: AppFactory) -> None:
    async with dealt_table(make_app, size=(120, 40)) as (app, pilot, screen):
        before = screen.view
        await pilot.mouse_down("#pile-C6", offset=_bottom_offset(app, "C6"))
        await pilot.hover("#pile-C3", offset=(2, 3))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.mouse_captured is None
        await pilot.mouse_up("#pile-C3", offset=(2, 2))
        assert screen.view == before
        assert all(column.target is None for column in app.screen.query(FanColumn))


async def test_double_click_sends_the_bottom_card_home(make_app: AppFactory) -> None:
    async with dealt_table(make_app) as (app, pilot, screen):
        await pilot.double_click("#pile-C1", offset=_bottom_offset(app, "C1"))
        assert AC in {card for pile in screen.view.foundations for card in pile}
        assert screen.view.columns[0] == ()
        shown = [pile.top for pile in app.screen.query(StackPile)]
        assert AC in shown


async def test_double_click_on_a_card_that_cannot_go_home_explains_why(
    make_app: AppFactory,
) -> None:
    async with dealt_table(make_app) as (app, pilot, screen):
        before = screen.view
        await pilot.double_click("#pile-C7", offset=_bottom_offset(app, "C7"))
        assert screen.view == before
        assert message(app) not in ("", "OK")


async def test_a_move_with_the_keyboard_only(make_app: AppFactory) -> None:
    async with dealt_table(make_app) as (app, pilot, screen):
        await pilot.press("escape")  # from INPUT to the table
        await pilot.press("6", "space", "3", "enter")
        assert screen.view.columns[2][-2:] == (QH, JS)
        assert _last_command(app) == "C6->C3"


async def test_arrows_pick_a_run_from_the_middle_of_a_column(make_app: AppFactory) -> None:
    async with dealt_table(make_app) as (app, pilot, screen):
        await pilot.press("escape", "5", "up", "up", "up", "space")
        column = screen.view.columns[4]
        picked = _column(app, "C5").picked_from
        assert picked == len(column) - 4
        await pilot.press("left", "left", "space")
        # 9♥ (with A♠, 5♠, 8♠ under it) does not go on C3's Q♥: refused, nothing moved.
        assert screen.view.columns[4] == column
        assert message(app) not in ("", "OK")


async def test_f_sends_the_card_under_the_cursor_home(make_app: AppFactory) -> None:
    async with dealt_table(make_app) as (_app, pilot, screen):
        await pilot.press("escape", "1", "f")
        assert screen.view.foundations[0] == (AC,)


async def test_u_and_r_undo_and_redo(make_app: AppFactory) -> None:
    async with dealt_table(make_app) as (_app, pilot, screen):
        dealt = screen.view
        await pilot.press("escape", "1", "f")
        moved = screen.view
        await pilot.press("u")
        assert screen.view == dealt
        await pilot.press("r")
        assert screen.view == moved
        await pilot.press("ctrl+z")
        assert screen.view == dealt
        await pilot.press("ctrl+y")
        assert screen.view == moved


async def _click_button(pilot: Pilot[int], label: str) -> None:
    """Click the side panel's button ``label`` where it is drawn."""
    grid = pilot.app.screen.query_one(ButtonGrid)
    for y in range(grid.size.height):
        x = grid.render_line(y).text.find(label)
        if x >= 0:
            await pilot.click(grid, offset=(x, y))
            await pilot.pause()
            return
    raise AssertionError(f"no {label} button is drawn")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_undo_and_redo_buttons_undo_and_redo(
    make_app: AppFactory, size: tuple[int, int]
) -> None:
    async with dealt_table(make_app, size) as (_app, pilot, screen):
        dealt = screen.view
        await pilot.press("escape", "1", "f")
        moved = screen.view
        await _click_button(pilot, "Undo")
        assert screen.view == dealt
        await _click_button(pilot, "Redo")
        assert screen.view == moved
        await _click_button(pilot, "Redeal")
        await pilot.press("y")  # a game under way is only redealt after a yes
        assert screen.view == dealt


async def test_colon_focuses_input_and_escape_returns_to_the_table(make_app: AppFactory) -> None:
    app = make_app("yukon")
    async with app.run_test(size=(80, 24)) as pilot:
        await _dealt(pilot)
        bar = app.screen.query_one(CommandBar)
        await pilot.press("escape")
        assert not bar.input.has_focus
        await pilot.press("colon")
        assert bar.input.has_focus
        await pilot.press("escape")
        assert not bar.input.has_focus


async def test_every_command_works_when_typed(make_app: AppFactory, tmp_path: Path) -> None:
    async with yukon_table(make_app, seed=11) as (app, pilot, screen):
        await type_lines(pilot, "LD")
        assert screen.view.deck_shown == (None,) * 52
        await type_lines(pilot, "SW")
        assert yukon_screen(app).view.deck_shown[:2] == (AC, Card(Rank.TWO, Suit.CLUBS))
        await type_lines(pilot, "SI 26")
        await type_lines(pilot, "SW")
        # Interleaving the halves at 26: A♣, then the first card of the second half (A♥).
        assert yukon_screen(app).view.deck_shown[:2] == (AC, Card(Rank.ACE, Suit.HEARTS))
        await type_lines(pilot, "P")
        assert screen.view.phase is Phase.PLAY
        await type_lines(pilot, "C1->F1")
        assert screen.view.foundations[0] == (AC,)
        await type_lines(pilot, "U")
        assert yukon_screen(app).view.foundations[0] == ()
        await type_lines(pilot, "R")
        assert screen.view.foundations[0] == (AC,)
        await type_lines(pilot, "S game.json")
        assert message(app) == "OK"
        saved = screen.view
        assert json.loads((tmp_path / "game.json").read_text())["game"] == "yukon"
        await type_lines(pilot, "U")
        assert screen.view != saved
        await type_lines(pilot, "L game.json")
        assert message(app) == "OK"
        assert screen.view == saved


async def test_junk_and_huge_input_leave_the_game_unchanged(make_app: AppFactory) -> None:
    async with dealt_table(make_app) as (app, pilot, screen):
        before = screen.view
        bar = app.screen.query_one(CommandBar)
        await pilot.press("colon")
        for junk in ("HELLO", "C9->C1", "C1:ZZ->C2", "L missing.json", "x" * 10_000):
            bar.input.value = junk
            await press(pilot, "enter")
            assert screen.view == before
            assert message(app) not in ("", "OK")
        assert len(_last_command(app)) < 100


async def test_a_binary_save_file_is_refused_with_one_message(
    make_app: AppFactory, tmp_path: Path
) -> None:
    (tmp_path / "bad.json").write_bytes(b"\x00\x01\x02garbage")
    async with dealt_table(make_app) as (app, pilot, screen):
        before = screen.view
        await type_lines(pilot, "L bad.json")
        assert screen.view == before
        assert "bad.json" in message(app)


async def test_new_game_deals_with_a_fresh_seed_that_is_shown(make_app: AppFactory) -> None:
    async with yukon_table(make_app, seed=3) as (app, pilot, screen):
        await pilot.press("ctrl+n")
        assert screen.view.phase is Phase.PLAY
        seed = screen.start_seed
        assert seed != 3
        assert f"Seed  {seed}" in str(app.screen.query_one("#stats", Static).content)
        assert _last_command(app) == "LD, SR, P"


async def test_redeal_restarts_the_same_deal(make_app: AppFactory) -> None:
    async with dealt_table(make_app) as (_app, pilot, screen):
        dealt = screen.view
        await pilot.press("escape", "1", "f")
        assert screen.view != dealt
        await pilot.press("d", "y")  # y: a game under way is only redealt after a yes
        assert screen.view == dealt


async def test_auto_move_sends_safe_cards_home_when_switched_on(make_app: AppFactory) -> None:
    async with dealt_table(make_app) as (app, pilot, screen):
        assert screen.view.foundations[0] == ()
        await pilot.press("escape", "a")
        assert AC in {card for pile in screen.view.foundations for card in pile}
        assert app.runtime.settings.get("yukon", "auto_move")


@asynccontextmanager
async def won_table(
    make_app: AppFactory, folder: Path
) -> AsyncIterator[tuple[TableauApp, Pilot[Any]]]:
    """Load a game one move from the end and make that move."""
    from tableau.ui.scenes.yukon import almost_won_save

    async with yukon_loaded(make_app, folder / "end.json", almost_won_save()) as (app, pilot):
        await type_lines(pilot, "C1->F4")
        yield app, pilot


async def test_the_last_move_shows_the_win_screen_and_play_again_deals(
    make_app: AppFactory, tmp_path: Path
) -> None:
    async with won_table(make_app, tmp_path) as (app, pilot):
        assert isinstance(app.screen, EndScreen)
        await pilot.click("#choice-again")
        screen = yukon_screen(app)
        assert screen.view.phase is Phase.PLAY and not screen.view.won
        assert screen.view.moves == 0


async def test_menu_on_the_win_screen_goes_back_to_the_menu(
    make_app: AppFactory, tmp_path: Path
) -> None:
    async with won_table(make_app, tmp_path) as (app, pilot):
        await click(pilot, "#choice-menu")
        assert isinstance(app.screen, MenuScreen)


async def test_a_position_without_moves_says_stuck_and_offers_undo(
    make_app: AppFactory, tmp_path: Path
) -> None:
    # Game 318 under Russian rules is dealt with no legal move at all.
    async with yukon_loaded(
        make_app, tmp_path / "stuck.json", played_save(318, 0, rules="russian")
    ) as (app, pilot):
        assert isinstance(app.screen, EndScreen)
        assert "No moves left" in str(app.screen.query_one("#dialog-title", Static).content)
        await pilot.press("escape")
        status = str(app.screen.query_one("#status", Static).content)
        assert "Stuck" in status


async def test_q_goes_back_to_the_menu_and_ctrl_q_quits(make_app: AppFactory) -> None:
    app = make_app("yukon")
    async with app.run_test(size=(80, 24)) as pilot:
        await _dealt(pilot)
        await pilot.press("escape", "q")
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("enter", "enter")  # Yukon, then Start in its set-up
        assert isinstance(app.screen, YukonScreen)
        await press(pilot, "ctrl+q")
        assert not app.is_running


async def test_help_shows_the_yukon_rules(make_app: AppFactory) -> None:
    from tableau.ui.screens.help import HelpScreen
    from tableau.ui.screens.help import rules_text

    app = make_app("yukon")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.game == "yukon"
        assert "Yukon" in rules_text("yukon").splitlines()[0]


async def test_s_then_enter_saves_and_o_then_enter_loads(
    make_app: AppFactory, tmp_path: Path
) -> None:
    async with dealt_table(make_app) as (_app, pilot, screen):
        await pilot.press("escape", "s", "enter")
        assert (tmp_path / "yukon-save.json").exists()
        saved = screen.view
        await pilot.press("escape", "1", "f")
        assert screen.view != saved
        await pilot.press("escape", "o", "enter")
        assert screen.view == saved


async def test_choosing_a_rules_variant_deals_again_under_those_rules(
    make_app: AppFactory,
) -> None:
    async with yukon_table(make_app, seed=4) as (_app, pilot, screen):
        await choose_rules(pilot, screen, "classic")
        assert screen.view.rules == "classic"
        assert screen.view.phase is Phase.PLAY


async def test_a_column_taller_than_the_screen_scrolls_and_stays_in_its_lane(
    make_app: AppFactory, tmp_path: Path
) -> None:
    # Game 26 after 76 random moves: C1 holds 38 cards and ends in the 2♣.
    async with yukon_loaded(make_app, tmp_path / "long.json", played_save(26, 76)) as (app, pilot):
        screen = yukon_screen(app)
        c1, c2 = _column(app, "C1"), _column(app, "C2")
        assert c1.region.right <= c2.region.x
        assert len(screen.view.columns[0]) == 38
        # The column opens at its header; jumping to it brings the bottom card (2♣) into
        # view, and a double-click there sends it home.
        await press(pilot, "1")
        await pilot.double_click("#pile-C1", offset=_bottom_offset(app, "C1"))
        assert _last_command(app).startswith("C1")
        assert parse_card("2C") in {card for pile in screen.view.foundations for card in pile}


async def test_commands_typed_in_one_burst_stay_separate(make_app: AppFactory) -> None:
    """Keys that arrive together (fast typing, a slow machine) are posted at once, as the
    terminal driver does; each Enter must end its own line."""
    from textual import events

    async with yukon_table(make_app) as (app, pilot, screen):
        for key in ("L", "D", "enter", "S", "W", "enter", "P", "enter"):
            app.post_message(events.Key(key, key if len(key) == 1 else "\r"))
        await pilot.pause()
        await pilot.pause()
        assert screen.view.phase is Phase.PLAY
        assert _last_command(app) == "P"
