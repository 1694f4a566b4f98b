"""Yukon is kept in the store: quit, start tableau again, "Continue", and the game goes on
exactly as it was left; a won game goes to the statistics, an abandoned one counts as a loss.

Every app here keeps its settings and database in the test's TABLEAU_HOME (tests/conftest.py),
so a second app in the same test is the same player starting tableau again.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from textual.pilot import Pilot
from textual.widgets import ListView
from textual.widgets import Static
from ui_helpers import KEY_NAMES
from ui_helpers import NotedApp
from ui_helpers import choose_rules
from ui_helpers import message
from ui_helpers import press
from ui_helpers import settled
from ui_helpers import yukon_screen

from tableau.engines.protocol import SaveFormatError
from tableau.engines.yukon import Phase
from tableau.engines.yukon import legal_moves
from tableau.sessions.yukon import YukonSession
from tableau.storage.home import database_path
from tableau.storage.home import settings_path
from tableau.storage.store import GameRecord
from tableau.storage.store import Store
from tableau.ui.app import TableauApp
from tableau.ui.scenes.yukon import almost_won_save
from tableau.ui.scenes.yukon import played_save
from tableau.ui.screens.dialogs import ConfirmScreen
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.screens.menu import ContinueItem
from tableau.ui.screens.menu import MenuScreen
from tableau.ui.screens.stats import FigureTable
from tableau.ui.screens.stats import StatsScreen
from tableau.ui.screens.yukon import YukonScreen

SEED = 24611
WALL = 1_800_000_000.0


class Clock:
    """The app's clocks, moved on by the test: ``clock()`` for the game clock, ``wall()`` for
    the store's times."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def wall(self) -> float:
        return WALL + self.now


@asynccontextmanager
async def tableau(
    folder: Path, clock: Clock, start: str | None = None, **options: Any
) -> AsyncIterator[tuple[NotedApp, Pilot[Any]]]:
    """tableau started on the test's home (settings and database kept), at 80x24."""
    app = NotedApp(start, clock=clock, wall=clock.wall, cpu_delay=0.0, cursor_blink=False,
                   animations=False, folder=folder, persist=True, **options)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        yield app, pilot


async def play(pilot: Pilot[Any], count: int) -> None:
    """Make ``count`` legal moves (the first the engine lists each time) as INPUT makes them
    on Enter, without typing them key by key (the keys' way to the table is checked in
    test_ctrl_q_straight_after_a_move_keeps_that_move and tests/ui/test_yukon_flows.py)."""
    for _ in range(count):
        screen = yukon_screen(pilot.app)  # type: ignore[arg-type]
        screen.controls.reset()
        screen.run_command(str(screen.view.legal[0]))
        await pilot.pause()
        # Played; with auto-move on (a deal numbered at random after SR), cards may follow.
        said = screen.session.message
        assert said == "OK" or said.startswith("OK (auto-moved "), said


async def run_lines(pilot: Pilot[Any], *lines: str) -> None:
    """Run each line as INPUT runs it on Enter, then wait for S and L (see ``play``)."""
    for line in lines:
        screen = yukon_screen(pilot.app)  # type: ignore[arg-type]
        screen.controls.reset()
        screen.run_command(line)
        await settled(pilot)


def continue_entry(app: TableauApp) -> ContinueItem:
    menu = app.screen
    assert isinstance(menu, MenuScreen)
    first = menu.query_one(ListView).children[0]
    assert isinstance(first, ContinueItem)
    return first


async def test_quit_and_continue_resume_the_game_with_undo_redo_and_clock(
    tmp_path: Path,
) -> None:
    clock = Clock()
    async with tableau(tmp_path, clock, "yukon", seed=SEED, deal=True) as (app, pilot):
        screen = yukon_screen(app)
        await play(pilot, 3)
        clock.now = 95.0
        await run_lines(pilot, "U")
        left = screen.view, screen.session.timeline, screen.session.last_command, message(app)
        await press(pilot, "ctrl+q")  # the store keeps the game: no question
        assert not app.is_running
    clock.now += 600
    async with tableau(tmp_path, clock) as (app, pilot):
        assert continue_entry(app).text == f"Continue Yukon · seed {SEED} · 2 moves · 10 min ago"
        await press(pilot, "enter")
        screen = yukon_screen(app)
        assert (screen.view, screen.session.timeline, screen.session.last_command,
                message(app)) == left
        assert f"Seed  {SEED}" in str(screen.query_one("#stats", Static).content)
        clock.now += 5  # the clock goes on from the saved 1:35
        record = screen.record()
        assert record is not None and record.duration == 100.0 and record.started == WALL
        undone = screen.view
        await run_lines(pilot, "R")
        assert screen.session.message == "OK" and screen.view.moves == 3
        await run_lines(pilot, "U", "U")
        assert screen.view.moves == 1 and screen.view != undone


