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
- One writer thread per Store (``keep``, in ``store_writer``) does the writing of the games in
  play, off the UI's event loop: it keeps only the latest record of each game (coalescing),
  retries a failed write with a bounded back-off, and reports a failure once and the recovery
  once (``on_report``). Until a record is written, every read of this Store shows it (a won game
  never comes back as one in progress); ``close`` flushes it (a bounded wait).
- WAL mode and a busy timeout, so two tableau processes on one folder both work; every write
  is one short ``BEGIN IMMEDIATE`` transaction, so a ``kill -9`` loses at most the write in
  flight.
- The schema version is ``PRAGMA user_version``; ``MIGRATIONS[n]`` (in ``store_schema``) takes
  version n to n + 1, inside the transaction that sets the new version.
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

import sqlite3
import threading
import time
from collections.abc import Callable
from collections.abc import Iterator
from contextlib import contextmanager
from contextlib import suppress
from dataclasses import replace
from pathlib import Path
from typing import Any

from tableau.storage.store_records import AUTOSAVE_READ
from tableau.storage.store_records import FINISHED_READ
from tableau.storage.store_records import RESULTS
from tableau.storage.store_records import GameRecord
from tableau.storage.store_records import finished_record
from tableau.storage.store_records import named
from tableau.storage.store_records import text_of
from tableau.storage.store_schema import BUSY_TIMEOUT_MS
from tableau.storage.store_schema import FAILURES
from tableau.storage.store_schema import MIGRATIONS
from tableau.storage.store_schema import OUR_TABLES
from tableau.storage.store_schema import SCHEMA_VERSION
from tableau.storage.store_schema import StoreProblem
from tableau.storage.store_schema import in_transaction
from tableau.storage.store_schema import open_database
from tableau.storage.store_schema import sentence_for
from tableau.storage.store_writer import CLOSE_WAIT
from tableau.storage.store_writer import HEARTBEAT
from tableau.storage.store_writer import HELD_ELSEWHERE
from tableau.storage.store_writer import KEPT_PER_GAME
from tableau.storage.store_writer import LEASE
from tableau.storage.store_writer import RETRY_FIRST
from tableau.storage.store_writer import RETRY_MOST
from tableau.storage.store_writer import HeldElsewhere
from tableau.storage.store_writer import Pending
from tableau.storage.store_writer import StoreWriter
from tableau.storage.store_writer import new_id

__all__ = [
    "BUSY_TIMEOUT_MS", "CLOSE_WAIT", "HEARTBEAT", "HELD_ELSEWHERE", "KEPT_PER_GAME", "LEASE",
    "MIGRATIONS", "OUR_TABLES", "RESULTS", "RETRY_FIRST", "RETRY_MOST", "SCHEMA_VERSION",
    "GameRecord", "Store", "StoreProblem", "new_id",
]


