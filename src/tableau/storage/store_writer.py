"""The store's writer thread and its claims: one thread per Store writes the latest record of
each game in play off the UI's event loop, renews this store's leases, retries a failed write
with a bounded back-off and reports a failure once and the recovery once. A row's claim
(``owner``, ``lease``) keeps other processes from writing over a game held here."""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Callable
from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from pathlib import Path
from socket import gethostname
from typing import Any
from typing import Final
from uuid import uuid4

from tableau.storage.store_records import AUTOSAVE_READ
from tableau.storage.store_records import RESULTS
from tableau.storage.store_records import GameRecord
from tableau.storage.store_records import autosave_record
from tableau.storage.store_records import put_autosave
from tableau.storage.store_records import put_finished
from tableau.storage.store_records import text_of
from tableau.storage.store_schema import BUSY_TIMEOUT_MS
from tableau.storage.store_schema import FAILURES
from tableau.storage.store_schema import Refused
from tableau.storage.store_schema import StoreProblem
from tableau.storage.store_schema import connect
from tableau.storage.store_schema import in_transaction
from tableau.storage.store_schema import sentence_for

KEPT_PER_GAME: Final = 20
"""Games in progress kept per kind; older ones are counted as abandoned."""
LEASE: Final = 90.0
"""Seconds a claim holds without renewal (the writer renews it every ``HEARTBEAT``)."""
HEARTBEAT: Final = 20.0
"""Seconds between the writer's renewals of its claims."""
RETRY_FIRST: Final = 0.05
RETRY_MOST: Final = 2.0
"""The writer's back-off after a failed write: doubling from the first to the most."""
CLOSE_WAIT: Final = BUSY_TIMEOUT_MS / 1000 + 1.0
"""Seconds ``close`` waits for the writer: a locked database holds it up to the busy timeout,
and a second more is for the write itself."""
HELD_ELSEWHERE: Final = "That game is open in another tableau."


@dataclass(frozen=True, slots=True)
class Pending:
    """What the writer has yet to write of one game: its latest autosave (``save``), or that
    its autosave is to go (``drop``); its ends (finished records by their id); and whether
    this store lets the game go (``release``)."""

    save: GameRecord | None = None
    drop: bool = False
    ends: Mapping[str, GameRecord] = field(default_factory=dict)
    release: bool = False


class HeldElsewhere(Exception):
    """Another live tableau holds the game."""


HOST: Final = gethostname()


def new_id() -> str:
    """A new game's identity."""
    return uuid4().hex


def pid_alive(pid: int) -> bool:
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


class StoreWriter:
    """What ``Store`` does with its writer thread and its leases (a base class of Store)."""

    def __init__(self, path: Path | None, wall: Callable[[], float]) -> None:
        self.path = path
        self.wall = wall
        self.owner = f"{HOST} {os.getpid()} {uuid4().hex}"
        """Whose claims this store's are (see the store module's docstring)."""
        self.on_report: Callable[[str, bool], None] | None = None
        """Called from the writer thread with a sentence: True when a write fails (once, until
        one works again), False when writing works again."""
        self._connection: sqlite3.Connection | None = None
        self._pending: dict[str, Pending] = {}
        """Each game's records not yet written, by game id (the writer's queue)."""
        self._changed = threading.Condition()
        """Guards ``_pending``, ``_failing`` and ``_stopping``; the writer waits on it."""
        self._writer: threading.Thread | None = None
        self._failing = False
        self._stopping = False
        self._releasing = False
        """``release_all`` was asked: the writer lets every claim go once it has written."""

    @property
    def failing(self) -> bool:
        """The writer's last write failed: games not yet written live only in this process."""
        return self._failing

    def held_elsewhere(self, owner: object, lease: object, now: float) -> bool:
        """A row's claim (``owner``, ``lease``) is another live process's: its lease runs and,
        on this host, its pid is alive. A claim from a damaged row holds nothing."""
        if not isinstance(owner, str) or not owner or owner == self.owner:
            return False
        if not isinstance(lease, (int, float)) or lease < now:
            return False
        host, _, rest = owner.partition(" ")
        pid = rest.split(" ")[0]
        if host != HOST or not pid.isdigit():
            return True  # another host's (a shared folder): its lease decides
        return pid_alive(int(pid))

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
            before = self._pending.get(game, Pending())
            if record.result is None:
                ends = {key: end for key, end in before.ends.items() if key != game}
                after = Pending(replace(record, id=game, at=now), ends=ends)
            else:
                end = replace(record, id=record.id or game, at=now)
                after = Pending(drop=True, ends={**before.ends, end.id: end})
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
                        connection = connect(self.path)
                except (Refused, *FAILURES) as error:
                    self._failed(sentence_for(error, "saving the game"))
                    wait = min(RETRY_MOST, max(RETRY_FIRST, wait * 2))
                    continue
                if connection is None:
                    return
                if time.monotonic() >= beat:
                    beat = time.monotonic() + HEARTBEAT
                    with suppress(StoreProblem), in_transaction(connection, "") as renewing:
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
                     batch: list[tuple[str, Pending]]) -> bool:
        """Write each game's pending records; False at the first failure (said once)."""
        for game, pending in batch:
            try:
                with in_transaction(connection, "saving the game") as writing:
                    self.write(writing, game, pending, hold=True)
            except HeldElsewhere:
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
        with suppress(StoreProblem), in_transaction(connection, "") as releasing:
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

    def write(self, connection: sqlite3.Connection, game: str, pending: Pending, *,
              hold: bool) -> None:
        """Write one game's pending records inside a transaction on ``connection``: its ends,
        then its autosave (claimed when ``hold``) or its dropping, then its release. Raises
        HeldElsewhere when another live tableau holds the game (nothing is written)."""
        now = self.wall()
        row = connection.execute("SELECT owner, lease FROM autosaves WHERE id = ?",
                                 (game,)).fetchone()
        if row is not None and self.held_elsewhere(row[0], row[1], now):
            raise HeldElsewhere
        for finished, record in pending.ends.items():
            connection.execute("DELETE FROM finished_games WHERE game_id = ?", (finished,))
            put_finished(connection, record, finished)
        if pending.save is not None:
            connection.execute("DELETE FROM finished_games WHERE game_id = ?", (game,))
            held = hold and not pending.release
            put_autosave(connection, pending.save, game,
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
            f"SELECT {AUTOSAVE_READ} FROM autosaves WHERE game = ? "
            "ORDER BY saved DESC LIMIT -1 OFFSET ?", (kind, KEPT_PER_GAME)).fetchall()
        for row in rows:
            try:
                record = self._autosave(row, with_data=False, now=now)
            except (ValueError, TypeError):
                continue  # a damaged row is left as it is, never dropped unseen
            if record.held or text_of(row[-2]) == self.owner:
                continue  # open here or in another tableau: not abandoned
            put_finished(connection, replace(record, result="abandoned", at=now), record.id)
            connection.execute("DELETE FROM autosaves WHERE id = ?", (record.id,))

    # ------------------------------------------------------------------ writing at once

    def _unwritten(self) -> dict[str, Pending]:
        with self._changed:
            return dict(self._pending)

    def _autosave(self, row: Any, *, with_data: bool, now: float) -> GameRecord:
        record = autosave_record(row, with_data=with_data)
        owner, lease = row[-2:]
        return replace(record, held=self.held_elsewhere(text_of(owner), lease, now))
