"""Closing the terminal keeps the game: tableau runs in a real pseudo-terminal, a move is
typed, then the terminal hangs up (SIGHUP, as when its window is closed). The move is in
tableau.db's autosave, ready for "Continue"."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tableau.engines import yukon
from tableau.storage.store import Store

SEED = 24611
WAIT = 300.0
"""The most seconds any one thing may take: a start, a key's answer, a write, the hang-up (a
machine fifty times slower than usual takes over a minute to start the app)."""
AS_A_TERMINAL_STARTS_IT = (
    "import runpy, signal; signal.signal(signal.SIGHUP, signal.SIG_DFL); "
    "runpy.run_module('tableau', run_name='__main__', alter_sys=True)"
)
"""`python -m tableau`, with the hang-up signal at its default, as a shell in a terminal starts
a program: a test run started under `nohup` would hand on "ignore the hang-up" instead."""


class _Terminal:
    """The far end of the app's pseudo-terminal: what it drew so far, read as it comes so the
    app never blocks on a full terminal."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.drawn = bytearray()

    def drain(self) -> None:
        try:
            while select.select([self.fd], [], [], 0)[0]:
                chunk = os.read(self.fd, 65536)
                if not chunk:
                    return
                self.drawn += chunk
        except OSError:
            pass

    def wait_for(self, predicate: Callable[[], bool], seconds: float) -> bool:
        """Wait (reading the terminal meanwhile) until ``predicate`` holds."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.drain()
            if predicate():
                return True
            time.sleep(0.1)
        return False

    def wait_to_see(self, text: str, seconds: float, since: int = 0) -> bool:
        """Wait until the app draws ``text`` (after the first ``since`` bytes it drew)."""
        return self.wait_for(lambda: text.encode() in self.drawn[since:], seconds)


def _autosave(database: Path) -> tuple[int, int | None] | None:
    """(moves, seed) of the Yukon autosave, or None."""
    store = Store(database)
    record = store.saved("yukon")
    store.close()
    return None if record is None else (record.moves, record.seed)


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_a_move_survives_the_terminal_being_closed(tableau_home: Path) -> None:
    move = str(yukon.legal_moves(yukon.numbered_game(SEED))[0])
    master, slave = pty.openpty()
    os.set_blocking(master, False)
    environment = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "120", "LINES": "40"}
    app = subprocess.Popen(
        [sys.executable, "-c", AS_A_TERMINAL_STARTS_IT, "yukon", "--seed", str(SEED)],
        stdin=slave, stdout=slave, stderr=slave, env=environment, cwd=tableau_home,
        start_new_session=True,
    )
    os.close(slave)
    database = tableau_home / "tableau.db"
    terminal = _Terminal(master)
    # A loaded machine can take many seconds to start the app, so the test waits for what a
    # player would see (the board, then the input taking focus), never for a fixed time.
    try:
        assert terminal.wait_to_see("Phase PLAY", WAIT), "the app drew no board"
        assert terminal.wait_for(database.exists, WAIT), "the app made no database"
        drawn_before_the_key = len(terminal.drawn)
        os.write(master, b":")
        assert terminal.wait_to_see("Back to table", WAIT, since=drawn_before_the_key), (
            "the command line did not take the keys")
        os.write(master, move.encode() + b"\r")
        assert terminal.wait_for(lambda: _autosave(database) == (1, SEED), WAIT), (
            f"the move {move} was not autosaved")
        os.killpg(app.pid, signal.SIGHUP)
        app.wait(timeout=WAIT)
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        os.close(master)
    assert app.returncode != 0  # it was hung up on, not quit
    assert _autosave(database) == (1, SEED)


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_a_terminal_closed_without_a_hang_up_ends_tableau(tableau_home: Path) -> None:
    """When `make play` leads the terminal's session, closing the terminal hangs up on make,
    which does not pass the signal on: tableau sees only that its terminal is gone. It must
    end, not read an endless end of input at full speed for ever."""
    master, slave = pty.openpty()
    os.set_blocking(master, False)
    environment = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    app = subprocess.Popen(
        [sys.executable, "-c", AS_A_TERMINAL_STARTS_IT], stdin=slave, stdout=slave,
        stderr=slave, env=environment, cwd=tableau_home, start_new_session=True,
    )
    os.close(slave)
    terminal = _Terminal(master)
    try:
        assert terminal.wait_to_see("Choose a game", WAIT), "the app drew no menu"
        os.close(master)  # the window closes; no signal is sent
        app.wait(timeout=WAIT)
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
    assert app.returncode == 1
