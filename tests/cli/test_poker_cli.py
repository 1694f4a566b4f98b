"""`tableau poker --describe` and option checking."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tableau.cli import main as tableau_main
from tableau.cli.poker import main


def test_describe_prints_the_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--describe", "QH QS TD 7S 4C"]) == 0
    assert capsys.readouterr().out == (
        "pair of queens (queen of hearts, queen of spades, ten of diamonds, seven of spades, "
        "four of clubs)\n")


def test_describe_works_through_the_tableau_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert tableau_main(["poker", "--describe", "ah 2d 3s 4d 5d"]) == 0
    assert capsys.readouterr().out.startswith("straight (five of diamonds, four of diamonds")


QUEENS = ("pair of queens (queen of hearts, queen of spades, ten of diamonds, seven of spades, "
          "four of clubs)\n")


@pytest.mark.parametrize(
    "argv",
    [
        ["Q♥ Q♠ 10♦ 7♠ 4♣"],
        ["Q♥", "Q♠", "10♦", "7♠", "4♣"],
        ["QH", "QS", "TD", "7S", "4C"],
        ["queen of hearts, queen of spades, ten of diamonds, seven of spades, four of clubs"],
        ["Queen", "of", "Hearts", "queen", "of", "spades", "ten", "of", "diamonds",
         "seven of spades", "4C"],
    ],
)
def test_describe_reads_the_apps_notation_long_names_and_unquoted_cards(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """Item 25: the forms the app itself shows are understood, quoted or not."""
    assert tableau_main(["poker", "--describe", *argv]) == 0
    assert capsys.readouterr().out == QUEENS


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--cpus", "9"], "--cpus"),
        (["--seed", "4"], "--seed"),  # a bad seed such as -4 is refused by the seed rule
        (["--cpus", "2", "--seed", "7"], "--cpus and --seed"),
    ],
)
def test_describe_refuses_the_options_it_does_not_use(
    capsys: pytest.CaptureFixture[str], argv: list[str], named: str
) -> None:
    """Item 25: nothing given on the command line is silently ignored."""
    assert main(["--describe", "QH QS TD 7S 4C", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"leave out {named}." in captured.err


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("QH QS TD 7S QH", "QH appears twice"),
        ("QH QX TD 7S 4C", "'QX' is not a card"),
        ("queen of hearts, queen of stars", "'queen of stars' is not a card"),
        ("Q♥ Q♥", "QH appears twice"),
        ("", "No cards given"),
        ("2C 3C 4C 5C 6C 7C", "at most 5 cards"),
        ("X" * 10_000, "far too long"),
    ],
)
def test_describe_refuses_bad_cards_with_a_message_and_exit_2(
    capsys: pytest.CaptureFixture[str], cards: str, message: str
) -> None:
    assert main(["--describe", cards]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err


@pytest.mark.parametrize("argv", [["--cpus", "0"], ["--cpus", "6"], ["--cpus", "many"],
                                  ["--bogus"]])
def test_bad_options_exit_2_without_starting_the_game(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err


def test_the_command_reads_unquoted_glyph_cards_and_refuses_extra_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Item 25 the way a player types it: `tableau poker --describe Q♥ Q♠ 10♦ 7♠ 4♣`."""
    cards = ["Q♥", "Q♠", "10♦", "7♠", "4♣"]
    command = [sys.executable, "-m", "tableau", "poker", "--describe", *cards]
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    named = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path,
                           timeout=60, check=False, encoding="utf-8")
    assert (named.returncode, named.stdout, named.stderr) == (0, QUEENS, "")
    capsys.readouterr()
    assert main(["--describe", *cards, "--seed", "4"]) == 2
    refused = capsys.readouterr()
    assert refused.out == ""
    assert "--describe only names a hand; leave out --seed." in refused.err
