"""CPU players for Pesten. They see only a seat's view, and their randomness is seeded.

``player(kind)`` gives the CPU of that kind in the shape every game's CPU has
(``tableau.engines.protocol.Cpu``): ``choose(view, rng_state) -> (move, rng_state)``, pure,
so the same view and state always give the same move.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from typing import Final

from tableau.cards import SUITS
from tableau.cards import Card
from tableau.cards import Joker
from tableau.cards import Rank
from tableau.cards import Suit
from tableau.engines.pesten import Draw
from tableau.engines.pesten import Move
from tableau.engines.pesten import Pass
from tableau.engines.pesten import Play
from tableau.engines.pesten import Take
from tableau.engines.pesten import View
from tableau.engines.pesten import wins_out as engine_wins_out

CPU_KINDS: Final = ("random", "careful", "expert")

_MASK: Final = (1 << 64) - 1


def splitmix(seed: int) -> tuple[int, int]:
    """splitmix64: a well-mixed 64-bit value and the next seed. Cheap and pure."""
    seed = (seed + 0x9E3779B97F4A7C15) & _MASK
    z = seed
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), seed


def _legal(view: View) -> tuple[Move, ...]:
    """The moves a CPU chooses from: the view's ``shortlist`` (no false last-card call)."""
    if not view.shortlist:
        raise ValueError(f"It is not {view.names[view.seat]}'s turn, so there is no move.")
    return view.shortlist


def random_move(view: View, seed: int) -> tuple[Move, int]:
    """Any move of the shortlist (the legal moves but a false last-card call), uniformly."""
    legal = view.shortlist or _legal(view)  # _legal only to refuse with its sentence
    # The step of splitmix, inlined: this runs on every move of a simulation, and the call
    # costs about as much as the arithmetic.
    seed = (seed + 0x9E3779B97F4A7C15) & _MASK
    z = ((seed ^ (seed >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return legal[(z ^ (z >> 31)) % len(legal)], seed


def wins_out(view: View, move: Play) -> bool:
    """Whether this play empties the hand and so wins the round: not when the house rule
    ``special_finish`` is off and the last card is special (that costs cards instead)."""
    return len(move.cards) == len(view.hand) and engine_wins_out(view.config, move.cards[-1])


def _was_attacked(view: View) -> bool:
    """A stack is waiting for us, or our last turn ended by taking one."""
    if view.stack:
        return True
    for event in reversed(view.history):
        if event.seat == view.seat and event.kind in ("play", "draw", "take", "pass"):
            return event.kind == "take"
    return False


def careful_move(view: View, seed: int) -> tuple[Move, int]:
    """Keeps jacks for the end, answers stacks, attacks when it pays, sheds with sets and
    always calls its last card."""
    legal = _legal(view)
    if len(legal) == 1:
        return legal[0], seed
    best: list[Move] = []
    best_score = -1_000_000
    for move, score in zip(legal, careful_scores(view, legal), strict=True):
        if score > best_score:
            best, best_score = [move], score
        elif score == best_score:
            best.append(move)
    value, seed = splitmix(seed)
    return best[value % len(best)], seed


def careful_scores(view: View, moves: Sequence[Move]) -> list[int]:
    """How the careful CPU rates each of these moves of the view's seat (higher is better);
    the expert CPU uses them to choose which moves to look at closely."""
    following = (view.seat + view.direction) % len(view.names)
    pressure = view.hand_counts[following] <= 2 or _was_attacked(view)
    suit_counts = {suit: 0 for suit in SUITS}
    for card in view.hand:
        if type(card) is Card and card.rank is not Rank.JACK:
            suit_counts[card.suit] += 1
    return [_score(move, view, pressure, suit_counts) for move in moves]


def _score(move: Move, view: View, pressure: bool, suit_counts: dict[Suit, int]) -> int:
    if type(move) is Draw:
        return 0
    if type(move) is Pass:
        return 3  # keeping a drawn jack, or a 2 or joker nobody needs yet, beats playing it
    if type(move) is Take:
        return -100 + (suit_counts[move.suit] if move.suit is not None else 0)
    assert isinstance(move, Play)
    cards = move.cards
    left = len(view.hand) - len(cards)
    if left == 0:
        # Out on a special card where the house forbids it: the round goes on and cards
        # follow, worse than drawing or taking (but not as bad as a forgotten call).
        return 100_000 if wins_out(view, move) else -1_000
    if move.last_card != (left == 1):
        return -10_000
    score = 10 * len(cards)
    if view.stack:
        return score + 50
    last = cards[-1]
    jacks = sum(1 for card in cards if type(card) is Card and card.rank is Rank.JACK)
    if jacks and left > 1:
        score -= 25 * jacks
    if type(last) is Joker or (type(last) is Card and last.rank is Rank.TWO):
        score += 20 if pressure else -8
        return score
    assert isinstance(last, Card)
    if last.rank is Rank.JACK and move.suit is not None:
        return score + 2 * suit_counts[move.suit]
    if last.rank is Rank.SEVEN and left > 0:
        score += 6
    elif last.rank in (Rank.EIGHT, Rank.TEN, Rank.KING) and pressure:
        score += 3
    # Leave the table in a suit we hold plenty of.
    spent = sum(1 for card in cards if type(card) is Card and card.suit is last.suit)
    return score + suit_counts[last.suit] - spent


def _expert_move(view: View, seed: int) -> tuple[Move, int]:
    """The expert CPU (``tableau.ai.pesten_expert``), imported when first asked for: that
    module builds on the careful CPU here."""
    from tableau.ai.pesten_expert import expert_move

    return expert_move(view, seed)


CpuPlayer = Callable[[View, int], tuple[Move, int]]
"""A Pesten CPU: ``protocol.Cpu`` with Pesten's view and moves."""

_PLAYERS: Final[dict[str, CpuPlayer]] = {
    "random": random_move,
    "careful": careful_move,
    "expert": _expert_move,
}


def player(kind: str) -> CpuPlayer:
    """The CPU player of this kind; ValueError with a sentence for an unknown kind."""
    try:
        return _PLAYERS[kind]
    except KeyError:
        known = ", ".join(CPU_KINDS)
        raise ValueError(f"There is no CPU player called '{kind[:20]}'; choose {known}.") from None
