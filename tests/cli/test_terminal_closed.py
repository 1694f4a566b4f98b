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


def _drain(fd: int) -> None:
    """Read what the app drew, so it never blocks on a full terminal."""
    try:
        while select.select([fd], [], [], 0)[0] and os.read(fd, 65536):
            pass
    except OSError:
        pass


def _wait_for(fd: int, predicate: Callable[[], bool], seconds: float) -> bool:
    """Wait (reading the terminal meanwhile) until ``predicate`` holds."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        _drain(fd)
        if predicate():
            return True
        time.sleep(0.1)
    return False


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
        [sys.executable, "-m", "tableau", "yukon", "--seed", str(SEED)],
        stdin=slave, stdout=slave, stderr=slave, env=environment, cwd=tableau_home,
        start_new_session=True,
    )
    os.close(slave)
    database = tableau_home / "tableau.db"
    try:
        assert _wait_for(master, database.exists, 30), "the app made no database"
        _wait_for(master, lambda: False, 2.0)  # the first frame: the board takes keys
        os.write(master, b":")
        _wait_for(master, lambda: False, 0.5)
        os.write(master, move.encode() + b"\r")
        assert _wait_for(master, lambda: _autosave(database) == (1, SEED), 20), (
            f"the move {move} was not autosaved")
        os.killpg(app.pid, signal.SIGHUP)
        app.wait(timeout=20)
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        os.close(master)
    assert app.returncode != 0  # it was hung up on, not quit
    assert _autosave(database) == (1, SEED)
