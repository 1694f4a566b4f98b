"""Five-card draw, fixed limit, for 2 to 6 players (pure).

One hand: everyone with chips antes, five cards each, a betting round, the draw, a second
betting round, the showdown. Bets are fixed: ``small_bet`` before the draw and ``big_bet``
after, with one bet and at most ``max_raises`` raises per round.

Short stacks (the ruling, see docs/rules/poker.md): a bet or raise needs the full amount;
a player who cannot cover a call may call all-in for what they have. Every chip a player puts
in counts toward the pots up to that player's total, so side pots form on their own and each
is won by the best hand among the players who paid into it. Chips no one else matched go
back to the player who put them in.

The history is neutral: a line names its players by seat ("{2:folds}."). A seat's view
words it for that seat (``View.lines``), whose own lines say "You fold." (see ``word``).
Who is human is not the engine's business: ``Config.stop_when_out`` only says whose running
out of chips ends the game.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace
from enum import Enum
from functools import lru_cache
from itertools import combinations
from string import Formatter
from typing import Any
from typing import Final

from tableau.cards import FULL_DECK
from tableau.cards import Card
from tableau.cards import CardError
from tableau.cards import Rank
from tableau.cards import parse_card
from tableau.cards import parse_cards
from tableau.engines.poker.evaluator import describe
from tableau.engines.poker.evaluator import hand_info
from tableau.engines.protocol import IllegalMove
from tableau.engines.protocol import Outcome
from tableau.engines.protocol import SaveFormatError
from tableau.engines.protocol import SaveReader
from tableau.engines.protocol import read_header
from tableau.engines.protocol import results_for
from tableau.engines.rng import fresh_seed_from
from tableau.engines.rng import shuffled

__all__ = [
    "BET",
    "CALL",
    "CHECK",
    "FOLD",
    "NAMES",
    "RAISE",
    "YOU",
    "Action",
    "ActionKind",
    "Award",
    "Config",
    "Draw",
    "Event",
    "HandResult",
    "Line",
    "Move",
    "NextHand",
    "Phase",
    "SeatView",
    "Showdown",
    "State",
    "View",
    "apply",
    "chips_text",
    "from_json",
    "legal_draws",
    "legal_moves",
    "max_discard",
    "new_game",
    "outcome",
    "parse_move",
    "places",
    "to_json",
    "view",
    "word",
]

NAMES: Final = ("Anna", "Bram", "Cato", "Dirk", "Eva", "Fenna")
"""The players' names when the config gives none."""
YOU: Final = "You"
"""How a view names its own seat."""
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
MAX_CHIPS: Final = 1_000_000
SAVE_VERSION: Final = 2


class Phase(Enum):
    FIRST_BETTING = "first betting"
    DRAW = "draw"
    SECOND_BETTING = "second betting"
    HAND_OVER = "hand over"
    GAME_OVER = "game over"

    @property
    def label(self) -> str:
        return _PHASE_LABELS[self]


_PHASE_LABELS: Final = {
    Phase.FIRST_BETTING: "betting before the draw",
    Phase.DRAW: "the draw",
    Phase.SECOND_BETTING: "betting after the draw",
    Phase.HAND_OVER: "hand over",
    Phase.GAME_OVER: "game over",
}
_BETTING: Final = (Phase.FIRST_BETTING, Phase.SECOND_BETTING)


# ---------------------------------------------------------------- moves

class ActionKind(Enum):
    CHECK = "check"
    BET = "bet"
    CALL = "call"
    RAISE = "raise"
    FOLD = "fold"


@dataclass(frozen=True, slots=True)
class Action:
    """A betting action; the amount follows from the fixed limits."""

    kind: ActionKind

    def __str__(self) -> str:
        return self.kind.value


def _sort_key(card: Card) -> tuple[int, str]:
    """High to low, ace high; suits in a fixed order after that."""
    high = 14 if card.rank is Rank.ACE else int(card.rank)
    return (-high, card.suit.value)


def _discards(items: object) -> tuple[Card, ...]:
    """The cards of a draw; card codes ("AH") are read as cards, anything else is refused."""
    refusal = "A draw names the cards to throw away, like draw 7S 4C."
    if not isinstance(items, (tuple, list)):
        raise IllegalMove(refusal)
    cards: list[Card] = []
    for item in items:
        try:
            cards.append(item if isinstance(item, Card) else parse_card(str(item)))
        except CardError:
            raise IllegalMove(refusal) from None
    return tuple(cards)


@dataclass(frozen=True, slots=True)
class Draw:
    """Throw these cards away and draw as many; ``Draw(())`` stands pat."""

    discards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "discards", tuple(sorted(_discards(self.discards), key=_sort_key)))

    def __str__(self) -> str:
        if not self.discards:
            return "stand pat"
        return "draw " + " ".join(str(card) for card in self.discards)


@dataclass(frozen=True, slots=True)
class NextHand:
    """Deal the next hand (after a hand is over)."""

    def __str__(self) -> str:
        return "next hand"


Move = Action | Draw | NextHand

CHECK: Final = Action(ActionKind.CHECK)
BET: Final = Action(ActionKind.BET)
CALL: Final = Action(ActionKind.CALL)
RAISE: Final = Action(ActionKind.RAISE)
FOLD: Final = Action(ActionKind.FOLD)


def parse_move(text: str) -> Move:
    """Read "check", "bet", "call", "raise", "fold", "draw 7S 4C", "stand pat" or "next"."""
    words = text.strip().lower().split()
    if not words:
        raise IllegalMove("Type a move: check, bet, call, raise, fold, draw CARDS or stand pat.")
    head = words[0]
    for kind in ActionKind:
        if head == kind.value and len(words) == 1:
            return Action(kind)
    if words in (["stand", "pat"], ["pat"], ["draw"], ["draw", "0"]):
        return Draw(())
    if head in ("draw", "discard"):
        try:
            return Draw(parse_cards(" ".join(words[1:])))
        except CardError as error:
            raise IllegalMove(str(error)) from None
    if words in (["next"], ["next", "hand"], ["deal"]):
        return NextHand()
    shown = text.strip()[:20]
    raise IllegalMove(
        f"'{shown}' is not a poker move; try check, bet, call, raise, fold, draw CARDS "
        "or stand pat."
    )


