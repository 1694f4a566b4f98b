"""The lost verdict with cards still face down (issue 31): a Yukon table is lost whatever the
face-down cards are when no way of dealing them lets any line of play win.

``lost_whatever_hidden(view)`` never looks under the cards. It does not try the arrangements
one by one (8 face-down cards lie 40,320 ways): it searches once, with the face-down cards
unknown, and each time a move turns one over it tries every card that could be there. A card
that turns up is one of the view's unseen cards not yet turned up in this line, and any of
them could be the one: so some arrangement has a winning line exactly when this search
finds a win. Two lines that reach the same table face the same question (the cards still
unseen follow from what is shown), so each table is searched once.

It prunes by the solver's rules 1, 2, 3, 4 and 6 (``tableau.ai.yukon``), which look only at
face-up cards and foundation heights and are sound for every arrangement; rule 1 and 6's
sending up waits when it would turn a card over (the search then tries that move with the
others). When it has searched every table it can reach without a win, the table is lost
whatever the face-down cards are. Pure like the solver: the budget reads a clock the caller
may pass in.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from collections.abc import Sequence
from heapq import heappop
from heapq import heappush
from typing import Final

from tableau.ai.yukon import _FITS
from tableau.ai.yukon import _FOUNDATION
from tableau.ai.yukon import _SAFE
from tableau.ai.yukon import _decode
from tableau.ai.yukon import _goes_up
from tableau.ai.yukon import _key
from tableau.ai.yukon import _moves
from tableau.engines.yukon import Phase
from tableau.engines.yukon import View
from tableau.engines.yukon import unseen_cards

__all__ = ["LOST_NODES", "lost_whatever_hidden"]

LOST_NODES: Final = 200_000
"""Tables searched before the check gives up (it then says nothing)."""
_UNKNOWN: Final = 0xFE
"""A face-down card in the search's columns: not a card's index, nor the key's separator."""
_CLOCK_EVERY: Final = 64
_DOWN_WEIGHT: Final = 4
"""The search looks first at tables with few cards face down and many up (the newest among
equals), where a win is near: most tables that can be won say so within a few positions."""


def lost_whatever_hidden(
    view: View, *, seconds: float = 5.0, max_nodes: int = LOST_NODES,
    clock: Callable[[], float] = time.monotonic, cancelled: Callable[[], bool] | None = None,
) -> bool:
    """True when no arrangement of the view's face-down cards can be won; False when one can,
    when there is nothing face down (the quiet check of a table with every card face up
    decides that one), or when the budget runs out first."""
    unseen = frozenset(card.index for card in unseen_cards(view))
    if (view.phase is not Phase.PLAY or view.won or not unseen
            or any(column and column[-1] is None for column in view.columns)):
        return False  # not a table of play, where every bottom card is face up
    deadline = clock() + seconds
    fits, safe = _FITS[view.rules], _SAFE[view.rules]
    columns = [bytes(_UNKNOWN if card is None else card.index for card in column)
               for column in view.columns]
    heights = [0, 0, 0, 0]
    for foundation in view.foundations:
        if foundation:
            heights[foundation[-1].index // 13] = foundation[-1].index % 13 + 1
    start = _key(*_sent_up(columns, heights, safe))
    seen = {start}
    todo = [(0, 0, start)]
    searched = 0
    while todo:
        searched += 1
        if searched > max_nodes or (searched % _CLOCK_EVERY == 0 and (
                clock() >= deadline or (cancelled is not None and cancelled()))):
            return False
        key = heappop(todo)[2]
        here_columns, here_heights = _decode(key)
        for move in _moves(key, here_columns, here_heights, fits,
                           returns=view.rules != "russian"):
            for next_columns, next_heights in _after(here_columns, here_heights, move,
                                                     unseen):
                next_key = _key(*_sent_up(next_columns, next_heights, safe))
                if sum(next_heights) == 52:
                    return False
                if next_key not in seen:
                    seen.add(next_key)
                    heappush(todo, (_DOWN_WEIGHT * next_key.count(_UNKNOWN) - sum(next_heights),
                                    -len(seen), next_key))
    return True


def _after(columns: list[bytes], heights: list[int], move: tuple[int, int, int],
           unseen: frozenset[int]) -> list[tuple[list[bytes], list[int]]]:
    """The tables after ``move``: one, or one for each card that may turn up."""
    columns, heights = list(columns), list(heights)
    source, target, index = move
    if source >= _FOUNDATION:  # a card back down from its suit's foundation
        suit = source - _FOUNDATION
        heights[suit] -= 1
        columns[target] += bytes((suit * 13 + heights[suit],))
        return [(columns, heights)]
    column = columns[source]
    if target == _FOUNDATION:
        heights[column[-1] // 13] += 1
    else:
        columns[target] += column[index:]
    rest = columns[source] = column[:index]
    if not rest or rest[-1] != _UNKNOWN:
        return [(columns, heights)]
    shown = {card for pile in columns for card in pile} | {
        suit * 13 + rank for suit, height in enumerate(heights) for rank in range(height)}
    turned = []
    for card in sorted(unseen - shown):
        each = list(columns)
        each[source] = rest[:-1] + bytes((card,))
        turned.append((each, list(heights)))
    return turned


def _sent_up(columns: list[bytes], heights: list[int], safe: Sequence[Sequence[int]]
             ) -> tuple[list[bytes], list[int]]:
    """Rules 1 and 6: every bottom card that may go up at once does, unless that would turn
    a card over (the search tries that move itself, with every card that may turn up)."""
    moved = True
    while moved:
        moved = False
        for number, column in enumerate(columns):
            if (column and _goes_up(column[-1], heights, safe)
                    and (len(column) == 1 or column[-2] != _UNKNOWN)):
                heights[column[-1] // 13] += 1
                columns[number] = column[:-1]
                moved = True
    return columns, heights
