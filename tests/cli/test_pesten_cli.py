"""`tableau pesten --simulate`: CPU-only games from the command line."""

from __future__ import annotations

import json

import pytest

from tableau.cli import main as tableau_main
from tableau.cli.pesten import main


def test_simulate_prints_wins_per_seat_turns_speed_and_a_json_last_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["--simulate", "12", "--players", "3", "--cpu", "careful,random",
                 "--seed", "5", "--json"])
    out = capsys.readouterr().out.strip().splitlines()
    assert code == 0
    summary = json.loads(out[-1])
    assert set(summary) == {"games", "wins", "turns_avg", "games_per_s"}
    assert summary["games"] == 12 and sum(summary["wins"]) == 12
    assert len(summary["wins"]) == 3
    assert summary["turns_avg"] > 0 and summary["games_per_s"] > 0
    text = "\n".join(out)
    assert "seat 1 (careful)" in text and "seat 2 (random)" in text
    assert "seat 3 (careful)" in text  # the list cycles over the seats
    assert "average turns" in text and "games per second" in text


def test_the_same_seed_gives_the_same_wins(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--simulate", "8", "--packs", "2", "--jokers", "0", "--seed", "9", "--json"]
    main(args)
    first = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    main(args)
    second = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert first["wins"] == second["wins"] and first["turns_avg"] == second["turns_avg"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--players", "8"], "cannot deal"),
        (["--players", "-1"], "2 to 8 players"),
        (["--packs", "99999999999"], "1 to 4 packs"),
        (["--jokers", "7"], "0 to 2 jokers"),
        (["--cpu", "careful,wizard"], "no CPU player called 'wizard'"),
        (["--cpu", ","], "has an empty name"),
        (["--players", "many"], "is not a whole number"),
    ],
)
def test_an_impossible_setup_exits_non_zero_with_a_message(
    capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    code = main(["--simulate", "3", *args])
    captured = capsys.readouterr()
    assert code != 0
    assert words in captured.err
    assert "Traceback" not in captured.err + captured.out


@pytest.mark.parametrize("games", ["0", "-4", "10000000000"])
def test_a_silly_number_of_games_is_refused(
    capsys: pytest.CaptureFixture[str], games: str
) -> None:
    assert main(["--simulate", games]) == 2
    assert "--simulate takes 1 to" in capsys.readouterr().err


def test_the_tableau_command_reaches_the_simulator(capsys: pytest.CaptureFixture[str]) -> None:
    assert tableau_main(["pesten", "--simulate", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["games"] == 2


def test_help_lists_the_simulator_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for option in ("--simulate", "--players", "--packs", "--jokers", "--cpu", "--seed", "--json"):
        assert option in out
