"""The store: ``tableau.db``, an SQLite database of finished games and of the autosave of
each game in progress.

- Every game in progress has its own identity: an id made when it begins (``new_id``), its
  row in ``autosaves``, the game's kind a column. Starting a game never replaces another;
  the 20 newest per kind are kept (``KEPT_PER_GAME``), older ones are counted as abandoned.
- Claims: no process writes over another's game. A row names its ``owner`` (``"<host>
  <pid> <token>"``, one token per Store) and a ``lease`` (wall time). A process claims a game
  as it begins or resumes it (``claim``) and renews its leases while it runs (the writer's
  heartbeat); every write first checks that no other live process holds the row. A holder
  is dead when its lease has run out, or, on this host, when its pid is gone (a ``kill -9``),
  and then its claim is taken over. Leaving a game releases it (``release``).
- One writer thread per Store (``keep``) does the writing of the games in play, off the UI's
  event loop: it keeps only the latest record of each game (coalescing), retries a failed
  write with a bounded back-off, and reports a failure once and the recovery once
  (``on_report``). Until a record is written, every read of this Store shows it (a won game
  never comes back as one in progress); ``close`` flushes it (a bounded wait).
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
- A direct write that fails (a full or read-only disk) raises StoreProblem with a sentence;
  the game in front of the player goes on.
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
from socket import gethostname
from typing import Any
from typing import Final
from uuid import uuid4

from tableau.storage.home import private_database
from tableau.storage.home import private_folder
from tableau.text import shorten

BUSY_TIMEOUT_MS: Final = 5000
KEPT_PER_GAME: Final = 20
"""Games in progress kept per kind; older ones are counted as abandoned."""
LEASE: Final = 90.0
"""Seconds a claim holds without renewal (the writer renews it every ``HEARTBEAT``)."""
HEARTBEAT: Final = 20.0
RETRY_FIRST: Final = 0.05
RETRY_MOST: Final = 2.0
"""The writer's back-off after a failed write: doubling from the first to the most."""
CLOSE_WAIT: Final = 6.0
"""Seconds ``close`` waits for the writer (a locked database holds it up to the busy
timeout)."""
HELD_ELSEWHERE: Final = "That game is open in another tableau."
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
    id: str = ""
    """The game's identity (``new_id``): its autosave's row. A finished record's own id
    (a Pesten round's is its match's id and the round), which an end undone takes back."""
    held: bool = False
    """Another live tableau holds this game in progress (it is open there)."""


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
        self.owner = f"{_HOST} {os.getpid()} {uuid4().hex}"
        """Whose claims this store's are (see the module's docstring)."""
        self.on_report: Callable[[str, bool], None] | None = None
        """Called from the writer thread with a sentence: True when a write fails (once, until
        one works again), False when writing works again."""
        self._connection: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        self._pending: dict[str, _Pending] = {}
        """Each game's records not yet written, by game id (the writer's queue)."""
        self._changed = threading.Condition()
        """Guards ``_pending``, ``_failing`` and ``_stopping``; the writer waits on it."""
        self._writer: threading.Thread | None = None
        self._failing = False
        self._stopping = False
        self._releasing = False
        """``release_all`` was asked: the writer lets every claim go once it has written."""
        if path is not None:
            self._connection = self._open(path)

    @property
    def enabled(self) -> bool:
        """Games are saved and statistics kept."""
        return self._connection is not None

    @property
    def failing(self) -> bool:
        """The writer's last write failed: games not yet written live only in this process."""
        return self._failing

    def close(self) -> None:
        """Flush the writer (waiting at most ``CLOSE_WAIT``), release this store's claims and
        close. What could not be written by then is lost (the writer said so)."""
        with self._changed:
            self._stopping = True
            self._changed.notify_all()
        if self._writer is not None:
            self._writer.join(CLOSE_WAIT)
        with self._lock:
            if self._connection is not None:
                with suppress(*_FAILURES):
                    self._connection.execute(
                        "UPDATE autosaves SET owner = '', lease = 0 WHERE owner = ?",
                        (self.owner,))
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
            if os.fspath(path) != ":memory:":  # its "folder" would be the working folder
                private_folder(path.parent)
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
        except (_Refused, *_FAILURES) as error:
            connection.close()
            raise _marked(error) from None
        return connection

    # ------------------------------------------------------------------ claims

    def held_elsewhere(self, owner: object, lease: object, now: float) -> bool:
        """A row's claim (``owner``, ``lease``) is another live process's: its lease runs and,
        on this host, its pid is alive. A claim from a damaged row holds nothing."""
        if not isinstance(owner, str) or not owner or owner == self.owner:
            return False
        if not isinstance(lease, (int, float)) or lease < now:
            return False
        host, _, rest = owner.partition(" ")
        pid = rest.split(" ")[0]
        if host != _HOST or not pid.isdigit():
            return True  # another host's (a shared folder): its lease decides
        return _pid_alive(int(pid))

    def claim(self, game: str) -> None:
        """This store now holds the game in progress ``game`` (it is resumed here); a dead
        holder's claim is taken over. Raises StoreProblem (``HELD_ELSEWHERE``) when another
        live tableau holds it. A write that fails here is left to the writer, which checks
        the claim again before each write."""
        with self._changed:
            self._releasing = False  # a game is held again: a release_all not yet done is off
            pending = self._pending.get(game)
            if pending is not None:
                self._pending[game] = replace(pending, release=False)
        now = self.wall()
        try:
            with self._transaction("continuing the game") as connection:
                if connection is None:
                    return
                row = connection.execute("SELECT owner, lease FROM autosaves WHERE id = ?",
                                         (game,)).fetchone()
                if row is not None and self.held_elsewhere(row[0], row[1], now):
                    raise _HeldElsewhere
                connection.execute("UPDATE autosaves SET owner = ?, lease = ? WHERE id = ?",
                                   (self.owner, now + LEASE, game))
        except _HeldElsewhere:
            raise StoreProblem(HELD_ELSEWHERE) from None
        except StoreProblem:
            pass  # the writer checks the claim again before it writes
        with self._changed:
            self._wake_writer()  # its heartbeat renews the claim while this store is open

    def release(self, game: str) -> None:
        """This store no longer holds ``game`` (its player left it), so another tableau may
        continue it. Queued behind the game's last record."""
        if not game or self._connection is None:
            return
        with self._changed:
            self._pending[game] = replace(self._pending.get(game, _Pending()), release=True)
            self._wake_writer()

    def release_all(self) -> None:
        """This store holds no game now (the menu is in front): every claim it still has is
        let go, after the records still to be written."""
        if self._connection is None:
            return
        with self._changed:
            self._releasing = True
            self._wake_writer()

    # ------------------------------------------------------------------ games in play

    def keep(self, record: GameRecord, game: str | None = None) -> None:
        """The game in progress ``game`` (default ``record.id``), held by this store, is now
        ``record``: its autosave while ``record.result`` is None (an end recorded for it is
        taken back: the game goes on after all), else its end: the finished record (by
        ``record.id``, else ``game``) and no autosave. Returns at once: the writer writes
        the latest record of each game."""
        game = game or record.id
        if not game:
            raise ValueError("A game kept needs its id (new_id()).")
        if record.result is not None and record.result not in RESULTS:
            raise ValueError(f"A result is one of {', '.join(RESULTS)}.")
        if self._connection is None:
            return
        now = self.wall()
        with self._changed:
            self._releasing = False  # a game is played: a release_all not yet done is off
            before = self._pending.get(game, _Pending())
            if record.result is None:
                ends = {key: end for key, end in before.ends.items() if key != game}
                after = _Pending(replace(record, id=game, at=now), ends=ends)
            else:
                end = replace(record, id=record.id or game, at=now)
                after = _Pending(drop=True, ends={**before.ends, end.id: end})
            self._pending[game] = after
            self._wake_writer()

    def flush(self, timeout: float = CLOSE_WAIT) -> bool:
        """Wait (at most ``timeout`` seconds) until the writer has written every record kept;
        True if it has."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while self._pending:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._changed.wait(left)
        return True

    def _wake_writer(self) -> None:
        """Start the writer thread if need be, and wake it (with ``_changed`` held)."""
        if self._writer is None and not self._stopping:
            self._writer = threading.Thread(target=self._write_on, daemon=True,
                                            name="tableau-store-writer")
            self._writer.start()
        self._changed.notify_all()

    def _write_on(self) -> None:
        """The writer thread: write what is pending (each game in its own transaction, on its
        own connection), renew this store's claims every HEARTBEAT, back off after a failure;
        on closing, one last try."""
        connection: sqlite3.Connection | None = None
        wait = 0.0
        beat = time.monotonic() + HEARTBEAT
        last_try = False
        try:
            while True:
                with self._changed:
                    idle = not self._pending and not self._releasing
                    if not self._stopping and (wait or idle):
                        self._changed.wait(wait or max(0.0, beat - time.monotonic()))
                    if self._stopping:
                        if not self._pending or last_try:
                            return
                        last_try = True
                    batch = list(self._pending.items())
                try:
                    if connection is None and self.path is not None:
                        connection = self._connect(self.path)
                except (_Refused, *_FAILURES) as error:
                    self._failed(_sentence(error, "saving the game"))
                    wait = min(RETRY_MOST, max(RETRY_FIRST, wait * 2))
                    continue
                if connection is None:
                    return
                if time.monotonic() >= beat:
                    beat = time.monotonic() + HEARTBEAT
                    with suppress(StoreProblem), _in_transaction(connection, "") as renewing:
                        renewing.execute("UPDATE autosaves SET lease = ? WHERE owner = ?",
                                         (self.wall() + LEASE, self.owner))
                written = self._write_batch(connection, batch)
                wait = 0.0 if written else min(RETRY_MOST, max(RETRY_FIRST, wait * 2))
                if written and self._releasing:
                    self._release_all(connection)
        finally:
            if connection is not None:
                connection.close()

    def _write_batch(self, connection: sqlite3.Connection,
                     batch: list[tuple[str, _Pending]]) -> bool:
        """Write each game's pending records; False at the first failure (said once)."""
        for game, pending in batch:
            try:
                with _in_transaction(connection, "saving the game") as writing:
                    self.write(writing, game, pending, hold=True)
            except _HeldElsewhere:
                self._report("This game was continued in another tableau, so it is no longer "
                             "saved here.", problem=True)
            except StoreProblem as problem:
                self._failed(str(problem))
                return False
            with self._changed:
                if self._pending.get(game) is pending:
                    del self._pending[game]
                self._changed.notify_all()
        with self._changed:
            recovered, self._failing = self._failing, False
        if recovered:
            self._report("The games are saved again.", problem=False)
        return True

    def _release_all(self, connection: sqlite3.Connection) -> None:
        with self._changed:
            if self._pending:
                return  # kept meanwhile: written first, on the next turn
            self._releasing = False
        with suppress(StoreProblem), _in_transaction(connection, "") as releasing:
            releasing.execute("UPDATE autosaves SET owner = '', lease = 0 WHERE owner = ?",
                              (self.owner,))

    def _failed(self, sentence: str) -> None:
        with self._changed:
            first, self._failing = not self._failing, True
        if first:
            self._report(sentence, problem=True)

    def _report(self, sentence: str, *, problem: bool) -> None:
        report = self.on_report
        if report is not None:
            with suppress(Exception):  # the app may be gone; the writer goes on
                report(sentence, problem)

    def write(self, connection: sqlite3.Connection, game: str, pending: _Pending, *,
              hold: bool) -> None:
        """Write one game's pending records inside a transaction on ``connection``: its ends,
        then its autosave (claimed when ``hold``) or its dropping, then its release. Raises
        _HeldElsewhere when another live tableau holds the game (nothing is written)."""
        now = self.wall()
        row = connection.execute("SELECT owner, lease FROM autosaves WHERE id = ?",
                                 (game,)).fetchone()
        if row is not None and self.held_elsewhere(row[0], row[1], now):
            raise _HeldElsewhere
        for finished, record in pending.ends.items():
            connection.execute("DELETE FROM finished_games WHERE game_id = ?", (finished,))
            _put_finished(connection, record, finished)
        if pending.save is not None:
            connection.execute("DELETE FROM finished_games WHERE game_id = ?", (game,))
            held = hold and not pending.release
            _put_autosave(connection, pending.save, game,
                          self.owner if held else "", now + LEASE if held else 0.0)
            if row is None:
                self._prune(connection, pending.save.game, now)
        elif pending.drop:
            connection.execute("DELETE FROM autosaves WHERE id = ?", (game,))
        elif pending.release:
            connection.execute("UPDATE autosaves SET owner = '', lease = 0 "
                               "WHERE id = ? AND owner = ?", (game, self.owner))

    def _prune(self, connection: sqlite3.Connection, kind: str, now: float) -> None:
        """Count the games in progress of ``kind`` beyond the KEPT_PER_GAME newest as
        abandoned (a loss in the statistics), unless a live tableau (this one too) holds
        them."""
        rows = connection.execute(
            f"SELECT {_AUTOSAVE_READ} FROM autosaves WHERE game = ? "
            "ORDER BY saved DESC LIMIT -1 OFFSET ?", (kind, KEPT_PER_GAME)).fetchall()
        for row in rows:
            try:
                record = self._autosave(row, with_data=False, now=now)
            except (ValueError, TypeError):
                continue  # a damaged row is left as it is, never dropped unseen
            if record.held or _text(row[-2]) == self.owner:
                continue  # open here or in another tableau: not abandoned
            _put_finished(connection, replace(record, result="abandoned", at=now), record.id)
            connection.execute("DELETE FROM autosaves WHERE id = ?", (record.id,))

    # ------------------------------------------------------------------ writing at once

    @contextmanager
    def _transaction(self, doing: str) -> Iterator[sqlite3.Connection | None]:
        with self._lock:
            connection = self._connection
            if connection is None:
                yield None
                return
            with _in_transaction(connection, doing) as writing:
                yield writing

    def _write_now(self, game: str, pending: _Pending, doing: str) -> None:
        """Write at once, holding nothing (tests, tools): StoreProblem if it fails or if
        another live tableau holds the game."""
        try:
            with self._transaction(doing) as connection:
                if connection is not None:
                    self.write(connection, game, pending, hold=False)
        except _HeldElsewhere:
            raise StoreProblem(HELD_ELSEWHERE) from None

    def save(self, record: GameRecord) -> str:
        """Keep ``record`` as the autosave of its game (``record.id``, or a new game) at once.
        Returns the game's id."""
        game = record.id or new_id()
        self._write_now(game, _Pending(replace(record, id=game, at=self.wall())),
                        "saving the game")
        return game

    def finish(self, record: GameRecord, result: str) -> None:
        """Record a finished game and drop its autosave (``record.id``), in one transaction."""
        if result not in RESULTS:
            raise ValueError(f"A result is one of {', '.join(RESULTS)}.")
        game = record.id or new_id()
        end = replace(record, id=game, result=result, at=self.wall())
        self._write_now(game, _Pending(drop=True, ends={game: end}), "recording the game")

    def abandon(self, key: str) -> GameRecord | None:
        """Count the game in progress ``key`` (an id, or a kind: its newest) as abandoned (a
        loss) and drop it; the record, or None when there was none."""
        try:
            saved = self.saved(key)
        except StoreProblem:
            saved = None
        if saved is None:
            return None
        record = replace(saved, data=None, result="abandoned", at=self.wall())
        self._write_now(saved.id, _Pending(drop=True, ends={saved.id: record}),
                        "recording the abandoned game")
        return record

    def drop(self, game: str) -> None:
        """Forget the autosave of the game ``game`` (an id; nothing is counted)."""
        self._write_now(game, _Pending(drop=True), "dropping the save")

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

    def _unwritten(self) -> dict[str, _Pending]:
        with self._changed:
            return dict(self._pending)

    def _autosave(self, row: Any, *, with_data: bool, now: float) -> GameRecord:
        record = _autosave(row, with_data=with_data)
        owner, lease = row[-2:]
        return replace(record, held=self.held_elsewhere(_text(owner), lease, now))

    def _in_progress(self, where: str, parameters: tuple[Any, ...], *, with_data: bool,
                     doing: str) -> list[tuple[float, str, GameRecord | None, Any]]:
        """The games in progress the query finds, with this store's unwritten records over
        them: (saved at, id, record or None when damaged, row), newest first."""
        rows = self._rows(f"SELECT {_AUTOSAVE_READ} FROM autosaves {where}", parameters,
                          doing)
        now = self.wall()
        found: dict[str, tuple[float, str, GameRecord | None, Any]] = {}
        for row in rows:
            game, saved = _text(row[-3]), row[9]
            try:
                record: GameRecord | None = self._autosave(row, with_data=with_data, now=now)
            except (ValueError, TypeError):
                record = None
            found[game] = (saved if isinstance(saved, (int, float)) else 0.0, game, record, row)
        for game, pending in self._unwritten().items():
            if pending.save is not None:
                record = pending.save if with_data else replace(pending.save, data=None)
                found[game] = (record.at, game, record, None)
            elif pending.drop:
                found.pop(game, None)
        return sorted(found.values(), key=lambda entry: entry[0], reverse=True)

    def saves(self, *, with_data: bool = False) -> tuple[list[GameRecord], list[str]]:
        """Every game in progress, newest first, and a sentence for each damaged one
        (skipped). ``with_data`` reads the sessions' saves too (the menu needs only the
        summaries). ``held`` marks a game open in another tableau."""
        records, problems = [], []
        for _at, _game, record, row in self._in_progress(
                "", (), with_data=with_data, doing="reading the saved games"):
            if record is not None:
                records.append(record)
            else:
                problems.append(f"The saved {_named(row)} game is damaged, so it is "
                                "skipped.")
        return records, problems

    def saved(self, key: str) -> GameRecord | None:
        """The game in progress ``key`` with its data: by its id, or for a kind of game
        ("yukon") its newest. None when there is none; a damaged one raises StoreProblem."""
        entries = [entry for entry in self._in_progress(
            "WHERE id = ? OR game = ?", (key, key), with_data=True,
            doing="reading the saved game")
            if entry[1] == key or entry[2] is None or entry[2].game == key]
        if not entries:
            return None
        _at, _game, record, row = next(
            (entry for entry in entries if entry[1] == key), entries[0])
        if record is None:
            raise StoreProblem(f"The saved {_named(row)} game is damaged, so it cannot be "
                               "continued.")
        return record

    def finished(self, game: str | None = None) -> list[GameRecord]:
        """The finished games (of ``game``, or all), oldest first, with this store's
        unwritten ones. Damaged rows are left out."""
        where, parameters = ("WHERE game = ?", (game,)) if game is not None else ("", ())
        rows = self._rows(f"SELECT {_FINISHED_READ} FROM finished_games {where} "
                          "ORDER BY ended, id", parameters, "reading the statistics")
        unwritten = {key: end for pending in self._unwritten().values()
                     for key, end in pending.ends.items()
                     if game is None or end.game == game}
        taken_back = {key for key, pending in self._unwritten().items()
                      if pending.save is not None}
        records = []
        for row in rows:
            try:
                record = _finished(row)
            except (ValueError, TypeError):
                continue
            if record.id not in unwritten and record.id not in taken_back:
                records.append(record)
        return sorted([*records, *unwritten.values()], key=lambda record: record.at)


