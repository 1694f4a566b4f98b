"""A Yukon solver: is this layout won, lost, or too big to tell within a budget?

``solve(state)`` searches every position reachable from a PLAY state of the engine, face-down
cards included (it knows them: the caller decides whether it may look, see ``hint`` for the
honest way). It answers ``won`` with moves in the spec's notation that replay through the
engine to a win, ``lost`` when it has searched every reachable position without finding a
win, or ``unknown`` when a node, time or memory budget runs out first.

The search is a depth-first search with a transposition table over *canonical* positions:

- The seven columns are kept as an unordered multiset. The rules never name a column: any
  card may go on any column whose bottom card it fits, and any king on any empty column. So
  two positions that differ only in the order of their columns have the same moves, up to
  renaming, and the same verdict.
- The four foundations are kept as a height per suit. Any ace may start any empty
  foundation, so which foundation holds which suit never changes what can be played.

Pruning rules, each sound for "lost" (a pruned move is never the only way to win):

1. **Aces and deuces go up at once.** When the bottom card of a column is an ace, or a deuce
   whose ace is up, it goes to its foundation before anything else is tried. Only an ace
   fits on a deuce, and nothing fits on an ace, so neither card can ever hold a card that
   matters. Take any winning line from the position where it stays in the column: delete
   every later move whose moving group starts with that card (or with an ace that sits on
   it), and drop the card from every group that carries it along. Each remaining move is
   still legal: a group is judged by its first card and the bottom card of its target, and
   neither changed; a column the card no longer fills is empty sooner, which only adds
   moves; a face-down card above it turns up sooner, which never takes a move away. The
   line still ends with every card on its foundation.
2. **Aces and deuces never come back down.** By the same argument, a move of an ace or deuce
   from a foundation to a column is never needed.
3. **Under Russian rules nothing comes back down.** A card on a foundation can only hold the
   card one rank lower of its own suit, and that card is on the same foundation below it. So
   a returned card can only ever hold other returned cards, never a card from the columns,
   and deleting every return (with the later moves of the returned cards) from a winning line
   leaves a winning line: each foundation is then at least as high as before, exactly as high
   whenever a column card goes up (that card was never on it), and no column card ever lay on
   a returned card.
4. **A king that already heads its column does not move to an empty column.** The position
   would be the same one, up to the order of the columns.

Move ordering only changes how soon a win is found, never a verdict. It tries first the moves
that turn a face-down card (from the column with most of them), then moves that empty a
column, then moves to a foundation, then the other moves between columns, and last the cards
coming back from a foundation.

Like the engines, this module is pure: no I/O and no global randomness. Time budgets read a
clock that the caller may pass in.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final
from typing import Literal

from tableau.cards import FULL_DECK
from tableau.cards import Rank
from tableau.engines import yukon
from tableau.engines.yukon import CardMove
from tableau.engines.yukon import Phase
from tableau.engines.yukon import State

__all__ = ["Verdict", "VerdictKind", "Position", "position_of", "solve", "solve_position"]

VerdictKind = Literal["won", "lost", "unknown"]

DEFAULT_MAX_NODES: Final = 2_000_000
"""Positions searched before ``unknown`` (about 1 GiB of transposition table at most)."""
DEFAULT_SECONDS: Final = 10.0
_CLOCK_EVERY: Final = 512
"""Nodes between two looks at the clock and the cancel flag."""

# Cards are their ``Card.index`` (suit * 13 + rank - 1). In a column, a face-down card is
# stored as index + _DOWN, so a column is a ``bytes`` that hashes and sorts fast.
_DOWN: Final = 64
_FOUNDATION: Final = 7
"""Moves name piles 0-6 for the columns and 7 for "the foundation of the card's suit"."""
_SEPARATOR: Final = b"\xff"
_KING: Final = 12
_COLUMNS: Final = 7


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the solver found. ``moves`` (only for ``won``) replays through the engine."""

    kind: VerdictKind
    moves: tuple[CardMove, ...]
    nodes: int
    seconds: float
    reason: str = ""
    """For ``unknown``: which budget ran out ("nodes", "time" or "cancelled")."""


@dataclass(frozen=True, slots=True)
class Position:
    """The solver's own compact table: columns as bytes, foundations as heights per suit
    (in the order of ``tableau.cards.SUITS``)."""

    columns: tuple[bytes, ...]
    heights: tuple[int, int, int, int]


def _fits_table(rules: str) -> tuple[tuple[int, ...], ...]:
    """For each card index: the indices of the cards that go on it in a column."""
    def fits(card: int, onto: int) -> bool:
        if card % 13 + 1 != onto % 13:
            return False
        if rules == "spec":
            return card // 13 != onto // 13
        if rules == "classic":
            return FULL_DECK[card].is_red != FULL_DECK[onto].is_red
        return card // 13 == onto // 13

    return tuple(tuple(card for card in range(52) if fits(card, onto)) for onto in range(52))


