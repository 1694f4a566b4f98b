"""`tableau stats [--json]` with TABLEAU_HOME in a temporary folder: the figures as text and
JSON, a fresh home left as it was, bad arguments and a damaged or unusable database in one
sentence. Run in this process (``tableau.cli.main``); one test runs the installed command, as a
player would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any
from typing import NamedTuple

import pytest

from tableau.cli import main as tableau
from tableau.storage.store import GameRecord
from tableau.storage.store import Store

TABLEAU = str(Path(sys.executable).parent / "tableau")


class Ran(NamedTuple):
    returncode: int
    stdout: str
    stderr: str


Stats = Callable[..., Ran]


@pytest.fixture
def stats(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Stats:
    """``stats(home, *arguments)``: `tableau stats ARGUMENTS` with TABLEAU_HOME at ``home``."""

    def run(home: Path, *arguments: str) -> Ran:
        monkeypatch.setenv("TABLEAU_HOME", str(home))
        monkeypatch.chdir(home.parent)
        code = tableau(["stats", *arguments])
        captured = capsys.readouterr()
        return Ran(code, captured.out, captured.err)

    return run


def finish(store: Store, game: str, result: str, variant: str = "", *, moves: int = 50,
           duration: float = 120.0, **details: Any) -> None:
    store.finish(GameRecord(game, variant, 1, {}, 0.0, moves, duration, details=details),
                 result)


def recorded(home: Path) -> None:
    """Two Yukon games, a Go Fish game, two Poker sessions and a Pesten round."""
    store = Store(home / "tableau.db")
    finish(store, "yukon", "won", "spec", moves=95, duration=250.0)
    finish(store, "yukon", "abandoned", "spec", moves=4, duration=9.0)
    finish(store, "gofish", "won", "easy", books=7)
    finish(store, "gofish", "finished", "people", players=["Anna", "Bea"], winners=["Bea"],
           points=[3, 10])
    finish(store, "poker", "won", hands=12, hands_won=5, biggest_pot=80, chips=140)
    finish(store, "poker", "lost", hands=3, hands_won=0, biggest_pot=0, chips=-200)
    finish(store, "pesten", "finished", players=["Anna", "Bram"], winner="Anna",
           points=[0, 12], match={"kind": "wins", "target": 1, "ended": True, "winner": "Anna"})
    store.close()


def test_a_fresh_home_gives_empty_figures_and_creates_nothing(tmp_path: Path) -> None:
    home = tmp_path / "not-yet"
    result = subprocess.run([TABLEAU, "stats", "--json"], capture_output=True, text=True,
                            env={**os.environ, "TABLEAU_HOME": str(home)}, cwd=tmp_path,
                            timeout=60, check=False)
    assert (result.returncode, result.stderr) == (0, "")
    assert json.loads(result.stdout) == {
        "yukon": [], "gofish": [], "pesten": [], "gofish_people": [], "poker_people": [],
        "poker": {"sessions": 0, "hands_played": 0, "hands_won": 0, "biggest_pot": None,
                  "chips": [], "chips_total": 0},
        "yukon_demo_games": 0,
    }
    assert not home.exists()


def test_a_fresh_home_says_no_game_has_finished_yet(tmp_path: Path, stats: Stats) -> None:
    result = stats(tmp_path)
    assert result.returncode == 0
    for sentence in ("No Yukon games finished yet.", "No Pesten rounds finished yet.",
                     "No Go Fish games finished yet.", "No Poker games finished yet."):
        assert sentence in result.stdout
    assert list(tmp_path.iterdir()) == []


def test_json_gives_the_figures_of_the_finished_games(tmp_path: Path, stats: Stats) -> None:
    recorded(tmp_path)
    result = stats(tmp_path, "--json")
    assert result.returncode == 0
    assert json.loads(result.stdout) == {
        "yukon": [{"rules": "spec", "played": 2, "won": 1, "win_percent": 50.0,
                   "current_streak": 0, "best_streak": 1, "best_time": 250.0,
                   "fewest_moves": 95}],
        "gofish": [{"level": "easy", "played": 1, "won": 1, "average_books": 7.0}],
        "poker": {"sessions": 2, "hands_played": 15, "hands_won": 5, "biggest_pot": 80,
                  "chips": [140, -200], "chips_total": -60},
        "pesten": [{"name": "Anna", "rounds": 1, "wins": 1, "matches": 1, "matches_won": 1,
                    "average_points": 0.0},
                   {"name": "Bram", "rounds": 1, "wins": 0, "matches": 1, "matches_won": 0,
                    "average_points": 12.0}],
        "gofish_people": [{"name": "Bea", "games": 1, "wins": 1, "average_books": 10.0},
                          {"name": "Anna", "games": 1, "wins": 0, "average_books": 3.0}],
        "poker_people": [],
        "yukon_demo_games": 0,
    }


def test_text_gives_the_same_figures_in_aligned_tables(tmp_path: Path, stats: Stats) -> None:
    recorded(tmp_path)
    result = stats(tmp_path)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    # Names padded to the longest name, figures to the widest figure or heading.
    assert "  Win %" + " " * 12 + "50%" in lines
    assert "  Best time" + " " * 7 + "4:10" in lines
    assert "  Chips" + " " * 12 + "-60" in lines
    assert "  Player  Rounds  Wins  Matches  Won  Avg points" in lines
    assert "  Anna         1     1        1    1         0.0" in lines
    assert lines.index("  #2" + " " * 8 + "-200") < lines.index("  #1" + " " * 8 + "+140")
    assert "No Go Fish games finished yet." not in result.stdout
    assert "game the demo played in" not in result.stdout  # none was


def test_text_says_the_demo_games_it_leaves_out(tmp_path: Path, stats: Stats) -> None:
    recorded(tmp_path)
    store = Store(tmp_path / "tableau.db")
    finish(store, "yukon", "won", "spec", moves=30, duration=20.0, demo=True)
    store.close()
    lines = stats(tmp_path).stdout.splitlines()
    yukon = lines[:lines.index("Go Fish")]
    assert ["Played", "2"] in [line.split() for line in yukon]  # not the demo's
    assert "1 game the demo played in is not counted." in lines
    figures = json.loads(stats(tmp_path, "--json").stdout)
    assert figures["yukon_demo_games"] == 1 and figures["yukon"][0]["played"] == 2


def test_bad_arguments_give_one_sentence_and_status_2(tmp_path: Path, stats: Stats) -> None:
    result = stats(tmp_path, "--jsn")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == ["tableau stats: unrecognized arguments: --jsn"]


def test_a_damaged_database_is_set_aside_with_one_sentence(tmp_path: Path, stats: Stats) -> None:
    (tmp_path / "tableau.db").write_bytes(b"not a database at all " * 100)
    result = stats(tmp_path, "--json")
    assert result.returncode == 0
    assert json.loads(result.stdout)["yukon"] == []
    [sentence] = result.stderr.splitlines()
    assert sentence.startswith("tableau stats: tableau.db was damaged, so it was renamed")
    [aside] = tmp_path.glob("tableau.db.damaged-*")
    assert aside.read_bytes() == b"not a database at all " * 100


def test_a_folder_in_place_of_the_database_gives_one_sentence_and_status_1(
    tmp_path: Path, stats: Stats
) -> None:
    (tmp_path / "tableau.db").mkdir()
    result = stats(tmp_path)
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "tableau stats: The statistics cannot be read: tableau.db is a folder, not "
        "tableau's database."]


def test_the_usage_names_the_stats_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert tableau(["--help"]) == 0
    assert "tableau stats    [--json]" in capsys.readouterr().out
