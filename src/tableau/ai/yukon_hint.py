"""An honest Yukon hint: the best next move judged only from what the player can see.

``hint(view, seed=...)`` never looks at a face-down card. It takes the engine's ``View`` (where a
face-down card is None), and the cards it cannot see are exactly the face-down ones, since in
Yukon a card once face up stays face up. It deals those cards at random into the face-down
places (``samples`` *worlds*, from a ``random.Random(seed)`` of its own) and judges moves by
perfect-information Monte Carlo on them, the same worlds for every move (common random
numbers, so that moves are compared on the same luck):

1. It solves worlds from here with a small budget (``tableau.ai.yukon.solve``'s small
   solves, a fixed number of positions each, ``SAMPLE_NODES``) for a fifth of its time; the
   first moves of the wins found pick the few most promising moves (``CANDIDATES``), with
   the move that turns the most face-down cards over always among them.
2. It solves each of those worlds again after each of those moves, then new worlds while
   its time lasts, and recommends the move that wins in the most worlds (a move that turns
   a card over counts a world more for every ``STALL_MOVES`` tables played since a card last
   turned). Among equals: one that takes no card back off a foundation (such moves let the
   hint dance cards up and down for ever), then the one whose wins turn a face-down card
   over soonest (a new card tells more than any shuffle of the known ones), then the plain
   preference below, then the one the first solves chose most, then the one proved lost in
   the fewest worlds (the others only ran out of time):

    C6:4H->C4: wins in 37 of 40 ways the hidden cards could lie

A world counts for a move when the solver found a win after it in time, so ``wins`` is a lower
bound on how many of the worlds the move wins.

It reuses its work between the hints of one game (``Looks``, handed back with each hint and
given to the next as ``reuse``): the next hint keeps the same worlds, each with the card it
now sees turned face up put in its place (swapped with the card the world had there, which
keeps every world an even chance among those the new view allows), and every win it found
is remembered along its first moves, so the table after the hinted move is usually solved
already in most worlds. Keeping the worlds also keeps the hints following one plan.

When no world is solved, the hint falls back to a plain preference and says so: a move that
turns a face-down card over (from the column with most of them), then one that empties a
column, then one to a foundation, then any legal move. It then says plainly that no way to
win was found and, given ``earlier`` (the nearest table on the undo path where a hint still
found wins), how many undos lead back to it.

It never circles: given ``played`` (the positions this game has shown, ``position_of``: up
to the order of the columns, so kings dancing between empty columns are not new), it
never proposes a move that returns to one of them, unless every legal move does (then it says
so, and ``repeats`` is set). A move that turns a face-down card over is new unless the game
has shown that table before (the card turned, then undone): it matches whatever card is there.

Cards are named as the table draws them, ``C3:10♥->C1`` (the ascii faces show ``10H``).

Pure like the engines: no I/O, no global randomness; the time budget reads a clock the caller
may pass in.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from itertools import chain
from typing import Final
from typing import cast

from tableau.ai.yukon import Verdict
from tableau.ai.yukon import VerdictKind
from tableau.ai.yukon import position_of as exact_position
from tableau.ai.yukon import solve
from tableau.cards import Card
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
    "DEFAULT_SAMPLES", "DEFAULT_SECONDS", "SAMPLE_NODES", "Earlier", "Hint", "Looks", "Position",
    "hint", "move_name", "position_of", "table_position", "undo_advice",
]

Position = tuple[object, ...]
"""A table as the player sees it (``position_of``), up to the order of its columns and of its
foundations: the rules never name a column or a foundation, so tables that differ only in
their order are one table. A hint that moved kings between empty columns would otherwise
find new tables for ever."""

DEFAULT_SAMPLES: Final = 40
DEFAULT_SECONDS: Final = 1.5
"""All samples together: the first hint shows within 2 s."""
SAMPLE_NODES: Final = 1_200
"""Positions searched per world from here (half of the wins in sampled worlds take about 100,
nine in ten about 1,000; docs/yukon-winnability.md): a hint wants many quick looks, not one
deep, and a world it cannot settle costs all of them."""
ALL_FACE_UP_NODES: Final = 50_000
"""With nothing hidden there is one position to solve, so it gets a larger budget."""

Slot = tuple[int, int]
"""A face-down place: (column, index from the top). It stays put until it turns face up."""
World = tuple[tuple[Slot, Card], ...]
"""One way the hidden cards could lie: a card for each face-down place."""


REMEMBERED_STEPS: Final = 12
"""How far along a win found its positions are remembered for the next hints."""


@dataclass(frozen=True, slots=True)
class _Solved:
    """A world's table as the solver left it: a win is ``moves[start:]``; ``reveal`` is how
    many of its moves come before the one that turns a face-down card."""

    kind: VerdictKind
    moves: tuple[CardMove, ...] = ()
    start: int = 0
    reveal: int = REMEMBERED_STEPS


@dataclass(frozen=True, slots=True)
class Looks:
    """What a hint hands on to the next hint of the same game (see the module docstring): its
    worlds, and what it found in them by the solver's exact positions."""

    worlds: tuple[World, ...]
    solved: Mapping[object, _Solved]


