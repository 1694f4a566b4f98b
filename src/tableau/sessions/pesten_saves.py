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


def _infos(table: HotSeat) -> tuple[list[SeatInfo], dict[int, bytes]]:
    """The seats as a save shows them, and each password holder's sealing key."""
    infos, keys = [], {}
    for index, seat in enumerate(table.seats):
        lock = seat.lock
        if not seat.is_human:
            infos.append(SeatInfo(seat.name, seat.kind, False))
        elif lock is None or not lock.has_password:
            infos.append(SeatInfo(seat.name, seat.kind, True))
        else:
            infos.append(SeatInfo(seat.name, seat.kind, True, lock.encoded_hash, lock.key_salt,
                                  lock.key_cost))
            if lock.key is not None:
                keys[index] = lock.key
    return infos, keys


def can_seal(table: HotSeat) -> bool:
    """The round can be saved so that no single player can read another hand, a CPU's hand,
    the stock or the seed (``sealed.can_seal``: two or more password holders, or no human),
    and every password holder's key is at hand."""
    infos, keys = _infos(table)
    holders = sum(info.holds_password for info in infos)
    return sealed.can_seal(infos) and len(keys) == holders


def sealed_data(table: HotSeat) -> dict[str, Any]:
    """The sealed save of the round as it stands (see ``can_seal``; ValueError otherwise)."""
    if not can_seal(table):
        raise ValueError("This round cannot be saved sealed.")
    infos, keys = _infos(table)
    return sealed.seal(table.state, infos, keys, table.cpu_seed, table.table_id)


def saved_seats(data: object, scheme: PasswordScheme) -> tuple[Public, tuple[Seat, ...]]:
    """The save's public part and its seats, each human's with a rebuilt (still sealed) lock.
    Raises SealError with a sentence for what is not a sealed Pesten save."""
    public = sealed.read_public(data)
    seats = []
    for info in public.seats:
        lock = None
        cost = info.cost
        if info.human and cost is None:
            lock = SeatLock(info.name, None, scheme)  # no password: nothing sealed under it
        elif info.human and cost is not None:
            try:
                lock = SeatLock.rebuilt(info.name, info.verifier, info.salt, cost, scheme)
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
    table_id = sealed.read_public(data).table or None
    return HotSeat(seats, opened.state, cpu_seed=opened.cpu_seed, table_id=table_id)
