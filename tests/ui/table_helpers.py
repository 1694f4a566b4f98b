"""What the shared-table UI tests (Go Fish, Poker) do alike: wait as a player waits for
their screen, and open a table with a friend (Zoe) sat down in its remote seat, each side on
its own store of the one TABLEAU_HOME tableau.db, as two processes would."""

from __future__ import annotations

import time
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Sequence
from contextlib import contextmanager
from typing import Any
from unittest import mock

from textual.pilot import Pilot
from ui_helpers import screen_text

from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind
from tableau.storage.home import database_path
from tableau.storage.table_store import TableStore
from tableau.tables.shared_table import SharedTable

WAIT_STEPS = 200
"""Pauses of 20 ms at most while waiting for what a player would see (4 s in all)."""
CODE_NUMBER = 4821
"""The pictures' table code is GAME-4821."""

Start = Callable[[Sequence[SeatInfo], int], Any]
"""A game's ``start(seats, seed)``."""
Opened = Callable[[list[SeatKind]], tuple[SharedTable[Any], SharedTable[Any]]]
"""Opens a table of these seats (Anna, Bea, then Zoe in the remote seat): opener, Zoe."""


async def until(pilot: Pilot[Any], seen: Callable[[], bool], what: str) -> None:
    """Wait (bounded) until ``seen()`` holds, as a player waits for their screen."""
    for _ in range(WAIT_STEPS):
        if seen():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"never seen: {what}\n{screen_text(pilot.app)}")


def with_a_friend(session: Any) -> tuple[SharedTable[Any], SharedTable[Any]]:
    """The opener's table of ``session`` and Zoe's seat at it (its remote seat); Zoe's store
    writes her heartbeats a minute old, so once she leaves she has been away long enough
    for a CPU to play for her."""
    host = SharedTable.open(TableStore(database_path()), session)
    zoes_store = TableStore(database_path(), wall=lambda: time.time() - 60)
    zoe: SharedTable[Any] = SharedTable.join(zoes_store, host.code, game=session.GAME)
    seat = next(seat for seat, info in enumerate(session.seats)
                if info.kind is SeatKind.REMOTE)
    assert zoe.sit(seat, "Zoe", "z").ok
    return host, zoe


@contextmanager
def tables_to_picture(start: Start, seed: int) -> Iterator[Opened]:
    """Opens tables with the code GAME-4821 for a picture: Zoe sits down at once and is not
    away (seen just now); the stores are closed afterwards."""
    stores: list[TableStore] = []

    def open_table(kinds: list[SeatKind]) -> tuple[SharedTable[Any], SharedTable[Any]]:
        names = iter(("Anna", "Bea"))
        seats = [SeatInfo("Seat" if kind is SeatKind.REMOTE else next(names), kind)
                 for kind in kinds]
        session = start(seats, seed)
        stores.extend((TableStore(database_path()), TableStore(database_path())))
        with mock.patch("tableau.storage.table_store.secrets.randbelow",
                        return_value=CODE_NUMBER):
            host = SharedTable.open(stores[-2], session)
        zoe: SharedTable[Any] = SharedTable.join(stores[-1], host.code, game=session.GAME)
        assert zoe.sit(kinds.index(SeatKind.REMOTE), "Zoe", "z").ok
        zoe._stop_heartbeat()  # seen just now: not away while the picture is taken
        return host, zoe

    try:
        yield open_table
    finally:
        for store in stores:
            store.close()
