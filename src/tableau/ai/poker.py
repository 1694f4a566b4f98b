"""CPU players for five-card draw, and the discard advice for the human (pure).

A draw is judged by how often it wins the showdown against the opponents still in: for every
legal discard, every combination of replacement cards from the 47 cards the player has not
seen counts (exact), against opponents sampled from those same unseen cards, who draw the way
a typical player draws (``poker_showdown``). The discard with the best chance is chosen.

A CPU sees only ``view(state, seat)``: its own cards and the public actions. It is called
as every CPU is, ``choose(view, rng_state) -> (move, rng_state)``. Its ``rng_state`` is the
seat's key, kept by the session: each random choice (the sampled opponents of a hand, the
bluff of a decision) is drawn from that key and the public position, so the same view always
gets the same answer, advice agrees with the CPU, and the key comes back unchanged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from tableau.ai.poker_showdown import shares_against
from tableau.ai.poker_showdown import win_table
from tableau.cards import FULL_DECK
from tableau.cards import Card
from tableau.cards import Rank
from tableau.engines.poker import BET
from tableau.engines.poker import CALL
from tableau.engines.poker import CHECK
from tableau.engines.poker import FOLD
from tableau.engines.poker import MOVE_KINDS
from tableau.engines.poker import RAISE
from tableau.engines.poker import Action
from tableau.engines.poker import Draw
from tableau.engines.poker import Move
from tableau.engines.poker import Phase
from tableau.engines.poker import View
from tableau.engines.poker import category_of
from tableau.engines.poker import draw_average
from tableau.engines.poker import evaluate
from tableau.engines.poker import legal_draws
from tableau.engines.rng import fresh_seed_from
from tableau.engines.rng import random_float

__all__ = [
    "Advice",
    "DiscardOption",
    "advise_discard",
    "best_discard",
    "choose",
    "choose_action",
    "legal_discards",
]


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One way to draw and its chance (0..1) of winning the showdown afterwards."""

    discard: tuple[Card, ...]
    expected_value: float


@dataclass(frozen=True, slots=True)
class Advice:
    """The best discard, its chance of winning, and why, in one sentence.

    ``expected_value`` and ``current_value`` are chances of winning the showdown against
    ``opponents`` players: after the best draw, and standing pat.
    """

    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    expected_value: float
    current_value: float
    why: str
    move: Draw
    options: tuple[DiscardOption, ...]
    opponents: int = 1


