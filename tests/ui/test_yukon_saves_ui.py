"""Yukon in the app: undo with auto-move on, and S/L that never freeze the table
(issue 11, items 7 and 9)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from ui_helpers import KEY_NAMES
from ui_helpers import message
from ui_helpers import press
from ui_helpers import settled

from tableau.engines.yukon import Config
from tableau.sessions.yukon import YukonSession
from tableau.storage.files import read_small_text
from tableau.ui.app import TableauApp
from tableau.ui.scenes import still_app
from tableau.ui.screens.yukon import YukonScreen

AppFactory = Callable[..., TableauApp]


async def run_lines(pilot: Pilot[Any], *lines: str) -> None:
    """Run each line as INPUT runs it on Enter (not typed key by key: press_line types, and
    tests/ui/test_yukon_flows.py types every kind of line), then wait for S and L."""
    for line in lines:
        screen = pilot.app.screen
        assert isinstance(screen, YukonScreen)
        screen.controls.reset()
        screen.run_command(line)
        await settled(pilot)


async def press_line(pilot: Pilot[Any], line: str) -> None:
    await press(pilot, *(KEY_NAMES.get(char, char) for char in line), "enter")


def save_game_1(folder: Path) -> YukonSession:
    """Game 1 just dealt, saved as game.json: auto-move sends one card home at once, and
    after C3->C2 one more."""
    return (
        YukonSession.start(Config(seed=1), folder).run("LD").run("SR").run("P").run("S game.json")
    )


async def test_u_takes_back_a_move_with_its_auto_moves_r_brings_both_back_and_s_refuses(
    make_app: AppFactory, tmp_path: Path
) -> None:
    """U takes back a move with its auto-moves (and the auto-move made when it came on) and
    R brings both back. Then S refuses a read-only file and one that is not a save (issue
    27, items 5 and 6, as the player meets them in the app)."""
    dealt = save_game_1(tmp_path)
    (tmp_path / "notes.txt").write_text("keep\n")
    (tmp_path / "notes.txt").chmod(0o444)
    (tmp_path / "precious.txt").write_text("mine\n")
    app = make_app("yukon")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, YukonScreen)
        await press_line(pilot, "L game.json")
        await settled(pilot)
        assert screen.session.state == dealt.state
        await pilot.press("escape", "a")
        assert screen.view.moves == 1  # the safe card went home when auto-move came on
        switched_on = screen.session.state
        await pilot.press("colon")
        await press_line(pilot, "C3->C2")
        assert message(app) == "OK (auto-moved 1 card home)" and screen.view.moves == 3
        moved = screen.session.state
        await pilot.press("escape", "u")
        assert screen.session.state == switched_on and message(app) == "OK"
        await pilot.press("u")
        assert screen.session.state == dealt.state and message(app) == "OK"
        await pilot.press("u")
        assert message(app) == "There is nothing to undo." and screen.view.moves == 0
        await pilot.press("r", "r")
        assert screen.session.state == moved and message(app) == "OK"
        await run_lines(pilot, "S notes.txt")
        assert message(app) == "notes.txt is read-only, so it is not written over."
        await run_lines(pilot, "S precious.txt")
        assert message(app) == ("precious.txt is not a Yukon save, so it is not written over; "
                                "give another name.")
    assert (tmp_path / "notes.txt").read_text() == "keep\n"
    assert (tmp_path / "precious.txt").read_text() == "mine\n"


async def test_loading_runs_beside_the_table_and_keys_typed_meanwhile_wait_their_turn(
    make_app: AppFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealt = save_game_1(tmp_path)
    release = threading.Event()
    read = read_small_text

    def slow_read(*args: Any, **kwargs: Any) -> str:
        release.wait()  # a big file on a slow disk, read when the test says so
        return read(*args, **kwargs)

    monkeypatch.setattr("tableau.sessions.yukon_saves.read_small_text", slow_read)
    app = make_app("yukon")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, YukonScreen)
        try:
            await press_line(pilot, "L game.json")
            # The table still answers while the file is read.
            assert message(app) == "Loading…"
            await press_line(pilot, "C3->C2")
            assert message(app) == "Loading…"
        finally:
            release.set()
        await settled(pilot)
        assert screen.session.last_command == "C3->C2" and message(app) == "OK"
        assert screen.session.run("U").state == dealt.state


async def test_a_served_tab_keeps_s_in_its_own_folder(
    tmp_path: Path, tableau_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 27, item 17: with TABLEAU_SERVED=1 (as ``tableau serve`` runs each tab), a path
    the player types cannot reach the host's files."""
    monkeypatch.setenv("TABLEAU_SERVED", "1")
    monkeypatch.setenv("HOME", str(tmp_path))  # were "~" to work, it would write here
    working = tmp_path / "w"
    working.mkdir()
    app = still_app("yukon", folder=working)
    async with app.run_test(size=(80, 24)) as pilot:
        await run_lines(pilot, "LD", "P")
        for line in ("S ../x", "S ~/x"):  # absolute paths: tests/storage/test_served_files.py
            await run_lines(pilot, line)
            assert message(app) == ("In a served tab, files stay in one folder: give a plain "
                                    "file name like game.json (no /, ~ or ..)."), line
        await run_lines(pilot, "S game.json")
        assert message(app) == "OK"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["w"]
    assert list(working.iterdir()) == []
    assert (tableau_home / "files" / "game.json").is_file()
