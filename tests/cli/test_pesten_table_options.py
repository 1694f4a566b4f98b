"""`tableau pesten` without --simulate: the options fill in the set-up screen, or are refused
with one sentence (issue 11 item 14, issue 12 item 17)."""

from __future__ import annotations

from typing import Any

import pytest

from tableau.cli import main as tableau
from tableau.cli.pesten import main


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The options each TUI start was given (the TUI itself is not started)."""
    calls: list[dict[str, Any]] = []

    def run_app(start: str | None = None, folder: object = None, **options: Any) -> int:
        calls.append({"start": start, **options})  # the folder is the working folder
        return 0

    monkeypatch.setattr("tableau.ui.app.run_app", run_app)
    return calls


def test_table_options_go_to_the_set_up_screen(opened: list[dict[str, Any]]) -> None:
    args = ["--players", "5", "--packs", "2", "--jokers", "1", "--cpu", "random,careful",
            "--seed", "42"]
    assert main(args) == 0
    assert opened == [{"start": "pesten", "players": 5, "packs": 2, "jokers": 1,
                       "cpus": ("random", "careful"), "seed": 42, "cards": None}]


@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        (["--players", "3", "--json"],
         "--json goes with --simulate; the table has nothing to print."),
        (["--json"], "--json goes with --simulate; the table has nothing to print."),
        (["--players", "9", "--packs", "1000", "--seed", "-3"],
         "argument --seed: '-3' is not a seed; give a whole number from 0 to 2**63-1."),
        (["--players", "9"], "Pesten needs 2 to 8 players, not 9."),
        (["--packs", "1000"], "Play with 1 to 4 packs, not 1000."),
        (["--jokers", "-1"], "Each pack holds 0 to 2 jokers, not -1."),
        (["--players", "8"], "One pack cannot deal 7 cards to 8 players"),
        (["--cpu", "wizard"], "There is no CPU player called 'wizard'"),
        (["--players", "2", "--cpu", "careful,random,careful"],
         "--cpu names 3 CPU seats, but the table has 2 (--players)."),
    ],
)
def test_a_bad_table_option_is_refused_with_one_sentence(
    opened: list[dict[str, Any]], capsys: pytest.CaptureFixture[str], args: list[str],
    sentence: str,
) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(f"tableau pesten: {sentence}")
    assert captured.err.count("\n") == 1 and captured.out == ""
    assert opened == []


def test_a_negative_seed_is_refused_by_the_simulator_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--simulate", "2", "--seed", "-1"]) == 2
    assert capsys.readouterr().err == (
        "tableau pesten: argument --seed: '-1' is not a seed; give a whole number from 0 to "
        "2**63-1.\n"
    )


def test_the_refusal_reaches_the_shell_without_opening_the_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Through `tableau pesten` (tableau.cli.main, what the installed command runs), its exit
    status the shell's."""
    assert tableau(["pesten", "--players", "3", "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.err == (
        "tableau pesten: --json goes with --simulate; the table has nothing to print.\n"
    )
    assert captured.out == ""


def test_help_says_which_options_apply_where(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "where the options apply:" in out
    assert "fill in the set-up screen" in out
    assert "--json goes with --simulate only." in out
    assert "each --cpu kind takes one seat, counted from the last seat" in " ".join(out.split())