def legal_discards(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every discard the rules allow: 0 to 3 cards, or 4 keeping an ace."""
    return [draw.discards for draw in legal_draws(hand)]


def best_discard(hand: Sequence[Card], opponents: int = 1, seed: int = 0) -> Advice:
    """The discard most likely to win the showdown against ``opponents`` players.

    ``seed`` chooses the sampled opponents (a CPU passes a seed from its view).
    """
    if len(hand) != 5 or len(set(hand)) != 5:
        raise ValueError("Discard advice needs a hand of five different cards.")
    if not 1 <= opponents <= 5:
        raise ValueError(f"Poker has 1 to 5 opponents, not {opponents}.")
    return _best_discard(tuple(_display_order(hand)), opponents, seed)


@lru_cache(maxsize=256)
def _best_discard(hand: tuple[Card, ...], opponents: int, seed: int) -> Advice:
    unseen = frozenset(FULL_DECK) - frozenset(hand)
    table = win_table(unseen, seed, opponents)
    options = []
    for discard in legal_discards(hand):
        kept = [card for card in hand if card not in discard]
        options.append(DiscardOption(discard, draw_average(kept, unseen, table)))
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
        why=_why(hand, best, options, opponents),
        move=Draw(discard),
        options=tuple(options),
        opponents=opponents,
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


def _kind(hand: Sequence[Card], discard: Sequence[Card]) -> str:
    """The plan of a draw in words without kickers: "the pair of jacks", "four spades …"."""
    keep = [card for card in hand if card not in discard]
    if not keep:
        return "nothing"
    counts = Counter(card.rank for card in keep)
    if len(keep) == 4 and max(counts.values()) == 1:
        return _kept_phrase(keep)
    grouped = [card for card in keep if counts[card.rank] > 1]
    return _kept_phrase(grouped or keep)


def _why(hand: Sequence[Card], best: DiscardOption, options: Sequence[DiscardOption],
         opponents: int) -> str:
    """The advice in showdown terms, against the best draw with another plan."""
    against = "1 opponent" if opponents == 1 else f"{opponents} opponents"
    plan = _kind(hand, best.discard)
    other = next((option for option in options if _kind(hand, option.discard) != plan), None)
    tail = "."
    if other is not None:
        verb = "standing pat" if not other.discard else \
            f"keeping {_kind(hand, other.discard)}"
        tail = f", against {_percent(other.expected_value)} for {verb}."
    keep = [card for card in _display_order(hand) if card not in best.discard]
    chance = _percent(best.expected_value)
    if not best.discard:
        label = category_of(evaluate(hand)).label
        return f"Stand pat: your {label} wins against {against} {chance} of the time{tail}"
    return (f"Throw away {len(best.discard)} and keep {_kept_phrase(keep)}: it wins against "
            f"{against} {chance} of the time{tail}")


def opponents_in(view: View) -> int:
    """Players still in the hand besides this seat (at least 1)."""
    return max(1, sum(1 for seat in view.seats if seat.in_hand and seat.seat != view.seat))


def _seed(view: View, rng_state: int) -> int:
    """One sampling seed per seat and hand: the same view always gets the same advice."""
    return fresh_seed_from(rng_state, view.hand_number)


def moves_made(view: View) -> int:
    """Moves made in the game so far, counted in the public history: each bet and each draw
    writes one line of its kind, and every hand after the first was dealt by a move."""
    said = sum(1 for event in view.history if event.kind in MOVE_KINDS)
    return said + view.hand_number - 1


def advise_discard(view: View, rng_state: int) -> Advice:
    """What the CPU would throw away in this seat's place (``rng_state``: the seat's key),
    and why."""
    if len(view.hand) != 5:
        raise ValueError("Advice needs five cards in your hand.")
    return best_discard(view.hand, opponents_in(view), _seed(view, rng_state))


# ---------------------------------------------------------------- betting

BLUFF_BET: Final = 0.07
"""How often a CPU bets a hand it would check."""
BLUFF_RAISE: Final = 0.03
"""How often a CPU raises a hand it would only call or fold."""


def showdown_strength(view: View, rng_state: int) -> float:
    """The chance to bet on, as against one opponent: the chance ``w`` of beating all ``k``
    opponents still in (before the draw: after the best draw) is ``s ** k``; this is ``s``.

    After the draw only the hand held counts, so no draw is weighed."""
    opponents = opponents_in(view)
    if view.phase is not Phase.FIRST_BETTING:
        unseen = frozenset(FULL_DECK) - frozenset(view.hand)
        return shares_against(unseen, _seed(view, rng_state))[evaluate(view.hand)]
    advice = best_discard(view.hand, opponents, _seed(view, rng_state))
    return float(advice.expected_value ** (1 / opponents))


def choose_action(view: View, rng_state: int,
                  strength: Callable[[View, int], float] = showdown_strength) -> Action:
    """A betting action by hand strength, with a little seeded unpredictability.

    ``strength`` is the chance of winning as against one opponent; it is raised to the power
    of the opponents still in, plus half an opponent for each sign of strength.
    """
    legal = [move for move in view.legal if isinstance(move, Action)]
    if not legal:
        raise ValueError("It is not this player's turn to bet.")
    seed = fresh_seed_from(rng_state, moves_made(view))
    roll, seed = random_float(seed)
    noise, _ = random_float(seed)
    opponents = sum(1 for seat in view.seats if seat.in_hand and seat.seat != view.seat)
    # Each bet or raise this round is a sign of strength: count it as half an opponent more.
    pressure = opponents + 0.5 * (view.current_bet // max(1, view.bet_size))
    if view.phase is Phase.SECOND_BETTING:
        pressure += 0.5 * sum(1 for seat in view.seats
                              if seat.in_hand and seat.seat != view.seat and seat.drew == 0)
    chance = strength(view, rng_state) ** max(1.0, pressure) + (noise - 0.5) * 0.1
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


def choose(view: View, rng_state: int) -> tuple[Move, int]:
    """The CPU's move in this seat, a betting action or a draw, and its ``rng_state``."""
    if view.phase is Phase.DRAW and view.my_turn:
        return advise_discard(view, rng_state).move, rng_state
    if view.phase in (Phase.FIRST_BETTING, Phase.SECOND_BETTING) and view.my_turn:
        return choose_action(view, rng_state), rng_state
    raise ValueError("It is not this player's turn.")
