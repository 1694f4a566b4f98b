"""What every line mode shares (``tableau.cli.plain``): whole games played from the command
files in tests/cli/scripts/, no crash on any input, a clean end at the end of the input."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from plain_games import play

from tableau.cli.plain import MAX_LINE
from tableau.cli.plain import whole_number

SCRIPTS = Path(__file__).parent / "scripts"

GAMES = {
    # game: (arguments, command file, a result on the way, the last words of a whole game)
    "yukon": (["--seed", "1"], "yukon_game1.txt",
              "Message: The game is won; type Q to go back to the deck.\n",
              "LAST Command: QQ\nMessage: OK\nINPUT > \n"),
    "gofish": (["--seed", "7"], "gofish_seed7.txt",
               "Game over. CPU 1 wins\n", "Thanks for playing.\n"),
    "poker": (["--seed", "11", "--cpus", "1"], "poker_seed11.txt",
              "You are out of chips\nFinal standings:\n1. Bram: 200 chips\n",
              "Thanks for playing.\n"),
    "pesten": (["--seed", "5", "--players", "2", "--cpu", "careful"], "pesten_1p_seed5.txt",
               "Bram wins round 1!\n", "Game over.\n"),
}


@pytest.mark.parametrize("game", GAMES)
def test_a_command_file_plays_a_whole_game_to_its_end(
    game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    options, script, result, farewell = GAMES[game]
    commands = (SCRIPTS / script).read_text()
    code, out, err = play(monkeypatch, capsys, [game, "--plain", *options], commands)
    assert code == 0
    assert result in out
    assert out.endswith(farewell)
    assert "Traceback" not in err and f"seed {options[1]}" in err


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_the_installed_command_plays_the_command_file_through_a_pipe(
    game: str, tmp_path: Path
) -> None:
    options, script, result, farewell = GAMES[game]
    with (SCRIPTS / script).open("rb") as commands:
        done = subprocess.run(
            [sys.executable, "-m", "tableau", game, "--plain", *options],
            stdin=commands, capture_output=True, cwd=tmp_path, timeout=120, check=False,
            env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        )
    out = done.stdout.decode()
    assert done.returncode == 0, done.stderr.decode()
    assert result in out and out.endswith(farewell)


@pytest.mark.parametrize("game", GAMES)
def test_the_end_of_the_input_ends_the_game_cleanly_with_a_newline(
    game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    options = GAMES[game][0]
    code, out, err = play(monkeypatch, capsys, [game, "--plain", *options], "")
    assert code == 0
    assert out.endswith(" > \n")  # the prompt's line is ended
    assert "Traceback" not in err


LINE = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["", "0", "1", "-1", "0.5", "1e9", "nan", "help", "yes", "no", "draw",
                     "take", "keep", "undo", "c", "b", "stand", "draw 1 2", "raise 4",
                     "1 last", "JC hearts", "9" * 30, "\x1b[2J", "\x00"]),
    st.builds(lambda char, count: char * count, st.characters(), st.integers(9_000, 11_000)),
)


@pytest.mark.parametrize("game", ["gofish", "poker", "pesten"])  # Yukon: tests/test_fuzz.py
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(lines=st.lists(LINE, max_size=40), junk=st.binary(max_size=200))
def test_no_input_crashes_a_line_mode(
    game: str, lines: list[str], junk: bytes, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Random lines (text, 10 kB lines) and undecodable bytes: a sentence, never a crash."""
    # Pesten first asks the player's name and password (none) and the hand-over: past them,
    # the random lines reach the game.
    seated = "\n\n\n" if game == "pesten" else ""
    data = (seated + "\n".join(lines)).encode("utf-8", "surrogatepass") + b"\n" + junk
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    options = GAMES[game][0]
    code, out, err = play(monkeypatch, capsys, [game, "--plain", *options], stdin)
    assert code == 0
    # Nothing on stderr, or only the seed once the games are over.
    assert err in ("", f"tableau {game}: these games were dealt from seed {options[1]}; "
                       f"--seed {options[1]} deals them again.\n")
    assert out.endswith("\n")


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (["gofish", "--delay", "1"], "--delay paces the table on screen; line mode has no pause."),
        (["gofish", "--simulate", "3"], "--plain plays a game in line mode; a simulation prints"),
        (["gofish", "--cpus", "7"], "--cpus must be from 1 to 4"),
        (["poker", "--describe", "QH QS TD 7S 4C"], "--describe only names a hand; leave out "
                                                     "--plain."),
        (["poker", "--cpus", "0"], "--cpus must be 1 to 5, not 0."),
        (["pesten", "--simulate", "3"], "--plain plays a game in line mode; a simulation prints"),
        (["pesten", "--json"], "--json goes with --simulate"),
        (["pesten", "--packs", "99"], "Play with 1 to 4 packs, not 99."),
        (["pesten", "--players", "-2"], "Pesten needs 2 to 8 players, not -2."),
    ],
)
def test_options_are_checked_before_anything_is_asked(
    argv: list[str], sentence: str, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = play(monkeypatch, capsys, [argv[0], "--plain", *argv[1:]], "")
    assert code == 2 and out == ""
    assert sentence in err


def test_an_overlong_line_is_cut_and_the_rest_skipped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    long = "7" * (MAX_LINE * 2 + 5)
    _, out, _ = play(monkeypatch, capsys, ["gofish", "--plain", "--seed", "7"],
                               f"{long}\n0\n")
    assert out.count("is out of range") == 1  # one line cut, not three
    assert "You ask CPU 1 for" in out


@pytest.mark.parametrize(
    ("typed", "sentence"),
    [
        ("", "Nothing was typed; type a card, a whole number from 0 to 6."),
        ("yep", "'yep' is not a whole number; type a card, a whole number from 0 to 6."),
        ("9", "9 is out of range; type a card, a whole number from 0 to 6."),
        ("-1", "-1 is out of range; type a card, a whole number from 0 to 6."),
        ("0.5", "'0.5' is not a whole number; type a card, a whole number from 0 to 6."),
        ("1" * 5000, "is out of range"),
        ("٣", "is not a whole number"),
    ],
)
def test_whole_numbers_follow_the_seeds_test_plan(typed: str, sentence: str) -> None:
    with pytest.raises(ValueError) as refused:
        whole_number(typed, range(7), "a card")
    assert sentence in str(refused.value)
    assert len(str(refused.value)) < 120


def test_a_whole_number_in_range_is_read() -> None:
    assert whole_number(" 5 ", range(7), "a card") == 5
    assert whole_number("+0", range(7), "a card") == 0


def test_ctrl_c_ends_the_prompts_line_and_exits_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Interrupted(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    code, out, err = play(monkeypatch, capsys, ["poker", "--plain", "--seed", "1"],
                                    Interrupted())
    assert code == 130
    assert out.endswith(" > \n")
    assert err.endswith("tableau: stopped (Ctrl-C).\n")
