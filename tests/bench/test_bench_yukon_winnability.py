"""The winnability study harness on a few fast deals: the CSV as it is written, resuming,
the report, `python -m bench` passing options, and the hint-quality measure."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import bench.bench_yukon_winnability as harness
import pytest
from bench.__main__ import main as bench_main
from bench.__main__ import picked

from tableau.ai.yukon import DEFAULT_MAX_NODES
from tableau.ai.yukon import Verdict
from tableau.ai.yukon import solve
from tableau.ai.yukon_hint import DEFAULT_SECONDS as APP_SECONDS
from tableau.ai.yukon_hint import Earlier
from tableau.ai.yukon_hint import position_of
from tableau.engines.yukon import CardMove
from tableau.engines.yukon import View
from tableau.engines.yukon import apply
from tableau.engines.yukon import numbered_game
from tableau.engines.yukon import unseen_cards
from tableau.engines.yukon import view

# Russian deals 1-4 are proved lost in a few hundred nodes; classic 2 and 3 are won at once.
FAST = ["--rules", "russian", "--budget-s", "5"]


def data_lines(path: Path) -> list[str]:
    return [line for line in path.read_text().splitlines()
            if not line.startswith(("#", "seed,"))]


class Ticks:
    """A clock that moves on 2**-14 s each time it is read: the solver's time slices become
    counts of looks, so one solve is the same search however busy the machine is."""

    def __init__(self) -> None:
        self.looks = 0

    def __call__(self) -> float:
        self.looks += 1
        return self.looks / 2**14


def ticking_solve(state: Any, **options: Any) -> Verdict:
    """``solve`` on its own ``Ticks``: the harness's budgets become counts of looks."""
    return solve(state, **{**options, "clock": Ticks()})


def test_each_deal_becomes_a_csv_row_with_the_solvers_verdict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(harness, "solve", ticking_solve)
    out = tmp_path / "classic.csv"
    assert harness.main(["--rules", "classic", "--deals", "3", "--budget-s", "0.2",
                         "--out", str(out)]) == 0
    text = out.read_text()
    assert "# study: rules=classic budget_s=0.2 max_nodes=" in text
    assert "numbered_game(n, 'classic')" in text
    assert "seed,verdict,moves,nodes,seconds,reason\n" in text
    rows = [line.split(",") for line in data_lines(out)]
    assert [row[0] for row in rows] == ["1", "2", "3"]
    for row in rows[1:]:  # classic 2 and 3 are won in a few hundred nodes
        verdict = ticking_solve(numbered_game(int(row[0]), "classic"), seconds=0.2)
        assert row[1:4] == ["won", str(len(verdict.moves)), str(verdict.nodes)]
    # Classic 1 is not decided in 0.2 s; were it decided, its row would say so.
    assert rows[0][1:] == ["unknown", "0", rows[0][3], rows[0][4], "time"] or rows[0][5] == ""
    won = sum(row[1] == "won" for row in rows)
    table = capsys.readouterr().out
    assert f"| classic | 3 | {won} |" in table and "peak memory (RSS)" in table


def test_an_interrupted_run_keeps_its_rows_and_resumes_after_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "russian.csv"
    solved: list[int] = []

    def interrupted_at_3(state: Any, **budget: Any) -> Verdict:
        if state.seed == 3:
            raise KeyboardInterrupt
        solved.append(state.seed)
        return solve(state, **budget)

    monkeypatch.setattr(harness, "solve", interrupted_at_3)
    assert harness.main([*FAST, "--deals", "4", "--out", str(out)]) == 130
    assert [line[:2] for line in data_lines(out)] == ["1,", "2,"]  # flushed as they came
    assert f"stopped (Ctrl-C); the rows so far are in {out}" in capsys.readouterr().err
    # A row cut short by the interruption is dropped on resuming.
    with out.open("a") as csv:
        csv.write("3,lo")
    monkeypatch.setattr(harness, "solve", lambda state, **budget: (
        solved.append(state.seed + 100), solve(state, **budget))[1])
    assert harness.main([*FAST, "--deals", "4", "--out", str(out)]) == 0
    assert solved == [1, 2, 103, 104]
    assert [line.split(",")[:2] for line in data_lines(out)] == [
        [str(seed), "lost"] for seed in (1, 2, 3, 4)]


