"""The Yukon demo, the hint that never circles and the lost verdict, through Pilot (issue
31): D, the palette and the menu's set-up start a demo in which the honest hint plays; any key
stops it; it stops by itself on a win and on a lost table, with a sentence; each of its moves
is undoable. On seed 1234 classic, played along the issue's moves, the status line says the
table is lost whatever its 8 face-down cards are, and the hint points to the undo that gets
back to a table that still won. The peeking line is offered only on a deal proved won."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from test_yukon_solver_ui import _footer_keys
from test_yukon_solver_ui import play
from test_yukon_solver_ui import slow_hint  # noqa: F401 (a fixture)
from test_yukon_solver_ui import status
from test_yukon_solver_ui import table
from ui_helpers import message
from ui_helpers import press
from ui_helpers import settled
from ui_helpers import until

from tableau.ai.yukon import solve
from tableau.ai.yukon_hint import hint
from tableau.engines.yukon import numbered_game
from tableau.engines.yukon import unseen_cards
from tableau.storage.stats import figures
from tableau.ui.screens import yukon_solver as yukon_solver_module
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.screens.yukon import YukonScreen
from tableau.ui.screens.yukon import setup_options
from tableau.ui.screens.yukon_demo import DEMO_STATUS
from tableau.ui.screens.yukon_demo import DEMO_STOPPED
from tableau.ui.screens.yukon_demo import DEMO_WON
from tableau.ui.screens.yukon_dialogs import HELPED_NOTE
from tableau.ui.screens.yukon_dialogs import HELPED_WIN
from tableau.ui.screens.yukon_solver import LOST_HIDDEN
from yukon_tables import ISSUE_LINE
from yukon_tables import LOST_CLASSIC_20

AppFactory = Callable[..., Any]
ISSUE_MOVES = ISSUE_LINE.split()
TURNED_LOST = ISSUE_MOVES.index("C6:9S->C3")
DEMO_MOVES = 6
"""How many moves from the win the demo starts on spec game 2."""


@pytest.fixture
def quick_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint on a node budget, so it answers at once and the same way every run."""
    monkeypatch.setattr(yukon_solver_module, "hint",
                        partial(hint, samples=10, max_nodes=3_000, seconds=float("inf")))
    monkeypatch.setattr(yukon_solver_module, "HINT_SECONDS", float("inf"))


@pytest.mark.usefixtures("quick_hint")
async def test_the_demo_plays_a_won_deal_to_the_end_each_move_undoable(
    make_app: AppFactory,
) -> None:
    win = [str(move) for move in solve(numbered_game(2)).moves]
    async with table(make_app, seed=2, size=(80, 24)) as (pilot, screen):
        await play(pilot, screen, win[:-DEMO_MOVES])  # a few moves from the win: cheap
        assert screen.view.moves == len(win) - DEMO_MOVES
        await press(pilot, "D")  # at the tests' pace the demo may be over already
        await until(pilot, lambda: not screen._demo, "the demo's end")
        assert screen.session.outcome() is not None
        assert isinstance(pilot.app.screen, EndScreen)
        assert screen.note == DEMO_WON
        # The table's footer, still seen under the dialog, offers no Finish, Hint or Demo on
        # a won game (its keys are not asked of the dialog) and fits the 80 columns.
        await settled(pilot)
        keys = _footer_keys(screen)
        assert "Undo" in keys and not {"Finish", "Hint", "Demo"} & set(keys)
        assert all(key.region.right <= pilot.app.size.width for key in keys.values())
        played = screen.session.timeline.undo_depth - (len(win) - DEMO_MOVES)
        assert played == screen.view.moves - (len(win) - DEMO_MOVES) > 0  # a step a move
        await press(pilot, "escape")  # back to the table, as won
        await press(pilot, "u")  # the win undone: a move to hint again
        await until(pilot, lambda: "Hint" in _footer_keys(screen), "Hint back in the footer")
        for _ in range(played - 1):
            screen.session.undo()
        assert screen.view.moves == len(win) - DEMO_MOVES


