"""Processes at one shared table, for tests/storage/test_table_store.py. Run as a script:

- ``count PATH CODE WHO ACTS SEED``: print "ready", wait for a line on stdin (so all begin
  together), then make ACTS moves, each adding 1 to the table's counter and WHO:i to its list
  of moves, with the version last seen, retrying on StaleMove. Between looking and moving it
  yields the processor a random number of times (from SEED), so the processes interleave
  differently each run. After each committed move it prints "ok i version"; at the end
  "done STALE" (how many of its moves were refused as stale).
- ``forever PATH CODE WHO``: as ``count`` without end, taking (renewing) the CPU lease as
  WHO before each move: the process a test kills with ``kill -9``.
- ``open PATH``: open a TableStore and print its problem sentence (one line) or "opened".

Only the public TableStore API is used. (Named table_workers, not helpers: test folders have
no __init__.)
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tableau.storage.table_store import StaleMove
from tableau.storage.table_store import TableProblem
from tableau.storage.table_store import TableRow
from tableau.storage.table_store import TableStore


def counted(who: str, number: int) -> Callable[[TableRow], dict[str, Any]]:
    """The change that adds one move (``who:number``) to the table's counter."""

    def change(row: TableRow) -> dict[str, Any]:
        return {"counter": row.state["counter"] + 1,
                "moves": [*row.state["moves"], f"{who}:{number}"]}

    return change


def move(store: TableStore, code: str, who: str, number: int, dice: random.Random
         ) -> tuple[int, int]:
    """One move, retried until it is not stale: the new version, and how many tries were
    refused as stale."""
    stale = 0
    while True:
        row = store.load(code)
        for _ in range(dice.randrange(4) ** 3):  # let another process in, now and then
            os.sched_yield()
        try:
            return store.act(code, row.version, counted(who, number)).version, stale
        except StaleMove:
            stale += 1


def count(path: Path, code: str, who: str, acts: int, seed: int) -> None:
    store = TableStore(path)
    dice = random.Random(seed)
    print("ready", flush=True)
    sys.stdin.readline()
    stale = 0
    for number in range(acts):
        version, refused = move(store, code, who, number, dice)
        stale += refused
        print(f"ok {number} {version}", flush=True)
    print(f"done {stale}", flush=True)
    store.close()


def forever(path: Path, code: str, who: str) -> None:
    store = TableStore(path)
    dice = random.Random(who)
    print("ready", flush=True)
    sys.stdin.readline()
    number = 0
    while True:
        if not store.take_lease(code, who):
            raise SystemExit(f"{who} lost the lease")
        version, _ = move(store, code, who, number, dice)
        print(f"ok {number} {version}", flush=True)
        number += 1


def open_only(path: Path) -> None:
    try:
        TableStore(path).close()
    except TableProblem as problem:
        print(problem, flush=True)
    else:
        print("opened", flush=True)


if __name__ == "__main__":
    what, where = sys.argv[1], Path(sys.argv[2])
    if what == "count":
        count(where, sys.argv[3], sys.argv[4], int(sys.argv[5]), int(sys.argv[6]))
    elif what == "forever":
        forever(where, sys.argv[3], sys.argv[4])
    else:
        open_only(where)