def test_a_csv_of_other_settings_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "study.csv"
    assert harness.main([*FAST, "--deals", "1", "--out", str(out)]) == 0
    before = out.read_text()
    assert harness.main(["--rules", "russian", "--budget-s", "6", "--deals", "2",
                         "--out", str(out)]) == 2
    assert "was made with other settings" in capsys.readouterr().err
    assert out.read_text() == before
    assert harness.main(["--deals", "1", "--out", str(out)]) == 2
    assert "--out needs --rules" in capsys.readouterr().err


def test_the_report_prints_the_table_and_the_command_that_reproduces_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "russian.csv"
    harness.main([*FAST, "--deals", "2", "--out", str(out)])
    capsys.readouterr()
    assert harness.main(["--report", str(out)]) == 0
    report = capsys.readouterr().out
    assert "| russian | 2 | 0 | 2 | 0 | 100.0% | 0.0% – 65.8% |" in report
    assert f"python -m bench yukon_winnability --rules russian --deals 2 --budget-s 5 " \
           f"--out {out}" in report
    (tmp_path / "junk.csv").write_text("seed,verdict\n")
    assert harness.main(["--report", str(tmp_path / "junk.csv")]) == 2
    assert "not a study CSV" in capsys.readouterr().err
    out.write_text(out.read_text() + "3,maybe,0,1,1.0,\n")
    assert harness.main(["--report", str(out)]) == 2
    assert "line 7, is not a study row" in capsys.readouterr().err


