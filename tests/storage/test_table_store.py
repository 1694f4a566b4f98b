"""The shared table store (issue 30): tables in tableau.db that processes at several screens
read and write, through the public TableStore API only. A move is one transaction against a
version: a stale move is refused and nothing is ever applied twice, also with four processes
moving at once and one of them killed with kill -9. Wall time is injected, so the away and
lease rules need no sleeping."""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Callable
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from killed import kill_9

from tableau.storage.store import MIGRATIONS
from tableau.storage.store import Store
from tableau.storage.table_store import AWAY_AFTER
from tableau.storage.table_store import LEASE_SECONDS
from tableau.storage.table_store import NoSuchTable
from tableau.storage.table_store import SharedSeat
from tableau.storage.table_store import StaleMove
from tableau.storage.table_store import TableProblem
from tableau.storage.table_store import TableRow
from tableau.storage.table_store import TableStore
from tableau.storage.table_store import normal_code

WORKERS = str(Path(__file__).with_name("table_workers.py"))
TIMEOUT = 300.0
"""Seconds a process at the table may take for its part (CI has run 50 times slower than usual)."""
SEATS = (SharedSeat(0, "Ann", "human"), SharedSeat(1, "Otto", "cpu"),
         SharedSeat(2, "Bram", "open"), SharedSeat(3, "Cas", "open"))
HASH = "$argon2id$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo"