_FITS: Final = {rules: _fits_table(rules) for rules in yukon.RULES}


def position_of(state: State) -> Position:
    """The solver's view of an engine PLAY state (face-down cards included)."""
    if state.phase is not Phase.PLAY:
        raise ValueError("Only a dealt game can be solved.")
    columns = tuple(
        bytes(slot.card.index + (0 if slot.face_up else _DOWN) for slot in column)
        for column in state.columns
    )
    heights = [0, 0, 0, 0]
    for foundation in state.foundations:
        if foundation:
            top = foundation[-1].index
            heights[top // 13] = top % 13 + 1
    return Position(columns, (heights[0], heights[1], heights[2], heights[3]))


# An internal move: (source pile, target pile, position in the source column). A source of
# _FOUNDATION + suit is a card coming back down from that suit's foundation.
_Move = tuple[int, int, int]


def _key(columns: Sequence[bytes], heights: Sequence[int]) -> bytes:
    return bytes(heights) + _SEPARATOR.join(sorted(columns))


def _take(column: bytes, index: int) -> bytes:
    """The column without its cards from ``index`` on; a new bottom card turns face up."""
    if index and column[index - 1] >= _DOWN:
        return column[: index - 1] + bytes((column[index - 1] - _DOWN,))
    return column[:index]


def _play(columns: list[bytes], heights: list[int], move: _Move) -> None:
    source, target, index = move
    if source >= _FOUNDATION:
        suit = source - _FOUNDATION
        heights[suit] -= 1
        columns[target] += bytes((suit * 13 + heights[suit],))
        return
    column = columns[source]
    if target == _FOUNDATION:
        heights[column[-1] // 13] += 1
        columns[source] = _take(column, len(column) - 1)
        return
    columns[target] += column[index:]
    columns[source] = _take(column, index)


def _auto(columns: list[bytes], heights: list[int], path: list[_Move]) -> None:
    """Rule 1: send up every ace, and every deuce whose ace is up, that is a bottom card."""
    moved = True
    while moved:
        moved = False
        for number, column in enumerate(columns):
            if column:
                card = column[-1]
                rank = card % 13
                if rank < 2 and heights[card // 13] == rank:
                    move = (number, _FOUNDATION, len(column) - 1)
                    _play(columns, heights, move)
                    path.append(move)
                    moved = True


class _Search:
    def __init__(
        self, rules: str, max_nodes: int, seconds: float,
        clock: Callable[[], float], cancelled: Callable[[], bool] | None,
    ) -> None:
        self.fits = _FITS[rules]
        self.russian = rules == "russian"
        self.max_nodes = max_nodes
        self.clock = clock
        self.deadline = clock() + seconds
        self.cancelled = cancelled
        self.nodes = 0
        self.seen: set[bytes] = set()
        self.reason = ""

    def moves(self, columns: Sequence[bytes], heights: Sequence[int]) -> list[_Move]:
        """Every move worth trying (see the pruning rules), best first."""
        where: dict[int, tuple[int, int]] = {}
        for number, column in enumerate(columns):
            for index in range(len(column) - 1, -1, -1):
                card = column[index]
                if card >= _DOWN:
                    break
                where[card] = (number, index)
        scored: list[tuple[int, _Move]] = []
        # Cards that may come back down: rules 2 and 3.
        returns: dict[int, int] = {}
        if not self.russian:
            for suit, height in enumerate(heights):
                if height > 2:
                    returns[suit * 13 + height - 1] = suit
        empty_done = False
        for target, column in enumerate(columns):
            if column:
                bottom = column[-1]
                if bottom % 13 == heights[bottom // 13]:
                    scored.append((self._score(columns, target, len(column) - 1, True),
                                   (target, _FOUNDATION, len(column) - 1)))
                candidates: Sequence[int] = self.fits[bottom]
            else:
                if empty_done:
                    continue  # every empty column is the same column
                empty_done = True
                candidates = (_KING, 13 + _KING, 26 + _KING, 39 + _KING)
            for card in candidates:
                found = where.get(card)
                if found is not None:
                    source, index = found
                    if source != target and (column or index):  # rule 4
                        scored.append((self._score(columns, source, index, False),
                                       (source, target, index)))
                elif card in returns:
                    scored.append((0, (_FOUNDATION + returns[card], target, 0)))
        scored.sort(key=lambda item: -item[0])
        return [move for _, move in scored]

    @staticmethod
    def _score(columns: Sequence[bytes], source: int, index: int, up: bool) -> int:
        column = columns[source]
        if index and column[index - 1] >= _DOWN:
            downs = sum(1 for card in column if card >= _DOWN)
            return 1000 + 10 * downs
        if index == 0:
            return 500
        return 300 if up else 100

    def run(self, columns: list[bytes], heights: list[int]) -> list[_Move] | None:
        """A winning list of moves, or None: lost when ``self.reason`` is empty."""
        path: list[_Move] = []
        _auto(columns, heights, path)
        if sum(heights) == 52:
            return path
        self.seen.add(_key(columns, heights))
        # Each frame: the position, the path length to it, and its untried moves.
        stack: list[tuple[list[bytes], list[int], int, list[_Move]]] = [
            (columns, heights, len(path), self.moves(columns, heights)[::-1])
        ]
        while stack:
            here_columns, here_heights, depth, untried = stack[-1]
            if not untried:
                stack.pop()
                continue
            move = untried.pop()
            next_columns = list(here_columns)
            next_heights = list(here_heights)
            del path[depth:]
            path.append(move)
            _play(next_columns, next_heights, move)
            _auto(next_columns, next_heights, path)
            if sum(next_heights) == 52:
                return path
            key = _key(next_columns, next_heights)
            if key in self.seen:
                continue
            self.seen.add(key)
            self.nodes += 1
            if self.nodes % _CLOCK_EVERY == 0 and self._out_of_budget():
                return None
            stack.append((next_columns, next_heights, len(path),
                          self.moves(next_columns, next_heights)[::-1]))
        return None

    def _out_of_budget(self) -> bool:
        if self.nodes >= self.max_nodes:
            self.reason = "nodes"
        elif self.clock() >= self.deadline:
            self.reason = "time"
        elif self.cancelled is not None and self.cancelled():
            self.reason = "cancelled"
        return bool(self.reason)


def solve_position(
    position: Position, rules: str, *, max_nodes: int = DEFAULT_MAX_NODES,
    seconds: float = DEFAULT_SECONDS, clock: Callable[[], float] = time.monotonic,
    cancelled: Callable[[], bool] | None = None,
) -> tuple[VerdictKind, list[tuple[int, int, int]], int, str]:
    """The search on the solver's own table: (verdict, internal moves, nodes, reason)."""
    search = _Search(rules, max_nodes, seconds, clock, cancelled)
    path = search.run(list(position.columns), list(position.heights))
    if path is not None:
        return "won", path, search.nodes, ""
    if search.reason:
        return "unknown", [], search.nodes, search.reason
    return "lost", [], search.nodes, ""


def engine_moves(state: State, path: Sequence[tuple[int, int, int]]) -> tuple[CardMove, ...]:
    """The solver's moves in the spec's notation, replayed through the engine from ``state``
    (so each names the foundation the engine uses for that suit)."""
    moves: list[CardMove] = []
    for source, target, index in path:
        if source >= _FOUNDATION:
            suit = source - _FOUNDATION
            number = next(n for n, pile in enumerate(state.foundations)
                          if pile and pile[-1].index // 13 == suit)
            move = CardMove(f"F{number + 1}", f"C{target + 1}")
        elif target == _FOUNDATION:
            card = state.columns[source][-1].card
            number = next(
                (n for n, pile in enumerate(state.foundations)
                 if pile and pile[-1].index // 13 == card.index // 13),
                None,
            )
            if number is None:  # an ace: the first empty foundation
                number = next(n for n, pile in enumerate(state.foundations) if not pile)
            move = CardMove(f"C{source + 1}", f"F{number + 1}")
        else:
            column = state.columns[source]
            card = None if index == len(column) - 1 else column[index].card
            move = CardMove(f"C{source + 1}", f"C{target + 1}", card)
        state = yukon.apply(state, move)
        moves.append(move)
    return tuple(moves)


def solve(
    state: State, *, max_nodes: int = DEFAULT_MAX_NODES, seconds: float = DEFAULT_SECONDS,
    clock: Callable[[], float] = time.monotonic, cancelled: Callable[[], bool] | None = None,
) -> Verdict:
    """The verdict on a PLAY state, looking at its face-down cards. See the module docstring."""
    started = clock()
    kind, path, nodes, reason = solve_position(
        position_of(state), state.rules, max_nodes=max_nodes, seconds=seconds, clock=clock,
        cancelled=cancelled,
    )
    moves = engine_moves(state, path) if kind == "won" else ()
    return Verdict(kind, moves, nodes, clock() - started, reason)


assert Rank.KING - 1 == _KING  # the king's rank within a suit's 13 indices
