"""CPU players for five-card draw, and the discard advice for the human (pure).

The value of a hand is its ``strength``: the share of all 2,598,960 five-card hands it beats,
ties counting half. The discard that maximises the expected strength after the draw is
found exactly: every legal discard, and for each every combination of replacement cards
from the 47 cards the player has not seen.

A CPU sees only ``view(state, seat)``: its own cards and the public actions. Its bluffs
come from a seed in that view, so the same game plays out the same way every time.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Final

from tableau.cards import FULL_DECK, Card, Rank
from tableau.engines.poker import (
    BET,
    CALL,
    CHECK,
    FOLD,
    RAISE,
    Action,
    Draw,
    Move,
    NextHand,
    Phase,
    View,
    category_of,
    draw_expectation,
    evaluate,
    max_discard,
)
from tableau.engines.rng import fresh_seed_from, random_float

__all__ = [
    "Advice",
    "DiscardOption",
    "advise_discard",
    "best_discard",
    "choose_action",
    "choose_move",
]


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One way to draw and its exact expected strength afterwards (0..1)."""

    discard: tuple[Card, ...]
    expected_value: float


@dataclass(frozen=True, slots=True)
class Advice:
    """The best discard, its expected strength, and why, in one sentence."""

    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    expected_value: float
    current_value: float
    why: str
    move: Draw
    options: tuple[DiscardOption, ...]


def _legal_discards(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    found = [combo for count in range(4) for combo in combinations(hand, count)]
    if max_discard(hand) == 4:
        found += [combo for combo in combinations(hand, 4)
                  if next(card for card in hand if card not in combo).rank is Rank.ACE]
    return found


def best_discard(hand: Sequence[Card]) -> Advice:
    """The discard with the highest expected strength, exact over every draw."""
    if len(hand) != 5 or len(set(hand)) != 5:
        raise ValueError("Discard advice needs a hand of five different cards.")
    return _best_discard(tuple(_display_order(hand)))


@lru_cache(maxsize=256)
def _best_discard(hand: tuple[Card, ...]) -> Advice:
    unseen = tuple(card for card in FULL_DECK if card not in hand)
    options = []
    for discard in _legal_discards(hand):
        kept = [card for card in hand if card not in discard]
        options.append(DiscardOption(discard, draw_expectation(kept, unseen)))
    # Best first; among equals, throw fewer cards away (then a fixed order).
    options.sort(key=lambda option: (-option.expected_value, len(option.discard)))
    best = options[0]
    keep = tuple(card for card in _display_order(hand) if card not in best.discard)
    current = next(option.expected_value for option in options if not option.discard)
    discard = tuple(card for card in _display_order(hand) if card in best.discard)
    return Advice(
        discard=discard,
        keep=keep,
        expected_value=best.expected_value,
        current_value=current,
        why=_why(keep, discard, best.expected_value, current, len(options)),
        move=Draw(discard),
        options=tuple(options),
    )


def _high(card: Card) -> int:
    return 14 if card.rank is Rank.ACE else int(card.rank)


def _display_order(cards: Sequence[Card]) -> list[Card]:
    return sorted(cards, key=lambda card: (-_high(card), card.suit.value))


def _percent(value: float) -> str:
    if 0.995 <= value < 1:
        return f"{min(value * 100, 99.99):.2f}%"
    return f"{value * 100:.0f}%"


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _kept_phrase(keep: Sequence[Card]) -> str:
    """What the kept cards are, in a few words: "the pair of aces and the king"."""
    counts = Counter(card.rank for card in keep)
    shape = sorted(counts.values(), reverse=True)
    if shape[:2] == [3, 2]:
        return "the full house"
    if len(keep) == 4 and shape == [1, 1, 1, 1]:
        if len({card.suit for card in keep}) == 1:
            return f"four {keep[0].suit.noun} toward a flush"
        return "four toward a straight"
    groups = sorted((rank for rank in counts if counts[rank] > 1),
                    key=lambda rank: (counts[rank], 14 if rank is Rank.ACE else rank),
                    reverse=True)
    parts = []
    for rank in groups:
        size = counts[rank]
        parts.append(f"the pair of {rank.plural}" if size == 2 else
                     f"the {_COUNT_NAMES[size]} {rank.plural}")
    singles = [card.rank.noun for card in keep if counts[card.rank] == 1]
    if singles:
        parts.append("the " + _and(singles))
    return _and(parts)


_COUNT_NAMES: Final = {3: "three", 4: "four"}


def _why(keep: Sequence[Card], discard: Sequence[Card], expected: float, current: float,
         ways: int) -> str:
    if not discard:
        label = category_of(evaluate(keep)).label
        return (f"Stand pat: your {label} already beats {_percent(current)} of all hands, "
                f"and none of the other {ways - 1} ways to draw does better on average.")
    return (f"Throw away {len(discard)} and keep {_kept_phrase(keep)}: on average the new "
            f"hand beats {_percent(expected)} of all hands, against {_percent(current)} if "
            f"you stand pat (the best of {ways} ways to draw).")


def advise_discard(view: View) -> Advice:
    """What the CPU would throw away in this seat's place, and why."""
    if len(view.hand) != 5:
        raise ValueError("Advice needs five cards in your hand.")
    return best_discard(view.hand)


# ---------------------------------------------------------------- betting

BLUFF_BET: Final = 0.07
"""How often a CPU bets a hand it would check."""
BLUFF_RAISE: Final = 0.03
"""How often a CPU raises a hand it would only call or fold."""


def _hand_strength(view: View) -> float:
    """The strength to bet on: before the draw, the expected strength after the best draw."""
    if view.phase is Phase.FIRST_BETTING:
        return best_discard(view.hand).expected_value
    return best_discard(view.hand).current_value


def choose_action(view: View) -> Action:
    """A betting action by hand strength, with a little seeded unpredictability."""
    legal = [move for move in view.legal_moves if isinstance(move, Action)]
    if not legal:
        raise ValueError("It is not this player's turn to bet.")
    seed = fresh_seed_from(view.cpu_seed, view.decision_number)
    roll, seed = random_float(seed)
    noise, _ = random_float(seed)
    opponents = sum(1 for seat in view.seats if seat.in_hand and seat.seat != view.seat)
    # Each bet or raise this round is a sign of strength: count it as half an opponent more.
    pressure = opponents + 0.5 * (view.current_bet // max(1, view.bet_size))
    if view.phase is Phase.SECOND_BETTING:
        pressure += 0.5 * sum(1 for seat in view.seats
                              if seat.in_hand and seat.seat != view.seat and seat.drew == 0)
    chance = _hand_strength(view) ** max(1.0, pressure) + (noise - 0.5) * 0.1
    if view.to_call == 0:
        if BET in legal and (chance > 0.55 or roll < BLUFF_BET):
            return BET
        return CHECK
    if RAISE in legal and (chance > 0.7 or roll < BLUFF_RAISE):
        return RAISE
    price = view.to_call / (view.pot + view.to_call)
    if chance > price * 1.5 or roll < 0.03:
        return CALL
    return FOLD


def choose_move(view: View) -> Move:
    """The CPU's move in this seat: a betting action, a draw, or dealing on."""
    if view.phase is Phase.DRAW and view.my_turn:
        return best_discard(view.hand).move
    if view.phase in (Phase.FIRST_BETTING, Phase.SECOND_BETTING) and view.my_turn:
        return choose_action(view)
    if NextHand() in view.legal_moves:
        return NextHand()
    raise ValueError("It is not this player's turn.")
