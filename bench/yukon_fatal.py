"""Where a game played by the hint was lost, and whether the view could have told.

For each game the hint loses (``hint_game``), the solver, looking under the cards, finds the
*fatal table*: the last table of the game it still proves won (by bisection: a table it cannot
win within ``TABLE_SECONDS`` counts as lost, and no table after a lost one is won). There,
every legal move is rated two ways:

- **seen**: in how many of ``RATING_WORLDS`` arrangements of the face-down cards, dealt at
  random to fit the view (the same ones for every move), a win is found after the move within
  ``RATING_NODES`` positions: a larger look than the hint's own (1,200 positions a world,
  shared by its four candidate moves after the first), and at every legal move;
- **real**: the solver's verdict after the move on the real cards (``MOVE_SECONDS``).

When the move the hint played is rated (nearly) as high as the best, a player who sees only the
view had no better choice there by the measure the hint uses: the cards decided the game.
``went back``: the move returns to a table the game had shown, which the hint never proposes.

    python -m bench yukon_winnability --hint-quality --fatal --rules classic --deals 100 \
        --from docs/yukon-winnability/classic.csv --jobs 2
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from tableau.ai.yukon import VerdictKind
from tableau.ai.yukon import solve
from tableau.ai.yukon_hint import Position
from tableau.ai.yukon_hint import move_name
from tableau.ai.yukon_hint import position_of
from tableau.engines.yukon import CardMove
from tableau.engines.yukon import State
from tableau.engines.yukon import apply
from tableau.engines.yukon import unseen_cards
from tableau.engines.yukon import view
from tableau.engines.yukon import with_hidden

T = TypeVar("T")

TABLE_SECONDS = 5.0
MOVE_SECONDS = 3.0
RATING_WORLDS = 60
RATING_NODES = 1_500
NEAR = 3
"""Worlds of ``RATING_WORLDS`` within which two ratings count as the same (about the noise of
one run; the same worlds serve every move, so the difference is less noisy than either)."""


@dataclass(frozen=True)
class Rated:
    """A legal move at the fatal table: see the module docstring."""

    move: str
    seen: int
    real: VerdictKind
    went_back: bool


@dataclass(frozen=True)
class Fatal:
    """Where the hint's game of deal ``seed`` (ended ``ending``) was lost: after ``step``
    moves, with ``face_down`` cards face down, by the move ``played``; ``moves`` best first."""

    seed: int
    ending: str
    step: int
    face_down: int
    played: str
    moves: tuple[Rated, ...]

    @property
    def gap(self) -> int:
        """Worlds the best move wins more than the one played."""
        return self.moves[0].seen - next(rated.seen for rated in self.moves
                                         if rated.move == self.played)


def last_won(tables: Sequence[T], won: Callable[[T], bool]) -> int:
    """The index of the last table ``won`` holds for, ``tables[0]`` being won and every
    table after a lost one lost."""
    low, high = 0, len(tables)
    while high - low > 1:
        middle = (low + high) // 2
        if won(tables[middle]):
            low = middle
        else:
            high = middle
    return low


def _kind(table: State, seconds: float) -> VerdictKind:
    return solve(table, seconds=seconds, clock=time.process_time).kind


def rated_moves(table: State, shown_before: set[Position], seed: int,
                worlds: int = RATING_WORLDS, nodes: int = RATING_NODES) -> tuple[Rated, ...]:
    """Every legal move at ``table`` rated (the module docstring), best seen first;
    ``shown_before``: the tables the game has shown (``position_of``)."""
    shown = view(table)
    legal = [move for move in shown.legal if isinstance(move, CardMove)]
    unseen = list(unseen_cards(shown))
    rng = random.Random(seed)
    seen = dict.fromkeys(legal, 0)
    for _ in range(worlds):
        rng.shuffle(unseen)
        world = with_hidden(shown, tuple(unseen))
        for move in legal:
            seen[move] += solve(apply(world, move), max_nodes=nodes, seconds=float("inf"),
                                clock=time.process_time, small=True).kind == "won"
    rated = [Rated(move_name(move), seen[move], _kind(apply(table, move), MOVE_SECONDS),
                   position_of(view(apply(table, move))) in shown_before) for move in legal]
    return tuple(sorted(rated, key=lambda move: -move.seen))


def fatal(seed: int, ending: str, tables: Sequence[State], worlds: int = RATING_WORLDS,
          nodes: int = RATING_NODES) -> Fatal:
    """Where a lost game (its undo path ``tables``, forward play) was lost; ``worlds`` and
    ``nodes``: ``rated_moves``'s."""
    step = last_won(tables, lambda table: _kind(table, TABLE_SECONDS) == "won")
    table = tables[step]
    following = tables[step + 1] if step + 1 < len(tables) else None
    played = next((move_name(move) for move in view(table).legal
                   if isinstance(move, CardMove) and apply(table, move) == following), "")
    shown_before = {position_of(view(earlier)) for earlier in tables[:step + 1]}
    moves = rated_moves(table, shown_before, seed, worlds, nodes) if played else ()
    return Fatal(seed, ending, step, len(unseen_cards(view(table))), played, moves)


def markdown(rows: Sequence[Fatal]) -> str:
    """The table of fatal tables, and how often the move played was rated as the best."""
    lines = ["| Deal | Ended | Fatal move | Face down | Played: seen (real) | Best seen | "
             "Moves that kept the real deal won: seen |",
             "|---:|---|---:|---:|---|---:|---|"]
    for row in rows:
        if not row.moves:
            lines.append(f"| {row.seed} | {row.ending} | — | {row.face_down} | the last table "
                         "is still won | | |")
            continue
        played = next(rated for rated in row.moves if rated.move == row.played)
        kept = ", ".join(f"{rated.move} {rated.seen}" + (" (went back)" if rated.went_back
                                                         else "")
                         for rated in row.moves if rated.real == "won") or "none"
        lines.append(f"| {row.seed} | {row.ending} | {row.step + 1} | {row.face_down} | "
                     f"{played.move}: {played.seen} ({played.real}) | {row.moves[0].seen} | "
                     f"{kept} |")
    decided = [row for row in rows if row.moves]
    near = sum(row.gap <= NEAR for row in decided)
    lines.append("")
    lines.append(f"The move played was rated within {NEAR} worlds of the best (of "
                 f"{RATING_WORLDS}) at {near} of {len(decided)} fatal tables.")
    return "\n".join(lines) + "\n"
