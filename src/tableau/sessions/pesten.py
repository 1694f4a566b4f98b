"""A Pesten table in progress for several people at one terminal (the hot seat), and at
other screens (remote seats, a table across screens).

Pure (no Textual). ``PestenSession`` is the Pesten shape of ``sessions.protocol.Session``: the
seats (who plays each, and the lock on each human's hand), the engine state, the CPUs' seed,
and the whole hand-over between the people at the terminal, which the table screen and the
line mode (``tableau pesten --plain``) both only draw:

- ``stage`` says what the terminal shows: a human's lock (``LOCK``: pass the terminal, and
  ``OPEN`` once the lock was opened), their open hand (``HAND``: engine moves), the hand kept
  on show after the turn (``REVIEW``: new cards lit, or Done/Undo after a play; ``DONE`` hands
  over), a CPU's turn (``CPU``: ``cpu_step``/``play_cpu``), or the round's end (``OVER``:
  ``NEXT_ROUND``, or once the match is over ``NEW_MATCH``).
- A remote seat plays at its own screen (``REMOTE`` while it is to move): no lock, its engine
  moves are taken at once, its turn passes at once (no review), and its plays stay (the
  whole table has seen them). An open seat (nobody sat down yet) is a remote seat: the round
  is dealt at once and waits at its turn until somebody takes it (``tableau.tables``).
  While its player is away a CPU may stand in for it (``stand_in``): the seat keeps its name
  and its hand, a CPU's turn is played for it, and ``come_back`` gives it back to its player.
  A hot seat whose screen is gone becomes a remote seat (``seat_elsewhere``). A lone hot seat
  beside remote seats opens its lock once for the match (nobody here to hide its hand from).
- Undo before the hand-over: while a human's turn lasts, and after a play that ended it until
  Done, the player may take back their own plays, one at a time. Never a draw, a take, or a
  play that gave them cards (a penalty): those cards have been seen. A play that ends the
  round stays.

Legality comes from the engine (``apply``, ``why_illegal``, ``legal_moves``); a jack or a
joker stack without a suit is refused with ``needs="suit"``. The sealed save is
``sessions.pesten_saves``.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections import Counter
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import Final

from tableau.ai import pesten as cpu
from tableau.cards import SUITS
from tableau.cards import AnyCard
from tableau.engines import pesten as engine
from tableau.engines.pesten import Event
from tableau.engines.pesten import Phase
from tableau.engines.pesten import Play
from tableau.engines.pesten import State
from tableau.engines.pesten import Take
from tableau.engines.pesten import View
from tableau.engines.pesten import wording
from tableau.engines.pesten.values import WordMove
from tableau.engines.protocol import IllegalMove
from tableau.engines.protocol import Outcome
from tableau.sessions.protocol import Answer
from tableau.sessions.protocol import CpuStep
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind
from tableau.sessions.seating import NOBODY_STANDS_IN
from tableau.sessions.seating import Stage
from tableau.sessions.seating import elsewhere_refusal
from tableau.sessions.seating import rename_refusal
from tableau.sessions.seating import stand_in_refusal
from tableau.sessions.seeds import fresh_seed
from tableau.sessions.versioned import Versioned
from tableau.storage.passwords import SeatLock

HUMAN: Final = "human"
"""Who plays a seat a person plays at this screen; every other is ``REMOTE`` or a
``tableau.ai.pesten`` kind."""
REMOTE: Final = "remote"
"""Who plays a seat a person plays at another screen (a table across screens)."""

NOTHING_TO_UNDO: Final = "Nothing to take back: you have not played this turn."
DRAW_STAYS: Final = "A drawn card has been seen, so the draw stays."
TAKE_STAYS: Final = "Taken cards have been seen, so the take stays."
PENALTY_STAYS: Final = "The penalty cards have been seen, so that play stays."
ROUND_STAYS: Final = "The round is over; its last play stays."
REMOTE_STAYS: Final = "A play made at a remote seat stays: the whole table has seen it."
CONTINUED_STAYS: Final = ("Nothing to take back since the game was continued: what was played "
                          "before stays.")
"""A sealed save keeps the table, not the turn's way back (its earlier tables name cards)."""
UNDO_REFUSALS: Final = (NOTHING_TO_UNDO, DRAW_STAYS, TAKE_STAYS, PENALTY_STAYS, ROUND_STAYS,
                        REMOTE_STAYS, CONTINUED_STAYS)
