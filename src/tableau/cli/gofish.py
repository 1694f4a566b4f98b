"""`tableau gofish`: play against the computer, or simulate CPU-only games.

    tableau gofish [--cpus N] [--level easy|pro] [--seed S] [--delay SECONDS]
    tableau gofish --plain [--cpus N] [--level easy|pro] [--seed S]
    tableau gofish --simulate N [--players P] [--cpu pro,easy,...] [--seed S] [--json]

Line mode (``--plain``) plays the same session as the table, on stdin and stdout: the seed's
table layout (``tableau.cli.gofish_text``) before each of your asks, every move's news on a
line of its own, and the seed's prompts. You type the number under a card to ask for its
rank (and, against several CPUs, whom to ask); at the end 1 deals a new game and 0 stops.
Nothing typed, anything but a whole number, and numbers out of range are each answered with a
sentence and asked again (the seed's test plan). At any question ``help`` lists the answers,
and ``q`` or ``quit`` stops; during a game it asks first, since the line mode keeps no save.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from tableau.ai import gofish as ai
from tableau.cli import plain
from tableau.cli.args import Parser
from tableau.cli.args import integer
from tableau.cli.args import name_list
from tableau.cli.args import read_arguments
from tableau.cli.args import seconds
from tableau.cli.args import seed
from tableau.cli.gofish_text import HELP
from tableau.cli.gofish_text import LEAVE
from tableau.cli.gofish_text import render_table
from tableau.cli.plain import Lines
from tableau.cli.plain import in_letters
from tableau.cli.plain import whole_number
from tableau.cli.plain import yes_or_no
from tableau.cli.progress import game_progress
from tableau.engines import gofish as engine
from tableau.engines import rng
from tableau.engines.protocol import Outcome
from tableau.sessions.gofish import YOU
from tableau.sessions.gofish import GoFishSession
from tableau.sessions.gofish import NextGame
from tableau.sessions.gofish import against_cpus
from tableau.sessions.protocol import Answer
from tableau.ui.pace import DEFAULT_CPU_DELAY
from tableau.ui.pace import MAX_CPU_DELAY

MAX_SIMULATE = 1_000_000
PROG = "tableau gofish"


def _parser() -> Parser:
    parser = Parser(
        prog=PROG,
        description="Go Fish against 1-4 computer players, or a simulation of CPU-only games.",
    )
    on_screen = parser.add_argument_group("play on screen")
    on_screen.add_argument("--cpus", type=integer, default=None,
                           help="computer opponents, 1-4 (default 1)")
    on_screen.add_argument("--level", default=None, help="CPU level: easy or pro (default pro)")
    on_screen.add_argument("--delay", type=seconds, default=None,
                           help=f"seconds between CPU steps (default {DEFAULT_CPU_DELAY:g})")
    on_screen.add_argument("--plain", action="store_true",
                           help="line mode: play on stdin and stdout, one answer a line")
    simulation = parser.add_argument_group("simulation")
    simulation.add_argument("--simulate", type=integer, metavar="N",
                            help="simulate N CPU-only games")
    simulation.add_argument("--players", type=integer, default=None,
                            help="players, 2-5 (default: the --cpu list's length)")
    simulation.add_argument("--cpu", type=name_list, default=None,
                            help="CPU level of each seat, cycled over the seats (default pro,easy)")
    simulation.add_argument("--json", action="store_true", help="end with one JSON line")
    parser.add_argument("--seed", type=seed, default=None,
                        help="shuffle seed, 0 to 2**63-1, to replay a game: it deals every "
                             "hand (default: random on screen, 0 simulated)")
    return parser


@dataclass(frozen=True, slots=True)
class Tally:
    games: int
    wins: tuple[float, ...]
    books: tuple[int, ...]
    seconds: float

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")


def play_one(levels: tuple[ai.Level, ...], seed: int, first: int) -> engine.State:
    """One CPU-only game, to its end; every seat plays from its own view with its own seed."""
    state = engine.new_game(engine.Config(players=len(levels), seed=seed, first=first))
    players = [ai.player(level) for level in levels]
    seeds = [rng.fresh_seed_from(seed, seat + 1) for seat in range(len(levels))]
    while engine.outcome(state) is None:
        seat = state.turn
        move, seeds[seat] = players[seat](engine.view(state, seat), seeds[seat])
        state = engine.apply(state, move)
    return state


def simulate(games: int, levels: tuple[ai.Level, ...], seed: int,
             after_game: Callable[[], None] = lambda: None) -> Tally:
    """Play ``games`` games; the first player rotates. A shared win counts 1/k to each."""
    wins = [0.0] * len(levels)
    books = [0] * len(levels)
    started = time.perf_counter()
    for number in range(games):
        end = play_one(levels, rng.fresh_seed_from(seed, number), number % len(levels))
        result = engine.outcome(end)
        assert result is not None
        for seat in result.winners:
            wins[seat] += 1 / len(result.winners)
        for seat, ranks in enumerate(end.books):
            books[seat] += len(ranks)
        after_game()
    return Tally(games, tuple(wins), tuple(books), time.perf_counter() - started)


def _levels(args: argparse.Namespace) -> tuple[ai.Level, ...]:
    named = args.cpu if args.cpu is not None else ["pro", "easy"]
    levels = tuple(ai.parse_level(part) for part in named)
    players = args.players if args.players is not None else len(levels)
    if not engine.MIN_PLAYERS <= players <= engine.MAX_PLAYERS:
        raise ValueError(f"--players must be from {engine.MIN_PLAYERS} to "
                         f"{engine.MAX_PLAYERS}, not {players}.")
    if len(levels) > players:
        raise ValueError(f"--cpu names {len(levels)} levels for {players} players; "
                         "give at most one a seat.")
    # A shorter list cycles over the seats, as in the Pesten simulator.
    return tuple(levels[seat % len(levels)] for seat in range(players))


def _run_simulation(args: argparse.Namespace) -> int:
    if not 1 <= args.simulate <= MAX_SIMULATE:
        raise ValueError(f"--simulate must be from 1 to {MAX_SIMULATE}, not {args.simulate}.")
    if args.cpus is not None or args.level is not None or args.delay is not None:
        raise ValueError("--cpus, --level and --delay are for play on screen; "
                         "a simulation takes --players and --cpu.")
    if args.plain:
        raise ValueError("--plain plays a game in line mode; a simulation prints anyway.")
    levels = _levels(args)
    with game_progress(args.simulate) as after_game:
        tally = simulate(args.simulate, levels, args.seed if args.seed is not None else 0,
                         after_game)
    for seat, level in enumerate(levels):
        share = 100 * tally.wins[seat] / tally.games
        print(f"seat {seat + 1} ({level}): wins {tally.wins[seat]:g} ({share:.1f}%), "
              f"books {tally.books[seat]} ({tally.books[seat] / tally.games:.2f} a game)")
    print(f"{tally.games} games in {tally.seconds:.2f} s ({tally.games_per_s:.0f} games/s)")
    if args.json:
        print(json.dumps({
            "games": tally.games,
            "wins": [round(wins, 3) for wins in tally.wins],
            "books": list(tally.books),
            "games_per_s": round(tally.games_per_s, 1),
        }))
    return 0


def _screen_options(args: argparse.Namespace) -> dict[str, Any]:
    if args.players is not None or args.cpu is not None or args.json:
        raise ValueError("--players, --cpu and --json go with --simulate.")
    if args.plain and args.delay is not None:
        raise ValueError("--delay paces the table on screen; line mode has no pause.")
    cpus = 1 if args.cpus is None else args.cpus
    if not 1 <= cpus <= engine.MAX_PLAYERS - 1:
        raise ValueError(f"--cpus must be from 1 to {engine.MAX_PLAYERS - 1}, not {cpus}.")
    level = ai.parse_level("pro" if args.level is None else args.level)
    delay = DEFAULT_CPU_DELAY if args.delay is None else args.delay
    if not 0 <= delay <= MAX_CPU_DELAY:
        raise ValueError(f"--delay must be from 0 to {MAX_CPU_DELAY:g} seconds, not {delay:g}.")
    return {"cpus": cpus, "seed": args.seed, "level": level, "cpu_delay": delay,
            "plain": args.plain}


# ------------------------------------------------------------------ line mode


def play_plain(session: GoFishSession, lines: Lines) -> None:
    """Play game after game in line mode until the player stops (or the input ends)."""
    lines.show(in_letters(session.news()))
    words = _commands(session, lines)
    try:
        while True:
            result = session.outcome()
            step = session.cpu_step()
            if step is not None:
                _tell(session.play_cpu(step), session, lines)
            elif result is None:
                _tell(session.act(YOU, _your_ask(session, lines, words)), session, lines)
            elif _again(session, result, lines, words):
                _tell(session.act(YOU, NextGame()), session, lines)
            else:
                break
    except plain.Quit:
        pass
    lines.show("Thanks for playing.")
    plain.tell_seed(PROG, session.first_seed)


def _tell(answer: Answer[engine.Event], session: GoFishSession, lines: Lines) -> None:
    """The news of a move (or the opening of a new game), or why it was refused."""
    lines.show(in_letters(session.news() if answer.refusal is None else answer.refusal))


Words = dict[str, Callable[[], object]]
"""What may be typed at any question instead of an answer: help, and q or quit."""


def _commands(session: GoFishSession, lines: Lines) -> Words:
    def leave() -> None:
        # The line mode keeps no save: a game under way is lost, so ask first.
        if session.outcome() is not None or lines.choose(LEAVE, yes_or_no):
            raise plain.Quit

    words: Words = dict.fromkeys(plain.QUIT_WORDS, leave)
    words.update(dict.fromkeys(plain.HELP_WORDS, partial(lines.show, HELP)))
    return words


def _your_ask(session: GoFishSession, lines: Lines, words: Words,
              seat: int = YOU) -> engine.Ask:
    """Show ``seat``'s table and ask which card (and whom) to ask for: the seed's prompts."""
    seen = session.view(seat)
    lines.show(render_table(seen, session.names))
    cards = range(len(seen.hand))
    hint = f"{cards[0]}-{cards[-1]}" if len(cards) > 1 else "0, your only card"
    index = lines.choose(f"Your turn. Which card do you ask for? ({hint}) > ",
                         partial(whole_number, numbers=cards, what="the number under a card"),
                         words)
    askable = seen.askable()
    if len(askable) == 1:
        return engine.Ask(askable[0], seen.hand[index].rank)
    choices = ", ".join(f"{seat} = {session.names[seat]}" for seat in askable)

    def opponent(text: str) -> int:
        other = whole_number(text, range(int(seat == 0), len(session.names)),
                             "an opponent's number")
        if other == seat:
            raise ValueError("That is your own seat; ask another player.")
        if other not in askable:
            raise ValueError(f"{session.names[other]} has no cards; ask someone who holds "
                             "some.")
        return other

    target = lines.choose(f"Whom do you ask? ({choices}) > ", opponent, words)
    return engine.Ask(target, seen.hand[index].rank)


def ask_at_table(session: GoFishSession, seat: int, lines: Lines) -> engine.Ask:
    """``seat``'s ask at a shared table (help lists the answers; leaving is the end of the
    input, as at every shared table)."""
    words: Words = dict.fromkeys(plain.HELP_WORDS, partial(lines.show, HELP))
    return _your_ask(session, lines, words, seat)


def end_lines(session: GoFishSession, viewer: int) -> list[str]:
    """The end of a game as ``viewer`` reads it: the winner and every player's books."""
    result = session.outcome()
    headline = [] if result is None else [f"Game over. {session.headline(result, viewer)}"]
    return [*headline, *session.score_lines()]


def deal_on(session: GoFishSession) -> NextGame | None:
    """The move that deals the next game once one is over."""
    return NextGame() if session.outcome() is not None else None


def _again(session: GoFishSession, result: Outcome, lines: Lines, words: Words) -> bool:
    """The end of a game: the table, the winner and the books; then play again?"""
    lines.show(render_table(session.view(YOU), session.names))
    lines.show(f"Game over. {session.headline(result)}")
    for line in session.score_lines():
        lines.show(line)
    return bool(lines.choose("Play again? (1 = yes, 0 = no) > ",
                             partial(whole_number, numbers=range(2), what="1 or 0"), words))


def main(argv: list[str]) -> int:
    options = read_arguments(PROG, argv, _parser(), lambda args: _run_simulation(args)
                             if args.simulate is not None else _screen_options(args))
    return plain.app_or_plain("gofish", options, lambda options, seed: partial(
        play_plain, against_cpus(options["cpus"], options["level"], seed)))