def test_make_bench_solves_a_sample_of_each_variant(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(harness, "SAMPLE_DEALS", 2)
    monkeypatch.setattr(harness, "DEFAULT_BUDGET_S", 0.2)
    assert bench_main(["yukon_winnability"]) == 0
    out = capsys.readouterr().out
    assert "== bench_yukon_winnability ==" in out
    for rules in ("spec", "classic", "russian"):
        assert f"| {rules} | 2 |" in out


def test_python_m_bench_passes_options_to_the_bench_it_names(
    capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench_main(["yukon_winnability", *FAST, "--deals", "1"]) == 0
    assert "| russian | 1 | 0 | 1 | 0 |" in capsys.readouterr().out
    assert bench_main(["yukon", "--deals", "1"]) == 2
    assert "bench_yukon takes no options" in capsys.readouterr().err
    assert bench_main(["chess"]) == 2
    names = ["bench_pesten", "bench_pesten_expert", "bench_yukon", "bench_yukon_winnability"]
    assert picked(names, ["yukon"]) == ["bench_yukon"]
    assert picked(names, ["pest"]) == ["bench_pesten", "bench_pesten_expert"]
    assert picked(names, []) == names


@dataclass(frozen=True)
class FakeHint:
    move: CardMove | None
    wins: int = 1
    samples: int = 1
    repeats: bool = False
    looks: object = None
    """The work the next hint may reuse (the study hands it on, as the app does)."""


def install_hint(monkeypatch: pytest.MonkeyPatch, hint: Any) -> None:
    monkeypatch.setattr(harness, "hint", hint)


def test_hint_quality_plays_the_proved_deals_by_the_hint_alone(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The first two classic deals the harness proves won in 0.2 s of looks (deal 1 may not
    # be), solved by the same search. A stand-in hint knows the first one's solution and
    # gives up on the second.
    proving = partial(ticking_solve, seconds=0.2, max_nodes=DEFAULT_MAX_NODES)
    verdicts = {seed: proving(numbered_game(seed, "classic")) for seed in range(1, 6)}
    followed, given_up = [seed for seed, verdict in verdicts.items() if verdict.kind == "won"][:2]
    solution = verdicts[followed].moves
    seen: list[tuple[str, int]] = []

    def hint(view: View, *, samples: int, seconds: float, seed: int, clock: Any,
             played: frozenset[object], earlier: object, reuse: object) -> FakeHint:
        assert position_of(view) not in played and len(played) == view.moves  # as the app
        assert earlier == (None if view.moves == 0 else Earlier(1, 1, 1))  # the last hint's
        assert reuse == (None if view.moves == 0 else ("looks", view.seed))  # handed on
        assert all(card is not None for column in view.columns for card in column[-1:])
        seen.append((view.rules, samples))
        if view.seed == given_up:
            return FakeHint(None)
        return FakeHint(solution[view.moves], looks=("looks", view.seed))

    install_hint(monkeypatch, hint)
    monkeypatch.setattr(harness, "solve", ticking_solve)
    assert harness.main(["--hint-quality", "--rules", "classic", "--deals", "2",
                         "--budget-s", "0.2", "--samples", "7"]) == 0
    out = capsys.readouterr().out
    assert ("classic: following the hint won 1 of the 2 deals the solver proved won "
            f"(50.0%; game numbers {followed}, {given_up}; 7 samples, {APP_SECONDS:g} s a hint). "
            "Games ended by the hint circling: 0; with every move going back to a table "
            "played: 0.") in out
    # The first deal's hints until every card is face up (then the solver finishes), and the
    # second deal's one.
    state, hinted = numbered_game(followed, "classic"), 0
    while unseen_cards(view(state)):
        state, hinted = apply(state, solution[hinted]), hinted + 1
    assert set(seen) == {("classic", 7)} and len(seen) == hinted + 1


@pytest.mark.parametrize("undos", [0, 1])
def test_a_player_may_follow_the_hints_undo_advice(
    monkeypatch: pytest.MonkeyPatch, undos: int
) -> None:
    # A stand-in hint that knows a deal's solution first sends the player off it (a move it
    # says wins), then finds no win there and has no move to offer. Followed, its undo
    # advice leads back to the start, where the tables played keep it on the solution.
    deal = next(seed for seed in range(1, 6)
                if ticking_solve(numbered_game(seed, "classic"), seconds=0.2).kind == "won")
    state = numbered_game(deal, "classic")
    line: dict[object, CardMove] = {}
    for move in ticking_solve(state, seconds=0.2).moves:
        line[position_of(view(state))] = move
        state = apply(state, move)
    start = numbered_game(deal, "classic")
    on_line = position_of(view(apply(start, line[position_of(view(start))])))
    decoy = next(move for move in view(start).legal  # off the line: another table
                 if isinstance(move, CardMove)
                 and position_of(view(apply(start, move))) != on_line)
    off = position_of(view(apply(start, decoy)))
    asked: list[tuple[int, object]] = []

    def hint(view: View, *, played: frozenset[object], earlier: Any, **_: Any) -> FakeHint:
        asked.append((view.moves, earlier))
        if position_of(view) == off:
            return FakeHint(None, wins=0)
        if view.moves == 0 and off not in played:
            return FakeHint(decoy)
        return FakeHint(line.get(position_of(view)))

    install_hint(monkeypatch, hint)
    monkeypatch.setattr(harness, "solve", ticking_solve)
    end = harness._hint_wins(deal, "classic", samples=3, seconds=1.0, undos=undos)
    assert end == ("won" if undos else "lost")
    assert asked[:2] == [(0, None), (1, Earlier(1, 1, 1))]  # told: one undo to 1 win of 1
    assert [moves for moves, _ in asked].count(0) == 1 + undos


def test_hint_quality_takes_the_proved_deals_from_a_study_csv(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    study = tmp_path / "classic.csv"
    study.write_text("# study: rules=classic budget_s=10 max_nodes=5\n"
                     "seed,verdict,moves,nodes,seconds,reason\n"
                     "2,lost,0,5,1.0,\n9,won,3,5,1.0,\n4,won,3,5,1.0,\n7,won,3,5,1.0,\n")
    install_hint(monkeypatch, lambda view, *_, **__: FakeHint(None))
    assert harness.main(["--hint-quality", "--rules", "classic", "--deals", "2",
                         "--from", str(study)]) == 0
    assert "won 0 of the 2 deals the solver proved won (0.0%; game numbers 4, 7;" in \
        capsys.readouterr().out
    assert harness.main(["--hint-quality", "--rules", "spec", "--from", str(study)]) == 2
    assert "is a study of classic rules, not spec" in capsys.readouterr().err


def test_jobs_solve_deals_on_several_processes_in_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "russian.csv"
    assert harness.main([*FAST, "--deals", "4", "--jobs", "2", "--out", str(out)]) == 0
    assert [line.split(",")[:2] for line in data_lines(out)] == [
        [str(seed), "lost"] for seed in (1, 2, 3, 4)]
    assert "| russian | 4 | 0 | 4 | 0 | 100.0% |" in capsys.readouterr().out


def test_hint_quality_needs_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert harness.main(["--hint-quality", "--deals", "1"]) == 2
    assert "needs --rules" in capsys.readouterr().err
