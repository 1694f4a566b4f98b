"""Go Fish in progress: one game after another at a table of 2 to 5 seats, people and CPUs.

The session keeps the game (the engine's state), each seat's rng state (a CPU's generator),
the game counter and what the last change said, and counts every change in ``version``. It
follows ``tableau.sessions.protocol``: ``act(seat, move)`` makes an :class:`Ask` (or, once a
game is over, :class:`NextGame`) and answers with the engine's events, or a refusal that
changed nothing; ``cpu_step`` chooses a CPU's ask from its own view only (pure, so it may run
away from the event loop) and ``play_cpu`` makes it. Go Fish has no undo.

``against_cpus`` deals the table the screen and the line mode play: you in seat 0 against one
to four CPUs of one level. ``to_json``/``from_json`` keep the whole run, so a resumed session
goes on exactly as an uninterrupted one would.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace
from typing import Any
from typing import Final

from tableau.ai import gofish as ai
from tableau.engines import gofish as engine
from tableau.engines import rng
from tableau.engines.gofish import MAX_PLAYERS
from tableau.engines.gofish import MIN_PLAYERS
from tableau.engines.gofish import Ask
from tableau.engines.gofish import Asked
from tableau.engines.gofish import Event
from tableau.engines.gofish import State
from tableau.engines.gofish import View
from tableau.engines.gofish import wording
from tableau.engines.protocol import IllegalMove
from tableau.engines.protocol import Outcome
from tableau.engines.protocol import SaveFormatError
from tableau.engines.protocol import SaveReader
from tableau.engines.protocol import read_header
from tableau.sessions.no_undo import NoUndo
from tableau.sessions.protocol import Answer
from tableau.sessions.protocol import CpuStep
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind
from tableau.sessions.seating import OPEN_LOCK
from tableau.sessions.seating import OpenLock
from tableau.sessions.seating import Seated
from tableau.sessions.versioned import Versioned

GAME: Final = "gofish"
YOU: Final = 0
"""The seat the screen and the line mode play."""
SEPARATOR: Final = "  ·  "
"""Between the sentences of one move's news."""
SAVE_KIND: Final = "gofish-session"
SAVE_VERSION: Final = 2
DEFAULT_LEVEL: Final[ai.Level] = "pro"
OVER: Final = "The game is over: press n for a new game."
NO_UNDO: Final = "Go Fish has no undo: an ask cannot be taken back."


@dataclass(frozen=True, slots=True)
class NextGame:
    """Deal the next game of the run: the move once a game is over."""

    def __str__(self) -> str:
        return "next game"


Move = Ask | NextGame