# ---------------------------------------------------------------- results and events

class _Wording(Formatter):
    """Fills a pattern's seat fields: ``{2}`` is seat 2's name, ``{2:folds}`` its name and the
    verb, ``{2:-is}`` the verb alone. The reader's own seat is "you", and its verbs agree."""

    def __init__(self, names: Sequence[str], reader: int | None) -> None:
        super().__init__()
        self.names = names
        self.reader = reader

    def format_field(self, value: Any, format_spec: str) -> str:
        you = value == self.reader
        name = "you" if you else self.names[value]  # "You" only where a sentence begins
        if not format_spec:
            return name
        verb = format_spec.removeprefix("-")
        if you:
            verb = _agreeing(verb)
        return verb if format_spec.startswith("-") else f"{name} {verb}"


def _agreeing(verb: str) -> str:
    """ "bets" -> "bet", "is" -> "are": the verb after "You"."""
    if verb == "is":
        return "are"
    return verb[:-2] if verb.endswith(("ches", "shes", "sses")) else verb[:-1]


@lru_cache(maxsize=4096)
def word(pattern: str, names: tuple[str, ...], reader: int | None = None) -> str:
    """A pattern of the history in words, for ``reader`` (None: every seat by its name).
    The reader is "You" where a sentence or a heading's text begins ("Hand 2: You deal."),
    else "you" ("2 unmatched goes back to you")."""
    wording = _Wording(names, reader)
    text = ""
    for literal, field, spec, _ in wording.parse(pattern):
        text += literal
        if field is None:
            continue
        seat = int(field)
        said = wording.format_field(seat, spec or "")
        if seat == reader and (not text.strip() or text.rstrip().endswith((".", ":"))):
            said = "Y" + said[1:]
        text += said
    return text


def _seat(seat: int, verb: str = "") -> str:
    """A seat's field in a pattern: its name, followed by ``verb`` when one is given."""
    return f"{{{seat}:{verb}}}" if verb else f"{{{seat}}}"


@dataclass(frozen=True, slots=True)
class Event:
    """One public line of history; ``said`` is its pattern (see ``word``)."""

    said: str
    kind: str = "info"
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Line:
    """A line of history in the words of one seat."""

    text: str
    kind: str
    seat: int | None

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Showdown:
    """A hand turned face up at the showdown."""

    seat: int
    cards: tuple[Card, ...]
    text: str
    value: int


@dataclass(frozen=True, slots=True)
class Award:
    """Chips won from one pot ("main pot", "side pot 1", or "returned" for an unmatched bet)."""

    seat: int
    amount: int
    pot: str


@dataclass(frozen=True, slots=True)
class HandResult:
    hand_number: int
    pot: int
    by_fold: bool
    shown: tuple[Showdown, ...]
    awards: tuple[Award, ...]
    said: str
    """Who won what, as a pattern (see ``word``)."""

    def won_by(self, seat: int) -> int:
        """Chips this seat took from the pot (its own returned chips included)."""
        return sum(award.amount for award in self.awards if award.seat == seat)


# ---------------------------------------------------------------- config and state

@dataclass(frozen=True, slots=True)
class Config:
    players: int = 4
    names: tuple[str, ...] = ()
    seed: int = 0
    chips: int = 100
    ante: int = 1
    small_bet: int = 2
    big_bet: int = 4
    max_raises: int = 3
    stop_when_out: int | None = None
    """The game ends when this seat runs out of chips (a human at a table of CPUs); None
    plays on until one player holds every chip."""

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(
                f"Poker needs {MIN_PLAYERS} to {MAX_PLAYERS} players (you and 1 to 5 CPUs), "
                f"not {self.players}."
            )
        if self.stop_when_out is not None and not 0 <= self.stop_when_out < self.players:
            raise ValueError(f"There is no seat {self.stop_when_out} to stop the game.")
        if self.names and len(self.names) != self.players:
            raise ValueError(f"Give {self.players} names, one per player, or none.")
        if any(not name.strip() or len(name) > 20 for name in self.names):
            raise ValueError("Each name needs 1 to 20 characters.")
        if len({name.strip().lower() for name in self.names}) != len(self.names):
            raise ValueError("Two players cannot share a name.")
        if not 1 <= self.chips <= MAX_CHIPS:
            raise ValueError(f"Starting chips must be 1 to {MAX_CHIPS}, not {self.chips}.")
        if not 0 <= self.ante <= self.chips:
            raise ValueError(f"The ante must be 0 to the starting chips, not {self.ante}.")
        if not 1 <= self.small_bet <= self.big_bet <= MAX_CHIPS:
            raise ValueError("Bets must be positive, and the big bet at least the small bet.")
        if not 0 <= self.max_raises <= 10:
            raise ValueError(f"The raise cap must be 0 to 10, not {self.max_raises}.")

    def player_names(self) -> tuple[str, ...]:
        if self.names:
            return tuple(name.strip() for name in self.names)
        return NAMES[: self.players]