@pytest.mark.usefixtures("quick_hint")
async def test_a_game_the_demo_won_is_the_demos_and_the_same_deal_again_is_the_players(
    make_app: AppFactory,
) -> None:
    win = [str(move) for move in solve(numbered_game(2)).moves]
    async with table(make_app, seed=2, size=(80, 24), persist=True) as (pilot, screen):
        store = pilot.app.runtime.store
        await play(pilot, screen, win[:-DEMO_MOVES])
        await press(pilot, "D")
        await until(pilot, lambda: isinstance(pilot.app.screen, EndScreen), "the end")
        end = pilot.app.screen
        assert end.title_text == HELPED_WIN and HELPED_NOTE in end.text
        await until(pilot, lambda: store.finished("yukon") != [], "the demo's game recorded")
        assert figures(store.finished()).yukon == ()  # not the player's win
        await press(pilot, "escape")
        await play(pilot, screen, ["Q", "P", *win])  # the same deal again, played by hand
        await until(pilot, lambda: len(store.finished("yukon")) == 2, "the player's game")
        assert pilot.app.screen.title_text == "You won!"
        [row] = figures(store.finished()).yukon
        assert (row.played, row.won, row.fewest_moves) == (1, 1, len(win))


@pytest.mark.usefixtures("slow_hint")
async def test_any_key_stops_the_demo_and_does_nothing_else(make_app: AppFactory) -> None:
    async with table(make_app, seed=2, size=(80, 24)) as (pilot, screen):
        assert "Demo" in [command.title for command in screen.palette_commands()]
        before, cursor = screen.session.state, screen.controls.cursor_pile
        await press(pilot, "D")
        assert status(screen) == DEMO_STATUS
        await press(pilot, "right")
        assert screen.note == DEMO_STOPPED and message(pilot.app).endswith(DEMO_STOPPED)
        assert status(screen) == "" and screen.session.state is before
        assert screen.controls.cursor_pile == cursor  # the key did nothing else
        await press(pilot, "D")
        await press(pilot, "escape")  # Escape too, and it says the same
        assert screen.note == DEMO_STOPPED and status(screen) == ""


@pytest.mark.usefixtures("slow_hint")
async def test_the_menu_set_up_starts_a_demo_on_a_dealt_table(make_app: AppFactory) -> None:
    option = next(option for option in setup_options() if option.key == "demo")
    assert [value for value, _text in option.values] == [False, True] and not option.default
    async with table(make_app, seed=2, size=(80, 24), demo=True) as (_pilot, screen):
        assert isinstance(screen, YukonScreen) and screen.view.legal
        assert status(screen) == DEMO_STATUS


async def play_to_the_issue_table(pilot: Any, screen: YukonScreen) -> str:
    """Seed 1234 classic along the issue's moves, the hint asked where the old one turned the
    table lost; the undo the hint points to from the issue's table."""
    await press(pilot, "a")  # auto-move on, as in the issue
    await play(pilot, screen, ISSUE_MOVES[:TURNED_LOST])
    await press(pilot, "h")  # the hint on the table that still won: remembered
    await until(pilot, lambda: "ways the hidden cards could lie" in str(screen.note), "the hint")
    wins = str(screen.note).split(": wins in ")[1].split()[0]
    await play(pilot, screen, ISSUE_MOVES[TURNED_LOST:])
    assert screen.view.moves > 0 and screen.session.message.startswith("OK")
    undos = len(ISSUE_MOVES) - TURNED_LOST
    return f"Undo {undos} moves to get back to a table that still won in {wins} of 10."


NOT_FOUND = "No way to win found from here in any of 10 ways the hidden cards could lie."