@dataclass(frozen=True, slots=True)
class Hint:
    """The recommended move (None: no legal move), in how many of the samples a win after
    it was found, and the sentence for the player. ``fallback``: no sample was solved, so
    the move is only a plain preference."""

    move: CardMove | None
    wins: int
    samples: int
    sentence: str
    fallback: bool
    repeats: bool = False
    """Every legal move returns to a table already played: ``move`` is one of them."""
    looks: Looks | None = field(default=None, compare=False, repr=False)
    """For the next hint of this game (``hint``'s ``reuse``)."""


@dataclass(frozen=True, slots=True)
class Earlier:
    """An earlier table of this game, ``undos`` undos back, where a hint found wins in
    ``wins`` of ``samples`` ways the hidden cards could lie."""

    undos: int
    wins: int
    samples: int


def position_of(view: View) -> Position:
    return table_position(view.columns, view.foundations)


def table_position(columns: Iterable[Sequence[Card | str | None]],
                   foundations: Iterable[Sequence[Card]]) -> Position:
    """The ``Position`` of a table's columns (None: face down) and foundations."""
    return (tuple(sorted((tuple(column) for column in columns), key=_order)),
            tuple(sorted((tuple(pile) for pile in foundations), key=_order)))


def _order(pile: tuple[Card | str | None, ...]) -> tuple[int, ...]:
    return tuple(card.index if isinstance(card, Card) else -1 if card is None else -2
                 for card in pile)


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
    reuse: Looks | None = None,
) -> Hint:
    """The hint for a PLAY ``view`` (its rules included). ``seconds`` bounds all solves
    together and ``max_nodes`` each world's first solve (the solves after each candidate
    move share as many), so with an endless ``seconds`` the answer depends only on the view,
    ``seed`` and ``reuse``.
    ``progress(done, total)`` is called after each world is judged; ``cancelled()`` stops
    early, answering from the worlds judged so far. ``played``, ``auto_move`` (safe cards
    follow each move home), ``earlier`` and ``reuse``: see the module's docstring."""
    legal = [move for move in view.legal if isinstance(move, CardMove)]
    if view.phase is not Phase.PLAY or view.won or not legal:
        return Hint(None, 0, 0, "No legal move is left.", True)
    fresh = _fresh_moves(view, legal, played, auto_move)
    if not fresh:
        advice = undo_advice(earlier) if earlier is not None else "Undo, or start a new deal."
        return Hint(legal[0], 0, 0, f"Every legal move returns to a table already played, such "
                                    f"as {move_name(legal[0])}. {advice}", True, True)
    if not unseen_cards(view):
        return _face_up_hint(view, fresh, max_nodes, seconds, clock, cancelled, earlier)
    judge = _Judge(view, fresh, samples, reuse, random.Random(seed), max_nodes, clock() + seconds,
                   clock, cancelled)
    best, wins, judged = judge.run(progress, _stalled(view, played))
    looks = judge.looks()
    if best is not None:
        return Hint(best, wins, judged, f"{move_name(best)}: wins in {wins} of {judged} ways "
                                        "the hidden cards could lie.", False, looks=looks)
    preferred, why = _preferred(view, fresh)
    if not judged:
        return Hint(preferred, 0, 0, f"{move_name(preferred)}: no time to look for a win; this "
                                     f"move {why}.", True, looks=looks)
    searched = (f"No way to win found from here in any of {judged} ways the hidden cards "
                "could lie.")
    return Hint(preferred, 0, judged, _fallen_back(searched, preferred, why, earlier), True,
                looks=looks)