@dataclass(frozen=True, slots=True)
class State:
    """One snapshot of the game. ``pot`` plus every ``chips`` entry is always the same total."""

    names: tuple[str, ...]
    ante: int
    small_bet: int
    big_bet: int
    max_raises: int
    stop_when_out: int | None
    seed: int
    hand_number: int
    button: int
    phase: Phase
    chips: tuple[int, ...]
    pot: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    muck: tuple[Card, ...]
    dealt: tuple[bool, ...]
    folded: tuple[bool, ...]
    put_in: tuple[int, ...]
    bets: tuple[int, ...]
    acted: tuple[bool, ...]
    raises: int
    to_act: int | None
    drew: tuple[int | None, ...]
    last_actions: tuple[str, ...]
    history: tuple[Event, ...]
    result: HandResult | None
    out_places: tuple[int | None, ...]
    """Each seat's final place, fixed in the hand it ran out of chips (None while it has
    chips); see ``places``."""

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def current_bet(self) -> int:
        return max(self.bets)

    @property
    def bet_size(self) -> int:
        return self.big_bet if self.phase is Phase.SECOND_BETTING else self.small_bet

    @property
    def total_chips(self) -> int:
        return sum(self.chips) + self.pot


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    name: str
    chips: int
    card_count: int
    in_hand: bool
    folded: bool
    out: bool
    all_in: bool
    bet: int
    put_in: int
    last_action: str
    drew: int | None
    shown: tuple[Card, ...] | None
    shown_text: str | None


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may know. Its own seat is named "You" in ``names``, ``seats`` and the
    words of the history (``lines``, ``result_text``)."""

    seat: int
    phase: Phase
    hand_number: int
    button: int
    to_move: int | None
    my_turn: bool
    hand: tuple[Card, ...]
    hand_text: str
    seats: tuple[SeatView, ...]
    pot: int
    current_bet: int
    to_call: int
    bet_size: int
    raises_left: int
    max_discard: int
    legal: tuple[Move, ...]
    history: tuple[Event, ...]
    result: HandResult | None
    stock_count: int
    winner: int | None
    names: tuple[str, ...]
    places: tuple[int, ...]
    """Each seat's place in the game, final once it is over (see ``places``)."""

    @property
    def name(self) -> str:
        return self.seats[self.seat].name

    @property
    def lines(self) -> tuple[Line, ...]:
        """The history in this seat's words."""
        return tuple(Line(word(event.said, self.names, self.seat), event.kind, event.seat)
                     for event in self.history)

    @property
    def result_text(self) -> str:
        """Who won what in the last hand, in this seat's words ("" before any result)."""
        return "" if self.result is None else word(self.result.said, self.names, self.seat)


# ---------------------------------------------------------------- small helpers

def chips_text(amount: int) -> str:
    """ "1 chip", "12 chips"."""
    return f"{amount} chip" if amount == 1 else f"{amount} chips"


def _set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _seats_from(state: State, start: int) -> list[int]:
    """Every seat in playing order, beginning with ``start``."""
    return [(start + offset) % state.players for offset in range(state.players)]


def _live(state: State, seat: int) -> bool:
    """Dealt in and not folded."""
    return state.dealt[seat] and not state.folded[seat]


def _can_act(state: State, seat: int) -> bool:
    """Still in the hand with chips left to bet."""
    return _live(state, seat) and state.chips[seat] > 0


def _all_in(state: State, seat: int) -> bool:
    return _live(state, seat) and state.chips[seat] == 0


def max_discard(hand: Sequence[Card]) -> int:
    """3, or 4 when the hand holds an ace to keep."""
    return 4 if any(card.rank is Rank.ACE for card in hand) else 3


def _with_event(state: State, said: str, kind: str, seat: int | None = None) -> State:
    return replace(state, history=(*state.history, Event(said, kind, seat)))


# ---------------------------------------------------------------- a new game and a new hand

def new_game(config: Config) -> State:
    """The first hand is dealt at once; the button starts at seat 0."""
    names = config.player_names()
    players = len(names)
    empty_bools = (False,) * players
    zeros = (0,) * players
    state = State(
        names=names,
        ante=config.ante,
        small_bet=config.small_bet,
        big_bet=config.big_bet,
        max_raises=config.max_raises,
        stop_when_out=config.stop_when_out,
        seed=fresh_seed_from(config.seed, 1),
        hand_number=0,
        button=players - 1,
        phase=Phase.HAND_OVER,
        chips=(config.chips,) * players,
        pot=0,
        hands=((),) * players,
        stock=(),
        muck=FULL_DECK,
        dealt=empty_bools,
        folded=empty_bools,
        put_in=zeros,
        bets=zeros,
        acted=empty_bools,
        raises=0,
        to_act=None,
        drew=(None,) * players,
        last_actions=("",) * players,
        history=(),
        result=None,
        out_places=(None,) * players,
    )
    return _deal(state)


def _next_with_chips(state: State, after: int) -> int:
    for seat in _seats_from(state, after + 1):
        if state.chips[seat] > 0:
            return seat
    return after


def _deal(state: State) -> State:
    """Move the button, take the antes, shuffle and deal five cards each."""
    button = _next_with_chips(state, state.button)
    players = state.players
    dealt = tuple(chips > 0 for chips in state.chips)
    antes = tuple(min(state.ante, chips) if dealt[seat] else 0
                  for seat, chips in enumerate(state.chips))
    deck, seed = shuffled(FULL_DECK, state.seed)
    hands: list[tuple[Card, ...]] = [()] * players
    order = [seat for seat in _seats_from(state, button + 1) if dealt[seat]]
    for index, seat in enumerate(order):
        hands[seat] = tuple(sorted(deck[index * 5 : index * 5 + 5], key=_sort_key))
    number = state.hand_number + 1
    state = replace(
        state,
        seed=seed,
        hand_number=number,
        button=button,
        phase=Phase.FIRST_BETTING,
        chips=tuple(chips - ante for chips, ante in zip(state.chips, antes, strict=True)),
        pot=sum(antes),
        hands=tuple(hands),
        stock=deck[len(order) * 5 :],
        muck=(),
        dealt=dealt,
        folded=(False,) * players,
        put_in=antes,
        bets=(0,) * players,
        acted=(False,) * players,
        raises=0,
        to_act=None,
        drew=(None,) * players,
        last_actions=tuple(f"ante {ante}" if dealt[seat] and ante else ""
                           for seat, ante in enumerate(antes)),
        result=None,
    )
    state = _with_event(state, f"Hand {number}: {_seat(button, 'deals')}.", "deal", button)
    if state.ante:
        state = _with_event(state, f"Everyone antes {state.ante}; the pot is {state.pot}.",
                            "ante")
    return _start_betting(state, Phase.FIRST_BETTING)