@pytest.mark.usefixtures("quick_hint")
async def test_the_issue_table_is_proved_lost_with_eight_cards_face_down(
    make_app: AppFactory,
) -> None:
    async with table(make_app, seed=1234, size=(120, 40), rules="classic") as (pilot, screen):
        undo = await play_to_the_issue_table(pilot, screen)
        assert len(unseen_cards(screen.view)) == 8
        await until(pilot, lambda: status(screen).startswith(LOST_HIDDEN), "the lost verdict")
        assert status(screen) == f"{LOST_HIDDEN} u: undo, n: new game"
        await press(pilot, "h")  # the hint leads with the proof, then the undo that helps
        assert screen.note == f"{LOST_HIDDEN} {undo}"
        await press(pilot, "D")
        assert screen.note == "No demo: the solver has proved there is no way to win from here."
        assert not screen._demo
        # A demo that comes to a table as the proof arrives stops there with the same words.
        before, screen._demo = screen.session.state, True
        screen._demo_next()
        assert screen.note == f"Demo stopped. {LOST_HIDDEN} {undo}"
        assert not screen._demo and screen.session.state is before and not screen._jobs


@pytest.mark.usefixtures("quick_hint")
async def test_the_demo_stops_where_the_hint_finds_no_way_to_win(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Before the quiet check has proved the table lost (here it gives up at once), the demo
    stops on the hint's own verdict and plays nothing."""
    monkeypatch.setattr(yukon_solver_module, "CHECK_NODES", 1)
    async with table(make_app, seed=1234, size=(120, 40), rules="classic") as (pilot, screen):
        lost = f"{NOT_FOUND} {await play_to_the_issue_table(pilot, screen)}"
        await press(pilot, "h")
        await until(pilot, lambda: screen.note == lost, "the hint's lost verdict")
        before = screen.session.state
        await press(pilot, "D")
        await until(pilot, lambda: not screen._demo, "the demo's end")
        assert screen.note == f"Demo stopped. {lost}" and screen.session.state is before
        assert not status(screen).startswith(LOST_HIDDEN)
        await settled(pilot)


async def test_the_winning_line_that_peeks_is_offered_only_on_a_deal_proved_won(
    make_app: AppFactory,
) -> None:
    win = [str(move) for move in solve(numbered_game(2)).moves]
    line = "Show a winning line (looks under the cards)"
    async with table(make_app, seed=2, size=(80, 24)) as (pilot, screen):
        await play(pilot, screen, win[:-DEMO_MOVES])
        assert line not in [command.title for command in screen.palette_commands()]
        screen.action_show_win()  # not proved yet: it says so and plays nothing
        assert screen.note == "Only a deal the solver has proved won has a winning line to show."
        screen.action_winnable()
        await settled(pilot)
        assert line in [command.title for command in screen.palette_commands()]
        screen.action_show_win()
        await until(pilot, lambda: screen.session.outcome() is not None, "the game's end")
        assert isinstance(pilot.app.screen, EndScreen)
        assert screen.view.moves == len(win)


async def test_a_table_lost_whatever_the_hidden_cards_are_says_so(make_app: AppFactory) -> None:
    async with table(make_app, seed=20, size=(80, 24), rules="classic") as (pilot, screen):
        await play(pilot, screen, LOST_CLASSIC_20.split())
        assert len(unseen_cards(screen.view)) == 4 and screen.view.legal
        await until(pilot, lambda: status(screen).startswith(LOST_HIDDEN), "the lost verdict")
        assert status(screen) == f"{LOST_HIDDEN} u: undo, n: new game"
        assert screen.note == f"The solver has proved it: {LOST_HIDDEN}"
        await press(pilot, "h")  # no hint was asked earlier, so no undo to point to
        assert screen.note == f"{LOST_HIDDEN} u: undo, n: new game"
        await press(pilot, "D")  # no demo on a table proved lost
        assert screen.note == "No demo: the solver has proved there is no way to win from here."
        assert not screen._demo
        await press(pilot, "u")  # undo takes the verdict away with the table it was about
        assert not status(screen).startswith(LOST_HIDDEN)
