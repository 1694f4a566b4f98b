"""Issue 27 C15: line-mode Pesten at a table of several humans clears the screen and its
scrollback after a hand on every way out of a turn: the hand-over, the end of the input and
Ctrl-C (exit status 130). Nothing of the hand may stay on the terminal for the next person."""

from __future__ import annotations

import io
import sys

import pytest
from plain_games import Interrupted

from tableau.cli import main as tableau
from tableau.cli import pesten as pesten_cli
from tableau.storage.passwords import PasswordScheme

CLEAR = "\x1b[H\x1b[2J\x1b[3J"
"""Cursor home, clear the screen, clear the scrollback."""
TABLE = ["pesten", "--plain", "--seed", "8", "--players", "3", "--cpu", "careful"]
"""Anna and Bram at the terminal, Cor a CPU; Bram begins on seed 8."""
SEATED = "\n\n\n\n"
"""Anna and Bram take the default names and no password."""
BRAM_TAKES_THE_TERMINAL = "\n"


@pytest.fixture(autouse=True)
def cheap_passwords(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pesten_cli, "PasswordScheme", lambda: PasswordScheme(cheap=True))


def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        stdin: io.StringIO) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", stdin)
    code = tableau(TABLE)
    return code, capsys.readouterr().out


def after_the_last_hand(out: str) -> str:
    """What the terminal got after the last hand was written."""
    assert "Bram's hand (" in out  # a hand was shown
    return out[out.rindex("Bram's hand ("):]


@pytest.mark.parametrize(
    "answers",
    [
        pytest.param(SEATED + BRAM_TAKES_THE_TERMINAL, id="at-the-move-prompt"),
        pytest.param(SEATED + BRAM_TAKES_THE_TERMINAL + "1\n", id="at-the-hand-over-prompt"),
        pytest.param(SEATED + BRAM_TAKES_THE_TERMINAL + "help\n", id="after-help"),
    ],
)
def test_the_end_of_the_input_clears_the_hand_off_the_terminal(
    answers: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run(monkeypatch, capsys, io.StringIO(answers))
    assert code == 0
    assert CLEAR in after_the_last_hand(out)
    assert out.endswith(CLEAR)  # nothing is written after the clear


@pytest.mark.parametrize(
    "answers",
    [
        pytest.param(SEATED + BRAM_TAKES_THE_TERMINAL, id="at-the-move-prompt"),
        pytest.param(SEATED + BRAM_TAKES_THE_TERMINAL + "1\n", id="at-the-hand-over-prompt"),
    ],
)
def test_ctrl_c_clears_the_hand_off_the_terminal_and_exits_130(
    answers: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run(monkeypatch, capsys, Interrupted(answers))
    assert code == 130
    assert CLEAR in after_the_last_hand(out)


def test_stopping_before_any_hand_is_shown_clears_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """At the hand-over prompt nobody's hand is on the terminal: there is nothing to clear."""
    code, out = run(monkeypatch, capsys, io.StringIO(SEATED))
    assert code == 0
    assert "Pass the terminal to Bram." in out
    assert "'s hand (" not in out and CLEAR not in out
