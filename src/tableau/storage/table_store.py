"""Tables across screens: one game, its seats at several processes, kept in ``tableau.db``.

A table is a row of ``shared_tables`` (its code, the session's ``to_json()`` as the state, and
a ``version``), a row of ``shared_seats`` per seat, and at most one row of ``shared_leases``.
Every process that shows a seat (a terminal, an ssh login, a tab under ``tableau serve``) opens
its own ``TableStore`` on the same file; SQLite in WAL mode is the only meeting point, so
tableau opens no socket.

- A move is ``act``: one ``BEGIN IMMEDIATE`` transaction that reads the row, refuses it with
  ``StaleMove`` unless its version is the one the player saw, and writes the new state as
  version + 1. Two moves made against one version: the first wins, the second is refused, and
  nothing is ever applied twice. Seat changes (``sit``, ``come_back``, ``leave``) and closing
  bump the version too, so every screen redraws.
- A remote seat is held by a process (``holder``, a token of its own) that beats a heartbeat;
  without one for ``AWAY_AFTER`` seconds the seat is away (``away``). Its password is kept only
  as the Argon2 hash the caller made (``PasswordScheme``), and never shown in a repr.
- The opener's hot seats and CPUs are held by the opener's process, which beats their
  heartbeat too; once it is ``AWAY_AFTER`` seconds old, ``opener_gone`` makes the hot seats
  remote seats that wait for their players (their hash kept) and the table one without an
  opener, in one transaction.
- CPU seats are run by one process at a time: it holds the table's lease (``take_lease``) and
  renews it while it runs; a process killed with ``kill -9`` stops renewing, and once the lease
  has run out another takes it over. ``close`` gives this store's leases up at once.
- Every failure is a ``TableProblem`` whose ``str()`` is one sentence for the player. Wall time
  is injected (``wall``), so the away and lease rules are tested without sleeping.
"""

from __future__ import annotations

import json
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Mapping
from collections.abc import Sequence
from contextlib import contextmanager
from contextlib import suppress
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from pathlib import Path
from typing import Any
from typing import Final

from tableau.storage.store_schema import DISABLED
from tableau.storage.store_schema import FAILURES
from tableau.storage.store_schema import StoreProblem
from tableau.storage.store_schema import in_transaction
from tableau.storage.store_schema import open_database
from tableau.storage.store_schema import sentence_for
from tableau.text import shorten

AWAY_AFTER: Final = 10.0
"""Seconds without a heartbeat after which a remote seat is away."""
LEASE_SECONDS: Final = 3.0
"""How long a taken (or renewed) CPU lease lasts."""
FORGET_CLOSED_AFTER: Final = 7 * 24 * 3600.0
"""A table closed this long ago is deleted when another is opened, so codes stay free."""
KINDS: Final = frozenset({"human", "cpu", "open", "remote"})
_CODE: Final = re.compile(r"([A-Z]{1,4})[- ]?([0-9]{4})")
_CODE_ATTEMPTS: Final = 200


class TableProblem(Exception):
    """Something went wrong at a table; ``str()`` is one sentence a player can read."""


class StaleMove(TableProblem):
    """A move made against a version of the table that is no longer the newest."""

    def __init__(self) -> None:
        super().__init__("The table has moved on since you looked; look again.")


class StoreClosed(TableProblem):
    """This process closed its TableStore: nothing more is read or written through it."""

    def __init__(self) -> None:
        super().__init__("The tables are closed in this process.")


class NoSuchTable(TableProblem):
    """No table has this code (or the text is not a code at all)."""

    def __init__(self, typed: str) -> None:
        super().__init__(f"There is no table {shorten(typed.strip(), 20)} here.")


GONE: Final = (NoSuchTable, StoreClosed)
"""The problems trying again cannot mend; any other (a database busy past its timeout) may
pass by itself."""