async def test_q_keeps_the_game_for_continue_and_a_new_yukon_from_the_menu_keeps_it_too(
    tmp_path: Path,
) -> None:
    """q leaves a game under way without a question and the menu's Continue brings it back
    with its note; Yukon (not its Continue entry) from the menu asks nothing and a new deal
    there is kept beside the first: two Continue entries, nothing counted."""
    clock = Clock()
    async with tableau(tmp_path, clock, "yukon", seed=SEED, deal=True) as (app, pilot):
        await play(pilot, 2)
        await press(pilot, "escape", "a")  # auto-move on: its note is on the message line
        view, said = yukon_screen(app).view, message(app)
        assert said.startswith("Auto-move")
        await press(pilot, "q")
        assert isinstance(app.screen, MenuScreen)  # no question asked
        assert continue_entry(app).text.startswith(f"Continue Yukon · seed {SEED} · 2 moves")
        await press(pilot, "enter")
        assert yukon_screen(app).view == view and message(app) == said
        await press(pilot, "escape", "q")
        await press(pilot, "1")  # Yukon, not its Continue entry: no question, the set-up
        assert not isinstance(app.screen, ConfirmScreen)
        await press(pilot, "enter")  # Start
        assert isinstance(app.screen, YukonScreen)
        await run_lines(pilot, "LD", "SR", "P")  # a new deal
        await play(pilot, 1)
        await press(pilot, "escape", "q")
        entries = [item for item in app.screen.query_one(ListView).children
                   if isinstance(item, ContinueItem)]
        assert len(entries) == 2 and any(f"seed {SEED}" in entry.text for entry in entries)
        assert app.runtime.store.finished("yukon") == []  # nothing lost, nothing counted


async def test_ctrl_q_straight_after_a_move_keeps_that_move(tmp_path: Path) -> None:
    # The autosave follows the move's frame: quitting at once must not lose it.
    async with tableau(tmp_path, Clock(), "yukon", seed=SEED, deal=True) as (app, pilot):
        move = str(yukon_screen(app).view.legal[0])
        await pilot.press("colon", *(KEY_NAMES.get(char, char) for char in move), "enter",
                          "ctrl+q")
    store = Store(database_path())
    saved = store.saved("yukon")
    store.close()
    assert saved is not None and saved.moves == 1


async def test_a_deal_without_a_move_is_not_kept_and_a_won_game_is_recorded_and_shown(
    tmp_path: Path,
) -> None:
    """A loaded deal with no legal move and no move made (game 318, Russian rules) is neither
    kept nor counted; a won game is recorded (a hand-made position: no seed), its autosave
    dropped, and it shows in the statistics screen."""
    clock = Clock()
    (tmp_path / "stuck.json").write_text(played_save(318, 0, rules="russian"))
    (tmp_path / "end.json").write_text(almost_won_save())
    async with tableau(tmp_path, clock, "yukon") as (app, pilot):
        screen = yukon_screen(app)
        store = app.runtime.store
        await run_lines(pilot, "L stuck.json")
        assert isinstance(app.screen, EndScreen)  # no legal move: said at once
        assert screen.view.moves == 0 and screen.session.is_stuck()
        assert store.finished("yukon") == [] and store.saved("yukon") is None
        await press(pilot, "escape")  # back to the table
        await run_lines(pilot, "L end.json")
        assert store.saved("yukon") is not None
        clock.now = 65.0
        await run_lines(pilot, "C1->F4")
        assert isinstance(app.screen, EndScreen)
        (won,) = store.finished("yukon")
        assert (won.result, won.moves, won.duration, won.seed) == (
            "won", screen.view.moves, 65.0, None)
        assert store.saved("yukon") is None
        await press(pilot, "2")  # Menu
        assert isinstance(app.screen, MenuScreen)
        await press(pilot, "s")
        stats = app.screen
        assert isinstance(stats, StatsScreen) and stats.shown_game == "yukon"
        rows = [tuple(str(cell) for cell in table.get_row_at(row))
                for table in stats.query(FigureTable) for row in range(table.row_count)]
        assert {("Played", "1"), ("Won", "1"), ("Win %", "100%"), ("Current streak", "1"),
                ("Best time", "1:05")} <= set(rows)


