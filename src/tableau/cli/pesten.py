"""`tableau pesten`: the hot-seat table, `--plain` the same in line mode, or `--simulate N`
CPU-only games.

Line mode (``--plain``) is the hot seat of the seed's Pascal program, with its regrets fixed:
each player's password is hashed with Argon2id the moment it is typed (``PasswordScheme``,
as on the set-up screen) and asked with ``getpass``, so it is not echoed; a hand is written
only to its owner after their password; between two players, and when play stops in the
middle of a turn, the screen and its scrollback are really cleared (``CLEAR``); the seed,
which deals every hand, is told only once play is over; the legal moves are listed, and a
draw, a keep or a take that is the only move left is made for you; every typed number is
checked; jokers, sets and the last-card call are the engine's rules. It plays the same
session as the table (``PestenSession``), whose hand-over it follows.

When stdin is not a terminal (a script, a test) there is nothing to hide a password on, so
passwords are read from the input lines like every other answer.
"""

from __future__ import annotations

import argparse
import getpass
import json
import time
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any
from typing import Final

from tableau.ai.pesten import CPU_KINDS
from tableau.ai.pesten import player
from tableau.cards import Suit
from tableau.cli import open_app
from tableau.cli import plain
from tableau.cli.args import Parser
from tableau.cli.args import integer
from tableau.cli.args import name_list
from tableau.cli.args import read_arguments
from tableau.cli.args import seed
from tableau.cli.pesten_text import CLEAR
from tableau.cli.pesten_text import HELP
from tableau.cli.pesten_text import options_text
from tableau.cli.pesten_text import read_command
from tableau.cli.pesten_text import read_suit
from tableau.cli.pesten_text import render_hand
from tableau.cli.pesten_text import render_table
from tableau.cli.plain import EndOfInput
from tableau.cli.plain import Lines
from tableau.cli.plain import card_text
from tableau.cli.plain import in_letters
from tableau.cli.plain import yes_or_no
from tableau.cli.progress import game_progress
from tableau.engines import pesten
from tableau.engines import rng
from tableau.engines.pesten import DRAW
from tableau.engines.pesten import PASS
from tableau.engines.pesten import Event
from tableau.engines.pesten import Play
from tableau.engines.pesten import Take
from tableau.engines.pesten import View
from tableau.engines.pesten.wording import describe
from tableau.sessions.pesten import DONE
from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import NEXT_ROUND
from tableau.sessions.pesten import OPEN
from tableau.sessions.pesten import REMOTE
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Seat
from tableau.sessions.pesten import Stage
from tableau.sessions.protocol import Answer
from tableau.sessions.seeds import fresh_seed
from tableau.storage.passwords import PasswordScheme
from tableau.storage.passwords import SeatLock
from tableau.ui.controls.pesten import DEFAULT_NAMES
from tableau.ui.controls.pesten import SEED_TELLS_ALL
from tableau.ui.controls.pesten import TWO_DIFFER
from tableau.ui.controls.pesten import WRONG_PASSWORD
from tableau.ui.controls.pesten import can_take
from tableau.ui.controls.pesten import only_draw
from tableau.ui.controls.pesten import only_keep
from tableau.ui.controls.pesten import plays
from tableau.ui.controls.pesten import public
from tableau.ui.controls.pesten import round_end
from tableau.ui.controls.pesten import seat_kinds

MAX_GAMES = 1_000_000
MAX_MOVES = 20_000
"""A game still running after this many moves is stopped and counted as unfinished."""


PROG = "tableau pesten"
TABLE_PLAYERS: Final = 3
SIMULATED_PLAYERS: Final = 4

HELP_WHERE = """\
where the options apply:
  All but --json and --plain also fill in the set-up screen (without --simulate).
  At the table each --cpu kind takes one seat, counted from the last seat, and the
  other seats are human: --players 4 --cpu careful,random seats two humans, then a
  careful and a random CPU. Without --cpu the first two seats are human.
  With --simulate every seat is a CPU and the --cpu kinds cycle over the seats.
  --json goes with --simulate only.
  --plain plays the table in line mode, asking for the names and passwords."""


