"""`tableau pesten --plain`: the hot seat in line mode, with the seed's regrets fixed: hashed
passwords that are not echoed, a hand only for its owner, a real clear between players."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest
from plain_games import play

import tableau.cli.pesten
from tableau.cli.pesten import main
from tableau.cli.pesten_text import CLEAR
from tableau.storage.passwords import PasswordScheme

SCRIPTS = Path(__file__).parent / "scripts"
TWO_PLAYERS = ["--seed", "8", "--players", "3", "--cpu", "careful"]
"""Anna and Bram at the terminal (passwords "apple pie" and "bram's secret"), Cor a CPU."""
SETUP = "\napple pie\napple pie\n\nbram's secret\nbram's secret\n"


@pytest.fixture(autouse=True)
def cheap_passwords(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Argon2id at its cheapest, and the waits after wrong passwords recorded, not slept."""
    waits: list[float] = []
    monkeypatch.setattr(tableau.cli.pesten, "PasswordScheme",
                        lambda: PasswordScheme(cheap=True))
    monkeypatch.setattr(tableau.cli.pesten.time, "sleep", waits.append)
    return waits


def plain(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], commands: str,
          *options: str) -> tuple[int, str, str]:
    return play(monkeypatch, capsys, ["pesten", "--plain", *options], commands)


def test_two_players_play_a_whole_round_from_the_command_file(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    commands = (SCRIPTS / "pesten_2p_seed8.txt").read_text()
    code, out, _ = plain(monkeypatch, capsys, commands, *TWO_PLAYERS)
    assert code == 0
    assert "Bram wins round 1!\nStandings (open match):" in out
    assert out.endswith("Deal the next round? (yes/no) > \nGame over.\n")
    assert out.count(CLEAR) > 5


def test_a_hand_is_shown_only_to_its_owner_after_their_password(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Between two clears only one hand is shown, after its owner's password."""
    commands = (SCRIPTS / "pesten_2p_seed8.txt").read_text()
    _, out, _ = plain(monkeypatch, capsys, commands, *TWO_PLAYERS)
    screens = out.split(CLEAR)
    for screen in screens:
        owners = set(re.findall(r"^(\w+)'s hand \(", screen, re.MULTILINE))
        assert len(owners) <= 1
        for owner in owners:
            assert screen.index(f"{owner}'s password > ") < screen.index(f"{owner}'s hand (")
    assert "apple pie" not in out and "bram's secret" not in out  # never echoed


def test_the_clear_also_clears_the_scrollback() -> None:
    assert CLEAR == "\x1b[H\x1b[2J\x1b[3J"


def test_a_wrong_password_keeps_the_hand_hidden_and_waits_longer_each_time(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    cheap_passwords: list[float],
) -> None:
    commands = SETUP + "guess\nbram\nbram's secret\n"  # Bram begins on seed 8
    _, out, _ = plain(monkeypatch, capsys, commands, *TWO_PLAYERS)
    assert out.count("Wrong password; the hand stays hidden.") == 2
    assert "Wait 1 s, then try again." in out
    assert cheap_passwords == [0.0, 1.0]
    shown = out.index("Bram's hand (")
    assert out.rindex("Wrong password") < shown


def test_passwords_are_typed_twice_and_another_seat_s_is_never_told(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    commands = ("Anna\nsecret\nsecrets\nsecret\nsecret\nanna\nBram\nsecret\nsecret\n"
                "other\nother\n")
    _, out, _ = plain(monkeypatch, capsys, commands, *TWO_PLAYERS)
    assert "The two passwords differ; type the password twice again." in out
    assert "Another seat is called anna; pick another name." in out
    assert "already has this password" not in out  # issue 27 C13: no oracle
    assert "Seat 3: Cor (CPU, careful)." in out
    assert "Pass the terminal to Bram." in out  # Bram begins after Anna's deal


def test_on_a_terminal_passwords_go_through_getpass(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    asked: list[str] = []

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    def getpass(prompt: str) -> str:
        asked.append(prompt)
        return "pw"

    monkeypatch.setattr(tableau.cli.pesten.getpass, "getpass", getpass)
    monkeypatch.setattr(sys, "stdin", Terminal("\n"))
    assert main(["--plain", "--seed", "5", "--players", "2", "--cpu", "careful"]) == 0
    out = capsys.readouterr().out
    assert asked == ["Anna's password (Enter for none) > ", "The same password again > ",
                     "Anna's password > "]
    assert "Anna's hand (" in out and "pw" not in out


def test_the_only_move_left_is_made_and_options_are_listed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    commands = (SCRIPTS / "pesten_2p_seed8.txt").read_text()
    _, out, _ = plain(monkeypatch, capsys, commands, *TWO_PLAYERS)
    assert "Your options:\n1. play " in out
    assert ": you draw a card." in out  # drawn for the player when nothing fits


def test_commands_junk_and_undo(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Bram (seat 2) begins on seed 8 and holds a playable card as option 1.
    commands = SETUP + "bram's secret\n\nhelp\n99\nlast\nQX\n1\nundo\n1\nfoo\n\n"
    code, out, _ = plain(monkeypatch, capsys, commands, *TWO_PLAYERS)
    assert code == 0
    assert "Commands on your turn:" in out
    assert "99 is not on the list; choose 1 to" in out
    assert 'Call "last card" with your play' in out
    assert "'QX' is not a card" in out
    assert "Play taken back: it is your turn again." in out
    assert "Press Enter (or type done) to hand over, or undo." in out
    assert out.count("Bram plays ") == 2  # played, taken back, played again
