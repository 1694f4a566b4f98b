"""Pesten, the Dutch shedding game, with the van Dongen house rules.

Pure and immutable: a ``State`` is a frozen snapshot, ``apply`` returns a new one, and all
randomness comes from the seed kept in the state. The rulings where the house rules leave
room are written down in ``docs/rules/pesten.md``; the comments below name them briefly.
The fast paths (integer card keys and the set finder) are in ``_fast``, which says why.

House rules (``Config`` fields, van Dongen by default; "House rules" in the rules file):
``forgot_penalty`` (a forgotten last-card call costs 2 or 5), ``sets_are_series`` (a set is a
series for the last-card rule), ``wrap_runs`` (K-A-2 is a run), ``either_order`` (two cards
with the top card may come in either order) and ``special_finish`` (going out on one of
``SPECIALS`` wins, or costs ``SPECIAL_FINISH_PENALTY`` cards). A match (``Config.match``) is
open, to round wins or to a points limit; ``hand_points`` scores a hand at a round's end.

Cards: ``tableau.cards.Card`` and ``JOKER``. With several packs identical cards occur; they are
interchangeable everywhere. A hand keeps the order in which its cards arrived, the stock deals
from its end, and the last card of the discard pile (``pile``) is its top.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import pairwise
from typing import Any
from typing import Final
from typing import NamedTuple
from typing import Protocol
from typing import TypedDict
from unicodedata import combining
from unicodedata import east_asian_width

from tableau.cards import FULL_DECK
from tableau.cards import JOKER
from tableau.cards import SUITS
from tableau.cards import AnyCard
from tableau.cards import Card
from tableau.cards import Joker
from tableau.cards import Rank
from tableau.cards import Suit
from tableau.engines import rng
from tableau.engines.pesten._fast import _CANON
from tableau.engines.pesten._fast import _CARD_AT
from tableau.engines.pesten._fast import _FACE_BY_ID
from tableau.engines.pesten._fast import _FACES
from tableau.engines.pesten._fast import _JACK_KEYS
from tableau.engines.pesten._fast import _KEY_BY_ID
from tableau.engines.pesten._fast import _KEY_OF_INDEX
from tableau.engines.pesten._fast import SET_CAP as SET_CAP
from tableau.engines.pesten._fast import _key
from tableau.engines.pesten._fast import _may_hold_set
from tableau.engines.pesten._fast import _set_candidates
from tableau.engines.protocol import IllegalMove
from tableau.engines.protocol import Outcome
from tableau.engines.protocol import SaveFormatError
from tableau.engines.protocol import SaveReader
from tableau.engines.protocol import read_header
from tableau.engines.protocol import results_for

GAME: Final = "pesten"
VERSION: Final = 1

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 8
MIN_PACKS: Final = 1
MAX_PACKS: Final = 4
MAX_JOKERS: Final = 2
HAND_SIZE: Final = 7
MAX_NAME_LENGTH: Final = 14
"""Columns a seat's name may take, so the table's seat list shows it whole (a wide character
takes two). The one rule for names: the set-up, line mode and ``Config`` all use
``name_problem``."""
CPU_MARK: Final = " (CPU)"
"""What the seat list adds after a CPU's name; a CPU's name has that much less room."""
JOKER_TAKE: Final = 5
PENALTY: Final = 2
SPECIAL_FINISH_PENALTY: Final = 5
"""Cards taken by a player who goes out on a special card when the house forbids it."""

HOUSE_RULES: Final = ("forgot_penalty", "sets_are_series", "wrap_runs", "either_order",
                      "special_finish")
"""The house-rule switches of ``Config``, as the set-up, the settings and the records name
them (docs/rules/pesten.md, "House rules")."""

MATCH_KINDS: Final = ("open", "wins", "points")
"""How a match ends: never (round after round), at a number of round wins, or when a
player's points reach a limit (the fewest points then wins the match)."""
WINS_RANGE: Final = (1, 50)
POINTS_RANGE: Final = (10, 10_000)
CARD_POINTS_MAX: Final = 500
CARD_POINT_NAMES: Final = ("joker", "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                           "jack", "queen", "king")
"""What each place of ``Config.card_points`` counts: the joker first, then ace to king."""
DEFAULT_CARD_POINTS: Final = (50, 11, 20, 3, 4, 5, 6, 20, 20, 9, 20, 25, 10, 20)
"""The points a card left in a hand counts against its holder (docs/rules/pesten.md):
the specials (2, 7, 8, 10, jack, king, joker) count more than their face."""

_BY_CODE: Final[dict[str, AnyCard]] = {card.code: card for card in FULL_DECK}
_BY_CODE["JK"] = JOKER
# ------------------------------------------------------------------ set-up


def _default_names(players: int) -> tuple[str, ...]:
    return tuple(f"Player {seat + 1}" for seat in range(players))


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def name_width(name: str) -> int:
    """The columns ``name`` takes on a terminal: a wide character two, a combining mark none."""
    return sum(0 if combining(char) else 2 if east_asian_width(char) in "WF" else 1
               for char in name)


def name_problem(name: str, *, cpu: bool = False) -> str | None:
    """Why ``name`` (already stripped) cannot name a seat, or None. A CPU's seat shows
    ``CPU_MARK`` after its name, so its name has less room."""
    if not name:
        return "Every player needs a name."
    if not name.isprintable():
        return "A name may only hold printable characters."
    room = MAX_NAME_LENGTH - (len(CPU_MARK) if cpu else 0)
    if name_width(name) <= room:
        return None
    wide = " (a wide character counts as two)" if name_width(name) != len(name) else ""
    if cpu:
        return f"A CPU's name may have at most {room} characters{wide}: the table adds “(CPU)”."
    return f"A name may have at most {room} characters{wide}, so the table shows it whole."


def config_problem(
    players: object,
    packs: object = 1,
    jokers: object = 2,
    names: object = (),
    dealer: object = 0,
    seed: object = 0,
) -> str | None:
    """The sentence that explains why this set-up cannot be played, or None if it can."""
    if not _whole(players):
        return "The number of players must be a whole number."
    if not _whole(packs):
        return "The number of packs must be a whole number."
    if not _whole(jokers):
        return "The number of jokers must be a whole number."
    if not _whole(seed):
        return "The seed must be a whole number."
    assert isinstance(players, int) and isinstance(packs, int) and isinstance(jokers, int)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        return f"Pesten needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}."
    if not MIN_PACKS <= packs <= MAX_PACKS:
        return f"Play with {MIN_PACKS} to {MAX_PACKS} packs, not {packs}."
    if not 0 <= jokers <= MAX_JOKERS:
        return f"Each pack holds 0 to {MAX_JOKERS} jokers, not {jokers}."
    needed = players * HAND_SIZE + 1
    if len(FULL_DECK) * packs < needed:
        pack_words = "One pack" if packs == 1 else f"{packs} packs"
        return (
            f"{pack_words} cannot deal {HAND_SIZE} cards to {players} players and turn a "
            f"starting card; use more packs or fewer players."
        )
    if not _whole(dealer):
        return "The dealer must be a seat number."
    assert isinstance(dealer, int)
    if not 0 <= dealer < players:
        return f"The dealer must be one of the {players} seats."
    if not isinstance(names, (tuple, list)):
        return "The names must be a list of names."
    if names:
        if len(names) != players:
            return f"Give one name for each of the {players} players."
        seen: set[str] = set()
        for name in names:
            if not isinstance(name, str):
                return "Every player needs a name."
            cleaned = name.strip()
            problem = name_problem(cleaned)
            if problem is not None:
                return problem
            if cleaned.casefold() in seen:
                return f"Two players are called {cleaned}; every name must differ."
            seen.add(cleaned.casefold())
    return None


def house_problem(config: Config) -> str | None:
    """The sentence that explains why these house rules or this match cannot be played."""
    if config.forgot_penalty not in (2, 5) or type(config.forgot_penalty) is not int:
        return "A forgotten last card costs 2 or 5 cards."
    for switch in HOUSE_RULES[1:]:  # the on/off ones
        if type(getattr(config, switch)) is not bool:
            return f"The house rule '{switch}' must be on or off."
    if config.match not in MATCH_KINDS:
        return "A match is played to a number of round wins, to a points limit, or open."
    if not _whole(config.target):
        return "The match target must be a whole number."
    if config.match == "wins" and not WINS_RANGE[0] <= config.target <= WINS_RANGE[1]:
        return f"Play to {WINS_RANGE[0]} to {WINS_RANGE[1]} round wins, not {config.target}."
    if config.match == "points" and not POINTS_RANGE[0] <= config.target <= POINTS_RANGE[1]:
        return (f"The points limit must be {POINTS_RANGE[0]} to {POINTS_RANGE[1]}, "
                f"not {config.target}.")
    points = config.card_points
    if not isinstance(points, (tuple, list)) or len(points) != len(CARD_POINT_NAMES):
        return f"The points table needs {len(CARD_POINT_NAMES)} values, joker to king."
    for name, value in zip(CARD_POINT_NAMES, points, strict=True):
        if not _whole(value) or not 0 <= value <= CARD_POINTS_MAX:
            return f"A {name} may count 0 to {CARD_POINTS_MAX} points."
    return None


@dataclass(frozen=True, slots=True)
class Config:
    """A Pesten table. Constructing an impossible one raises ValueError with a sentence."""

    players: int = 4
    packs: int = 1
    jokers: int = 2
    seed: int = 0
    names: tuple[str, ...] = ()
    dealer: int = 0
    # House-rule switches; the defaults are the van Dongen rules (docs/rules/pesten.md).
    forgot_penalty: int = PENALTY
    """Cards taken for a forgotten last-card call: 2 or 5."""
    sets_are_series: bool = True
    """A set is a series for the last-card rule, as a 7 is (the seed's reading)."""
    wrap_runs: bool = False
    """Runs may go round the corner through the ace: K-A-2."""
    either_order: bool = False
    """A two-card set made with the top card may be played in either order."""
    special_finish: bool = True
    """Going out on a special card is allowed; when False it costs 5 cards instead."""
    # The match.
    match: str = "open"
    """One of MATCH_KINDS."""
    target: int = 0
    """Round wins (match "wins") or the points limit (match "points") that ends the match."""
    card_points: tuple[int, ...] = DEFAULT_CARD_POINTS
    """Points per card left in a hand at a round's end, in CARD_POINT_NAMES order."""

    def __post_init__(self) -> None:
        problem = config_problem(
            self.players, self.packs, self.jokers, self.names, self.dealer, self.seed
        ) or house_problem(self)
        if problem is not None:
            raise ValueError(problem)
        object.__setattr__(self, "card_points", tuple(self.card_points))
        names = tuple(name.strip() for name in self.names) or _default_names(self.players)
        object.__setattr__(self, "names", names)


# ------------------------------------------------------------------ values


class Phase(Enum):
    PLAY = "play"
    DRAWN = "drawn"
    OVER = "over"


_PLAY: Final = Phase.PLAY
_DRAWN: Final = Phase.DRAWN
_OVER: Final = Phase.OVER
# Enum attribute access is slow on Python 3.11; the hot paths use these plain names.
_ACE: Final = Rank.ACE
_TWO: Final = Rank.TWO
_SEVEN: Final = Rank.SEVEN
_EIGHT: Final = Rank.EIGHT
_TEN: Final = Rank.TEN
_JACK: Final = Rank.JACK
_KING: Final = Rank.KING


class Event(NamedTuple):
    """One public happening, ready to print. A named tuple: one is made on nearly every
    move, and a tuple is the cheapest immutable value to make."""

    kind: str
    seat: int | None
    text: str
    cards: tuple[AnyCard, ...] = ()

    def __str__(self) -> str:
        return self.text


def _faces(cards: Iterable[AnyCard]) -> str:
    try:
        return " ".join(map(_FACE_BY_ID.__getitem__, map(id, cards)))
    except KeyError:  # card objects made elsewhere
        return " ".join([_FACES[_key(card)] for card in cards])


@dataclass(frozen=True, slots=True)
class Play:
    """Play one card or a set, in play order; the last card's effect counts."""

    cards: tuple[AnyCard, ...]
    suit: Suit | None = None
    last_card: bool = False

    def __str__(self) -> str:
        text = "play " + _faces(self.cards)
        if self.suit is not None:
            text += f" name {self.suit.glyph}"
        if self.last_card:
            text += " !last"
        return text


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card: allowed only when nothing can be played."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Take:
    """Take the pending stack; after a joker stack, name the suit."""

    suit: Suit | None = None

    def __str__(self) -> str:
        return "take" if self.suit is None else f"take, name {self.suit.glyph}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Keep the card just drawn (whether or not it fits); the turn ends."""

    def __str__(self) -> str:
        return "pass"


Move = Play | Draw | Take | Pass

DRAW: Final = Draw()
PASS: Final = Pass()
TAKE: Final = Take()
_TAKE_NAMING: Final[tuple[Move, ...]] = tuple(Take(suit) for suit in SUITS)
_TAKE_ONLY: Final[tuple[Move, ...]] = (TAKE,)
_DRAW_ONLY: Final[tuple[Move, ...]] = (DRAW,)
_PASS_ONLY: Final[tuple[Move, ...]] = (PASS,)
# _SINGLE[key][suit index + 1][flag]: the shared single-card plays (suit index 0 = no suit).
_SINGLE: Final = tuple(
    tuple(
        (Play((card,), suit, False), Play((card,), suit, True)) for suit in (None, *SUITS)
    )
    for card in _CANON
)


@dataclass(frozen=True)
class State:
    config: Config
    seed: int
    round: int
    wins: tuple[int, ...]
    dealer: int
    hands: tuple[tuple[AnyCard, ...], ...]
    stock: tuple[AnyCard, ...]
    pile: tuple[AnyCard, ...]
    current: int
    direction: int
    suit: Suit | None
    stack: int
    phase: Phase
    series: bool
    passes: int
    turns: int
    winner: int | None
    history: tuple[Event, ...]
    points: tuple[int, ...] = ()
    """Each seat's points over the match so far (cards left in hands at rounds' ends)."""

    @property
    def top(self) -> AnyCard:
        return self.pile[-1]

    @property
    def names(self) -> tuple[str, ...]:
        return self.config.names

    @property
    def players(self) -> int:
        return self.config.players


class View(NamedTuple):
    """What one seat may know. A named tuple: one is made on every move, and a tuple is
    the cheapest immutable value to make (``view._replace(...)`` gives a changed copy)."""

    seat: int
    names: tuple[str, ...]
    hand: tuple[AnyCard, ...]
    top: AnyCard
    suit: Suit | None
    stack: int
    stack_kind: str | None
    direction: int
    hand_counts: tuple[int, ...]
    stock_count: int
    pile_size: int
    to_move: int | None
    """The seat to move; None once the round is over."""
    phase: Phase
    series: bool
    drawn: AnyCard | None
    history: tuple[Event, ...]
    wins: tuple[int, ...]
    round: int
    winner: int | None
    legal: tuple[Move, ...]
    points: tuple[int, ...]
    """Each seat's points over the match so far."""
    config: Config
    """The table's set-up and house rules (public: everybody agreed on them)."""


_new = object.__new__
_tuple_new = tuple.__new__
_set = object.__setattr__


def _event(kind: str, seat: int | None, text: str, cards: tuple[AnyCard, ...] = ()) -> Event:
    return _tuple_new(Event, (kind, seat, text, cards))  # as Event() does, minus a call


class _Table(Protocol):
    """What ``fits`` needs: a State or a View."""

    @property
    def top(self) -> AnyCard: ...
    @property
    def suit(self) -> Suit | None: ...
    @property
    def stack(self) -> int: ...


# ------------------------------------------------------------------ card rules


def _fits(top: AnyCard, suit: Suit | None, stack: int, card: AnyCard) -> bool:
    """May ``card`` go on ``top`` as a single card (or as the first card of a set)?"""
    if stack:
        if type(top) is Joker:
            return type(card) is Joker
        if type(card) is Joker:
            return False
        assert isinstance(top, Card) and isinstance(card, Card)
        level = top.rank
        return card.rank is level or (card.rank == level + 1 and card.suit is top.suit)
    if type(card) is Joker:
        return True
    assert isinstance(card, Card)
    if type(top) is Joker:
        return suit is None or card.suit is suit
    assert isinstance(top, Card)
    if suit is not None:
        return card.suit is suit or (card.rank is _JACK and top.rank is _JACK)
    return card.suit is top.suit or card.rank is top.rank


_TABLES: dict[tuple[int | None, int, bool], tuple[bool, ...]] = {}
"""Memo of _fit_table: which card keys fit each situation (a pure function's cache)."""


def _fit_table(top: AnyCard, suit: Suit | None, stack: int) -> tuple[bool, ...]:
    """For every card key, whether that card fits now (the same answers as ``_fits``)."""
    situation = (_key(top), id(suit), stack > 0)  # suits are singletons: id() is exact
    table = _TABLES.get(situation)
    if table is None:
        table = tuple(_fits(top, suit, stack, card) for card in _CANON)
        _TABLES[situation] = table
    return table


def fits(table: _Table, card: AnyCard) -> bool:
    """Whether this single card may be played now on ``table`` (a State or a View)."""
    return _fits(table.top, table.suit, table.stack, card)


def _misfit_reason(top: AnyCard, suit: Suit | None, stack: int, card: AnyCard) -> str:
    if stack:
        if type(top) is Joker:
            return f"Only a joker answers a joker; otherwise take {stack}."
        if type(card) is Joker:
            return "No joker may be played on a 2-stack."
        assert isinstance(top, Card)
        answers = _a_rank(top.rank)
        if top.rank is not _KING:
            higher = _CARD_AT[(top.rank + 1, top.suit)]
            answers += f" or the {higher.face}"
        return f"{card.face} does not answer the stack: play {answers}, or take {stack}."
    if type(top) is Joker:
        assert suit is not None
        return f"{card.face} does not go on the joker: play {suit.noun} or a joker."
    assert isinstance(top, Card)
    if suit is not None:
        return f"{card.face} does not go on {top.face}: play {suit.noun}, a jack or a joker."
    return (
        f"{card.face} does not go on {top.face}: play {top.suit.noun}, "
        f"{_a_rank(top.rank)} or a joker."
    )


def _rank_word(rank: Rank) -> str:
    return str(int(rank)) if 2 <= rank <= 10 else rank.noun


def _a_rank(rank: Rank) -> str:
    """The rank with its article: "a 7", "an 8", "an ace"."""
    word = _rank_word(rank)
    return ("an " if word in ("8", "ace") else "a ") + word


SPECIALS: Final = frozenset({_TWO, _SEVEN, _EIGHT, _TEN, _JACK, _KING})
"""The ranks with an effect; the joker is special too (``is_special``). The house rule
``special_finish`` and the points table (``DEFAULT_CARD_POINTS``) go by them."""


def is_special(card: AnyCard) -> bool:
    """Whether ``card`` has an effect when played last: a joker or a rank of SPECIALS."""
    return type(card) is Joker or (type(card) is Card and card.rank in SPECIALS)


def wins_out(config: Config, last: AnyCard) -> bool:
    """Whether emptying the hand with ``last`` as the last card played wins the round: it
    does, unless the house rule ``special_finish`` is off and ``last`` is special."""
    return config.special_finish or not is_special(last)


def _same_rank(cards: Sequence[AnyCard]) -> bool:
    first = cards[0]
    if type(first) is not Card:
        return False
    return all(type(card) is Card and card.rank is first.rank for card in cards)


def _matches_value(card: Card, value: int) -> bool:
    if value in (1, 14):
        return card.rank is _ACE
    return 2 <= value <= 13 and card.rank == value


def _is_run(cards: Sequence[AnyCard], wrap: bool = False) -> bool:
    """Consecutive cards of one suit, ascending or descending; the ace is low or high, and
    with ``wrap`` (the house rule ``wrap_runs``) a run may go on round the corner: K-A-2."""
    first = cards[0]
    if type(first) is not Card:
        return False
    for card in cards:
        if type(card) is not Card or card.suit is not first.suit:
            return False
    if wrap:
        steps = {(b.rank - a.rank) % 13 for a, b in pairwise(cards)}  # type: ignore[union-attr]
        return steps in ({1}, {12})
    starts = (1, 14) if first.rank is _ACE else (int(first.rank),)
    for start in starts:
        for step in (1, -1):
            if all(
                _matches_value(card, start + step * index)  # type: ignore[arg-type]
                for index, card in enumerate(cards)
            ):
                return True
    return False


def _is_set(cards: Sequence[AnyCard], wrap: bool = False) -> bool:
    return len(cards) >= 3 and (_same_rank(cards) or _is_run(cards, wrap))


def _sequence_problem(
    top: AnyCard, suit: Suit | None, stack: int, cards: tuple[AnyCard, ...], config: Config
) -> str | None:
    """Why these cards (already known to be in the hand) may not be played in this order."""
    first = cards[0]
    if len(cards) > 1:
        if any(type(card) is Joker for card in cards):
            return "A joker cannot be part of a set."
        wrap = config.wrap_runs
        if len(cards) == 2:
            if type(top) is Joker or not (
                _is_set((top, *cards), wrap)
                or (config.either_order and _is_set((top, *cards[::-1]), wrap))
            ):
                return (
                    "Two cards are only a set together with the top card: "
                    "three of one rank, or three in a row of one suit."
                )
        elif not _is_set(cards, wrap):
            return (
                f"{_faces(cards)} is not a set: play 3 or more of one rank, "
                "or 3 or more in a row of one suit."
            )
    if not _fit_table(top, suit, stack)[_key(first)]:
        return _misfit_reason(top, suit, stack, first)
    if stack:
        for before, card in pairwise(cards):
            if not _fits(before, None, stack, card):
                return (
                    f"On a 2-stack every card of a set must answer the one before it; "
                    f"{card.face} does not answer {before.face}."
                )
    return None


def _remove(hand: tuple[AnyCard, ...], cards: Sequence[AnyCard]) -> tuple[AnyCard, ...] | None:
    """The hand without these cards, or None if it does not hold them all."""
    if len(cards) == 1:
        card = cards[0]
        index = len(hand)
        while index:  # the last copy of this very card object
            index -= 1
            if hand[index] is card:
                return hand[:index] + hand[index + 1 :]
        key = _key(card)
        for index in range(len(hand) - 1, -1, -1):
            if _key(hand[index]) == key:
                return hand[:index] + hand[index + 1 :]
        return None
    remaining = list(hand)
    for card in cards:
        try:
            remaining.remove(card)
        except ValueError:
            return None
    return tuple(remaining)


# ------------------------------------------------------------------ dealing


def _deck(config: Config) -> tuple[AnyCard, ...]:
    one_pack: tuple[AnyCard, ...] = (*FULL_DECK, *(JOKER,) * config.jokers)
    return one_pack * config.packs


def _deal(
    config: Config,
    round_number: int,
    wins: tuple[int, ...],
    dealer: int,
    points: tuple[int, ...],
) -> State:
    seed = config.seed if round_number == 1 else rng.fresh_seed_from(config.seed, round_number)
    deck, seed = rng.shuffled(_deck(config), seed)
    players = config.players
    hands = tuple(deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(players))
    stock = deck[players * HAND_SIZE :]
    returned = 0
    while type(stock[-1]) is Joker:
        # A turned joker goes back to the bottom of the stock and the next card is turned.
        stock = (stock[-1], *stock[:-1])
        returned += 1
    pile = (stock[-1],)
    stock = stock[:-1]
    starter = (dealer + 1) % players
    names = config.names
    text = f"Round {round_number}: {names[dealer]} deals. "
    if returned:
        text += "A joker was turned and went back into the stock. "
    text += f"{pile[0].face} starts the pile; {names[starter]} begins."
    return State(
        config=config,
        seed=seed,
        round=round_number,
        wins=wins,
        dealer=dealer,
        hands=hands,
        stock=stock,
        pile=pile,
        current=starter,
        direction=1,
        suit=None,
        stack=0,
        phase=_PLAY,
        series=False,
        passes=0,
        turns=0,
        winner=None,
        history=(_event("deal", dealer, text, pile),),
        points=points,
    )


def new_game(config: Config) -> State:
    """Round 1, dealt from ``config.seed`` (a Config is checked when it is made)."""
    zeros = (0,) * config.players
    return _deal(config, 1, zeros, config.dealer, zeros)


def next_round(state: State) -> State:
    """Deal the next round with the same seats; the deal moves one seat on."""
    if state.phase is not _OVER:
        raise IllegalMove("The round is still being played.")
    if match_over(state):
        raise IllegalMove("The match is over; start a new match from the menu.")
    dealer = (state.dealer + 1) % state.config.players
    points = state.points or (0,) * state.config.players
    return _deal(state.config, state.round + 1, state.wins, dealer, points)


# ------------------------------------------------------------------ legal moves


def _plays_of(
    cards: tuple[AnyCard, ...], left: int, names_suit: bool, into: list[Move]
) -> None:
    """Add the plays of ``cards``: for a jack one per suit; when exactly one card would be
    left, both with and without the last-card call (forgetting is a real choice)."""
    both = left == 1
    if len(cards) == 1:
        by_suit = _SINGLE[_key(cards[0])]
        for pair in by_suit[1:] if names_suit else by_suit[:1]:
            into.append(pair[0])
            if both:
                into.append(pair[1])
        return
    for suit in SUITS if names_suit else (None,):
        into.append(Play(cards, suit, False))
        if both:
            into.append(Play(cards, suit, True))


def _names_suit(last: AnyCard, stack: int) -> bool:
    return not stack and type(last) is Card and last.rank is _JACK


def _answering(found: list[tuple[AnyCard, ...]], stack: int) -> list[tuple[AnyCard, ...]]:
    """The sets of ``found`` that may go on a stack: each card answers the one before it."""
    if not stack:
        return found
    return [
        cards
        for cards in found
        if all(_fits(a, None, stack, b) for a, b in pairwise(cards))
    ]


def _single_plays(key: int, names_suit: bool, leaves_one: bool) -> tuple[Move, ...]:
    by_suit = _SINGLE[key]
    moves: list[Move] = []
    for pair in by_suit[1:] if names_suit else by_suit[:1]:
        moves.extend(pair if leaves_one else pair[:1])
    return tuple(moves)


_SINGLE_PLAYS: Final = tuple(
    tuple(
        tuple(_single_plays(key, not on_stack and key in _JACK_KEYS, leaves_one)
              for key in range(len(_CANON)))
        for leaves_one in (False, True)
    )
    for on_stack in (False, True)
)
"""_SINGLE_PLAYS[on a stack][leaves one card][key]: the listed plays of that single card."""


_LISTING: Final = "_listing"
"""Where a State keeps its own legal moves once listed: a view and the ``apply`` that follows
it ask about the same state, so the listing is made once and ``apply`` can trust a move taken
from it (without this, random games run about a sixth slower). A State never changes, so its
listing never goes stale; it is kept outside the dataclass fields, so equality, the JSON and
``dataclasses.replace`` never see it."""


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the current player; empty when the round is over.

    Single cards and sets (see ``_set_candidates``), a jack once per named suit, and the
    last-card call where it is true: a play that leaves one card is listed with and without
    it. A false call is not listed, though ``apply`` accepts it and charges 2 cards. Then
    ``Take`` on a stack (once per suit after jokers), ``Draw`` when nothing fits, or ``Pass``
    after drawing a card that fits.
    """
    kept = state.__dict__
    moves: tuple[Move, ...] | None = kept.get(_LISTING)
    if moves is None:
        moves = kept[_LISTING] = _list_moves(state)
    return moves


def _list_moves(state: State) -> tuple[Move, ...]:
    phase = state.phase
    if phase is _OVER:
        return ()
    hand = state.hands[state.current]
    leaves_one = len(hand) == 2
    if phase is _DRAWN:
        drawn = _key(hand[-1])
        if not _fit_table(state.pile[-1], state.suit, 0)[drawn]:
            return _PASS_ONLY
        return (*_SINGLE_PLAYS[False][leaves_one][drawn], PASS)
    top, suit, stack = state.pile[-1], state.suit, state.stack
    top_key = _KEY_BY_ID.get(id(top))
    table = _TABLES.get((top_key, id(suit), stack > 0))
    if table is None:  # not seen yet, or a top card object made elsewhere
        table = _fit_table(top, suit, stack)
        top_key = _key(top)
    # One pass over the hand: the keys of all its cards and of those that fit.
    key_of_index = _KEY_OF_INDEX
    keys: list[int] = []
    fitting: list[int] = []
    for card in hand:
        key = key_of_index[card.index]
        keys.append(key)
        if table[key]:
            fitting.append(key)
    if not fitting:
        if not stack:
            return _DRAW_ONLY
        return _TAKE_NAMING if type(top) is Joker else _TAKE_ONLY
    if len(fitting) > 1:
        fitting = sorted(set(fitting))
    # A last card goes out and wins at once: listed like a card on a stack, no suit named
    # (unless the house makes going out on a jack cost cards: then the jack names a suit).
    singles = _SINGLE_PLAYS[stack > 0 or (len(hand) == 1 and state.config.special_finish)][
        leaves_one
    ]
    moves: list[Move] = []
    for key in fitting:
        moves += singles[key]
    assert top_key is not None
    if len(hand) >= 2:
        config = state.config
        wrap, either_order = config.wrap_runs, config.either_order
        if _may_hold_set(keys, fitting, top_key, wrap, either_order):
            found = _set_candidates(keys, top_key, table, wrap, either_order)
            for cards in _answering(found, stack):
                left = len(hand) - len(cards)
                names_suit = (left > 0 or not wins_out(config, cards[-1])) and _names_suit(
                    cards[-1], stack
                )
                _plays_of(cards, left, names_suit, moves)
    if stack:
        if type(top) is Joker:
            moves += _TAKE_NAMING
        else:
            moves.append(TAKE)
    return tuple(moves)


def starts_a_play(view: View, cards: Sequence[AnyCard]) -> bool:
    """Whether ``cards``, in this order, can begin a play of the viewing seat's hand now:
    they are a legal play themselves (the suit of a jack aside), or one more card of the
    hand makes them one. Never capped like ``legal_moves``; the screen lights cards by it."""
    chosen = tuple(cards)
    if not chosen or not view.legal:  # not this seat's turn, or the round is over
        return False
    if view.phase is _DRAWN and (len(chosen) != 1 or chosen[0] != view.drawn):
        return False
    rest = _remove(view.hand, chosen)
    if rest is None:
        return False
    top, suit, stack = view.top, view.suit, view.stack
    config = view.config
    if _sequence_problem(top, suit, stack, chosen, config) is None:
        return True
    # Only two cards can be short of a set; a longer start that is no set never becomes one.
    return len(chosen) == 2 and any(
        _sequence_problem(top, suit, stack, (*chosen, card), config) is None
        for card in set(rest)
    )


def why_not_start(view: View, cards: Sequence[AnyCard]) -> str | None:
    """Why ``cards``, in this order, cannot begin a play of the viewing seat's hand now, or
    None when they can (``starts_a_play``): the sentence for a card a player picks that the
    screen does not light."""
    chosen = tuple(cards)
    if starts_a_play(view, chosen):
        return None
    if not view.legal:
        return "It is not your turn."
    if view.phase is _DRAWN and view.drawn is not None:
        return f"You may only play the card you drew ({view.drawn.face}), or keep it."
    problem = _sequence_problem(view.top, view.suit, view.stack, chosen, view.config)
    return problem or "No play begins with these cards."


def why_illegal(state: State, move: object) -> str | None:
    """The sentence that explains why ``move`` is refused now, or None if it is legal.

    Unlike ``legal_moves``, this accepts a set in any order the rules allow.
    """
    problem, _ = _check(state, move)
    return problem


def is_legal(state: State, move: object) -> bool:
    return why_illegal(state, move) is None


def _check(state: State, move: object) -> tuple[str | None, tuple[AnyCard, ...] | None]:
    """(problem, hand after the play). The hand is given only for a legal Play."""
    if state.phase is _OVER:
        return "The round is over; deal the next round.", None
    if type(move) is Play:
        return _check_play(state, move)
    if type(move) is Draw:
        if state.phase is _DRAWN:
            return "You have drawn already: play the card you drew, or pass.", None
        if state.stack:
            return _stack_demand(state), None
        table = _fit_table(state.pile[-1], state.suit, 0)
        for card in state.hands[state.current]:
            if table[_key(card)]:
                return f"You can play {card.face}, so you must play a card.", None
        return None, None
    if type(move) is Take:
        if not state.stack:
            return "There is no stack to take.", None
        if type(state.pile[-1]) is Joker:
            if not isinstance(move.suit, Suit):
                return "Name a suit when you take a joker stack.", None
        elif move.suit is not None:
            return "Only the taker of a joker stack names a suit.", None
        return None, None
    if type(move) is Pass:
        if state.phase is not _DRAWN:
            return "You may only keep a card you have just drawn.", None
        return None, None
    return "That is not a Pesten move.", None


def _stack_demand(state: State) -> str:
    if type(state.pile[-1]) is Joker:
        return f"Take the {state.stack} cards or play a joker."
    return f"Take the {state.stack} cards or answer the 2-stack."


def _check_play(state: State, move: Play) -> tuple[str | None, tuple[AnyCard, ...] | None]:
    cards = move.cards
    if type(cards) is not tuple:
        return "The cards of a play must be given as a tuple.", None
    if not cards:
        return "Choose at least one card to play.", None
    for card in cards:
        if type(card) is not Card and type(card) is not Joker:
            return "Only cards can be played.", None
    if type(move.last_card) is not bool:
        return "The last-card call must be yes or no.", None
    hand = state.hands[state.current]
    if state.phase is _DRAWN:
        drawn = hand[-1]
        if len(cards) != 1 or cards[0] != drawn:
            return f"You may only play the card you drew ({drawn.face}), or pass.", None
    after = _remove(hand, cards)
    if after is None:
        missing = _missing(hand, cards)
        return f"You do not have {missing.face}.", None
    problem = _sequence_problem(state.pile[-1], state.suit, state.stack, cards, state.config)
    if problem is not None:
        return problem, None
    if not after and wins_out(state.config, cards[-1]):
        # Going out wins at once, so even a jack names no suit: legal_moves lists it so.
        if move.suit is not None:
            return "Your last card wins the round, so no suit is named.", None
    elif _names_suit(cards[-1], state.stack):
        if not isinstance(move.suit, Suit):
            return "Name a suit for your jack.", None
    elif move.suit is not None:
        return "Only a jack played outside a 2-stack names a suit.", None
    return None, after


def _missing(hand: tuple[AnyCard, ...], cards: Sequence[AnyCard]) -> AnyCard:
    remaining = list(hand)
    for card in cards:
        if card in remaining:
            remaining.remove(card)
        else:
            return card
    return cards[0]


# ------------------------------------------------------------------ applying


class _Work(TypedDict):
    """A State's fields while one move is applied: a copy of the snapshot's own dictionary
    (the cheap way to copy 18 fields), changed in place and then made the new snapshot's
    dictionary. ``apply`` runs on every move, so it works on this dictionary directly."""

    config: Config
    seed: int
    round: int
    wins: tuple[int, ...]
    dealer: int
    hands: tuple[tuple[AnyCard, ...], ...]
    stock: tuple[AnyCard, ...]
    pile: tuple[AnyCard, ...]
    current: int
    direction: int
    suit: Suit | None
    stack: int
    phase: Phase
    series: bool
    passes: int
    turns: int
    winner: int | None
    history: tuple[Event, ...]
    points: tuple[int, ...]


def _seat(work: _Work, steps: int) -> int:
    return (work["current"] + steps * work["direction"]) % work["config"].players


def _end_turn(work: _Work, seat: int) -> None:
    work["current"] = seat
    work["series"] = False
    work["phase"] = _PLAY
    work["turns"] += 1


def _log(work: _Work, event: Event) -> None:
    work["history"] += (event,)


def _set_hand(work: _Work, seat: int, hand: tuple[AnyCard, ...]) -> None:
    hands = work["hands"]
    work["hands"] = (*hands[:seat], hand, *hands[seat + 1 :])


def _draw(work: _Work, seat: int, wanted: int) -> int:
    """Give ``seat`` up to ``wanted`` cards, reshuffling the pile when the stock is empty."""
    got = 0
    while got < wanted:
        stock = work["stock"]
        if not stock:
            pile = work["pile"]
            if len(pile) < 2:
                break
            stock, work["seed"] = rng.shuffled(pile[:-1], work["seed"])
            work["pile"] = pile[-1:]
            size = "1 card" if len(stock) == 1 else f"{len(stock)} cards"
            text = f"The pile is shuffled into a new stock of {size}."
            _log(work, _event("reshuffle", None, text))
        count = min(wanted - got, len(stock))
        split = len(stock) - count  # the stock deals from its end
        work["stock"] = stock[:split]
        _set_hand(work, seat, work["hands"][seat] + stock[split:][::-1])
        got += count
    return got


def apply(state: State, move: Move) -> State:
    """The state after ``move``. Raises IllegalMove with a sentence; ``state`` is untouched."""
    scratch = state.__dict__.copy()  # becomes the next state's fields (see below)
    listed = False
    for candidate in scratch.pop(_LISTING, ()):  # the listing is this state's only
        if candidate is move:
            listed = True  # the very move legal_moves gave for this state: legal
            break
    if listed:
        after = _remove(state.hands[state.current], move.cards) if type(move) is Play else None
    else:
        problem, after = _check(state, move)
        if problem is not None:
            raise IllegalMove(problem)
        if type(move) is Play and not all(map(_KEY_BY_ID.__contains__, map(id, move.cards))):
            # Keep only the shared card objects in states.
            move = Play(tuple(_CANON[_key(card)] for card in move.cards), move.suit,
                        move.last_card)
    work: _Work = scratch  # type: ignore[assignment]
    if type(move) is Play:
        assert after is not None
        _apply_play(work, move, after)
    elif type(move) is Draw:
        _apply_draw(work)
    elif type(move) is Take:
        _apply_take(work, move)
    else:
        seat = work["current"]
        _log(work, _event("pass", seat, f"{work['config'].names[seat]} keeps the drawn card."))
        _end_turn(work, _seat(work, 1))
    # A frozen State without the per-field cost of its __init__: the scratch dictionary,
    # which holds every field, becomes the new snapshot's own.
    made = _new(State)
    _set(made, "__dict__", work)
    return made


def _apply_play(work: _Work, move: Play, after: tuple[AnyCard, ...]) -> None:
    seat = work["current"]
    name = work["config"].names[seat]
    cards = move.cards  # the shared card objects (see apply)
    last = cards[-1]
    stack_before = work["stack"]
    _set_hand(work, seat, after)
    work["pile"] += cards
    work["passes"] = 0
    work["phase"] = _PLAY
    played = f"{name} plays {_FACE_BY_ID[id(last)] if len(cards) == 1 else _faces(cards)}"
    if not after:
        if wins_out(work["config"], last):
            _win(work, seat, "win", f"{played} and wins round {work['round']}!", cards)
            return
        # Out on a special card, which this house forbids: the card works, and cards follow
        # (there is always one to take: the old top card lies under the ones just played).
        suffix = _effect(work, last, stack_before, move.suit)
        _log(work, _event("play", seat, played + suffix, cards))
        got = _draw(work, seat, SPECIAL_FINISH_PENALTY)
        _log(work, _event(
            "penalty", seat, f"{name} may not go out on a special card: {name} takes {got} "
            "and the round goes on.",
        ))
        return
    forgot = len(after) == 1 and not move.last_card
    config = work["config"]
    if forgot and _in_series(work["series"], cards, stack_before, config.sets_are_series):
        # A series (the turn after a 7, a set, or a 7 that would start one): the last card
        # goes back without effect, the penalty cards follow, and the turn is over.
        work["pile"] = work["pile"][:-1]
        _set_hand(work, seat, (*after, last))
        if len(cards) > 1:
            work["suit"] = None  # the rest of the set lies on top; a stack stays as it was
        _log(work, _event("play", seat, played, cards))
        _draw(work, seat, config.forgot_penalty)
        _log(work, _event(
            "penalty",
            seat,
            f"{name} forgot to call last card: {last.face} goes back, {name} takes "
            f"{config.forgot_penalty} and the turn ends.",
        ))
        _end_turn(work, _seat(work, 1))
        return
    suffix = _effect(work, last, stack_before, move.suit)
    _log(work, _event("play", seat, played + suffix, cards))
    if forgot:
        _draw(work, seat, config.forgot_penalty)
        _log(work, _event(
            "penalty", seat, f"{name} forgot to call last card and takes {config.forgot_penalty}."
        ))
    elif move.last_card and len(after) != 1:
        _draw(work, seat, PENALTY)
        _log(work, _event(
            "penalty", seat, f"{name} called last card falsely and takes {PENALTY}."
        ))
    elif move.last_card:
        _log(work, _event("last_card", seat, f"{name}: last card!"))


def _in_series(
    series: bool, cards: tuple[AnyCard, ...], stack_before: int, sets_are_series: bool
) -> bool:
    """Whether this play belongs to a series of cards (seed section 2.4): the turn after a
    7, a set (unless the house rule ``sets_are_series`` is off), or a 7 that gives another
    turn (on a stack a 7 is only an answer)."""
    last = cards[-1]
    seven = type(last) is Card and last.rank is _SEVEN and not stack_before
    return series or (sets_are_series and len(cards) > 1) or seven


def _win(work: _Work, seat: int, kind: str, text: str, cards: tuple[AnyCard, ...]) -> None:
    """``seat`` has won the round (gone out, or blocked with the fewest cards): the round is
    over and scored, and the history says so with an event of ``kind``."""
    work["winner"] = seat
    work["phase"] = _OVER
    work["stack"] = 0
    work["turns"] += 1
    wins = list(work["wins"])
    wins[seat] += 1
    work["wins"] = tuple(wins)
    _score_round(work, seat)
    _log(work, _event(kind, seat, text, cards))


def _effect(work: _Work, last: AnyCard, stack_before: int, suit: Suit | None) -> str:
    """Carry out the effect of the last card played; return the text that explains it."""
    names = work["config"].names
    nxt = (work["current"] + work["direction"]) % work["config"].players
    if stack_before:
        _end_turn(work, nxt)
        if type(last) is Joker:
            work["stack"] = stack_before + JOKER_TAKE
            return f" — {names[nxt]} must take {work['stack']} or play a joker"
        assert isinstance(last, Card)
        work["stack"] = stack_before + int(last.rank)
        return f" — {names[nxt]} must take {work['stack']} or answer"
    work["suit"] = None
    if type(last) is Joker:
        work["stack"] = JOKER_TAKE
        _end_turn(work, nxt)
        return f" — {names[nxt]} must take {JOKER_TAKE} or play a joker"
    assert isinstance(last, Card)
    rank = last.rank
    if rank is _TWO:
        work["stack"] = 2
        _end_turn(work, nxt)
        return f" — {names[nxt]} must take 2 or answer"
    if rank is _SEVEN:
        work["turns"] += 1
        work["series"] = True
        return f" — {names[work['current']]} plays again"
    if rank is _EIGHT:
        _end_turn(work, _seat(work, 2))
        return f" — {names[nxt]} is skipped"
    if rank is _TEN:
        _end_turn(work, _seat(work, -1))
        return f" — back to {names[work['current']]}"
    if rank is _JACK:
        assert suit is not None
        work["suit"] = suit
        _end_turn(work, nxt)
        return f" and names {suit.glyph} {suit.noun}"
    if rank is _KING:
        work["direction"] = -work["direction"]
        _end_turn(work, _seat(work, 1))
        return f" — the direction reverses; {names[work['current']]} is next"
    _end_turn(work, nxt)
    return ""


def _apply_draw(work: _Work) -> None:
    seat = work["current"]
    name = work["config"].names[seat]
    if _draw(work, seat, 1) == 0:
        work["passes"] += 1
        _log(work, _event("draw", seat, f"{name} cannot play and there is nothing left to draw."))
        if work["passes"] >= work["config"].players:
            _end_blocked(work)
        else:
            _end_turn(work, _seat(work, 1))
        return
    work["passes"] = 0
    _log(work, _event("draw", seat, f"{name} draws a card."))
    # Whether or not the card fits, the drawer ends the turn with a move of their own (play
    # it if it fits, or keep it): the public history then reads the same either way.
    work["phase"] = _DRAWN


def hand_points(config: Config, cards: Iterable[AnyCard]) -> int:
    """What these cards count against their holder at a round's end (``card_points``)."""
    table = config.card_points
    return sum(table[int(card.rank)] if isinstance(card, Card) else table[0] for card in cards)


def _round_points(config: Config, hands: Sequence[Sequence[AnyCard]], winner: int) -> list[int]:
    """What each seat's cards left count at a round's end; the winner scores nothing (even
    when a blocked round is won holding the fewest cards)."""
    return [0 if seat == winner else hand_points(config, hand) for seat, hand in enumerate(hands)]


def round_points(state: State) -> tuple[int, ...]:
    """Each seat's points from the round just ended (zeros while it runs)."""
    if state.winner is None:
        return (0,) * state.config.players
    return tuple(_round_points(state.config, state.hands, state.winner))


def _score_round(work: _Work, winner: int) -> None:
    """The cards left in the other hands count against their holders."""
    config = work["config"]
    totals = work["points"] or (0,) * config.players
    scored = _round_points(config, work["hands"], winner)
    work["points"] = tuple(map(sum, zip(totals, scored, strict=True)))


def _end_blocked(work: _Work) -> None:
    """Nobody can play and nothing is left to draw: the fewest cards wins the round."""
    players = work["config"].players
    dealer = work["dealer"]
    hands = work["hands"]
    seat = min(range(players), key=lambda s: (len(hands[s]), (s - dealer - 1) % players))
    _win(work, seat, "blocked", _blocked_text(work["config"].names[seat], work["round"]), ())


def _blocked_text(name: str, round_number: int) -> str:
    return (f"Nobody can play and nothing is left to draw: {name} wins round {round_number} "
            "with the fewest cards.")


def _apply_take(work: _Work, move: Take) -> None:
    seat = work["current"]
    name = work["config"].names[seat]
    wanted = work["stack"]
    joker = type(work["pile"][-1]) is Joker
    got = _draw(work, seat, wanted)
    work["stack"] = 0
    work["passes"] = 0
    text = f"{name} takes {got}"
    if got < wanted:
        text += f" (only {got} of {wanted} were left)"
    if joker:
        assert move.suit is not None
        work["suit"] = move.suit
        text += f" and names {move.suit.glyph} {move.suit.noun}"
    _log(work, _event("take", seat, text + "."))
    _end_turn(work, _seat(work, 1))


# ------------------------------------------------------------------ views and outcome


def view(state: State, seat: int) -> View:
    """What ``seat`` may know: its own hand and the public facts."""
    if not 0 <= seat < state.config.players:
        raise ValueError(f"There is no seat {seat}.")
    hand = state.hands[seat]
    pile = state.pile
    top = pile[-1]
    stack = state.stack
    phase = state.phase
    own_turn = seat == state.current and phase is not _OVER
    return _tuple_new(View, (  # as View() does, minus a call; in field order
        seat,
        state.config.names,
        hand,
        top,
        state.suit,
        stack,
        ("joker" if type(top) is Joker else "two") if stack else None,
        state.direction,
        tuple(map(len, state.hands)),
        len(state.stock),
        len(pile),
        None if phase is _OVER else state.current,
        phase,
        state.series,
        hand[-1] if own_turn and phase is _DRAWN else None,
        state.history,
        state.wins,
        state.round,
        state.winner,
        legal_moves(state) if own_turn else (),
        state.points or (0,) * state.config.players,
        state.config,
    ))


class _History(Protocol):
    """What ``round_blocked`` needs: a State or a View."""

    @property
    def history(self) -> tuple[Event, ...]: ...


def round_blocked(table: _History) -> bool:
    """Whether the round ended because nobody could play or draw (``table`` is a State or
    a View): then the fewest cards won it."""
    return bool(table.history) and table.history[-1].kind == "blocked"


def outcome(state: State) -> Outcome | None:
    """The round's winner, or None while it runs."""
    winner = state.winner
    if winner is None:
        return None
    name = state.config.names[winner]
    if round_blocked(state):
        sentence = _blocked_text(name, state.round)
    else:
        sentence = f"{name} wins round {state.round}!"
    return Outcome((winner,), results_for(state.config.players, (winner,)), sentence)


class _Match(Protocol):
    """What the match functions need: a State or a View."""

    @property
    def config(self) -> Config: ...
    @property
    def wins(self) -> tuple[int, ...]: ...
    @property
    def points(self) -> tuple[int, ...]: ...
    @property
    def phase(self) -> Phase: ...


def standings(table: _Match) -> tuple[int, ...]:
    """The seats from first to last in the match: by fewest points when playing to a points
    limit, otherwise by most round wins; then by fewer points, then by seat."""
    players = table.config.players
    points = table.points or (0,) * players
    wins = table.wins
    if table.config.match == "points":
        return tuple(sorted(range(players), key=lambda s: (points[s], -wins[s], s)))
    return tuple(sorted(range(players), key=lambda s: (-wins[s], points[s], s)))


def match_over(table: _Match) -> bool:
    """Whether the match has ended: a round is over and its target is reached. An open
    match never ends."""
    config = table.config
    if table.phase is not _OVER or config.match == "open":
        return False
    if config.match == "wins":
        return max(table.wins) >= config.target
    return max(table.points or (0,)) >= config.target


def match_winner(table: _Match) -> int | None:
    """The seat that won the match, or None while it goes on."""
    return standings(table)[0] if match_over(table) else None


# ------------------------------------------------------------------ saving


def _codes(cards: Iterable[AnyCard]) -> list[str]:
    return [card.code for card in cards]


def to_json(state: State) -> dict[str, object]:
    config = state.config
    return {
        "game": GAME,
        "version": VERSION,
        "config": {
            "players": config.players,
            "packs": config.packs,
            "jokers": config.jokers,
            "seed": config.seed,
            "names": list(config.names),
            "dealer": config.dealer,
            **{field: getattr(config, field) for field in _HOUSE_FIELDS},
            "card_points": list(config.card_points),
        },
        "seed": state.seed,
        "round": state.round,
        "wins": list(state.wins),
        "dealer": state.dealer,
        "hands": [_codes(hand) for hand in state.hands],
        "stock": _codes(state.stock),
        "pile": _codes(state.pile),
        "current": state.current,
        "direction": state.direction,
        "suit": None if state.suit is None else state.suit.value,
        "stack": state.stack,
        "phase": state.phase.value,
        "series": state.series,
        "passes": state.passes,
        "turns": state.turns,
        "winner": state.winner,
        "points": list(state.points or (0,) * config.players),
        "history": [
            {"kind": e.kind, "seat": e.seat, "text": e.text, "cards": _codes(e.cards)}
            for e in state.history
        ],
    }


def _cards_from(value: object, what: str) -> tuple[AnyCard, ...]:
    if not isinstance(value, list):
        raise SaveFormatError(f"The {what} in the save must be a list of cards.")
    cards: list[AnyCard] = []
    for code in value:
        if not isinstance(code, str) or code not in _BY_CODE:
            shown = str(code)[:12]
            raise SaveFormatError(f"The {what} in the save holds '{shown}', which is not a card.")
        cards.append(_BY_CODE[code])
    return tuple(cards)


_HOUSE_FIELDS: Final = (*HOUSE_RULES, "match", "target")


def _house_rules(conf: SaveReader) -> dict[str, Any]:
    """The house rules and match of a saved set-up; a save from before they existed has
    none, and gets the defaults (the Config checks the values)."""
    found = {field: conf.data[field] for field in _HOUSE_FIELDS if field in conf.data}
    if "card_points" in conf.data:
        found["card_points"] = tuple(conf.items("card_points"))
    return found


def from_json(data: Mapping[str, Any]) -> State:
    """Rebuild a state from ``to_json`` output (the mapping; text is parsed by its reader).

    Raises SaveFormatError with a sentence on anything that is not a sound Pesten save.
    """
    top = read_header(data, GAME, "Pesten", VERSION)
    conf = top.part("config", "the set-up")
    try:
        config = Config(
            players=conf.integer("players"),
            packs=conf.integer("packs"),
            jokers=conf.integer("jokers"),
            seed=conf.integer("seed"),
            names=tuple(conf.items("names")),
            dealer=conf.integer("dealer"),
            **_house_rules(conf),
        )
    except ValueError as error:
        if isinstance(error, SaveFormatError):
            raise
        raise SaveFormatError(f"The save's set-up is not playable: {error}") from None
    players = config.players
    hands = tuple(_cards_from(hand, "hand") for hand in top.items("hands", players))
    stock = _cards_from(top.get("stock"), "stock")
    pile = _cards_from(top.get("pile"), "pile")
    if not pile:
        raise SaveFormatError("The save's discard pile is empty.")
    everything = [card for hand in hands for card in hand] + list(stock) + list(pile)
    if sorted(_codes(everything)) != sorted(_codes(_deck(config))):
        raise SaveFormatError("The cards in the save do not add up to the packs in play.")
    wins = top.items("wins", players)
    if not all(_whole(w) and w >= 0 for w in wins):
        raise SaveFormatError(f"'wins' in the save must hold {players} counts.")
    points = top.items("points", players) if "points" in data else [0] * players
    if not all(_whole(p) and p >= 0 for p in points):
        raise SaveFormatError(f"'points' in the save must hold {players} counts.")
    suit_raw = top.get("suit")
    suits = {suit.value: suit for suit in SUITS}
    if suit_raw is not None and (not isinstance(suit_raw, str) or suit_raw not in suits):
        raise SaveFormatError("'suit' in the save is not a suit.")
    phases = {phase.value: phase for phase in Phase}
    phase_raw = top.get("phase")
    if not isinstance(phase_raw, str) or phase_raw not in phases:
        raise SaveFormatError("'phase' in the save is not a phase of Pesten.")
    direction = top.integer("direction", -1, 1)
    if direction == 0:
        raise SaveFormatError("'direction' in the save must be 1 or -1.")
    winner = top.optional_integer("winner", 0, players - 1)
    phase = phases[phase_raw]
    if (phase is _OVER) != (winner is not None):
        raise SaveFormatError("The save's winner does not match its phase.")
    if phase is not _OVER and not all(hands):
        raise SaveFormatError("A player without cards has won, yet the save's round runs on.")
    current = top.integer("current", 0, players - 1)
    stack = top.integer("stack")
    if phase is _DRAWN and (stack or not hands[current]):
        raise SaveFormatError("The save's drawn card is missing.")
    if stack and isinstance(pile[-1], Card) and pile[-1].rank is _ACE:
        raise SaveFormatError("The save's stack does not match its top card.")
    history: list[Event] = []
    for raw in top.items("history"):
        entry = SaveReader(raw, "a history entry")
        history.append(_event(
            entry.text("kind", 20), entry.optional_integer("seat", 0, players - 1),
            entry.text("text", 2000), _cards_from(entry.get("cards"), "history"),
        ))
    return State(
        config=config,
        seed=top.integer("seed"),
        round=top.integer("round", 1),
        wins=tuple(wins),
        dealer=top.integer("dealer", 0, players - 1),
        hands=hands,
        stock=stock,
        pile=pile,
        current=current,
        direction=direction,
        suit=None if suit_raw is None else suits[suit_raw],
        stack=stack,
        phase=phase,
        series=top.boolean("series"),
        passes=top.integer("passes"),
        turns=top.integer("turns"),
        winner=winner,
        history=tuple(history),
        points=tuple(points),
    )
