"""Pesten passwords stay in their masked field: no clipboard, no log, no message, no memory.

The passwords here are drawn at random when a test runs and kept as code points, never as one
string, so the searches below cannot find the test's own copy.
"""

from __future__ import annotations

import gc
import re
import secrets
import string
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import textual.constants
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input
from textual.widgets import Static
from ui_helpers import click
from ui_helpers import press
from ui_helpers import until

from tableau.ui.app import TableauApp
from tableau.ui.scenes.pesten import quick_scheme
from tableau.ui.screens.pesten import PestenScreen

MakeApp = Callable[..., TableauApp]
SIZE = (80, 24)

Password = tuple[int, ...]
"""A password as code points: the test never holds it as a string."""


def new_password() -> Password:
    """Twelve random letters and digits (each one a key of its own for Pilot)."""
    return tuple(ord(secrets.choice(string.ascii_lowercase + string.digits)) for _ in range(12))


def keys(password: Password) -> list[str]:
    return [chr(code) for code in password]


def spelled_in(text: str, password: Password) -> bool:
    """Whether ``text`` holds the password (built here only for this one search)."""
    return "".join(keys(password)) in text


async def type_into(pilot: Pilot[Any], selector: str, password: Password) -> None:
    await pilot.click(selector)
    await press(pilot, *keys(password))


async def set_password(pilot: Pilot[Any], seat: int, password: Password) -> None:
    """Type the password twice for a seat of the set-up, with Enter after each."""
    await type_into(pilot, f"#password-{seat}", password)
    await press(pilot, "enter", *keys(password), "enter")


async def paste_password(pilot: Pilot[Any], seat: int, password: Password) -> None:
    """As ``set_password``, the password pasted (as a terminal pastes) instead of typed:
    what the set-up answers is the same, without a refresh for every key."""
    await pilot.click(f"#password-{seat}")
    for _ in range(2):
        pilot.app.post_message(events.Paste("".join(keys(password))))
        await press(pilot, "enter")
    await pilot.app.workers.wait_for_complete()  # the hash, off the event loop
    await pilot.pause()


def problem(app: TableauApp, seat: int) -> str:
    return str(app.screen.query_one(f"#problem-{seat}", Static).render())


def status(app: TableauApp, seat: int) -> str:
    return str(app.screen.query_one(f"#status-{seat}", Static).render())


def setup_app(make_app: MakeApp) -> TableauApp:
    return make_app("pesten", passwords=quick_scheme(), seed=3)


async def start_table(pilot: Pilot[Any], anna: Password, bram: Password) -> PestenScreen:
    """Anna (typing) and Bram (pasting) lock their seats (Cor is a CPU) and the round is
    dealt: Bram begins."""
    await set_password(pilot, 0, anna)
    await paste_password(pilot, 1, bram)
    await press(pilot, "ctrl+s")
    await pilot.app.workers.wait_for_complete()  # passwords hash in a worker: Start waits
    await until(pilot, lambda: isinstance(pilot.app.screen, PestenScreen), "the table")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, PestenScreen)
    session = screen.session
    assert screen.mode == "lock" and session.seats[session.state.current].name == "Bram"
    return screen


class Clipboard:
    """Everything that reaches a clipboard: the app's copies and OSC 52 sequences written to
    the terminal."""

    def __init__(self, app: TableauApp, monkeypatch: pytest.MonkeyPatch) -> None:
        self.copied: list[str] = []
        self.written: list[str] = []
        copy = app.copy_to_clipboard
        write = app._driver.write  # type: ignore[union-attr]

        def copying(text: str) -> None:
            self.copied.append(text)
            copy(text)

        def writing(data: str) -> None:
            self.written.append(data)
            write(data)

        monkeypatch.setattr(app, "copy_to_clipboard", copying)
        monkeypatch.setattr(app._driver, "write", writing)

    @property
    def osc52(self) -> list[str]:
        return [data for data in self.written if "\x1b]52;" in data]


# ------------------------------------------------------------------ issue 11 item 1


SELECT_AND_TAKE = (("shift+home", "ctrl+c"), ("ctrl+shift+a", "ctrl+c"),
                   ("shift+home", "ctrl+x"), ("ctrl+shift+a", "super+c"))
"""Every way to select the field's text and copy or cut it."""


