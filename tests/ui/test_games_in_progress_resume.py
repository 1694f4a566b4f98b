"""Games in progress, each with its own identity, through the app (issue 27, A1-A4): a game
started from the shell never replaces one in progress, two tableaus on one home keep both
games, a game open in another tableau is not continued here, an old database's games are
resumed after its migration, and a locked database does not hold up a move."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import ListView
from ui_helpers import NotedApp
from ui_helpers import press
from ui_helpers import type_lines
from ui_helpers import until
from ui_helpers import yukon_screen

from tableau.sessions.gofish import YOU
from tableau.sessions.gofish import against_cpus
from tableau.sessions.yukon import YukonSession
from tableau.storage.home import database_path
from tableau.storage.store import HELD_ELSEWHERE
from tableau.storage.store import MIGRATIONS
from tableau.storage.store import GameRecord
from tableau.storage.store import Store
from tableau.storage.store import new_id
from tableau.ui.screens import menu as menu_module
from tableau.ui.screens.gofish import GoFishScreen
from tableau.ui.screens.menu import OPEN_ELSEWHERE
from tableau.ui.screens.menu import ContinueItem
from tableau.ui.screens.menu import MenuScreen
from tableau.ui.screens.yukon import YukonScreen

WALL = 1_700_000_000.0
"""When the games of a test's other tableau began."""


@asynccontextmanager
async def tableau(folder: Path, start: str | None = None, **options: Any
                  ) -> AsyncIterator[tuple[NotedApp, Pilot[Any]]]:
    """tableau as the shell starts it (``tableau yukon --seed 5``), on the test's home; it
    quits (as ctrl+q's exit does) when the block ends."""
    app = NotedApp(start, cpu_delay=0.0, cursor_blink=False, animations=False, folder=folder,
                   persist=True, **options)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        yield app, pilot


async def one_yukon_move(pilot: Pilot[Any]) -> None:
    screen = yukon_screen(pilot.app)  # type: ignore[arg-type]
    await type_lines(pilot, str(screen.view.legal[0]))
    assert screen.session.message == "OK"


def yukon_in_progress(seed: int) -> GameRecord:
    """The autosave ``tableau yukon --seed SEED`` writes after one move, written straight to
    the store (the save a yukon screen writes is built the same way: tests/ui/test_store_*
    and the session tests hold its format)."""
    session = YukonSession.numbered(seed, "spec", Path("."))
    session.run(str(session.view().legal[0]))
    assert session.message == "OK" and session.state.moves == 1
    record = GameRecord("yukon", "spec", seed, {"rules": "spec"}, WALL, 1, session.seconds(),
                        label=f"seed {seed}", data=session.to_json(), at=WALL, id=new_id())
    store = Store(database_path())
    store.save(record)
    assert store.flush()
    store.close()
    return record


def continue_entries(app: NotedApp) -> list[ContinueItem]:
    assert isinstance(app.screen, MenuScreen)
    return [item for item in app.screen.query_one(ListView).children
            if isinstance(item, ContinueItem)]


async def resume(pilot: Pilot[Any], app: NotedApp, number: int) -> None:
    """Choose the ``number``-th Continue entry (0: the newest)."""
    app.screen.query_one(ListView).index = number
    await press(pilot, "enter")


async def test_a_game_started_from_the_shell_never_replaces_one_in_progress(
    tmp_path: Path,
) -> None:
    yukon_in_progress(5)  # tableau yukon --seed 5 left after a move
    # tableau yukon --seed 7, a move, q, quit
    async with tableau(tmp_path, "yukon", seed=7, deal=True) as (_app, pilot):
        await one_yukon_move(pilot)
        await press(pilot, "escape", "q")  # the app then quits, as after ctrl+q
    async with tableau(tmp_path, "yukon") as (app, pilot):  # plain tableau yukon
        await type_lines(pilot, "LD", "SR", "P")
        await one_yukon_move(pilot)
        await press(pilot, "escape", "q")
        texts = [item.text for item in continue_entries(app)]
        assert len(texts) == 3
        assert "seed 7 · 1 move" in texts[1] and "seed 5 · 1 move" in texts[2]
        assert app.runtime.store.finished() == []  # nothing thrown away, nothing counted
        await resume(pilot, app, 2)  # exactly that one, by its id
        screen = yukon_screen(app)
        assert (screen.start_seed, screen.view.moves) == (5, 1)


