"""The store: ``tableau.db``, an SQLite database of finished games and of the autosave of
each game in progress.

- WAL mode and a busy timeout, so two tableau processes on one folder both work; every write
  is one short ``BEGIN IMMEDIATE`` transaction, so a ``kill -9`` loses at most the write in
  flight.
- The schema version is ``PRAGMA user_version``; ``MIGRATIONS[n]`` takes version n to n + 1,
  inside the transaction that sets the new version.
- Opening never raises. A database that cannot be used leaves the store disabled (nothing is
  read or written) with one sentence in ``problem``: a folder in its place, a file tableau
  cannot write, a foreign SQLite file, or one made by a newer tableau (all left untouched). A
  damaged file (not a database, failing quick_check, or with our tables not as the migrations
  made them) is renamed aside as ``tableau.db.damaged-<time>``, never deleted or written over,
  and a new one is begun. A damaged row is skipped, with a sentence where the player asked.
- A write that fails later (a full or read-only disk) raises StoreProblem with a sentence; the
  game in front of the player goes on.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import threading
import time
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Mapping
from contextlib import contextmanager
from contextlib import suppress
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any
from typing import Final

from tableau.text import shorten

BUSY_TIMEOUT_MS: Final = 5000
RESULTS: Final = ("won", "lost", "abandoned", "finished")
"""A finished game's result for the player: "abandoned" counts as a loss; "finished" is a
game with several people at the table (Pesten), whose details say who won."""

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
)
SCHEMA_VERSION: Final = len(MIGRATIONS)
OUR_TABLES: Final = frozenset({"finished_games", "autosaves"})

_DAMAGED: Final = frozenset({sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT})
_FULL: Final = sqlite3.SQLITE_FULL
_READ_ONLY: Final = frozenset({sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM,
                               sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_AUTH})


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game as the store keeps it: the autosave of a game in progress (``data`` is the
    session's save) or a finished game (``result`` says how it ended)."""

    game: str
    variant: str
    seed: int | None
    config: Mapping[str, Any]
    started: float
    """Wall-clock time (seconds since the epoch) the game began."""
    moves: int
    duration: float
    """Seconds of play (a resumed game's clock goes on from here)."""
    label: str = ""
    """The menu's words for a save, after the game's title: "seed 24611"."""
    details: Mapping[str, Any] = field(default_factory=dict)
    """The game's own figures for the statistics (Go Fish books, Poker pots, Pesten names)."""
    data: Mapping[str, Any] | None = None
    result: str | None = None
    at: float = 0.0
    """When it was written: the autosave's time, or the game's end."""


class StoreProblem(Exception):
    """Reading or writing the store failed; str() is one sentence for the player."""


_FAILURES: Final = (sqlite3.Error, UnicodeDecodeError)
"""What a database call may raise: SQLite's errors, and UnicodeDecodeError when the text it
reports (an error message, a check) quotes damaged bytes."""