def _face_up_hint(view: View, legal: list[CardMove], max_nodes: int, seconds: float,
                  clock: Callable[[], float], cancelled: Callable[[], bool] | None,
                  earlier: Earlier | None) -> Hint:
    """Nothing is hidden: one position to solve, with a larger budget."""
    verdict = solve(with_hidden(view, ()), max_nodes=max(max_nodes, ALL_FACE_UP_NODES),
                    seconds=seconds, clock=clock, cancelled=cancelled)
    if verdict.kind == "won" and verdict.moves and verdict.moves[0] in legal:
        move = verdict.moves[0]
        return Hint(move, 1, 1, f"{move_name(move)}: the solver found a win from here (every "
                                "card is face up).", False)
    move, why = _preferred(view, legal)
    searched = "The solver found no win from here in time."
    return Hint(move, 0, 1, _fallen_back(searched, move, why, earlier), True)


def _fallen_back(searched: str, move: CardMove, why: str, earlier: Earlier | None) -> str:
    if earlier is not None:
        return f"{searched} {undo_advice(earlier)}"
    return f"{searched} {move_name(move)} {why}."


def undo_advice(earlier: Earlier) -> str:
    """The undo that leads back to a table worth playing on, as the hint says it."""
    plural = "move" if earlier.undos == 1 else "moves"
    return (f"Undo {earlier.undos} {plural} to get back to a table that still won in "
            f"{earlier.wins} of {earlier.samples}.")


CANDIDATES: Final = 4
"""Moves solved again in every world (step 2 of the module docstring)."""
STALL_MOVES: Final = 4
"""Each so many tables played without turning a card, a move that turns one counts one world
more: the worlds solved again along remembered wins favour the moves on those wins, which
can keep the hint shuffling known cards while a card could be turned."""