# ---------------------------------------------------------------- betting

def _start_betting(state: State, phase: Phase) -> State:
    players = state.players
    state = replace(state, phase=phase, bets=(0,) * players, acted=(False,) * players,
                    raises=0, to_act=None)
    return _next_to_bet(state, state.button)


def _owes_action(state: State, seat: int) -> bool:
    return _can_act(state, seat) and (
        not state.acted[seat] or state.bets[seat] < state.current_bet
    )


def _next_to_bet(state: State, after: int) -> State:
    """Hand the turn to the next player who must act, or close the betting round."""
    live = [seat for seat in range(state.players) if _live(state, seat)]
    if len(live) == 1:
        return _win_by_fold(state, live[0])
    able = [seat for seat in live if state.chips[seat] > 0]
    nobody_to_match = all(state.bets[seat] >= state.current_bet for seat in able)
    if len(able) < 2 and nobody_to_match:
        return _close_betting(state)
    for seat in _seats_from(state, after + 1):
        if _owes_action(state, seat):
            return replace(state, to_act=seat)
    return _close_betting(state)


def _close_betting(state: State) -> State:
    if state.phase is Phase.FIRST_BETTING:
        state = replace(state, phase=Phase.DRAW, to_act=None, bets=(0,) * state.players,
                        raises=0, acted=(False,) * state.players)
        return _next_to_draw(state, state.button)
    return _showdown(state)


def _betting_actions(state: State, seat: int) -> tuple[Action, ...]:
    to_call = state.current_bet - state.bets[seat]
    chips = state.chips[seat]
    others_can_act = any(_can_act(state, other) for other in range(state.players)
                         if other != seat)
    size = state.bet_size
    actions: list[Action] = []
    if to_call <= 0:
        actions.append(CHECK)
        if state.raises == 0 and chips >= size and others_can_act:
            actions.append(BET)
    else:
        actions.append(CALL)
        if state.raises <= state.max_raises and chips >= to_call + size and others_can_act:
            actions.append(RAISE)
        actions.append(FOLD)
    return tuple(actions)


def _apply_action(state: State, seat: int, action: Action) -> State:
    to_call = state.current_bet - state.bets[seat]
    size = state.bet_size
    kind = action.kind
    if kind is ActionKind.FOLD:
        state = replace(state, folded=_set(state.folded, seat, True),
                        muck=state.muck + state.hands[seat], hands=_set(state.hands, seat, ()),
                        last_actions=_set(state.last_actions, seat, "folded"))
        state = _with_event(state, f"{_seat(seat, 'folds')}.", "action", seat)
    elif kind is ActionKind.CHECK:
        state = replace(state, last_actions=_set(state.last_actions, seat, "checked"))
        state = _with_event(state, f"{_seat(seat, 'checks')}.", "action", seat)
    else:
        if kind is ActionKind.CALL:
            amount = min(to_call, state.chips[seat])
        elif kind is ActionKind.BET:
            amount = size
        else:
            amount = to_call + size
        state = replace(
            state,
            chips=_set(state.chips, seat, state.chips[seat] - amount),
            pot=state.pot + amount,
            bets=_set(state.bets, seat, state.bets[seat] + amount),
            put_in=_set(state.put_in, seat, state.put_in[seat] + amount),
        )
        if kind is ActionKind.CALL:
            said, done = f"{_seat(seat, 'calls')} {amount}", f"called {amount}"
        elif kind is ActionKind.BET:
            said, done = f"{_seat(seat, 'bets')} {amount}", f"bet {amount}"
            state = replace(state, raises=1, acted=(False,) * state.players)
        else:
            total = state.bets[seat]
            said, done = f"{_seat(seat, 'raises')} to {total}", f"raised to {total}"
            state = replace(state, raises=state.raises + 1, acted=(False,) * state.players)
        if state.chips[seat] == 0:
            said += f" and {_seat(seat, '-is')} all-in"
            done += ", all-in"
        state = replace(state, last_actions=_set(state.last_actions, seat, done))
        state = _with_event(state, f"{said}.", "action", seat)
    state = replace(state, acted=_set(state.acted, seat, True))
    return _next_to_bet(state, seat)


# ---------------------------------------------------------------- the draw

def _next_to_draw(state: State, after: int) -> State:
    for seat in _seats_from(state, after + 1):
        if _live(state, seat) and state.drew[seat] is None:
            return replace(state, to_act=seat)
    return _start_betting(state, Phase.SECOND_BETTING)


def _draw_moves(hand: tuple[Card, ...]) -> tuple[Draw, ...]:
    moves = [Draw(combo) for count in range(4) for combo in combinations(hand, count)]
    aces = [card for card in hand if card.rank is Rank.ACE]
    for ace in aces:
        moves.append(Draw(tuple(card for card in hand if card != ace)))
    return tuple(dict.fromkeys(moves))


def legal_draws(hand: Sequence[Card]) -> tuple[Draw, ...]:
    """Every draw the rules allow from ``hand``, whoever's turn it is (for marking ahead)."""
    return _draw_moves(tuple(hand))


