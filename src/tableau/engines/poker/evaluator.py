"""Five-card hand values, descriptions and draw expectations (pure).

Every five-card hand gets a value from 1 (7-5-4-3-2 in mixed suits) to 7462 (royal flush);
higher is better and equal values tie. The values come from one table built at import.

The integer form: each card has a code ``5**r << 24 | 7 << (6*s)`` (r = 0 for the deuce
.. 12 for the ace, s = suit index). Adding five codes counts every rank in a base-5 digit
(at most 4 of a rank) and every suit in a 6-bit digit; a suit digit reaches 35 (bit 5 set)
only when all five cards share that suit. Masking the sum down to the rank digits and those
four flush bits gives a key with 11,323 possible values, and one dictionary lookup gives the
hand's value. Every sum stays below 2**55, so CPython adds them as two-digit integers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from itertools import combinations
from itertools import combinations_with_replacement
from math import comb
from typing import Final

from tableau.cards import FULL_DECK
from tableau.cards import SUITS
from tableau.cards import Card
from tableau.cards import Rank

__all__ = [
    "HAND_COUNT",
    "VALUE_COUNT",
    "Category",
    "HandInfo",
    "card_code",
    "category_of",
    "describe",
    "draw_average",
    "draw_expectation",
    "evaluate",
    "evaluate_codes",
    "hand_info",
    "ordered",
    "score_table",
    "strength",
    "tiebreakers",
]


class Category(IntEnum):
    """Hand categories, weakest first."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIRS = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9

    @property
    def label(self) -> str:
        """The seed's wording: "two pairs", "royal flush", "pair"."""
        return self.name.lower().replace("_", " ")


VALUE_COUNT: Final = 7462
"""Distinct five-card hand values."""

HAND_COUNT: Final = comb(52, 5)
"""All five-card hands: 2,598,960."""


def _high(rank: Rank) -> int:
    """0 for the deuce up to 12 for the ace."""
    return 12 if rank is Rank.ACE else int(rank) - 2


_RANK_UNIT: Final[tuple[int, ...]] = tuple(int(5**high) << 24 for high in range(13))
"""One card of each rank in the rank digits of a code."""
_RANK_MASK: Final = ((1 << 31) - 1) << 24


def _code(high: int, suit_index: int) -> int:
    return _RANK_UNIT[high] | (7 << (6 * suit_index))


_FLUSH_BITS: Final = sum(32 << (6 * index) for index in range(4))
_KEY_MASK: Final = _FLUSH_BITS | _RANK_MASK
_SUIT_INDEX: Final = {suit: index for index, suit in enumerate(SUITS)}
_CARD_BY_CODE: Final = {
    _code(_high(card.rank), _SUIT_INDEX[card.suit]): card for card in FULL_DECK
}
# The deck's own Card objects, by identity: a fast path for the common case. An id found
# here is always one of these live objects, so it can never be mistaken for another card.
_CODE_BY_ID: Final = {id(card): code for code, card in _CARD_BY_CODE.items()}
_CODE_OF_DECK_CARD: Final = _CODE_BY_ID.__getitem__


def card_code(card: Card) -> int:
    """The integer form of a card, for ``evaluate_codes``."""
    code = _CODE_BY_ID.get(id(card))
    if code is None:
        code = _code(_high(card.rank), _SUIT_INDEX[card.suit])
    return code


def _straight_top(highs: Sequence[int]) -> int | None:
    """The top of the straight formed by five distinct ranks (3 for the wheel), else None."""
    ordered_highs = sorted(highs, reverse=True)
    if ordered_highs == [12, 3, 2, 1, 0]:
        return 3
    if ordered_highs[0] - ordered_highs[4] == 4:
        return ordered_highs[0]
    return None


def _classes() -> list[tuple[Category, tuple[int, ...], int, bool]]:
    """Every hand class: (category, tie-breakers, key without suits, is_flush)."""
    found: list[tuple[Category, tuple[int, ...], int, bool]] = []
    for highs in combinations_with_replacement(range(13), 5):
        counts = Counter(highs)
        if max(counts.values()) > 4:
            continue
        rank_key = sum(_RANK_UNIT[high] for high in highs)
        groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
        shape = tuple(count for _, count in groups)
        breakers = tuple(high for high, _ in groups)
        if shape == (1, 1, 1, 1, 1):
            top = _straight_top(highs)
            if top is None:
                found.append((Category.HIGH_CARD, breakers, rank_key, False))
                found.append((Category.FLUSH, breakers, rank_key, True))
            else:
                found.append((Category.STRAIGHT, (top,), rank_key, False))
                flush = Category.ROYAL_FLUSH if top == 12 else Category.STRAIGHT_FLUSH
                found.append((flush, (top,), rank_key, True))
            continue
        category = {
            (4, 1): Category.FOUR_OF_A_KIND,
            (3, 2): Category.FULL_HOUSE,
            (3, 1, 1): Category.THREE_OF_A_KIND,
            (2, 2, 1): Category.TWO_PAIRS,
            (2, 1, 1, 1): Category.PAIR,
        }[shape]
        found.append((category, breakers, rank_key, False))
    return found


