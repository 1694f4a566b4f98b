"""Opening ``tableau.db``: the schema and its migrations, and sorting a file into ours (used,
migrated), not ours to change (newer, foreign, read-only: refused, untouched) and damaged
(renamed aside, a new one begun). Also the one sentence for every database failure."""

from __future__ import annotations

import os
import sqlite3
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextlib import suppress
from functools import cache
from pathlib import Path
from typing import Any
from typing import Final

from tableau.storage.home import private_database
from tableau.storage.home import private_folder
from tableau.text import shorten

BUSY_TIMEOUT_MS: Final = 5000


MIGRATIONS: Final[tuple[tuple[str, ...], ...]] = (
    # 1: finished games and one autosave per game.
    (
        """CREATE TABLE finished_games (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL, variant TEXT NOT NULL, seed INTEGER, config TEXT NOT NULL,
            started REAL NOT NULL, ended REAL NOT NULL, result TEXT NOT NULL,
            moves INTEGER NOT NULL, duration REAL NOT NULL)""",
        """CREATE TABLE autosaves (
            game TEXT PRIMARY KEY,
            variant TEXT NOT NULL, seed INTEGER, config TEXT NOT NULL,
            started REAL NOT NULL, moves INTEGER NOT NULL, duration REAL NOT NULL,
            saved REAL NOT NULL, data TEXT NOT NULL)""",
    ),
    # 2: each game's own figures (books, pots, names) and the menu's words for a save.
    (
        "ALTER TABLE finished_games ADD COLUMN details TEXT NOT NULL DEFAULT '{}'",
        "ALTER TABLE autosaves ADD COLUMN details TEXT NOT NULL DEFAULT '{}'",
        "ALTER TABLE autosaves ADD COLUMN label TEXT NOT NULL DEFAULT ''",
    ),
    # 3: the statistics read one game's rows in order.
    ("CREATE INDEX finished_by_game ON finished_games (game, ended)",),
    # 4: every game in progress its own row, by an id, claimed by the process playing it;
    # a finished game names the game it ended (so an end undone is taken back).
    (
        "ALTER TABLE autosaves RENAME TO autosaves_by_kind",
        """CREATE TABLE autosaves (
            id TEXT PRIMARY KEY NOT NULL,
            game TEXT NOT NULL, variant TEXT NOT NULL, seed INTEGER, config TEXT NOT NULL,
            started REAL NOT NULL, moves INTEGER NOT NULL, duration REAL NOT NULL,
            saved REAL NOT NULL, data TEXT NOT NULL, details TEXT NOT NULL DEFAULT '{}',
            label TEXT NOT NULL DEFAULT '', owner TEXT NOT NULL DEFAULT '',
            lease REAL NOT NULL DEFAULT 0)""",
        """INSERT INTO autosaves (id, game, variant, seed, config, started, moves, duration,
                                  saved, data, details, label)
           SELECT lower(hex(randomblob(16))), game, variant, seed, config, started, moves,
                  duration, saved, data, details, label FROM autosaves_by_kind""",
        "DROP TABLE autosaves_by_kind",
        "CREATE INDEX autosaves_by_game ON autosaves (game, saved)",
        "ALTER TABLE finished_games ADD COLUMN game_id TEXT",
        "CREATE INDEX finished_by_game_id ON finished_games (game_id)",
    ),
    # 5: tables across screens (storage/table_store.py): a table's state and version, its
    # seats (who holds each remote one, and when that process was last seen), and the lease
    # of the one process that runs its CPU seats.
    (
        """CREATE TABLE shared_tables (
            code TEXT PRIMARY KEY NOT NULL,
            game TEXT NOT NULL, version INTEGER NOT NULL, state TEXT NOT NULL,
            opener TEXT NOT NULL, opened REAL NOT NULL, updated REAL NOT NULL,
            closed INTEGER NOT NULL DEFAULT 0)""",
        """CREATE TABLE shared_seats (
            code TEXT NOT NULL, seat INTEGER NOT NULL,
            name TEXT NOT NULL, kind TEXT NOT NULL, password TEXT NOT NULL DEFAULT '',
            holder TEXT NOT NULL DEFAULT '', seen REAL NOT NULL DEFAULT 0,
            PRIMARY KEY (code, seat))""",
        """CREATE TABLE shared_leases (
            code TEXT PRIMARY KEY NOT NULL, holder TEXT NOT NULL, expires REAL NOT NULL)""",
    ),
    # 6: the opener's own heartbeat, so an opener who holds no seat (every seat a friend's)
    # is missed too when its screen is gone.
    ("ALTER TABLE shared_tables ADD COLUMN opener_seen REAL NOT NULL DEFAULT 0",),
)
SCHEMA_VERSION: Final = len(MIGRATIONS)
OUR_TABLES: Final = frozenset({"finished_games", "autosaves", "shared_tables", "shared_seats",
                               "shared_leases"})

