"""`tableau table pesten --plain` opens a Pesten table that friends join from their own
terminals with `tableau join CODE --plain`: the line mode (without --plain, both open the
table screen instead).

The table lives in ``tableau.db`` (``tableau.tables.SharedTable``). The opener's set-up asks
who plays each seat: a hot seat here (its name and password, as ``tableau pesten --plain``),
a CPU, or open for a friend. It prints the table's code, then plays: its hot seats exactly as
the hot seat does (``PlainTable``), the other seats' moves as news, the CPUs while it holds the
table's lease; at the round's end it asks whether to deal the next round, and closes the table
when not. A friend's `join` lists the open seats (and the seats one may come back to), asks
for a name and a password (getpass on a terminal, else the next input line), and then shows
that seat's hand only, the public table and the news; on its turn it lists the legal moves and
reads one, and between turns it waits, reading the table every 50 ms. The end of the input
leaves the seat (away: the table waits) and exits with status 0. The seed is never told: it
would give every hand away, and the other screens are still at the table.

A seat whose player has been away ``AWAY_AFTER`` seconds (see ``SharedTable.let_cpu_play``):
the opener, waiting for it, is asked once per absence "Bram is away. Let a CPU play for Bram?
(y/n)"; while a CPU plays for Bram every screen shows "Bram (CPU for now)", and Bram takes the
seat back by joining again with the password (or at once, if their screen only stalled).

The opener's screen killed (kill -9, a closed terminal) does not end the table, as leaving it
does: once its heartbeat is ``AWAY_AFTER`` seconds old, a friend's screen says "Anna's screen
is gone; the seat waits for them (tableau join CODE)", the opener's players come back to their
seats with `tableau join CODE` and their passwords, any friend is asked whether a CPU may play
for one of them meanwhile, and the table deals on by itself after an end
(``SharedTable.run_cpus``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import suppress
from functools import partial
from typing import Any
from typing import Final
from typing import cast

from tableau.cli import plain
from tableau.cli.args import Parser
from tableau.cli.args import integer
from tableau.cli.args import name_list
from tableau.cli.args import read_arguments
from tableau.cli.args import refuse
from tableau.cli.args import say
from tableau.cli.args import seed
from tableau.cli.args import shown
from tableau.cli.pesten import PlainTable
from tableau.cli.pesten import Secret
from tableau.cli.pesten import read_password
from tableau.cli.pesten import seat_players
from tableau.cli.pesten import table_options
from tableau.cli.pesten_text import render_hand
from tableau.cli.pesten_text import render_table
from tableau.cli.plain import EndOfInput
from tableau.cli.plain import Lines
from tableau.cli.plain import in_letters
from tableau.cli.plain import whole_number
from tableau.cli.table_lines import LINE_GAMES
from tableau.cli.table_lines import TABLE_PROG
from tableau.cli.table_lines import GameLines
from tableau.cli.table_lines import LineGame
from tableau.cli.table_lines import TableWaits
from tableau.cli.table_lines import ask_who_plays
from tableau.cli.table_lines import game_options
from tableau.cli.table_lines import game_parser
from tableau.cli.table_lines import open_game_table
from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import REMOTE
from tableau.sessions.pesten import PestenSession
from tableau.sessions.protocol import SeatKind
from tableau.sessions.seating import Stage
from tableau.sessions.seeds import fresh_seed
from tableau.storage.home import database_path
from tableau.storage.passwords import PasswordScheme
from tableau.storage.passwords import SeatLock
from tableau.storage.table_store import TableProblem
from tableau.storage.table_store import TableStore
from tableau.tables.pesten_table import TableSession
from tableau.tables.shared_table import LOST
from tableau.tables.shared_table import SCREEN_GONE
from tableau.tables.shared_table import SharedTable
from tableau.tables.table_games import TABLE_GAMES
from tableau.ui.controls.pesten import SEED_TELLS_ALL
from tableau.ui.controls.pesten import TWO_DIFFER
from tableau.ui.controls.pesten import public
from tableau.ui.controls.pesten import round_end
from tableau.ui.controls.pesten import seat_kinds

JOIN_PROG: Final = "tableau join"


class SharedLines(TableWaits, PlainTable):
    """``PlainTable`` at a shared Pesten table: its turns and news, with the waiting between
    them."""

    next_one = "the next round"

    def __init__(self, shared: SharedTable[Any], lines: Lines, secret: Secret = read_password,
                 locks: dict[int, SeatLock] | None = None,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        PlainTable.__init__(self, cast(PestenSession, TableSession(shared, locks)), lines,
                            secret)
        TableWaits.__init__(self, shared, lines, sleep)

    def show_table(self) -> None:
        """The public table, with "Bram (CPU for now)" for a seat a CPU plays for now."""
        session = self.shared.session
        view = session.view(session.state.current)
        names = tuple(self.shared.shown_name(seat) for seat in range(len(session.chairs)))
        self.lines.show(render_table(view._replace(names=names), self.humans))

    def end_lines(self, seat: int) -> list[str]:
        title, rows = round_end(public(self.shared.session.view(seat)))
        return [title, *rows]

    def remote_turn(self, seat: int) -> None:
        """This screen's seat plays until its turn has passed (no lock, no review)."""
        self.waiting_for = None
        self.lines.show("\aYour turn.")
        self.show_table()
        while self.shared.my_turn():
            view = self.shared.session.view(seat)
            self.lines.show(render_hand(view))
            answer = self.automatic(seat, view) or self.typed(seat, view)
            if not answer.ok:
                self.lines.show(in_letters(answer.refusal or ""))
            self.news()