async def test_a_stuck_game_is_lost_and_undo_out_of_it_reopens_it_counted_once(
    tmp_path: Path,
) -> None:
    """Game 201 under Russian rules has one legal move, and none after it: recorded as lost
    with its rules and seed, autosave dropped; Undo on the end screen reopens it (kept again,
    nothing counted), and the same dead end again is recorded once."""
    async with tableau(tmp_path, Clock(), "yukon", seed=201, rules="russian", deal=True) as (
        app, pilot
    ):
        await run_lines(pilot, "C4:9H->C1")
        assert isinstance(app.screen, EndScreen)
        store = app.runtime.store
        (lost,) = store.finished("yukon")
        assert (lost.result, lost.variant, lost.seed, lost.moves) == ("lost", "russian", 201, 1)
        assert store.saved("yukon") is None
        await press(pilot, "1")  # Undo: the game goes on after all
        assert store.finished("yukon") == []
        reopened = store.saved("yukon")
        assert reopened is not None and (reopened.moves, reopened.seed) == (0, 201)
        await run_lines(pilot, "C4:9H->C1")  # the same dead end: recorded once, as lost
        (lost,) = store.finished("yukon")
        assert (lost.result, lost.moves) == ("lost", 1)
        assert store.saved("yukon") is None


async def test_a_new_game_redeal_or_new_rules_over_a_game_ask_and_count_it_as_a_loss(
    tmp_path: Path,
) -> None:
    """n over a game under way asks (the question says it counts as a loss); y deals a new
    game and records the old one as abandoned. d then y deals the same cards again, and new
    rules then y change the rules; each counts the game left as abandoned."""
    async with tableau(tmp_path, Clock(), "yukon", seed=SEED, deal=True) as (app, pilot):
        screen = yukon_screen(app)
        await play(pilot, 2)
        await press(pilot, "escape", "n")
        question = app.screen
        assert isinstance(question, ConfirmScreen)
        assert "count as a loss" in str(question.query_one("#dialog-text", Static).content)
        await press(pilot, "y")
        assert screen.view.moves == 0 and screen.start_seed != SEED
        assert screen.session.state.seed != SEED
        store = app.runtime.store
        (abandoned,) = store.finished("yukon")
        assert (abandoned.result, abandoned.seed, abandoned.moves) == ("abandoned", SEED, 2)
        assert store.saved("yukon") is None
        await play(pilot, 1)
        dealt = screen.session.state.seed
        await press(pilot, "escape", "d", "y")
        assert screen.view.moves == 0 and screen.session.state.seed == dealt  # the same cards
        await play(pilot, 1)
        await choose_rules(pilot, screen, "classic")
        await press(pilot, "y")
        assert screen.view.rules == "classic"
        results = [record.result for record in store.finished("yukon")]
        assert results == ["abandoned", "abandoned", "abandoned"]


def _damage(data: str) -> None:
    with sqlite3.connect(database_path()) as connection:
        connection.execute("UPDATE autosaves SET data = ? WHERE game = 'yukon'", (data,))
    connection.close()


async def test_an_autosave_that_is_not_json_says_so_and_the_menu_goes_on(
    tmp_path: Path,
) -> None:
    """The menu says the save is damaged and goes on: Yukon anew starts over it, with the
    player's settings (auto-move on in settings.toml: the new table has it on). Other data
    that is no JSON object ("[1, 2]") gives the same sentence: tests/storage/
    test_store_faults.py's test_an_autosave_whose_data_is_no_json_object_cannot_be_continued.
    (That a kept the setting: test_yukon_flows.py; that settings.toml's auto-move reaches the
    table: test_yukon_issue28.py.)"""
    clock = Clock()
    _kept_in_the_store(GOOD_AUTOSAVE, clock)
    settings_path().write_text("[yukon]\nauto_move = true\n", encoding="utf-8")
    _damage("{not json")
    async with tableau(tmp_path, clock) as (app, pilot):
        await press(pilot, "enter")  # its Continue entry
        assert isinstance(app.screen, MenuScreen)
        assert app.said == ["The saved Yukon game is damaged, so it cannot be continued."]
        await press(pilot, "down", "enter")  # Yukon anew over the damaged save
        await press(pilot, "enter")  # Start in its set-up
        assert isinstance(app.screen, YukonScreen)
        stats = str(yukon_screen(app).query_one("#stats", Static).content)
        assert "Auto  on" in stats
        assert app.runtime.settings.get("yukon", "auto_move") is True