"""Why nothing can be taken back: a save may name only one of these."""
NO_REDO: Final = "Pesten has no redo: a play taken back is made again by playing it."
SELECT_FIRST: Final = "Select a card to play first (space, or click it)."
NAME_A_SUIT: Final = "Name a suit."
STALE_STEP: Final = "That CPU move was chosen for an earlier table; it is not played."
STAND_IN_LEVEL: Final = "careful"
"""The CPU that plays for an away player unless another kind is asked for."""


@dataclass(frozen=True, slots=True, init=False)
class Seat(SeatInfo):
    """One chair at the table: a name, who plays it (``"human"``, ``"remote"`` or a CPU kind,
    kept as the protocol's kind and level), and for a human here the lock on the hand."""

    lock: SeatLock | None = None

    def __init__(self, name: str, plays: str = HUMAN, lock: SeatLock | None = None) -> None:
        kind = {HUMAN: SeatKind.HUMAN, REMOTE: SeatKind.REMOTE}.get(plays, SeatKind.CPU)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "level", plays if kind is SeatKind.CPU else "")
        object.__setattr__(self, "lock", lock if kind is SeatKind.HUMAN else None)

    @property
    def is_human(self) -> bool:
        """A person plays it, here or at another screen."""
        return self.kind is not SeatKind.CPU

    @property
    def is_remote(self) -> bool:
        """A person plays it at another screen: no lock and no review here."""
        return self.kind is SeatKind.REMOTE

    @property
    def is_hot_seat(self) -> bool:
        """A person plays it at this screen."""
        return self.kind is SeatKind.HUMAN

    @property
    def plays(self) -> str:
        """``"human"``, ``"remote"`` or the CPU's kind: the word the saves and the settings
        keep."""
        return {SeatKind.HUMAN: HUMAN, SeatKind.REMOTE: REMOTE}.get(self.kind, self.level)


class Open(WordMove, word="open"):
    """The player to move opened the lock on their hand (the front end checked it)."""


class Done(WordMove, word="done"):
    """The player on show hands the terminal over."""


class NextRound(WordMove, word="next round"):
    """Deal the next round of the match (the deal moves one seat on)."""


class NewMatch(WordMove, word="new match"):
    """The match is over: the same seats and rules, a fresh deal from a fresh seed."""


OPEN: Final = Open()
DONE: Final = Done()
NEXT_ROUND: Final = NextRound()
NEW_MATCH: Final = NewMatch()
Move = engine.Move | Open | Done | NextRound | NewMatch


@dataclass(frozen=True, slots=True)
class Review:
    """A hand kept on show after its turn: ``new`` the cards the move gave it (lit), and
    ``played`` whether the move was a play (Undo may take it back)."""

    seat: int
    new: tuple[AnyCard, ...]
    played: bool