# ------------------------------------------------------------------ tableau table GAME


def _table_parser() -> Parser:
    parser = Parser(prog=f"{TABLE_PROG} pesten",
                    description="Open a Pesten table that friends join from their own "
                                "terminals (tableau join CODE --plain).")
    parser.add_argument("--players", type=integer, metavar="P", help="seats, 2 to 8 (3)")
    parser.add_argument("--packs", type=integer, metavar="K", help="packs, 1 to 4 (1)")
    parser.add_argument("--jokers", type=integer, metavar="J", help="jokers per pack, 0 to 2 (2)")
    parser.add_argument("--cpu", type=name_list, metavar="KINDS",
                        help="CPU kinds, comma-separated, counted from the last seat")
    parser.add_argument("--seed", type=seed, metavar="S",
                        help="shuffle seed: anyone who knows it knows every hand")
    parser.add_argument("--plain", action="store_true", help="line mode")
    parser.set_defaults(json=False)
    return parser


def main(argv: list[str]) -> int:
    """`tableau table GAME ...`: a Pesten, Go Fish or Poker table, on the table screen or in
    line mode (--plain)."""
    if argv[:1] in (["-h"], ["--help"]):
        _table_parser().print_help()
        return 0
    if argv and argv[0] in LINE_GAMES:
        game = LINE_GAMES[argv[0]]
        read = read_arguments(f"{TABLE_PROG} {argv[0]}", argv[1:],
                              game_parser(argv[0], game), partial(game_options, game))
        if isinstance(read, int):
            return read
        if not read.pop("plain"):
            return _table_screen({"game": argv[0], **read})
        return _hosted(partial(host_game, game, read))
    if not argv or argv[0] != "pesten":
        game_name = f", not {shown(argv[0])}" if argv else ""
        return refuse(TABLE_PROG, f"only Pesten, Go Fish and Poker have shared tables"
                                  f"{game_name}: tableau table pesten --plain.")
    options = read_arguments(f"{TABLE_PROG} pesten", argv[1:], _table_parser(), table_options)
    if isinstance(options, int):
        return options
    if not options.pop("plain", False):
        return _table_screen(options)
    return _hosted(partial(host, options))


def _table_screen(options: dict[str, Any]) -> int:
    """The table screen: the game's set-up with open seats, then the opener's table."""
    from tableau.cli import open_app
    from tableau.ui.screens.table_open import open_table

    return open_app(first_screen=partial(open_table, options))


def _hosted(host_with: Callable[[TableStore, Lines], None]) -> int:
    """The opener's line mode, at the store of this TABLEAU_HOME."""
    store = _store(TABLE_PROG)
    if store is None:
        return 1
    try:
        return plain.run(partial(host_with, store))
    finally:
        store.close()


def _store(prog: str) -> TableStore | None:
    try:
        return TableStore(database_path())
    except TableProblem as problem:
        say(f"{prog}: {problem}")
        return None


def ask_kinds(lines: Lines, players: int, cpus: tuple[str, ...] | None) -> list[str]:
    """Who plays each seat: here, open, or a CPU (the first seat is here at first, the
    other people's seats open, the --cpu seats CPUs)."""
    return ask_who_plays(lines, [
        ("here" if seat == 0 else "open") if kind == HUMAN else kind
        for seat, kind in enumerate(seat_kinds(players, cpus)[:players])])