class Store(StoreWriter):
    """``Store(path)`` opens (or begins) the database; ``Store(None)`` keeps nothing."""

    def __init__(self, path: Path | None, *, wall: Callable[[], float] = time.time) -> None:
        super().__init__(path, wall)
        self.problem: str | None = None
        """Why the store is disabled, or what happened on opening (a file set aside)."""
        self._lock = threading.Lock()
        if path is not None:
            self._connection, self.problem = open_database(path, self.wall())

    @property
    def enabled(self) -> bool:
        """Games are saved and statistics kept."""
        return self._connection is not None

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
                with suppress(*FAILURES):
                    self._connection.execute(
                        "UPDATE autosaves SET owner = '', lease = 0 WHERE owner = ?",
                        (self.owner,))
                self._connection.close()
                self._connection = None

    # ------------------------------------------------------------------ claims

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
                    raise HeldElsewhere
                connection.execute("UPDATE autosaves SET owner = ?, lease = ? WHERE id = ?",
                                   (self.owner, now + LEASE, game))
        except HeldElsewhere:
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
            self._pending[game] = replace(self._pending.get(game, Pending()), release=True)
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

    @contextmanager
    def _transaction(self, doing: str) -> Iterator[sqlite3.Connection | None]:
        with self._lock:
            connection = self._connection
            if connection is None:
                yield None
                return
            with in_transaction(connection, doing) as writing:
                yield writing

    def _write_now(self, game: str, pending: Pending, doing: str) -> None:
        """Write at once, holding nothing (tests, tools): StoreProblem if it fails or if
        another live tableau holds the game."""
        try:
            with self._transaction(doing) as connection:
                if connection is not None:
                    self.write(connection, game, pending, hold=False)
        except HeldElsewhere:
            raise StoreProblem(HELD_ELSEWHERE) from None

    def save(self, record: GameRecord) -> str:
        """Keep ``record`` as the autosave of its game (``record.id``, or a new game) at once.
        Returns the game's id."""
        game = record.id or new_id()
        self._write_now(game, Pending(replace(record, id=game, at=self.wall())),
                        "saving the game")
        return game

    def finish(self, record: GameRecord, result: str) -> None:
        """Record a finished game and drop its autosave (``record.id``), in one transaction."""
        if result not in RESULTS:
            raise ValueError(f"A result is one of {', '.join(RESULTS)}.")
        game = record.id or new_id()
        end = replace(record, id=game, result=result, at=self.wall())
        self._write_now(game, Pending(drop=True, ends={game: end}), "recording the game")

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
        self._write_now(saved.id, Pending(drop=True, ends={saved.id: record}),
                        "recording the abandoned game")
        return record

    def drop(self, game: str) -> None:
        """Forget the autosave of the game ``game`` (an id; nothing is counted)."""
        self._write_now(game, Pending(drop=True), "dropping the save")

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
            except FAILURES as error:
                raise StoreProblem(sentence_for(error, doing)) from None

    def _in_progress(self, where: str, parameters: tuple[Any, ...], *, with_data: bool,
                     doing: str) -> list[tuple[float, str, GameRecord | None, Any]]:
        """The games in progress the query finds, with this store's unwritten records over
        them: (saved at, id, record or None when damaged, row), newest first."""
        # The unwritten records first: the writer may write some of them (and forget them)
        # while the rows are read, and read the other way round they would be in neither.
        unwritten = self._unwritten()
        rows = self._rows(f"SELECT {AUTOSAVE_READ} FROM autosaves {where}", parameters,
                          doing)
        now = self.wall()
        found: dict[str, tuple[float, str, GameRecord | None, Any]] = {}
        for row in rows:
            game, saved = text_of(row[-3]), row[9]
            try:
                record: GameRecord | None = self._autosave(row, with_data=with_data, now=now)
            except (ValueError, TypeError):
                record = None
            found[game] = (saved if isinstance(saved, (int, float)) else 0.0, game, record, row)
        for game, pending in unwritten.items():
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
                problems.append(f"The saved {named(row)} game is damaged, so it is "
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
            raise StoreProblem(f"The saved {named(row)} game is damaged, so it cannot be "
                               "continued.")
        return record

    def finished(self, game: str | None = None) -> list[GameRecord]:
        """The finished games (of ``game``, or all), oldest first, with this store's
        unwritten ones. Damaged rows are left out."""
        where, parameters = ("WHERE game = ?", (game,)) if game is not None else ("", ())
        pending_now = self._unwritten()  # before the rows, as in ``_in_progress``
        rows = self._rows(f"SELECT {FINISHED_READ} FROM finished_games {where} "
                          "ORDER BY ended, id", parameters, "reading the statistics")
        unwritten = {key: end for pending in pending_now.values()
                     for key, end in pending.ends.items()
                     if game is None or end.game == game}
        taken_back = {key for key, pending in pending_now.items()
                      if pending.save is not None}
        records = []
        for row in rows:
            try:
                record = finished_record(row)
            except (ValueError, TypeError):
                continue
            if record.id not in unwritten and record.id not in taken_back:
                records.append(record)
        return sorted([*records, *unwritten.values()], key=lambda record: record.at)

