"""What the environment does wrong never shows a traceback: closed or full streams, a deleted
working folder, Ctrl-C. Each gives one sentence on stderr (where stderr can take one) and the
exit status `tableau --help` lists. Run as a player would, through the installed command."""

from __future__ import annotations

import os
import pty
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

TABLEAU = str(Path(sys.executable).parent / "tableau")
ENVIRONMENT_FAILED = 1
INTERRUPTED = 130
WAIT = 300.0
"""Seconds a run of tableau may take here: CI once ran 25 times slower than usual."""


def shell(command: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``command`` (with redirections) in sh, `tableau` being the installed command."""
    return subprocess.run(
        ["sh", "-c", command.replace("tableau", shlex.quote(TABLEAU), 1)],
        input=stdin, capture_output=True, text=True, cwd=cwd, timeout=WAIT, check=False,
    )


def one_sentence(err: str) -> str:
    """The one line of stderr, besides the seed line line mode always starts with."""
    assert "Traceback" not in err
    lines = [line for line in err.strip().splitlines()
             if not line.startswith("tableau yukon: seed")]
    assert len(lines) == 1, err
    return lines[0]


def test_a_closed_stdout_gives_one_sentence_and_status_1(tmp_path: Path) -> None:
    result = shell("tableau yukon --plain --seed 1 >&-", tmp_path, stdin="QQ\n")
    assert result.returncode == ENVIRONMENT_FAILED
    assert "standard output is closed" in one_sentence(result.stderr)


def test_a_closed_stdin_gives_one_sentence_and_status_1(tmp_path: Path) -> None:
    result = shell("tableau yukon --plain --seed 1 <&-", tmp_path)
    assert result.returncode == ENVIRONMENT_FAILED
    assert result.stdout == ""
    assert "standard input is closed" in one_sentence(result.stderr)


@pytest.mark.parametrize("command", ["tableau yukon </dev/null", "tableau", "echo n | tableau"])
def test_the_full_screen_app_without_a_terminal_for_keys_gives_one_sentence_and_status_1(
    command: str, tmp_path: Path,
) -> None:
    # Textual would read an endless end of input at full speed and never end.
    result = shell(command, tmp_path)
    assert result.returncode == ENVIRONMENT_FAILED
    assert result.stdout == ""
    sentence = one_sentence(result.stderr)
    assert "standard input is not a terminal" in sentence and "--plain" in sentence


@pytest.mark.parametrize(
    "command",
    ["tableau yukon --plain --seed 1 >/dev/full", "tableau gofish --simulate 3 >/dev/full"],
)
def test_a_full_stdout_gives_one_sentence_and_status_1(command: str, tmp_path: Path) -> None:
    result = shell(command, tmp_path, stdin="QQ\n")
    assert result.returncode == ENVIRONMENT_FAILED
    assert one_sentence(result.stderr) == "tableau: stopped: No space left on device."


def test_a_full_stderr_does_not_stop_the_game(tmp_path: Path) -> None:
    # The seed line cannot be written; the game is played and shown all the same.
    result = shell("tableau yukon --plain --seed 1 2>/dev/full", tmp_path, stdin="LD\nQQ\n")
    assert result.returncode == 0
    assert result.stdout.count("INPUT > ") == 3  # before LD, after LD, after QQ


@pytest.mark.parametrize(
    "arguments", ["", "yukon", "yukon --plain", "pesten", "gofish", "poker"]
)
def test_a_deleted_working_folder_gives_one_sentence_and_status_1(
    arguments: str, tmp_path: Path
) -> None:
    (tmp_path / "gone").mkdir()
    result = shell(f"cd gone && rmdir ../gone && tableau {arguments} </dev/null", tmp_path)
    assert result.returncode == ENVIRONMENT_FAILED
    assert "working folder no longer exists" in one_sentence(result.stderr)


def test_ctrl_c_gives_one_sentence_and_status_130(tmp_path: Path) -> None:
    running = subprocess.Popen(
        [TABLEAU, "yukon", "--plain", "--seed", "1"], cwd=tmp_path, stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert running.stdout is not None
    shown = ""
    while not shown.endswith("INPUT > "):  # the game waits for a command, as a player sees
        character = running.stdout.read(1)
        assert character, "the game ended before it asked for a command"
        shown += character
    running.send_signal(signal.SIGINT)
    out, err = running.communicate(timeout=WAIT)
    assert running.returncode == INTERRUPTED
    assert one_sentence(err) == "tableau: stopped (Ctrl-C)."
    assert "Traceback" not in out


def test_ctrl_c_during_a_simulation_gives_one_sentence_and_status_130(tmp_path: Path) -> None:
    # On a terminal, where the player sees the games under way (the progress bar).
    main, side = pty.openpty()
    running = subprocess.Popen([TABLEAU, "gofish", "--simulate", "1000000"], cwd=tmp_path,
                               stdin=subprocess.DEVNULL, stdout=side, stderr=side)
    os.close(side)
    drawn = _read_until(main, "Simulating")
    running.send_signal(signal.SIGINT)
    drawn += _read_until(main, None)
    os.close(main)
    assert running.wait(timeout=WAIT) == INTERRUPTED
    assert "tableau: stopped (Ctrl-C)." in drawn
    assert "Traceback" not in drawn


def _read_until(terminal: int, text: str | None) -> str:
    """What the program draws on ``terminal`` until ``text`` shows (None: until it closes)."""
    drawn = b""
    deadline = time.monotonic() + WAIT
    while text is None or text.encode() not in drawn:
        assert time.monotonic() < deadline, f"{text!r} never showed: {drawn!r}"
        try:
            chunk = os.read(terminal, 65536)
        except OSError:  # the terminal closed when the command ended
            break
        if not chunk:
            break
        drawn += chunk
    return drawn.decode(errors="replace")


def _on_a_terminal(arguments: list[str], cwd: Path) -> tuple[int, str]:
    """Run with stdout and stderr on a pseudo-terminal; everything it drew, and its status."""
    main, side = pty.openpty()
    running = subprocess.Popen([TABLEAU, *arguments], cwd=cwd, stdin=subprocess.DEVNULL,
                               stdout=side, stderr=side)
    os.close(side)
    drawn = _read_until(main, None)
    os.close(main)
    return running.wait(timeout=WAIT), drawn


def test_a_simulation_on_a_terminal_shows_progress_and_piped_shows_none(tmp_path: Path) -> None:
    arguments = ["gofish", "--simulate", "20", "--seed", "4"]
    code, drawn = _on_a_terminal(arguments, tmp_path)
    assert code == 0
    assert "Simulating" in drawn and "20 games in" in drawn
    piped = subprocess.run([TABLEAU, *arguments], cwd=tmp_path, capture_output=True, text=True,
                           timeout=WAIT, check=False)
    assert piped.returncode == 0 and piped.stderr == ""
    assert "Simulating" not in piped.stdout and "\x1b" not in piped.stdout