def host_game(game: LineGame, options: dict[str, Any], store: TableStore,
              lines: Lines) -> None:
    """The opener's screen at a Go Fish or Poker table, until it is closed."""
    table = open_game_table(game, options, store, lines)
    if table is not None:
        run_host(table)


def host(options: dict[str, Any], store: TableStore, lines: Lines,
         passwords: PasswordScheme | None = None, secret: Secret = read_password) -> None:
    """The opener's screen: the set-up, the code, then the table until it is closed."""
    kinds = ask_kinds(lines, options["players"], options.get("cpus"))
    seed = options.get("seed")
    if seed is None:
        seed = fresh_seed()
    elif sum(kind in (HUMAN, REMOTE) for kind in kinds) > 1:
        lines.show(SEED_TELLS_ALL)
    seats = seat_players(lines, kinds, passwords or PasswordScheme(), secret)
    session = PestenSession.deal(seats, packs=options["packs"], jokers=options["jokers"],
                                 dealer=0, seed=seed)
    try:
        shared = SharedTable.open(store, session)
    except TableProblem as problem:
        lines.show(str(problem))
        return
    lines.show(f"Table {shared.code} is open. Friends join with: tableau join {shared.code}")
    locks = {index: seat.lock for index, seat in enumerate(seats) if seat.lock is not None}
    table = SharedLines(shared, lines, secret, locks)
    run_host(table)


def run_host(table: SharedLines | GameLines) -> None:
    """The opener's table until it is closed; leaving (the end of the input, Ctrl-C) closes
    it, with a sentence."""
    shared, lines = table.shared, table.lines
    try:
        _host_loop(table)
    except TableProblem as problem:
        lines.show(str(problem))
    except (EndOfInput, KeyboardInterrupt):
        # The opener left: nobody plays the hot seats or deals on, so the friends are told.
        with suppress(TableProblem):
            shared.close()
        if not shared.screen_gone:  # else the table went on without this screen: it stays
            lines.show(f"You closed table {shared.code}.")
        raise


def _host_loop(table: SharedLines | GameLines) -> None:
    shared = table.shared
    while True:
        table.news()
        session = shared.session
        if shared.closed:
            table.lines.show("The table is closed.")
            return
        if shared.screen_gone:
            table.lines.show(SCREEN_GONE.format(code=shared.code))
            return
        stage = session.stage
        if stage is Stage.OVER:
            if not table.next_round():
                shared.close()
                return
        elif stage in (Stage.LOCK, Stage.HAND, Stage.REVIEW):
            # The hot seat on show: in a review the seat whose turn just passed (a Done refused
            # as the table moved on is asked again), never the seat to play next.
            seat = session.to_move
            if seat is not None and session.seats[seat].kind is SeatKind.HUMAN:
                if table.waited:  # the turn is back from a friend or a CPU: ring, as theirs do
                    table.lines.show(f"\a{session.seats[seat].name}'s turn.")
                    table.waited = False
                table.turn(seat)
                table.waiting_for = None
            else:
                table.pause()
        else:
            if stage is Stage.REMOTE:
                table.say_waiting()
                table.offer_cpu()
            table.pause()


# ------------------------------------------------------------------ tableau join CODE


def _join_parser() -> Parser:
    parser = Parser(prog=JOIN_PROG, description="Sit down at a table opened with tableau table.")
    parser.add_argument("code", metavar="CODE", help="the table's code, like PEST-4821")
    parser.add_argument("--plain", action="store_true", help="line mode")
    return parser


def join(argv: list[str]) -> int:
    """`tableau join CODE --plain`."""
    args = read_arguments(JOIN_PROG, argv, _join_parser(), lambda args: args)
    if isinstance(args, int):
        return args
    if not args.plain:
        # The table screen: the join form (its code filled in) opens above the menu.
        from tableau.cli import open_app
        from tableau.ui.screens.table_join import JoinScreen

        return open_app(first_screen=partial(JoinScreen, args.code))
    store = _store(JOIN_PROG)
    if store is None:
        return 1
    try:
        try:
            shared = SharedTable.join(store, args.code, game=None)
        except TableProblem as problem:
            return refuse(JOIN_PROG, problem)
        return plain.run(partial(guest, shared))
    finally:
        store.close()


