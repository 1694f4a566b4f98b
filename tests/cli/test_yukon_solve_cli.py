"""`tableau yukon --solve`: the verdict of a numbered game or a deck file, its moves replayed."""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tableau.cli import main as tableau
from tableau.engines import yukon as yukon_engine
from tableau.engines.yukon import DEAL
from tableau.engines.yukon import Config
from tableau.engines.yukon import State
from tableau.engines.yukon import apply
from tableau.engines.yukon import new_game
from tableau.engines.yukon import numbered_game
from tableau.engines.yukon import outcome
from tableau.engines.yukon import parse_move
from tableau.storage.decks import load_deck

DECKS = Path(__file__).resolve().parents[2] / "assets" / "decks"
FIGURE2 = str(DECKS / "figure2.txt")
# Deals the solver decides in a few hundred nodes (well under a second on a loaded machine).
FAST_WON = (("spec", 2), ("classic", 3))
FAST_LOST = ("russian", 2)


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def solve(capsys: pytest.CaptureFixture[str], *options: str) -> tuple[int, str, str]:
    code = tableau(["yukon", "--solve", *options])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def printed_lines(out: str) -> tuple[str, list[str]]:
    """The line-mode command printed for a win and the lines to type in it (none for
    another verdict)."""
    found = re.search(r"^To replay, run (.+) and type \(or paste\) these lines:\n", out,
                      re.MULTILINE)
    if found is None:
        return "", []
    return found[1], out[found.end():].splitlines()


def printed_moves(out: str) -> list[str]:
    """The moves among the printed lines (after the lines that deal, which end in P)."""
    lines = printed_lines(out)[1]
    return lines[lines.index("P") + 1:] if lines else []


def replays_to_a_win(state: State, moves: list[str]) -> bool:
    for move in moves:
        state = apply(state, parse_move(move))
    return outcome(state) is not None


@pytest.mark.parametrize(("rules", "seed"), FAST_WON)
def test_a_won_deal_prints_moves_that_win_it_through_the_engine(
    capsys: pytest.CaptureFixture[str], rules: str, seed: int
) -> None:
    code, out, err = solve(capsys, "--seed", str(seed), "--rules", rules)
    assert code == 0 and "Traceback" not in err
    lines = out.splitlines()
    assert lines[:2] == [f"Deal: game {seed}, {rules} rules", "Verdict: won"]
    assert lines[2].startswith("Nodes: ") and lines[3].startswith("Seconds: ")
    moves = printed_moves(out)
    assert lines[4] == f"Moves: {len(moves)}" and moves
    assert replays_to_a_win(numbered_game(seed, rules), moves)
    assert not replays_to_a_win(numbered_game(seed, rules), moves[:-1])


