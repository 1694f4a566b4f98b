"""tableau.db under faults (issue 14): every bad file gives one clear sentence, the store is
usable or cleanly disabled, and nothing the player had is deleted or written over.

A read-only disk and a full disk are real ones: a read-only bind mount and a tiny tmpfs in a
private mount namespace (``unshare -m``, as root), in a subprocess that uses the public API.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from tableau.storage.store import MIGRATIONS
from tableau.storage.store import SCHEMA_VERSION
from tableau.storage.store import GameRecord
from tableau.storage.store import Store
from tableau.storage.store import StoreProblem

MIGRATIONS_SQL = (*(statement for statements in MIGRATIONS for statement in statements),
                  f"PRAGMA user_version = {SCHEMA_VERSION}")
DAMAGED = "tableau.db was damaged, so it was renamed tableau.db.damaged-"


def record(game: str = "yukon", moves: int = 3, size: int = 0) -> GameRecord:
    return GameRecord(game, "spec", 7, {"rules": "spec"}, 100.0, moves, 60.0, label="seed 7",
                      data={"pad": "x" * size})


def files(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in folder.iterdir() if path.is_file()}


def aside(folder: Path) -> Path:
    (found,) = folder.glob("tableau.db.damaged-*")
    return found


def assert_usable(store: Store) -> None:
    store.save(record())
    store.finish(record("gofish"), "won")
    saved = store.saved("yukon")
    assert saved is not None and saved.moves == 3
    assert [game.game for game in store.finished()] == ["gofish"]


# ---------------------------------------------------------------- damaged: set aside


@pytest.mark.parametrize("garbage", [
    b"\x00\xff" * 3000,
    b"not a database at all, just text the player wrote\n" * 40,
    b"SQLite format 3\x00" + b"\xee" * 4000,  # the right magic, then nonsense
])
def test_garbage_is_renamed_aside_with_the_same_bytes_and_a_new_db_begun(
    tmp_path: Path, garbage: bytes
) -> None:
    path = tmp_path / "tableau.db"
    path.write_bytes(garbage)
    store = Store(path)
    assert store.problem is not None and store.problem.startswith(DAMAGED)
    assert store.problem.count(". ") == 0  # one sentence
    assert aside(tmp_path).read_bytes() == garbage
    assert store.enabled
    assert_usable(store)


def healthy_database(folder: Path) -> bytes:
    """The bytes of a real tableau.db with autosaves (some of several pages) and finished
    games, closed cleanly (no -wal left)."""
    folder.mkdir()
    store = Store(folder / "tableau.db")
    for number, game in enumerate(("yukon", "gofish", "poker", "pesten")):
        store.save(record(game, number, size=3000 * number))
        store.finish(record(game, number + 10), "won")
        store.save(record(game, number + 20, size=2000 * number))
    store.close()
    assert sorted(files(folder)) == ["tableau.db"]
    return (folder / "tableau.db").read_bytes()


def test_a_truncated_database_is_renamed_aside_or_still_whole(tmp_path: Path) -> None:
    whole = healthy_database(tmp_path / "whole")
    cuts = [16, 100, 1000, 4096, 4096 + 512, len(whole) // 2, len(whole) - 4096,
            len(whole) - 1]
    set_aside = 0
    for cut in cuts:
        folder = tmp_path / f"cut-{cut}"
        folder.mkdir()
        (folder / "tableau.db").write_bytes(whole[:cut])
        store = Store(folder / "tableau.db")
        assert store.enabled, cut
        if store.problem is None:
            # the cut only took free pages off the end: every game is still there
            assert len(store.saves()[0]) == 4 and len(store.finished()) == 4, cut
        else:
            set_aside += 1
            assert store.problem.startswith(DAMAGED), cut
            assert aside(folder).read_bytes() == whole[:cut], cut
            assert store.saves() == ([], [])
        assert_usable(store)
        store.close()
    assert set_aside >= len(cuts) - 2


def test_a_second_damaged_file_never_replaces_the_first_one_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "tableau.db"
    for garbage in (b"first" * 500, b"second" * 500):
        path.write_bytes(garbage)
        Store(path, wall=lambda: 1000.0).close()
    kept = sorted(file for name, file in files(tmp_path).items() if ".damaged-" in name)
    assert kept == sorted([b"first" * 500, b"second" * 500])


# ---------------------------------------------------------------- refused: left untouched


def refused(tmp_path: Path, words: str) -> None:
    """The store is disabled with one sentence naming why, and the folder is as it was."""
    before = files(tmp_path)
    store = Store(tmp_path / "tableau.db")
    assert not store.enabled
    assert store.problem is not None and words in store.problem
    assert store.problem.startswith("Games are not saved in this run: ")
    store.save(record())
    store.finish(record(), "won")
    assert store.saves() == ([], []) and store.finished() == []
    store.close()
    assert files(tmp_path) == before


def test_a_database_from_a_newer_tableau_is_left_untouched(tmp_path: Path) -> None:
    connection = sqlite3.connect(tmp_path / "tableau.db")
    connection.execute("CREATE TABLE autosaves (game TEXT, future BLOB)")
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.commit()
    connection.close()
    refused(tmp_path, "made by a newer tableau")


def left_with_a_wal(folder: Path, *statements: str) -> None:
    """A WAL-mode tableau.db as a process killed mid-run leaves it: the last writes still in
    tableau.db-wal, not yet in the file."""
    folder.mkdir()
    source = folder / "running"
    source.mkdir()
    connection = sqlite3.connect(source / "tableau.db", isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA wal_autocheckpoint = 0")
    for statement in statements:
        connection.execute(statement)
    for file in source.iterdir():
        shutil.copy(file, folder / file.name)
    connection.close()
    shutil.rmtree(source)
    assert (folder / "tableau.db-wal").stat().st_size > 0


@pytest.mark.parametrize(("statements", "words"), [
    (("CREATE TABLE autosaves (game TEXT)", f"PRAGMA user_version = {SCHEMA_VERSION + 1}"),
     "made by a newer tableau"),
    (("CREATE TABLE notes (text TEXT)", "INSERT INTO notes VALUES ('mine')"),
     "another program's database"),
])
def test_a_refused_database_s_left_over_wal_is_not_written_into_it(
    tmp_path: Path, statements: tuple[str, ...], words: str
) -> None:
    left_with_a_wal(tmp_path / "home", *statements)
    before = files(tmp_path / "home")
    store = Store(tmp_path / "home" / "tableau.db")
    assert not store.enabled and store.problem is not None and words in store.problem
    store.close()
    after = files(tmp_path / "home")
    for name in ("tableau.db", "tableau.db-wal"):
        assert after[name] == before[name]


def test_our_own_left_over_wal_is_taken_in(tmp_path: Path) -> None:
    left_with_a_wal(tmp_path / "home", *MIGRATIONS_SQL,
                    "INSERT INTO autosaves (id, game, variant, config, started, moves, "
                    "duration, saved, data) VALUES ('a1', 'yukon', 'spec', '{}', 1, 9, 2, 3, "
                    "'{}')")
    store = Store(tmp_path / "home" / "tableau.db")
    assert store.problem is None
    saved = store.saved("yukon")
    assert saved is not None and saved.moves == 9


def test_another_program_s_database_is_left_untouched(tmp_path: Path) -> None:
    connection = sqlite3.connect(tmp_path / "tableau.db")
    connection.execute("CREATE TABLE contacts (name TEXT, phone TEXT)")
    connection.execute("INSERT INTO contacts VALUES ('Anna', '555')")
    connection.commit()
    connection.close()
    refused(tmp_path, "another program's database")


def test_a_folder_in_the_database_s_place_is_left_untouched(tmp_path: Path) -> None:
    (tmp_path / "tableau.db").mkdir()
    (tmp_path / "tableau.db" / "inside.txt").write_text("mine")
    refused(tmp_path, "is a folder")
    assert (tmp_path / "tableau.db" / "inside.txt").read_text() == "mine"


def test_a_link_to_nowhere_in_the_database_s_place_is_left_untouched(tmp_path: Path) -> None:
    (tmp_path / "tableau.db").symlink_to(tmp_path / "missing" / "target.db")
    store = Store(tmp_path / "tableau.db")
    assert not store.enabled and store.problem is not None
    assert (tmp_path / "tableau.db").is_symlink() and not (tmp_path / "missing").exists()


# ---------------------------------------------------------------- damaged rows


def test_damaged_autosave_rows_are_skipped_with_a_sentence_each(tmp_path: Path) -> None:
    path = tmp_path / "tableau.db"
    store = Store(path)
    for game in ("yukon", "gofish", "poker", "pesten", "bad-data", "bad-moves"):
        store.save(record(game))
    store.close()
    connection = sqlite3.connect(path)
    connection.execute("UPDATE autosaves SET config = '[1, 2]' WHERE game = 'gofish'")
    connection.execute("UPDATE autosaves SET details = 'nonsense' WHERE game = 'poker'")
    connection.execute("UPDATE autosaves SET data = '{\"cut off' WHERE game = 'bad-data'")
    connection.execute("UPDATE autosaves SET moves = 'many' WHERE game = 'bad-moves'")
    connection.execute("UPDATE autosaves SET seed = 'x', started = 'then' WHERE game = 'pesten'")
    connection.commit()
    connection.close()

    store = Store(path)
    summaries, problems = store.saves()
    # the summaries do not read the data; reading it finds the damage
    assert sorted(saved.game for saved in summaries) == ["bad-data", "yukon"]
    assert len(problems) == 4 and all(problem.endswith("is damaged, so it is skipped.")
                                      for problem in problems)
    loaded, problems = store.saves(with_data=True)
    assert [saved.game for saved in loaded] == ["yukon"] and len(problems) == 5
    for game in ("gofish", "poker", "pesten", "bad-data", "bad-moves"):
        with pytest.raises(StoreProblem, match="is damaged, so it cannot be continued"):
            store.saved(game)
    assert store.saved("yukon") is not None
    # a damaged save is dropped, not counted, when a new game replaces it
    assert store.abandon("bad-moves") is None
    assert store.finished() == []
    assert_usable(store)


@pytest.mark.parametrize("junk", ["{not json", "[1, 2]"])
def test_an_autosave_whose_data_is_no_json_object_cannot_be_continued(
    tmp_path: Path, junk: str
) -> None:
    """Not JSON, or JSON that is no object: the sentence the menu shows (one of them through
    the menu: tests/ui/test_yukon_resume.py), and the row is left as it is."""
    path = tmp_path / "tableau.db"
    store = Store(path)
    store.save(record("yukon"))
    store.close()
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE autosaves SET data = ? WHERE game = 'yukon'", (junk,))
    connection.close()
    store = Store(path)
    with pytest.raises(StoreProblem) as refusal:
        store.saved("yukon")
    assert str(refusal.value) == "The saved Yukon game is damaged, so it cannot be continued."
    store.close()
    with sqlite3.connect(path) as connection:
        (data,) = connection.execute("SELECT data FROM autosaves WHERE game = 'yukon'").fetchone()
    connection.close()
    assert data == junk


def test_damaged_finished_rows_are_left_out_of_the_statistics(tmp_path: Path) -> None:
    path = tmp_path / "tableau.db"
    store = Store(path)
    for moves in (1, 2, 3):
        store.finish(record(moves=moves), "won")
    store.close()
    connection = sqlite3.connect(path)
    connection.execute("UPDATE finished_games SET result = 'exploded' WHERE moves = 2")
    connection.commit()
    connection.close()
    assert [game.moves for game in Store(path).finished()] == [1, 3]


# ---------------------------------------------------------------- real read-only and full disks


def namespace_works() -> str | None:
    """Why the disk tests cannot run here, or None."""
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        return "needs root and unshare to mount a read-only or tiny file system"
    probe = subprocess.run(["unshare", "-m", "true"], capture_output=True)
    return None if probe.returncode == 0 else "unshare -m is not allowed here"


def ran(command: list[str], root: Path, script: str) -> dict[str, object]:
    """What ``command`` + [the Python ``script`` after PRELUDE] printed last (one JSON
    object); ``root`` is the script's ``root``."""
    done = subprocess.run(
        [*command, PRELUDE + textwrap.dedent(script)], capture_output=True, text=True,
        timeout=60, env={**os.environ, "ROOT": str(root),
                         "PYTHONPATH": str(Path(__file__).parents[2] / "src")},
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert isinstance(result, dict)
    return result


def in_namespace(tmp_path: Path, mounts: str, script: str) -> dict[str, object]:
    """Run ``script`` after the shell ``mounts``, in a mount namespace of its own: the mounts
    vanish with it."""
    why = namespace_works()
    if why is not None:
        pytest.skip(why)
    command = f'set -e; {mounts}; exec {sys.executable} -c "$0"'
    return ran(["unshare", "-m", "sh", "-c", command], tmp_path, script)


PRELUDE = """
import json, os
from pathlib import Path
from tableau.storage.store import GameRecord, Store, StoreProblem
root = Path(os.environ["ROOT"])

def record(moves, size=0):
    return GameRecord("yukon", "spec", 7, {}, 100.0, moves, 60.0, data={"pad": "x" * size})

def attempt(action):
    try:
        action()
    except StoreProblem as problem:
        return str(problem)
    return None
"""


def test_a_read_only_disk_disables_the_store_with_a_sentence_and_changes_nothing(
    tmp_path: Path
) -> None:
    folder = tmp_path / "home"
    folder.mkdir()
    store = Store(folder / "tableau.db")
    store.save(record())
    store.finish(record("gofish"), "won")
    store.close()
    before = files(folder)
    result = in_namespace(tmp_path, f"mount --bind {folder} {folder}; "
                                    f"mount -o remount,bind,ro {folder}", """
        store = Store(root / "home" / "tableau.db")
        new = Store(root / "home" / "new" / "tableau.db")
        print(json.dumps({"enabled": store.enabled, "problem": store.problem,
                          "save": attempt(lambda: store.save(record(9))),
                          "saves": len(store.saves()[0]),
                          "new": new.problem}))
    """)
    assert result == {
        "enabled": False,
        "problem": "Games are not saved in this run: tableau.db cannot be written (it is "
                   "read-only).",
        "save": None, "saves": 0,
        "new": "Games are not saved in this run: the folder for tableau.db cannot be made "
               "(Read-only file system).",
    }
    assert files(folder) == before


def as_nobody(folder: Path, script: str) -> dict[str, object]:
    """Run ``script`` as the user nobody (for whom file modes hold, unlike root)."""
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("needs root and setpriv to run as another user")
    return ran(["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups",
                sys.executable, "-c"], folder, script)


@pytest.mark.parametrize(("writable", "why"), [
    ("the folder", "it is read-only"),
    ("the file", "its folder is read-only"),
])
def test_a_database_its_user_may_not_write_is_left_untouched(writable: str, why: str) -> None:
    folder = Path(tempfile.mkdtemp(prefix="tableau-read-only-"))  # one nobody can reach
    try:
        folder.chmod(0o755)
        store = Store(folder / "tableau.db")
        store.finish(record(), "won")
        store.close()
        folder.chmod(0o755)  # the store made it private (0700); here nobody must reach it
        if writable == "the folder":
            (folder / "tableau.db").chmod(0o444)
            shutil.chown(folder, "nobody")
        else:
            shutil.chown(folder / "tableau.db", "nobody")
        before = files(folder)
        result = as_nobody(folder, """
            store = Store(root / "tableau.db")
            print(json.dumps({"problem": store.problem,
                              "save": attempt(lambda: store.save(record(9)))}))
        """)
        assert result == {"problem": "Games are not saved in this run: tableau.db cannot be "
                                     f"written ({why}).", "save": None}
        assert files(folder) == before
    finally:
        shutil.rmtree(folder)


def test_a_full_disk_fails_one_save_with_a_sentence_and_the_next_works_again(
    tmp_path: Path
) -> None:
    (tmp_path / "disk").mkdir()
    result = in_namespace(tmp_path, f"mount -t tmpfs -o size=1m tmpfs {tmp_path}/disk", """
        disk = root / "disk"
        store = Store(disk / "tableau.db")
        store.save(record(1))
        filler = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT)
        try:
            while True:
                os.write(filler, bytes(4096))
        except OSError:
            os.close(filler)
        full = attempt(lambda: store.save(record(2, size=60000)))
        kept = store.saved("yukon").moves
        os.unlink(disk / "filler")
        again = attempt(lambda: store.save(record(3, size=60000)))
        print(json.dumps({"full": full, "kept": kept, "again": again,
                          "now": store.saved("yukon").moves}))
    """)
    assert result == {
        "full": "The disk is full, so saving the game failed; the game goes on.",
        "kept": 1, "again": None, "now": 3,
    }


# ---------------------------------------------------------------- random damage


@pytest.fixture(scope="module")
def whole_database(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    return healthy_database(tmp_path_factory.mktemp("whole") / "home")


def used_without_a_crash(store: Store) -> bool:
    """Read and write ``store`` every way the app does; False if any said StoreProblem."""
    actions = (lambda: store.saves(with_data=True), store.finished,
               lambda: store.saved("yukon"), lambda: store.save(record()),
               lambda: store.finish(record("poker"), "won"), lambda: store.abandon("gofish"))
    quiet = True
    for action in actions:
        try:
            action()
        except StoreProblem as problem:
            assert str(problem).endswith((" the game goes on.", "cannot be continued."))
            quiet = False
    return quiet


@pytest.mark.parametrize("copies", [
    pytest.param(50, id="quick"),  # make test
    pytest.param(250, id="all", marks=pytest.mark.exhaustive),  # make test-all
])
def test_bytes_damaged_anywhere_never_crash_the_store(
    tmp_path: Path, whole_database: bytes, copies: int
) -> None:
    """250 copies (50 in make test) of a real tableau.db, each with 1 to 8 bytes changed at
    random: opening and using each gives sentences (StoreProblem, ``problem``, skipped rows),
    never a crash."""
    dice = random.Random(14)
    outcomes: set[str] = set()
    for attempt in range(copies):
        damaged = bytearray(whole_database)
        for _ in range(dice.randint(1, 8)):
            damaged[dice.randrange(len(damaged))] ^= dice.randint(1, 255)
        folder = tmp_path / str(attempt)
        folder.mkdir()
        (folder / "tableau.db").write_bytes(damaged)
        store = Store(folder / "tableau.db")
        if store.problem is not None and not store.enabled:  # a user_version hit: "newer"
            assert store.problem.startswith("Games are not saved in this run: ")
            assert (folder / "tableau.db").read_bytes() == damaged
            outcomes.add("refused")
        elif store.problem is not None:
            assert store.problem.startswith(DAMAGED), store.problem
            assert aside(folder).read_bytes() == damaged
            outcomes.add("set aside")
        if not used_without_a_crash(store):
            outcomes.add("a sentence")
        if store.problem is None and store.saves()[1]:
            outcomes.add("rows skipped")
        store.close()
    assert outcomes >= {"set aside", "rows skipped"}


def test_a_damaged_table_definition_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "tableau.db"
    Store(path).close()
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA writable_schema = ON")
    connection.execute("UPDATE sqlite_master SET sql = replace(sql, 'config', 'konfig') "
                       "WHERE name = 'autosaves'")
    connection.commit()
    connection.close()
    damaged = path.read_bytes()
    store = Store(path)
    assert store.problem is not None and store.problem.startswith(DAMAGED)
    assert aside(tmp_path).read_bytes() == damaged
    assert_usable(store)


def test_a_row_whose_text_is_not_utf8_is_skipped_alone(tmp_path: Path) -> None:
    path = tmp_path / "tableau.db"
    store = Store(path)
    store.save(record("yukon"))
    store.save(record("poker"))
    store.close()
    connection = sqlite3.connect(path)
    connection.execute("UPDATE autosaves SET data = CAST(X'7B22FF22' AS TEXT), "
                       "label = CAST(X'C3' AS TEXT) WHERE game = 'poker'")
    connection.commit()
    connection.close()
    saves, problems = Store(path).saves(with_data=True)
    assert [saved.game for saved in saves] == ["yukon"]
    assert problems == ["The saved Poker game is damaged, so it is skipped."]
