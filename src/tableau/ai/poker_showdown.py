"""How often a final hand wins the showdown against the opponents still in (pure).

Opponents are sampled, never looked at: each sample deals an opponent five of the cards this
player has not seen, lets them draw the way a typical player draws (``typical_keep``), and
fills their hand from the cards left. The sampled final hands give, for every hand value,
the share of opponents it beats (ties count half); against ``k`` opponents that share is
raised to the power ``k``. The samples come from a seed in the player's own view, so the
same game always gives the same answers.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from tableau.cards import FULL_DECK
from tableau.cards import Card
from tableau.cards import Rank
from tableau.engines.poker import VALUE_COUNT
from tableau.engines.poker import Category
from tableau.engines.poker import category_of
from tableau.engines.poker import evaluate
from tableau.engines.poker import score_table
from tableau.engines.poker.evaluator import ScoreTable

OPPONENT_SAMPLES: Final = 400
"""Opponent hands sampled per decision: enough to tell a flush draw from a pair."""

_MADE: Final = Category.STRAIGHT
"""From this category up an opponent keeps all five cards."""
_FACE: Final = 11
"""Jacks and higher are the high cards a typical player keeps."""


def _high(card: Card) -> int:
    return 14 if card.rank is Rank.ACE else int(card.rank)


def four_in_a_row(hand: Sequence[Card]) -> tuple[Card, ...]:
    """Four cards of consecutive ranks below the ace (an open-ended straight draw), or ().

    Among five different ranks such a run is either the lowest four or the highest four."""
    by_height = sorted(hand, key=_high)
    highs = [_high(card) for card in by_height]
    if len(set(highs)) < 5:
        return ()
    if highs[3] - highs[0] == 3:
        return tuple(by_height[:4])
    if highs[4] - highs[1] == 3 and highs[4] < 14:
        return tuple(by_height[1:])
    return ()


def typical_keep(hand: Sequence[Card]) -> tuple[Card, ...]:
    """What a plain, sensible player keeps: a made hand, any pair or better, four to a flush,
    four in a row, else the high cards (an ace alone, or the two highest)."""
    if category_of(evaluate(hand)) >= _MADE:
        return tuple(hand)
    ranks = [card.rank for card in hand]
    if len(set(ranks)) < 5:
        return tuple(card for card in hand if ranks.count(card.rank) > 1)
    suits = [card.suit for card in hand]
    for suit in set(suits):
        if suits.count(suit) == 4:
            return tuple(card for card in hand if card.suit is suit)
    in_a_row = four_in_a_row(hand)
    if in_a_row:
        return in_a_row
    by_height = sorted(hand, key=_high, reverse=True)
    high = [card for card in by_height if _high(card) >= _FACE][:2]
    if [card.rank for card in high] == [Rank.ACE]:
        return tuple(high)
    return tuple(by_height[:2]) if len(high) < 2 else tuple(high)


@lru_cache(maxsize=64)
def opponent_values(unseen: frozenset[Card], seed: int,
                    samples: int = OPPONENT_SAMPLES) -> tuple[int, ...]:
    """Final hand values of ``samples`` opponents dealt and drawing from ``unseen`` cards."""
    pool = [card for card in FULL_DECK if card in unseen]
    # A generator of this call's own, seeded from the player's view (never the global one).
    sample = random.Random(seed).sample
    values = []
    for _ in range(samples):
        cards = sample(pool, 10)  # five dealt, then up to five drawn
        kept = typical_keep(cards[:5])
        values.append(evaluate((*kept, *cards[5 : 10 - len(kept)])))
    return tuple(values)


def beaten_share(values: Sequence[int]) -> tuple[float, ...]:
    """For every hand value (index 1..7462), the share of ``values`` it beats, ties half."""
    counts = [0] * (VALUE_COUNT + 1)
    for value in values:
        counts[value] += 1
    shares = [0.0] * (VALUE_COUNT + 1)
    below = 0
    total = len(values)
    for value in range(1, VALUE_COUNT + 1):
        shares[value] = (below + counts[value] / 2) / total
        below += counts[value]
    return tuple(shares)


@lru_cache(maxsize=64)
def shares_against(unseen: frozenset[Card], seed: int) -> tuple[float, ...]:
    """``beaten_share`` of the opponents sampled from ``unseen`` with ``seed``."""
    return beaten_share(opponent_values(unseen, seed))


@lru_cache(maxsize=64)
def win_table(unseen: frozenset[Card], seed: int, opponents: int) -> ScoreTable:
    """Chance of beating every one of ``opponents`` sampled opponents, for each final hand."""
    return score_table([share**opponents for share in shares_against(unseen, seed)])
