"""Yukon move latency while another program holds ``BEGIN EXCLUSIVE`` on tableau.db, against
the same with the database free, in one run (issue 27, A4).

The store's writes run on its writer thread, off the event loop: a locked database holds up
that thread (the busy timeout, then a retry), never a key. 200 moves each (100 in `make
bench`; drop key, drag release, undo key; as in ``bench_ui``), at 120×40, autosave on, in
alternating rounds.
Target: median ≤ 16 ms with the database locked.

Run: `.venv/bin/python -m bench locked_db`.
"""

from __future__ import annotations

import asyncio
import os
import tempfile

from bench.bench_ui import MOVES
from bench.bench_ui import QUICK_MOVES
from bench.bench_ui import ROUNDS
from bench.bench_ui import _latencies
from bench.bench_ui import latency_rows
from bench.sizing import sized


def bench_locked() -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """The latencies with tableau.db free and locked, MOVES each, in alternating rounds."""
    free: dict[str, list[float]] = {}
    locked: dict[str, list[float]] = {}
    for round_number in range(ROUNDS):
        order = ((False, free), (True, locked))
        for lock, times in order if round_number % 2 == 0 else reversed(order):
            moves = sized(QUICK_MOVES, MOVES) // ROUNDS
            measured = asyncio.run(_latencies(True, moves, locked=lock))
            for kind, values in measured.items():
                times.setdefault(kind, []).extend(values)
    return free, locked


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="tableau-bench-home-") as home:
        # Nothing is written outside this folder: the settings and tableau.db go here too.
        before, os.environ["TABLEAU_HOME"] = os.environ.get("TABLEAU_HOME"), home
        try:
            free, locked = bench_locked()
        finally:
            if before is None:
                del os.environ["TABLEAU_HOME"]
            else:
                os.environ["TABLEAU_HOME"] = before
    unlocked = latency_rows("move latency, Yukon 120x40, autosave ON, tableau.db free", free)
    held = latency_rows("move latency, Yukon 120x40, autosave ON, tableau.db LOCKED "
                        "(BEGIN EXCLUSIVE by another connection)", locked)
    verdict = "OK" if held <= 16 else "over target"
    print(f"  locked {held:.1f} ms vs free {unlocked:.1f} ms (median)   "
          f"target median <= 16 ms: {verdict}")


if __name__ == "__main__":
    main()
