"""Go Fish in progress: you (seat 0) against one to four CPUs of one level, one game after
another.

The session holds the game (the engine's state), each CPU seat's player and rng state, your
asks and the end. A front end draws ``seen()``, turns the player's keys into an :class:`Ask`
(``tableau.ui.controls.gofish``) for ``ask``, and lets the CPUs play with ``cpu_choose``
(pure, so it may run away from the event loop) and ``cpu_play``.

``to_json``/``from_json`` keep the whole run (the game, the CPUs' rng states, the game counter,
the last news) so a resumed session goes on exactly as an uninterrupted one would.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from typing import Final

from tableau.ai import gofish as ai
from tableau.engines import rng
from tableau.engines.gofish import MAX_PLAYERS
from tableau.engines.gofish import Ask
from tableau.engines.gofish import Asked
from tableau.engines.gofish import Config
from tableau.engines.gofish import State
from tableau.engines.gofish import View
from tableau.engines.gofish import apply
from tableau.engines.gofish import deal_size
from tableau.engines.gofish import from_json as state_from_json
from tableau.engines.gofish import new_game
from tableau.engines.gofish import outcome
from tableau.engines.gofish import rank_label
from tableau.engines.gofish import to_json as state_to_json
from tableau.engines.gofish import view
from tableau.engines.protocol import IllegalMove
from tableau.engines.protocol import Outcome
from tableau.engines.protocol import SaveFormatError
from tableau.engines.protocol import read_header

YOU: Final = 0
SEPARATOR: Final = "  ·  "
"""Between the sentences of one move's news."""
SAVE_KIND: Final = "gofish-session"
SAVE_VERSION: Final = 1

CpuStep = tuple[Ask, int]
"""A CPU's ask and the rng state its seat keeps afterwards."""


@dataclass(frozen=True, slots=True)
class Said:
    """A line for the player: the news of a move, or (``error``) why it was refused."""

    text: str
    error: bool = False