@dataclass(frozen=True, slots=True)
class _Pending:
    """What the writer has yet to write of one game: its latest autosave (``save``), or that
    its autosave is to go (``drop``); its ends (finished records by their id); and whether
    this store lets the game go (``release``)."""

    save: GameRecord | None = None
    drop: bool = False
    ends: Mapping[str, GameRecord] = field(default_factory=dict)
    release: bool = False


class _HeldElsewhere(Exception):
    """Another live tableau holds the game."""


_HOST: Final = gethostname()


def new_id() -> str:
    """A new game's identity."""
    return uuid4().hex


def _pid_alive(pid: int) -> bool:
    """A process ``pid`` runs on this host (on Windows, where signal 0 would end it, the
    lease alone decides)."""
    if os.name == "nt":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # another user's process: alive
    return True


@contextmanager
def _in_transaction(connection: sqlite3.Connection, doing: str
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
    except _FAILURES as error:
        raise StoreProblem(_sentence(error, doing)) from None


def _text(value: Any) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


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
                            "details, saved, data, id, owner, lease")
_FINISHED_COLUMNS: Final = ("game, variant, seed, config, started, moves, duration, details, "
                            "result, ended, game_id")
_TEXT_COLUMNS: Final = frozenset({"game", "variant", "config", "label", "details", "data",
                                  "result", "id", "owner", "game_id"})


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


