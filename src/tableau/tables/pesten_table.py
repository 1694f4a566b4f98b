"""``TableSession``: a shared table (``tables.shared_table``) as the Pesten front ends drive a
``PestenSession``, with the opener's hot seats' locks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tableau.sessions.pesten import Seat
from tableau.sessions.protocol import Answer
from tableau.storage.passwords import SeatLock
from tableau.tables.shared_table import SharedTable


class TableSession:
    """The shared table as a front end (the line mode, a screen) drives a ``PestenSession``:
    its reads are the session as this process last read it, every change is made at the
    table (one transaction), and the opener's hot seats keep their locks, which never leave
    this process."""

    def __init__(self, shared: SharedTable[Any], locks: Mapping[int, SeatLock] | None = None,
                 ) -> None:
        self.shared = shared
        self.locks = dict(locks or {})

    def __getattr__(self, name: str) -> Any:
        return getattr(self.shared.session, name)

    @property
    def chairs(self) -> tuple[Seat, ...]:
        return tuple(Seat(chair.name, chair.plays, self.locks.get(seat)) if chair.is_hot_seat
                     else chair for seat, chair in enumerate(self.shared.session.chairs))

    def act(self, seat: int, move: Any) -> Answer[Any]:
        return self.shared.act(seat, move)

    def undo(self) -> Answer[Any]:
        return self.shared.undo()