class Wall:
    """A wall clock the test moves by hand."""

    def __init__(self, now: float = 50_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "tableau.db"


@pytest.fixture
def wall() -> Wall:
    return Wall()


@pytest.fixture
def store(path: Path, wall: Wall) -> Iterator[TableStore]:
    opened = TableStore(path, wall=wall)
    yield opened
    opened.close()


@pytest.fixture
def code(store: TableStore) -> str:
    return store.open_table("pesten", {"counter": 0, "moves": []}, SEATS, "opener-token")


def add(amount: int) -> Callable[[TableRow], dict[str, Any]]:
    """A change adding ``amount`` to the counter."""
    return lambda row: {**row.state, "counter": row.state["counter"] + amount}


def one_sentence(problem: BaseException) -> str:
    text = str(problem)
    assert text and "\n" not in text and "\x1b" not in text and text.endswith(".")
    assert "Traceback" not in text and len(text) < 200
    return text


# ---------------------------------------------------------------- tables and codes


def test_an_opened_table_loads_back_as_it_was_opened_at_version_zero(
    store: TableStore, code: str, wall: Wall
) -> None:
    row = store.load(code)
    assert row == TableRow(code, "pesten", 0, {"counter": 0, "moves": []}, SEATS,
                           "opener-token", closed=False, opener_seen=wall.now)
    assert code.startswith("PEST-") and normal_code(code) == code


def test_every_table_gets_its_own_code_read_in_any_case_and_spacing(store: TableStore) -> None:
    codes = [store.open_table(game, {"n": n}, SEATS[:2], "me")
             for n, game in enumerate(["pesten"] * 30 + ["gofish", "poker"])]
    assert len(set(codes)) == len(codes)
    assert codes[-2].startswith("GOFI-") and codes[-1].startswith("POKE-")
    for n, code in enumerate(codes):
        letters, digits = code.split("-")
        for typed in (f"  {code.lower()} ", f"{letters}{digits}", f"{letters.title()} {digits}"):
            assert normal_code(typed) == code
            assert store.load(typed).state == {"n": n}


@pytest.mark.parametrize("typed", [
    "", " ", "PEST", "PEST-482", "PEST-48211", "PESTEN-4821", "4821", "PE$T-4821",
    "PEST-48\u0662\u0661", "ÄBCD-1234", "PEST--4821", "x" * 10_240,
], ids=lambda typed: repr(typed[:12]))
def test_text_that_is_not_a_code_is_none(typed: str) -> None:
    assert normal_code(typed) is None


@pytest.mark.parametrize("typed", [
    "", "PEST-0000", "\x1b[31mPEST-4821\n", "x" * 10_240, bytes(range(256)).decode("latin-1"),
], ids=["empty", "unknown", "escapes", "10-kB", "every-byte"])
def test_a_code_of_no_table_is_one_sentence_naming_it(store: TableStore, typed: str) -> None:
    for attempt in (lambda: store.load(typed), lambda: store.act(typed, 0, add(1)),
                    lambda: store.sit(typed, 2, "h", HASH), lambda: store.come_back(typed, 2, "h"),
                    lambda: store.heartbeat(typed, 2, "h"), lambda: store.leave(typed, 2, "h"),
                    lambda: store.take_lease(typed, "h"), lambda: store.close_table(typed)):
        with pytest.raises(NoSuchTable) as refused:
            attempt()
        text = one_sentence(refused.value)
        assert text.startswith("There is no table ") and text.endswith(" here.")
        assert len(text) <= len("There is no table  here.") + 20


# ---------------------------------------------------------------- moves


def test_each_move_adds_one_to_the_version_and_keeps_its_state(
    store: TableStore, code: str
) -> None:
    for version in range(5):
        row = store.act(code, version, add(version))
        assert row.version == version + 1
        assert store.load(code) == row
    assert store.load(code).state["counter"] == 0 + 1 + 2 + 3 + 4


def test_a_stale_move_is_refused_and_nothing_is_written(store: TableStore, code: str) -> None:
    store.act(code, 0, add(1))
    called: list[TableRow] = []

    def change(row: TableRow) -> dict[str, Any]:
        called.append(row)
        return {"counter": 99}

    for seen in (0, 2, -1):
        with pytest.raises(StaleMove) as refused:
            store.act(code, seen, change)
        assert one_sentence(refused.value) == ("The table has moved on since you looked; look "
                                               "again.")
    assert called == []
    assert (store.load(code).version, store.load(code).state["counter"]) == (1, 1)


def test_a_change_that_answers_none_writes_nothing(store: TableStore, code: str) -> None:
    before = store.load(code)
    assert store.act(code, 0, lambda row: None) == before
    assert store.load(code) == before


def test_an_error_in_the_change_writes_nothing_and_reaches_the_caller(
    store: TableStore, code: str
) -> None:
    class Broken(Exception):
        pass

    def broken(row: TableRow) -> dict[str, Any]:
        raise Broken

    with pytest.raises(Broken):
        store.act(code, 0, broken)
    with pytest.raises(TypeError):  # a state JSON cannot hold
        store.act(code, 0, lambda row: {"counter": object()})
    assert store.load(code).version == 0
    assert store.act(code, 0, add(1)).version == 1  # and the table is not stuck


def test_a_change_that_uses_the_store_itself_is_an_error_not_a_hang(
    store: TableStore, code: str
) -> None:
    with pytest.raises(RuntimeError):
        store.act(code, 0, lambda row: store.load(code).state)
    assert store.load(code).version == 0


def test_two_screens_moving_against_one_version_apply_one_move(
    store: TableStore, code: str, path: Path
) -> None:
    other = TableStore(path)
    seen = store.load(code).version
    assert other.act(code, seen, add(10)).version == 1
    with pytest.raises(StaleMove):
        store.act(code, seen, add(10))
    assert store.load(code).state["counter"] == 10
    other.close()


def test_a_closed_table_can_be_read_but_takes_no_move_seat_or_lease(
    store: TableStore, code: str
) -> None:
    store.close_table(code)
    row = store.load(code)
    assert row.closed and row.version == 1
    store.close_table(code)  # twice is once
    assert store.load(code).version == 1
    attempts: tuple[Callable[[], object], ...] = (lambda: store.act(code, 1, add(1)),
                                                  lambda: store.sit(code, 2, "h", HASH))
    for attempt in attempts:
        with pytest.raises(TableProblem) as refused:
            attempt()
        assert one_sentence(refused.value) == f"The table {code} is closed."
    assert not store.take_lease(code, "h")
    assert store.load(code) == row


def test_a_player_may_leave_a_closed_table(store: TableStore, code: str) -> None:
    store.sit(code, 2, "bram-process", HASH)
    store.close_table(code)
    store.leave(code, 2, "bram-process")
    store.heartbeat(code, 2, "bram-process")
    row = store.load(code)
    assert row.closed and store.away(row) == {2}


# ---------------------------------------------------------------- seats


def test_sitting_at_an_open_seat_makes_it_a_remote_seat_held_there(
    store: TableStore, code: str, wall: Wall
) -> None:
    row = store.sit(code, 2, "bram-process", HASH)
    assert row.version == 1 and store.load(code) == row
    assert row.seats[2] == SharedSeat(2, "Bram", "remote", HASH, "bram-process", wall.now)
    assert row.seats[:2] == SEATS[:2] and row.seats[3] == SEATS[3]
    assert store.away(row) == frozenset()


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_seat_that_is_not_open_is_taken(store: TableStore, code: str, seat: int) -> None:
    store.sit(code, 2, "bram-process", HASH)
    before = store.load(code)
    with pytest.raises(TableProblem) as refused:
        store.sit(code, seat, "intruder", "other-hash")
    assert one_sentence(refused.value) == "That seat is taken."
    assert store.load(code) == before


def test_a_seat_the_table_has_not_is_one_sentence(store: TableStore, code: str) -> None:
    for seat in (4, -1, 10**30):
        with pytest.raises(TableProblem) as refused:
            store.sit(code, seat, "h", HASH)
        assert one_sentence(refused.value) == f"The table {code} has no seat {seat}."


def test_a_remote_seat_without_a_heartbeat_for_a_while_is_away(
    store: TableStore, code: str, wall: Wall
) -> None:
    store.sit(code, 2, "bram-process", HASH)
    store.sit(code, 3, "cas-process", HASH)
    for _ in range(3):  # Bram's process beats on; Cas's is silent (killed, say)
        wall.now += AWAY_AFTER / 2
        store.heartbeat(code, 2, "bram-process")
        store.heartbeat(code, 3, "someone-else")  # not the holder: it keeps no seat
    row = store.load(code)
    assert store.away(row) == {3}
    assert row.version == 2  # heartbeats redraw no screen
    wall.now += AWAY_AFTER + 0.1
    assert store.away(store.load(code)) == {2, 3}


def test_the_openers_hot_seats_wait_elsewhere_once_its_heartbeat_is_old(
    store: TableStore, path: Path, wall: Wall
) -> None:
    seats = (SharedSeat(0, "Ann", "human", HASH, "opener", wall.now),
             SharedSeat(1, "Eva", "human", "", "opener", wall.now),
             SharedSeat(2, "Otto", "cpu", "", "opener", wall.now), SharedSeat(3, "Bram", "open"))
    code = store.open_table("pesten", {"counter": 0}, seats, "opener")
    store.sit(code, 3, "bram-process", HASH)
    calls: list[tuple[int, ...]] = []

    def elsewhere(row: TableRow, turned: tuple[int, ...]) -> dict[str, Any]:
        calls.append(turned)
        return {**row.state, "counter": row.state["counter"] + 1}

    wall.now += AWAY_AFTER
    store.heartbeat(code, None, "opener")  # every seat the opener's screen holds
    wall.now += AWAY_AFTER
    assert store.opener_gone(code, elsewhere) is None and not calls  # it beat in time
    wall.now += 0.1
    store.heartbeat(code, 3, "bram-process")  # Bram's screen is there
    other = TableStore(path, wall=wall)  # two screens notice: it is done once
    try:
        row = store.opener_gone(code, elsewhere)
        assert other.opener_gone(code, elsewhere) is None
    finally:
        other.close()
    assert row is not None and calls == [(0, 1)] and row == store.load(code)
    assert row.opener == "" and row.version == 2 and row.state["counter"] == 1
    assert [(seat.kind, seat.holder, seat.password) for seat in row.seats[:3]] == [
        ("remote", "", HASH), ("remote", "", ""), ("cpu", "", "")]
    assert row.seats[3].holder == "bram-process" and store.away(row) == {0, 1}


def test_leaving_is_away_at_once_and_coming_back_takes_the_seat_again(
    store: TableStore, code: str, wall: Wall
) -> None:
    store.sit(code, 2, "first-process", HASH)
    store.leave(code, 2, "not-the-holder")
    assert store.away(store.load(code)) == frozenset()
    store.leave(code, 2, "first-process")
    row = store.load(code)
    assert store.away(row) == {2} and row.version == 2
    assert row.seats[2].password == HASH  # the seat stays Bram's, to come back to

    wall.now += 1000.0
    row = store.come_back(code, 2, "second-process")
    assert store.away(row) == frozenset() and row.version == 3
    assert (row.seats[2].holder, row.seats[2].seen) == ("second-process", wall.now)


def test_coming_back_takes_the_seat_from_a_process_still_holding_it(
    store: TableStore, code: str, wall: Wall
) -> None:
    store.sit(code, 2, "old-process", HASH)
    store.come_back(code, 2, "new-process")  # the old one was killed a moment ago
    wall.now += AWAY_AFTER
    store.heartbeat(code, 2, "old-process")  # a late beat of the old holder counts for nothing
    store.leave(code, 2, "old-process")
    store.heartbeat(code, 2, "new-process")
    wall.now += AWAY_AFTER / 2
    row = store.load(code)
    assert row.seats[2].holder == "new-process" and store.away(row) == frozenset()


@pytest.mark.parametrize("seat", [0, 1, 3])
def test_only_a_remote_seat_can_be_taken_back(store: TableStore, code: str, seat: int) -> None:
    with pytest.raises(TableProblem) as refused:
        store.come_back(code, seat, "h")
    assert one_sentence(refused.value) == ("Only a seat taken from another screen can be taken "
                                           "back.")
    assert store.load(code).version == 0


def test_a_table_s_printed_form_shows_no_hand_no_password_hash_and_no_holder(
    store: TableStore, path: Path
) -> None:
    code = store.open_table("pesten", {"hands": [["QS", "7H"]], "seed": 918273}, SEATS, "me")
    row = store.sit(code, 2, "secret-holder-token", HASH)
    for shown in (repr(row), str(row), repr(row.seats), f"{row.seats[2]}"):
        assert HASH not in shown and "secret-holder-token" not in shown
        assert "QS" not in shown and "918273" not in shown
        assert "Bram" in shown


# ---------------------------------------------------------------- the CPU lease


def test_one_process_runs_the_cpus_until_its_lease_runs_out(
    store: TableStore, code: str, path: Path, wall: Wall
) -> None:
    other = TableStore(path, wall=wall)
    assert store.take_lease(code, "first")
    assert not other.take_lease(code, "second")
    wall.now += LEASE_SECONDS * 0.9
    assert store.take_lease(code, "first")  # renewed
    wall.now += LEASE_SECONDS * 0.9
    assert not other.take_lease(code, "second")  # still within the renewed lease
    wall.now += LEASE_SECONDS * 0.2
    assert other.take_lease(code, "second")  # it ran out: taken over
    assert not store.take_lease(code, "first")
    other.close()


def test_closing_a_store_gives_its_lease_up_at_once(
    store: TableStore, code: str, path: Path, wall: Wall
) -> None:
    other = TableStore(path, wall=wall)
    assert other.take_lease(code, "leaving")
    assert not store.take_lease(code, "staying")
    other.close()
    assert store.take_lease(code, "staying")


# ---------------------------------------------------------------- noticing changes


def test_changed_says_when_another_process_wrote_and_only_then(
    store: TableStore, code: str, path: Path
) -> None:
    watcher = TableStore(path)
    assert not watcher.changed()
    watcher.load(code)
    watcher.act(code, 0, add(1))  # its own writes are not news to it
    assert not watcher.changed()
    store.act(code, 1, add(1))
    assert watcher.changed()
    assert not watcher.changed()  # said once
    store.sit(code, 2, "h", HASH)
    assert watcher.changed() and watcher.load(code).version == 3
    watcher.close()


# ---------------------------------------------------------------- damage and refusal


def write_directly(path: Path, statement: str, *parameters: object) -> None:
    """Damage the file as another program (or a bad disk) would."""
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute(statement, parameters)


@pytest.mark.parametrize("state", [
    "not json", "[1, 2]", '"text"', "null", "{", "[" * 100_000, b"\xff\xfe{}",
], ids=["words", "list", "string", "null", "cut", "deep", "bytes"])
def test_a_table_whose_state_is_not_a_json_object_is_damaged_with_one_sentence(
    store: TableStore, code: str, path: Path, state: str | bytes
) -> None:
    write_directly(path, "UPDATE shared_tables SET state = ?", state)
    attempts: tuple[Callable[[], object], ...] = (lambda: store.load(code),
                                                  lambda: store.act(code, 0, add(1)))
    for attempt in attempts:
        with pytest.raises(TableProblem) as refused:
            attempt()
        assert one_sentence(refused.value) == f"The table {code} is damaged; it cannot be played."


def test_a_table_whose_state_is_not_text_of_utf_8_is_damaged_with_one_sentence(
    store: TableStore, code: str, path: Path
) -> None:
    write_directly(path, "UPDATE shared_tables SET state = CAST(? AS TEXT)", b'{"a": "\xff"')
    with pytest.raises(TableProblem) as refused:
        store.load(code)
    assert one_sentence(refused.value) == f"The table {code} is damaged; it cannot be played."


@pytest.mark.parametrize(("column", "value"), [
    ("kind", "wizard"), ("seat", "two"), ("name", b"\x00\xff"), ("seen", "yesterday"),
])
def test_a_table_with_a_damaged_seat_is_damaged_with_one_sentence(
    store: TableStore, code: str, path: Path, column: str, value: object
) -> None:
    write_directly(path, f"UPDATE shared_seats SET {column} = ? WHERE seat = 2", value)
    with pytest.raises(TableProblem) as refused:
        store.load(code)
    assert one_sentence(refused.value) == f"The table {code} is damaged; it cannot be played."


def test_a_damaged_database_is_set_aside_and_a_new_one_holds_tables(tmp_path: Path) -> None:
    path = tmp_path / "tableau.db"
    path.write_bytes(b"not a database at all " * 200)
    store = TableStore(path)
    assert store.problem is not None and "was damaged, so it was renamed" in store.problem
    code = store.open_table("pesten", {"counter": 0}, SEATS, "me")
    assert store.load(code).version == 0
    store.close()
    assert [aside.read_bytes() for aside in tmp_path.glob("tableau.db.damaged-*")] == [
        b"not a database at all " * 200]


@pytest.mark.parametrize(("made", "words"), [
    ("folder", "tableau.db is a folder, not tableau's database"),
    ("foreign", "tableau.db is another program's database"),
    ("newer", "tableau.db was made by a newer tableau (schema 99)"),
])
def test_a_database_tableau_may_not_use_is_one_sentence_and_left_untouched(
    tmp_path: Path, made: str, words: str
) -> None:
    path = tmp_path / "tableau.db"
    if made == "folder":
        path.mkdir()
    else:
        write_directly(path, "CREATE TABLE contacts (name TEXT)")
        if made == "newer":
            write_directly(path, "PRAGMA user_version = 99")
    before = {file.name: file.is_dir() or file.read_bytes() for file in tmp_path.iterdir()}
    with pytest.raises(TableProblem) as refused:
        TableStore(path)
    assert one_sentence(refused.value) == f"Tables cannot be played here: {words}."
    assert {file.name: file.is_dir() or file.read_bytes()
            for file in tmp_path.iterdir()} == before


def test_a_database_its_user_may_not_write_is_one_sentence() -> None:
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("needs root and setpriv to run as a user for whom file modes hold")
    folder = Path(tempfile.mkdtemp(prefix="tableau-table-read-only-"))
    try:
        TableStore(folder / "tableau.db").close()
        folder.chmod(0o755)  # nobody may look in, and not write
        done = subprocess.run(
            ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups",
             sys.executable, WORKERS, "open", str(folder / "tableau.db")],
            capture_output=True, text=True, timeout=TIMEOUT,
            env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")})
        assert (done.returncode, done.stderr) == (0, "")
        assert done.stdout == ("Tables cannot be played here: tableau.db cannot be written (it "
                               "is read-only).\n")
    finally:
        shutil.rmtree(folder)


# ---------------------------------------------------------------- processes at one table


def worker(*arguments: str) -> subprocess.Popen[str]:
    process = subprocess.Popen([sys.executable, WORKERS, *arguments], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    assert process.stdout.readline() == "ready\n", process.communicate(timeout=TIMEOUT)
    return process


def go(processes: list[subprocess.Popen[str]]) -> None:
    for process in processes:  # all are ready: let them move together
        assert process.stdin is not None
        process.stdin.write("go\n")
        process.stdin.flush()


def committed(said: str) -> list[tuple[int, int]]:
    """(move number, version) of each move a worker said it committed."""
    return [(int(words[1]), int(words[2])) for words in map(str.split, said.splitlines())
            if words[:1] == ["ok"]]


def check_every_move_once(row: TableRow, made: dict[str, list[tuple[int, int]]],
                          unsure: str = "") -> None:
    """The counter is the number of moves, each move in once, in the order of the versions the
    processes saw (a move committed by ``unsure`` but not yet said may be in, once)."""
    moves = row.state["moves"]
    assert len(moves) == len(set(moves)) == row.state["counter"] == row.version
    said = {f"{who}:{number}": version for who, lines in made.items()
            for number, version in lines}
    for version, move in enumerate(moves, start=1):
        assert said.get(move, version) == version, move
        assert move in said or move.startswith(f"{unsure}:"), move
    assert set(said) <= set(moves)


@pytest.mark.parametrize("acts", [
    pytest.param(25, id="quick"),
    pytest.param(200, id="all", marks=pytest.mark.exhaustive),
])
def test_four_processes_moving_at_once_apply_every_move_exactly_once(
    store: TableStore, code: str, path: Path, acts: int
) -> None:
    names = ["north", "east", "south", "west"]
    processes = [worker("count", str(path), code, who, str(acts), str(seed))
                 for seed, who in enumerate(names)]
    go(processes)
    made: dict[str, list[tuple[int, int]]] = {}
    stale = 0
    for who, process in zip(names, processes, strict=True):
        said, errors = process.communicate(timeout=TIMEOUT)
        assert process.returncode == 0, errors
        made[who] = committed(said)
        assert [number for number, _ in made[who]] == list(range(acts))
        stale += int(said.split()[-1])
    row = store.load(code)
    assert row.version == 4 * acts
    check_every_move_once(row, made)
    assert stale > 0  # the processes did get in each other's way


@pytest.mark.parametrize("seed", [
    pytest.param(0, id="quick"),
    *(pytest.param(seed, id=f"all-{seed}", marks=pytest.mark.exhaustive)
      for seed in range(1, 9)),
])
def test_a_process_killed_mid_move_leaves_the_table_whole_and_its_lease_is_taken_over(
    store: TableStore, code: str, path: Path, seed: int
) -> None:
    acts = 25
    killed = worker("forever", str(path), code, "killed")
    names = ["north", "east", "south"]
    processes = [worker("count", str(path), code, who, str(acts), str(seed * 10 + number))
                 for number, who in enumerate(names)]
    go([killed, *processes])
    assert killed.stdout is not None
    lines = random.Random(seed).randint(1, 12)  # then it is somewhere mid-run
    said_by_killed = [killed.stdout.readline() for _ in range(lines)]
    rest, _ = kill_9(killed, timeout=TIMEOUT)
    made = {"killed": committed("".join(said_by_killed) + rest.rpartition("\n")[0])}
    for who, process in zip(names, processes, strict=True):
        said, errors = process.communicate(timeout=TIMEOUT)
        assert process.returncode == 0, errors  # the others finished
        made[who] = committed(said)
        assert [number for number, _ in made[who]] == list(range(acts))

    row = store.load(code)
    check_every_move_once(row, made, unsure="killed")
    assert row.version >= 3 * acts + len(made["killed"])

    # The dead process's lease (only it takes one), read by its end: a slow machine's real
    # clock may pass that end before this line.
    connection = sqlite3.connect(path)
    (expires,) = connection.execute("SELECT expires FROM shared_leases WHERE code = ?",
                                    (code,)).fetchone()
    connection.close()
    heir = TableStore(path, wall=(wall := Wall(expires - 0.01)))
    assert not heir.take_lease(code, "heir")  # the dead process's lease still runs
    wall.now = expires + 0.01
    assert heir.take_lease(code, "heir")  # it ran out: the table goes on
    heir.close()


def test_a_database_of_the_schema_before_tables_gains_them_and_keeps_its_games(path: Path) -> None:
    connection = sqlite3.connect(path, isolation_level=None)
    for statements in MIGRATIONS[:4]:
        for statement in statements:
            connection.execute(statement)
    connection.execute("PRAGMA user_version = 4")
    connection.execute("INSERT INTO finished_games (game, variant, seed, config, started, "
                       "ended, result, moves, duration) VALUES ('gofish', 'pro', 3, '{}', 10.0, "
                       "90.0, 'won', 31, 80.0)")
    connection.close()
    tables = TableStore(path)
    assert tables.problem is None
    code = tables.open_table("pesten", {"counter": 0}, SEATS, "me")
    assert tables.load(code).version == 0
    tables.close()
    store = Store(path)
    assert store.problem is None and [game.moves for game in store.finished()] == [31]
    store.close()
