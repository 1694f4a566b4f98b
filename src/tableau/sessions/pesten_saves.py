"""A hot-seat Pesten table to and from a sealed save (``tableau.storage.sealed``).

``sealed_data(table)`` is the save of the round as it stands; to resume, ``saved_seats(data)``
says who sits where and gives each human seat a lock rebuilt from the save, each human opens
theirs with ``SeatLock.unseal(password)``, and ``table_from_sealed(data, locks)`` rebuilds the
table. Pure: the randomness of sealing and the key derivation live in ``tableau.storage``.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Mapping
from typing import Any

from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import HotSeat
from tableau.sessions.pesten import Seat
from tableau.storage import sealed
from tableau.storage.passwords import PasswordScheme
from tableau.storage.passwords import SeatLock
from tableau.storage.sealed import Public
from tableau.storage.sealed import SealError
from tableau.storage.sealed import SeatInfo


def can_seal(table: HotSeat) -> bool:
    """Every human seat has a lock with a key: the round can be saved sealed."""
    return all(seat.lock is not None and seat.lock.key is not None
               for seat in table.seats if seat.is_human)


def sealed_data(table: HotSeat) -> dict[str, Any]:
    """The sealed save of the round as it stands (see ``can_seal``)."""
    infos, keys = [], {}
    for index, seat in enumerate(table.seats):
        lock = seat.lock
        if not seat.is_human:
            infos.append(SeatInfo(seat.name, seat.kind, False))
            continue
        if lock is None or lock.key is None:
            raise ValueError(f"{seat.name}'s seat has no sealing key.")
        infos.append(SeatInfo(seat.name, seat.kind, True, lock.encoded_hash, lock.key_salt,
                              lock.key_cost))
        keys[index] = lock.key
    return sealed.seal(table.state, infos, keys, table.cpu_seed)


def saved_seats(data: object, scheme: PasswordScheme) -> tuple[Public, tuple[Seat, ...]]:
    """The save's public part and its seats, each human's with a rebuilt (still sealed) lock.
    Raises SealError with a sentence for what is not a sealed Pesten save."""
    public = sealed.read_public(data)
    seats = []
    for info in public.seats:
        lock = None
        if info.human:
            assert info.cost is not None
            try:
                lock = SeatLock.rebuilt(info.name, info.verifier, info.salt, info.cost, scheme)
            except ValueError:
                raise SealError(sealed.DAMAGED) from None
        seats.append(Seat(info.name, HUMAN if info.human else info.kind, lock))
    return public, tuple(seats)


def title(round_number: int, names: Iterable[str]) -> str:
    """"Round 3 · Ann, Bob, CPU 1": the menu's and the resume screen's words for a save."""
    return f"Round {round_number} · " + ", ".join(names)


def table_from_sealed(data: object, seats: tuple[Seat, ...]) -> HotSeat:
    """The table, once every human seat's lock was unsealed. SealError with a sentence for
    a changed or damaged save (nothing is restored then)."""
    keys: Mapping[int, bytes] = {
        index: seat.lock.key for index, seat in enumerate(seats)
        if seat.is_human and seat.lock is not None and seat.lock.key is not None
    }
    opened = sealed.unseal(data, keys)
    if opened.state.config.players != len(seats):
        raise SealError(sealed.DAMAGED)
    return HotSeat(seats, opened.state, cpu_seed=opened.cpu_seed)
