"""The wait after wrong passwords, kept per table and seat: leaving the lock screen, the app
or the machine does not start it over.

A seat's lock (``passwords.SeatLock``) counts wrong tries only while it is in memory, and a
lock rebuilt for "Continue" starts at none. So every lock screen also asks this record: the
wrong tries in a row of a seat at a table (``PestenSession.table_id``, kept in the save's public
part) and the wall-clock time before which the next try is refused. It lives in one small
private file (0600, in a 0700 folder) under the data folder, ``lockouts.json``, read afresh
on every question so that two processes on one folder share it, and written atomically.

The file holds no password, hash or card: table ids, seat numbers, counts and times. A file
that cannot be read counts as empty (``problem`` is the app's sentence on start-up); one
that cannot be written leaves the record in memory for this run. The clock is the caller's
(``Runtime.wall``), so tests pass their own, and a time far ahead of it (a clock set back)
is never waited out longer than the longest delay.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from typing import Final

from tableau.storage.files import FileProblem
from tableau.storage.files import atomic_write_text
from tableau.storage.files import may_write
from tableau.storage.files import read_small_text
from tableau.storage.home import data_folder
from tableau.storage.home import private_folder

FILE_NAME: Final = "lockouts.json"
MAX_SEATS: Final = 500
"""Seats with wrong tries kept at most; the ones waited on longest ago go first."""
_LIMIT: Final = 256 * 1024
DAMAGED: Final = ("lockouts.json, the waits after wrong Pesten passwords, could not be read, so "
                  "those waits start over; it is written afresh at the next wrong password.")
DAMAGED_KEPT: Final = ("lockouts.json, the waits after wrong Pesten passwords, could not be read "
                       "and may not be written, so those waits start over and are kept only "
                       "while tableau runs; the file is left as it is.")


class Lockouts:
    """The wrong tries of each seat at each table, and when its next try may come."""

    def __init__(self, path: Path | None, delays: tuple[float, ...] | None = None) -> None:
        self.path = path
        self._delays = delays
        self._memory: dict[str, dict[str, float]] = {}
        """The record when the file cannot be read or written (or there is no file)."""

    @classmethod
    def at_home(cls, delays: tuple[float, ...] | None = None) -> Lockouts:
        """The record in the data folder (``TABLEAU_HOME`` in tests)."""
        return cls(data_folder() / FILE_NAME, delays)

    # -------------------------------------------------------------- questions

    def wait_left(self, table: str, seat: int, now: float) -> float:
        """Seconds before ``seat`` at ``table`` may try a password again (0: now)."""
        entry = self._read().get(_key(table, seat))
        if entry is None:
            return 0.0
        left = entry.get("until", 0.0) - now
        return min(max(left, 0.0), max(self.delays))

    def wrong(self, table: str, seat: int, now: float) -> float:
        """Count a wrong try; the seconds the next one must wait."""
        seats = self._read()
        key = _key(table, seat)
        tries = int(seats.get(key, {}).get("tries", 0)) + 1
        delay = self.delays[min(tries, len(self.delays)) - 1]
        seats[key] = {"tries": tries, "until": now + delay}
        self._write(seats)
        return delay

    def opened(self, table: str, seat: int) -> None:
        """The right password: the seat's wrong tries are forgotten."""
        seats = self._read()
        if seats.pop(_key(table, seat), None) is not None:
            self._write(seats)

    # -------------------------------------------------------------- the file

    @property
    def delays(self) -> tuple[float, ...]:
        """The waits after each wrong try in a row (``passwords.RETRY_DELAYS`` unless given)."""
        if self._delays is None:
            # Imported here: the app asks for ``problem`` at start-up, and argon2 costs time.
            from tableau.storage.passwords import RETRY_DELAYS

            self._delays = RETRY_DELAYS
        return self._delays

    @property
    def problem(self) -> str | None:
        """A sentence when the file is there but cannot be read as the record (it then
        counts as empty, and is written afresh at the next wrong password, unless it may not
        be written: then the waits are kept in memory)."""
        if self.path is None or not self.path.exists() or self._seats() is not None:
            return None
        return DAMAGED if may_write(self.path) else DAMAGED_KEPT

    def _seats(self) -> dict[Any, Any] | None:
        """The file's seats, as written (None: no file, or one that cannot be read)."""
        if self.path is None or not self.path.exists():
            return None
        try:
            data = json.loads(read_small_text(self.path, "lockout record", _LIMIT))
        except (FileProblem, ValueError):
            return None
        seats = data.get("seats") if isinstance(data, dict) else None
        return seats if isinstance(seats, dict) else None

    def _read(self) -> dict[str, dict[str, float]]:
        seats = self._seats()
        if seats is None:
            return dict(self._memory)
        found = {key: {"tries": float(entry["tries"]), "until": float(entry["until"])}
                 for key, entry in seats.items()
                 if isinstance(entry, dict) and _number(entry.get("tries"))
                 and _number(entry.get("until"))}
        # What only this run knows (an earlier write failed) still counts.
        for key, entry in self._memory.items():
            if entry["tries"] > found.get(key, {"tries": -1.0})["tries"]:
                found[key] = entry
        return found

    def _write(self, seats: dict[str, dict[str, float]]) -> None:
        kept = dict(sorted(seats.items(), key=lambda item: item[1]["until"])[-MAX_SEATS:])
        self._memory = kept
        if self.path is None:
            return
        try:
            private_folder(self.path.parent)
            atomic_write_text(self.path, json.dumps({"version": 1, "seats": kept}),
                              name="the lockout record", private=True)
        except (FileProblem, OSError):
            return  # kept in memory for this run
        self._memory = {}


def _key(table: str, seat: int) -> str:
    return f"{table}/{seat}"


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