def _check_draw(state: State, seat: int, move: Draw) -> None:
    hand = state.hands[seat]
    discards = move.discards
    if len(set(discards)) != len(discards):
        raise IllegalMove("Name each card to throw away only once.")
    for card in discards:
        if card not in hand:
            raise IllegalMove(f"{card.long_name.capitalize()} is not in your hand.")
    if len(discards) == 4:
        kept = next(card for card in hand if card not in discards)
        if kept.rank is not Rank.ACE:
            raise IllegalMove("You may throw away 4 cards only when the card you keep is an ace.")
    elif len(discards) > 4:
        raise IllegalMove("You may throw away at most 3 cards, or 4 when you keep an ace.")


def _apply_draw(state: State, seat: int, move: Draw) -> State:
    discards = move.discards
    count = len(discards)
    stock, muck, seed = state.stock, state.muck, state.seed
    reshuffled = False
    if count > len(stock):
        refill, seed = shuffled(muck, seed)
        stock, muck, reshuffled = stock + refill, (), True
    drawn, stock = stock[:count], stock[count:]
    kept = tuple(card for card in state.hands[seat] if card not in discards)
    hand = tuple(sorted(kept + drawn, key=_sort_key))
    done = f"drew {count}" if count else "stood pat"
    state = replace(
        state,
        seed=seed,
        stock=stock,
        muck=muck + discards,
        hands=_set(state.hands, seat, hand),
        drew=_set(state.drew, seat, count),
        last_actions=_set(state.last_actions, seat, done),
    )
    if reshuffled:
        state = _with_event(state, "The stock ran short: the discards are shuffled in.", "info")
    said = f"{_seat(seat, 'draws')} {count}." if count else f"{_seat(seat, 'stands')} pat."
    state = _with_event(state, said, "draw", seat)
    return _next_to_draw(state, seat)


# ---------------------------------------------------------------- ending a hand

def _names_list(seats: Sequence[int]) -> str:
    names = [_seat(seat) for seat in seats]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def _finish(state: State, result: HandResult) -> State:
    chips = list(state.chips)
    for award in result.awards:
        chips[award.seat] += award.amount
    state = replace(state, chips=tuple(chips), pot=0, to_act=None, result=result,
                    phase=Phase.HAND_OVER)
    state = _with_event(state, result.said + ".", "win")
    busted = [seat for seat in range(state.players) if state.dealt[seat] and chips[seat] == 0]
    for seat in busted:
        state = _with_event(state, f"{_seat(seat, 'is')} out of chips.", "out", seat)
    state = replace(state, out_places=_out_places(state, busted))
    if _game_over(state):
        state = replace(state, phase=Phase.GAME_OVER)
        if len(_holders(state)) == 1:  # else the last line already says who is out
            state = _with_event(state, _outcome_said(state), "info")
    return state


def _holders(state: State) -> list[int]:
    return [seat for seat in range(state.players) if state.chips[seat] > 0]


def _out_places(state: State, busted: Sequence[int]) -> tuple[int | None, ...]:
    """The places of the players who ran out of chips this hand: below everyone who still
    has chips, and among themselves the bigger stack at the start of the hand (all of it
    now in the pot) places higher; equal stacks share a place."""
    places = list(state.out_places)
    below = len(_holders(state))
    for seat in busted:
        bigger = sum(state.put_in[other] > state.put_in[seat] for other in busted)
        places[seat] = 1 + below + bigger
    return tuple(places)


def places(state: State) -> tuple[int, ...]:
    """Each seat's place in the game (final once it is over): players with chips by their
    chips (equal stacks share a place), then the players who are out, the later out the
    higher (see ``_out_places``)."""
    return tuple(
        place if (place := state.out_places[seat]) is not None
        else 1 + sum(state.out_places[other] is None and state.chips[other] > state.chips[seat]
                     for other in range(state.players))
        for seat in range(state.players)
    )


def _game_over(state: State) -> bool:
    """The watched seat has no chips, or one player holds them all."""
    watched = state.stop_when_out
    return (watched is not None and state.chips[watched] == 0) or len(_holders(state)) < 2


def _win_by_fold(state: State, winner: int) -> State:
    pot = state.pot
    text = f"{_seat(winner, 'wins')} {pot}; everyone else folded"
    result = HandResult(state.hand_number, pot, True, (), (Award(winner, pot, "main pot"),), text)
    return _finish(state, result)


def _levels(state: State, live: Sequence[int]) -> list[int]:
    return sorted({state.put_in[seat] for seat in live})


def _pots(state: State, live: Sequence[int]) -> list[tuple[int, list[int]]]:
    """The main pot and side pots: (amount, players who may win it, left of button first).

    Each live player's total stake is a level; every chip counts toward the pots up to its
    owner's total. Chips of folded players above the highest live stake join the last pot.
    """
    pots: list[tuple[int, list[int]]] = []
    floor = 0
    for level in _levels(state, live):
        amount = sum(min(paid, level) - min(paid, floor) for paid in state.put_in)
        eligible = [seat for seat in live if state.put_in[seat] >= level]
        pots.append((amount, eligible))
        floor = level
    leftover = sum(max(0, paid - floor) for paid in state.put_in)
    if leftover:
        amount, eligible = pots[-1]
        pots[-1] = (amount + leftover, eligible)
    return pots


def _own_share(state: State, seat: int, number: int, live: Sequence[int]) -> int:
    """The chips ``seat`` itself put into pot ``number``."""
    levels = _levels(state, live)
    floor = levels[number - 1] if number else 0
    return min(state.put_in[seat], levels[number]) - floor