async def test_a_set_up_password_cannot_be_copied_cut_or_pasted_elsewhere(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each way of SELECT_AND_TAKE in turn: nothing reaches the clipboard (the app's nor an
    OSC 52 sequence), the field keeps what was put in, and a paste elsewhere adds nothing.
    The lock's own field: ``test_the_unlock_field_cannot_be_copied_and_no_password_...``."""
    password = new_password()
    app = setup_app(make_app)
    async with app.run_test(size=SIZE) as pilot:
        clipboard = Clipboard(app, monkeypatch)
        await pilot.click("#password-0")
        app.post_message(events.Paste("".join(keys(password))))  # as a terminal pastes
        await pilot.pause()
        field = app.screen.query_one("#password-0", Input)
        for select_and_take in SELECT_AND_TAKE:
            await pilot.click("#password-0")
            await press(pilot, *select_and_take)
            assert (select_and_take, clipboard.copied, clipboard.osc52) == (
                select_and_take, [], [])
            assert not spelled_in(app.clipboard, password)
            # Nothing was lost either: the field still holds what was put in.
            assert spelled_in(field.value, password), select_and_take
        name = app.screen.query_one("#name-2", Input)
        await pilot.click("#name-2")
        await press(pilot, "end", "ctrl+v")
        assert name.value == "Cor"


# ------------------------------------------------------------------ issue 11 item 3


async def test_the_set_up_never_tells_that_another_seat_has_the_typed_password(
    make_app: MakeApp,
) -> None:
    """Issue 27 C13: a guess at another seat's password is answered exactly as any other
    password, so the set-up is no oracle (the lock screen, with its wait, is the only one).
    Also: a seat may type its own password again."""
    shared, other = new_password(), new_password()
    app = setup_app(make_app)
    async with app.run_test(size=SIZE) as pilot:
        await paste_password(pilot, 0, shared)
        await paste_password(pilot, 1, other)
        answer_to_another = (problem(app, 1), status(app, 1))
        await paste_password(pilot, 1, shared)  # Bram's guess at Anna's password
        assert (problem(app, 1), status(app, 1)) == answer_to_another == ("", "✓ locked")
        assert "password" not in str(app.screen.query_one("#setup-message").render()).lower()
        # A seat may type its own password again.
        await paste_password(pilot, 0, shared)
        assert (problem(app, 0), status(app, 0)) == ("", "✓ locked")
        await press(pilot, "ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, PestenScreen), "the table")


# ------------------------------------------------------------------ issue 11 item 5


TEXT = (str, bytes, bytearray)
"""The kinds of object a password could be spelled in."""


def _spells(candidate: object, password: Password) -> bool:
    if type(candidate) is str:
        return len(candidate) == len(password) and tuple(map(ord, candidate)) == password
    if type(candidate) in (bytes, bytearray):
        return tuple(candidate) == password  # type: ignore[arg-type]
    return False


def kept_in_memory(*passwords: Password) -> list[int]:
    """Which of the passwords (their places in ``passwords``) a live object refers to, as
    text or as its UTF-8 bytes: one search of the heap for them all.

    Strings are not tracked by the garbage collector, so look at what every tracked object
    refers to, and inside the tuples and dicts the collector stopped tracking.
    """
    gc.collect()
    found: set[int] = set()
    lengths = {len(password) for password in passwords}  # a quick no for most text
    for holder in gc.get_objects():
        pending = list(gc.get_referents(holder))
        while pending:
            referent = pending.pop()
            kind = type(referent)
            if kind in TEXT:
                if len(referent) in lengths:
                    found.update(place for place, password in enumerate(passwords)
                                 if _spells(referent, password))
            elif kind in (tuple, dict) and not gc.is_tracked(referent):
                pending.extend(gc.get_referents(referent))
    return sorted(found)


async def test_the_unlock_field_cannot_be_copied_no_password_reaches_the_debug_log_or_memory(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """With the debug log on: set-up passwords (one typed, one pasted), a wrong one pasted
    into the lock, and the right one typed there, which no way of selecting and copying or
    cutting takes out of the field (nothing reaches the clipboard), never reach the log;
    and once the lock is open, no password stays in memory (the search finds the one in
    the field while it is there, and only that one)."""
    # TEXTUAL_LOG is read into textual.constants.LOG_FILE when textual is imported, and the
    # logger looks it up on every call: this is what `TEXTUAL_LOG=x.log tableau pesten` does.
    log = tmp_path / "textual.log"
    monkeypatch.setattr(textual.constants, "LOG_FILE", str(log))
    anna, bram, wrong = new_password(), new_password(), new_password()
    app = setup_app(make_app)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_table(pilot, anna, bram)
        await click(pilot, "#unlock")
        app.post_message(events.Paste("".join(keys(wrong))))  # as a terminal pastes
        await pilot.press("enter")
        await until(pilot, lambda: "Wrong password" in str(
            screen.query_one("#message", Static).render()), "Wrong password")
        clipboard = Clipboard(app, monkeypatch)
        await type_into(pilot, "#unlock", bram)
        await press(pilot, "shift+home", "ctrl+c", "ctrl+shift+a", "ctrl+x")
        assert clipboard.copied == [] and clipboard.osc52 == []
        assert not spelled_in(app.clipboard, bram)
        assert kept_in_memory(anna, bram, wrong) == [1]  # Bram's, in the field
        await pilot.press("enter")  # the field still holds Bram's password: it opens
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.session.revealed == 1
        assert kept_in_memory(anna, bram, wrong) == []
    text = log.read_text(encoding="utf-8")
    assert "#unlock" in text or "unlock" in text  # the log was written during the flow
    typed_keys = "".join(re.findall(r"character='(.)'", text))
    for password in (anna, bram, wrong):
        assert not spelled_in(text, password)
        assert not spelled_in(typed_keys, password)