def _parser() -> Parser:
    parser = Parser(
        prog=PROG,
        description="Pesten at one terminal, or CPU-only games with --simulate.",
        epilog=HELP_WHERE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--simulate", type=integer, metavar="N", help="play N CPU-only games")
    parser.add_argument("--players", type=integer, metavar="P",
                        help="seats, 2 to 8 (table 3, --simulate 4)")
    parser.add_argument("--packs", type=integer, metavar="K", help="packs, 1 to 4 (1)")
    parser.add_argument("--jokers", type=integer, metavar="J", help="jokers per pack, 0 to 2 (2)")
    parser.add_argument(
        "--cpu", type=name_list, metavar="KINDS",
        help="CPU kinds, comma-separated: " + ", ".join(CPU_KINDS) + " (careful)",
    )
    parser.add_argument("--seed", type=seed, metavar="S",
                        help="shuffle seed, 0 to 2**63-1, to replay a game: anyone who knows "
                             "it knows every hand (table: random, --simulate: 0)")
    parser.add_argument("--json", action="store_true",
                        help="--simulate only: end with one JSON line")
    parser.add_argument("--plain", action="store_true",
                        help="line mode: the hot seat on stdin and stdout, with password "
                             "prompts (read from the input lines when it is not a terminal)")
    return parser


@dataclass(frozen=True)
class Simulation:
    games: int
    wins: tuple[int, ...]
    turns_avg: float
    seconds: float
    unfinished: int

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")


def simulate(
    games: int,
    players: int = 4,
    packs: int = 1,
    jokers: int = 2,
    cpus: Sequence[str] = ("careful",),
    seed: int = 0,
    after_game: Callable[[], None] = lambda: None,
    first: int = 0,
) -> Simulation:
    """Play ``games`` CPU-only rounds; the CPU kinds cycle over the seats and the deal
    rotates, so no seat always starts. Raises ValueError for an impossible set-up.
    ``first`` numbers the first game: the games ``first`` to ``first + games - 1`` of a
    longer run, so a run split over processes plays the very same games."""
    problem = pesten.config_problem(players, packs, jokers, seed=seed)
    if problem is not None:
        raise ValueError(problem)
    if not cpus:
        raise ValueError("Name at least one CPU player.")
    known = [player(kind) for kind in cpus]  # refuses an unknown kind with its sentence
    seats = [known[seat % len(cpus)] for seat in range(players)]
    wins = [0] * players
    turns = 0
    unfinished = 0
    started = time.perf_counter()
    for game in range(first, first + games):
        config = pesten.Config(
            players=players,
            packs=packs,
            jokers=jokers,
            seed=rng.fresh_seed_from(seed, game),
            dealer=game % players,
        )
        state = pesten.new_game(config)
        cpu_seed = rng.fresh_seed_from(seed, MAX_GAMES + game)
        moves = 0
        while state.winner is None and moves < MAX_MOVES:
            seat = state.current
            move, cpu_seed = seats[seat](pesten.view(state, seat), cpu_seed)
            state = pesten.apply(state, move)
            moves += 1
        if state.winner is None:
            unfinished += 1
        else:
            wins[state.winner] += 1
        turns += state.turns
        after_game()
    seconds = time.perf_counter() - started
    return Simulation(games, tuple(wins), turns / games if games else 0.0, seconds, unfinished)


def _report(result: Simulation, kinds: list[str], as_json: bool) -> None:
    games = result.games
    print(f"{games} games")
    for seat, count in enumerate(result.wins):
        share = 100 * count / games if games else 0.0
        print(f"  seat {seat + 1} ({kinds[seat]}): {count} wins ({share:.1f}%)")
    if result.unfinished:
        print(f"  unfinished after {MAX_MOVES} moves: {result.unfinished}")
    print(f"average turns: {result.turns_avg:.1f}")
    print(f"games per second: {result.games_per_s:.0f}")
    if as_json:
        print(
            json.dumps(
                {
                    "games": games,
                    "wins": list(result.wins),
                    "turns_avg": round(result.turns_avg, 2),
                    "games_per_s": round(result.games_per_s, 1),
                }
            )
        )


def _cpu_kinds(kinds: list[str]) -> list[str]:
    """The kinds named in --cpu (read by ``name_list``); ValueError with a sentence for an
    unknown one."""
    for kind in kinds:
        player(kind)  # refuses an unknown kind with its sentence
    return kinds


def _or(given: Any, default: Any) -> Any:
    return default if given is None else given


def table_options(args: argparse.Namespace) -> dict[str, Any]:
    """The set-up screen's options from the command line; ValueError for a bad one."""
    if args.json:
        raise ValueError("--json goes with --simulate; the table has nothing to print.")
    options: dict[str, Any] = {"plain": True} if args.plain else {}
    players, packs, jokers = _or(args.players, TABLE_PLAYERS), _or(args.packs, 1), _or(
        args.jokers, 2
    )
    problem = pesten.config_problem(players, packs, jokers)
    if problem is not None:
        raise ValueError(problem)
    options |= {"players": players, "packs": packs, "jokers": jokers}
    if args.cpu is not None:
        cpus = _cpu_kinds(args.cpu)
        if len(cpus) > players:
            raise ValueError(
                f"--cpu names {len(cpus)} CPU seats, but the table has {players} "
                "(--players)."
            )
        options["cpus"] = tuple(cpus)
    if args.seed is not None:
        options["seed"] = args.seed
    return options


def _simulation(args: argparse.Namespace) -> int:
    if args.plain:
        raise ValueError("--plain plays a game in line mode; a simulation prints anyway.")
    if not 1 <= args.simulate <= MAX_GAMES:
        raise ValueError(f"--simulate takes 1 to {MAX_GAMES} games, not {args.simulate}.")
    players = _or(args.players, SIMULATED_PLAYERS)
    cpus = _cpu_kinds(_or(args.cpu, ["careful"]))
    with game_progress(args.simulate) as after_game:
        result = simulate(
            args.simulate, players, _or(args.packs, 1), _or(args.jokers, 2), cpus,
            _or(args.seed, 0), after_game,
        )
    _report(result, [cpus[seat % len(cpus)] for seat in range(players)], args.json)
    return 0


def _simulation_or_table(args: argparse.Namespace) -> int | dict[str, Any]:
    """The exit status of a --simulate run, or else the table's options."""
    return _simulation(args) if args.simulate is not None else table_options(args)


# ------------------------------------------------------------------ line mode

Secret = Callable[[Lines, str], str]
"""Reads a password after a prompt."""


def read_password(lines: Lines, prompt: str) -> str:
    """A password: through getpass (not echoed) on a terminal, else the next input line."""
    if not lines.stdin.isatty():
        return lines.ask(prompt)
    try:
        return getpass.getpass(prompt)
    except EOFError:
        raise EndOfInput from None


def seat_players(lines: Lines, kinds: Sequence[str], passwords: PasswordScheme,
                 secret: Secret = read_password) -> list[Seat]:
    """The set-up screen's questions in line mode: each player's name and password (a seat
    open for a friend at a shared table keeps its default name until somebody sits down)."""
    cpu_names = {DEFAULT_NAMES[seat].casefold() for seat, kind in enumerate(kinds)
                 if kind != HUMAN}
    seats: list[Seat] = []
    for seat, kind in enumerate(kinds):
        default = DEFAULT_NAMES[seat]
        if kind == REMOTE:
            lines.show(f"Seat {seat + 1}: open for a friend ({default} until somebody sits "
                       "down).")
            seats.append(Seat(default, REMOTE))
            continue
        if kind != HUMAN:
            lines.show(f"Seat {seat + 1}: {default} (CPU, {kind}).")
            seats.append(Seat(default, kind))
            continue
        taken = cpu_names | {chair.name.casefold() for chair in seats}
        name = lines.choose(f"Seat {seat + 1} is a player. Name (Enter for {default}) > ",
                            partial(_name, default=default, taken=taken))
        seats.append(Seat(name, HUMAN, _lock(lines, name, passwords, secret)))
    return seats


def _name(text: str, default: str, taken: set[str]) -> str:
    name = text.strip() or default
    problem = pesten.name_problem(name)  # the engine's one rule, as on the set-up screen
    if problem is not None:
        raise ValueError(problem)
    if name.casefold() in taken:
        raise ValueError(f"Another seat is called {name}; pick another name.")
    return name


def _lock(lines: Lines, name: str, passwords: PasswordScheme, secret: Secret) -> SeatLock:
    """The seat's lock: the password typed twice, hashed at once (never kept). Whether
    another seat has the same password is never said: that would tell a guess is right."""
    while True:
        typed = secret(lines, f"{name}'s password (Enter for none) > ")
        if not typed:
            lines.show(f"No password: anyone can open {name}'s hand.")
            return passwords.lock(name, "")
        if secret(lines, "The same password again > ") != typed:
            lines.show(TWO_DIFFER)
        else:
            return passwords.lock(name, typed)


class PlainTable:
    """The hot seat in line mode: the public table for all, a hand for its owner only. The
    session owns the hand-over (``stage``); this asks the lines it needs and acts. A shared
    table's line mode (``cli.table``) plays its turns with the public methods."""

    def __init__(self, table: PestenSession, lines: Lines, secret: Secret = read_password,
                 wait: Callable[[float], None] | None = None) -> None:
        self.table = table
        self.lines = lines
        self.secret = secret
        self.wait = wait or time.sleep
        """How the seconds after a wrong password are waited."""
        self.humans = [seat.is_human for seat in table.chairs]
        self.hot_seats = sum(seat.is_hot_seat for seat in table.chairs)
        """People at this terminal (a shared table's remote seats play at their own)."""
        self.printed = 0
        """Events of the round's history shown so far."""

    def play(self) -> None:
        """Round after round until the players stop (or the match or the input ends)."""
        while True:
            self.news()
            table = self.table
            stage = table.stage
            if stage is Stage.OVER:
                if not self.next_round():
                    return
            elif stage is Stage.CPU:
                step = table.cpu_step()
                assert step is not None
                table.play_cpu(step)
            else:
                self.turn(table.state.current)

    def show_table(self) -> None:
        """The public table, as the player to move sees it (no hand)."""
        self.lines.show(render_table(self.table.view(self.table.state.current), self.humans))

    def news(self) -> None:
        """The round's events not shown yet."""
        history = self.table.state.history
        for event in history[self.printed:]:
            self.lines.show(in_letters(describe(event, self.table.state.current)))
        self.printed = len(history)

    def next_round(self) -> bool:
        """The round's end: True once the next round is dealt, False to stop."""
        table = self.table
        title, rows = round_end(public(table.view(table.state.current)))
        for line in (title, *rows):
            self.lines.show(line)
        if table.match_over or not self.lines.choose(
                "Deal the next round? (yes/no) > ", yes_or_no):
            self.lines.show("Game over.")
            return False
        table.act(table.to_move or 0, NEXT_ROUND)
        self.printed = 0
        return True

    # -------------------------------------------------------------- a player's turn

    def turn(self, seat: int) -> None:
        """Unlock the hand if need be, play until the turn is over, and hand over: with
        several players at the terminal, the screen and its scrollback are cleared then, and
        on every other way out of the turn too (the end of the input, Ctrl-C), so the hand
        never stays behind on the terminal."""
        if self.table.stage is Stage.LOCK:
            self._unlock(seat)
        try:
            self.show_table()
            while True:
                self._moves(seat)
                if self.table.over or self._done(seat):
                    break
        finally:
            if self.hot_seats > 1 and not self.table.over:
                self.lines.stdout.write(CLEAR)
                self.lines.stdout.flush()

    def _unlock(self, seat: int) -> None:
        chair = self.table.chairs[seat]
        lock = chair.lock
        self.lines.show(f"Pass the terminal to {chair.name}. Everyone else, look away.")
        if lock is None or not lock.has_password:
            self.lines.ask(f"{chair.name}: press Enter when you hold the terminal > ")
        else:
            while not lock.verify(self.secret(self.lines, f"{chair.name}'s password > ")):
                delay = lock.retry_delay
                self.lines.show(WRONG_PASSWORD
                                + (f" Wait {delay:g} s, then try again." if delay else ""))
                self.wait(delay)
        self.table.act(seat, OPEN)

    def _moves(self, seat: int) -> None:
        """Moves of this seat until its turn has passed (or the round is over)."""
        table = self.table
        while table.stage is Stage.HAND and table.revealed == seat:
            view = table.view(seat)
            self.lines.show(render_hand(view))
            answer = self.automatic(seat, view) or self.typed(seat, view)
            if not answer.ok:
                self.lines.show(in_letters(answer.refusal or ""))
            self.news()

    def automatic(self, seat: int, view: View) -> Answer[Event] | None:
        """The one move left, made for the player (the seed's wish); None if there is a
        choice (or, never expected, the session refused it: then the player is asked)."""
        if only_draw(view):
            self.lines.show(f"Nothing fits on {card_text(view.top)}: you draw a card.")
            answer = self.table.act(seat, DRAW)
        elif only_keep(view):
            assert view.drawn is not None
            self.lines.show(f"{card_text(view.drawn)} does not fit: you keep it.")
            answer = self.table.act(seat, PASS)
        elif can_take(view) and not plays(view):
            self.lines.show(f"Nothing answers the stack: you take {view.stack}.")
            answer = self._take(seat, None)
        else:
            return None
        return answer if answer.ok else None

    def _take(self, seat: int, suit: Suit | None) -> Answer[Event]:
        answer = self.table.act(seat, Take(suit))
        if answer.needs != "suit":
            return answer
        # The suit is named as the cards are taken (one move): no card is seen before.
        return self.table.act(seat, Take(self._suit()))

    def _suit(self) -> Suit:
        return Suit(self.lines.choose("Name the suit to go on with (c, d, h, s) > ",
                                      read_suit))

    def typed(self, seat: int, view: View) -> Answer[Event]:
        """Read commands until one is a move; the session's answer to it."""
        table = self.table
        self.lines.show(options_text(view))
        while True:
            command = self.lines.choose(f"{view.names[view.seat]} > ",
                                        partial(read_command, view=view))
            if command.cards:
                cards = tuple(command.cards)
                answer = table.act(seat, Play(cards, command.suit, command.last))
                if answer.needs == "suit":
                    answer = table.act(seat, Play(cards, self._suit(), command.last))
                return answer
            if command.word == "help":
                self.lines.show(HELP)
            elif command.word == "table":
                self.show_table()
            elif command.word == "hand":
                self.lines.show(render_hand(view))
            elif command.word == "undo":
                answer = self._undo("Play taken back.")
                if answer.ok:
                    return answer
            elif command.word == "take":
                return self._take(seat, command.suit)
            else:
                return table.act(seat, DRAW if command.word == "draw" else PASS)

    def _done(self, seat: int) -> bool:
        """The hand (with any new cards) before the hand-over: True to hand over (Done),
        False when the last play was taken back (the turn goes on). Asked after every turn,
        also one the session handed over at once: the player reads it before the clear."""
        table = self.table
        self.lines.show(render_hand(table.view(seat)))
        can_undo = table.can_undo
        prompt = ("Enter hands over; undo takes your play back > " if can_undo
                  else "Press Enter to hand over > ")
        while True:
            text = self.lines.ask(prompt).strip().lower()
            if text in ("", "done", "d"):
                refused = table.act(seat, DONE).refusal if table.stage is Stage.REVIEW else None
                if refused is None:
                    return True
                self.lines.show(refused)  # at a shared table: it moved on, or closed
            if text in ("undo", "u"):
                if self._undo("Play taken back: it is your turn again.").ok:
                    return False
            else:
                self.lines.show("Press Enter (or type done) to hand over"
                                + (", or undo." if can_undo else "."))

    def _undo(self, taken_back: str) -> Answer[Event]:
        """Take the last play back and say ``taken_back``, or say why it cannot be."""
        answer = self.table.undo()
        if answer.ok:
            self.printed = min(self.printed, len(self.table.state.history))
            self.lines.show(taken_back)
        else:
            self.lines.show(answer.refusal or "")
        return answer


def play_plain(options: dict[str, Any], lines: Lines,
               passwords: PasswordScheme | None = None, secret: Secret = read_password,
               wait: Callable[[float], None] | None = None) -> None:
    """Seat the players as the set-up screen does, deal, and play in line mode. The seed
    deals every hand, so it is told only once play is over; a seed given with --seed at a
    table of several humans is warned about first."""
    players = options["players"]
    kinds = seat_kinds(players, options.get("cpus"))[:players]
    seed = options.get("seed")
    if seed is None:
        seed = fresh_seed()
    elif kinds.count(HUMAN) > 1:
        lines.show(SEED_TELLS_ALL)
    seats = seat_players(lines, kinds, passwords or PasswordScheme(), secret)
    table = PestenSession.deal(seats, packs=options["packs"], jokers=options["jokers"], dealer=0,
                         seed=seed)
    PlainTable(table, lines, secret, wait).play()
    plain.tell_seed(PROG, seed)


def main(argv: list[str]) -> int:
    options = read_arguments(PROG, argv, _parser(), _simulation_or_table)
    if isinstance(options, int):
        return options
    if not options.pop("plain", False):
        return open_app("pesten", **options)
    return plain.run(partial(play_plain, options))
