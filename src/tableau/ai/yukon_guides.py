"""The Yukon solver's guides: ways to score a position, the lower the closer to a win.

The solver (``tableau.ai.yukon``) expands the best-scored position first; each guide wins
quickly on deals where another wanders, so its first phase gives them turns. Each counts
the cards off the foundations and, four times over, the face-down cards; they differ in what
else they count. A position is
the solver's: columns as ``bytes`` of card indices (a face-down card stored as index +
``DOWN``) and the height of each suit's foundation. Pure, like the solver.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from typing import Final

from tableau.engines import yukon

__all__ = ["DOWN", "GUIDES", "Guide"]

DOWN: Final = 64
"""Added to a card's index for a face-down card in a solver's column."""

Guide = Callable[[Sequence[bytes], Sequence[int]], int]


def _face_down(columns: Sequence[bytes], heights: Sequence[int]) -> int:
    down = 0
    for column in columns:
        for card in column:
            if card < DOWN:
                break
            down += 1
    return 4 * down + 52 - sum(heights)


def _covering(columns: Sequence[bytes], heights: Sequence[int]) -> int:
    """Also the face-up cards that lie on face-down ones: they must move first."""
    cost = 52 - sum(heights)
    for column in columns:
        down = 0
        for card in column:
            if card < DOWN:
                break
            down += 1
        if down:
            cost += 4 * down + len(column) - down
    return cost


def _disorder(rules: str) -> Guide:
    """Also each face-up card that does not fit on the card it lies on."""
    fits = tuple(frozenset(cards) for cards in yukon.FITS_ON[rules])

    def guide(columns: Sequence[bytes], heights: Sequence[int]) -> int:
        cost = 52 - sum(heights)
        for column in columns:
            under = -1
            for card in column:
                if card >= DOWN:
                    cost += 4
                else:
                    if under >= 0 and card not in fits[under]:
                        cost += 1
                    under = card
        return cost

    return guide


GUIDES: Final = {rules: (_face_down, _covering, _disorder(rules)) for rules in yukon.RULES}
"""By rules: the guides the solver's first phase takes turns with."""