class _Judge:
    """One hint's perfect-information Monte Carlo over its worlds (the module docstring)."""

    def __init__(self, view: View, legal: list[CardMove], samples: int, reuse: Looks | None,
                 rng: random.Random, max_nodes: int, deadline: float,
                 clock: Callable[[], float], cancelled: Callable[[], bool] | None) -> None:
        self.view, self.samples, self.rng = view, samples, rng
        self.max_nodes, self.deadline = max_nodes, deadline
        self.clock, self.cancelled = clock, cancelled
        self.slots = tuple((number, index) for number, column in enumerate(view.columns)
                           for index, card in enumerate(column) if card is None)
        self.unseen = list(unseen_cards(view))
        # The last hint's worlds first; more are dealt as they are needed.
        self.worlds = _carried(view, self.slots, samples, reuse)
        self.known: Mapping[object, _Solved] = reuse.solved if reuse is not None else {}
        self.solved: dict[object, _Solved] = {}
        # Moves that lead to the same table up to the order of the columns are one move.
        self.moves: dict[object, CardMove] = {}
        for move in legal:
            self.moves.setdefault(_unordered(self._table(0), move), move)

    def _table(self, number: int) -> State:
        """World ``number`` (dealt now if it is new) as a table."""
        while len(self.worlds) <= number:
            self.rng.shuffle(self.unseen)
            self.worlds.append(tuple(zip(self.slots, self.unseen, strict=True)))
        return with_hidden(self.view, tuple(card for _, card in self.worlds[number]))

    def looks(self) -> Looks:
        return Looks(tuple(self.worlds), self.solved)

    def _stopped(self) -> bool:
        return self.cancelled is not None and self.cancelled()

    def _solve(self, table: State, until: float, nodes: int) -> _Solved | None:
        """The table's verdict, remembered (with the positions along a win) for this hint
        and the next one; it may search ``nodes`` positions, and stops at ``until``: then
        (or when cancelled) the answer is None, and nothing is remembered.

        Each solve is bounded by positions, not by a share of the time: most wins lie a
        few hundred positions away, while a world the solve cannot settle would take all
        the time it is given, and shares as small as a slow machine allows end every
        solve before it finds anything."""
        key = exact_position(table)
        found = self.solved.get(key) or self.known.get(key)
        if found is None:
            left = until - self.clock()
            if left <= 0:
                return None
            verdict = solve(table, max_nodes=nodes, seconds=left, clock=self.clock,
                            cancelled=self.cancelled, small=True)
            if verdict.reason in ("time", "cancelled"):
                return None
            found = self._remember(table, verdict)
        self.solved[key] = found
        return found

    def _remember(self, table: State, verdict: Verdict) -> _Solved:
        """The verdict; for a win, also the positions along its first moves, each with how
        many moves it has to go before the next one that turns a face-down card."""
        if verdict.kind != "won":
            return _Solved(verdict.kind)
        moves, down = verdict.moves, _face_down(table)
        keys = [exact_position(table)]
        turns: list[int] = []  # the moves that turn a card, until one past the remembered
        for step, move in enumerate(moves):
            if step >= REMEMBERED_STEPS and turns and turns[-1] >= REMEMBERED_STEPS:
                break
            table = apply(table, move)
            if step < REMEMBERED_STEPS and step + 1 < len(moves):
                keys.append(exact_position(table))
            if _face_down(table) < down:
                down -= 1
                turns.append(step)
        for step, key in enumerate(keys[1:], 1):
            self.solved.setdefault(key, _Solved("won", moves, step, _to_next(turns, step)))
        return _Solved("won", moves, 0, _to_next(turns, 0))

    def run(self, progress: Callable[[int, int], None] | None, stalled: int = 0
            ) -> tuple[CardMove | None, int, int]:
        """(the best move or None, its wins, the worlds it was judged in). ``stalled``: the
        tables played with as many cards face down as now; the longer the hint has gone
        without turning a card, the more a move that turns one counts."""
        candidates = min(CANDIDATES, len(self.moves))
        # The first solves may take their share of the time: one solve in 1 + candidates.
        first_until = self.deadline - (self.deadline - self.clock()) * candidates / (
            1 + candidates)
        firsts: Counter[CardMove] = Counter()
        tables: list[State] = []  # the worlds where a win may lie after some move
        lost_here = 0
        while len(tables) + lost_here < self.samples and not self._stopped():
            if (tables or lost_here) and self.clock() >= first_until:
                break
            table = self._table(len(tables) + lost_here)
            found = self._solve(table, first_until, self.max_nodes) or _Solved("unknown")
            if found.kind == "lost":  # then so is the table after any move
                lost_here += 1
                continue
            tables.append(table)
            if found.kind == "won" and found.start < len(found.moves):
                first = found.moves[found.start]
                if first in self.view.legal:
                    firsts[self.moves.get(_unordered(table, first), first)] += 1
        merit = {move: _merit(self.view, move)[0] for move in self.moves.values()}
        ranked = sorted(self.moves.values(), key=lambda move: (-firsts[move], -merit[move]))
        chosen = ranked[:candidates]
        turning = max(ranked, key=merit.__getitem__)
        if turning not in chosen:
            chosen[-1] = turning
        after_nodes = max(self.max_nodes // len(chosen), 1)  # a world's nodes, shared out
        wins: Counter[CardMove] = Counter()
        lost: Counter[CardMove] = Counter()  # proved lost, not merely unsolved in time
        distance: Counter[CardMove] = Counter()  # moves before a new card shows, over wins
        judged = lost_here
        for done in range(1, lost_here + 1):
            if progress is not None:
                progress(done, self.samples)
        # The worlds solved first, then new ones while the time lasts: the first solves
        # stop at their share of the time, however fast they turn out to be.
        dealt = len(tables) + lost_here
        more = (self._table(number) for number in range(dealt, self.samples))
        for table in chain(tables, more):
            if self._stopped() or self.clock() >= self.deadline:
                break
            # A world counts only when every move was judged in it to the end: one cut
            # short by the time would count as a world that move does not win.
            after: list[_Solved] = []
            for move in chosen:
                solved = self._solve(apply(table, move), self.deadline, after_nodes)
                if solved is None:
                    break
                after.append(solved)
            if len(after) < len(chosen):
                break
            for move, found in zip(chosen, after, strict=True):
                lost[move] += found.kind == "lost"
                if found.kind == "won":
                    wins[move] += 1
                    distance[move] += 0 if merit[move] >= _TURNS else 1 + found.reveal
            judged += 1
            if progress is not None:
                progress(judged, self.samples)
        bonus = stalled // STALL_MOVES  # worlds a move that turns a card counts extra
        best = min(chosen, key=lambda move: (-wins[move] - (bonus if merit[move] >= _TURNS
                                                            else 0),
                                             move.source.startswith("F"),
                                             distance[move] / max(wins[move], 1),
                                             -merit[move], -firsts[move], lost[move]))
        return (best if wins[best] else None), wins[best], judged


def _carried(view: View, slots: tuple[Slot, ...], samples: int, reuse: Looks | None
             ) -> list[World]:
    """The last hint's worlds (``samples`` at most), each told the cards turned over since
    (none when they do not fit this view: another game, or a card turned back down by
    undo)."""
    if reuse is None:
        return []
    unseen = set(unseen_cards(view))
    worlds: list[World] = []
    for world in reuse.worlds[:samples]:
        lying = dict(world)
        if not lying.keys() >= set(slots):
            return []
        for number, index in lying:
            shown = view.columns[number][index] if index < len(view.columns[number]) else None
            if (number, index) in slots or shown is None:
                continue
            if lying[(number, index)] != shown:  # the seen card trades places with it
                other = next((slot for slot, there in lying.items() if there == shown), None)
                if other is None:
                    return []
                lying[other] = lying[(number, index)]
                lying[(number, index)] = shown
        kept = tuple((slot, lying[slot]) for slot in slots)
        if {card for _, card in kept} != unseen:
            return []
        worlds.append(kept)
    return worlds


def _unordered(table: State, move: CardMove) -> object:
    """The table after ``move``, up to the order of its columns."""
    after = exact_position(apply(table, move))
    return after.heights, tuple(sorted(after.columns))


def _stalled(view: View, played: frozenset[Position]) -> int:
    """The tables played with as many cards face down as ``view``."""
    def down(position: Position) -> int:
        columns = position[0]
        assert isinstance(columns, tuple)
        return sum(card is None for column in columns for card in column)

    hidden = down(position_of(view))
    return sum(down(position) == hidden for position in played)


def _to_next(turns: list[int], step: int) -> int:
    """Moves from ``step`` on before the next move in ``turns``."""
    return next((turn - step for turn in turns if turn >= step), REMEMBERED_STEPS)


def _face_down(table: State) -> int:
    return sum(not slot.face_up for column in table.columns for slot in column)


def _fresh_moves(view: View, legal: list[CardMove], played: frozenset[Position],
                 auto_move: bool) -> list[CardMove]:
    """The legal moves that lead to a table not in ``played``, or to the win. A move that turns a
    face-down card over leads to a played table only when the game has shown that table
    with the card turned (then undone): which card lies there is not looked at, only the
    rest of the table."""
    # A king that heads its column moving to an empty one leaves the same table.
    played = played | {position_of(view)}
    hidden = sum(card is None for column in view.columns for card in column)
    guess = with_hidden(view, unseen_cards(view))  # which card lies where cannot matter
    turned: set[Position] | None = None  # made the first time a move turns a card
    fresh = []
    for move in legal:
        after = apply(guess, move)
        if auto_move:
            after = _sent_home(after)
        shown = view_of(after)
        if sum(card is None for column in shown.columns for card in column) < hidden:
            turned = _turned_tables(played) if turned is None else turned
            if turned.isdisjoint(_turned_tables([position_of(shown)])):
                fresh.append(move)
        elif shown.won or position_of(shown) not in played:
            fresh.append(move)  # the win is the goal, never a circle, even after its undo
    return fresh


_TURNED: Final = "?"
"""Stands for a card just turned face up, whichever it is (``_turned_tables``)."""


def _turned_tables(positions: Iterable[Position]) -> set[Position]:
    """Each position with one column's bottom card unnamed, for every column where that
    card may just have been turned over (face up, with only face-down cards above it)."""
    out: set[Position] = set()
    for position in positions:
        columns = cast("tuple[tuple[Card | None, ...], ...]", position[0])
        for number, column in enumerate(columns):
            if column and column[-1] is not None and all(card is None for card in column[:-1]):
                unnamed = (*columns[:number], (*column[:-1], _TURNED), *columns[number + 1:])
                out.add(table_position(unnamed, cast("tuple[tuple[Card, ...], ...]",
                                                     position[1])))
    return out


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


_TURNS: Final = 100
"""``_merit`` of a move that turns a face-down card over (at least)."""


def _merit(view: View, move: CardMove) -> tuple[int, str]:
    home = move.target.startswith("F")
    if move.source.startswith("C"):
        column = view.columns[int(move.source[1:]) - 1]
        index = len(column) - 1 if move.card is None else column.index(move.card)
        if index and column[index - 1] is None:
            downs = sum(1 for card in column if card is None)
            return _TURNS + downs, "turns a face-down card over"
        target_empty = not home and not view.columns[int(move.target[1:]) - 1]
        if index == 0 and not target_empty:
            return 50, "empties a column"
    if home:
        return 10, "sends a card to its foundation"
    return 0, "is one of the legal moves"