def _showdown(state: State) -> State:
    live = [seat for seat in _seats_from(state, state.button + 1) if _live(state, seat)]
    infos = {seat: hand_info(state.hands[seat]) for seat in live}
    shown = tuple(
        Showdown(seat, infos[seat].cards, infos[seat].text, infos[seat].value) for seat in live
    )
    for item in shown:
        state = _with_event(state, f"{_seat(item.seat, 'shows')} {item.text}.", "show",
                            item.seat)
    awards: list[Award] = []
    parts: list[str] = []
    for number, (amount, eligible) in enumerate(_pots(state, live)):
        label = "main pot" if number == 0 else f"side pot {number}"
        if len(eligible) == 1 and amount == _own_share(state, eligible[0], number, live):
            seat = eligible[0]
            awards.append(Award(seat, amount, "returned"))
            parts.append(f"{amount} unmatched goes back to {_seat(seat)}")
            continue
        best = max(infos[seat].value for seat in eligible)
        winners = [seat for seat in eligible if infos[seat].value == best]  # left of button first
        share, odd = divmod(amount, len(winners))
        for index, seat in enumerate(winners):
            awards.append(Award(seat, share + (1 if index < odd else 0), label))
        description = infos[winners[0]].text
        where = "" if number == 0 else f" {label} of"
        if len(winners) == 1:
            parts.append(f"{_seat(winners[0], 'wins')}{where} {amount} with {description}")
        else:
            text = f"{_names_list(winners)} split{where} {amount} with {description}"
            if odd:
                text += f"; {_seat(winners[0], 'gets')} the odd chip"
            parts.append(text)
    result = HandResult(state.hand_number, state.pot, False, shown, tuple(awards),
                        "; ".join(parts))
    return _finish(state, result)


# ---------------------------------------------------------------- the protocol

def legal_moves(state: State) -> tuple[Move, ...]:
    if state.phase is Phase.GAME_OVER:
        return ()
    if state.phase is Phase.HAND_OVER:
        return (NextHand(),)
    seat = state.to_act
    if seat is None:
        return ()
    if state.phase is Phase.DRAW:
        return _draw_moves(state.hands[seat])
    return _betting_actions(state, seat)


def _refuse_action(state: State, seat: int, action: Action) -> str:
    """Why this action is refused, said to the player who tried it."""
    to_call = state.current_bet - state.bets[seat]
    kind = action.kind
    if kind is ActionKind.CHECK:
        return f"You cannot check: the bet is {to_call} to you."
    if kind is ActionKind.FOLD:
        return "There is no bet to fold to; check instead."
    if kind is ActionKind.CALL:
        return "There is no bet to call; check or bet."
    if kind is ActionKind.BET:
        if state.current_bet > 0:
            return "There is already a bet; call, raise or fold."
        return _cannot(state, seat, f"bet {state.bet_size}", state.bet_size, "bet")
    if state.raises > state.max_raises:
        return f"The betting is capped at {state.max_raises} raises this round."
    if to_call <= 0:
        return "There is no bet to raise; bet instead."
    return _cannot(state, seat, "raise", to_call + state.bet_size, "raise")


def _cannot(state: State, seat: int, doing: str, costs: int, noun: str) -> str:
    """The one true reason a bet or raise that costs ``costs`` is refused (see the rules:
    it needs the full amount, and someone else with chips to answer it)."""
    chips = state.chips[seat]
    if chips < costs:
        return f"You cannot {doing}: it takes {chips_text(costs)} and you have {chips}."
    return (f"You cannot {doing}: everyone else still in the hand is all-in, so no one could "
            f"call a {noun}.")


def apply(state: State, move: Move) -> State:
    """The snapshot after ``move``; raises IllegalMove with a sentence and changes nothing."""
    if state.phase is Phase.GAME_OVER:
        raise IllegalMove("The game is over.")
    if isinstance(move, NextHand):
        if state.phase is not Phase.HAND_OVER:
            raise IllegalMove("Finish this hand first.")
        return _deal(state)
    if state.phase is Phase.HAND_OVER:
        raise IllegalMove("This hand is over; deal the next one.")
    seat = state.to_act
    if seat is None:  # pragma: no cover - every running phase has a player to act
        raise IllegalMove("No one is to act.")
    if isinstance(move, Draw):
        if state.phase is not Phase.DRAW:
            raise IllegalMove("It is not time to draw; the players are betting.")
        _check_draw(state, seat, move)
        return _apply_draw(state, seat, move)
    if isinstance(move, Action) and isinstance(move.kind, ActionKind):
        if state.phase is Phase.DRAW:
            raise IllegalMove("It is time to draw: choose cards to throw away, or stand pat.")
        if move not in _betting_actions(state, seat):
            raise IllegalMove(_refuse_action(state, seat, move))
        return _apply_action(state, seat, move)
    # Not echoed: a value that is no move may not even print.
    raise IllegalMove("That is not a poker move; try check, bet, call, raise, fold, "
                      "draw CARDS or stand pat.")


def view(state: State, seat: int) -> View:
    """What one seat may know: its own cards, and others' cards only when shown."""
    if not 0 <= seat < state.players:
        raise ValueError(f"There is no seat {seat}.")
    shown: Mapping[int, Showdown] = {}
    if state.result is not None and state.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        shown = {item.seat: item for item in state.result.shown}
    names = (*state.names[:seat], YOU, *state.names[seat + 1 :])
    seats = tuple(
        SeatView(
            seat=other,
            name=names[other],
            chips=state.chips[other],
            card_count=len(state.hands[other]),
            in_hand=_live(state, other),
            folded=state.dealt[other] and state.folded[other],
            out=state.chips[other] == 0 and not (
                _live(state, other) and state.phase in (*_BETTING, Phase.DRAW)
            ),
            all_in=_all_in(state, other) and state.phase in (*_BETTING, Phase.DRAW),
            bet=state.bets[other],
            put_in=state.put_in[other],
            last_action=state.last_actions[other],
            drew=state.drew[other],
            shown=shown[other].cards if other in shown else None,
            shown_text=shown[other].text if other in shown else None,
        )
        for other in range(state.players)
    )
    hand = tuple(sorted(state.hands[seat], key=_sort_key))
    my_turn = state.to_act == seat
    betting = state.phase in _BETTING
    to_call = max(0, state.current_bet - state.bets[seat]) if betting else 0
    winner = None
    if state.phase is Phase.GAME_OVER:
        leaders = _holders(state)
        winner = leaders[0] if len(leaders) == 1 else None
    return View(
        seat=seat,
        phase=state.phase,
        hand_number=state.hand_number,
        button=state.button,
        to_move=state.to_act,
        my_turn=my_turn,
        hand=hand,
        hand_text=describe(hand),
        seats=seats,
        pot=state.pot,
        current_bet=state.current_bet if betting else 0,
        to_call=to_call,
        bet_size=state.bet_size,
        raises_left=state.max_raises - max(0, state.raises - 1) if betting else 0,
        max_discard=max_discard(hand),
        legal=legal_moves(state) if my_turn else (),
        history=state.history,
        result=state.result,
        stock_count=len(state.stock),
        winner=winner,
        names=names,
        places=places(state),
    )


