"""Go Fish CPU players. They see only ``view(state, seat)``; their randomness is seeded.

- easy: asks a random opponent for a random rank it holds.
- pro: keeps a memory built only from the public history in its view (who asked for
  what, how many cards were handed over, who drew, which books went down) and asks where
  it knows a rank is; otherwise it asks for the rank it holds most of, avoiding players
  known to hold none of it.

``remember`` and the players are pure functions of the view (and a seed), so the CPU cannot
peek: two games that look the same from its seat get the same answer. ``player(level)`` gives
the CPU of a seat, called like every CPU: ``choose(view, rng_state) -> (move, rng_state)``.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final
from typing import Literal

from tableau.cards import RANKS
from tableau.cards import Rank
from tableau.engines import rng
from tableau.engines.gofish import Ask
from tableau.engines.gofish import Asked
from tableau.engines.gofish import Booked
from tableau.engines.gofish import Drew
from tableau.engines.gofish import View

Level = Literal["easy", "pro"]
LEVELS: Final[tuple[Level, ...]] = ("easy", "pro")


def parse_level(text: str) -> Level:
    """'easy' or 'pro' (any case). Raises ValueError with a sentence otherwise."""
    cleaned = text.strip().lower()
    for level in LEVELS:
        if cleaned == level:
            return level
    raise ValueError(f"'{text[:20]}' is not a CPU level; choose easy or pro.")


@dataclass(frozen=True, slots=True)
class Memory:
    """What the public history says about each seat's hand.

    ``held[seat][rank]``: how many cards of ``rank`` the seat is known to hold at least.
    ``lacked[seat][rank]``: the seat was seen to hold none of ``rank``, and has drawn this
    many unseen cards since (0: it certainly holds none).
    """

    held: tuple[dict[Rank, int], ...]
    lacked: tuple[dict[Rank, int], ...]

    def known(self, seat: int, rank: Rank) -> int:
        return self.held[seat].get(rank, 0)

    def lacks(self, seat: int, rank: Rank) -> bool:
        """Certainly none: seen to hold none, and no unseen card drawn since."""
        return self.lacked[seat].get(rank) == 0


def remember(view: View) -> Memory:
    """Replay the public history of ``view`` into a :class:`Memory`."""
    players = view.players
    held: list[dict[Rank, int]] = [{} for _ in range(players)]
    lacked: list[dict[Rank, int]] = [{} for _ in range(players)]
    last_asked: list[Rank | None] = [None] * players
    for event in view.history:
        if isinstance(event, Asked):
            asker, target, rank = event.asker, event.target, event.rank
            held[asker][rank] = max(held[asker].get(rank, 0), 1) + event.given
            lacked[asker].pop(rank, None)
            held[target].pop(rank, None)
            lacked[target][rank] = 0
            last_asked[asker] = rank
        elif isinstance(event, Drew):
            seat = event.seat
            if event.shown and event.card is not None:
                rank = event.card.rank
                held[seat][rank] = held[seat].get(rank, 0) + 1
                lacked[seat].pop(rank, None)
                continue
            # An unseen card may be of any rank, except the rank just asked for
            # (that one would have been shown).
            asked = last_asked[seat] if event.reason == "fish" else None
            for rank in lacked[seat]:
                if rank is not asked:
                    lacked[seat][rank] += 1
        elif isinstance(event, Booked):
            for seat in range(players):
                held[seat].pop(event.rank, None)
                lacked[seat][event.rank] = 0
    return Memory(tuple(held), tuple(lacked))


def _pick(options: Sequence[Ask], seed: int) -> tuple[Ask, int]:
    return rng.choice(options, seed)


def choose_easy(view: View, seed: int) -> tuple[Ask, int]:
    """A random rank from the hand, asked of a random opponent who holds cards."""
    if not view.legal:
        raise ValueError("It is not this seat's turn to ask.")
    ranks = sorted({move.rank for move in view.legal})
    rank, seed = rng.choice(ranks, seed)
    targets = [move for move in view.legal if move.rank is rank]
    return _pick(targets, seed)


def choose_pro(view: View, seed: int) -> tuple[Ask, int]:
    """Ask where a rank is known to be.

    Otherwise ask for the rank held most, of an opponent not seen to lack it (or who has
    drawn the most cards since), preferring opponents with more cards.
    """
    if not view.legal:
        raise ValueError("It is not this seat's turn to ask.")
    memory = remember(view)
    mine = {rank: sum(1 for card in view.hand if card.rank is rank) for rank in RANKS}

    def score(move: Ask) -> tuple[int, ...]:
        known = memory.known(move.target, move.rank)
        completes = int(known > 0 and mine[move.rank] + known >= 4)
        # Seen to hold none: only worth asking after they have drawn, the more the better.
        draws_since = memory.lacked[move.target].get(move.rank)
        unseen = int(draws_since is None)
        return (int(known > 0), completes, known, unseen, draws_since or 0,
                mine[move.rank], view.hand_counts[move.target])

    best = max(score(move) for move in view.legal)
    return _pick([move for move in view.legal if score(move) == best], seed)


CpuPlayer = Callable[[View, int], tuple[Ask, int]]
"""``choose(view, rng_state) -> (ask, rng_state)``: the ``tableau.engines.protocol.Cpu`` shape."""


def player(level: Level) -> CpuPlayer:
    """The CPU of a seat played at ``level``."""
    return choose_easy if level == "easy" else choose_pro


__all__ = ["LEVELS", "CpuPlayer", "Level", "Memory", "choose_easy", "choose_pro", "parse_level",
           "player", "remember"]