def guest(shared: SharedTable, lines: Lines, secret: Secret = read_password) -> None:
    """A friend's screen: take a seat, then play it until the table closes or input ends."""
    try:
        if not _take_seat(shared, lines, secret):
            return
        seat = shared.seat
        assert seat is not None
        name = shared.session.seats[seat].name
        lines.show(f"You sit at seat {seat + 1} as {name}. Your hand shows only here.")
        game = LINE_GAMES.get(shared.row.game)
        _guest_loop(SharedLines(shared, lines, secret) if game is None
                    else GameLines(shared, lines, game), seat)
    except (EndOfInput, KeyboardInterrupt) as leaving:
        with suppress(TableProblem):
            shared.leave()
        if isinstance(leaving, KeyboardInterrupt):
            raise
        lines.show("You left the table without a seat." if shared.seat is None else
                   f"You left the table; your seat waits for you: tableau join {shared.code}")
    except TableProblem as problem:
        lines.show(str(problem))


def _take_seat(shared: SharedTable, lines: Lines, secret: Secret) -> bool:
    """Sit down in an open seat or come back to one's own; False if none is free."""
    while True:
        shared.refresh()
        away = shared.away()
        choices = [*shared.seats_of("open"), *shared.seats_of("remote")]
        if not choices:
            lines.show(f"No seat is free at table {shared.code}.")
            return False
        lines.show(f"Seats at table {shared.code}:")
        names = [info.name for info in shared.session.seats]
        for number, seat in enumerate(choices, start=1):
            name = names[seat.seat]
            lines.show(f"{number}. Seat {seat.seat + 1}, " + (
                f"open ({name} until somebody sits down)" if seat.kind == "open" else
                f"{name}'s{_absent(shared, seat.seat, away)}: come back to it with its "
                "password"))
        number = lines.choose("Which seat? > ", partial(
            whole_number, numbers=range(1, len(choices) + 1), what="a seat's number"))
        chosen = choices[number - 1]
        try:
            if chosen.kind == "open":
                done = _sit(shared, lines, secret, chosen.seat, names[chosen.seat])
            else:
                stood_in = chosen.seat in shared.session.stand_ins
                shared.come_back(chosen.seat,
                                 secret(lines, f"{names[chosen.seat]}'s password > "))
                if stood_in:
                    lines.show("A CPU played for you while you were away; from now on you "
                               "play again.")
                done = True
        except TableProblem as problem:
            lines.show(str(problem))
            continue
        if done:
            return True


def _absent(shared: SharedTable, seat: int, away: frozenset[int]) -> str:
    if seat in shared.session.stand_ins:
        return " (away; a CPU plays it for now)"
    return " (away)" if seat in away else ""


def _sit(shared: SharedTable, lines: Lines, secret: Secret, seat: int, default: str) -> bool:
    """Name and password for an open seat; False if the name is refused (asked again)."""
    while True:  # the name first: a refused one is asked again before any password
        name = lines.ask(f"Your name (Enter for {default}) > ").strip() or default
        refusal = shared.name_refusal(seat, name)
        if refusal is None:
            break
        lines.show(refusal)
    while True:
        password = secret(lines, "A password, to come back to your seat later > ")
        if not password:
            lines.show("A seat at a shared table needs a password, so that only you can come "
                       "back to it.")
        elif secret(lines, "The same password again > ") != password:
            lines.show(TWO_DIFFER)
        else:
            break
    answer = shared.sit(seat, name, password)
    if not answer.ok:
        lines.show(answer.refusal or "")
    return shared.seat is not None


def _guest_loop(table: SharedLines | GameLines, seat: int) -> None:
    shared = table.shared
    over_said: tuple[int, int] | None = None
    while True:
        table.news()
        session = shared.session
        # An end is said once: the deal it ends, and the history, which stays while it lasts.
        end = (TABLE_GAMES[shared.row.game].deal(session), len(session.state.history))
        if session.stage is Stage.OVER and over_said != end:
            over_said = end
            for line in table.end_lines(seat):
                table.lines.show(line)
            if not shared.closed:
                table.lines.show(table.end_wait())
            table.lines.stdout.flush()
        if shared.closed:
            table.lines.show("The table is closed. Thank you for playing.")
            return
        if shared.lost:
            table.lines.show(LOST)
            return
        if seat in session.stand_ins and shared.take_back().ok:
            continue  # this screen is back after a stall: the seat is its own again
        if shared.my_turn():
            table.remote_turn(seat)
            continue
        if session.stage in (Stage.REMOTE, Stage.LOCK, Stage.HAND, Stage.REVIEW):
            table.say_waiting()
        if session.stage is Stage.REMOTE:
            table.offer_cpu()  # only once the opener's screen is gone
        table.pause()