@dataclass(frozen=True, slots=True)
class SharedSeat:
    """One seat of a table. ``kind`` is "human" (a hot seat at the opener's screen), "cpu",
    "open" (nobody yet) or "remote" (a player at their own screen)."""

    seat: int
    name: str
    kind: str
    password: str = field(default="", repr=False)
    """A remote or hot seat's Argon2 hash ("" for none); kept out of every repr."""
    holder: str = field(default="", repr=False)
    """The token of the process showing this seat now (the opener's, for its hot seats and
    CPUs), "" when nobody does."""
    seen: float = 0.0
    """Wall time of the holder's last heartbeat."""


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table as one transaction read it."""

    code: str
    game: str
    version: int
    state: dict[str, Any] = field(repr=False)
    """The session's ``to_json()``: every hand and the seed, so kept out of every repr."""
    seats: tuple[SharedSeat, ...]
    opener: str
    """The opener's token; "" once the opener's screen is gone (``opener_gone``)."""
    closed: bool
    opener_seen: float = 0.0
    """The opener's screen's last heartbeat (its held seats beat too)."""


def opener_last_seen(row: TableRow) -> float:
    """When the opener's screen last beat: for itself, or for a seat it holds."""
    return max([row.opener_seen, *(shared.seen for shared in row.seats
                                   if row.opener and shared.holder == row.opener)])


def normal_code(text: str) -> str | None:
    """A table code as stored (" pest-4821 " -> "PEST-4821", "pest 4821" and "PEST4821" too),
    or None when ``text`` is not a code."""
    if len(text) > 40:
        return None
    found = _CODE.fullmatch(text.strip().upper())
    return None if found is None else f"{found[1]}-{found[2]}"


def _prefix(game: str) -> str:
    letters = "".join(char for char in game.upper() if "A" <= char <= "Z")[:4]
    if not letters:
        raise ValueError(f"A game key needs a letter to make a table code: {game!r}.")
    return letters


def _damaged(code: str) -> TableProblem:
    return TableProblem(f"The table {code} is damaged; it cannot be played.")


def _seat_of(row: Sequence[Any], code: str) -> SharedSeat:
    seat, name, kind, password, holder, seen = row
    if not (isinstance(seat, int) and isinstance(name, str) and kind in KINDS
            and isinstance(password, str) and isinstance(holder, str)
            and isinstance(seen, (int, float))):
        raise _damaged(code)
    return SharedSeat(seat, name, kind, password, holder, float(seen))