class GoFishSession:
    """One game after another against ``cpus`` CPUs playing at ``level``; ``seed`` deals the
    first game and every later one (so a seed repeats the whole run)."""

    def __init__(self, cpus: int, level: ai.Level, seed: int) -> None:
        if not 1 <= cpus <= MAX_PLAYERS - 1:
            raise ValueError(f"Go Fish is played against 1 to {MAX_PLAYERS - 1} CPUs.")
        self.cpus = cpus
        self.level = level
        self.first_seed = seed
        self.names = ("You", *(f"CPU {seat}" for seat in range(1, cpus + 1)))
        self.players: tuple[ai.CpuPlayer | None, ...] = (
            None, *(ai.player(level) for _ in range(cpus)))
        """Each seat's CPU (None for you)."""
        self.games = 0
        self.state: State = self._deal()
        self.cpu_seeds = self._seeds()
        self.news = self.opening()
        """The last move's news (or the opening), for the message line of a resumed game."""

    @property
    def seed(self) -> int:
        """The seed this game was dealt from."""
        return rng.fresh_seed_from(self.first_seed, self.games)

    def _deal(self) -> State:
        return new_game(Config(players=self.cpus + 1, seed=self.seed))

    def _seeds(self) -> list[int]:
        return [rng.fresh_seed_from(self.state.seed, seat) for seat in range(self.cpus + 1)]

    def new_game(self) -> None:
        """Deal the next game of the run."""
        self.games += 1
        self.state = self._deal()
        self.cpu_seeds = self._seeds()
        self.news = self.opening()

    def opening(self) -> str:
        return f"Dealt {deal_size(self.cpus + 1)} cards each. You play first."

    def seen(self) -> View:
        """Your view: all a front end may show."""
        return view(self.state, YOU)

    def outcome(self) -> Outcome | None:
        return outcome(self.state)

    def at_stake(self) -> bool:
        """A game is under way: someone has asked, and it has not ended."""
        return self.outcome() is None and any(
            isinstance(event, Asked) for event in self.state.history)

    # ------------------------------------------------------------------ moves

    def ask(self, move: Ask) -> Said:
        """Your ask: its news, or why it was refused (the game unchanged)."""
        if self.outcome() is not None:
            return Said("The game is over: press n for a new game.", error=True)
        if self.state.turn != YOU:
            return Said(f"Wait: it is {self.names[self.state.turn]}'s turn.", error=True)
        try:
            return self._apply(move)
        except IllegalMove as refusal:
            return Said(str(refusal), error=True)

    def cpu_to_move(self) -> bool:
        return self.outcome() is None and self.players[self.state.turn] is not None

    def cpu_choose(self, state: State) -> CpuStep:
        """The ask of the CPU to move in ``state``, chosen from its own view only."""
        seat = state.turn
        player = self.players[seat]
        if player is None:
            raise ValueError(f"Seat {seat} is not a CPU.")
        return player(view(state, seat), self.cpu_seeds[seat])

    def cpu_play(self, step: CpuStep) -> Said:
        """Make the step ``cpu_choose`` chose for the present state; its news."""
        move, self.cpu_seeds[self.state.turn] = step
        return self._apply(move)

    def _apply(self, move: Ask) -> Said:
        before = len(self.state.history)
        self.state = apply(self.state, move)
        # Only what your seat may know: another player's hidden draw carries no card.
        news = self.seen().history[before:]
        self.news = SEPARATOR.join(event.describe(self.names, YOU) for event in news)
        return Said(self.news)

    def your_asks(self) -> int:
        """How many times you asked in this game (its moves, for the store)."""
        return sum(isinstance(event, Asked) and event.asker == YOU
                   for event in self.state.history)

    # ------------------------------------------------------------------ saving

    def to_json(self) -> dict[str, Any]:
        """The whole run as JSON-ready data (the game holds every hand: it is your own save)."""
        return {
            "game": SAVE_KIND, "version": SAVE_VERSION, "cpus": self.cpus,
            "level": self.level, "first_seed": self.first_seed, "games": self.games,
            "cpu_seeds": list(self.cpu_seeds), "news": self.news,
            "state": state_to_json(self.state),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GoFishSession:
        """The session ``to_json`` gave; raises SaveFormatError with a sentence for a save
        that is malformed or does not fit together."""
        read = read_header(data, SAVE_KIND, "Go Fish", SAVE_VERSION)
        cpus = read.integer("cpus", 1, MAX_PLAYERS - 1)
        level = read.get("level")
        if level not in ai.LEVELS:
            raise SaveFormatError("The save's CPU level is not easy or pro.")
        session = cls(cpus, level, read.integer("first_seed"))
        session.games = read.integer("games")
        state = state_from_json(read.get("state"))
        if len(state.hands) != cpus + 1:
            raise SaveFormatError("The save's game does not have one hand per player.")
        seeds = read.items("cpu_seeds", cpus + 1)
        if not all(type(seed) is int and 0 <= seed < 2**64 for seed in seeds):
            raise SaveFormatError("'cpu_seeds' in the save must hold whole numbers.")
        session.state, session.cpu_seeds, session.news = state, seeds, read.text("news", 2000)
        return session

    # ------------------------------------------------------------------ the end

    def headline(self, result: Outcome) -> str:
        winners = [self.names[seat] for seat in result.winners]
        if len(winners) > 1:
            return f"A shared win: {' and '.join(winners)}"
        return "You win!" if result.winners == (YOU,) else f"{winners[0]} wins"

    def score_lines(self) -> list[str]:
        """Each player's books, one line each, the names in a column."""
        width = max(len(name) for name in self.names)
        lines = []
        for name, books in zip(self.names, self.state.books, strict=True):
            ranks = " ".join(rank_label(rank) for rank in sorted(books))
            noun = "book " if len(books) == 1 else "books"
            lines.append(f"{name:<{width}}  {len(books):>2} {noun}  {ranks}".rstrip())
        return lines
