"""tableau.db against kill -9 and a second process (issues 14 and 27).

The children are this very file run as a script (``python test_kill_and_concurrency.py``):
they use only the public engine and Store API, so the parent can replay exactly what a child
did. A Yukon child plays numbered games move by move, keeping each move through the store's
writer thread as the app does, and printing each committed position (flushed); it is killed
with SIGKILL at random moments and started again, resuming its game in progress (taking over
the dead child's claim). Two other children play games of the same kind at once on one file:
neither writes over the other's game, and every finished game is counted.
"""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Final

import pytest
from killed import kill_9

from tableau.engines import yukon
from tableau.storage.store import SCHEMA_VERSION
from tableau.storage.store import GameRecord
from tableau.storage.store import Store
from tableau.storage.store import new_id

MOST_MOVES: Final = 40
"""A game the child plays is given up (recorded as lost) after this many moves."""
ROUNDS: Final = 24
"""Kills in ``make test-all``; ``make test`` kills QUICK_ROUNDS times."""
QUICK_ROUNDS: Final = 6
GAMES_EACH: Final = 50
PATIENCE: Final = 600.0
"""Seconds a child waits for its writer: the app's own wait (CLOSE_WAIT) is too short for
two processes writing one file on a machine fifty times slower than usual."""

Position = tuple[int, int]
"""(game number, moves made in it)."""


# ---------------------------------------------------------------- what the Yukon child does


def chosen(state: yukon.State, position: Position) -> yukon.Move | None:
    """The child's move at ``position``: the same every time, or None when the game is done."""
    legal = yukon.legal_moves(state)
    if not legal or yukon.outcome(state) is not None or position[1] >= MOST_MOVES:
        return None
    return legal[random.Random(f"{position[0]}:{position[1]}").randrange(len(legal))]


def replayed(position: Position) -> yukon.State:
    """The state of the child's game at ``position``."""
    state = yukon.numbered_game(position[0])
    for moves in range(position[1]):
        move = chosen(state, (position[0], moves))
        assert move is not None
        state = yukon.apply(state, move)
    return state


def following(position: Position) -> Position:
    """The position the child commits after ``position``."""
    if chosen(replayed(position), position) is None:
        return (position[0] + 1, 0)
    return (position[0], position[1] + 1)


def yukon_record(position: Position, state: yukon.State, game: str) -> GameRecord:
    return GameRecord("yukon", "spec", position[0], {"rules": "spec"}, 0.0, position[1],
                      float(position[1]), label=f"seed {position[0]}",
                      data=yukon.to_json(state), id=game)


def where(store: Store) -> tuple[Position, GameRecord | None]:
    """The position the store holds: the autosave's, or the start of the next game (a kill
    between a finish and the first save of the next game leaves no autosave)."""
    saved = store.saved("yukon")
    if saved is None:
        return (len(store.finished("yukon")) + 1, 0), None
    assert saved.seed is not None
    return (saved.seed, saved.moves), saved


def play_yukon(path: Path) -> None:
    store = Store(path)
    assert store.problem is None, store.problem
    position, saved = where(store)
    state = (yukon.from_json(saved.data) if saved is not None and saved.data is not None
             else yukon.numbered_game(position[0]))
    game = saved.id if saved is not None else new_id()
    store.claim(game)  # the killed child's claim is taken over
    print(f"ready {position[0]} {position[1]}", flush=True)
    while True:
        move = chosen(state, position)
        if move is None:
            store.keep(replace(yukon_record(position, state, game), result="lost", data=None))
            position = (position[0] + 1, 0)
            state = yukon.numbered_game(position[0])
            game = new_id()
        else:
            state = yukon.apply(state, move)
            position = (position[0], position[1] + 1)
        store.keep(yukon_record(position, state, game))
        assert store.flush(PATIENCE)
        print(f"{position[0]} {position[1]}", flush=True)


def finish_many(path: Path, who: str, at: float) -> None:
    """From wall time ``at`` on, play GAMES_EACH games of Yukon (a few moves each, kept by the
    writer thread as the app does), finish each, and leave one more in progress; as fast as
    possible, while the other child does the same."""
    time.sleep(max(0.0, at - time.time()))
    store = Store(path)
    assert store.problem is None, store.problem
    for number in range(GAMES_EACH + 1):
        game = new_id()
        for moves in range(1, 4):
            store.keep(GameRecord("yukon", "spec", number, {}, 0.0, moves, 1.0, label=who,
                                  details={"who": who, "n": number},
                                  data={"who": who, "moves": list(range(moves))}, id=game))
        if number < GAMES_EACH:
            store.keep(GameRecord("yukon", "spec", number, {}, 0.0, 3, 1.0,
                                  details={"who": who, "n": number}, result="won", id=game))
    assert store.flush(PATIENCE)
    store.close()


