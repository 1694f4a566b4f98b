"""A game of Poker in progress: you in seat 0 against 1 to 5 CPU players (pure).

The session keeps the engine's state and every seat's ``rng_state`` for the CPU contract (the
human's serves the advice, so it is what the CPU would do in your place). It deals new games
with fresh seeds, plays the CPUs' steps, and words the end of a game. The screen renders
``session.view``, the human's view, so a CPU's cards cannot reach the screen before the
showdown.

The session also keeps the tallies of the game for the statistics (hands played and won, the
biggest pot you won) and the screen's note, and ``to_json``/``from_json`` keep all of it, so a
resumed evening goes on exactly as an uninterrupted one would.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import replace
from typing import Any
from typing import Final

from tableau.ai import poker as ai
from tableau.engines import poker as engine
from tableau.engines.poker import Move
from tableau.engines.poker import Phase
from tableau.engines.poker import SeatView
from tableau.engines.poker import State
from tableau.engines.poker import View
from tableau.engines.poker.game import MAX_CHIPS
from tableau.engines.protocol import Cpu
from tableau.engines.protocol import IllegalMove
from tableau.engines.protocol import SaveFormatError
from tableau.engines.protocol import read_header
from tableau.engines.rng import fresh_seed_from

HUMAN: Final = 0
"""Your seat."""
DEFAULT_CPUS: Final = 3
MAX_CPUS: Final = 5
RUNNING: Final = (Phase.FIRST_BETTING, Phase.DRAW, Phase.SECOND_BETTING)
SAVE_KIND: Final = "poker-session"
SAVE_VERSION: Final = 1


def first_rng_states(seed: int, players: int) -> tuple[int, ...]:
    """Each seat's key for the CPU contract, drawn from the game's seed."""
    root = fresh_seed_from(seed, 2)
    return tuple(fresh_seed_from(root, seat) for seat in range(players))


@dataclass(frozen=True, slots=True)
class CpuStep:
    """A CPU's chosen move and its ``rng_state`` afterwards."""

    seat: int
    move: Move
    rng_state: int


def standings(view: View) -> list[str]:
    """Every player's final place and chips, first place first (``View.places``: the later
    out of chips, the higher): "1. Bram: 312 chips"."""
    order = sorted(view.seats, key=lambda seat: view.places[seat.seat])
    return [f"{view.places[seat.seat]}. {seat.name}: {engine.chips_text(seat.chips)}"
            for seat in order]


