"""A game of Poker in progress, on the one session protocol (pure).

The session keeps the engine's state, the seats (people and CPUs) and every seat's
``rng_state`` for the CPU contract (a person's serves the advice, so it is what the CPU would
do in their place). Everything changes through ``act`` and ``play_cpu``, which answer with the
events of the move or a refusal, and add one to ``version``; the next hand is a move too
(``NextHand``), made by the first person at the table who still has chips, or by a CPU at a
table of CPUs. A new game after game over is ``new_game``.

The UI deals you in seat 0 against 1 to 5 CPUs (``PokerSession.table``), and the game ends
when you run out of chips; at a table of several people (or none) it goes on until one player
holds every chip. The session keeps your tallies for the statistics (hands played and won,
the biggest pot you won, your moves) and the screen's note and marks; the save
(``poker_saves``) keeps all of it, so a resumed evening goes on exactly as an uninterrupted
one would.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import replace
from typing import Any
from typing import ClassVar
from typing import Final

from tableau.ai import poker as ai
from tableau.engines import poker as engine
from tableau.engines.names import MAX_NAME_LENGTH
from tableau.engines.poker import Event
from tableau.engines.poker import Move
from tableau.engines.poker import NextHand
from tableau.engines.poker import Phase
from tableau.engines.poker import SeatView
from tableau.engines.poker import State
from tableau.engines.poker import View
from tableau.engines.poker import chips_text
from tableau.engines.poker import wording
from tableau.engines.protocol import Cpu
from tableau.engines.protocol import IllegalMove
from tableau.engines.protocol import Outcome
from tableau.engines.rng import fresh_seed_from
from tableau.sessions.no_undo import NoUndo
from tableau.sessions.poker_saves import read_session
from tableau.sessions.poker_saves import session_json
from tableau.sessions.poker_table import DEFAULT_CPUS
from tableau.sessions.poker_table import HUMAN
from tableau.sessions.poker_table import MAX_CPUS
from tableau.sessions.poker_table import first_rng_states
from tableau.sessions.poker_table import table_seats
from tableau.sessions.poker_table import watched_seat
from tableau.sessions.protocol import Answer
from tableau.sessions.protocol import CpuStep
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind
from tableau.sessions.seating import OPEN_LOCK
from tableau.sessions.seating import OpenLock
from tableau.sessions.seating import Seated

__all__ = [
    "DEFAULT_CPUS",
    "HUMAN",
    "MAX_CPUS",
    "CpuStep",
    "PokerSession",
    "first_rng_states",
    "standings",
    "start",
]

NO_UNDO: Final = "Poker has no undo: a bet or a draw stands once made."
STALE_STEP: Final = "That CPU step was chosen for an earlier position."


def standings(view: View) -> list[str]:
    """Every player's final place and chips, first place first (``View.places``: the later
    out of chips, the higher): "1. Bram: 312 chips"."""
    order = sorted(view.seats, key=lambda seat: view.places[seat.seat])
    return [f"{view.places[seat.seat]}. {seat.name}: {chips_text(seat.chips)}"
            for seat in order]


def start(seats: Sequence[SeatInfo], seed: int, **options: Any) -> PokerSession:
    """A table of 2 to 6 ``seats``, any mix of people and CPUs. ``chips``: each player's
    starting stack (100 unless given); ``cpu``: the CPU player (``tableau.ai.poker``)."""
    return PokerSession(seats, seed, **options)


class PokerSession(Seated, NoUndo):
    """A game of Poker: ``start(seats, seed)``, or ``PokerSession.table(cpus, seed)`` for you
    against ``cpus`` CPUs."""

    GAME: Final = "poker"
    NO_UNDO: ClassVar[str] = NO_UNDO
    STAND_IN_LEVELS: ClassVar[tuple[str, ...]] = ("",)
    """Poker has one CPU player (``cpu``): it stands in too."""

    def __init__(self, seats: Sequence[SeatInfo], seed: int, chips: int | None = None,
                 cpu: Cpu = ai.choose, longest_name: int = MAX_NAME_LENGTH) -> None:
        """``longest_name``: the name rule's limit (a table read from an older save passes
        ``SAVED_NAME_LENGTH``, so the names it holds still deal)."""
        self._seats = tuple(seats)
        self._seat_up()
        self.longest_name = longest_name
        self.chips = chips
        self.first_seed = seed
        self.cpu = cpu
        self.games = 0
        self._now: tuple[int, State]  # the version and the state, read together by a worker
        self._views: dict[int, tuple[State, View]] = {}
        self._deal(version=0)

    @classmethod
    def table(cls, cpus: int, seed: int, chips: int | None = None,
              cpu: Cpu = ai.choose) -> PokerSession:
        """The UI's table: you in seat 0 against ``cpus`` CPUs."""
        return cls(table_seats(cpus), seed, chips, cpu)

    def _deal(self, version: int) -> None:
        games = self.games
        self.seed = self.first_seed if games == 0 else fresh_seed_from(self.first_seed, games)
        """This game's seed."""
        config = engine.Config(players=len(self._seats), seed=self.seed,
                               names=tuple(seat.name for seat in self._seats),
                               stop_when_out=watched_seat(self._seats),
                               longest_name=self.longest_name)
        if self.chips is not None:
            config = replace(config, chips=self.chips)
        self.start_chips = config.chips
        self._now = (version, engine.new_game(config))
        self.rng_states = first_rng_states(self.seed, config.players)
        self.note = ""
        """What your last move or request told (a draw, advice), for the message line."""
        self.marks: tuple[int, ...] = ()
        """The cards of your hand marked to throw away (indices, in the order marked)."""
        self.your_moves = 0
        """Your moves in this game."""
        self.hands = 0
        """Hands of this game that have ended (you are dealt into every one)."""
        self.hands_won = 0
        self.biggest_pot = 0
        """The most chips you won from the pots of one hand."""

    def go_on(self, games: int, version: int, state: State,
              rng_states: tuple[int, ...]) -> None:
        """Go on from a save: its game number (which gives the seed), version and state."""
        self.games = games
        self._deal(version)
        self._now = (version, state)
        self.rng_states = rng_states

    def _bump(self) -> None:
        self._now = (self.version + 1, self.state)

    def _between(self) -> bool:
        return self.state.phase in (Phase.HAND_OVER, Phase.GAME_OVER)

    def _renamed(self, names: tuple[str, ...]) -> None:
        state = self.state
        history = tuple(replace(event, names=names) for event in state.history)
        self._now = (self.version, replace(state, names=names, history=history))

    def new_game(self) -> None:
        """A fresh game with the same table and a new seed."""
        self.games += 1
        self._deal(self.version + 1)

    # ------------------------------------------------------------------ the protocol

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        return self._seats

    @property
    def version(self) -> int:
        return self._now[0]

    @property
    def state(self) -> State:
        """The present position (the whole table: not for a screen, which draws a view)."""
        return self._now[1]

    @state.setter
    def state(self, state: State) -> None:
        """Put the table in another position (a test's): a change like any other."""
        self._now = (self.version + 1, state)

    @property
    def you(self) -> int:
        """The seat this screen plays (the first person at the table; seat 0 if none)."""
        return next((index for index, seat in enumerate(self._seats)
                     if seat.kind is not SeatKind.CPU), HUMAN)

    @property
    def to_move(self) -> int | None:
        """The seat to bet or draw; between hands, the seat that deals the next one."""
        return self._to_move(self.state)

    def _to_move(self, state: State) -> int | None:
        if state.phase is Phase.GAME_OVER:
            return None
        if state.phase is not Phase.HAND_OVER:
            return state.to_act
        with_chips = [seat for seat in range(state.players) if state.chips[seat] > 0]
        person = self._hot_first(with_chips)
        return with_chips[0] if person is None else person

    def view(self, seat: int) -> View:
        """What ``seat`` may see of the present state (kept until the state changes: a screen
        asks for it many times a redraw)."""
        state = self.state
        cached = self._views.get(seat)
        if cached is None or cached[0] is not state:
            cached = (state, engine.view(state, seat))
            self._views[seat] = cached
        return cached[1]

    def moves(self, seat: int) -> tuple[Move | OpenLock, ...]:
        if seat != self.to_move or seat in self._stand_ins:
            return ()
        return (OPEN_LOCK,) if seat == self.locked else engine.legal_moves(self.state)

    def act(self, seat: int, move: Any) -> Answer[Event]:
        """``seat``'s move: its events, or the rules' sentence and nothing changed."""
        gate = self._gate(seat, move)
        if gate is not None:
            return gate
        try:
            state = engine.apply(self.state, move)
        except IllegalMove as refusal:
            return Answer.refused(str(refusal))
        if seat != self.to_move:
            return Answer.refused("It is not your turn.")
        if seat == self.you:
            self.your_moves += 1
        return self._moved(state)

    def cpu_step(self) -> CpuStep[Move] | None:
        version, state = self._now
        seat = self._to_move(state)
        if seat is None or not self.cpu_plays(seat):
            return None
        rng_state = self.rng_states[seat]
        if state.phase is Phase.HAND_OVER:
            return CpuStep(seat, NextHand(), rng_state, version)
        try:
            move, rng_state = self.cpu(engine.view(state, seat), rng_state)
        except ValueError:  # never expected; a CPU that has no answer must not stall a game
            move = engine.legal_moves(state)[0]
        return CpuStep(seat, move, rng_state, version)

    def play_cpu(self, step: CpuStep[Any]) -> Answer[Event]:
        """Make the chosen step. Should the engine ever refuse it, the CPU plays the first
        legal move instead of stalling the game."""
        seat = step.seat
        if step.version != self.version:
            return Answer.refused(STALE_STEP)
        if seat != self.to_move or not self.cpu_plays(seat):
            return Answer.refused("No CPU is to move.")
        try:
            state = engine.apply(self.state, step.move)
        except IllegalMove:
            state = engine.apply(self.state, engine.legal_moves(self.state)[0])
        states = self.rng_states
        self.rng_states = (*states[:seat], step.rng_state, *states[seat + 1 :])
        return self._moved(state)

    def _moved(self, state: State) -> Answer[Event]:
        before = len(self.state.history)
        self._now = (self.version + 1, state)
        self._passed()
        self._tally()
        return Answer(state.history[before:])

    def outcome(self) -> Outcome | None:
        return engine.outcome(self.state)

    def describe(self, event: Event, viewer: int) -> str:
        return wording.describe(event, viewer)

    def to_json(self) -> dict[str, Any]:
        """The whole game as JSON-ready data (every hand: it is your own save)."""
        return session_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], cpu: Cpu = ai.choose) -> PokerSession:
        """The session ``to_json`` gave; raises SaveFormatError with a sentence for a save
        that is malformed or does not fit together."""
        return read_session(cls, data, cpu)

    # ------------------------------------------------------------------ your side of it

    def cpu_to_move(self) -> bool:
        """A CPU seat is to move (to bet, draw or deal)."""
        seat = self.to_move
        return seat is not None and self.cpu_plays(seat)

    @property
    def chip_result(self) -> int:
        """Your chips now against your stack at the start (+ up, - down)."""
        return self.state.chips[self.you] - self.start_chips

    def _tally(self) -> None:
        """Count a hand once its result is in."""
        result = self.state.result
        if result is None or result.hand_number <= self.hands:
            return
        self.hands = result.hand_number
        won = sum(award.amount for award in result.awards
                  if award.seat == self.you and award.pot != "returned")
        if won:
            self.hands_won += 1
            self.biggest_pot = max(self.biggest_pot, won)

    def advice(self, seat: int | None = None) -> ai.Advice:
        """What the CPU would throw away in your place (or in ``seat``'s)."""
        seat = self.you if seat is None else seat
        return ai.advise_discard(self.view(seat), self.rng_states[seat])

    def at_stake(self) -> bool:
        """Leaving would lose something: you have acted (or a later hand is dealt), and the
        game is not over."""
        state = self.state
        if state.phase is Phase.GAME_OVER:
            return False
        first_move = state.hand_number == 1 and state.phase is Phase.FIRST_BETTING
        return not first_move or state.acted[self.you]

    def is_over(self) -> bool:
        return self.state.phase is Phase.GAME_OVER

    def ending(self, seat: int | None = None) -> tuple[str, list[str]]:
        """The end of the game as you (or ``seat``) read it: a title, the standings, the
        hands played and the last hand."""
        view = self.view(self.you if seat is None else seat)
        me: SeatView = view.seats[view.seat]
        if view.winner == view.seat:
            title = "You win the game!"
        elif me.chips == 0:
            title = "You are out of chips"
        else:
            title = "Game over"
        lines = ["Final standings:", *standings(view), f"Hands played: {view.hand_number}"]
        if view.result is not None:
            lines.append(f"Last hand: {wording.result_text(view)}.")
        return title, lines
