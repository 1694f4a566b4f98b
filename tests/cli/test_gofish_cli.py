"""`tableau gofish`: the simulator's output and its refusals."""

from __future__ import annotations

import json

import pytest

from tableau.cli import main as tableau


def test_simulate_json_ends_with_totals_where_every_game_adds_13_books(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = tableau(["gofish", "--simulate", "12", "--players", "3", "--cpu", "pro,easy,easy",
                    "--seed", "3", "--json"])
    assert code == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    totals = json.loads(last)
    assert set(totals) == {"games", "wins", "books", "games_per_s"}
    assert totals["games"] == 12
    assert len(totals["wins"]) == 3 and sum(totals["wins"]) == pytest.approx(12)
    assert sum(totals["books"]) == 13 * 12
    assert totals["games_per_s"] > 0


def test_the_cpu_list_cycles_over_the_seats(capsys: pytest.CaptureFixture[str]) -> None:
    cycled = ["gofish", "--simulate", "4", "--players", "3", "--seed", "5", "--json"]
    assert tableau([*cycled, "--cpu", "pro,easy"]) == 0
    short_list = capsys.readouterr().out.strip().splitlines()[-1]
    assert tableau([*cycled, "--cpu", "pro,easy,pro"]) == 0
    spelled_out = capsys.readouterr().out.strip().splitlines()[-1]
    assert json.loads(short_list)["wins"] == json.loads(spelled_out)["wins"]
    assert json.loads(short_list)["books"] == json.loads(spelled_out)["books"]


def test_the_same_seed_simulates_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["gofish", "--simulate", "5", "--cpu", "easy,easy", "--seed", "9", "--json"]
    results = []
    for _ in range(2):
        tableau(args)
        totals = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
        results.append((totals["wins"], totals["books"]))
    assert results[0] == results[1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--simulate", "0"], "--simulate must be"),
        (["--simulate", "x"], "is not a whole number"),
        (["--simulate", "3", "--players", "6"], "--players must be"),
        (["--simulate", "3", "--cpu", "wizard"], "easy or pro"),
        (["--cpus", "0"], "--cpus must be"),
        (["--cpus", "5"], "--cpus must be"),
        (["--seed", "-4"], "is not a seed"),
        (["--level", "hard"], "easy or pro"),
        (["--delay", "nan"], "is not a number of seconds"),
        (["--delay", "99"], "--delay must be"),
        (["--json"], "go with --simulate"),
        (["--frobnicate"], "unrecognized"),
    ],
)
def test_bad_options_exit_2_with_one_message_and_no_traceback(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert tableau(["gofish", *args]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err
