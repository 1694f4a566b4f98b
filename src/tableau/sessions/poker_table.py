"""Who sits at a Poker table: the seats the UI deals, whose running out ends the game, and
each seat's key for the CPU contract."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tableau.engines.poker import NAMES
from tableau.engines.rng import fresh_seed_from
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind

HUMAN: Final = 0
"""Your seat at the table the UI deals."""
DEFAULT_CPUS: Final = 3
MAX_CPUS: Final = 5


def first_rng_states(seed: int, players: int) -> tuple[int, ...]:
    """Each seat's key for the CPU contract, drawn from the game's seed."""
    root = fresh_seed_from(seed, 2)
    return tuple(fresh_seed_from(root, seat) for seat in range(players))


def table_seats(cpus: int) -> tuple[SeatInfo, ...]:
    """You in seat 0 and ``cpus`` CPUs, by the table's names."""
    return tuple(SeatInfo(NAMES[seat], SeatKind.HUMAN if seat == HUMAN else SeatKind.CPU)
                 for seat in range(cpus + 1))


def watched_seat(seats: Sequence[SeatInfo]) -> int | None:
    """The one person at the table, whose running out of chips ends the game (None: several
    people, or none, play on until one player holds every chip)."""
    people = [index for index, seat in enumerate(seats) if seat.kind is not SeatKind.CPU]
    return people[0] if len(people) == 1 else None