class PokerSession:
    """``PokerSession(cpus=3, seed=7)``: a table of ``cpus`` CPU players and you, each with
    ``chips`` to start (the engine's default unless given). ``cpu`` plays every CPU seat."""

    def __init__(self, cpus: int, seed: int, chips: int | None = None,
                 cpu: Cpu = ai.choose) -> None:
        self.cpus = cpus
        self.chips = chips
        self.first_seed = seed
        self.cpu = cpu
        self.games = 0
        self._view: tuple[State, View] | None = None
        self._deal()

    def _deal(self) -> None:
        games = self.games
        self.seed = self.first_seed if games == 0 else fresh_seed_from(self.first_seed, games)
        """This game's seed."""
        config = engine.Config(players=self.cpus + 1, seed=self.seed, stop_when_out=HUMAN)
        if self.chips is not None:
            config = replace(config, chips=self.chips)
        self.start_chips = config.chips
        self.state = engine.new_game(config)
        self.rng_states = first_rng_states(self.seed, config.players)
        self.note = ""
        """What your last move or request told (a draw, advice), for the message line."""
        self.marks: tuple[int, ...] = ()
        """The cards of your hand marked to throw away (indices, in the order marked)."""
        self.moves = 0
        """Your moves in this game."""
        self.hands = 0
        """Hands of this game that have ended (you are dealt into every one)."""
        self.hands_won = 0
        self.biggest_pot = 0
        """The most chips you won from the pots of one hand."""

    def new_game(self) -> None:
        """A fresh game with the same table and a new seed."""
        self.games += 1
        self._deal()

    @property
    def chip_result(self) -> int:
        """Your chips now against your stack at the start (+ up, - down)."""
        return self.state.chips[HUMAN] - self.start_chips

    def _tally(self) -> None:
        """Count a hand once its result is in."""
        result = self.state.result
        if result is None or result.hand_number <= self.hands:
            return
        self.hands = result.hand_number
        won = sum(award.amount for award in result.awards
                  if award.seat == HUMAN and award.pot != "returned")
        if won:
            self.hands_won += 1
            self.biggest_pot = max(self.biggest_pot, won)

    @property
    def view(self) -> View:
        """What you may see of the present state (kept until the state changes: a screen
        asks for it many times a redraw)."""
        cached = self._view
        if cached is None or cached[0] is not self.state:
            cached = (self.state, engine.view(self.state, HUMAN))
            self._view = cached
        return cached[1]

    def play(self, move: Move) -> None:
        """Your move; raises IllegalMove with the engine's sentence and changes nothing."""
        self.state = engine.apply(self.state, move)
        self.moves += 1
        self._tally()

    def advice(self) -> ai.Advice:
        """What the CPU would throw away in your place."""
        return ai.advise_discard(self.view, self.rng_states[HUMAN])

    # ------------------------------------------------------------------ the CPU players

    def cpu_to_move(self) -> bool:
        """A CPU seat is to act (bet or draw)."""
        state = self.state
        return state.phase in RUNNING and state.to_act is not None and state.to_act != HUMAN

    def cpu_choose(self, state: State) -> CpuStep:
        """The step of the CPU to act in ``state``. Pure: it may run away from the screen."""
        seat = state.to_act
        assert seat is not None
        try:
            move, rng_state = self.cpu(engine.view(state, seat), self.rng_states[seat])
        except ValueError:  # never expected; a CPU that has no answer must not stall a game
            move, rng_state = engine.legal_moves(state)[0], self.rng_states[seat]
        return CpuStep(seat, move, rng_state)

    def cpu_play(self, step: CpuStep) -> None:
        """Make the chosen step. Should the engine ever refuse it, the CPU plays the first
        legal move instead of stalling the game."""
        try:
            self.state = engine.apply(self.state, step.move)
        except IllegalMove:
            self.state = engine.apply(self.state, engine.legal_moves(self.state)[0])
        states = self.rng_states
        self.rng_states = (*states[: step.seat], step.rng_state, *states[step.seat + 1 :])
        self._tally()

    # ------------------------------------------------------------------ the game as a whole

    def at_stake(self) -> bool:
        """Leaving would lose something: you have acted (or a later hand is dealt), and the
        game is not over."""
        state = self.state
        if state.phase is Phase.GAME_OVER:
            return False
        first_move = state.hand_number == 1 and state.phase is Phase.FIRST_BETTING
        return not first_move or state.acted[HUMAN]

    def is_over(self) -> bool:
        return self.state.phase is Phase.GAME_OVER

    def ending(self) -> tuple[str, list[str]]:
        """The end of the game: a title, the standings, the hands played and the last hand."""
        view = self.view
        me: SeatView = view.seats[HUMAN]
        if view.winner == HUMAN:
            title = "You win the game!"
        elif me.chips == 0:
            title = "You are out of chips"
        else:
            title = "Game over"
        lines = ["Final standings:", *standings(view), f"Hands played: {view.hand_number}"]
        if view.result is not None:
            lines.append(f"Last hand: {view.result_text}.")
        return title, lines

    # ------------------------------------------------------------------ saving

    def to_json(self) -> dict[str, Any]:
        """The whole game as JSON-ready data (every hand: it is your own save)."""
        return {
            "game": SAVE_KIND, "version": SAVE_VERSION, "cpus": self.cpus,
            "chips": self.chips, "first_seed": self.first_seed, "games": self.games,
            "rng_states": list(self.rng_states), "note": self.note, "marks": list(self.marks),
            "moves": self.moves,
            "hands": self.hands, "hands_won": self.hands_won, "biggest_pot": self.biggest_pot,
            "state": engine.to_json(self.state),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], cpu: Cpu = ai.choose) -> PokerSession:
        """The session ``to_json`` gave; raises SaveFormatError with a sentence for a save
        that is malformed or does not fit together."""
        read = read_header(data, SAVE_KIND, "Poker", SAVE_VERSION)
        cpus = read.integer("cpus", 1, MAX_CPUS)
        chips = read.optional_integer("chips", 1, MAX_CHIPS)
        session = cls(cpus, read.integer("first_seed"), chips, cpu)
        session.games = read.integer("games")
        session._deal()  # this game's seed and starting stack
        state = engine.from_json(read.get("state"))
        if state.players != cpus + 1 or state.stop_when_out != HUMAN:
            raise SaveFormatError("The save's table does not match its players.")
        states = read.items("rng_states", cpus + 1)
        if not all(type(value) is int and 0 <= value < 2**64 for value in states):
            raise SaveFormatError("'rng_states' in the save must hold whole numbers.")
        session.state, session.rng_states = state, tuple(states)
        session.note = read.text("note", 2000)
        marks = read.items("marks")
        if (not all(type(mark) is int and 0 <= mark < 5 for mark in marks)
                or len(set(marks)) != len(marks)):
            raise SaveFormatError("'marks' in the save must hold different card places 0 to 4.")
        session.marks = tuple(marks)
        session.moves = read.integer("moves")
        session.hands = read.integer("hands", 0, state.hand_number)
        session.hands_won = read.integer("hands_won", 0, session.hands)
        session.biggest_pot = read.integer("biggest_pot", 0, state.total_chips)
        return session
