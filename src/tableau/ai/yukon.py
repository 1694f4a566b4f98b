"""A Yukon solver: is this layout won, lost, or too big to tell within a budget?

``solve(state)`` searches every position reachable from a PLAY state of the engine, face-down
cards included (it knows them: the caller decides whether it may look, see ``hint`` for the
honest way). It answers ``won`` with moves in the spec's notation that replay through the
engine to a win, ``lost`` when it has searched every reachable position without finding a
win, or ``unknown`` when a node, time or memory budget runs out first.

The search is best first (fewest face-down cards, then fewest cards off the foundations; among
equals the newest, so a plateau is searched deep) with a transposition table over *canonical*
positions:

- The seven columns are kept as an unordered multiset. The rules never name a column: any
  card may go on any column whose bottom card it fits, and any king on any empty column. So
  two positions that differ only in the order of their columns have the same moves, up to
  renaming, and the same verdict.
- The four foundations are kept as a height per suit. Any ace may start any empty
  foundation, so which foundation holds which suit never changes what can be played.

It runs in two phases. The first (at most ``LIKELY_SHARE`` of the budget) tries only the likely
moves: no card comes back from a foundation, and a group that lies on a card it fits on moves
only when that card can then go up. Three guides (``yukon_guides``: ways to score a position) take
turns, each for a slice of time that doubles every round and each going on from where its last
turn stopped: each guide wins quickly on deals where another wanders (in the first round also
broad, oldest first among equals). That finds most wins far sooner, but proves nothing.
The second phase tries every move but the pruned ones below, so when it has expanded every
position it can reach, the layout is lost.

A *small* solve (``small=True``: the hint's solves of sampled worlds, a few thousand positions
each) searches broad among equals in both phases (in the first, only the three broad turns,
which take turns by positions, not seconds, so that with time to spare its verdict does not
depend on how fast the machine is) and checks rule 7 only at the start. Most of its wins lie
a few hundred positions away, where rule 7 at every position costs half the time and the
hint would judge fewer worlds. Rules 1-6 still prune, and rule 7 only ever prunes, so its
"lost" is as sound.

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
5. **A trapped card means lost** (``trapped``, checked before searching): a face-down card
   turns up only when the card lying on it leaves, and that card can leave only onto a face-up
   card it fits on, into an empty column if it is a king, or to its foundation after every
   lower card of its suit. If even a relaxed version of that (any face-up card may serve as
   host, buried or not, and kings always find a column) never turns some face-down card, no
   line of play does.
6. **A card goes up at once when nothing can need it** (``_SAFE``). Call a card's
   *followers* the smallest set holding every card that fits on it or on a follower, and
   every card of a follower's suit below it. When a bottom card can go up and all its
   followers are on their foundations (in classic rules: both foundations of the other colour
   one rank below it, and the other suit of its colour two below), it goes up. Take a winning
   line from the position where it stays, and call it and its followers *spare*. At the start
   the only spare card in the columns is that bottom card, and later a spare card can only
   come to lie on a spare card (whatever lands on one fits on it, or is carried by a card
   that does), so in every column the spare cards are a tail. Delete every move of a group
   that starts with a spare card, every return of a spare card and every move of one up, and
   drop the spare cards from the other groups. Each remaining move is still legal: its group
   keeps its first card, its target keeps its bottom card (a spare bottom would only take a
   spare card), and a foundation takes a card from the columns at the same height as in the
   old line (a spare card of that suit still in the columns would lie above the card, and
   make it spare too). Every card ends up on its foundation as before.

7. **A card that can never come free means lost** (``yukon_guides.stuck_rules``, checked at
   every position the search expands). Every card must go up, so must once be the bottom
   card of its column: it *comes free*, which happens only when the card lying on it now
   leaves (a move takes a card with all that lies on it). A card leaves only onto a bottom
   card it fits on (come free before), up (it and every lower card of its suit in the
   columns came free), or, a king, into an empty column (one was empty, or some column's
   first card left before); a face-down card only after it came free. The least fixpoint
   of these conditions, every foundation card counted free (it might come back), holds
   every card that ever comes free: if one is missing, no line wins. Rule 5 lets any
   face-up card host; rule 7 sees the cycles where every host of one card lies under a
   card that waits for it (classic deal 60 is lost so from the start).

The order of the search only changes how soon a win is found, never a verdict.

Like the engines, this module is pure: no I/O and no global randomness. Time budgets read a
clock that the caller may pass in.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from heapq import heappop
from heapq import heappush
from typing import Final
from typing import Literal

from tableau.ai.yukon_guides import DOWN as _DOWN
from tableau.ai.yukon_guides import GUIDES as _GUIDES
from tableau.ai.yukon_guides import KING as _KING
from tableau.ai.yukon_guides import Guide
from tableau.ai.yukon_guides import stuck_rules
from tableau.ai.yukon_guides import trapped as _trapped
from tableau.cards import FULL_DECK
from tableau.cards import Rank
from tableau.engines import yukon
from tableau.engines.yukon import CardMove
from tableau.engines.yukon import Phase
from tableau.engines.yukon import State

__all__ = [
    "Position", "Verdict", "VerdictKind", "first_won", "position_of", "solve",
    "solve_deal_and_table", "solve_position", "stuck", "trapped",
]

VerdictKind = Literal["won", "lost", "unknown"]

DEFAULT_MAX_NODES: Final = 2_000_000
"""Positions searched before ``unknown`` (about 1 GiB of transposition table at most)."""
DEFAULT_SECONDS: Final = 10.0
LIKELY_SHARE: Final = 0.7
"""The share of the budget that the first, narrower search may use (see the docstring)."""
_CLOCK_EVERY: Final = 32
"""Nodes between two looks at the clock and the cancel flag (a look costs far less than a
node; a slow machine expands a few hundred nodes a second)."""

# Cards are their ``Card.index`` (suit * 13 + rank - 1). In a column, a face-down card is
# stored as index + _DOWN, so a column is a ``bytes`` that hashes and sorts fast.
_FOUNDATION: Final = 7
"""Moves name piles 0-6 for the columns and 7 for "the foundation of the card's suit"."""
_SEPARATOR: Final = b"\xff"
_BYTES: Final = tuple(bytes((card,)) for card in range(52))


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


_FITS: Final = yukon.FITS_ON
"""For each rules variant and card index: the indices of the cards that go on it (the engine's
own table, so the solver plays by the engine's rules)."""


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
# A move as the answer keeps it: the piles named by their cards (a column's bytes before the
# move, or _FOUNDATION / _FOUNDATION + suit), since the search keeps its columns sorted.
_Step = tuple[bytes | int, bytes | int, int]
_KINGS: Final = tuple(suit * 13 + _KING for suit in range(4))


def _key(columns: Sequence[bytes], heights: Sequence[int]) -> bytes:
    return bytes(heights) + _SEPARATOR.join(sorted(columns))


def _take(column: bytes, index: int) -> bytes:
    """The column without its cards from ``index`` on; a new bottom card turns face up."""
    if index and column[index - 1] >= _DOWN:
        return column[: index - 1] + bytes((column[index - 1] - _DOWN,))
    return column[:index]


def _play(
    columns: list[bytes], heights: list[int], move: _Move, steps: list[_Step] | None = None
) -> None:
    source, target, index = move
    if steps is not None:
        steps.append((
            source if source >= _FOUNDATION else columns[source],
            target if target >= _FOUNDATION else columns[target],
            index,
        ))
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


def _safe_heights(fits: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """Rule 6's table: for each card, the foundation height each suit needs before the card may
    go up at once. The card's *followers* are the smallest set holding every card that fits on
    the card or on a follower, and every card of a follower's suit below it; each suit must be
    as high as its highest follower."""
    table = []
    for card in range(52):
        need = [0, 0, 0, 0]
        need[card // 13] = card % 13
        todo = list(fits[card])
        followers: set[int] = set()
        while todo:
            follower = todo.pop()
            if follower in followers:
                continue
            followers.add(follower)
            suit, rank = divmod(follower, 13)
            need[suit] = max(need[suit], rank + 1)
            todo.extend(fits[follower])
            todo.extend(range(suit * 13, follower))
        table.append(tuple(need))
    return tuple(table)


_SAFE: Final = {rules: _safe_heights(_FITS[rules]) for rules in yukon.RULES}
_STUCK: Final = {rules: stuck_rules(rules) for rules in yukon.RULES}


def _auto(columns: list[bytes], heights: list[int], steps: list[_Step] | None,
          safe: Sequence[Sequence[int]]) -> None:
    """Rules 1 and 6: send up every bottom card that may go up at once."""
    moved = True
    while moved:
        moved = False
        for number, column in enumerate(columns):
            if column and _goes_up(column[-1], heights, safe):
                _play(columns, heights, (number, _FOUNDATION, len(column) - 1), steps)
                moved = True


def _goes_up(card: int, heights: Sequence[int], safe: Sequence[Sequence[int]]) -> bool:
    """Whether rule 1 or 6 sends this bottom card up at once."""
    rank = card % 13
    return heights[card // 13] == rank and (
        rank < 2 or all(map(int.__ge__, heights, safe[card])))


def _moves(key: bytes, columns: Sequence[bytes], heights: Sequence[int],
           fits: Sequence[Sequence[int]], *, returns: bool,
           likely: Callable[[bytes, int, Sequence[int]], bool] | None = None) -> list[_Move]:
    """Every move the pruning rules keep from the position ``key`` (its columns and heights
    given decoded too): ``returns``, cards may come back down (rules 2 and 3 decide which);
    ``likely``, the first phase's filter on the moves between columns."""
    moves: list[_Move] = []
    # Cards that may come back down: rules 2 and 3.
    returns_of: dict[int, int] = {}
    if returns:
        for suit, height in enumerate(heights):
            if height > 2:
                returns_of[suit * 13 + height - 1] = suit
    find = key.find
    empty_done = False
    for target, column in enumerate(columns):
        if column:
            bottom = column[-1]
            if bottom % 13 == heights[bottom // 13]:
                moves.append((target, _FOUNDATION, len(column) - 1))
            candidates: Sequence[int] = fits[bottom]
        else:
            if empty_done:
                continue  # every empty column is the same column
            empty_done = True
            candidates = _KINGS
        for card in candidates:
            # A face-up card is its own byte in the key (a face-down one is not).
            at = find(_BYTES[card], 4)
            if at > 0:
                source = key.count(_SEPARATOR, 4, at)
                index = at - key.rfind(_SEPARATOR, 3, at) - 1 if source else at - 4
                if (source != target and (column or index)  # rule 4
                        and (likely is None or likely(columns[source], index, heights))):
                    moves.append((source, target, index))
            elif card in returns_of:
                moves.append((_FOUNDATION + returns_of[card], target, 0))
    return moves


class _Search:
    """One best-first search from a position. ``run`` may be called again to go on where it
    stopped, with a new budget: the first phase's guides take turns that way."""

    def __init__(
        self, rules: str, position: Position, clock: Callable[[], float],
        cancelled: Callable[[], bool] | None, *, likely: bool, guide: Guide,
        deep: bool = True, rule_seven: bool = True,
    ) -> None:
        self.deep = deep  # among positions the guide scores alike, the newest first
        self.fits = _FITS[rules]
        self.stuck = _STUCK[rules] if rule_seven else None
        self.safe = _SAFE[rules]
        self.likely = likely
        self.guide = guide
        self.russian = rules == "russian"
        self.clock = clock
        self.cancelled = cancelled
        self.nodes = 0
        self.reason = ""
        self.max_nodes = 0
        self.deadline = 0.0
        columns, heights = list(position.columns), list(position.heights)
        self.steps: list[_Step] = []
        _auto(columns, heights, self.steps, self.safe)
        start = _key(columns, heights)
        self.won = start if sum(heights) == 52 else None
        self.parents: dict[bytes, tuple[bytes, _Move] | None] = {start: None}
        self.frontier: list[tuple[int, int, bytes]] = [(0, 0, start)]
        self.order = 0

    def moves(self, key: bytes, columns: Sequence[bytes],
              heights: Sequence[int]) -> list[_Move]:
        """Every move worth trying (see the pruning rules) from the position ``key``, whose
        columns and heights are given decoded too."""
        return _moves(key, columns, heights, self.fits,
                      returns=not (self.russian or self.likely),
                      likely=self._likely if self.likely else None)

    def _likely(self, column: bytes, index: int, heights: Sequence[int]) -> bool:
        """The first search's filter (not a pruning rule: see the module docstring). A group
        that lies on a card it fits on moves only to let that card go up at once."""
        if index == 0:
            return True
        under = column[index - 1]
        if under >= _DOWN or column[index] not in self.fits[under]:
            return True
        return under % 13 == heights[under // 13]

    def run(self, seconds: float, max_nodes: int) -> list[_Step] | None:
        """A winning list of steps, or None: lost when ``self.reason`` is empty.

        Best first: the position the guide scores lowest is expanded next. Every reachable
        position is still expanded in the end, so an exhausted search proves the deal lost."""
        self.reason = ""
        self.deadline = self.clock() + seconds
        self.max_nodes = self.nodes + max_nodes
        parents, frontier, guide, safe = self.parents, self.frontier, self.guide, self.safe
        stuck = self.stuck
        if self.won is not None:
            return self.steps + _replay(parents, self.won, safe)
        while frontier:
            key = heappop(frontier)[2]
            self.nodes += 1
            if ((self.nodes >= self.max_nodes or self.nodes % _CLOCK_EVERY == 0)
                    and self._out_of_budget()):
                heappush(frontier, (-1, 0, key))  # first again when the search goes on
                return None
            here_columns, here_heights = _decode(key)
            if stuck is not None and stuck(here_columns, here_heights):
                continue  # rule 7: no win lies beyond
            for move in self.moves(key, here_columns, here_heights):
                next_columns = list(here_columns)
                next_heights = list(here_heights)
                source, target, index = move
                if target < _FOUNDATION and source < _FOUNDATION:
                    # A move between columns changes no height and leaves only the source
                    # with a new bottom card: rules 1 and 6 need look at nothing else.
                    column = here_columns[source]
                    next_columns[target] += column[index:]
                    rest = next_columns[source] = _take(column, index)
                    if rest and _goes_up(rest[-1], next_heights, safe):
                        _auto(next_columns, next_heights, None, safe)
                else:
                    _play(next_columns, next_heights, move)
                    _auto(next_columns, next_heights, None, safe)
                next_key = _key(next_columns, next_heights)
                if next_key in parents:
                    continue
                parents[next_key] = (key, move)
                if sum(next_heights) == 52:
                    self.won = next_key
                    return self.steps + _replay(parents, next_key, safe)
                self.order += 1
                heappush(frontier, (guide(next_columns, next_heights),
                                    -self.order if self.deep else self.order, next_key))
        return None

    def _out_of_budget(self) -> bool:
        if self.nodes >= self.max_nodes:
            self.reason = "nodes"
        elif self.clock() >= self.deadline:
            self.reason = "time"
        elif self.cancelled is not None and self.cancelled():
            self.reason = "cancelled"
        return bool(self.reason)


FIRST_SLICE: Final = 0.25
"""Seconds each guide gets in the first round of turns; each later round doubles it."""


def _decode(key: bytes) -> tuple[list[bytes], list[int]]:
    return key[4:].split(_SEPARATOR), list(key[:4])


def _replay(parents: dict[bytes, tuple[bytes, _Move] | None], key: bytes,
            safe: Sequence[Sequence[int]]) -> list[_Step]:
    """The steps from the start to ``key``, each naming its piles by their cards."""
    chain: list[tuple[bytes, _Move]] = []
    link = parents[key]
    while link is not None:
        chain.append(link)
        link = parents[link[0]]
    steps: list[_Step] = []
    for parent, move in reversed(chain):
        columns, heights = _decode(parent)
        _play(columns, heights, move, steps)
        _auto(columns, heights, steps, safe)
    return steps


def solve_position(
    position: Position, rules: str, *, max_nodes: int = DEFAULT_MAX_NODES,
    seconds: float = DEFAULT_SECONDS, clock: Callable[[], float] = time.monotonic,
    cancelled: Callable[[], bool] | None = None, small: bool = False,
) -> tuple[VerdictKind, list[_Step], int, str]:
    """The search on the solver's own table: (verdict, steps, nodes, reason). ``small``: see
    the module docstring."""
    if trapped(position, rules) or stuck(position, rules):
        return "lost", [], 0, ""
    started = clock()

    def search(likely: bool, guide: Guide, deep: bool = True) -> _Search:
        return _Search(rules, position, clock, cancelled, likely=likely, guide=guide,
                       deep=deep and not small, rule_seven=not small)

    # Phase one: the likely moves, the guides taking turns with slices that double, each
    # going on from where its last turn stopped. The first round also gives each guide a
    # turn broad among equals, which wins at once on some deals that deep turns miss.
    searches = [search(True, guide, deep=False) for guide in _GUIDES[rules]]
    if not small:
        searches += [search(True, guide) for guide in _GUIDES[rules]]
    turns = searches
    likely_until = started + seconds * LIKELY_SHARE
    likely_nodes = int(max_nodes * LIKELY_SHARE)
    # A small solve's turns are sliced by positions, not seconds, so that with time to spare
    # its verdict does not depend on how fast the machine is.
    slice_seconds = math.inf if small else FIRST_SLICE
    slice_nodes = max(likely_nodes // len(searches), 1) if small else likely_nodes

    def nodes() -> int:
        return sum(one.nodes for one in searches)

    exhausted = False  # every likely line tried: no guide can do better
    while not exhausted and clock() < likely_until and nodes() < likely_nodes:
        for one in turns:
            left = min(slice_seconds, likely_until - clock())
            if left <= 0:
                break
            path = one.run(left, min(slice_nodes, likely_nodes - nodes()))
            if path is not None:
                return "won", path, nodes(), ""
            if one.reason == "cancelled":
                return "unknown", [], nodes(), "cancelled"
            if not one.reason:
                exhausted = True
                break
        turns = [one for one in searches if one.deep] or searches
        slice_seconds *= 2
        slice_nodes *= 2
    # Phase two: every move that the pruning rules keep, until the budget runs out.
    used = nodes()
    searches = [search(False, _GUIDES[rules][0])]
    path = searches[0].run(seconds - (clock() - started), max_nodes - used)
    if path is not None:
        return "won", path, used + nodes(), ""
    if searches[0].reason:
        return "unknown", [], used + nodes(), searches[0].reason
    return "lost", [], used + nodes(), ""


def trapped(position: Position, rules: str) -> bool:
    """Rule 5: some face-down card can never turn up, whatever is played (see
    ``yukon_guides.trapped``)."""
    return _trapped(position.columns, position.heights, rules)


def stuck(position: Position, rules: str) -> bool:
    """Rule 7: some card in the columns can never become a bottom card, so never go up."""
    return _STUCK[rules](position.columns, position.heights)


def engine_moves(state: State, steps: Sequence[_Step]) -> tuple[CardMove, ...]:
    """The solver's steps in the spec's notation, replayed through the engine from ``state``
    (so each names the columns and the foundation the engine uses)."""
    moves: list[CardMove] = []
    for source, target, index in steps:
        columns = position_of(state).columns
        if isinstance(source, int):
            suit = source - _FOUNDATION
            number = next(n for n, pile in enumerate(state.foundations)
                          if pile and pile[-1].index // 13 == suit)
            assert isinstance(target, bytes)
            move = CardMove(f"F{number + 1}", f"C{columns.index(target) + 1}")
        elif isinstance(target, int):
            card = source[-1]
            # Its suit's foundation, or for an ace the first empty one.
            number = next(
                n for n, pile in enumerate(state.foundations)
                if (pile[-1].index // 13 == card // 13 if pile else card % 13 == 0)
            )
            move = CardMove(f"C{columns.index(source) + 1}", f"F{number + 1}")
        else:
            named = None if index == len(source) - 1 else FULL_DECK[source[index]]
            move = CardMove(f"C{columns.index(source) + 1}", f"C{columns.index(target) + 1}",
                            named)
        state = yukon.apply(state, move)
        moves.append(move)
    return tuple(moves)


def solve(
    state: State, *, max_nodes: int = DEFAULT_MAX_NODES, seconds: float = DEFAULT_SECONDS,
    clock: Callable[[], float] = time.monotonic, cancelled: Callable[[], bool] | None = None,
    small: bool = False,
) -> Verdict:
    """The verdict on a PLAY state, looking at its face-down cards. See the module docstring
    (``small`` too)."""
    started = clock()
    kind, path, nodes, reason = solve_position(
        position_of(state), state.rules, max_nodes=max_nodes, seconds=seconds, clock=clock,
        cancelled=cancelled, small=small,
    )
    moves = engine_moves(state, path) if kind == "won" else ()
    return Verdict(kind, moves, nodes, clock() - started, reason)


def solve_deal_and_table(
    deal: State, table: State | None, *, seconds: float = DEFAULT_SECONDS,
    cancelled: Callable[[], bool] | None = None,
) -> tuple[Verdict, Verdict | None]:
    """"Is this deal winnable?": the deal's verdict, then the table's as it is now (``table``,
    when there is one to ask about) unless the deal is lost."""
    first = solve(deal, seconds=seconds, cancelled=cancelled)
    if table is None or first.kind == "lost":
        return first, None
    return first, solve(table, seconds=seconds, cancelled=cancelled)


def first_won(
    first: int, rules: str, tries: int, *, seconds: float,
    cancelled: Callable[[], bool] | None = None,
) -> int | None:
    """The first game number from ``first`` on (wrapping round at the last one) whose deal
    the solver proves won within ``seconds``; None after ``tries`` numbers."""
    number = first
    for _ in range(tries):
        verdict = solve(yukon.numbered_game(number, rules), seconds=seconds,
                        cancelled=cancelled)
        if verdict.kind == "won":
            return number
        if cancelled is not None and cancelled():
            return None
        number = number + 1 if number + 1 in yukon.GAME_NUMBERS else yukon.GAME_NUMBERS[0]
    return None


assert Rank.KING - 1 == _KING  # the king's rank within a suit's 13 indices