def _put_autosave(connection: sqlite3.Connection, record: GameRecord, game: str, owner: str,
                  lease: float) -> None:
    """The autosave row of ``game`` (the caller has checked no one else holds it)."""
    connection.execute(
        f"INSERT OR REPLACE INTO autosaves ({_AUTOSAVE_COLUMNS}) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (record.game, record.variant, record.seed, _json(record.config), record.started,
         record.moves, record.duration, record.label, _json(record.details), record.at,
         _json(record.data), game, owner, lease),
    )


def _put_finished(connection: sqlite3.Connection, record: GameRecord, finished: str) -> None:
    connection.execute(
        f"INSERT INTO finished_games ({_FINISHED_COLUMNS}) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (record.game, record.variant, record.seed, _json(record.config), record.started,
         record.moves, record.duration, _json(record.details), record.result, record.at,
         finished),
    )


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
    label, details, saved, data, game_id = row[7:12]
    if (not isinstance(label, str) or not isinstance(saved, (int, float))
            or not isinstance(game_id, str)):
        raise ValueError("a column of the wrong type")
    return GameRecord(
        game, variant, seed, _mapping(row[3]), started, moves, duration, label,
        _mapping(details), _mapping(data) if with_data else None, at=float(saved), id=game_id,
    )


def _finished(row: Any) -> GameRecord:
    row = _decoded(row)
    game, variant, seed, started, moves, duration = _checked(row)
    details, result, ended, game_id = row[7:]
    if result not in RESULTS or not isinstance(ended, (int, float)):
        raise ValueError("a column of the wrong type")
    return GameRecord(game, variant, seed, _mapping(row[3]), started, moves, duration,
                      details=_mapping(details), result=result, at=float(ended),
                      id=game_id if isinstance(game_id, str) else "")