def go_fish_in_progress(seed: int) -> int:
    """The autosave ``tableau gofish --cpus 1`` writes after your first ask, written straight
    to the store as the Go Fish screen builds it; the session's seed."""
    session = against_cpus(1, "pro", seed)
    session.act(YOU, session.moves(YOU)[0])
    assert session.at_stake()
    store = Store(database_path())
    store.save(GameRecord("gofish", "pro", session.seed, {"cpus": 1, "level": "pro"}, WALL,
                          1, 5.0, label="1 CPU · pro", details={"books": 0},
                          data=session.to_json(), at=WALL, id=new_id()))
    assert store.flush()
    store.close()
    return session.seed


async def test_go_fish_from_the_shell_keeps_the_saved_go_fish_game(tmp_path: Path) -> None:
    """A Go Fish game in progress (kept as the screen keeps it), then ``tableau gofish`` from
    the shell and an ask: both are kept, and the first one resumes."""
    kept = go_fish_in_progress(6)
    async with tableau(tmp_path, "gofish", seed=8, cpus=1) as (app, pilot):
        screen = app.screen
        assert isinstance(screen, GoFishScreen)
        await press(pilot, "enter")  # ask: the game is under way
        assert screen.session.at_stake() and screen.session.seed != kept
        await press(pilot, "q")
    async with tableau(tmp_path) as (app, pilot):
        assert [item.text.startswith("Continue Go Fish") for item in continue_entries(app)] == [
            True, True]
        await resume(pilot, app, 1)
        screen = app.screen
        assert isinstance(screen, GoFishScreen) and screen.session.seed == kept


async def test_two_tableaus_on_one_home_keep_both_games(tmp_path: Path) -> None:
    other = Store(database_path())  # terminal B's tableau, playing at the same time
    other_game = new_id()
    async with tableau(tmp_path, "yukon", seed=44, deal=True) as (app, pilot):
        for moves in range(1, 4):  # each makes three moves in turn
            await one_yukon_move(pilot)
            other.save(GameRecord("yukon", "spec", 45, {"rules": "spec"}, WALL, moves, 1.0,
                                  label="seed 45", data={"moves": moves}, id=other_game))
    other.close()
    async with tableau(tmp_path) as (app, _pilot):
        labels = sorted(saved.label for saved in app.runtime.store.saves()[0])
        assert labels == ["seed 44", "seed 45"]
        assert [item.text.split(" · ")[2] for item in continue_entries(app)] == [
            "3 moves", "3 moves"]


async def test_a_game_open_in_another_tableau_is_not_continued_here_until_closed_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(menu_module, "RELIST_EVERY", 0.05)  # the menu's look, made quick
    yukon_in_progress(44)
    elsewhere = Store(database_path())  # another tableau continues it, and is still open
    (saved,) = elsewhere.saves()[0]
    elsewhere.claim(saved.id)
    try:
        async with tableau(tmp_path) as (app, pilot):
            (entry,) = continue_entries(app)
            assert entry.text.endswith(OPEN_ELSEWHERE)
            await press(pilot, "enter")
            assert isinstance(app.screen, MenuScreen) and app.said == [HELD_ELSEWHERE]
            await press(pilot, "down")  # the player looks further down meanwhile
            games = app.screen.query_one(ListView)
            looked_at = games.highlighted_child
            assert not isinstance(looked_at, ContinueItem)
            elsewhere.close()  # the other tableau quits: the menu here sees it by itself
            await until(pilot, lambda: [item.text.endswith(OPEN_ELSEWHERE) for item in
                                        continue_entries(app)] == [False]
                        and games.highlighted_child is not None, "it is not any more")
            highlighted = games.highlighted_child
            assert highlighted is not looked_at and highlighted is not None  # a new list
            assert (type(highlighted), highlighted.key) == (type(looked_at), looked_at.key)
            await press(pilot, "up", "enter")
            assert isinstance(app.screen, YukonScreen)
    finally:
        elsewhere.close()


# ---------------------------------------------------------------------- an older database

def old_database(version: int, rows: list[GameRecord]) -> None:
    """tableau.db as tableau of schema ``version`` left it, one autosave per kind."""
    path = database_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path, isolation_level=None)
    for statements in MIGRATIONS[:version]:
        for statement in statements:
            connection.execute(statement)
    connection.execute(f"PRAGMA user_version = {version}")
    label = ", label" if version >= 2 else ""
    for row in rows:
        connection.execute(
            "INSERT INTO autosaves (game, variant, seed, config, started, moves, duration, "
            f"saved, data{label}) VALUES (?, ?, ?, '{{}}', ?, ?, ?, ?, ?{', ?' if label else ''})",
            (row.game, row.variant, row.seed, row.started, row.moves, row.duration, row.at,
             json_text(row.data), *((row.label,) if label else ())))
    connection.close()


