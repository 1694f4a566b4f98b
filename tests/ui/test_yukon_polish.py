"""Yukon rough edges found in play-testing (issue 12, items 1-8): seeds, the clock, long
columns, the message line and the INPUT line, each done the way the player did it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from textual.widgets import Static
from ui_helpers import choose_rules
from ui_helpers import type_lines
from ui_helpers import yukon_loaded
from ui_helpers import yukon_screen
from ui_helpers import yukon_table

from tableau.engines.yukon import Phase
from tableau.engines.yukon import State
from tableau.engines.yukon import View
from tableau.engines.yukon import numbered_game
from tableau.engines.yukon import view
from tableau.sessions.timeline import Timeline
from tableau.sessions.yukon import YukonSession
from tableau.ui.app import TableauApp
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.widgets.command_bar import CommandBar
from tableau.ui.widgets.pile import FanColumn

AppFactory = Callable[..., TableauApp]


def _text(app: TableauApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).content)


def _game(number: int) -> View:
    """What the player sees of game ``number`` just dealt."""
    return view(numbered_game(number))


def _save(state: State) -> str:
    return json.dumps(YukonSession(Timeline(state)).file_json())


# ---------------------------------------------------------------- items 1 and 2: seeds


async def test_after_l_the_panel_shows_the_loaded_games_seed(
    make_app: AppFactory, tmp_path: Path
) -> None:
    (tmp_path / "game.json").write_text(_save(numbered_game(749976)))
    app = make_app("yukon", seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Seed  4" in _text(app, "#stats")
        await type_lines(pilot, "L game.json")
        assert "Seed  749976" in _text(app, "#stats")


async def test_the_win_dialog_names_the_loaded_deal_not_the_launch_seed(
    make_app: AppFactory, tmp_path: Path
) -> None:
    from tableau.ui.scenes.yukon import almost_won_save

    async with yukon_loaded(
        make_app, tmp_path / "end.json", almost_won_save(), seed=4
    ) as (app, pilot):
        await type_lines(pilot, "C1->F4")
        assert isinstance(app.screen, EndScreen)
        shown = " ".join(str(line.content) for line in app.screen.query(Static))
        # That save is dealt from the unshuffled deck: no game number deals it.
        assert "Seed: none" in shown and "Seed: 4" not in shown


async def test_seed_option_with_deal_opens_that_game_dealt(make_app: AppFactory) -> None:
    async with yukon_table(make_app, seed=2, deal=True) as (app, pilot, screen):
        assert screen.view.phase is Phase.PLAY
        assert screen.view.columns == _game(2).columns and screen.view.moves == 0
        assert "Seed  2" in _text(app, "#stats")
        await pilot.press("ctrl+n")
        number = screen.game_number()
        assert number is not None and 1 <= number <= 999_999 and number != 2
        assert screen.view.columns == _game(number).columns
        assert f"Seed  {number}" in _text(app, "#stats")


async def test_the_welcome_hint_deals_the_game_the_panel_shows(make_app: AppFactory) -> None:
    app = make_app("yukon", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        hint = _text(app, "#message")
        assert hint.startswith("Type LD, SR, then P to deal game 5.")
        await type_lines(pilot, "LD", "SR", "P")
        assert yukon_screen(app).view.columns == _game(5).columns
        assert "Seed  5" in _text(app, "#stats")


# ---------------------------------------------------------------- item 3: the clock


async def test_the_clock_runs_again_after_undoing_out_of_a_win(tmp_path: Path) -> None:
    from tableau.ui.scenes.yukon import almost_won_save

    now = [0.0]
    app = TableauApp("yukon", clock=lambda: now[0], cursor_blink=False, animations=False,
                     folder=tmp_path, cpu_delay=0.0)
    (tmp_path / "end.json").write_text(almost_won_save())
    async with app.run_test(size=(80, 24)) as pilot:
        await type_lines(pilot, "L end.json")
        now[0] = 10.0
        await type_lines(pilot, "C1->F4")
        assert isinstance(app.screen, EndScreen)
        await pilot.press("escape")
        now[0] = 50.0
        await type_lines(pilot, "U")
        assert not yukon_screen(app).view.won
        now[0] = 55.0
        await pilot.press("escape", "right")
        assert "0:15" in _text(app, "#stats")


# ---------------------------------------------------------------- item 4: a long column


async def test_a_long_column_after_l_shows_its_header_and_its_last_card_at_once(
    make_app: AppFactory, tmp_path: Path
) -> None:
    from tableau.ui.scenes.yukon import long_column_save

    async with yukon_loaded(
        make_app, tmp_path / "long.json", long_column_save(), seed=4
    ) as (app, pilot):
        await pilot.pause()
        column = app.screen.query_one("#pile-C7", FanColumn)
        assert column.max_scroll_y > 0, "the column is taller than the table"
        # Issue 28: the last card (the one a player plays) shows; the header stays on top and
        # counts the cards scrolled away above it, the six face-down ones among them.
        name, above = column.render_line(0).text.split()
        assert name == "C7" and int(above.removeprefix("↑")) >= 6
        last = yukon_screen(app).view.columns[6][-1]
        assert last is not None
        assert column.render_line(column.size.height - 1).text.strip() == last.face


# ---------------------------------------------------------------- item 5: one card notation


async def test_messages_draw_cards_as_the_table_does_and_typed_text_keeps_letters(
    make_app: AppFactory,
) -> None:
    app = make_app("yukon", seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_lines(pilot, "LD", "P", "C7->C6")  # the unshuffled deal: K♠ onto J♠
        assert _text(app, "#message") == "K♠ does not go on J♠: it needs a ten."
        assert _text(app, "#last-command") == "C7->C6"
        await type_lines(pilot, "C6:4H->C4")
        assert "4♥" in _text(app, "#message") and "4H" not in _text(app, "#message")


# ---------------------------------------------------------------- item 6: long messages


async def test_a_long_message_wraps_and_shows_whole(make_app: AppFactory) -> None:
    import textwrap

    app = make_app("yukon", seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_lines(pilot, "")
        message = app.screen.query_one("#message", Static)
        text = _text(app, "#message")
        assert text.endswith("S, L.") and len(text) > message.size.width
        assert message.size.height >= len(textwrap.wrap(text, message.size.width))
        assert message.region.bottom <= app.screen.query_one("#command-input").region.y


async def test_a_long_last_command_is_shown_whole_or_ends_in_an_ellipsis(
    make_app: AppFactory,
) -> None:
    app = make_app("yukon", seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_lines(pilot, "X" * 60)
        shown = _text(app, "#last-command")
        assert shown.endswith("…") and shown.startswith("XXXX")
        assert app.screen.query_one("#last-command").size.width >= len(shown)


# ---------------------------------------------------------------- item 7: a cancelled pick


async def test_clicking_the_picked_card_again_says_cancelled_like_escape(
    make_app: AppFactory,
) -> None:
    app = make_app("yukon", seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_lines(pilot, "LD", "P", "C7->C6")  # leaves a refusal on the Message line
        column = app.screen.query_one("#pile-C6")
        bottom = (2, column.row_of(len(yukon_screen(app).view.columns[5]) - 1))  # type: ignore[attr-defined]
        await pilot.click("#pile-C6", offset=bottom)
        app.CLICK_CHAIN_TIME_THRESHOLD = 0.0  # two clicks, not a double-click
        await pilot.click("#pile-C6", offset=bottom)
        assert _text(app, "#message") == "Cancelled."


# ---------------------------------------------------------------- item 8: the INPUT line


async def test_after_p_the_arrows_move_on_the_table(make_app: AppFactory) -> None:
    async with yukon_table(make_app, seed=4) as (_app, pilot, screen):
        await pilot.press("L", "D", "enter", "P", "enter")
        assert not screen.query_one(CommandBar).input.has_focus
        await pilot.press("right", "right", "space")
        assert screen.controls.cursor_name == "C3"
        assert screen.controls.picked is not None and screen.controls.picked.pile == "C3"


async def test_up_and_down_walk_through_the_lines_typed_before(make_app: AppFactory) -> None:
    app = make_app("yukon", seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        field = yukon_screen(app).query_one(CommandBar).input
        await pilot.press("L", "D", "enter", "S", "W", "enter", "S", "R")
        await pilot.press("up")
        assert field.value == "SW"
        await pilot.press("up", "up")
        assert field.value == "LD"
        await pilot.press("down")
        assert field.value == "SW"
        await pilot.press("down")
        assert field.value == "SR", "the line being typed comes back"
        await pilot.press("up", "up", "enter")
        assert _text(app, "#last-command") == "LD"
        await pilot.press("up")
        assert field.value == "LD"


async def test_every_way_in_uses_one_range_of_game_numbers(make_app: AppFactory) -> None:
    from tableau.engines.yukon import GAME_NUMBERS

    async with yukon_table(make_app) as (app, pilot, screen):  # as from the menu: no seed given
        assert screen.start_seed in GAME_NUMBERS
        for _ in range(3):
            await pilot.press("ctrl+n")
            number = screen.game_number()
            assert number in GAME_NUMBERS and f"Seed  {number}" in _text(app, "#stats")


async def test_a_rules_change_on_an_out_of_range_seed_deals_a_numbered_game(
    make_app: AppFactory,
) -> None:
    async with yukon_table(make_app, seed=0) as (_app, pilot, screen):
        await choose_rules(pilot, screen, "classic")
        assert screen.view.rules == "classic" and screen.view.phase is Phase.PLAY
        assert screen.game_number() == screen.start_seed != 0