def _code(error: Exception) -> int | None:
    """The primary result code (SQLITE_READONLY for SQLITE_READONLY_DBMOVED, ...)."""
    if isinstance(error, UnicodeDecodeError):
        return sqlite3.SQLITE_CORRUPT
    code = getattr(error, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def _sentence(error: Exception, doing: str) -> str:
    code = _code(error)
    if code == _FULL:
        return f"The disk is full, so {doing} failed; the game goes on."
    if code in _READ_ONLY:
        return f"The database cannot be written (read-only), so {doing} failed; the game goes on."
    if code in _DAMAGED:
        return f"The database is damaged, so {doing} failed; the game goes on."
    return f"The database failed ({shorten(str(error), 80)}), so {doing} failed; the game goes on."


class Store:
    """``Store(path)`` opens (or begins) the database; ``Store(None)`` keeps nothing."""

    def __init__(self, path: Path | None, *, wall: Callable[[], float] = time.time) -> None:
        self.path = path
        self.wall = wall
        self.problem: str | None = None
        """Why the store is disabled, or what happened on opening (a file set aside)."""
        self._connection: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        if path is not None:
            self._connection = self._open(path)

    @property
    def enabled(self) -> bool:
        """Games are saved and statistics kept."""
        return self._connection is not None

    def close(self) -> None:
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None

    # ------------------------------------------------------------------ opening

    def _open(self, path: Path) -> sqlite3.Connection | None:
        name = path.name
        try:
            status = path.stat()
        except FileNotFoundError:
            status = None
        except OSError as error:
            return self._disabled(f"{name} cannot be reached ({error.strerror})")
        if status is not None and stat.S_ISDIR(status.st_mode):
            return self._disabled(f"{name} is a folder, not tableau's database")
        if status is not None and not stat.S_ISREG(status.st_mode):
            return self._disabled(f"{name} is not a regular file")
        if status is not None and not os.access(path, os.W_OK):
            # SQLite would open it read-only and fail each save later
            return self._disabled(f"{name} cannot be written (it is read-only)")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            return self._disabled(f"the folder for {name} cannot be made ({error.strerror})")
        try:
            if path.with_name(path.name + "-wal").exists():
                _look(path)
            return self._connect(path)
        except _Refused as refusal:
            return self._disabled(str(refusal))
        except _FAILURES as error:
            code = _code(error)
            if code in _READ_ONLY and not os.access(path.parent, os.W_OK):
                # SQLite says only "unable to open database file" when it cannot make -wal
                return self._disabled(f"{name} cannot be written (its folder is read-only)")
            if code not in _DAMAGED:
                return self._disabled(f"{name} cannot be used ({shorten(str(error), 80)})")
        aside = _set_aside(path, self.wall())
        if aside is None:
            return self._disabled(f"{name} is damaged and could not be renamed aside")
        try:
            connection = self._connect(path)
        except (_Refused, *_FAILURES) as error:
            return self._disabled(f"a new {name} cannot be begun ({error})")
        self.problem = (f"{name} was damaged, so it was renamed {aside.name} and a new one "
                        "begun; the old games are in that file.")
        return connection

    def _disabled(self, why: str) -> sqlite3.Connection | None:
        """Leave the store disabled, saying why (returns None, for ``_open``)."""
        self.problem = f"Games are not saved in this run: {why}."
        return None

    def _connect(self, path: Path) -> sqlite3.Connection:
        connection = sqlite3.connect(
            path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
        )
        try:
            connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            _check(connection, path.name)
            _use_wal(connection)
            connection.execute("PRAGMA synchronous = NORMAL")
            _migrate(connection, path.name)
        except (_Refused, *_FAILURES) as error:
            connection.close()
            raise _marked(error) from None
        return connection

    # ------------------------------------------------------------------ writing

    @contextmanager
    def _transaction(self, doing: str) -> Iterator[sqlite3.Connection | None]:
        with self._lock:
            connection = self._connection
            if connection is None:
                yield None
                return
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
            except _FAILURES as error:
                raise StoreProblem(_sentence(error, doing)) from None

    def save(self, record: GameRecord) -> None:
        """Keep ``record`` as the autosave of its game (replacing the one before)."""
        with self._transaction("saving the game") as connection:
            if connection is not None:
                _put_autosave(connection, record, self.wall())

    def finish(self, record: GameRecord, result: str) -> int | None:
        """Record a finished game and drop its game's autosave, in one transaction. Returns
        the finished game's row (for ``reopen``), or None when the store keeps nothing."""
        if result not in RESULTS:
            raise ValueError(f"A result is one of {', '.join(RESULTS)}.")
        with self._transaction("recording the game") as connection:
            if connection is None:
                return None
            row = _put_finished(connection, replace(record, result=result, at=self.wall()))
            connection.execute("DELETE FROM autosaves WHERE game = ?", (record.game,))
            return row

    def reopen(self, finished: int, record: GameRecord) -> None:
        """A finished game goes on after all (undone out of its win or its dead end): forget
        its finished row and keep ``record`` as its autosave again, in one transaction. So a
        game counts once, with the way it really ended."""
        with self._transaction("saving the game") as connection:
            if connection is not None:
                connection.execute("DELETE FROM finished_games WHERE id = ?", (finished,))
                _put_autosave(connection, record, self.wall())

    def abandon(self, game: str) -> GameRecord | None:
        """Count the autosave of ``game`` as an abandoned game (a loss) and drop it; the
        record, or None when there was none."""
        with self._transaction("recording the abandoned game") as connection:
            if connection is None:
                return None
            row = connection.execute(
                f"SELECT {_AUTOSAVE_READ} FROM autosaves WHERE game = ?", (game,)
            ).fetchone()
            if row is None:
                return None
            try:
                record = replace(_autosave(row, with_data=False), result="abandoned",
                                 at=self.wall())
            except (ValueError, TypeError):  # a damaged row: nothing to count, drop it
                record = None
            if record is not None:
                _put_finished(connection, record)
            connection.execute("DELETE FROM autosaves WHERE game = ?", (game,))
            return record

    def drop(self, game: str) -> None:
        """Forget the autosave of ``game`` (nothing is counted)."""
        with self._transaction("dropping the save") as connection:
            if connection is not None:
                connection.execute("DELETE FROM autosaves WHERE game = ?", (game,))

    def reset(self, game: str) -> None:
        """Clear the statistics of ``game`` (its finished games)."""
        with self._transaction("clearing the statistics") as connection:
            if connection is not None:
                connection.execute("DELETE FROM finished_games WHERE game = ?", (game,))

    # ------------------------------------------------------------------ reading

    def _rows(self, query: str, parameters: tuple[Any, ...], doing: str) -> list[Any]:
        with self._lock:
            connection = self._connection
            if connection is None:
                return []
            try:
                return connection.execute(query, parameters).fetchall()
            except _FAILURES as error:
                raise StoreProblem(_sentence(error, doing)) from None

    def saves(self, *, with_data: bool = False) -> tuple[list[GameRecord], list[str]]:
        """Every autosave, newest first, and a sentence for each damaged one (skipped).
        ``with_data`` reads the sessions' saves too (the menu needs only the summaries)."""
        rows = self._rows(f"SELECT {_AUTOSAVE_READ} FROM autosaves ORDER BY saved DESC",
                          (), "reading the saved games")
        records, problems = [], []
        for row in rows:
            try:
                records.append(_autosave(row, with_data=with_data))
            except (ValueError, TypeError):
                problems.append(f"The saved {_named(row)} game is damaged, so it is "
                                "skipped.")
        return records, problems

    def saved(self, game: str) -> GameRecord | None:
        """The autosave of ``game`` with its data; None when there is none. A damaged one
        raises StoreProblem."""
        rows = self._rows(f"SELECT {_AUTOSAVE_READ} FROM autosaves WHERE game = ?",
                          (game,), "reading the saved game")
        if not rows:
            return None
        try:
            return _autosave(rows[0], with_data=True)
        except (ValueError, TypeError):
            raise StoreProblem(f"The saved {game[:20]} game is damaged, so it cannot be "
                               "continued.") from None

    def finished(self, game: str | None = None) -> list[GameRecord]:
        """The finished games (of ``game``, or all), oldest first. Damaged rows are left
        out."""
        where, parameters = ("WHERE game = ?", (game,)) if game is not None else ("", ())
        rows = self._rows(f"SELECT {_FINISHED_READ} FROM finished_games {where} "
                          "ORDER BY ended, id", parameters, "reading the statistics")
        records = []
        for row in rows:
            try:
                records.append(_finished(row))
            except (ValueError, TypeError):
                continue
        return records


class _Refused(Exception):
    """A database we must not touch (newer or foreign); str() says why."""


def _marked(error: BaseException) -> BaseException:
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
        raise _Refused(f"{name} was made by a newer tableau (schema {version})")
    if version == 0:
        tables = {row[0] for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if tables - OUR_TABLES:
            raise _Refused(f"{name} is another program's database")
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


def _look(path: Path) -> None:
    """``_check`` on a read-only connection, for a file with a WAL beside it: a read-write
    connection would, on closing, checkpoint that WAL (a newer tableau's, say) into it."""
    look = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True,
                           timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    try:
        _check(look, path.name)
    except _FAILURES as error:
        raise _marked(error) from None
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
            busy = _code(error) == sqlite3.SQLITE_BUSY
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
            raise _Refused(f"{name} was made by a newer tableau (schema {version})")
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


def _set_aside(path: Path, now: float) -> Path | None:
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


_AUTOSAVE_COLUMNS: Final = ("game, variant, seed, config, started, moves, duration, label, "
                            "details, saved, data")
_FINISHED_COLUMNS: Final = ("game, variant, seed, config, started, moves, duration, details, "
                            "result, ended")
_TEXT_COLUMNS: Final = frozenset({"game", "variant", "config", "label", "details", "data",
                                  "result"})


def _read(columns: str) -> str:
    """What a SELECT reads of ``columns``: the text ones as bytes, decoded row by row
    (``_decoded``), so that text which is not UTF-8 damages its row, not the whole read."""
    names = (name.strip() for name in columns.split(","))
    return ", ".join(f"CAST({name} AS BLOB)" if name in _TEXT_COLUMNS else name
                     for name in names)


_AUTOSAVE_READ: Final = _read(_AUTOSAVE_COLUMNS)
_FINISHED_READ: Final = _read(_FINISHED_COLUMNS)


def _decoded(row: Any) -> tuple[Any, ...]:
    """The row with its text columns as str; UnicodeDecodeError (a ValueError) if damaged."""
    return tuple(value.decode("utf-8") if isinstance(value, bytes) else value
                 for value in row)


def _named(row: Any) -> str:
    """A damaged row's game, for a sentence."""
    game = row[0]
    text = game.decode("utf-8", "replace") if isinstance(game, bytes) else str(game)
    return shorten(text, 20)


def _json(data: Mapping[str, Any] | None) -> str:
    return json.dumps(data if data is not None else {}, separators=(",", ":"))


def _mapping(text: Any) -> dict[str, Any]:
    value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError("not a JSON object")
    return value


def _put_autosave(connection: sqlite3.Connection, record: GameRecord, now: float) -> None:
    connection.execute(
        f"INSERT OR REPLACE INTO autosaves ({_AUTOSAVE_COLUMNS}) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (record.game, record.variant, record.seed, _json(record.config), record.started,
         record.moves, record.duration, record.label, _json(record.details), now,
         _json(record.data)),
    )


def _put_finished(connection: sqlite3.Connection, record: GameRecord) -> int | None:
    return connection.execute(
        f"INSERT INTO finished_games ({_FINISHED_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (record.game, record.variant, record.seed, _json(record.config), record.started,
         record.moves, record.duration, _json(record.details), record.result, record.at),
    ).lastrowid


