"""What the shared-table UI tests (Go Fish, Poker) do alike: open a table with a friend
(Zoe) sat down in its remote seat, each side on its own store of the one TABLEAU_HOME
tableau.db, as two processes would."""

from __future__ import annotations

import time
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Sequence
from contextlib import contextmanager
from typing import Any
from unittest import mock

from ui_helpers import GONE_FOR

from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind
from tableau.storage.home import database_path
from tableau.storage.table_store import TableStore
from tableau.tables.shared_table import SharedTable

CODE_NUMBER = 4821
"""The pictures' table code is GAME-4821."""

Start = Callable[[Sequence[SeatInfo], int], Any]
"""A game's ``start(seats, seed)``."""
Opened = Callable[[list[SeatKind]], tuple[SharedTable[Any], SharedTable[Any]]]
"""Opens a table of these seats (Anna, Bea, then Zoe in the remote seat): opener, Zoe."""


def with_a_friend(session: Any) -> tuple[SharedTable[Any], SharedTable[Any]]:
    """The opener's table of ``session`` and Zoe's seat at it (its remote seat); Zoe's store
    writes her heartbeats GONE_FOR old, so once she leaves she has been away long enough
    for a CPU to play for her."""
    host = SharedTable.open(TableStore(database_path()), session)
    zoes_store = TableStore(database_path(), wall=lambda: time.time() - GONE_FOR)
    zoe: SharedTable[Any] = SharedTable.join(zoes_store, host.code, game=session.GAME)
    seat = next(seat for seat, info in enumerate(session.seats)
                if info.kind is SeatKind.REMOTE)
    assert zoe.sit(seat, "Zoe", "z").ok
    return host, zoe


@contextmanager
def tables_to_picture(start: Start, seed: int) -> Iterator[Opened]:
    """Opens tables with the code GAME-4821 for a picture: Zoe sits down at once and is not
    away (seen as she sat down: the tables' clock stands still, however long a loaded machine
    takes over the picture); the stores are closed afterwards."""
    stores: list[TableStore] = []
    opened_at = time.time()

    def wall() -> float:
        return opened_at

    def open_table(kinds: list[SeatKind]) -> tuple[SharedTable[Any], SharedTable[Any]]:
        names = iter(("Anna", "Bea"))
        seats = [SeatInfo("Seat" if kind is SeatKind.REMOTE else next(names), kind)
                 for kind in kinds]
        session = start(seats, seed)
        stores.extend((TableStore(database_path(), wall=wall),
                       TableStore(database_path(), wall=wall)))
        with mock.patch("tableau.storage.table_store.secrets.randbelow",
                        return_value=CODE_NUMBER):
            host = SharedTable.open(stores[-2], session, wall=wall)
        zoe: SharedTable[Any] = SharedTable.join(stores[-1], host.code, game=session.GAME,
                                                 wall=wall)
        assert zoe.sit(kinds.index(SeatKind.REMOTE), "Zoe", "z").ok
        zoe._stop_heartbeat()
        return host, zoe

    try:
        yield open_table
    finally:
        for store in stores:
            store.close()
