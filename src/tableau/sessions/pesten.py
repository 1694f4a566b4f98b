"""A Pesten table in progress for several people at one terminal: the hot seat.

Pure (no Textual). The table keeps the seats (who plays each, and the lock on each human's
hand), the engine state and the CPU players' seed. It turns "play these cards", "draw",
"take" into engine moves and says what became of them (``Answer``); legality comes from the
engine (``apply``, ``why_illegal``, ``legal_moves``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final
from typing import NamedTuple

from tableau.ai import pesten as cpu
from tableau.cards import SUITS
from tableau.cards import AnyCard
from tableau.cards import Joker
from tableau.cards import Suit
from tableau.engines import pesten as engine
from tableau.engines.pesten import DRAW
from tableau.engines.pesten import PASS
from tableau.engines.pesten import Move
from tableau.engines.pesten import Phase
from tableau.engines.pesten import Play
from tableau.engines.pesten import State
from tableau.engines.pesten import Take
from tableau.engines.pesten import View
from tableau.engines.protocol import IllegalMove
from tableau.storage.passwords import SeatLock

HUMAN: Final = "human"
"""The kind of a seat a person plays; every other kind is a ``tableau.ai.pesten`` kind."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One chair at the table: a name, who plays it, and (for a human) the lock on the hand."""

    name: str
    kind: str = HUMAN
    lock: SeatLock | None = None

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


@dataclass(frozen=True, slots=True)
class Answer:
    """What became of a move the player asked for."""

    ok: bool
    message: str = ""
    needs_suit: bool = False
    """The play is legal once a suit is named (a jack): ask for a suit."""


class CpuStep(NamedTuple):
    """A CPU's chosen move and the seed it leaves."""

    move: Move
    seed: int


class HotSeat:
    """The table: seats, the engine state and the CPU seed. The screen renders its views."""

    def __init__(self, seats: Sequence[Seat], state: State, cpu_seed: int = 0) -> None:
        if len(seats) != state.config.players:
            raise ValueError("Give one seat for each player.")
        self.seats = tuple(seats)
        self.state = state
        self.cpu_seed = cpu_seed
        self._opened: set[int] = set()
        """Seats whose lock was opened this round."""

    @classmethod
    def deal(
        cls, seats: Sequence[Seat], *, packs: int, jokers: int, dealer: int, seed: int
    ) -> HotSeat:
        config = engine.Config(
            players=len(seats),
            packs=packs,
            jokers=jokers,
            seed=seed,
            names=tuple(seat.name for seat in seats),
            dealer=dealer,
        )
        return cls(seats, engine.new_game(config), cpu_seed=seed ^ 0x5EED)

    # -------------------------------------------------------------- whose turn

    @property
    def current(self) -> int:
        return self.state.current

    @property
    def over(self) -> bool:
        return self.state.phase is Phase.OVER

    @property
    def human_to_move(self) -> bool:
        return self.seats[self.current].is_human

    @property
    def cpu_to_move(self) -> bool:
        return not self.over and not self.human_to_move

    def view(self, seat: int) -> View:
        return engine.view(self.state, seat)

    # -------------------------------------------------------------- locks

    def opened(self, seat: int) -> None:
        """The seat's player opened the lock on their hand."""
        self._opened.add(seat)

    def must_unlock(self, seat: int) -> bool:
        """Whether the seat's lock is shown before its hand: always, except for the one human
        at the table once they opened it this round (nobody else has a hand to hide)."""
        lone = sum(chair.is_human for chair in self.seats) == 1
        return not (lone and seat in self._opened)

    # -------------------------------------------------------------- moves

    def cpu_choose(self) -> CpuStep:
        """The move the CPU to move chooses now. Changes nothing, so it may run away from the
        event loop; ``cpu_play`` makes the move."""
        seat = self.current
        choose = cpu.player(self.seats[seat].kind)
        return CpuStep(*choose(engine.view(self.state, seat), self.cpu_seed))

    def cpu_play(self, step: CpuStep) -> None:
        self.state = engine.apply(self.state, step.move)
        self.cpu_seed = step.seed

    def try_move(self, move: Move) -> Answer:
        try:
            self.state = engine.apply(self.state, move)
        except IllegalMove as refusal:
            return Answer(False, str(refusal))
        return Answer(True)

    def play(
        self, cards: Sequence[AnyCard], *, last_card: bool, suit: Suit | None = None
    ) -> Answer:
        """Play these cards in this order. Without a suit, a jack asks for one first."""
        if not cards:
            return Answer(False, "Select a card to play first (space, or click it).")
        move = Play(tuple(cards), suit, last_card)
        if suit is None:
            problem = engine.why_illegal(self.state, move)
            if problem is not None:
                named = Play(tuple(cards), SUITS[0], last_card)
                if engine.why_illegal(self.state, named) is None:
                    return Answer(False, "Name a suit.", needs_suit=True)
                return Answer(False, problem)
        return self.try_move(move)

    def draw(self) -> Answer:
        return self.try_move(DRAW)

    def take(self, suit: Suit | None = None) -> Answer:
        """Take the pending stack; after a joker stack without a suit, ask for one."""
        if suit is None and self.state.stack and any(
            isinstance(move, Take) and move.suit is not None
            for move in engine.legal_moves(self.state)
        ):
            return Answer(False, "Name a suit.", needs_suit=True)
        return self.try_move(Take(suit))

    def hand_after_take(self) -> tuple[AnyCard, ...]:
        """The seat to move's hand once it takes the pending stack: shown to the taker before
        a joker stack's suit is named (the suit does not change which cards come)."""
        suit = SUITS[0] if isinstance(self.state.top, Joker) else None
        return engine.apply(self.state, Take(suit)).hands[self.current]

    def pass_turn(self) -> Answer:
        return self.try_move(PASS)

    def next_round(self) -> None:
        self.state = engine.next_round(self.state)
        self._opened.clear()
