"""`tableau yukon --plain` for a newcomer (issue 28, item 3): the README's example works as
written, the first message says how to deal, QQ is explained during a game, and the win is
announced in words (for screen readers)."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

from tableau.ai.yukon import solve
from tableau.cli.yukon import main
from tableau.engines.yukon import numbered_game

README = Path(__file__).resolve().parents[2] / "README.md"


def plain(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
          lines: list[str], *options: str) -> list[str]:
    """The Message lines line mode prints, the first one before any command."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    assert main(["--plain", *options]) == 0
    return re.findall(r"^Message: (.*)$", capsys.readouterr().out, re.MULTILINE)


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def test_the_first_message_says_how_to_deal_the_game_as_the_tui_does(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    messages = plain(monkeypatch, capsys, [], "--seed", "42")
    assert messages == ["Type LD, SR, then P to deal game 42."]


def test_the_readmes_line_mode_example_is_accepted_as_written(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    row = next(line for line in README.read_text().splitlines()
               if line.startswith("| Yukon | `tableau yukon --plain"))
    _game, how, typed = row.strip("|").split(" | ")
    options = how.strip("`").split()[3:]  # after "tableau yukon --plain"
    commands = re.findall(r"`([^`]+)`", typed)
    assert commands[:3] == ["LD", "SR", "P"]
    messages = plain(monkeypatch, capsys, commands, *options)
    # LD, SR, P and the move are accepted; Q ends the deal and QQ then quits.
    assert messages[1:] == ["OK"] * len(commands)


def test_qq_during_a_game_says_to_type_q_first(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    messages = plain(monkeypatch, capsys, ["LD", "SR", "P", "QQ", "Q", "QQ"], "--seed", "42")
    assert "type Q to end the deal, then QQ to quit" in messages[4]
    assert messages[5:] == ["OK", "OK"]


def test_the_winning_move_is_announced_in_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = [str(move) for move in solve(numbered_game(2), seconds=30).moves]
    assert moves
    messages = plain(monkeypatch, capsys, ["LD", "SR", "P", *moves], "--seed", "2")
    assert messages[-1] == f"All 52 cards are home: you won in {len(moves)} moves."
    assert messages[-2] == "OK"