def _class_size(category: Category, rank_key: int, flush: bool) -> int:
    """How many of the 2,598,960 hands fall in one class."""
    if flush:
        return 4
    if category in (Category.HIGH_CARD, Category.STRAIGHT):
        return 4**5 - 4
    size = 1
    for high in range(13):
        size *= comb(4, (rank_key >> 24) // 5**high % 5)
    return size


def _rank_of(high: int) -> Rank:
    return Rank.ACE if high == 12 else Rank(high + 2)


def _build() -> tuple[dict[int, int], tuple[Category, ...], tuple[float, ...],
                      tuple[tuple[Rank, ...], ...]]:
    classes = sorted(_classes(), key=lambda item: (item[0], item[1]))
    table: dict[int, int] = {}
    categories: list[Category] = [Category.HIGH_CARD]  # index 0 unused
    strengths: list[float] = [0.0]
    breakers: list[tuple[Rank, ...]] = [()]
    below = 0
    for value, (category, deciding, rank_key, flush) in enumerate(classes, start=1):
        if flush:
            for index in range(4):
                table[rank_key | (32 << (6 * index))] = value
        else:
            table[rank_key] = value
        size = _class_size(category, rank_key, flush)
        categories.append(category)
        strengths.append((below + size / 2) / HAND_COUNT)
        breakers.append(tuple(_rank_of(high) for high in deciding))
        below += size
    return table, tuple(categories), tuple(strengths), tuple(breakers)


_VALUE_BY_KEY, _CATEGORY_BY_VALUE, _STRENGTH_BY_VALUE, _BREAKERS_BY_VALUE = _build()
_STRENGTH_BY_KEY: Final = {key: _STRENGTH_BY_VALUE[value] for key, value in _VALUE_BY_KEY.items()}


def evaluate_codes(a: int, b: int, c: int, d: int, e: int) -> int:
    """The value (1..7462, higher is better) of five distinct card codes from ``card_code``.

    The fast form: no checks, so the caller guarantees five different codes.
    """
    return _VALUE_BY_KEY[(a + b + c + d + e) & _KEY_MASK]


def evaluate(cards: Sequence[Card]) -> int:
    """The value (1..7462, higher is better) of exactly five different cards."""
    try:
        a, b, c, d, e = map(_CODE_OF_DECK_CARD, map(id, cards))
    except (KeyError, ValueError):
        return _evaluate_checked(cards)
    if len({a, b, c, d, e}) != 5:
        return _evaluate_checked(cards)
    return _VALUE_BY_KEY[(a + b + c + d + e) & _KEY_MASK]


def _evaluate_checked(cards: Sequence[Card]) -> int:
    """``evaluate`` for cards that are not the deck's own objects, or for bad input."""
    if len(cards) != 5:
        raise ValueError(f"A poker hand has 5 cards, not {len(cards)}.")
    codes = {card_code(card) for card in cards}
    if len(codes) != 5:
        raise ValueError("A poker hand cannot hold the same card twice.")
    return _VALUE_BY_KEY[sum(codes) & _KEY_MASK]


def category_of(value: int) -> Category:
    """The category of a hand value from ``evaluate``."""
    if not 1 <= value <= VALUE_COUNT:
        raise ValueError(f"{value} is not a hand value (1 to {VALUE_COUNT}).")
    return _CATEGORY_BY_VALUE[value]


def tiebreakers(value: int) -> tuple[Rank, ...]:
    """The ranks that order hands within a category, most important first.

    Groups first (the pair, then the kickers); a straight or straight flush gives only its
    top card, the five for the wheel.
    """
    if not 1 <= value <= VALUE_COUNT:
        raise ValueError(f"{value} is not a hand value (1 to {VALUE_COUNT}).")
    return _BREAKERS_BY_VALUE[value]


def strength(value: int) -> float:
    """The share of all five-card hands that a hand of this value beats (ties count half)."""
    if not 1 <= value <= VALUE_COUNT:
        raise ValueError(f"{value} is not a hand value (1 to {VALUE_COUNT}).")
    return _STRENGTH_BY_VALUE[value]


# ---------------------------------------------------------------- describing hands

_COUNT_WORDS: Final = ("no", "one", "two", "three", "four")


def ordered(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards in the described order.

    Groups of equal rank first, larger groups before smaller, higher before lower; the
    rest from high to low. The ace is high except in A-2-3-4-5, where it goes last.
    Within a group the cards keep the order they were given in.
    """
    highs = [_high(card.rank) for card in cards]
    if len(cards) == 5 and sorted(highs) == [0, 1, 2, 3, 12]:
        highs = [-1 if high == 12 else high for high in highs]
    counts = Counter(highs)
    positions = sorted(
        range(len(cards)), key=lambda index: (-counts[highs[index]], -highs[index], index)
    )
    return tuple(cards[index] for index in positions)


@dataclass(frozen=True, slots=True)
class HandInfo:
    """A hand's value, category, described order, one-line description and tie-breakers."""

    value: int
    category: Category
    cards: tuple[Card, ...]
    """In the order the description names them: the groups first, then the kickers."""
    text: str
    tiebreakers: tuple[Rank, ...] = ()
    """The ranks that decide between two hands of the category: the groups first, then the
    kickers (a straight gives only its top card)."""


def hand_info(cards: Sequence[Card]) -> HandInfo:
    """Value, category and description of exactly five different cards."""
    value = evaluate(cards)
    category = _CATEGORY_BY_VALUE[value]
    listed = ordered(cards)
    label = category.label
    if category is Category.PAIR:
        label = f"pair of {listed[0].rank.plural}"
    names = ", ".join(card.long_name for card in listed)
    return HandInfo(value, category, listed, f"{label} ({names})", _BREAKERS_BY_VALUE[value])


def describe(cards: Sequence[Card]) -> str:
    """One line naming the hand, then its cards in order.

    "pair of queens (queen of hearts, queen of spades, ten of diamonds, seven of spades,
    four of clubs)"; with fewer than five cards "three assorted cards (…)".
    """
    if len(set(cards)) != len(cards):
        raise ValueError("A poker hand cannot hold the same card twice.")
    if len(cards) == 5:
        return hand_info(cards).text
    if len(cards) > 5:
        raise ValueError(f"A poker hand has 5 cards, not {len(cards)}.")
    if not cards:
        return "no cards"
    noun = "card" if len(cards) == 1 else "cards"
    names = ", ".join(card.long_name for card in ordered(cards))
    return f"{_COUNT_WORDS[len(cards)]} assorted {noun} ({names})"


# ---------------------------------------------------------------- drawing

def draw_expectation(kept: Sequence[Card], unseen: Iterable[Card]) -> float:
    """The exact mean ``strength`` after filling ``kept`` up to five cards from ``unseen``.

    Every combination of replacement cards counts once (C(47, 3) = 16,215 draws for a
    three-card draw from 47 unseen cards).
    """
    return draw_average(kept, unseen, _STRENGTH_BY_KEY)


ScoreTable = Mapping[int, float]
"""A score per hand, looked up by the masked code sum (built by ``score_table``)."""


def score_table(score_by_value: Sequence[float]) -> ScoreTable:
    """A table for ``draw_average`` from a score per hand value (index 1..7462)."""
    if len(score_by_value) != VALUE_COUNT + 1:
        raise ValueError(f"Give one score per hand value: {VALUE_COUNT + 1} numbers.")
    return dict(zip(_VALUE_BY_KEY, map(score_by_value.__getitem__, _VALUE_BY_KEY.values()),
                    strict=True))


def draw_average(kept: Sequence[Card], unseen: Iterable[Card], table: ScoreTable) -> float:
    """The exact mean score (from ``score_table``) after filling ``kept`` up to five cards.

    Draws are counted by the ranks they bring, C(available, wanted) ways per rank, and
    flushes are corrected suit by suit, which gives the same sum as visiting every draw but
    takes a few thousand steps instead of 178,365.
    """
    kept = list(kept)
    kept_set = set(kept)
    pool = [card for card in dict.fromkeys(unseen) if card not in kept_set]
    need = 5 - len(kept)
    if need < 0 or len(kept_set) != len(kept):
        raise ValueError("A poker hand keeps at most 5 different cards.")
    if need > len(pool):
        raise ValueError("There are not enough unseen cards to draw from.")
    kept_key = sum(card_code(card) for card in kept)
    if need == 0:
        return table[kept_key & _KEY_MASK]
    rank_key = kept_key & _RANK_MASK
    available = [0] * 13
    for card in pool:
        available[_high(card.rank)] += 1
    total = 0.0
    plain = table
    for shape, added in _draw_shapes(need):
        ways = 1
        for high, count in shape:
            ways *= _COMB[available[high]][count]
            if not ways:
                break
        else:
            total += ways * plain[rank_key + added]
    suits = {card.suit for card in kept}
    for suit in SUITS if not suits else suits if len(suits) == 1 else ():
        flush_bit = 32 << (6 * _SUIT_INDEX[suit])
        ranks = [_RANK_UNIT[_high(card.rank)] for card in pool if card.suit is suit]
        for combo in combinations(ranks, need):
            key = rank_key + sum(combo)
            total += plain[key | flush_bit] - plain[key]
    return total / comb(len(pool), need)


_COMB: Final = tuple(tuple(comb(n, k) for k in range(6)) for n in range(5))


@cache
def _draw_shapes(need: int) -> tuple[tuple[tuple[tuple[int, int], ...], int], ...]:
    """Every multiset of ``need`` ranks: ((rank, count), ...) and its rank-key increment."""
    shapes = []
    for highs in combinations_with_replacement(range(13), need):
        counts = Counter(highs)
        added = sum(_RANK_UNIT[high] for high in highs)
        shapes.append((tuple(counts.items()), added))
    return tuple(shapes)
