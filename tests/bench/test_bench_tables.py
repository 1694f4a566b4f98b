"""The table bench (bench/bench_tables.py) at a tiny size: four processes sit down and play a
few moves through `python -m bench` while a real `tableau join --plain` waits at a table of
its own; and the figures are read right from the children's reports (a version seen late
counts from its later showing; a gap in the moves, or a move never shown, fails the run)."""

from __future__ import annotations

import re
from typing import Any

import bench.bench_tables as tables
import pytest
from bench.__main__ import main as bench_main


@pytest.mark.exhaustive  # five processes start: make test-all runs it, make bench measures
def test_four_processes_play_a_few_moves_and_the_figures_are_printed(
    capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench_main(["tables", "--moves", "6", "--idle-s", "0.2"]) == 0
    out = capsys.readouterr().out
    assert "== bench_tables ==" in out
    assert "4 processes at one Pesten table (4 remote seats), 6 moves" in out
    assert "a move shown at another screen (18 pairs): median " in out  # 6 moves x 3 screens
    assert re.search(r"target median <= 150 ms: (OK|over target)   p95 <= 400 ms: "
                     r"(OK|over target)", out)
    shares = re.search(r"0\.2 s in which nobody moves, 4 processes: CPU (\d+\.\d+)% .*\((.*)\)",
                       out)
    assert shares is not None and len(shares[2].split(", ")) == 4
    assert re.search(r"the line mode itself \(tableau join CODE --plain, waiting at a table of "
                     r"its own\) over the same stretch: \d+\.\d+% of a core", out)
    assert re.search(r"target <= 2% of a core \(the most of the five\): (OK|over target)", out)


def report(seat: int, commits: list[Any], seen: list[Any]) -> dict[str, Any]:
    return {"seat": seat, "commits": commits, "seen": seen, "refused": 0, "failed_reads": 0,
            "idle": {"cpu": 0.01, "wall": 2.0}, "waiting": {"cpu": 0.0, "wall": 0.0}}


def test_a_move_counts_from_its_commit_to_its_first_showing_at_each_other_screen() -> None:
    reports = [
        # seat 0 moves to version 5 (its act took 2 ms), seat 1 deals version 6
        report(0, [(5, 10.000, 10.002, False)], [(6, 10.150)]),
        report(1, [(6, 10.100, 10.101, True)], [(5, 10.030)]),
        report(2, [], [(5, 10.040), (6, 10.120)]),
        # seat 3 read both at once: version 5 showed there with version 6
        report(3, [], [(6, 10.200)]),
    ]
    found = tables.figures(reports)
    assert (found.moves, found.deals) == (2, 1)
    assert [round(1000 * value) for value in found.latencies] == [28, 38, 198, 49, 19, 99]
    assert [round(1000 * value) for value in found.slowest] == [198, 99]
    assert [round(1000 * value) for value in found.acts] == [2, 1]
    assert found.idle == [0.5] * 4


def test_a_gap_in_the_moves_or_a_move_never_shown_fails_the_run() -> None:
    gap = [report(0, [(5, 1.0, 1.0, False), (7, 2.0, 2.0, False)], []),
           report(1, [], [(7, 2.1)])]
    with pytest.raises(tables.RunFailed, match="not one unbroken run"):
        tables.figures(gap)
    unseen = [report(0, [(5, 1.0, 1.0, False)], []), report(1, [], [(4, 0.5)])]
    with pytest.raises(tables.RunFailed, match="never shown at every other screen"):
        tables.figures(unseen)
