"""Games in progress, each with its own identity (issue 27, A1-A4): two stores on one file
never write over each other's game, a dead holder's claim is taken over, the 20 newest games
of a kind are kept and older ones counted as abandoned, and the writer thread keeps, retries
and reports; until a result is written, it does not come back as a game in progress."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tableau.storage.store import HELD_ELSEWHERE
from tableau.storage.store import KEPT_PER_GAME
from tableau.storage.store import LEASE
from tableau.storage.store import GameRecord
from tableau.storage.store import Store
from tableau.storage.store import StoreProblem
from tableau.storage.store import new_id

FULL = "The disk is full, so saving the game failed; the game goes on."


def record(moves: int = 3, **changes: object) -> GameRecord:
    fields: dict[str, object] = {
        "variant": "spec", "seed": 5, "config": {"rules": "spec"}, "started": 1000.0,
        "moves": moves, "duration": 42.5, "label": "seed 5", "data": {"state": [1]},
    }
    fields.update(changes)
    return GameRecord("yukon", **fields)  # type: ignore[arg-type]


class Wall:
    def __init__(self, now: float = 5000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class FillingStore(Store):
    """A store on a disk that is full while ``full`` is set (every write fails)."""

    full = False

    def write(self, connection, game, pending, *, hold):  # type: ignore[no-untyped-def]
        if self.full:
            raise StoreProblem(FULL)
        super().write(connection, game, pending, hold=hold)


def dead_pid() -> int:
    """The pid of a process that has ended (and been waited for)."""
    process = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                             capture_output=True, text=True, check=True)
    return int(process.stdout)


# ---------------------------------------------------------------- keeping, off the caller


def test_kept_games_are_written_by_the_writer_and_shown_at_once(tmp_path: Path) -> None:
    store = Store(tmp_path / "tableau.db")
    first, second = new_id(), new_id()
    store.keep(record(moves=1, id=first))
    store.keep(record(moves=2, id=second))
    store.keep(record(moves=3, id=first))  # the latest record of a game is the one kept
    assert {saved.id: saved.moves for saved in store.saves()[0]} == {first: 3, second: 2}
    assert store.flush()
    other = Store(tmp_path / "tableau.db")
    assert {saved.id: saved.moves for saved in other.saves()[0]} == {first: 3, second: 2}


def test_an_end_drops_the_game_in_progress_and_an_undo_out_of_it_takes_it_back(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "tableau.db")
    game = new_id()
    store.keep(record(id=game))
    store.keep(record(moves=80, id=game, result="won", data=None))
    assert store.flush()
    assert store.saved(game) is None
    assert [end.result for end in store.finished()] == ["won"]
    store.keep(record(moves=79, id=game))  # undone out of its win: it goes on
    assert store.flush()
    assert store.finished() == [] and store.saved(game) is not None


# ---------------------------------------------------------------- claims


def test_another_store_sees_a_held_game_and_cannot_write_over_it(tmp_path: Path) -> None:
    wall = Wall()
    mine, theirs = Store(tmp_path / "tableau.db", wall=wall), Store(tmp_path / "tableau.db",
                                                                     wall=wall)
    game = new_id()
    mine.keep(record(id=game))
    assert mine.flush()
    (seen,) = theirs.saves()[0]
    assert seen.held and not mine.saves()[0][0].held
    with pytest.raises(StoreProblem, match=HELD_ELSEWHERE):
        theirs.claim(game)
    with pytest.raises(StoreProblem, match=HELD_ELSEWHERE):
        theirs.save(record(moves=99, id=game))
    said: list[str] = []
    theirs.on_report = lambda sentence, _problem: said.append(sentence)
    theirs.keep(record(moves=98, id=game))
    assert theirs.flush()
    assert said == ["This game was continued in another tableau, so it is no longer saved "
                    "here."]
    assert Store(tmp_path / "tableau.db").saved(game).moves == 3  # type: ignore[union-attr]
    mine.release(game)  # its player left it
    assert mine.flush()
    theirs.claim(game)
    theirs.keep(record(moves=4, id=game))
    assert theirs.flush() and mine.saved(game).moves == 4  # type: ignore[union-attr]


def test_a_closed_store_lets_its_games_go(tmp_path: Path) -> None:
    mine = Store(tmp_path / "tableau.db")
    game = new_id()
    mine.keep(record(id=game))
    mine.close()
    theirs = Store(tmp_path / "tableau.db")
    assert not theirs.saves()[0][0].held
    theirs.claim(game)


def test_release_all_lets_every_claim_of_a_store_go(tmp_path: Path) -> None:
    """The menu is in front: a game whose resume was given up (Pesten's passwords) is held
    no more."""
    mine, other = Store(tmp_path / "tableau.db"), Store(tmp_path / "tableau.db")
    game = mine.save(record())
    mine.claim(game)
    assert other.saves()[0][0].held
    mine.release_all()
    for _ in range(500):
        if not other.saves()[0][0].held:
            break
        time.sleep(0.01)
    other.claim(game)


def test_a_dead_holder_s_claim_is_taken_over(tmp_path: Path) -> None:
    store = Store(tmp_path / "tableau.db")
    game = store.save(record())
    with sqlite3.connect(tmp_path / "tableau.db") as connection:  # a tableau killed by kill -9
        connection.execute("UPDATE autosaves SET owner = ?, lease = ?",
                           (f"{store.owner.split()[0]} {dead_pid()} token", 1e12))
    connection.close()
    assert not store.saves()[0][0].held
    store.claim(game)
    assert store.saved(game).moves == 3  # type: ignore[union-attr]


def test_a_claim_whose_lease_ran_out_is_taken_over(tmp_path: Path) -> None:
    wall = Wall()
    hung, other = Store(tmp_path / "tableau.db", wall=wall), Store(tmp_path / "tableau.db",
                                                                    wall=wall)
    game = new_id()
    hung.keep(record(id=game))
    assert hung.flush()
    assert other.saves()[0][0].held
    wall.now += LEASE + 1  # no heartbeat since: the holder is stopped or on a lost host
    assert not other.saves()[0][0].held
    other.claim(game)


# ---------------------------------------------------------------- the limit


def test_beyond_the_newest_twenty_games_of_a_kind_the_oldest_count_as_abandoned(
    tmp_path: Path,
) -> None:
    wall = Wall()
    store = Store(tmp_path / "tableau.db", wall=wall)
    games = []
    for number in range(KEPT_PER_GAME + 2):
        wall.now += 1
        games.append(store.save(record(moves=number + 1, seed=number)))
    store.save(GameRecord("poker", "draw", 1, {}, 0.0, 1, 1.0, data={}))  # another kind
    in_progress = [saved.id for saved in store.saves()[0] if saved.game == "yukon"]
    assert in_progress == games[:1:-1]  # the 20 newest, newest first
    assert [(end.id, end.result, end.moves) for end in store.finished("yukon")] == [
        (games[0], "abandoned", 1), (games[1], "abandoned", 2)]
    assert len(store.saves()[0]) == KEPT_PER_GAME + 1


# ---------------------------------------------------------------- a failing disk


def test_a_result_not_yet_written_is_written_later_and_never_offered_as_in_progress(
    tmp_path: Path,
) -> None:
    store = FillingStore(tmp_path / "tableau.db")
    said: list[tuple[str, bool]] = []
    reported = threading.Event()
    store.on_report = lambda sentence, problem: (said.append((sentence, problem)),
                                                 reported.set())
    game = new_id()
    store.keep(record(moves=85, id=game))
    assert store.flush()
    store.full = True
    store.keep(record(moves=86, id=game, result="won", data=None))
    assert reported.wait(5)
    assert not store.flush(0.2) and store.failing
    assert store.saved(game) is None and store.saves() == ([], [])  # not in Continue
    assert [end.result for end in store.finished()] == ["won"]  # but in the statistics
    on_disk = Store(tmp_path / "tableau.db")
    assert on_disk.saved(game) is not None and on_disk.finished() == []
    store.full = False  # space is freed: the writer's next try writes it
    assert store.flush()
    assert said == [(FULL, True), ("The games are saved again.", False)]
    assert on_disk.saved(game) is None
    assert [(end.result, end.moves) for end in on_disk.finished()] == [("won", 86)]
