"""The main pot and the side pots of a showdown, from what each player put in (pure)."""

from __future__ import annotations

from collections.abc import Sequence


def _levels(put_in: Sequence[int], live: Sequence[int]) -> list[int]:
    return sorted({put_in[seat] for seat in live})


def pots(put_in: Sequence[int], live: Sequence[int]) -> list[tuple[int, list[int]]]:
    """The main pot and side pots: (amount, players who may win it, left of button first).

    Each live player's total stake is a level; every chip counts toward the pots up to its
    owner's total. Chips of folded players above the highest live stake join the last pot.
    """
    pots: list[tuple[int, list[int]]] = []
    floor = 0
    for level in _levels(put_in, live):
        amount = sum(min(paid, level) - min(paid, floor) for paid in put_in)
        eligible = [seat for seat in live if put_in[seat] >= level]
        pots.append((amount, eligible))
        floor = level
    leftover = sum(max(0, paid - floor) for paid in put_in)
    if leftover:
        amount, eligible = pots[-1]
        pots[-1] = (amount + leftover, eligible)
    return pots


def own_share(put_in: Sequence[int], seat: int, number: int, live: Sequence[int]) -> int:
    """The chips ``seat`` itself put into pot ``number``."""
    levels = _levels(put_in, live)
    floor = levels[number - 1] if number else 0
    return min(put_in[seat], levels[number]) - floor
