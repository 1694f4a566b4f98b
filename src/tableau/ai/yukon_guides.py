"""The Yukon solver's guides: ways to score a position, the lower the closer to a win; and
its tests that a position can never be won: ``trapped`` (rule 5) and ``stuck_rules`` (rule 7).

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

__all__ = ["DOWN", "GUIDES", "KING", "Guide", "stuck_rules", "trapped"]

DOWN: Final = 64
"""Added to a card's index for a face-down card in a solver's column."""

Guide = Callable[[Sequence[bytes], Sequence[int]], int]
KING: Final = 12
"""A king's rank within its suit's 13 card indices."""


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


def stuck_rules(rules: str) -> Callable[[Sequence[bytes], Sequence[int]], bool]:
    """A test that a position is lost because some card in the columns can never become the
    bottom card of its column (the solver's rule 7 argues it). Every card must, to go up.

    It is the least fixpoint of a relaxation. A card *comes free* when it is a bottom card
    now, or when the card lying on it now can *leave*. A card can leave when it is a king,
    and some column is empty or its first card can leave; or when a card it fits on comes
    free (a card on a foundation counts as free); or when it comes free itself and every
    lower card of its suit comes free. A face-down card must come free before it leaves."""
    # Sets of cards are bit masks; the tables take a column's byte (face-down ones too).
    hosts = [0] * 52
    for host, cards in enumerate(yukon.FITS_ON[rules]):
        for card in cards:
            hosts[card] |= 1 << host
    bit = [1 << (byte % DOWN) for byte in range(2 * DOWN)]
    host_mask = [hosts[byte % DOWN] if byte % DOWN < 52 else 0 for byte in range(2 * DOWN)]
    lower_mask = [bit[byte] - (1 << (byte % DOWN - byte % DOWN % 13)) for byte in range(2 * DOWN)]
    king = [byte % DOWN % 13 == KING for byte in range(2 * DOWN)]
    everything = (1 << 52) - 1

    def stuck(columns: Sequence[bytes], heights: Sequence[int]) -> bool:
        free = 0
        for suit, height in enumerate(heights):
            free |= ((1 << height) - 1) << (13 * suit)
        leaves = 0
        empty = not all(columns)
        changed = True
        while changed:
            changed = False
            for column in columns:
                on_it_leaves = True  # nothing lies on the bottom card
                for byte in reversed(column):
                    card = bit[byte]
                    if on_it_leaves and not free & card:
                        free |= card
                        changed = True
                    if leaves & card:
                        on_it_leaves = True
                    elif ((byte < DOWN or free & card) and (
                            (king[byte] and empty) or free & host_mask[byte]
                            or (free & card and not lower_mask[byte] & ~free))):
                        leaves |= card
                        on_it_leaves = changed = True
                    else:
                        on_it_leaves = False
                if on_it_leaves and column and not empty:
                    empty = changed = True
            if free == everything:
                return False
        return True

    return stuck


def trapped(columns: Sequence[bytes], heights: Sequence[int], rules: str) -> bool:
    """Rule 5: some face-down card can never turn up, whatever is played.

    A face-down card turns up only when the card lying on it leaves its column: onto a card it
    fits on, which must then be face up, or a king into an empty column, or up to its
    foundation once every lower card of its suit has been face up. This relaxes the rules
    (any face-up card counts as a host, buried or not; kings always find a column), so if
    even then a face-down card can never turn, no real line of play turns it either."""
    fits = yukon.FITS_ON[rules]
    seen = {suit * 13 + rank for suit, height in enumerate(heights) for rank in range(height)}
    down: list[int] = []
    for column in columns:
        hidden = sum(1 for card in column if card >= DOWN)
        down.append(hidden)
        seen.update(column[hidden:])
    changed = True
    while changed:
        changed = False
        for number, column in enumerate(columns):
            while down[number]:
                lying = column[down[number]] % DOWN
                leaves = (
                    lying % 13 == KING
                    or any(lying in fits[host] for host in seen)
                    or all(lower in seen for lower in range(lying - lying % 13, lying))
                )
                if not leaves:
                    break
                down[number] -= 1
                seen.add(column[down[number]] - DOWN)
                changed = True
    return any(down)