DAMAGED: Final = frozenset({sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT})
_FULL: Final = sqlite3.SQLITE_FULL
READ_ONLY: Final = frozenset({sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM,
                              sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_AUTH})


class StoreProblem(Exception):
    """Reading or writing the store failed; str() is one sentence for the player."""


FAILURES: Final = (sqlite3.Error, UnicodeDecodeError)
"""What a database call may raise: SQLite's errors, and UnicodeDecodeError when the text it
reports (an error message, a check) quotes damaged bytes."""


def code_of(error: Exception) -> int | None:
    """The primary result code (SQLITE_READONLY for SQLITE_READONLY_DBMOVED, ...)."""
    if isinstance(error, UnicodeDecodeError):
        return sqlite3.SQLITE_CORRUPT
    code = getattr(error, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def sentence_for(error: Exception, doing: str) -> str:
    code = code_of(error)
    if code == _FULL:
        return f"The disk is full, so {doing} failed; the game goes on."
    if code in READ_ONLY:
        return f"The database cannot be written (read-only), so {doing} failed; the game goes on."
    if code in DAMAGED:
        return f"The database is damaged, so {doing} failed; the game goes on."
    return f"The database failed ({shorten(str(error), 80)}), so {doing} failed; the game goes on."


@contextmanager
def in_transaction(connection: sqlite3.Connection, doing: str
                    ) -> Iterator[sqlite3.Connection]:
    """One ``BEGIN IMMEDIATE`` transaction; a failure raises StoreProblem saying ``doing``."""
    try:
        connection.execute("BEGIN IMMEDIATE")
        try:
            yield connection
            connection.execute("COMMIT")
        except BaseException:
            if connection.in_transaction:
                with suppress(sqlite3.Error):
                    connection.execute("ROLLBACK")
            raise
    except FAILURES as error:
        raise StoreProblem(sentence_for(error, doing)) from None


class Refused(Exception):
    """A database we must not touch (newer or foreign); str() says why."""


def marked(error: BaseException) -> BaseException:
    """``error``, with damage SQLite gives no code for (a failed quick_check, a report
    quoting damaged bytes) coded as SQLITE_CORRUPT."""
    if isinstance(error, UnicodeDecodeError):
        error = sqlite3.DatabaseError("database disk image is malformed (damaged text)")
    if isinstance(error, sqlite3.Error) and ("malformed" in str(error)
                                             or str(error).startswith("Could not decode")):
        error.sqlite_errorcode = sqlite3.SQLITE_CORRUPT
    return error


def _check(connection: sqlite3.Connection, name: str) -> None:
    """Refuse a file that is not ours to change (newer or foreign); find a damaged one."""
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise Refused(f"{name} was made by a newer tableau (schema {version})")
    if version == 0:
        tables = {row[0] for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if tables - OUR_TABLES:
            raise Refused(f"{name} is another program's database")
    elif _columns(connection) != _columns_at(version):
        # quick_check reads no table definitions: a damaged one fails every later read
        raise sqlite3.DatabaseError("database disk image is malformed (its tables)")
    if connection.execute("PRAGMA quick_check").fetchone()[0] != "ok":
        raise sqlite3.DatabaseError("database disk image is malformed")


def _columns(connection: sqlite3.Connection) -> list[Any]:
    """Our tables' columns as the file defines them."""
    return [(table, *column) for table in sorted(OUR_TABLES)
            for column in connection.execute(f"PRAGMA table_info({table})")]


@cache
def _columns_at(version: int) -> list[Any]:
    """Our tables' columns at schema ``version``, as MIGRATIONS make them."""
    connection = sqlite3.connect(":memory:")
    try:
        for statements in MIGRATIONS[:version]:
            for statement in statements:
                connection.execute(statement)
        return _columns(connection)
    finally:
        connection.close()


def look(path: Path) -> None:
    """``_check`` on a read-only connection, for a file with a WAL beside it: a read-write
    connection would, on closing, checkpoint that WAL (a newer tableau's, say) into it."""
    look = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True,
                           timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    try:
        _check(look, path.name)
    except FAILURES as error:
        raise marked(error) from None
    finally:
        look.close()


def _use_wal(connection: sqlite3.Connection) -> None:
    """Turn WAL on. SQLite answers "database is locked" at once, without the busy timeout,
    while another process has the new file open in its first journal mode (two tableaus
    begun together), so wait here as the timeout would."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            connection.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            busy = code_of(error) == sqlite3.SQLITE_BUSY
            if not busy or time.monotonic() > deadline:
                raise
            time.sleep(0.005)


def _migrate(connection: sqlite3.Connection, name: str) -> None:
    """Bring the schema to SCHEMA_VERSION in one transaction (another process may have done
    it meanwhile: the version is read again inside)."""
    if connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION:
        return
    connection.execute("BEGIN IMMEDIATE")
    try:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:  # a newer tableau got there between the look and now
            raise Refused(f"{name} was made by a newer tableau (schema {version})")
        for statements in MIGRATIONS[version:]:
            for statement in statements:
                connection.execute(statement)
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:  # SQLite may have rolled back itself (a full disk)
            with suppress(sqlite3.Error):
                connection.execute("ROLLBACK")
        raise


def set_aside(path: Path, now: float) -> Path | None:
    """Rename a damaged database (and its WAL files) to ``<name>.damaged-<time>``; never
    over an existing file. The new name, or None if it could not be done."""
    moment = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    for attempt in range(100):
        aside = path.with_name(f"{path.name}.damaged-{moment}{f'-{attempt}' if attempt else ''}")
        if aside.exists() or aside.is_symlink():
            continue
        try:
            os.rename(path, aside)
        except OSError:
            return None
        for suffix in ("-wal", "-shm"):
            companion = path.with_name(path.name + suffix)
            if companion.exists():
                try:
                    os.rename(companion, aside.with_name(aside.name + suffix))
                except OSError:
                    return None
        return aside
    return None


def connect(path: Path) -> sqlite3.Connection:
    """A connection to ``path``, checked (``Refused`` if not ours), in WAL mode, migrated."""
    private_database(path)  # 0600 before SQLite makes -wal and -shm with its mode
    connection = sqlite3.connect(
        path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
    )
    try:
        connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        _check(connection, path.name)
        _use_wal(connection)
        connection.execute("PRAGMA synchronous = NORMAL")
        _migrate(connection, path.name)
    except (Refused, *FAILURES) as error:
        connection.close()
        raise marked(error) from None
    return connection


def open_database(path: Path, now: float) -> tuple[sqlite3.Connection | None, str | None]:
    """The database at ``path``, ready (or None: the store stays disabled), and a sentence
    for the player: why it is disabled, or that a damaged file was set aside."""
    name = path.name
    try:
        status = path.stat()
    except FileNotFoundError:
        status = None
    except OSError as error:
        return _disabled(f"{name} cannot be reached ({error.strerror})")
    if status is not None and stat.S_ISDIR(status.st_mode):
        return _disabled(f"{name} is a folder, not tableau's database")
    if status is not None and not stat.S_ISREG(status.st_mode):
        return _disabled(f"{name} is not a regular file")
    if status is not None and not os.access(path, os.W_OK):
        # SQLite would open it read-only and fail each save later
        return _disabled(f"{name} cannot be written (it is read-only)")
    try:
        if os.fspath(path) != ":memory:":  # its "folder" would be the working folder
            private_folder(path.parent)
    except OSError as error:
        return _disabled(f"the folder for {name} cannot be made ({error.strerror})")
    try:
        if path.with_name(path.name + "-wal").exists():
            look(path)
        return connect(path), None
    except Refused as refusal:
        return _disabled(str(refusal))
    except FAILURES as error:
        code = code_of(error)
        if code in READ_ONLY and not os.access(path.parent, os.W_OK):
            # SQLite says only "unable to open database file" when it cannot make -wal
            return _disabled(f"{name} cannot be written (its folder is read-only)")
        if code not in DAMAGED:
            return _disabled(f"{name} cannot be used ({shorten(str(error), 80)})")
    aside = set_aside(path, now)
    if aside is None:
        return _disabled(f"{name} is damaged and could not be renamed aside")
    try:
        connection = connect(path)
    except (Refused, *FAILURES) as error:
        return _disabled(f"a new {name} cannot be begun ({error})")
    return connection, (f"{name} was damaged, so it was renamed {aside.name} and a new "
                        "one begun; the old games are in that file.")


DISABLED: Final = "Games are not saved in this run: "
"""How open_database's sentence for a disabled database begins (the reason follows)."""


def _disabled(why: str) -> tuple[None, str]:
    return None, f"{DISABLED}{why}."