class PestenSession(Versioned):
    """The table: seats, the engine state, the CPUs' seed and the hand-over. Screens and the
    line mode draw its views and turn keys and typed lines into ``act``."""

    GAME = "pesten"

    def __init__(self, seats: Sequence[Seat], state: State, cpu_seed: int = 0,
                 table_id: str | None = None, *, version: int = 0,
                 new_seed: Callable[[], int] = fresh_seed,
                 no_undo: str = NOTHING_TO_UNDO) -> None:
        if len(seats) != state.config.players:
            raise ValueError("Give one seat for each player.")
        self.chairs = tuple(seats)
        self.state = state
        self.cpu_seed = cpu_seed
        self.table_id = table_id or secrets.token_hex(16)
        """The table's identity, the same across its saves, resumes and matches: the back-off
        after wrong passwords belongs to a seat at this table."""
        self._version = version
        self._new_seed = new_seed
        self._opened: set[int] = set()
        """Seats whose lock was opened this round (see ``_lone_at_shared_table``)."""
        self._open_seat: int | None = None
        """The seat whose lock is open this turn (until its hand is handed over)."""
        self.review: Review | None = None
        self._undo: list[State] = []
        """The states before each play of the present human turn that may be taken back."""
        self._no_undo = no_undo
        """Why nothing can be taken back when ``_undo`` is empty (``CONTINUED_STAYS`` on a
        table continued from its sealed save)."""
        self._stand_ins: dict[int, str] = {}
        """Remote seats a CPU plays for now (their player is away), and the CPU's kind."""

    @classmethod
    def deal(cls, seats: Sequence[Seat], *, packs: int, jokers: int, dealer: int, seed: int,
             rules: Mapping[str, Any] | None = None) -> PestenSession:
        """Round 1 of a new match. ``rules`` are further ``engine.Config`` fields: the house
        rules and the match (``forgot_penalty``, ``match``, ``card_points``...)."""
        config = engine.Config(
            players=len(seats), packs=packs, jokers=jokers, seed=seed,
            names=tuple(seat.name for seat in seats), dealer=dealer, **(rules or {}),
        )
        return cls.dealt(seats, config)

    @classmethod
    def dealt(cls, seats: Sequence[Seat], config: engine.Config) -> PestenSession:
        """Round 1 of ``config``; the CPUs' seed follows from the deal's."""
        return cls(seats, engine.new_game(config), cpu_seed=config.seed ^ 0x5EED)

    # -------------------------------------------------------------- the protocol's reads

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        return self.chairs

    @property
    def over(self) -> bool:
        """The round is over."""
        return self.state.phase is Phase.OVER

    @property
    def match_over(self) -> bool:
        return engine.match_over(self.state)

    @property
    def stage(self) -> Stage:
        if self.over:
            return Stage.OVER
        if self.review is not None:
            return Stage.REVIEW
        seat = self.state.current
        chair = self.chairs[seat]
        if not chair.is_human or seat in self._stand_ins:
            return Stage.CPU
        if chair.is_remote:
            return Stage.REMOTE
        return Stage.HAND if self._open_seat == seat or not self.must_unlock(seat) else (
            Stage.LOCK)

    @property
    def to_move(self) -> int | None:
        """The seat to act: at the round's end whoever deals on (the first human, or seat 0
        at a table of CPUs only, where the people watching decide)."""
        if self.review is not None:
            return self.review.seat
        if self.over:
            return next((seat for seat, chair in enumerate(self.chairs) if chair.is_human), 0)
        return self.state.current

    @property
    def revealed(self) -> int | None:
        """The seat whose hand is on the screen now, or None."""
        stage = self.stage
        if stage is Stage.REVIEW:
            return self.to_move
        return self.state.current if stage is Stage.HAND else None

    @property
    def cpu_to_move(self) -> bool:
        return self.stage is Stage.CPU

    def must_unlock(self, seat: int) -> bool:
        """Whether the seat's lock is shown before its hand: always, except for a remote seat
        (its hand is on its own screen) and for the one human at this screen once they opened
        it this round (nobody else here has a hand to hide)."""
        if self.chairs[seat].is_remote:
            return False
        lone = sum(chair.is_hot_seat for chair in self.chairs) == 1
        return not (lone and seat in self._opened)

    def _lone_at_shared_table(self) -> bool:
        """One hot seat here, the other people at their own screens: its lock, opened once,
        stays open for the match (at one screen a new round starts at the lock, as ever)."""
        return (sum(chair.is_hot_seat for chair in self.chairs) == 1
                and any(chair.is_remote for chair in self.chairs))

    def view(self, seat: int) -> View:
        return engine.view(self.state, seat)

    def moves(self, seat: int) -> tuple[Any, ...]:
        if seat != self.to_move:
            return ()
        stage = self.stage
        if stage is Stage.OVER:
            return (NEW_MATCH,) if self.match_over else (NEXT_ROUND,)
        if stage is Stage.REVIEW:
            return (DONE,)
        if stage is Stage.LOCK:
            return (OPEN,)
        return engine.legal_moves(self.state)

    def outcome(self) -> Outcome | None:
        """The round's end (each round is one game of the statistics)."""
        return engine.outcome(self.state)

    def describe(self, event: Event, viewer: int) -> str:
        """The sentence ``viewer`` reads for ``event`` (the session protocol's wording)."""
        return wording.describe(event, viewer)

    # -------------------------------------------------------------- acting

    def act(self, seat: int, move: Any) -> Answer[Event]:
        """Make ``move`` for ``seat``: its events, or a refusal with nothing changed."""
        if seat != self.to_move:
            return Answer.refused(self._not_yours(seat))
        stage = self.stage
        wanted = {Open: Stage.LOCK, Done: Stage.REVIEW, NextRound: Stage.OVER,
                  NewMatch: Stage.OVER}.get(type(move))
        if wanted is not None:
            if stage is not wanted or move not in self.moves(seat):
                return Answer.refused(self._not_now(move))
            return self._changed(self._flow(move))
        if stage not in (Stage.HAND, Stage.CPU, Stage.REMOTE):
            return Answer.refused(self._not_now(move))
        return self._engine_move(move)

    def _not_yours(self, seat: int) -> str:
        to_move = self.to_move
        if to_move is None or not 0 <= seat < len(self.chairs):
            return "Nobody may move now."
        return f"It is {self.chairs[to_move].name}'s turn, not {self.chairs[seat].name}'s."

    def _not_now(self, move: object) -> str:
        stage = self.stage
        if stage is Stage.LOCK:
            return "Open the lock on the hand first."
        if stage is Stage.REVIEW:
            return "Hand the turn over first (Done)."
        if stage is Stage.OVER:
            if self.match_over:
                return "The match is over; start a new match."
            return "The round is over; deal the next round."
        return f"That cannot be done now: {move}."

    def _flow(self, move: Open | Done | NextRound | NewMatch) -> tuple[Event, ...]:
        """A move of the hand-over (no engine move): what it changes, and its events."""
        if isinstance(move, Open):
            self._open_seat = self.state.current
            self._opened.add(self.state.current)
            return ()
        if isinstance(move, Done):
            self._hand_over()
            return ()
        if isinstance(move, NextRound):
            self.state = engine.next_round(self.state)
        else:
            config = dataclasses.replace(self.state.config, seed=self._new_seed())
            self.state = engine.new_game(config)
            self.cpu_seed = config.seed ^ 0x5EED
        if not self._lone_at_shared_table():
            self._opened.clear()
        self._hand_over()
        return self.state.history

    def _changed(self, events: tuple[Event, ...]) -> Answer[Event]:
        self._version += 1
        return Answer(events)

    def _engine_move(self, move: Any) -> Answer[Event]:
        if isinstance(move, Play) and not move.cards:
            return Answer.refused(SELECT_FIRST)
        before = self.state
        try:
            self.state = engine.apply(before, move)
        except IllegalMove as refusal:
            if self._needs_suit(move):
                return Answer.refused(NAME_A_SUIT, needs="suit")
            return Answer.refused(str(refusal))
        except (TypeError, AttributeError, ValueError):
            return Answer.refused(f"That is no move of Pesten: {move!r}.")
        self._after(before, move)
        return self._changed(self.state.history[len(before.history):])

    def _needs_suit(self, move: object) -> bool:
        """The move is legal once a suit is named: a jack (or a set ending in one), or a take
        of a joker stack."""
        state = self.state
        if isinstance(move, Play) and move.suit is None:
            named = Play(move.cards, SUITS[0], move.last_card)
            return engine.why_illegal(state, named) is None
        if isinstance(move, Take) and move.suit is None and state.stack:
            return Take(SUITS[0]) in engine.legal_moves(state)
        return False

    def _after(self, before: State, move: Any) -> None:
        """After an engine move of the seat to move: keep it for undo, and once the turn has
        passed, keep the hand on show (new cards, or a play Undo may take back) or hand over.
        The round's end comes at once; a remote seat's turn passes at once."""
        seat = before.current
        self._keep_for_undo(before, move)
        if self.chairs[seat].is_remote:
            if self.over:
                self._hand_over(ROUND_STAYS)
            elif self.state.current != seat:
                self._hand_over()
            return
        if not self.chairs[seat].is_human or self.over:
            self._open_seat = None if self.over else self._open_seat
            return
        if self.state.current == seat:
            return  # the turn goes on (a seven, a draw)
        new = Counter(self.state.hands[seat]) - Counter(before.hands[seat])
        if new or isinstance(move, Play):
            self.review = Review(seat, tuple(new.elements()), isinstance(move, Play))
        else:
            self._hand_over()

    def _hand_over(self, why: str = NOTHING_TO_UNDO) -> None:
        """The turn has passed to the next player (Done): its plays stay (``why`` says so)."""
        self.review = None
        self._open_seat = None
        self._undo.clear()
        self._no_undo = why

    # -------------------------------------------------------------- remote seats

    def name_seat(self, seat: int, name: str) -> Answer[Event]:
        """A remote seat takes the name of the player who sat down in it (an open seat has
        the opener's placeholder): the seat, the round's names and its history say it."""
        name = name.strip()
        problem = rename_refusal(self.chairs, seat, name)
        if problem is not None:
            return Answer.refused(problem)
        self.chairs = tuple(Seat(name, REMOTE) if index == seat else chair
                            for index, chair in enumerate(self.chairs))
        names = tuple(chair.name for chair in self.chairs)
        self.state = _renamed(self.state, names)
        self._undo = [_renamed(state, names) for state in self._undo]
        return self._changed(())

    @property
    def stand_ins(self) -> dict[int, str]:
        """The remote seats a CPU plays for now, and the CPU's kind (a copy)."""
        return dict(self._stand_ins)

    def stand_in(self, seat: int, level: str = STAND_IN_LEVEL) -> Answer[Event]:
        """A CPU of ``level`` plays for the remote ``seat`` while its player is away: the
        seat's name, hand and place stay, and ``come_back`` ends it."""
        problem = stand_in_refusal(self.chairs, self._stand_ins, seat, level, cpu.CPU_KINDS)
        if problem is not None:
            return Answer.refused(problem)
        self._stand_ins[seat] = level
        return self._changed(())

    def come_back(self, seat: int) -> Answer[Event]:
        """The player of ``seat`` is back: the CPU that stood in for them stops."""
        if self._stand_ins.pop(seat, None) is None:
            return Answer.refused(NOBODY_STANDS_IN)
        return self._changed(())

    def seat_elsewhere(self, seat: int) -> Answer[Event]:
        """The hot ``seat`` is played at another screen from now on (the opener's screen is
        gone): a remote seat, its lock closed. Caught on show (its lock open, or its review),
        its turn is handed over as a remote seat's is: what it played stays."""
        problem = elsewhere_refusal(self.chairs, seat)
        if problem is not None:
            return Answer.refused(problem)
        self.chairs = tuple(Seat(chair.name, REMOTE) if index == seat else chair
                            for index, chair in enumerate(self.chairs))
        self._opened.discard(seat)
        if self.review is not None and self.review.seat == seat:
            self._hand_over(REMOTE_STAYS)
        elif self._open_seat == seat:
            self._open_seat = None
            self._undo.clear()
            self._no_undo = REMOTE_STAYS
        return self._changed(())

    # -------------------------------------------------------------- CPUs

    def cpu_step(self) -> CpuStep[Any] | None:
        """The move the CPU to move chooses now, from its view. Changes nothing, so it may
        run away from the event loop; ``play_cpu`` makes the move."""
        if not self.cpu_to_move:
            return None
        seat = self.state.current
        choose = cpu.player(self._stand_ins.get(seat) or self.chairs[seat].level)
        move, rng_state = choose(engine.view(self.state, seat), self.cpu_seed)
        return CpuStep(seat, move, rng_state, self._version)

    def play_cpu(self, step: CpuStep[Any]) -> Answer[Event]:
        if step.version != self._version or not self.cpu_to_move or (
                step.seat != self.state.current):
            return Answer.refused(STALE_STEP)
        before = self.state
        try:
            self.state = engine.apply(before, step.move)
        except IllegalMove as refusal:
            return Answer.refused(str(refusal))
        self._hand_over()
        self.cpu_seed = step.rng_state
        return self._changed(self.state.history[len(before.history):])

    # -------------------------------------------------------------- undo

    def _keep_for_undo(self, before: State, move: Any) -> None:
        """Remember ``before`` if ``move`` may be taken back; else say why nothing before it
        can be (a move that showed the player new cards cuts the way back)."""
        seat = before.current
        if not self.chairs[seat].is_human:
            self._hand_over()
            return
        if self.chairs[seat].is_remote:
            self._undo.clear()
            self._no_undo = REMOTE_STAYS
            return
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
        """The human on show may take back their last play."""
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return False

    def undo(self) -> Answer[Event]:
        """Take back the last play of the present turn (it may have ended the turn, while
        Done has not handed over yet): the hand, the pile and the turn are as before it."""
        if not self._undo:
            return Answer.refused(self._no_undo)
        self.state = self._undo.pop()
        self.review = None
        self._open_seat = self.state.current
        return self._changed(())

    def redo(self) -> Answer[Event]:
        return Answer.refused(NO_REDO)

    # -------------------------------------------------------------- saves

    def to_json(self) -> dict[str, Any]:
        """The round as it stands: sealed (``pesten_saves``) when the table can be sealed,
        else open; only a sealed one is ever written (``pesten_saves.can_seal``)."""
        from tableau.sessions.pesten_saves import session_data

        return session_data(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any],
                  seats: Sequence[Seat] | None = None) -> PestenSession:
        """The session of ``to_json``; a sealed one needs ``seats`` whose locks are unsealed
        (``pesten_saves.saved_seats``). SaveFormatError (a SealError) with a sentence."""
        from tableau.sessions.pesten_saves import session_from

        return session_from(data, seats)


def _renamed(state: State, names: tuple[str, ...]) -> State:
    """``state`` with these seat names, in its config and in every event of its history."""
    return dataclasses.replace(
        state, config=dataclasses.replace(state.config, names=names),
        history=tuple(event._replace(names=names) for event in state.history))


def start(seats: Sequence[SeatInfo], seed: int, **options: Any) -> PestenSession:
    """A table for these seats (humans without a password, remote seats, any CPU kind), round
    1 dealt from ``seed``. ``options``: ``packs``, ``jokers``, ``dealer``, and Config's house
    rules."""
    plays = {SeatKind.HUMAN: HUMAN, SeatKind.REMOTE: REMOTE}
    chairs = [seat if isinstance(seat, Seat) else Seat(
        seat.name, plays.get(seat.kind) or seat.level or "careful") for seat in seats]
    packs = options.pop("packs", 1)
    jokers = options.pop("jokers", 2)
    dealer = options.pop("dealer", len(chairs) - 1)
    return PestenSession.deal(chairs, packs=packs, jokers=jokers, dealer=dealer, seed=seed,
                              rules=options)