# ---------------------------------------------------------------- the tests


def child(*arguments: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, __file__, *arguments], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def integrity(path: Path) -> str:
    connection = sqlite3.connect(path)
    try:
        return str(connection.execute("PRAGMA integrity_check").fetchone()[0])
    finally:
        connection.close()


@pytest.mark.parametrize("rounds", [
    pytest.param(QUICK_ROUNDS, id="quick"),
    pytest.param(ROUNDS, id="all", marks=pytest.mark.exhaustive),
])
def test_kill_9_at_random_moments_loses_at_most_the_move_in_flight(
    rounds: int, tmp_path: Path
) -> None:
    path = tmp_path / "tableau.db"
    dice = random.Random(14)
    known: Position | None = None  # the last position a child said it committed
    moves = 0
    for round_ in range(rounds):
        process = child("yukon", str(path))
        assert process.stdout is not None
        said = ""
        if dice.random() < 0.2:  # now and then while it opens the store
            time.sleep(dice.uniform(0.0, 0.3))
        else:
            said = process.stdout.readline()
            assert said.startswith("ready"), process.stderr
            for _ in range(dice.randint(1, 3)):  # so the kills land among moves, however slow
                said += process.stdout.readline()
            time.sleep(dice.uniform(0.0, 0.2))
        said += kill_9(process, timeout=10)[0]
        for line in said.split("\n")[:-1]:  # a line cut off by the kill says nothing
            words = line.split()
            position = (int(words[-2]), int(words[-1]))
            assert known is None or position >= known, (round_, line)
            known = position
            moves += words[0] != "ready"

        assert integrity(path) == "ok", round_
        store = Store(path)
        assert store.problem is None, store.problem
        held, saved = where(store)
        if known is not None:
            assert held in (known, following(known)), (round_, known, held)
        if saved is not None:
            assert saved.data is not None and yukon.from_json(saved.data) == replayed(held)
            assert not saved.held  # the killed child holds it no more: it can be continued
            assert len(store.saves()[0]) == 1  # the one game in progress, never a second
        assert [game.seed for game in store.finished("yukon")] == list(range(1, held[0]))
        store.close()
        known = held
    assert moves > rounds  # the kills did land among the moves


def test_two_processes_playing_one_kind_at_once_keep_both_games_and_count_every_end(
    tmp_path: Path,
) -> None:
    path = tmp_path / "tableau.db"  # new: the two also race to make it
    at = str(time.time() + 1.0)  # both open the store together, once both have started
    processes = [child("finish", str(path), who, at) for who in ("left", "right")]
    for process in processes:
        _, errors = process.communicate(timeout=60)
        assert process.returncode == 0, errors
    store = Store(path)
    ended = store.finished("yukon")
    assert len(ended) == 2 * GAMES_EACH
    for who in ("left", "right"):
        assert sorted(game.details["n"] for game in ended
                      if game.details["who"] == who) == list(range(GAMES_EACH))
    in_progress = store.saves(with_data=True)[0]
    assert sorted(saved.label for saved in in_progress) == ["left", "right"]
    for saved in in_progress:  # each resumable, exactly as its process left it
        assert not saved.held and saved.data == {"who": saved.label, "moves": [0, 1, 2]}
        store.claim(saved.id)
    assert integrity(path) == "ok"


def stores_opened_together(path: Path) -> list[Store]:
    """Two Stores on ``path``, opened by two threads at the same moment."""
    start = threading.Barrier(2)
    stores: list[Store] = []

    def open_store() -> None:
        start.wait()
        stores.append(Store(path))

    threads = [threading.Thread(target=open_store) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return stores


def test_two_stores_opening_a_new_database_at_once_both_work(tmp_path: Path) -> None:
    for attempt in range(15):
        path = tmp_path / f"home-{attempt}" / "tableau.db"
        stores = stores_opened_together(path)
        for number, store in enumerate(stores):
            assert store.enabled and store.problem is None, store.problem
            store.finish(GameRecord("yukon", "spec", number, {}, 0.0, 1, 1.0), "won")
        assert sorted(game.seed for game in stores[0].finished()) == [0, 1]
        for store in stores:
            store.close()
        connection = sqlite3.connect(path)
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        connection.close()


if __name__ == "__main__":
    if sys.argv[1] == "yukon":
        play_yukon(Path(sys.argv[2]))
    else:
        finish_many(Path(sys.argv[2]), sys.argv[3], float(sys.argv[4]))
    os._exit(0)
