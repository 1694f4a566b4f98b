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
column, then one to a foundation, then any legal move. It then says plainly that no way to
win was found and, given ``earlier`` (the nearest table on the undo path where a hint still
found wins), how many undos lead back to it.

It never circles: given ``played`` (the positions this game has shown, ``position_of``), it
never proposes a move that returns to one of them, unless every legal move does (then it says
so, and ``repeats`` is set). A move that turns a face-down card over is always new.

Cards are named as the table draws them, ``C3:10♥->C1`` (the ascii faces show ``10H``).

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
from tableau.engines.yukon import State
from tableau.engines.yukon import View
from tableau.engines.yukon import apply
from tableau.engines.yukon import safe_foundation_moves
from tableau.engines.yukon import unseen_cards
from tableau.engines.yukon import view as view_of
from tableau.engines.yukon import with_hidden

__all__ = [
    "DEFAULT_SAMPLES", "DEFAULT_SECONDS", "SAMPLE_NODES", "Earlier", "Hint", "Position", "hint",
    "move_name", "position_of",
]

Position = tuple[object, ...]
"""A table as the player sees it (``position_of``): equal exactly when the tables are."""

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
    repeats: bool = False
    """Every legal move returns to a table already played: ``move`` is one of them."""


@dataclass(frozen=True, slots=True)
class Earlier:
    """An earlier table of this game, ``undos`` undos back, where a hint found wins in
    ``wins`` of ``samples`` ways the hidden cards could lie."""

    undos: int
    wins: int
    samples: int


def position_of(view: View) -> Position:
    return (view.columns, view.foundations)


def move_name(move: CardMove) -> str:
    """``C3:10♥->C1``: the move with its card as the table draws it."""
    if move.card is None:
        return str(move)
    return f"{move.source}:{move.card.face}->{move.target}"


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
    played: frozenset[Position] = frozenset(),
    auto_move: bool = False,
    earlier: Earlier | None = None,
) -> Hint:
    """The hint for a PLAY ``view`` (its rules included). ``seconds`` bounds all samples
    together (each gets an even share of what is left) and ``max_nodes`` each one, so with an
    endless ``seconds`` the answer depends only on the view and ``seed``. ``progress(done,
    total)`` is called after each sample; ``cancelled()`` stops early, answering from the
    samples done so far. ``played``, ``auto_move`` (safe cards follow each move home) and
    ``earlier``: see the module's docstring."""
    legal = [move for move in view.legal if isinstance(move, CardMove)]
    if view.phase is not Phase.PLAY or view.won or not legal:
        return Hint(None, 0, 0, "No legal move is left.", True)
    unseen = list(unseen_cards(view))
    fresh = _fresh_moves(view, legal, played, auto_move)
    if not fresh:
        move = legal[0]
        return Hint(move, 0, 0, f"Every legal move returns to a table already played, such "
                                f"as {move_name(move)}: undo, or start a new deal.", True, True)
    going_back = frozenset(legal) - frozenset(fresh)
    legal = fresh
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
        if verdict.kind == "won" and verdict.moves and verdict.moves[0] not in going_back:
            firsts[verdict.moves[0]] += 1
        if progress is not None:
            progress(done, samples)
    if firsts:
        move, wins = firsts.most_common(1)[0]
        if not unseen:
            return Hint(move, wins, done, f"{move_name(move)}: the solver found a win from "
                                          "here (every card is face up).", False)
        return Hint(move, wins, done, f"{move_name(move)}: wins in {wins} of {done} ways the "
                                      "hidden cards could lie.", False)
    move, why = _preferred(view, legal)
    if not unseen:
        searched = "The solver found no win from here in time."
    elif done:
        searched = (f"No way to win found from here in any of {done} ways the hidden cards "
                    "could lie.")
    else:
        return Hint(move, 0, done, f"{move_name(move)}: no time to look for a win; this move "
                                   f"{why}.", True)
    if earlier is not None:
        plural = "move" if earlier.undos == 1 else "moves"
        return Hint(move, 0, done, f"{searched} Undo {earlier.undos} {plural} to get back to "
                                   f"a table that still won in {earlier.wins} of "
                                   f"{earlier.samples}.", True)
    return Hint(move, 0, done, f"{searched} {move_name(move)} {why}.", True)


def _fresh_moves(view: View, legal: list[CardMove], played: frozenset[Position],
                 auto_move: bool) -> list[CardMove]:
    """The legal moves that lead to a table not in ``played``."""
    if not played:
        return legal
    hidden = sum(card is None for column in view.columns for card in column)
    guess = with_hidden(view, unseen_cards(view))  # which card lies where cannot matter:
    fresh = []                                    # a move that turns one over is new anyway
    for move in legal:
        after = apply(guess, move)
        if auto_move:
            after = _sent_home(after)
        shown = view_of(after)
        if (sum(card is None for column in shown.columns for card in column) < hidden
                or position_of(shown) not in played):
            fresh.append(move)
    return fresh


def _sent_home(state: State) -> State:
    """``state`` after auto-move's safe moves to the foundations."""
    while moves := safe_foundation_moves(state):
        state = apply(state, moves[0])
    return state


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
