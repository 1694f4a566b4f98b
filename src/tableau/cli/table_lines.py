"""The line mode's part of a shared table that is the same for every game (``TableWaits``:
the news, whom the table waits for, the opener's offer of a CPU for an away player, the
waiting), and Go Fish and Poker at a shared table (``GameLines``, ``open_game_table``), from
their own line modes' pieces (``cli.gofish``, ``cli.poker``). Pesten's table is
``cli.table.SharedLines``, on its hot seat's ``PlainTable``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any
from typing import Final

from tableau.ai.pesten import CPU_KINDS
from tableau.cli import gofish
from tableau.cli import poker
from tableau.cli.args import Parser
from tableau.cli.args import integer
from tableau.cli.args import seed
from tableau.cli.plain import Lines
from tableau.cli.plain import in_letters
from tableau.cli.plain import yes_or_no
from tableau.engines.names import name_problem
from tableau.engines.poker import NAMES
from tableau.sessions import gofish as gofish_session
from tableau.sessions import poker as poker_session
from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import REMOTE
from tableau.sessions.protocol import Answer
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind
from tableau.sessions.seating import OPEN_LOCK
from tableau.sessions.seating import Stage
from tableau.sessions.seeds import fresh_seed
from tableau.storage.table_store import TableProblem
from tableau.storage.table_store import TableStore
from tableau.tables.shared_table import SharedTable
from tableau.tables.waits import end_wait
from tableau.tables.waits import waiting_for
from tableau.ui.controls.pesten import SEED_TELLS_ALL

TABLE_PROG: Final = "tableau table"
POLL_SECONDS: Final = 0.05
"""How often a waiting screen reads the table (``TableStore.changed`` is one cheap pragma)."""
FAILED_READS: Final = 3
"""Failed reads of the table in a row after which a waiting screen gives up (with the
store's sentence): each has waited out the database's busy timeout."""
PESTEN_CPUS: Final = ("careful", *(kind for kind in CPU_KINDS if kind != "careful"))
"""Pesten's CPU kinds, the one "cpu" means first."""
WHO_PLAYS: Final = {"here": HUMAN, "h": HUMAN, "open": REMOTE, "o": REMOTE}
"""The set-up's answers for a seat besides a CPU's kind (``cpu`` or a kind's name)."""


class TableWaits:
    """What every game's line mode does at a shared table between its own turns: the news,
    whom the table waits for, the opener's offer of a CPU for an away player, and the waiting
    itself (running the CPUs under the lease)."""

    next_one = "the next game"
    """What is dealt after an end ("the next round")."""

    def __init__(self, shared: SharedTable[Any], lines: Lines,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.shared = shared
        self.lines = lines
        self.sleep = sleep
        """How a waiting screen waits between two reads of the table."""
        self.failed_reads = 0
        self.waiting_for: tuple[int, str, str, frozenset[int]] | None = None
        """The seat last waited for, its kind, its name and the away seats (each wait is said
        once)."""
        self.offered: set[tuple[int, float]] = set()
        """The absences (seat, last seen) the opener was asked about: each is asked once."""
        self.waited = False
        """This screen waited for the table since its hot seats last played."""

    @property
    def viewer(self) -> int | None:
        """Whose words the news is in: this screen's remote seat, else seat 0 (Pesten's
        opener)."""
        return self.shared.seat if self.shared.seat is not None else 0

    def news(self) -> None:
        for line in self.shared.news(self.viewer):
            self.lines.show(in_letters(line))
        self.lines.stdout.flush()

    def pause(self) -> None:
        """Wait for the table to change (or a CPU's turn to come to this process). A failed
        read is tried again: a busy database is no reason to leave the table, but one that
        fails FAILED_READS times in a row is."""
        self.waited = True
        try:
            if not self.shared.run_cpus():
                self.sleep(POLL_SECONDS)
                self.shared.refresh()
            self.failed_reads = 0
        except TableProblem:
            self.failed_reads += 1
            if self.failed_reads >= FAILED_READS:
                raise

    def end_wait(self) -> str:
        """Who deals on after an end: the opener, or (their screen gone) the table itself."""
        return end_wait(self.shared, self.next_one)

    def say_waiting(self) -> None:
        """Whom the table waits for, said once each time that changes."""
        shared, session = self.shared, self.shared.session
        seat = session.to_move
        if seat is None:
            return
        # The name too: a friend who sits down names the seat a moment after taking it.
        waiting = (seat, shared.shared_seat(seat).kind, shared.shown_name(seat), shared.away())
        if waiting == self.waiting_for:
            return
        self.waiting_for = waiting
        self.lines.show(waiting_for(shared, seat))
        self.lines.stdout.flush()

    def offer_cpu(self) -> None:
        """At the opener's screen (or a friend's, once the opener's is gone), waiting for a
        seat whose player has been away a while: ask once for this absence whether a CPU may
        play for them."""
        shared = self.shared
        seat = shared.session.to_move
        if seat is None or not shared.may_let_cpu_play(seat):
            return
        absence = (seat, shared.shared_seat(seat).seen)
        if absence in self.offered:
            return
        self.offered.add(absence)
        name = shared.session.seats[seat].name
        if self.lines.choose(f"{name} is away. Let a CPU play for {name}? (y/n) > ", yes_or_no):
            answer = shared.let_cpu_play(seat)
            if not answer.ok:
                self.lines.show(answer.refusal or "")
        else:
            self.lines.show(f"The table waits for {name}.")



@dataclass(frozen=True, slots=True)
class LineGame:
    """A game's line mode at a shared table (Go Fish, Poker): its own modules' pieces."""

    title: str
    players: range
    levels: tuple[str, ...]
    """The CPU levels the set-up takes by name ("cpu" alone: the game's default)."""
    start: Callable[..., Any]
    read_move: Callable[[Any, int, Lines], Any]
    """Shows ``seat``'s table and reads its next move."""
    end_lines: Callable[[Any, int], list[str]]
    deal_on: Callable[[Any], Any]
    """The move that deals on after an end, or None: the table ends."""
    next_one: str = "the next game"
    """What ``deal_on`` deals."""


LINE_GAMES: Final = {
    "gofish": LineGame("Go Fish", range(2, 6), ("pro", "easy"), gofish_session.start,
                       gofish.ask_at_table, gofish.end_lines, gofish.deal_on),
    "poker": LineGame("Poker", range(2, 7), (), poker_session.start, poker.show_and_read,
                      poker.end_lines, poker.deal_on, "the next hand"),
}


class GameLines(TableWaits):
    """Go Fish or Poker at a shared table in line mode: the hot seats' turns behind their
    locks, this screen's remote seat, and the end of a game or a hand."""

    def __init__(self, shared: SharedTable[Any], lines: Lines, game: LineGame,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        super().__init__(shared, lines, sleep)
        self.game = game
        self.next_one = game.next_one

    @property
    def viewer(self) -> int | None:
        """This screen's remote seat; at the opener's, its one hot seat, or with several
        nobody's (the public words, which name no hidden card)."""
        if self.shared.seat is not None:
            return self.shared.seat
        hot = [seat for seat, info in enumerate(self.shared.session.seats)
               if info.kind is SeatKind.HUMAN]
        return hot[0] if len(hot) == 1 else None

    def turn(self, seat: int) -> None:
        """A hot seat at the opener's screen: its lock (pass the screen), then its moves."""
        session = self.shared.session
        if session.stage is Stage.LOCK:
            name = session.seats[seat].name
            self.lines.ask(f"{name}'s turn: pass the screen to {name}, then press Enter > ")
            self._said(self.shared.act(seat, OPEN_LOCK))
            return
        self._moves(seat)

    def remote_turn(self, seat: int) -> None:
        self.waiting_for = None
        self.lines.show("\aYour turn.")
        self._moves(seat)

    def _moves(self, seat: int) -> None:
        shared = self.shared
        while (shared.session.to_move == seat and not shared.closed and not shared.lost
               and shared.session.stage in (Stage.HAND, Stage.REMOTE)):
            self._said(shared.act(seat, self.game.read_move(shared.session, seat,
                                                            self.lines)))
            self.news()

    def _said(self, answer: Answer[Any]) -> None:
        if not answer.ok:
            self.lines.show(in_letters(answer.refusal or ""))

    def end_lines(self, seat: int) -> list[str]:
        return self.game.end_lines(self.shared.session, seat)

    def next_round(self) -> bool:
        """The opener at an end: the end's lines, then deal on (True) or stop (False)."""
        session = self.shared.session
        for line in self.end_lines(session.to_move or 0):
            self.lines.show(line)
        move = self.game.deal_on(session)
        if move is None or not self.lines.choose(f"Deal on ({move})? (y/n) > ", yes_or_no):
            return False
        self._said(self.shared.act(session.to_move or 0, move))
        return True


def game_parser(key: str, game: LineGame) -> Parser:
    parser = Parser(prog=f"{TABLE_PROG} {key}",
                    description=f"Open a {game.title} table that friends join from their own "
                                "terminals (tableau join CODE --plain).")
    parser.add_argument("--players", type=integer, metavar="P", default=3,
                        help=f"seats, {game.players[0]} to {game.players[-1]} (3)")
    parser.add_argument("--seed", type=seed, metavar="S",
                        help="shuffle seed: anyone who knows it knows every hand")
    parser.add_argument("--plain", action="store_true", help="line mode")
    return parser


def game_options(game: LineGame, args: argparse.Namespace) -> dict[str, Any]:
    if args.players not in game.players:
        raise ValueError(f"--players must be {game.players[0]} to {game.players[-1]} for "
                         f"{game.title}, not {args.players}.")
    return {"players": args.players, "seed": args.seed, "plain": args.plain}


def _who_plays(text: str, default: str, levels: tuple[str, ...] = PESTEN_CPUS) -> str:
    """``human``, ``remote``, or a CPU's level: "cpu" is the default's, or the first of
    ``levels`` ("" for a game with one CPU)."""
    word = text.strip().lower() or default
    if word in WHO_PLAYS:
        return WHO_PLAYS[word]
    if word in ("cpu", "c"):
        return default if default in levels else (levels or ("",))[0]
    if word in levels:
        return word
    kinds = f" (or a CPU's kind: {', '.join(levels)})" if levels else ""
    raise ValueError("Answer here (a player at this screen), open (a friend joins), or cpu"
                     f"{kinds}.")


def ask_who_plays(lines: Lines, defaults: list[str],
                   levels: tuple[str, ...] = PESTEN_CPUS) -> list[str]:
    return [lines.choose(
        f"Who plays seat {seat + 1}: here, open or cpu? (Enter for {default}) > ",
        partial(_who_plays, default=default, levels=levels))
        for seat, default in enumerate(defaults)]


def open_game_table(game: LineGame, options: dict[str, Any], store: TableStore,
                    lines: Lines) -> GameLines | None:
    """The opener's set-up of a Go Fish or Poker table: who plays each seat (the names of
    the hot seats), then the table opened and its code told (None if it could not be)."""
    players = options["players"]
    kinds = ask_who_plays(lines, ["here", "open", *["cpu"] * (players - 2)], game.levels)
    seats: list[SeatInfo] = []
    for seat, kind in enumerate(kinds):
        if kind == HUMAN:
            taken = {info.name.casefold() for info in seats}
            name = lines.choose(f"Name for seat {seat + 1} (Enter for {NAMES[seat]}) > ",
                                partial(_seat_name, default=NAMES[seat], taken=taken))
            seats.append(SeatInfo(name, SeatKind.HUMAN))
        elif kind == REMOTE:
            seats.append(SeatInfo(f"Seat {seat + 1}", SeatKind.REMOTE))
        else:
            seats.append(SeatInfo(f"CPU {seat + 1}", SeatKind.CPU, kind))
    seed = options["seed"]
    if seed is not None and sum(kind in (HUMAN, REMOTE) for kind in kinds) > 1:
        lines.show(SEED_TELLS_ALL)
    try:
        shared = SharedTable.open(store, game.start(seats, fresh_seed() if seed is None
                                                    else seed))
    except TableProblem as problem:
        lines.show(str(problem))
        return None
    lines.show(f"Table {shared.code} is open. Friends join with: tableau join {shared.code}")
    return GameLines(shared, lines, game)


def _seat_name(text: str, default: str, taken: set[str]) -> str:
    name = text.strip() or default
    problem = name_problem(name)
    if problem is not None:
        raise ValueError(problem)
    if name.casefold() in taken:
        raise ValueError(f"Another seat is called {name}; pick another name.")
    return name