def _checked_seats(seats: Sequence[SeatInfo]) -> tuple[SeatInfo, ...]:
    """The seats, a CPU without a level playing at the default one."""
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise ValueError(f"Go Fish needs {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                         f"not {len(seats)}.")
    checked = []
    for seat in seats:
        if seat.kind is SeatKind.CPU:
            seat = replace(seat, level=ai.parse_level(seat.level or DEFAULT_LEVEL))
        checked.append(seat)
    return tuple(checked)


class GoFishSession(Seated, NoUndo, Versioned):
    """One game after another at ``seats``; ``seed`` deals the first game and every later one
    (so a seed repeats the whole run)."""

    GAME: Final = GAME
    NO_UNDO = NO_UNDO
    STAND_IN_LEVELS = (DEFAULT_LEVEL, *(level for level in ai.LEVELS if level != DEFAULT_LEVEL))

    def __init__(self, seats: Sequence[SeatInfo], seed: int) -> None:
        self._seats = _checked_seats(seats)
        self._seat_up()
        self.names = tuple(seat.name for seat in self._seats)
        self.first_seed = seed
        self.games = 0
        self._version = 0
        self._deal()

    def _deal(self) -> None:
        self.state: State = engine.new_game(engine.Config(players=len(self._seats),
                                                          seed=self.seed))
        self.rng_states = [rng.fresh_seed_from(self.state.seed, seat)
                           for seat in range(len(self._seats))]
        """Each seat's generator (a person's is never used)."""
        self._news_from: int | None = None
        """Where the last move's events begin in the history (None: the game was dealt)."""

    def _bump(self) -> None:
        self._version += 1

    def _renamed(self, names: tuple[str, ...]) -> None:
        self.names = names

    # ------------------------------------------------------------------ the table

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        return self._seats

    @property
    def seed(self) -> int:
        """The seed this game was dealt from."""
        return rng.fresh_seed_from(self.first_seed, self.games)

    @property
    def cpus(self) -> int:
        return sum(seat.kind is SeatKind.CPU for seat in self._seats)

    @property
    def level(self) -> str:
        """The first CPU's level (every CPU's, at a table ``against_cpus`` dealt)."""
        return next((seat.level for seat in self._seats if seat.kind is SeatKind.CPU), "")

    @property
    def to_move(self) -> int | None:
        """The seat to ask; once the game is over, the first person (who may deal the next:
        a hot seat before a remote one), or None at a table of CPUs."""
        if self.outcome() is None:
            return self.state.turn
        return self._hot_first(range(len(self._seats)))

    def view(self, seat: int) -> View:
        return engine.view(self.state, seat)

    def moves(self, seat: int) -> tuple[Move | OpenLock, ...]:
        if seat != self.to_move or seat in self._stand_ins:
            return ()
        if seat == self.locked:
            return (OPEN_LOCK,)
        if self.outcome() is not None:
            return (NextGame(),)
        return engine.legal_moves(self.state)

    def outcome(self) -> Outcome | None:
        return engine.outcome(self.state)

    def at_stake(self) -> bool:
        """A game is under way: someone has asked, and it has not ended."""
        return self.outcome() is None and any(
            isinstance(event, Asked) for event in self.state.history)

    def asks(self, seat: int = YOU) -> int:
        """How many times ``seat`` asked in this game (its moves, for the store)."""
        return sum(isinstance(event, Asked) and event.asker == seat
                   for event in self.state.history)

    # ------------------------------------------------------------------ moves

    def act(self, seat: int, move: object) -> Answer[Event]:
        """``seat`` asks (or deals the next game): the events, or why not (nothing changed)."""
        gate = self._gate(seat, move)
        if gate is not None:
            return gate
        if self.outcome() is not None:
            if isinstance(move, NextGame) and seat == self.to_move:
                return self.new_game()
            return Answer.refused(OVER)
        if isinstance(move, NextGame):
            return Answer.refused("The game is not over yet: ask for a rank.")
        if seat != self.state.turn:
            return Answer.refused(f"Wait: it is {self.names[self.state.turn]}'s turn.")
        return self._ask(move)

    def _ask(self, move: object) -> Answer[Event]:
        before = len(self.state.history)
        try:
            self.state = engine.apply(self.state, move)  # type: ignore[arg-type]
        except IllegalMove as refusal:
            return Answer.refused(str(refusal))
        self._news_from = before
        self._version += 1
        self._passed()
        return Answer(self.state.history[before:])

    def new_game(self) -> Answer[Event]:
        """Deal the next game of the run now (the game under way, if any, is left; the screen
        asks first): its events."""
        self.games += 1
        self._deal()
        self._version += 1
        self._passed()
        return Answer(self.state.history)

    def cpu_to_move(self) -> bool:
        seat = self.to_move
        return self.outcome() is None and seat is not None and self.cpu_plays(seat)

    def cpu_step(self) -> CpuStep[Ask] | None:
        """The ask of the CPU to move, chosen from its own view only (changes nothing)."""
        version, state = self._version, self.state  # the version first: see play_cpu
        seat = state.turn
        if engine.outcome(state) is not None or not self.cpu_plays(seat):
            return None
        choose = ai.player(ai.parse_level(self.cpu_level(seat)))
        move, rng_state = choose(engine.view(state, seat), self.rng_states[seat])
        return CpuStep(seat, move, rng_state, version)

    def play_cpu(self, step: CpuStep[Any]) -> Answer[Event]:
        """Make a step ``cpu_step`` chose at this version (one chosen earlier is refused)."""
        if step.version != self._version:
            return Answer.refused("The table has changed since that CPU chose its ask.")
        if not self.cpu_to_move() or step.seat != self.state.turn:
            return Answer.refused(f"It is not {self.names[step.seat]}'s turn.")
        answer = self._ask(step.move)
        if answer.ok:
            self.rng_states[step.seat] = step.rng_state
        return answer

    # ------------------------------------------------------------------ words

    def describe(self, event: Event, viewer: int) -> str:
        """The sentence ``viewer`` reads for ``event``, the seats by their names."""
        return wording.describe(event, viewer, self.names)

    def news(self, viewer: int = YOU) -> str:
        """What the last change said to ``viewer``: the opening of a game just dealt, or
        the last move's events (a hidden draw without its card)."""
        if self._news_from is None:
            return self.opening(viewer)
        return self._words_from(self._news_from, viewer)

    def _words_from(self, start: int, viewer: int) -> str:
        events = self.state.history[start:]
        return SEPARATOR.join(self.describe(event, viewer) for event in events)

    def opening(self, viewer: int = YOU) -> str:
        players = len(self._seats)
        return wording.opening(engine.deal_size(players), 0, viewer, self.names)

    def headline(self, result: Outcome, viewer: int = YOU) -> str:
        return wording.headline(result.winners, viewer, self.names)

    def score_lines(self) -> list[str]:
        """Each player's books, one line each, the names in a column."""
        return wording.score_lines(self.names, self.state.books)

    # ------------------------------------------------------------------ saving

    def to_json(self) -> dict[str, Any]:
        """The whole run as JSON-ready data (the game holds every hand)."""
        return {
            "game": SAVE_KIND, "version": SAVE_VERSION,
            "seats": [{"name": seat.name, "kind": seat.kind.value, "level": seat.level}
                      for seat in self._seats],
            "first_seed": self.first_seed, "games": self.games, "changes": self._version,
            "rng_states": list(self.rng_states), "news_from": self._news_from,
            "state": engine.to_json(self.state), **self._seating_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GoFishSession:
        """The session ``to_json`` gave (or a version 1 save, of you against CPUs); raises
        SaveFormatError with a sentence for a save that is malformed or does not fit."""
        if not isinstance(data, Mapping) or data.get("game") != SAVE_KIND:
            raise SaveFormatError("The save is not a Go Fish game.")
        if data.get("version") == 1:
            return _from_version_1(data)
        read = read_header(data, SAVE_KIND, "Go Fish", SAVE_VERSION)
        seats = [_seat(SaveReader(raw, "a seat")) for raw in read.items("seats")]
        try:
            session = cls(seats, read.integer("first_seed"))
        except ValueError as problem:
            raise SaveFormatError(str(problem)) from None
        session.games = read.integer("games")
        session._version = read.integer("changes")
        session._set_state(engine.from_json(read.get("state")), read.items("rng_states"))
        news_from = read.optional_integer("news_from", 0, len(session.state.history))
        session._news_from = news_from
        session._read_seating(data)
        return session

    def _set_state(self, state: State, rng_states: list[Any]) -> None:
        if len(state.hands) != len(self._seats):
            raise SaveFormatError("The save's game does not have one hand per player.")
        if len(rng_states) != len(self._seats) or not all(
                type(value) is int and 0 <= value < 2**64 for value in rng_states):
            raise SaveFormatError("The save's rng states must be one whole number a seat.")
        self.state, self.rng_states = state, rng_states


def _seat(read: SaveReader) -> SeatInfo:
    try:
        kind = SeatKind(read.get("kind"))
    except (ValueError, TypeError):
        raise SaveFormatError("A seat in the save is not a person or a CPU.") from None
    level = read.text("level", 20)
    if kind is SeatKind.CPU and level not in ai.LEVELS:
        raise SaveFormatError("The save's CPU level is not easy or pro.")
    return SeatInfo(read.text("name", 40), kind, level)


def _from_version_1(data: Mapping[str, Any]) -> GoFishSession:
    """A save from before seats were named (you against ``cpus`` CPUs of one ``level``)."""
    read = read_header(data, SAVE_KIND, "Go Fish", 1)
    cpus = read.integer("cpus", 1, MAX_PLAYERS - 1)
    level = read.get("level")
    if level not in ai.LEVELS:
        raise SaveFormatError("The save's CPU level is not easy or pro.")
    session = against_cpus(cpus, level, read.integer("first_seed"))
    session.games = read.integer("games")
    session._set_state(engine.from_json(read.get("state")), read.items("cpu_seeds", cpus + 1))
    # The news was kept as words: find the move that said them (else it was the opening).
    news, history = read.text("news", 2000), session.state.history
    session._news_from = next(
        (start for start in range(len(history) - 1, -1, -1)
         if session._words_from(start, YOU) == news), None)
    return session


def against_cpus(cpus: int, level: ai.Level, seed: int) -> GoFishSession:
    """You (seat 0) against ``cpus`` CPUs playing at ``level``: the table of the screen and
    the line mode."""
    if not 1 <= cpus <= MAX_PLAYERS - 1:
        raise ValueError(f"Go Fish is played against 1 to {MAX_PLAYERS - 1} CPUs.")
    seats = (SeatInfo("You", SeatKind.HUMAN),
             *(SeatInfo(f"CPU {seat}", SeatKind.CPU, level) for seat in range(1, cpus + 1)))
    return GoFishSession(seats, seed)


def start(seats: Sequence[SeatInfo], seed: int, **options: object) -> GoFishSession:
    """The protocol's one constructor: any mix of people and CPUs, 2 to 5 seats."""
    if options:
        raise ValueError(f"Go Fish takes no options, not {', '.join(sorted(options))}.")
    return GoFishSession(seats, seed)


__all__ = ["SEPARATOR", "YOU", "GoFishSession", "Move", "NextGame", "against_cpus", "start"]
