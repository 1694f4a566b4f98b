"""A Pesten table in progress for several people at one terminal: the hot seat.

Pure (no Textual). The table keeps the seats (who plays each, and the lock on each human's
hand), the engine state and the CPU players' seed. It turns "play these cards", "draw",
"take" into engine moves and says what became of them (``Answer``); legality comes from the
engine (``apply``, ``why_illegal``, ``legal_moves``).

Undo before the hand-off: while a human's turn lasts, and after a play that ended it until
the screen hands over (``hand_over``, the Done button), the player may take back their own
plays, one at a time. Never a draw, a take, or a play that gave them cards (a penalty):
those cards have been seen. A play that ends the round stays.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections import Counter
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import Final
from typing import NamedTuple

from tableau.ai import pesten as cpu
from tableau.cards import SUITS
from tableau.cards import AnyCard
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

NOTHING_TO_UNDO: Final = "Nothing to take back: you have not played this turn."
DRAW_STAYS: Final = "A drawn card has been seen, so the draw stays."
TAKE_STAYS: Final = "Taken cards have been seen, so the take stays."
PENALTY_STAYS: Final = "The penalty cards have been seen, so that play stays."
ROUND_STAYS: Final = "The round is over; its last play stays."


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

    def __init__(self, seats: Sequence[Seat], state: State, cpu_seed: int = 0,
                 table_id: str | None = None) -> None:
        if len(seats) != state.config.players:
            raise ValueError("Give one seat for each player.")
        self.seats = tuple(seats)
        self.state = state
        self.cpu_seed = cpu_seed
        self.table_id = table_id or secrets.token_hex(16)
        """The table's identity, the same across its saves and resumes (not its rounds' or
        matches'): the back-off after wrong passwords belongs to a seat at this table."""
        self._opened: set[int] = set()
        """Seats whose lock was opened this round."""
        self._undo: list[State] = []
        """The states before each play of the present human turn that may be taken back."""
        self._no_undo = NOTHING_TO_UNDO
        """Why nothing can be taken back when ``_undo`` is empty."""

    @classmethod
    def deal(
        cls,
        seats: Sequence[Seat],
        *,
        packs: int,
        jokers: int,
        dealer: int,
        seed: int,
        rules: Mapping[str, Any] | None = None,
    ) -> HotSeat:
        """Round 1 of a new match. ``rules`` are further ``engine.Config`` fields: the house
        rules and the match (``forgot_penalty``, ``match``, ``card_points``...)."""
        config = engine.Config(
            players=len(seats),
            packs=packs,
            jokers=jokers,
            seed=seed,
            names=tuple(seat.name for seat in seats),
            dealer=dealer,
            **(rules or {}),
        )
        return cls.dealt(seats, config)

    @classmethod
    def dealt(cls, seats: Sequence[Seat], config: engine.Config) -> HotSeat:
        """Round 1 of ``config``; the CPUs' seed follows from the deal's."""
        return cls(seats, engine.new_game(config), cpu_seed=config.seed ^ 0x5EED)

    def new_match(self, seed: int) -> HotSeat:
        """A new match at this table: the same seats (and locks) and rules, a fresh deal."""
        config = dataclasses.replace(self.state.config, seed=seed)
        table = HotSeat.dealt(self.seats, config)
        table.table_id = self.table_id
        return table

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
        self.hand_over()
        self.state = engine.apply(self.state, step.move)
        self.cpu_seed = step.seed

    def try_move(self, move: Move) -> Answer:
        before = self.state
        try:
            self.state = engine.apply(before, move)
        except IllegalMove as refusal:
            return Answer(False, str(refusal))
        self._keep_for_undo(before, move)
        return Answer(True)

    # -------------------------------------------------------------- undo

    def _keep_for_undo(self, before: State, move: Move) -> None:
        """Remember ``before`` if ``move`` may be taken back; else say why nothing before it
        can be (a move that showed the player new cards cuts the way back)."""
        seat = before.current
        if self._undo and self._undo[-1].current != seat:
            self.hand_over()  # another player's turn: theirs is gone
        new_cards = Counter(self.state.hands[seat]) - Counter(before.hands[seat])
        if self.over:
            why = ROUND_STAYS
        elif isinstance(move, Play) and not new_cards:
            self._undo.append(before)
            return
        elif isinstance(move, Play):
            why = PENALTY_STAYS
        elif isinstance(move, Take):
            why = TAKE_STAYS
        else:
            why = DRAW_STAYS  # a draw, or keeping the card drawn
        self._undo.clear()
        self._no_undo = why

    @property
    def can_undo(self) -> bool:
        """The last human to move may take back their last play."""
        return bool(self._undo)

    def undo(self) -> Answer:
        """Take back the last play of the present turn (it may have ended the turn, while the
        screen has not handed over yet): the hand, the pile and the turn are as before it."""
        if not self._undo:
            return Answer(False, self._no_undo)
        self.state = self._undo.pop()
        return Answer(True)

    def hand_over(self) -> None:
        """The turn has passed to the next player (Done): its plays stay."""
        self._undo.clear()
        self._no_undo = NOTHING_TO_UNDO

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
        """Take the pending stack; after a joker stack without a suit, ask for one. The suit
        is named as the cards are taken, in one engine step: nothing here shows a card
        before the take is made, so a take can never be looked at and called off."""
        if suit is None and self.state.stack and any(
            isinstance(move, Take) and move.suit is not None
            for move in engine.legal_moves(self.state)
        ):
            return Answer(False, "Name a suit.", needs_suit=True)
        return self.try_move(Take(suit))

    def pass_turn(self) -> Answer:
        return self.try_move(PASS)

    def next_round(self) -> None:
        self.state = engine.next_round(self.state)
        self._opened.clear()
        self.hand_over()

    # -------------------------------------------------------------- the match

    @property
    def match_over(self) -> bool:
        return engine.match_over(self.state)
