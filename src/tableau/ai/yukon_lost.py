"""The lost verdict with cards still face down (issue 31): a Yukon table is lost whatever the
face-down cards are when the solver proves every arrangement of them lost.

``lost_whatever_hidden(view)`` never needs to look under the cards: it deals the view's
unseen cards into the face-down places in every order (``itertools.permutations``; only
for small hidden sets, ``MOST_HIDDEN`` cards at most, 720 arrangements) and solves each.
One arrangement won or undecided ends the check: then it cannot say "lost". A "lost" from
the solver is a proof (``tableau.ai.yukon``), so "lost" for every arrangement is one too.
Pure like the solver: the time budget reads a clock the caller may pass in.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from itertools import permutations
from typing import Final

from tableau.ai.yukon import solve
from tableau.engines.yukon import Phase
from tableau.engines.yukon import View
from tableau.engines.yukon import unseen_cards
from tableau.engines.yukon import with_hidden

__all__ = ["MOST_HIDDEN", "lost_whatever_hidden"]

MOST_HIDDEN: Final = 6
"""At most 6! = 720 arrangements: a few seconds when each is lost quickly."""
ARRANGEMENT_NODES: Final = 20_000


def lost_whatever_hidden(
    view: View, *, seconds: float = 5.0, clock: Callable[[], float] = time.monotonic,
    cancelled: Callable[[], bool] | None = None,
) -> bool:
    """True when every arrangement of the view's face-down cards is proved lost; False when
    one is not, when there are too many to try (or none: the quiet check of a table with
    every card face up decides that one), or when the time runs out first."""
    unseen = unseen_cards(view)
    if view.phase is not Phase.PLAY or view.won or not 0 < len(unseen) <= MOST_HIDDEN:
        return False
    deadline = clock() + seconds
    for cards in permutations(unseen):
        left = deadline - clock()
        if left <= 0 or (cancelled is not None and cancelled()):
            return False
        if solve(with_hidden(view, cards), max_nodes=ARRANGEMENT_NODES, seconds=left,
                 clock=clock, cancelled=cancelled).kind != "lost":
            return False
    return True
