"""Playing a line mode in this process, for the tests of tableau.cli's --plain modes.
(Named plain_games, not helpers: test folders have no __init__.)"""

from __future__ import annotations

import io
import sys

import pytest

from tableau.cli import main as tableau


def play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str],
         stdin: io.TextIOBase | str) -> tuple[int, str, str]:
    """``tableau ARGV`` with this input (text, or a stream): (status, stdout, stderr)."""
    stream = io.StringIO(stdin) if isinstance(stdin, str) else stdin
    monkeypatch.setattr(sys, "stdin", stream)
    code = tableau(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


class Interrupted(io.StringIO):
    """Input that is cut by Ctrl-C once its lines are read."""

    def readline(self, size: int | None = -1) -> str:
        line = super().readline(-1 if size is None else size)
        if not line:
            raise KeyboardInterrupt
        return line
