"""The Pesten screen's controls: seats, turn order, and turning a selection into a move.

No widget lives here and no rule either. Legality comes from the engine (``legal_moves``,
``why_illegal``, ``apply``); this module only keeps the hot-seat bookkeeping (which seat is
human, whose lock guards which hand, whose turn it is) and translates "these cards, in this
order, with last card armed" into an engine move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tableau.cards import SUITS, AnyCard, Card, Joker, Rank, Suit
from tableau.engines import pesten as engine
from tableau.engines.pesten import DRAW, PASS, Draw, Move, Pass, Phase, Play, State, Take, View
from tableau.engines.protocol import IllegalMove
from tableau.storage.passwords import SeatLock

HUMAN: Final = "human"
KINDS: Final = (
    (HUMAN, "Human"),
    ("random", "CPU (random)"),
    ("careful", "CPU (careful)"),
)
"""Seat kinds as (key, label); every key but HUMAN is a ``tableau.ai.pesten`` kind."""

DEFAULT_NAMES: Final = ("Anna", "Bram", "Cor", "Daan", "Eva", "Fleur", "Gijs", "Hanna")

SUIT_KEYS: Final = {"1": Suit.CLUBS, "2": Suit.DIAMONDS, "3": Suit.HEARTS, "4": Suit.SPADES,
                    "c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES}


@dataclass(frozen=True, slots=True)
class Seat:
    """One chair at the table: a name, who plays it, and (for a human) the lock on the hand."""

    name: str
    kind: str = HUMAN
    lock: SeatLock | None = None

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


# ------------------------------------------------------------------ what the table may show


def public(view: View) -> View:
    """The same view with every private part removed: what anybody at the table may see.

    Lock screens and CPU turns render only this, so no hand can reach the screen there.
    """
    return view._replace(hand=(), drawn=None, legal=())


def pending_text(view: View) -> str:
    """The effect waiting for the player to move: "2-stack: take 6 or answer with a 2 or 3♠"."""
    if view.to_move is None:  # the round is over
        return ""
    name = view.names[view.to_move]
    if view.stack_kind == "joker":
        return f"Joker: {name} takes {view.stack} or plays a joker."
    if view.stack_kind == "two":
        top = view.top
        answers = "a 2"
        if isinstance(top, Card):
            word = _rank_word(top)
            answers = f"{'an' if word in ('8', 'ace') else 'a'} {word}"
            higher = _next_up(top)
            if higher is not None:
                answers += f" or the {higher.face}"
        return f"2-stack: {name} takes {view.stack} or answers with {answers}."
    if view.phase is Phase.DRAWN:
        return f"{name} drew a card: plays it if it fits, or keeps it."
    if view.series:
        return f"Seven: {name} plays again."
    return ""


def _rank_word(card: Card) -> str:
    value = card.rank.value
    return str(value) if 2 <= value <= 10 else card.rank.noun


def _next_up(card: Card) -> Card | None:
    if card.rank.value >= 13:
        return None
    return Card(Rank(card.rank.value + 1), card.suit)


def declared_last_card(view: View) -> tuple[bool, ...]:
    """Per seat: called "last card" and still holds one card (the public marker)."""
    marks = []
    for seat, count in enumerate(view.hand_counts):
        called = False
        for event in view.history:
            if event.seat != seat:
                continue
            if event.kind == "last_card":
                called = True
            elif event.kind in ("draw", "take", "penalty"):
                called = False
        marks.append(called and count == 1)
    return tuple(marks)


def direction_text(view: View) -> str:
    return "↻ clockwise" if view.direction > 0 else "↺ anticlockwise"


# ------------------------------------------------------------------ hands on screen


def _sort_key(card: AnyCard) -> tuple[int, int]:
    if isinstance(card, Card):
        return SUITS.index(card.suit), card.rank.value
    return len(SUITS), 0


def arranged(hand: Sequence[AnyCard]) -> tuple[AnyCard, ...]:
    """The hand as the screen shows it: by suit, then rank; jokers last."""
    return tuple(sorted(hand, key=_sort_key))


def can_extend(view: View, chosen: Sequence[AnyCard], card: AnyCard) -> bool:
    """Whether ``card``, selected after ``chosen``, still starts a legal play (the engine
    decides; ``why_illegal`` has the last word when the play is made)."""
    return engine.starts_a_play(view, [*chosen, card])


def only_draw(view: View) -> bool:
    """No card can be played: drawing is the one move left."""
    return bool(view.legal) and all(isinstance(move, Draw) for move in view.legal)


def only_keep(view: View) -> bool:
    """The card just drawn does not fit: keeping it (and ending the turn) is the one move."""
    return bool(view.legal) and all(isinstance(move, Pass) for move in view.legal)


def can_take(view: View) -> bool:
    return any(isinstance(move, Take) for move in view.legal)


def can_pass(view: View) -> bool:
    return any(isinstance(move, Pass) for move in view.legal)


# ------------------------------------------------------------------ the hot-seat table


@dataclass(frozen=True, slots=True)
class Answer:
    """What became of a move the player asked for."""

    ok: bool
    message: str = ""
    needs_suit: bool = False
    """The play is legal once a suit is named (a jack): open the suit chooser."""


class HotSeat:
    """The table: seats, the engine state and the CPU seeds. The screen renders its views."""

    def __init__(self, seats: Sequence[Seat], state: State, cpu_seed: int = 0) -> None:
        if len(seats) != state.config.players:
            raise ValueError("Give one seat for each player.")
        self.seats = tuple(seats)
        self.state = state
        self.cpu_seed = cpu_seed

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
    def current_is_human(self) -> bool:
        return self.seats[self.current].is_human

    @property
    def human_count(self) -> int:
        return sum(seat.is_human for seat in self.seats)

    def view(self, seat: int) -> View:
        return engine.view(self.state, seat)

    def public_view(self) -> View:
        return public(engine.view(self.state, self.current))

    # -------------------------------------------------------------- moves

    def cpu_move(self) -> Move:
        """Let the CPU in the current seat move. Returns the move it made."""
        from tableau.ai import pesten as cpu

        seat = self.seats[self.current]
        move, self.cpu_seed = cpu.player(seat.kind)(engine.view(self.state, self.current),
                                                    self.cpu_seed)
        self.state = engine.apply(self.state, move)
        return move

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
        """The current seat's hand once it takes the pending stack: shown to the taker before
        a joker stack's suit is named (the suit does not change which cards come)."""
        suit = SUITS[0] if isinstance(self.state.top, Joker) else None
        return engine.apply(self.state, Take(suit)).hands[self.current]

    def pass_turn(self) -> Answer:
        return self.try_move(PASS)

    def next_round(self) -> None:
        self.state = engine.next_round(self.state)