def json_text(data: object) -> str:
    import json

    return json.dumps(data)


def fresh_old_database(version: int, made: GameRecord) -> None:
    database = database_path()
    for path in (database, *(database.with_name(database.name + tail)
                             for tail in ("-wal", "-shm", "-journal"))):
        path.unlink(missing_ok=True)  # nothing left of the last round's database
    old_database(version, [made])


async def test_the_games_of_an_older_database_are_resumed_after_its_migration(
    tmp_path: Path,
) -> None:
    """From each earlier schema version (1, 2 and 3) in turn: a database that version left,
    holding the autosave made once here, is migrated and its game read back and played on
    (through the store and the session); from the oldest, version 1, the app shows it in
    the menu, resumes it and plays on."""
    yukon_in_progress(44)
    made_here = Store(database_path())
    (made,) = made_here.saves(with_data=True)[0]
    made_here.close()
    for version in (3, 2):
        fresh_old_database(version, made)
        store = Store(database_path())
        (saved,) = store.saves(with_data=True)[0]
        assert (saved.game, saved.seed, saved.moves) == ("yukon", 44, 1), version
        assert saved.data is not None
        session = YukonSession.from_json(saved.data)
        assert session.state.moves == 1, version
        session.run(str(session.view().legal[0]))
        assert session.message == "OK", version
        store.save(replace(saved, moves=2, data=session.to_json()))
        assert [again.moves for again in store.saves()[0]] == [2], version
        store.close()
    fresh_old_database(1, made)
    async with tableau(tmp_path) as (app, pilot):
        (entry,) = continue_entries(app)
        assert entry.text.startswith("Continue Yukon")
        await press(pilot, "enter")
        screen = yukon_screen(app)
        assert (screen.start_seed, screen.view.moves) == (44, 1)
        await one_yukon_move(pilot)
        await press(pilot, "escape", "q")
        assert [item.text.split(" · ")[2] for item in continue_entries(app)] == ["2 moves"]


# ---------------------------------------------------------------------- a locked database

async def test_a_locked_database_does_not_hold_up_a_move(tmp_path: Path) -> None:
    """Another program holds BEGIN EXCLUSIVE on tableau.db: the move shows while the lock is
    still held (had the save run on the event loop, the screen would wait for the lock, held
    here until the test lets it go, or for the 5 s busy timeout). The lock is held on the
    test's word, not for a time, so a slow machine cannot let it go early."""
    locked, release = threading.Event(), threading.Event()

    def hold_the_lock() -> None:
        connection = sqlite3.connect(database_path(), isolation_level=None)
        connection.execute("BEGIN EXCLUSIVE")
        locked.set()
        release.wait()
        connection.execute("COMMIT")
        connection.close()

    async with tableau(tmp_path, "yukon", seed=44, deal=True) as (app, pilot):
        await one_yukon_move(pilot)  # the game's row exists
        assert app.runtime.store.flush()
        holder = threading.Thread(target=hold_the_lock)
        holder.start()
        try:
            assert locked.wait(60)
            screen = yukon_screen(app)
            move = str(screen.view.legal[0])
            await type_lines(pilot, move)
            await pilot.pause()
            shown = screen.view.moves
            held_meanwhile = holder.is_alive()
        finally:
            release.set()
            holder.join()
        assert (shown, held_meanwhile) == (2, True)
        assert app.runtime.store.flush()
    assert Store(database_path()).saved("yukon").moves == 2  # type: ignore[union-attr]


async def test_a_game_left_for_the_menu_can_be_continued_by_another_tableau(
    tmp_path: Path,
) -> None:
    async with tableau(tmp_path, "yukon", seed=44, deal=True) as (app, pilot):
        await one_yukon_move(pilot)
        other = Store(database_path())
        assert app.runtime.store.flush()
        assert [saved.held for saved in other.saves()[0]] == [True]  # open here
        await press(pilot, "escape", "q")
        assert app.runtime.store.flush()
        (saved,) = other.saves()[0]
        assert not saved.held
        other.claim(saved.id)  # the other tableau continues it now
        other.close()