def test_a_deck_file_is_dealt_as_ld_then_p_and_solved(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = solve(capsys, "--deck", FIGURE2)
    assert code == 0 and out.startswith(f"Deal: deck {FIGURE2}, spec rules\nVerdict: won\n")
    dealt = apply(yukon_engine.load_deck(new_game(Config()), load_deck(FIGURE2)), DEAL)
    assert replays_to_a_win(dealt, printed_moves(out))


def _pasted(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
            command: str, lines: list[str]) -> str:
    """What the printed line-mode ``command`` prints with ``lines`` pasted into it."""
    arguments = shlex.split(command)
    assert arguments[:2] == ["tableau", "yukon"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    assert tableau(arguments[1:]) == 0
    return capsys.readouterr().out


def _foundation_tops(out: str) -> list[str]:
    last_view = out.split("INPUT > ")[-2]
    return sorted(re.findall(r"\t(\S+)\tF\d\n", last_view))


def test_the_printed_lines_win_when_pasted_into_the_printed_line_mode(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, in_tmp: Path
) -> None:
    (in_tmp / "my deck.txt").write_text((DECKS / "figure2.txt").read_text())
    _, out, _ = solve(capsys, "--deck", "my deck.txt", "--rules", "classic")
    command, lines = printed_lines(out)
    assert lines[:2] == ["LD my deck.txt", "P"]
    out = _pasted(capsys, monkeypatch, command, lines)
    assert out.count("Message: OK\n") == len(lines) - 1
    assert "you won in" in out
    assert _foundation_tops(out) == ["KC", "KD", "KH", "KS"]


def test_a_solved_game_numbers_lines_deal_it_first_when_pasted(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, out, _ = solve(capsys, "--seed", "3", "--rules", "classic")
    command, lines = printed_lines(out)
    assert command == "tableau yukon --plain --seed 3 --rules classic"
    assert lines[:3] == ["LD", "SR", "P"]
    out = _pasted(capsys, monkeypatch, command, lines)
    assert "Command not available" not in out
    assert _foundation_tops(out) == ["KC", "KD", "KH", "KS"]


def test_a_lost_deal_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    rules, seed = FAST_LOST
    code, out, _ = solve(capsys, "--seed", str(seed), "--rules", rules)
    assert code == 0
    assert "Verdict: lost\n" in out and "No sequence of legal moves wins this deal." in out
    assert not printed_moves(out)


def test_a_budget_that_runs_out_gives_unknown_and_exit_0(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = solve(capsys, "--seed", "1", "--rules", "classic", "--budget-s", "0.05")
    assert code == 0
    assert "Verdict: unknown\n" in out and "the time budget ran out" in out


def test_json_prints_one_object_with_the_verdict_and_the_deal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = solve(capsys, "--seed", "3", "--rules", "classic", "--budget-s", "20", "--json")
    assert code == 0 and out.count("\n") == 1
    report = json.loads(out)
    assert report["verdict"] == "won" and report["reason"] == ""
    assert (report["seed"], report["deck"], report["rules"]) == (3, None, "classic")
    assert report["budget_s"] == 20 and report["nodes"] > 0 and report["seconds"] >= 0
    assert replays_to_a_win(numbered_game(3, "classic"), report["moves"])
    assert report["setup"] == ["LD", "SR", "P"]
    _, out, _ = solve(capsys, "--deck", FIGURE2, "--json")
    assert json.loads(out)["deck"] == FIGURE2 and json.loads(out)["seed"] is None


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ([], "give --seed N or --deck FILE"),
        (["--seed", "2", "--deck", FIGURE2], "not both"),
        (["--deck", "missing.txt"], "missing.txt"),
        (["--deck", str(DECKS / "invalid-duplicate.txt")], "appears twice"),
        (["--deck", "."], "folder"),
        (["--seed", "0"], "is not a seed"),
        (["--seed", "2", "--budget-s", "0"], "is not a budget"),
        (["--seed", "2", "--budget-s", "-1"], "is not a budget"),
        (["--seed", "2", "--budget-s", "nan"], "is not a budget"),
        (["--seed", "2", "--budget-s", "inf"], "is not a budget"),
        (["--seed", "2", "--budget-s", "1e300"], "is not a budget"),
        (["--seed", "2", "--budget-s", "3601"], "is not a budget"),
        (["--seed", "2", "--budget-s", "ten"], "is not a budget"),
        (["--seed", "2", "--budget-s", ""], "is not a budget"),
        (["--seed", "2", "--budget-s", "9" * 120_000], "… is not a budget"),
        (["--seed", "2", "--plain"], "not both"),
        (["--seed", "2", "--rules", "spider"], "invalid choice"),
    ],
)
def test_bad_input_exits_2_with_one_sentence(
    capsys: pytest.CaptureFixture[str], options: list[str], words: str
) -> None:
    code, out, err = solve(capsys, *options)
    assert code == 2 and out == ""
    assert words in err and "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith("tableau yukon: ") and len(err) < 400


@pytest.mark.parametrize("options", [["--json"], ["--budget-s", "5"], ["--seed", "2", "--json"]])
def test_the_solve_options_alone_are_refused(
    capsys: pytest.CaptureFixture[str], options: list[str]
) -> None:
    assert tableau(["yukon", *options]) == 2
    assert "go with --solve" in capsys.readouterr().err


def test_ctrl_c_during_a_solve_says_so_and_exits_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import tableau.cli.yukon_solve

    def interrupted(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(tableau.cli.yukon_solve, "solve", interrupted)
    code, out, err = solve(capsys, "--seed", "2")
    assert code == 130 and out == ""
    assert err.splitlines()[-1] == "tableau: stopped (Ctrl-C)."


@pytest.mark.slow
def test_a_real_ctrl_c_stops_a_long_solve(in_tmp: Path) -> None:
    # Classic game 1 runs out of a 5 s budget, so an hour's budget is still searching.
    command = [sys.executable, "-m", "tableau", "yukon", "--solve", "--seed", "1",
               "--rules", "classic", "--budget-s", "3600"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=in_tmp,
                          env={**os.environ, "PYTHONUNBUFFERED": "1"}) as process:
        assert process.stderr is not None
        assert "solving for up to 3600 s" in process.stderr.readline().decode()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert process.returncode == 130 and out == b""
    assert err.decode().strip() == "tableau: stopped (Ctrl-C)."


def test_the_help_tells_the_solve_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert tableau(["yukon", "--help"]) == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert "--solve" in shown and "--budget-s S" in shown and "--json" in shown