def _kept_in_the_store(data: dict[str, Any], clock: Clock) -> None:
    """An autosave of game SEED after two moves, kept as the table keeps it."""
    store = Store(database_path(), wall=clock.wall)
    store.save(GameRecord("yukon", "spec", SEED, {"rules": "spec"}, WALL, 2, 5.0,
                          label=f"seed {SEED}", data=data))
    store.close()


# Each bad extra's sentence is checked on the session (test_yukon_session_protocol.py); here
# the flow: the menu says why and leaves the row alone.
@pytest.mark.parametrize("junk", [
    {"game": "yukon"},
    {"clock": -1},
])
async def test_an_autosave_that_is_not_a_yukon_save_says_why_and_is_left_alone(
    tmp_path: Path, junk: dict[str, Any]
) -> None:
    clock = Clock()
    # The junk on its own, or a good save with the junk in place of its own fields.
    _kept_in_the_store(junk if "game" in junk else {**GOOD_AUTOSAVE, **junk}, clock)
    async with tableau(tmp_path, clock) as (app, pilot):
        await press(pilot, "enter")
        assert isinstance(app.screen, MenuScreen)
        (said,) = app.said
        assert said.startswith("The saved Yukon game could not be continued. ")
        assert said.endswith(". It is left as it is.")
        assert continue_entry(app).text.startswith("Continue Yukon")  # left alone, listed


def test_the_store_row_of_the_not_a_yukon_save_test_continues_when_good(
    tmp_path: Path,
) -> None:
    """The row ``_kept_in_the_store`` writes, with a good save in it, is one the menu lists
    and the table resumes (so the test above fails for the junk alone)."""
    clock = Clock()
    _kept_in_the_store(GOOD_AUTOSAVE, clock)
    store = Store(database_path(), wall=clock.wall)
    record = store.saved("yukon")
    store.close()
    assert record is not None and record.data == GOOD_AUTOSAVE
    assert YukonScreen.resumed(record, tmp_path).view.moves == 1


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
AUTOSAVE_KEYS = ["game", "version", "start", "past", "present", "future", "last_command",
                 "message", "clock", "start_seed", "auto_move", "note"]


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(AUTOSAVE_KEYS), json_values, min_size=1, max_size=3),
       st.lists(st.sampled_from(AUTOSAVE_KEYS), max_size=2))
def test_a_damaged_autosave_is_resumed_or_refused_with_a_sentence(
    changes: dict[str, Any], dropped: list[str]
) -> None:
    """Whatever is in the row's data, ``resumed`` gives a screen or a SaveFormatError (the
    app shows its sentence); nothing else escapes."""
    data: dict[str, Any] = {**GOOD_AUTOSAVE, **changes}
    for key in dropped:
        data.pop(key, None)
    record = GameRecord("yukon", "spec", SEED, {}, WALL, 2, 5.0, data=data)
    try:
        screen = YukonScreen.resumed(record, Path("."))
    except SaveFormatError as refusal:
        assert str(refusal).endswith(".") and len(str(refusal)) < 200
    else:
        assert screen.session.state.phase is Phase.PLAY


def _good_autosave() -> dict[str, Any]:
    session = YukonSession.numbered(SEED, "spec", Path("."))
    for _ in range(2):
        session = session.run(str(legal_moves(session.state)[0]))
    return {**json.loads(json.dumps(session.run("U").to_json())), "clock": 5.0,
            "start_seed": SEED, "auto_move": False, "note": None}


GOOD_AUTOSAVE = _good_autosave()


def test_the_good_autosave_of_the_property_resumes() -> None:
    record = GameRecord("yukon", "spec", SEED, {}, WALL, 1, 5.0, data=GOOD_AUTOSAVE)
    timeline = YukonScreen.resumed(record, Path(".")).session.timeline
    assert (timeline.undo_depth, timeline.redo_depth) == (1, 1)
