"""Playing Yukon in the app: clicks, drags, double-clicks, keys and typed commands.

The deal used is the unshuffled deck (LD, P): C1 holds the A♣, C3 ends in the Q♥, C6 ends in
the J♠ and C7 in the K♠ (the spec's Figure 6), so the moves below are known to be legal or not
by the rules, not by this code. Each test starts the app once and checks, step by step, what
a player sees; the rules behind the steps are checked at the session level
(tests/sessions/test_yukon_session.py, test_yukon_flow.py).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from collections.abc import Callable
from contextlib import asynccontextmanager
from pathlib import Path

from textual import events
from textual.pilot import Pilot
from textual.widgets import Static
from ui_helpers import click
from ui_helpers import message
from ui_helpers import press
from ui_helpers import settled
from ui_helpers import type_lines
from ui_helpers import yukon_screen
from ui_helpers import yukon_table

from tableau.cards import parse_card
from tableau.engines.yukon import GAME_NUMBERS
from tableau.engines.yukon import Phase
from tableau.engines.yukon import numbered_game
from tableau.engines.yukon import view
from tableau.ui.app import TableauApp
from tableau.ui.scenes.yukon import almost_won_save
from tableau.ui.scenes.yukon import long_column_save
from tableau.ui.scenes.yukon import played_save
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.screens.help import HelpScreen
from tableau.ui.screens.help import rules_text
from tableau.ui.screens.menu import MenuScreen
from tableau.ui.screens.yukon import YukonBoard
from tableau.ui.screens.yukon import YukonScreen
from tableau.ui.widgets.button_grid import ButtonGrid
from tableau.ui.widgets.command_bar import CommandBar
from tableau.ui.widgets.pile import FanColumn
from tableau.ui.widgets.pile import StackPile

AppFactory = Callable[..., TableauApp]

AC, QH, JS, KS = (parse_card(text) for text in ("AC", "QH", "JS", "KS"))


def _text(app: TableauApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).content)


def _last_command(app: TableauApp) -> str:
    return _text(app, "#last-command")


def _column(app: TableauApp, name: str) -> FanColumn:
    return app.screen.query_one(f"#pile-{name}", FanColumn)


def _bottom_offset(app: TableauApp, name: str) -> tuple[int, int]:
    """Where to point at the bottom card of a column (on the screen: as far as it is scrolled)."""
    column = _column(app, name)
    return (2, column.row_of(len(column.cards) - 1) - column.scroll_offset.y)


@asynccontextmanager
async def dealt_table(
    make_app: AppFactory, size: tuple[int, int] = (80, 24)
) -> AsyncIterator[tuple[TableauApp, Pilot[int], YukonScreen]]:
    """A Yukon app (no seed given, as from the menu) with a deck loaded and dealt (LD, P)."""
    app = make_app("yukon")
    async with app.run_test(size=size) as pilot:
        # As from the menu, no seed given: the game number is from the one range all use.
        assert yukon_screen(app).start_seed in GAME_NUMBERS
        await enter_lines(pilot, "LD", "P")
        yield app, pilot, yukon_screen(app)


async def enter_lines(pilot: Pilot[int], *lines: str) -> None:
    """Each line put whole in the INPUT field and sent with Enter, then S and L waited for.
    (Typing a line key by key is test_the_command_line_types_deals_recalls_and_shows_what_
    was_typed's; the other tests check what a line does, not how it is typed.)"""
    for line in lines:
        await pilot.pause()  # let the focus settle first
        if pilot.app.screen.query_one(YukonBoard).has_focus:
            await pilot.press("colon")  # after P the table has the keys
        field = pilot.app.screen.query_one(CommandBar).input
        assert field.has_focus
        field.value = line
        await pilot.press("enter")
    await settled(pilot)


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


async def test_the_command_line_types_deals_recalls_and_shows_what_was_typed(
    make_app: AppFactory, tmp_path: Path
) -> None:
    """The INPUT line, from the welcome to a saved and loaded game (seed 5):

    - the welcome hint names the game LD, SR, P deals, and the input has the focus;
    - up and down walk through the lines typed before, the line being typed comes back;
    - an empty line answers with the commands, wrapped whole above the input;
    - a long last command ends in an ellipsis and fits its box;
    - keys that arrive in one burst are separate lines (each Enter ends its own);
    - LD, SR, P deals game 5, shown in the panel; after P the table has the keys and the
      arrows move on it;
    - a typed move, U, S file (a Yukon save), L file (the game back), all answered OK;
    - ":" in the empty field types nothing (it is the key that opens it);
    - junk and a 10 000-character line change nothing and are answered, shortly echoed;
    - a binary save file is refused with one message naming it.
    """
    import textwrap

    (tmp_path / "bad.json").write_bytes(b"\x00\x01\x02garbage")
    async with yukon_table(make_app, seed=5) as (app, pilot, screen):
        bar = screen.query_one(CommandBar)
        field = bar.input
        assert field.has_focus and screen.view.phase is Phase.STARTUP
        assert _text(app, "#message").startswith("Type LD, SR, then P to deal game 5.")
        # The lines typed before.
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
        assert _last_command(app) == "LD"
        await pilot.press("up")
        assert field.value == "LD"
        field.value = ""
        # An empty line: the commands, wrapped and shown whole above the input.
        await type_lines(pilot, "")
        shown = app.screen.query_one("#message", Static)
        text = _text(app, "#message")
        assert text.endswith("S, L.") and len(text) > shown.size.width
        assert shown.size.height >= len(textwrap.wrap(text, shown.size.width))
        assert shown.region.bottom <= app.screen.query_one("#command-input").region.y
        # A long last command.
        field.value = "X" * 60
        await press(pilot, "enter")
        last = _last_command(app)
        assert last.endswith("…") and last.startswith("XXXX")
        assert app.screen.query_one("#last-command").size.width >= len(last)
        field.value = ""
        # One burst of keys, posted at once as the terminal driver does.
        for key in ("L", "D", "enter", "S", "R", "enter", "P", "enter"):
            app.post_message(events.Key(key, key if len(key) == 1 else "\r"))
        await pilot.pause()
        await pilot.pause()
        assert screen.view.phase is Phase.PLAY
        assert _last_command(app) == "P" and message(app) == "OK"
        assert screen.view.columns == view(numbered_game(5)).columns
        assert "Seed  5" in _text(app, "#stats")
        # After P the table has the keys: the arrows move on it.
        assert not field.has_focus
        await pilot.press("right", "right", "space")
        assert screen.controls.cursor_name == "C3"
        assert screen.controls.picked is not None and screen.controls.picked.pile == "C3"
        await pilot.press("escape")
        # Game 5: C2 ends in the A♣.
        await type_lines(pilot, "C2->F1")
        assert screen.view.foundations[0] == (AC,) and message(app) == "OK"
        await enter_lines(pilot, "S game.json")
        assert message(app) == "OK"
        saved = screen.view
        assert json.loads((tmp_path / "game.json").read_text())["game"] == "yukon"
        await enter_lines(pilot, "U")
        assert screen.view != saved and screen.view.foundations[0] == ()
        await enter_lines(pilot, "L game.json")
        assert message(app) == "OK" and screen.view == saved
        # Junk and a huge line.
        await pilot.press("colon")
        await pilot.press("colon")  # ":" again, out of habit, types nothing; later it does
        assert field.has_focus and field.value == ""
        await pilot.press("C", "6", "colon")
        assert field.value == "C6:"
        for junk in ("HELLO", "x" * 10_000):
            field.value = junk
            await press(pilot, "enter")
            assert screen.view == saved
            assert message(app) not in ("", "OK")
        assert len(_last_command(app)) < 100
        await enter_lines(pilot, "L bad.json")
        assert screen.view == saved
        assert "bad.json" in message(app)


async def test_the_mouse_picks_drops_drags_and_double_clicks(make_app: AppFactory) -> None:
    """Clicks and drags on the unshuffled deal, at 80×24:

    - a typed refusal draws its cards as the table does (K♠, 4♥), never letters;
    - clicking the picked card again cancels (two clicks, not a double-click) and says
      Cancelled.; Escape cancels a pick, and a click after it moves nothing;
    - an illegal click move changes nothing and shows the engine's reason;
    - an illegal drop is marked illegal while dragged, refused and explained;
    - a drag released outside every pile cancels, the mouse let go;
    - a double-click on a card that cannot go home says why;
    - a legal drag is marked legal and moves; a click on a card then a column moves it;
    - a double-click sends the bottom card home, drawn on its foundation;
    - resizing during a drag resets it without a crash.
    """
    async with dealt_table(make_app) as (app, pilot, screen):
        before = screen.view
        await enter_lines(pilot, "C7->C6")
        assert _text(app, "#message") == "K♠ does not go on J♠: it needs a ten."
        assert _last_command(app) == "C7->C6"
        await enter_lines(pilot, "C6:4H->C4")
        assert "4♥" in _text(app, "#message") and "4H" not in _text(app, "#message")
        await press(pilot, "escape")
        # Clicking the picked card again.
        await pilot.click("#pile-C6", offset=_bottom_offset(app, "C6"))
        assert _column(app, "C6").picked_from == len(screen.view.columns[5]) - 1
        chain = app.CLICK_CHAIN_TIME_THRESHOLD
        app.CLICK_CHAIN_TIME_THRESHOLD = 0.0  # type: ignore[misc]  # two clicks, not a double-click
        await pilot.click("#pile-C6", offset=_bottom_offset(app, "C6"))
        app.CLICK_CHAIN_TIME_THRESHOLD = chain  # type: ignore[misc]
        assert _column(app, "C6").picked_from is None
        assert _text(app, "#message") == "Cancelled."
        assert screen.view == before
        # Escape cancels a pick.
        await pilot.click("#pile-C6", offset=_bottom_offset(app, "C6"))
        assert _column(app, "C6").picked_from is not None
        await pilot.press("escape")
        assert _column(app, "C6").picked_from is None
        await pilot.click("#pile-C3")
        assert screen.view.columns[2][-1] == QH, "after Escape a click on C3 moves nothing"
        await pilot.press("escape")  # that click may have picked a card of C3
        # An illegal click move.
        await pilot.click("#pile-C7", offset=_bottom_offset(app, "C7"))
        await pilot.click("#pile-C6")
        assert screen.view == before
        assert "K♠" in message(app) and message(app) != "OK"
        # An illegal drop.
        await pilot.mouse_down("#pile-C7", offset=_bottom_offset(app, "C7"))
        await pilot.hover("#pile-C6", offset=(2, 2))
        assert _column(app, "C6").target == "illegal"
        await pilot.mouse_up("#pile-C6", offset=(2, 2))
        assert screen.view == before
        assert message(app).startswith("K♠")
        # A drag released outside every pile.
        await pilot.mouse_down("#pile-C6", offset=_bottom_offset(app, "C6"))
        await pilot.hover("#stats", offset=(1, 0))
        await pilot.mouse_up("#stats", offset=(1, 0))
        assert screen.view == before
        assert _column(app, "C6").picked_from is None
        assert app.mouse_captured is None
        # A double-click on a card that cannot go home.
        await pilot.double_click("#pile-C7", offset=_bottom_offset(app, "C7"))
        assert screen.view == before
        assert message(app) not in ("", "OK")
        # A legal drag.
        await pilot.mouse_down("#pile-C6", offset=_bottom_offset(app, "C6"))
        await pilot.hover("#pile-C3", offset=(2, 3))
        assert _column(app, "C3").target == "legal"
        await pilot.mouse_up("#pile-C3", offset=(2, 3))
        assert screen.view.columns[2][-2:] == (QH, JS)
        assert _column(app, "C3").target is None
        assert app.mouse_captured is None
        await press(pilot, "u")
        assert screen.view == before
        # A click on a card, then on a column.
        await pilot.click("#pile-C6", offset=_bottom_offset(app, "C6"))
        assert _column(app, "C6").picked_from == len(screen.view.columns[5]) - 1
        await pilot.click("#pile-C3")
        assert screen.view.columns[2][-2:] == (QH, JS)
        assert _last_command(app) == "C6->C3"
        assert message(app) == "OK"
        await press(pilot, "u")
        # A double-click sends the bottom card home.
        await pilot.double_click("#pile-C1", offset=_bottom_offset(app, "C1"))
        assert AC in {card for pile in screen.view.foundations for card in pile}
        assert screen.view.columns[0] == ()
        assert AC in [pile.top for pile in app.screen.query(StackPile)]
        # Resizing during a drag.
        moved = screen.view
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.mouse_down("#pile-C6", offset=_bottom_offset(app, "C6"))
        await pilot.hover("#pile-C3", offset=(2, 3))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.mouse_captured is None
        await pilot.mouse_up("#pile-C3", offset=(2, 2))
        assert screen.view == moved
        assert all(column.target is None for column in app.screen.query(FanColumn))


async def test_the_keys_move_undo_redeal_save_and_leave(
    make_app: AppFactory, tmp_path: Path
) -> None:
    """The table's keys and buttons on the unshuffled deal, at 80×24:

    - a move with the keyboard only (6, space, 3, Enter);
    - the arrows pick a run from the middle of a column, and a refused drop moves nothing;
    - f sends the card under the cursor home; u and r, Ctrl+Z and Ctrl+Y undo and redo;
    - the side panel's Undo, Redo and Redeal buttons (a redeal of a game under way asks);
    - d, y restarts the same deal;
    - : focuses the input and Escape gives the table the keys back;
    - s, Enter saves to yukon-save.json and o, Enter loads it;
    - a switches auto-move on: the safe cards go home, and it is remembered;
    - q goes back to the menu, Yukon is started again from there, and Ctrl+Q quits.
    """
    async with dealt_table(make_app) as (app, pilot, screen):
        dealt = screen.view
        await pilot.press("escape")  # from INPUT to the table
        await pilot.press("6", "space", "3", "enter")
        assert screen.view.columns[2][-2:] == (QH, JS)
        assert _last_command(app) == "C6->C3"
        await pilot.press("u")
        assert screen.view == dealt
        # A run from the middle of a column.
        await pilot.press("5", "up", "up", "up", "space")
        column = screen.view.columns[4]
        assert _column(app, "C5").picked_from == len(column) - 4
        await pilot.press("left", "left", "space")
        # 9♥ (with A♠, 5♠, 8♠ under it) does not go on C3's Q♥: refused, nothing moved.
        assert screen.view.columns[4] == column and screen.view == dealt
        assert message(app) not in ("", "OK")
        await pilot.press("escape")
        # f, undo and redo.
        await pilot.press("1", "f")
        assert screen.view.foundations[0] == (AC,)
        moved = screen.view
        await pilot.press("u")
        assert screen.view == dealt
        await pilot.press("r")
        assert screen.view == moved
        await pilot.press("ctrl+z")
        assert screen.view == dealt
        await pilot.press("ctrl+y")
        assert screen.view == moved
        # The buttons.
        await _click_button(pilot, "Undo")
        assert screen.view == dealt
        await _click_button(pilot, "Redo")
        assert screen.view == moved
        await _click_button(pilot, "Redeal")
        await pilot.press("y")  # a game under way is only redealt after a yes
        assert screen.view == dealt
        # d, y.
        await pilot.press("1", "f")
        assert screen.view != dealt
        await pilot.press("d", "y")
        assert screen.view == dealt
        # : and Escape.
        bar = app.screen.query_one(CommandBar)
        assert not bar.input.has_focus
        await pilot.press("colon")
        assert bar.input.has_focus
        await pilot.press("escape")
        assert not bar.input.has_focus
        # s, Enter and o, Enter.
        await pilot.press("s", "enter")
        await settled(pilot)
        assert (tmp_path / "yukon-save.json").exists()
        saved = screen.view
        await pilot.press("escape", "1", "f")
        assert screen.view != saved
        await pilot.press("escape", "o", "enter")
        await settled(pilot)
        assert screen.view == saved
        # a: auto-move.
        assert screen.view.foundations[0] == ()
        await pilot.press("escape", "a")
        assert AC in {card for pile in screen.view.foundations for card in pile}
        assert app.runtime.settings.get("yukon", "auto_move")
        # q, Ctrl+Q. (The help, by ?: test_the_win_the_stuck_table_and_the_clock; F1, the
        # app's own key, over a game: test_app.py.)
        await press(pilot, "d", "y")  # the deal again: no game under way, q asks nothing
        assert screen.view == dealt
        await press(pilot, "q")
        assert isinstance(app.screen, MenuScreen)
        await press(pilot, "enter", "enter")  # Yukon, then Start in its set-up
        assert isinstance(app.screen, YukonScreen)
        await press(pilot, "ctrl+q")
        assert not app.is_running


async def test_new_games_deal_numbered_games_from_one_range(make_app: AppFactory) -> None:
    """--seed 2 --deal opens game 2 dealt and shows its seed; each Ctrl+N deals a fresh
    numbered game (LD, SR, P), from the one range of game numbers, shown in the panel."""
    async with yukon_table(make_app, seed=2, deal=True) as (app, pilot, screen):
        assert screen.view.phase is Phase.PLAY
        assert screen.view.columns == view(numbered_game(2)).columns and screen.view.moves == 0
        assert "Seed  2" in _text(app, "#stats")
        seen = {2}
        for _ in range(3):
            await pilot.press("ctrl+n")
            number = screen.game_number()
            assert number in GAME_NUMBERS and number not in seen
            assert number == screen.start_seed
            seen.add(number)
            assert screen.view.phase is Phase.PLAY
            assert screen.view.columns == view(numbered_game(number)).columns
            assert f"Seed  {number}" in _text(app, "#stats")
            assert _last_command(app) == "LD, SR, P"


async def test_loaded_games_show_their_seed_and_long_columns(
    make_app: AppFactory, tmp_path: Path
) -> None:
    """Saves loaded with L at 80×24 (started with --seed 4):

    - the panel shows the loaded game's seed, not the launch seed;
    - a long column (game 4 after 51 moves) shows its header, counting the cards above,
      and its last card at once;
    - a column taller than the screen (game 26 after 76 moves) stays in its lane; jumping to
      it brings its bottom card into view and a double-click sends it home.
    """
    from tableau.sessions.timeline import Timeline
    from tableau.sessions.yukon import YukonSession

    (tmp_path / "game.json").write_text(
        json.dumps(YukonSession(Timeline(numbered_game(749976))).file_json()))
    (tmp_path / "long.json").write_text(long_column_save())
    (tmp_path / "taller.json").write_text(played_save(26, 76))
    async with yukon_table(make_app, seed=4) as (app, pilot, screen):
        assert "Seed  4" in _text(app, "#stats")
        await enter_lines(pilot, "L game.json")
        assert "Seed  749976" in _text(app, "#stats")
        await enter_lines(pilot, "L long.json")
        await pilot.pause()
        column = _column(app, "C7")
        assert column.max_scroll_y > 0, "the column is taller than the table"
        # Issue 28: the last card (the one a player plays) shows; the header stays on top and
        # counts the cards scrolled away above it, the six face-down ones among them.
        name, above = column.render_line(0).text.split()
        assert name == "C7" and int(above.removeprefix("↑")) >= 6
        last = screen.view.columns[6][-1]
        assert last is not None
        assert column.render_line(column.size.height - 1).text.strip() == last.face
        # Game 26 after 76 random moves: C1 holds 38 cards and ends in the 2♣.
        await enter_lines(pilot, "L taller.json")
        c1, c2 = _column(app, "C1"), _column(app, "C2")
        assert c1.region.right <= c2.region.x
        assert len(screen.view.columns[0]) == 38
        await press(pilot, "escape", "1")
        await pilot.double_click("#pile-C1", offset=_bottom_offset(app, "C1"))
        assert _last_command(app).startswith("C1")
        assert parse_card("2C") in {card for pile in screen.view.foundations for card in pile}


async def test_the_win_the_stuck_table_and_the_clock(tmp_path: Path) -> None:
    """A save one move from the win, loaded with L (launched with --seed 4), time injected:

    - the last move shows the win screen, naming the loaded deal (no number), not the launch
      seed; the clock stops on the win;
    - undoing out of the win runs the clock on from where it stood;
    - ? shows the Yukon rules with the focus on the text, which down, Page Down, space, End
      and Home scroll (once tests/ui/test_help_and_history.py's own test, and the F1 step of
      test_the_keys_move_undo_redeal_save_and_leave: the same help), and the clock
      stands still while help is open;
    - Play again on the win screen deals a new game;
    - a deal with no move at all (Russian game 318) says "No moves left", then Stuck;
    - Menu on the win screen goes back to the menu.
    """
    now = [0.0]
    app = TableauApp("yukon", clock=lambda: now[0], cursor_blink=False, animations=False,
                     folder=tmp_path, cpu_delay=0.0, seed=4, persist=False)
    (tmp_path / "end.json").write_text(almost_won_save())
    (tmp_path / "stuck.json").write_text(played_save(318, 0, rules="russian"))
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_lines(pilot, "L end.json")
        now[0] = 10.0
        await enter_lines(pilot, "C1->F4")
        assert isinstance(app.screen, EndScreen)
        shown = " ".join(str(line.content) for line in app.screen.query(Static))
        # That save is dealt from the unshuffled deck: no game number deals it.
        assert "Seed: none" in shown and "Seed: 4" not in shown
        await pilot.press("escape")
        now[0] = 50.0
        await enter_lines(pilot, "U")
        screen = yukon_screen(app)
        assert not screen.view.won
        now[0] = 55.0
        await press(pilot, "escape", "right")
        assert "0:15" in _text(app, "#stats")
        # Help covers the table: the clock stands still.
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.game == "yukon"
        assert "Yukon" in rules_text("yukon").splitlines()[0]
        text = app.screen.query_one("#help-text")
        assert app.focused is text
        assert text.max_scroll_y > 0, "the rules are longer than the screen"
        for key in ("down", "pagedown", "space"):
            before = text.scroll_y
            await press(pilot, key)
            assert text.scroll_y > before, key
        await press(pilot, "end")
        assert text.scroll_y == text.max_scroll_y
        await press(pilot, "home")
        assert text.scroll_y == 0
        now[0] = 115.0  # a minute reading the rules
        await press(pilot, "escape")
        now[0] = 120.0
        await press(pilot, "right")  # anything that redraws the panel
        assert "0:20" in _text(app, "#stats")
        # Play again.
        await enter_lines(pilot, "C1->F4")
        assert isinstance(app.screen, EndScreen)
        await pilot.click("#choice-again")
        screen = yukon_screen(app)
        assert screen.view.phase is Phase.PLAY and not screen.view.won
        assert screen.view.moves == 0
        # Stuck.
        await enter_lines(pilot, "L stuck.json")
        assert isinstance(app.screen, EndScreen)
        assert "No moves left" in _text(app, "#dialog-title")
        await pilot.press("escape")
        assert "Stuck" in _text(app, "#status")
        # Menu.
        await enter_lines(pilot, "L end.json")
        await enter_lines(pilot, "C1->F4")
        assert isinstance(app.screen, EndScreen)
        assert "Seed: none" in " ".join(str(line.content) for line in app.screen.query(Static))
        await click(pilot, "#choice-menu")
        assert isinstance(app.screen, MenuScreen)