def _outcome_said(state: State) -> str:
    holders = _holders(state)
    if len(holders) == 1:
        winner = holders[0]
        return f"{_seat(winner, 'wins')} the game with all {chips_text(state.chips[winner])}."
    return f"{_seat(state.stop_when_out or 0, 'is')} out of chips."


def outcome(state: State) -> Outcome | None:
    """None while the game runs. Then the players with the most chips are the winners (one,
    when a player holds them all), and the sentence says so, or who ran out of chips (as
    the history's closing lines do)."""
    if state.phase is not Phase.GAME_OVER:
        return None
    most = max(state.chips)
    winners = tuple(seat for seat in range(state.players) if state.chips[seat] == most)
    return Outcome(winners, results_for(state.players, winners),
                   word(_outcome_said(state), state.names))


# ---------------------------------------------------------------- saving

def _cards_json(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def to_json(state: State) -> dict[str, Any]:
    result = state.result
    return {
        "game": "poker",
        "version": SAVE_VERSION,
        "names": list(state.names),
        "ante": state.ante,
        "small_bet": state.small_bet,
        "big_bet": state.big_bet,
        "max_raises": state.max_raises,
        "stop_when_out": state.stop_when_out,
        "seed": state.seed,
        "hand_number": state.hand_number,
        "button": state.button,
        "phase": state.phase.value,
        "chips": list(state.chips),
        "pot": state.pot,
        "hands": [_cards_json(hand) for hand in state.hands],
        "stock": _cards_json(state.stock),
        "muck": _cards_json(state.muck),
        "dealt": list(state.dealt),
        "folded": list(state.folded),
        "put_in": list(state.put_in),
        "bets": list(state.bets),
        "acted": list(state.acted),
        "raises": state.raises,
        "to_act": state.to_act,
        "drew": list(state.drew),
        "last_actions": list(state.last_actions),
        "history": [{"said": event.said, "kind": event.kind, "seat": event.seat}
                    for event in state.history],
        "out_places": list(state.out_places),
        "result": None if result is None else {
            "hand_number": result.hand_number,
            "pot": result.pot,
            "by_fold": result.by_fold,
            "shown": [{"seat": item.seat, "cards": _cards_json(item.cards), "text": item.text,
                       "value": item.value} for item in result.shown],
            "awards": [{"seat": award.seat, "amount": award.amount, "pot": award.pot}
                       for award in result.awards],
            "said": result.said,
        },
    }


LONG_TEXT: Final = 4000
"""A line of history: a showdown of 6 players with 20-character names and 5 side pots
stays under 2,000 characters."""


def _each(save: SaveReader, key: str, length: int | None, kind: str) -> list[SaveReader]:
    """The objects of a list, each read with its own name in the sentences."""
    return [SaveReader(item, kind) for item in save.items(key, length)]


def _values(save: SaveReader, key: str, length: int | None, fits: Callable[[Any], bool],
            wanted: str) -> tuple[Any, ...]:
    """A list of plain values that each ``fits`` (``wanted`` says what they must be)."""
    items = save.items(key, length)
    if not all(fits(item) for item in items):
        raise SaveFormatError(f"'{key}' in {save.where} must hold {wanted}.")
    return tuple(items)


def _number(item: Any, high: int = MAX_CHIPS * MAX_PLAYERS) -> bool:
    return type(item) is int and 0 <= item <= high  # not a bool: type(True) is bool


def _numbers(save: SaveReader, key: str, length: int) -> tuple[int, ...]:
    return _values(save, key, length, _number, "whole numbers of chips")


def _flags(save: SaveReader, key: str, length: int) -> tuple[bool, ...]:
    return _values(save, key, length, lambda item: type(item) is bool, "true or false")


def _texts(save: SaveReader, key: str, length: int | None, limit: int) -> tuple[str, ...]:
    return _values(save, key, length, lambda item: isinstance(item, str) and len(item) <= limit,
                   f"texts of at most {limit} characters")


def _codes(items: object, what: str) -> tuple[Card, ...]:
    """Cards from a list of codes ("QH"); ``what`` names the list in the sentence."""
    try:
        if isinstance(items, list) and all(isinstance(item, str) for item in items):
            return tuple(parse_card(item) for item in items)
    except CardError:
        pass
    raise SaveFormatError(f"{what} in the save must be a list of cards like \"QH\".")


def _cards(save: SaveReader, key: str) -> tuple[Card, ...]:
    return _codes(save.get(key), f"'{key}' in {save.where}")


def _said(save: SaveReader, key: str, names: tuple[str, ...]) -> str:
    """A pattern of the history, refused unless it can be worded."""
    said = save.text(key, LONG_TEXT)
    try:
        word(said, names)
    except (ValueError, IndexError, KeyError, TypeError, AttributeError):
        raise SaveFormatError(f"'{key}' in {save.where} is not a line of history.") from None
    return said


def from_json(data: Mapping[str, Any]) -> State:
    """Rebuild a state from ``to_json``; raises SaveFormatError on anything malformed."""
    save = read_header(data, "poker", "Poker", SAVE_VERSION)
    names = _texts(save, "names", None, 20)
    players = len(names)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SaveFormatError("The save has the wrong number of players.")
    if any(not name.strip() for name in names):
        raise SaveFormatError("A name in the save is empty.")
    seat = players - 1
    try:
        phase = Phase(save.get("phase"))
    except ValueError:
        raise SaveFormatError("The save's phase is unknown.") from None
    history = tuple(
        Event(_said(line, "said", names), line.text("kind"),
              line.optional_integer("seat", 0, seat))
        for line in _each(save, "history", None, "a line of history")
    )
    result = None
    if save.get("result") is not None:
        raw = save.part("result", "the hand's result")
        shown = tuple(
            Showdown(item.integer("seat", 0, seat), _cards(item, "cards"), item.text("text"),
                     item.integer("value", 1, 7462))
            for item in _each(raw, "shown", None, "a hand shown")
        )
        awards = tuple(
            Award(item.integer("seat", 0, seat), item.integer("amount"), item.text("pot"))
            for item in _each(raw, "awards", None, "an award")
        )
        result = HandResult(raw.integer("hand_number"), raw.integer("pot"),
                            raw.boolean("by_fold"), shown, awards, _said(raw, "said", names))
    state = State(
        names=names,
        ante=save.integer("ante", 0, MAX_CHIPS),
        small_bet=save.integer("small_bet", 1, MAX_CHIPS),
        big_bet=save.integer("big_bet", 1, MAX_CHIPS),
        max_raises=save.integer("max_raises", 0, 10),
        stop_when_out=save.optional_integer("stop_when_out", 0, seat),
        seed=save.integer("seed"),
        hand_number=save.integer("hand_number"),
        button=save.integer("button", 0, seat),
        phase=phase,
        chips=_numbers(save, "chips", players),
        pot=save.integer("pot", 0, MAX_CHIPS * MAX_PLAYERS),
        hands=tuple(_codes(hand, "A hand") for hand in save.items("hands", players)),
        stock=_cards(save, "stock"),
        muck=_cards(save, "muck"),
        dealt=_flags(save, "dealt", players),
        folded=_flags(save, "folded", players),
        put_in=_numbers(save, "put_in", players),
        bets=_numbers(save, "bets", players),
        acted=_flags(save, "acted", players),
        raises=save.integer("raises", 0, 11),
        to_act=save.optional_integer("to_act", 0, seat),
        drew=_values(save, "drew", players, lambda item: item is None or _number(item, 5),
                     "numbers of cards drawn, or null"),
        last_actions=_texts(save, "last_actions", players, 40),
        history=history,
        result=result,
        out_places=_values(save, "out_places", players, lambda item: item is None or (
            type(item) is int and 1 <= item <= players), f"places 1 to {players}, or null")
        if "out_places" in save.data else (None,) * players,
    )
    if "out_places" not in save.data:  # a save from before places were kept: shared
        shared = 1 + len(_holders(state))
        state = replace(state, out_places=tuple(shared if _is_out(state, seat) else None
                                                for seat in range(players)))
    _check_consistent(state)
    return state


def _check_consistent(state: State) -> None:
    """Refuse a save the game could not go on from (a hand edited into nonsense)."""
    every = [card for hand in state.hands for card in hand] + list(state.stock) + list(state.muck)
    if sorted(every, key=_sort_key) != sorted(FULL_DECK, key=_sort_key):
        raise SaveFormatError("The save's cards do not make one full deck.")
    if any((place is not None) != _is_out(state, seat)
           for seat, place in enumerate(state.out_places)):
        raise SaveFormatError("The save's places do not fit the players who are out.")
    if state.phase in _BETTING or state.phase is Phase.DRAW:
        _check_running_hand(state)
    else:
        _check_between_hands(state)


def _is_out(state: State, seat: int) -> bool:
    """Out of the game: no chips, and not all-in in a hand still running."""
    between_hands = state.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    return state.chips[seat] == 0 and (between_hands or not state.dealt[seat])


def _check_between_hands(state: State) -> None:
    if state.pot != 0 or state.to_act is not None:
        raise SaveFormatError("The save's hand is over, but chips or a turn are still open.")
    if _game_over(state) != (state.phase is Phase.GAME_OVER):
        raise SaveFormatError("The save's phase does not fit the players' chips.")


def _check_running_hand(state: State) -> None:
    live = [seat for seat in range(state.players) if _live(state, seat)]
    if len(live) < 2:
        raise SaveFormatError("The save's hand has fewer than two players left in it.")
    if state.pot != sum(state.put_in):
        raise SaveFormatError("The save's pot does not match the chips put in.")
    if state.raises > state.max_raises + 1:
        raise SaveFormatError("The save's betting has more raises than the cap allows.")
    for seat in range(state.players):
        in_hand = _live(state, seat)
        if len(state.hands[seat]) != (5 if in_hand else 0):
            raise SaveFormatError("A player in the save holds the wrong number of cards.")
        if not state.dealt[seat] and (state.folded[seat] or state.put_in[seat]):
            raise SaveFormatError("A player in the save folded or bet without being dealt in.")
        if state.bets[seat] > state.put_in[seat]:
            raise SaveFormatError("A bet in the save is larger than the chips put in.")
        drawn = state.drew[seat] is not None
        if in_hand and state.phase in _BETTING and drawn != (state.phase is Phase.SECOND_BETTING):
            raise SaveFormatError("The save's draws do not fit the phase of the hand.")
    actor = state.to_act
    if actor is None or not _live(state, actor):
        raise SaveFormatError("The save's player to act is not in the hand.")
    if state.phase is Phase.DRAW and (state.drew[actor] is not None or any(state.bets)):
        raise SaveFormatError("The save's player to draw has drawn already.")
    if state.phase in _BETTING and not _owes_action(state, actor):
        raise SaveFormatError("The save's player to act has nothing to do.")
