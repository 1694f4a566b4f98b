"""Arguments every game shares: one seed rule, short echoes of bad values, honest help."""

from __future__ import annotations

import pytest

from tableau.cli import main as tableau
from tableau.registry import GAMES
from tableau.ui.pace import DEFAULT_CPU_DELAY

HUGE = "9" * 120_000


@pytest.mark.parametrize(
    "arguments",
    [
        ["yukon", "--seed", HUGE],
        ["yukon", "--rules", "x" * 120_000],
        ["poker", "--cpus", HUGE],
        ["poker", "--seed", HUGE],
        ["gofish", "--seed", HUGE],
        ["gofish", "--cpus", HUGE],
        ["pesten", "--seed", HUGE],
        ["pesten", "--simulate", HUGE],
        ["gofish", "--frobnicate", "y" * 120_000],
        ["chess" * 30_000],
    ],
)
def test_a_120000_character_argument_is_echoed_cut_short(
    arguments: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert tableau(arguments) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert len(err) < 400 and "…" in err


@pytest.mark.parametrize(
    "arguments", [*([game, "--frobnicate\udcff"] for game in GAMES), ["chess\udcff"]]
)
def test_an_argument_the_system_could_not_decode_is_refused_escaped(
    arguments: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A byte that is not UTF-8 reaches Python as a lone surrogate; a strict stderr (pytest's,
    or PYTHONIOENCODING=utf-8:strict) cannot write it, so the refusal escapes it."""
    assert tableau(arguments) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "\\udcff" in err


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("bad_seed", ["-3", str(2**63), "4.5", "seven", ""])
def test_every_game_refuses_the_same_seeds_with_the_same_sentence(
    game: str, bad_seed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert tableau([game, f"--seed={bad_seed}"]) == 2
    err = capsys.readouterr().err
    low = 1 if game == "yukon" else 0  # Yukon's deals are numbered from 1
    assert f"argument --seed: '{bad_seed}' is not a seed; give a whole number from {low} to " in err


def test_the_largest_seed_is_taken_by_a_simulation(capsys: pytest.CaptureFixture[str]) -> None:
    for game in ("gofish", "pesten"):
        assert tableau([game, "--simulate", "1", "--seed", str(2**63 - 1)]) == 0
    assert "Traceback" not in capsys.readouterr().err


def test_go_fish_help_gives_the_real_default_delay(capsys: pytest.CaptureFixture[str]) -> None:
    assert tableau(["gofish", "--help"]) == 0
    help_text = " ".join(capsys.readouterr().out.split())
    assert f"(default {DEFAULT_CPU_DELAY:g})" in help_text
    assert "0.8" not in help_text


def test_tableau_help_lists_every_go_fish_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert tableau(["--help"]) == 0
    usage = capsys.readouterr().out
    gofish_lines = " ".join(line for line in usage.splitlines() if "tableau gofish" in line)
    for option in ("--cpus", "--level", "--seed", "--delay", "--simulate", "--players",
                   "--cpu", "--json"):
        assert option in gofish_lines
    assert "130" in usage  # the exit statuses are listed


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--cpus", "3"], "--cpus, --level and --delay are for play on screen"),
        (["--level", "easy"], "--cpus, --level and --delay are for play on screen"),
        (["--delay", "0"], "--cpus, --level and --delay are for play on screen"),
        (["--cpu", "pro,easy,easy", "--players", "2"], "--cpu names 3 levels for 2 players"),
    ],
)
def test_a_go_fish_simulation_refuses_options_it_would_ignore(
    extra: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert tableau(["gofish", "--simulate", "2", *extra]) == 2
    captured = capsys.readouterr()
    assert message in captured.err
    assert captured.out == ""


@pytest.mark.parametrize("start", [None, *GAMES])
@pytest.mark.parametrize("face", ["unicode", "ascii", "four-colour"])
def test_cards_chooses_the_faces_of_the_menu_and_of_every_game(
    monkeypatch: pytest.MonkeyPatch, start: str | None, face: str
) -> None:
    opened: list[dict[str, object]] = []

    def run_app(**options: object) -> int:
        opened.append(options)
        return 0

    monkeypatch.setattr("tableau.ui.app.run_app", run_app)
    before = [] if start is None else [start]
    assert tableau([*before, "--cards", face]) == 0
    assert tableau([*before, f"--cards={face}"]) == 0
    assert [options["cards"] for options in opened] == [face, face]
    assert all(options.get("start") == start for options in opened)
    assert tableau(before) == 0 and opened[-1]["cards"] is None  # not asked: none


@pytest.mark.parametrize("face", ["", "emoji", "ASCII", "x" * 120_000])
def test_cards_refuses_a_face_there_is_not(capsys: pytest.CaptureFixture[str],
                                           face: str) -> None:
    assert tableau(["yukon", "--cards", face]) == 2
    error = capsys.readouterr().err
    assert "--cards" in error and "unicode" in error and len(error) < 400
