"""An honest Yukon hint: the best next move judged only from what the player can see.

``hint(view, seed=...)`` never looks at a face-down card. It takes the engine's ``View`` (where a
face-down card is None), and the cards it cannot see are exactly the face-down ones, since in
Yukon a card once face up stays face up. It deals those cards at random into the face-down
places (``samples`` times, from a ``random.Random(seed)`` of its own), solves each such position
with a small budget (``tableau.ai.yukon.solve``) and recommends the first move of a found win
that comes up in the most samples:

    C6:4H->C4: wins in 37 of 40 ways the hidden cards could lie

A sample counts for a move only when the solver found a win *starting with that move* in it.
Another first move may win that sample too, and a sample whose budget ran out counts for no
move, so ``wins`` is a lower bound on how many samples the move wins.

When no sample is solved, the hint falls back to a plain preference and says so: a move that
turns a face-down card over (from the column with most of them), then one that empties a
column, then one to a foundation, then any legal move.

Pure like the engines: no I/O, no global randomness; the time budget reads a clock the caller
may pass in.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from tableau.ai.yukon import solve
from tableau.engines.yukon import CardMove
from tableau.engines.yukon import Phase
from tableau.engines.yukon import View
from tableau.engines.yukon import unseen_cards
from tableau.engines.yukon import with_hidden

__all__ = ["DEFAULT_SAMPLES", "DEFAULT_SECONDS", "SAMPLE_NODES", "Hint", "hint"]

DEFAULT_SAMPLES: Final = 40
DEFAULT_SECONDS: Final = 1.5
"""All samples together: the first hint shows within 2 s."""
SAMPLE_NODES: Final = 3_000
"""Positions searched per sample (a few ms each): a hint wants many quick looks, not one deep."""
ALL_FACE_UP_NODES: Final = 50_000
"""With nothing hidden there is one position to solve, so it gets a larger budget."""


@dataclass(frozen=True, slots=True)
class Hint:
    """The recommended move (None: no legal move), in how many of the samples a win starting
    with it was found, and the sentence for the player. ``fallback``: no sample was solved, so
    the move is only a plain preference."""

    move: CardMove | None
    wins: int
    samples: int
    sentence: str
    fallback: bool


def hint(
    view: View,
    *,
    samples: int = DEFAULT_SAMPLES,
    seconds: float = DEFAULT_SECONDS,
    seed: int = 0,
    max_nodes: int = SAMPLE_NODES,
    clock: Callable[[], float] = time.monotonic,
    cancelled: Callable[[], bool] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Hint:
    """The hint for a PLAY ``view`` (its rules included). ``seconds`` bounds all samples
    together (each gets an even share of what is left) and ``max_nodes`` each one, so with an
    endless ``seconds`` the answer depends only on the view and ``seed``. ``progress(done,
    total)`` is called after each sample; ``cancelled()`` stops early, answering from the
    samples done so far."""
    legal = [move for move in view.legal if isinstance(move, CardMove)]
    if view.phase is not Phase.PLAY or view.won or not legal:
        return Hint(None, 0, 0, "No legal move is left.", True)
    unseen = list(unseen_cards(view))
    if not unseen:
        samples, max_nodes = 1, max(max_nodes, ALL_FACE_UP_NODES)
    rng = random.Random(seed)
    deadline = clock() + seconds
    firsts: Counter[CardMove] = Counter()
    done = 0
    while done < samples and not (cancelled is not None and cancelled()):
        left = deadline - clock()
        if left <= 0 and done:
            break
        rng.shuffle(unseen)
        verdict = solve(with_hidden(view, tuple(unseen)), max_nodes=max_nodes,
                        seconds=max(left, 0.0) / (samples - done), clock=clock,
                        cancelled=cancelled)
        done += 1
        if verdict.kind == "won" and verdict.moves:
            firsts[verdict.moves[0]] += 1
        if progress is not None:
            progress(done, samples)
    if firsts:
        move, wins = firsts.most_common(1)[0]
        if not unseen:
            return Hint(move, wins, done, f"{move}: the solver found a win from here "
                                          "(every card is face up).", False)
        return Hint(move, wins, done, f"{move}: wins in {wins} of {done} ways the hidden "
                                      "cards could lie.", False)
    move, why = _preferred(view, legal)
    if not unseen:
        searched = "the solver found no win from here in time"
    elif done:
        searched = f"no win found in any of {done} ways the hidden cards could lie"
    else:
        searched = "no time to look for a win"
    return Hint(move, 0, done, f"{move}: {searched}; this move {why}.", True)


def _preferred(view: View, legal: list[CardMove]) -> tuple[CardMove, str]:
    """The plain preference when no win was found: the move and what it does."""
    best: tuple[int, CardMove, str] | None = None
    for move in legal:
        score, why = _merit(view, move)
        if best is None or score > best[0]:
            best = (score, move, why)
    assert best is not None
    return best[1], best[2]


def _merit(view: View, move: CardMove) -> tuple[int, str]:
    home = move.target.startswith("F")
    if move.source.startswith("C"):
        column = view.columns[int(move.source[1:]) - 1]
        index = len(column) - 1 if move.card is None else column.index(move.card)
        if index and column[index - 1] is None:
            downs = sum(1 for card in column if card is None)
            return 100 + downs, "turns a face-down card over"
        target_empty = not home and not view.columns[int(move.target[1:]) - 1]
        if index == 0 and not target_empty:
            return 50, "empties a column"
    if home:
        return 10, "sends a card to its foundation"
    return 0, "is one of the legal moves"
