"""The join form as a new user meets it (issue 30): the cursor starts where they type next,
the hints read as hints, and a fast burst of keys (a paste, tmux's send-keys) lands in order
in the fields the focus visibly moves through, Tabs and Enters included."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import pytest
import test_shared_table_ui as shared_ui
import textual.constants
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input
from ui_helpers import screen_text

from tableau.storage.home import database_path
from tableau.storage.table_store import TableStore
from tableau.tables.shared_table import SharedTable
from tableau.ui.app import TableauApp
from tableau.ui.scenes import still_app
from tableau.ui.screens.pesten_shared import RemoteSeatScreen
from tableau.ui.screens.table_join import JoinScreen

anna = shared_ui.anna
"""The fixture: a table of two, Anna at seat 1 (sat down through the API), seat 2 open."""
until = shared_ui.until
PASSWORD = "joinpw7733"


def burst(app: TableauApp, *keys: str) -> None:
    """Keys as a terminal delivers a fast burst: all read before any of them is handled."""
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


def field(app: TableauApp, name: str) -> Input:
    return app.screen.query_one(f"#{name}", Input)


async def seated_as(pilot: Pilot[Any], anna: SharedTable) -> str:
    """The name the table knows the friend by, once the table screen shows."""
    await until(pilot, lambda: isinstance(pilot.app.screen, RemoteSeatScreen)
                and "'s hand — 7 cards" in screen_text(pilot.app), "the table")
    anna.refresh()
    return anna.session.chairs[1].name


async def test_with_the_code_given_the_cursor_is_in_the_name_and_a_burst_keeps_its_tabs(
        anna: SharedTable) -> None:
    app = still_app(first_screen=partial(JoinScreen, anna.code))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.focused is field(app, "name")
        assert field(app, "name").placeholder == "your name"  # a hint, not a seat's name
        assert field(app, "password").placeholder == "to come back later"
        burst(app, *"Bea", "tab", *"tulip42", "tab", *"tulip42", "enter")
        assert await seated_as(pilot, anna) == "Bea"


async def test_without_a_code_the_cursor_is_in_the_code_and_enters_move_on_in_order(
        anna: SharedTable) -> None:
    app = still_app(first_screen=JoinScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.focused is field(app, "code")
        burst(app, *anna.code, "enter")
        await until(pilot, lambda: app.focused is field(app, "name"), "the name's cursor")
        burst(app, *"Bea", "enter", *"tulip42", "enter", *"tulip42", "enter")
        assert await seated_as(pilot, anna) == "Bea"


async def test_coming_back_the_cursor_is_in_the_password_which_says_what_it_is_for(
        anna: SharedTable) -> None:
    store = TableStore(database_path())
    bea = SharedTable.join(store, anna.code)
    assert bea.sit(1, "Bea", "tulip42").ok
    bea.leave()
    store.close()
    app = still_app(first_screen=partial(JoinScreen, anna.code))
    async with app.run_test(size=(80, 24)) as pilot:
        password = field(app, "password")
        await until(pilot, lambda: app.focused is password, "the password's cursor")
        assert password.placeholder == "this seat's password"
        await until(pilot, lambda: "Anna's password takes the seat back." in screen_text(app),
                    "the come-back form")
        await pilot.press("shift+tab", "down", "enter")  # Bea's seat, the second
        await until(pilot, lambda: "Bea's password takes the seat back." in screen_text(app)
                    and app.focused is password, "Bea's come-back form")
        burst(app, *"tulip42", "enter")
        assert await seated_as(pilot, anna) == "Bea"


async def test_the_join_forms_password_never_reaches_the_debug_log(
        anna: SharedTable, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`TEXTUAL_LOG=x.log tableau join CODE`: the seat is taken and the log is written, but
    the password typed (twice) is nowhere in it, not even as the sitting worker's argument."""
    log = tmp_path / "textual.log"
    monkeypatch.setattr(textual.constants, "LOG_FILE", str(log))
    app = still_app(first_screen=partial(JoinScreen, anna.code))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        burst(app, *"Bea", "tab", *PASSWORD, "tab", *PASSWORD, "enter")
        assert await seated_as(pilot, anna) == "Bea"
    text = log.read_text(encoding="utf-8")
    assert "_take_seat" in text  # the worker was logged
    assert PASSWORD not in text