def _checked(row: Any) -> tuple[str, str, int | None, float, int, float]:
    game, variant, seed, _config, started, moves, duration = row[:7]
    if not (isinstance(game, str) and isinstance(variant, str)
            and (seed is None or isinstance(seed, int))
            and isinstance(started, (int, float)) and isinstance(moves, int)
            and isinstance(duration, (int, float))):
        raise ValueError("a column of the wrong type")
    return game, variant, seed, float(started), moves, float(duration)


def _autosave(row: Any, *, with_data: bool) -> GameRecord:
    row = _decoded(row)
    game, variant, seed, started, moves, duration = _checked(row)
    label, details, saved, data = row[7:]
    if not isinstance(label, str) or not isinstance(saved, (int, float)):
        raise ValueError("a column of the wrong type")
    return GameRecord(
        game, variant, seed, _mapping(row[3]), started, moves, duration, label,
        _mapping(details), _mapping(data) if with_data else None, at=float(saved),
    )


def _finished(row: Any) -> GameRecord:
    row = _decoded(row)
    game, variant, seed, started, moves, duration = _checked(row)
    details, result, ended = row[7:]
    if result not in RESULTS or not isinstance(ended, (int, float)):
        raise ValueError("a column of the wrong type")
    return GameRecord(game, variant, seed, _mapping(row[3]), started, moves, duration,
                      details=_mapping(details), result=result, at=float(ended))
