"""The Poker CPU as it was before it judged draws by the showdown: the baseline of the duel.

It drew to the highest expected ``strength`` (the share of all 2,598,960 five-card hands
beaten) and bet on that strength. Only the measure differs from today's CPU: the legal
discards and the betting rules are the same functions.
"""

from __future__ import annotations

from functools import lru_cache

from tableau.ai.poker import choose_action
from tableau.ai.poker import legal_discards
from tableau.cards import FULL_DECK
from tableau.cards import Card
from tableau.engines.poker import Draw
from tableau.engines.poker import Move
from tableau.engines.poker import Phase
from tableau.engines.poker import View
from tableau.engines.poker import draw_expectation


@lru_cache(maxsize=256)
def _by_strength(hand: tuple[Card, ...]) -> tuple[Draw, float, float]:
    """The best discard by expected strength, that strength, and standing pat's."""
    unseen = [card for card in FULL_DECK if card not in hand]
    options = sorted(
        ((draw_expectation([card for card in hand if card not in discard], unseen), discard)
         for discard in legal_discards(hand)),
        key=lambda option: (-option[0], len(option[1])),
    )
    current = next(value for value, discard in options if not discard)
    return Draw(options[0][1]), options[0][0], current


def _strength(view: View, rng_state: int) -> float:
    _, expected, current = _by_strength(view.hand)
    return expected if view.phase is Phase.FIRST_BETTING else current


def baseline(view: View, rng_state: int) -> tuple[Move, int]:
    """The old CPU's move in this seat, called as every CPU is."""
    if view.my_turn and view.phase is Phase.DRAW:
        return _by_strength(view.hand)[0], rng_state
    return choose_action(view, rng_state, _strength), rng_state