class TableStore:
    """The tables in ``tableau.db`` at ``path``; one per process (and thread-safe)."""

    def __init__(self, path: Path, *, wall: Callable[[], float] = time.time) -> None:
        self.wall = wall
        self._lock = threading.RLock()
        self._leases: set[tuple[str, str]] = set()
        connection, problem = open_database(path, wall())
        if connection is None:
            why = (problem or "").removeprefix(DISABLED).rstrip(".")
            raise TableProblem(f"Tables cannot be played here: {why}.")
        # Text that is not UTF-8 (a damaged row) reads as U+FFFD instead of failing the read,
        # so a damaged table is the table's sentence, never a database error.
        connection.text_factory = lambda data: data.decode("utf-8", "replace")
        self._connection: sqlite3.Connection | None = connection
        self.problem = problem
        """What happened on opening (a damaged file set aside), or None."""
        self._data_version = self._pragma_data_version()

    # ------------------------------------------------------------------ plumbing

    @contextmanager
    def _writing(self, doing: str) -> Iterator[sqlite3.Connection]:
        """One BEGIN IMMEDIATE transaction; a database failure is a TableProblem."""
        with self._lock:
            connection = self._open()
            try:
                with in_transaction(connection, doing) as writing:
                    yield writing
            except StoreProblem as problem:
                raise TableProblem(str(problem)) from None

    def _open(self) -> sqlite3.Connection:
        """The connection, outside any transaction (the lock held)."""
        if self._connection is None:
            raise StoreClosed()
        if self._connection.in_transaction:  # the same thread, from inside act's change
            raise RuntimeError("A table's change must not use the TableStore itself.")
        return self._connection

    def _read(self, connection: sqlite3.Connection, code: str) -> TableRow:
        """The table ``code`` (as typed), read inside the caller's transaction."""
        normal = normal_code(code)
        if normal is None:
            raise NoSuchTable(code)
        found = connection.execute(
            "SELECT code, game, version, state, opener, closed, opener_seen FROM shared_tables "
            "WHERE code = ?", (normal,)).fetchone()
        if found is None:
            raise NoSuchTable(code)
        _, game, version, text, opener, closed, opener_seen = found
        try:
            state = json.loads(text) if isinstance(text, str) else None
        except (ValueError, RecursionError):
            state = None
        if not (isinstance(state, dict) and isinstance(game, str)
                and isinstance(version, int) and isinstance(opener, str)
                and isinstance(opener_seen, int | float)):
            raise _damaged(normal)
        seats = tuple(_seat_of(seat, normal) for seat in connection.execute(
            "SELECT seat, name, kind, password, holder, seen FROM shared_seats "
            "WHERE code = ? ORDER BY seat", (normal,)))
        return TableRow(normal, game, version, state, seats, opener, bool(closed),
                        float(opener_seen))

    def _playing(self, connection: sqlite3.Connection, code: str) -> TableRow:
        """The table ``code``, refused once it is closed."""
        row = self._read(connection, code)
        if row.closed:
            raise TableProblem(f"The table {row.code} is closed.")
        return row

    def _bump(self, connection: sqlite3.Connection, row: TableRow,
              state: Mapping[str, Any] | None = None) -> TableRow:
        """Write version + 1 (and a new state); the row as it is now."""
        version = row.version + 1
        if state is None:
            connection.execute(
                "UPDATE shared_tables SET version = ?, updated = ? WHERE code = ?",
                (version, self.wall(), row.code))
            return replace(row, version=version)
        new_state = dict(state)
        connection.execute(
            "UPDATE shared_tables SET version = ?, state = ?, updated = ? WHERE code = ?",
            (version, json.dumps(new_state, separators=(",", ":")), self.wall(), row.code))
        return replace(row, version=version, state=new_state)

    @staticmethod
    def _seat(row: TableRow, seat: int) -> SharedSeat:
        for shared in row.seats:
            if shared.seat == seat:
                return shared
        raise TableProblem(f"The table {row.code} has no seat {seat}.")

    def _change_seat(self, code: str, seat: int, doing: str,
                     change: Callable[[SharedSeat], SharedSeat | None], *,
                     closed_too: bool = False) -> TableRow:
        """Write ``change(seat)`` (None: leave it) and bump the version, in one transaction;
        refused at a closed table unless ``closed_too``."""
        with self._writing(doing) as connection:
            row = (self._read if closed_too else self._playing)(connection, code)
            new = change(self._seat(row, seat))
            if new is None:
                return row
            connection.execute(
                "UPDATE shared_seats SET name = ?, kind = ?, password = ?, holder = ?, seen = ? "
                "WHERE code = ? AND seat = ?",
                (new.name, new.kind, new.password, new.holder, new.seen, row.code, seat))
            seats = tuple(new if shared.seat == seat else shared for shared in row.seats)
            return self._bump(connection, replace(row, seats=seats))

    # ------------------------------------------------------------------ tables

    def open_table(self, game: str, state: Mapping[str, Any], seats: Sequence[SharedSeat],
                   opener: str) -> str:
        """A new table of ``game`` at version 0; its code, new and unique ("PEST-4821")."""
        prefix = _prefix(game)
        for shared in seats:
            if shared.kind not in KINDS:
                raise ValueError(f"A seat's kind is one of {sorted(KINDS)}: {shared.kind!r}.")
        if len({shared.seat for shared in seats}) != len(seats):
            raise ValueError("Each seat of a table needs a number of its own.")
        text = json.dumps(dict(state), separators=(",", ":"))
        now = self.wall()
        with self._writing("opening the table") as connection:
            connection.execute("DELETE FROM shared_seats WHERE code IN (SELECT code FROM "
                               "shared_tables WHERE closed AND updated < ?)",
                               (now - FORGET_CLOSED_AFTER,))
            connection.execute("DELETE FROM shared_tables WHERE closed AND updated < ?",
                               (now - FORGET_CLOSED_AFTER,))
            for _ in range(_CODE_ATTEMPTS):
                code = f"{prefix}-{secrets.randbelow(10_000):04}"
                taken = connection.execute("SELECT 1 FROM shared_tables WHERE code = ?",
                                           (code,)).fetchone()
                if taken is None:
                    break
            else:
                raise TableProblem("Too many tables are open; close one and try again.")
            connection.execute(
                "INSERT INTO shared_tables (code, game, version, state, opener, opened, "
                "updated, closed, opener_seen) VALUES (?, ?, 0, ?, ?, ?, ?, 0, ?)",
                (code, game, text, opener, now, now, now))
            connection.executemany(
                "INSERT INTO shared_seats (code, seat, name, kind, password, holder, seen) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(code, shared.seat, shared.name, shared.kind, shared.password,
                  shared.holder, shared.seen) for shared in seats])
        return code

    def load(self, code: str) -> TableRow:
        """The table as it is now (NoSuchTable when there is none with this code)."""
        with self._lock:
            connection = self._open()
            try:
                # one read transaction, so the table and its seats are of one moment
                connection.execute("BEGIN")
                try:
                    return self._read(connection, code)
                finally:
                    connection.execute("COMMIT")
            except FAILURES as error:
                if connection.in_transaction:
                    with suppress(*FAILURES):
                        connection.execute("ROLLBACK")
                raise TableProblem(sentence_for(error, "reading the table")) from None

    def act(self, code: str, seen_version: int,
            change: Callable[[TableRow], Mapping[str, Any] | None]) -> TableRow:
        """One move, in one transaction: StaleMove (nothing written) unless the table is still
        at ``seen_version``; else ``change(row)``: None writes nothing and returns the row as
        it was, a mapping is written as the new state at version + 1 (the new row returned).
        An exception from ``change`` rolls back and propagates."""
        with self._writing("making the move") as connection:
            row = self._playing(connection, code)
            if row.version != seen_version:
                raise StaleMove
            state = change(row)
            if state is None:
                return row
            return self._bump(connection, row, state)

    def close_table(self, code: str) -> None:
        """The table is over: it is kept (closed) but no move or seat change is taken."""
        with self._writing("closing the table") as connection:
            row = self._read(connection, code)
            if row.closed:
                return
            connection.execute("UPDATE shared_tables SET closed = 1 WHERE code = ?",
                               (row.code,))
            connection.execute("DELETE FROM shared_leases WHERE code = ?", (row.code,))
            self._bump(connection, row)

    # ------------------------------------------------------------------ seats

    def sit(self, code: str, seat: int, holder: str, password_hash: str,
            name: str | None = None) -> TableRow:
        """An open seat becomes a remote one, held by ``holder``, its password this hash, and
        its name ``name`` (the player's, instead of the opener's placeholder) when given."""

        def taken(shared: SharedSeat) -> SharedSeat:
            if shared.kind != "open":
                raise TableProblem("That seat is taken.")
            return replace(shared, name=shared.name if name is None else name, kind="remote",
                           password=password_hash, holder=holder, seen=self.wall())

        return self._change_seat(code, seat, "taking the seat", taken)

    def come_back(self, code: str, seat: int, holder: str) -> TableRow:
        """A remote seat is held by ``holder`` from now on (the caller checked the password);
        a process still holding it is no longer its holder."""

        def back(shared: SharedSeat) -> SharedSeat:
            if shared.kind != "remote":
                raise TableProblem("Only a seat taken from another screen can be taken back.")
            return replace(shared, holder=holder, seen=self.wall())

        return self._change_seat(code, seat, "taking the seat back", back)

    def leave(self, code: str, seat: int, holder: str) -> None:
        """``holder`` shows the seat no more: it is away at once (nothing if not the holder)."""

        def left(shared: SharedSeat) -> SharedSeat | None:
            return replace(shared, holder="") if holder and shared.holder == holder else None

        self._change_seat(code, seat, "leaving the seat", left, closed_too=True)

    def heartbeat(self, code: str, seat: int | None, holder: str) -> None:
        """``holder`` still shows the seat (None: every seat it holds, as the opener's screen
        holds its hot seats); nothing for a seat it does not hold. The version stays: a
        heartbeat redraws no screen."""
        normal = normal_code(code)
        if normal is None:
            raise NoSuchTable(code)
        which = "" if seat is None else " AND seat = ?"
        with self._writing("keeping the seat") as connection:
            now = self.wall()
            beat = connection.execute(
                f"UPDATE shared_seats SET seen = ? WHERE code = ? AND holder = ? "
                f"AND holder != ''{which}",
                (now, normal, holder, *(() if seat is None else (seat,))))
            if seat is None:  # the opener's screen beats for itself too
                beat = connection.execute(
                    "UPDATE shared_tables SET opener_seen = ? WHERE code = ? AND opener = ? "
                    "AND opener != ''", (now, normal, holder))
            if beat.rowcount == 0 and connection.execute(
                    "SELECT 1 FROM shared_tables WHERE code = ?", (normal,)).fetchone() is None:
                raise NoSuchTable(code)

    def away(self, row: TableRow) -> frozenset[int]:
        """The remote seats nobody shows now: no holder, or no heartbeat for AWAY_AFTER."""
        now = self.wall()
        return frozenset(shared.seat for shared in row.seats if shared.kind == "remote"
                         and (not shared.holder or now - shared.seen > AWAY_AFTER))

    def opener_gone(self, code: str,
                    change: Callable[[TableRow, tuple[int, ...]], Mapping[str, Any]],
                    ) -> TableRow | None:
        """When the opener's screen has beaten no heartbeat (for itself, or for the seats it
        holds: its hot seats and its CPUs) for AWAY_AFTER seconds (killed, its terminal
        closed): in one
        transaction, its hot seats become remote seats nobody holds (each keeps its name and
        its password's hash, so its player comes back to it with ``come_back``), its CPUs are
        held by nobody, the table has no opener any more, and ``change(row, hot seats)`` is
        written as the new state. The new row; None when there is nothing to do (the opener
        is there, or a screen did it already)."""
        with self._writing("seating the opener's players elsewhere") as connection:
            row = self._playing(connection, code)
            held = [shared for shared in row.seats if row.opener
                    and shared.holder == row.opener and shared.kind in ("human", "cpu")]
            if not row.opener or self.wall() - opener_last_seen(row) <= AWAY_AFTER:
                return None
            hot = tuple(shared.seat for shared in held if shared.kind == "human")
            state = change(row, hot)
            connection.execute(
                "UPDATE shared_seats SET kind = CASE kind WHEN 'human' THEN 'remote' ELSE kind "
                "END, holder = '' WHERE code = ? AND holder = ?", (row.code, row.opener))
            connection.execute("UPDATE shared_tables SET opener = '' WHERE code = ?", (row.code,))
            let_go = tuple(replace(shared, kind="remote" if shared.seat in hot else shared.kind,
                                   holder="") if shared in held else shared
                           for shared in row.seats)
            return self._bump(connection, replace(row, seats=let_go, opener=""), state)

    # ------------------------------------------------------------------ the CPU lease

    def take_lease(self, code: str, holder: str) -> bool:
        """True when ``holder`` runs the table's CPU seats now: the lease was free, had run
        out, or was its own already; it is (re)newed for LEASE_SECONDS. False while another
        holds it, and for a closed table."""
        with self._writing("running the computer players") as connection:
            row = self._read(connection, code)
            if row.closed:
                return False
            now = self.wall()
            found = connection.execute(
                "SELECT holder, expires FROM shared_leases WHERE code = ?", (row.code,)
            ).fetchone()
            if found is not None and found[0] != holder and found[1] > now:
                return False
            connection.execute(
                "INSERT OR REPLACE INTO shared_leases (code, holder, expires) VALUES (?, ?, ?)",
                (row.code, holder, now + LEASE_SECONDS))
        self._leases.add((row.code, holder))
        return True

    # ------------------------------------------------------------------ noticing changes

    def _pragma_data_version(self) -> int:
        with self._lock:
            try:
                return int(self._open().execute("PRAGMA data_version").fetchone()[0])
            except FAILURES as error:
                raise TableProblem(sentence_for(error, "looking at the table")) from None

    def changed(self) -> bool:
        """Another connection committed to the database since the last call (or since this
        store opened); this store's own writes do not count.

        ``PRAGMA data_version`` rather than a file watcher: it needs no new dependency, it
        sees WAL commits (which change ``tableau.db-wal`` and the shared memory, not always
        ``tableau.db``, so a watcher would have to watch the right files and would wake on
        checkpoints), and it is one read of the WAL index in shared memory, cheap enough to
        poll every 50 ms. A True may be a change to another table or a heartbeat: the caller
        loads its table and compares versions."""
        now = self._pragma_data_version()
        moved, self._data_version = now != self._data_version, now
        return moved

    def close(self) -> None:
        """Give up this store's CPU leases (another process takes over at once) and close."""
        with self._lock:
            connection, self._connection = self._connection, None
            if connection is None:
                return
            try:
                if self._leases:
                    with in_transaction(connection, "giving up the computer players"):
                        connection.executemany(
                            "DELETE FROM shared_leases WHERE code = ? AND holder = ?",
                            sorted(self._leases))
            except StoreProblem:
                pass  # the leases then run out by themselves
            finally:
                connection.close()
