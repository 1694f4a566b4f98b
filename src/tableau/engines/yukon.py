"""Yukon solitaire: the pure rules engine (no I/O, no clocks, no global randomness).

A game goes through two phases, as the seed describes:

- STARTUP: get a deck (``LoadDeck``), look at it (``SHOW_DECK``), shuffle it
  (``ShuffleInterleaved``, ``SHUFFLE_RANDOM``), then ``DEAL`` it.
- PLAY: move cards (``CardMove``) until all 52 are on the foundations; ``QUIT`` goes back
  to STARTUP with the same deck, so dealing again replays the same game.

Every step is a ``Move`` applied by ``apply``. ``legal_moves`` lists the card moves in PLAY
and the steps without a parameter in STARTUP (so random play from ``new_game`` reaches PLAY);
``apply`` also takes a loaded deck's cards (``LoadDeck(cards)``), a chosen split
(``ShuffleInterleaved(26)``) and ``QUIT``, which the session offers as commands.

Columns list their cards from the top of the column (dealt first, furthest from the player)
to the *bottom card*, the last one, which is the one that can be played on. A move picks a
face-up card and takes every card below it along.

Rule variants (``Config.rules``): ``"spec"`` (the seed's rule: a card goes on a card one rank
higher of a different suit; the same colour is allowed), ``"classic"`` (the colours must
alternate, as in standard Yukon) and ``"russian"`` (the same suit only).

Rulings where the seed leaves room:

- Any empty foundation takes any ace; a foundation then grows in that ace's suit.
- The top card of a foundation may go back onto a column, never onto another foundation.
- A king may move into any empty column, even from the top of another column.
- Once the game is won, nothing moves any more (undo still works in the session).
- A refused move names a face-down card only as "no face-up 4H", so a refusal never tells
  where a hidden card lies.
- Any value passed to ``apply`` that is not a well-formed ``Move`` is refused with
  IllegalMove, like an illegal move.
- ``from_json`` refuses a PLAY table that play from its deck's deal can never reach (see
  ``_position_refusal``) and a move count above ``MAX_MOVES``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any
from typing import Final

from tableau.cards import FULL_DECK
from tableau.cards import Card
from tableau.cards import CardError
from tableau.cards import Rank
from tableau.cards import Suit
from tableau.cards import parse_card
from tableau.engines import rng
from tableau.engines.protocol import IllegalMove
from tableau.engines.protocol import Outcome
from tableau.engines.protocol import SaveFormatError
from tableau.engines.protocol import SaveReader
from tableau.engines.protocol import read_header
from tableau.engines.rng import MAX_SEED

__all__ = [
    "COLUMN_HEIGHTS",
    "DEAL",
    "FACE_DOWN_COUNTS",
    "FITS_ON",
    "GAME_NUMBERS",
    "QUIT",
    "RULES",
    "SHOW_DECK",
    "SHUFFLE_RANDOM",
    "WON",
    "CardMove",
    "Config",
    "IllegalMove",
    "LoadDeck",
    "Move",
    "Phase",
    "SaveFormatError",
    "ShuffleInterleaved",
    "Slot",
    "State",
    "Step",
    "View",
    "apply",
    "from_json",
    "legal_moves",
    "new_game",
    "number_of_deal",
    "numbered_game",
    "outcome",
    "parse_move",
    "safe_foundation_moves",
    "to_json",
    "unseen_cards",
    "view",
    "with_hidden",
]

RULES: Final = ("spec", "classic", "russian")
COLUMN_COUNT: Final = 7
FOUNDATION_COUNT: Final = 4
COLUMN_HEIGHTS: Final = (1, 6, 7, 8, 9, 10, 11)
FACE_DOWN_COUNTS: Final = (0, 1, 2, 3, 4, 5, 6)
DECK_SIZE: Final = len(FULL_DECK)
MAX_MOVES: Final = 10**12
"""A save with a larger move count is refused: a trillion moves is far beyond any game."""
SAVE_VERSION: Final = 1

NOT_IN_PLAY: Final = "Command not available in the PLAY phase"
NOT_IN_STARTUP: Final = "Command not available in the STARTUP phase"
NO_DECK: Final = "No deck is loaded; use LD first."
NOT_A_MOVE: Final = "That is not a Yukon move; a move looks like C6:4H->C4 or C7->F2."


class Phase(Enum):
    STARTUP = "STARTUP"
    PLAY = "PLAY"


@dataclass(frozen=True, slots=True)
class Config:
    seed: int = 0
    rules: str = "spec"

    def __post_init__(self) -> None:
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise ValueError("The seed must be a whole number.")
        if not 0 <= self.seed <= MAX_SEED:
            raise ValueError(f"The seed must be a whole number from 0 to {MAX_SEED}.")
        if self.rules not in RULES:
            shown = str(self.rules)[:20]
            raise ValueError(f"Unknown rules '{shown}'; choose spec, classic or russian.")


@dataclass(frozen=True, slots=True)
class Slot:
    """A card in a column, face up or face down."""

    card: Card
    face_up: bool


# Every slot value exists once, so columns of later snapshots share them.
_SLOTS: Final = {(card, up): Slot(card, up) for card in FULL_DECK for up in (False, True)}
_UP: Final = {card: _SLOTS[card, True] for card in FULL_DECK}
_DOWN: Final = {card: _SLOTS[card, False] for card in FULL_DECK}

Column = tuple[Slot, ...]
Foundation = tuple[Card, ...]
_EMPTY_COLUMNS: Final[tuple[Column, ...]] = ((),) * COLUMN_COUNT
_EMPTY_FOUNDATIONS: Final[tuple[Foundation, ...]] = ((),) * FOUNDATION_COUNT


@dataclass(frozen=True, slots=True)
class State:
    """An immutable snapshot. ``deck`` is kept during PLAY so Q can go back to it."""

    phase: Phase
    deck: tuple[Card, ...] | None
    columns: tuple[Column, ...]
    foundations: tuple[Foundation, ...]
    seed: int
    rules: str
    moves: int = 0
    deck_face_up: bool = False


@dataclass(frozen=True, slots=True)
class CardMove:
    """``C6:4H->C4``, ``C6->C4`` (the bottom card), ``F4->C6`` or ``C7->F2``."""

    source: str
    target: str
    card: Card | None = None

    def __str__(self) -> str:
        if self.card is None:
            return f"{self.source}->{self.target}"
        return f"{self.source}:{self.card}->{self.target}"


@dataclass(frozen=True, slots=True)
class LoadDeck:
    """LD: ``cards`` (top first, as read from a deck file) or, when None, the unshuffled deck."""

    cards: tuple[Card, ...] | None = None

    def __str__(self) -> str:
        return "LD"


_STEP_COMMANDS: Final = frozenset({"SW", "SR", "P", "Q"})


@dataclass(frozen=True, slots=True)
class Step:
    """A step without a parameter; ``command`` is what a player types for it. There are four
    (the constants below): ``SHOW_DECK`` (SW) turns the deck face up, ``SHUFFLE_RANDOM`` (SR)
    puts each card into a random place of a new pile, ``DEAL`` (P) deals the deck into the
    seven columns, and ``QUIT`` (Q) leaves the game, back to STARTUP with the same deck."""

    command: str

    def __post_init__(self) -> None:
        if not isinstance(self.command, str) or self.command not in _STEP_COMMANDS:
            raise IllegalMove(NOT_A_MOVE)

    def __str__(self) -> str:
        return self.command


SHOW_DECK: Final = Step("SW")
SHUFFLE_RANDOM: Final = Step("SR")
DEAL: Final = Step("P")
QUIT: Final = Step("Q")


@dataclass(frozen=True, slots=True)
class ShuffleInterleaved:
    """SI: split after ``split`` cards (a random place when None) and interleave."""

    split: int | None = None

    def __str__(self) -> str:
        return "SI" if self.split is None else f"SI {self.split}"


Move = CardMove | LoadDeck | ShuffleInterleaved | Step

_FIRST_STEPS: Final[tuple[Move, ...]] = (LoadDeck(),)
_STARTUP_STEPS: Final[tuple[Move, ...]] = (
    LoadDeck(), SHOW_DECK, ShuffleInterleaved(), SHUFFLE_RANDOM, DEAL
)

WON: Final = Outcome(winners=(0,), results=("won",), sentence="You won!")
"""The one way a game of Yukon ends: all 52 cards on the foundations."""


@dataclass(frozen=True, slots=True)
class View:
    """What the player sees. ``None`` stands for a face-down card."""

    seat: int
    to_move: int | None
    """0 while the game goes on (STARTUP included), None once it is won."""
    legal: tuple[Move, ...]
    stock_count: int
    """Always 0: Yukon deals every card."""
    phase: Phase
    columns: tuple[tuple[Card | None, ...], ...]
    foundations: tuple[Foundation, ...]
    deck_shown: tuple[Card | None, ...]
    moves: int
    seed: int
    rules: str
    won: bool
    has_deck: bool


# ---------------------------------------------------------------- piles and notation

_COLUMN_NAMES: Final = tuple(f"C{number}" for number in range(1, COLUMN_COUNT + 1))
_FOUNDATION_NAMES: Final = tuple(f"F{number}" for number in range(1, FOUNDATION_COUNT + 1))
# name -> (is_column, index)
_PILES: Final[Mapping[str, tuple[bool, int]]] = {
    **{name: (True, index) for index, name in enumerate(_COLUMN_NAMES)},
    **{name: (False, index) for index, name in enumerate(_FOUNDATION_NAMES)},
}

_MOVE_PATTERN: Final = re.compile(
    r"\s*([CF])\s*(\d{1,3})\s*(?::\s*([^\s:>-]{1,3}))?\s*->\s*([CF])\s*(\d{1,3})\s*",
    re.IGNORECASE,
)


def _pile_name(kind: str, number: str) -> str:
    kind = kind.upper()
    name = f"{kind}{int(number)}"
    if name not in _PILES:
        if kind == "C":
            raise IllegalMove(f"There is no column {name}; the columns are C1 to C7.")
        raise IllegalMove(f"There is no foundation {name}; the foundations are F1 to F4.")
    return name


def parse_move(text: str) -> CardMove:
    """Parse the spec's move notation, in any case, with spaces around ``->`` allowed."""
    match = _MOVE_PATTERN.fullmatch(text)
    if match is None:
        raise IllegalMove("A move looks like C6:4H->C4, C6->C4, F4->C6 or C7->F2.")
    source = _pile_name(match.group(1), match.group(2))
    target = _pile_name(match.group(4), match.group(5))
    card: Card | None = None
    if match.group(3) is not None:
        try:
            card = parse_card(match.group(3))
        except CardError as error:
            raise IllegalMove(str(error)) from None
    return CardMove(source, target, card)


# ---------------------------------------------------------------- starting and STARTUP


def new_game(config: Config) -> State:
    """STARTUP with no deck loaded."""
    return State(Phase.STARTUP, None, _EMPTY_COLUMNS, _EMPTY_FOUNDATIONS, config.seed, config.rules)


def _startup_with(state: State, deck: tuple[Card, ...], seed: int, face_up: bool) -> State:
    return State(
        Phase.STARTUP, deck, _EMPTY_COLUMNS, _EMPTY_FOUNDATIONS, seed, state.rules, 0, face_up
    )


def _require_startup_deck(state: State) -> tuple[Card, ...]:
    if state.phase is not Phase.STARTUP:
        raise IllegalMove(NOT_IN_PLAY)
    if state.deck is None:
        raise IllegalMove(NO_DECK)
    return state.deck


def _load_deck(state: State, cards: tuple[Card, ...] | None) -> State:
    """LD: use ``cards`` (top first) as the deck, or the unshuffled deck when None.

    The deck is shown face down afterwards.
    """
    if state.phase is not Phase.STARTUP:
        raise IllegalMove(NOT_IN_PLAY)
    deck = FULL_DECK if cards is None else cards
    if (
        not isinstance(deck, tuple)
        or not all(isinstance(card, Card) for card in deck)
        or len(deck) != DECK_SIZE
        or set(deck) != set(FULL_DECK)
    ):
        raise IllegalMove(f"A deck must hold each of the {DECK_SIZE} cards exactly once.")
    return _startup_with(state, deck, state.seed, False)


def _show_deck(state: State) -> State:
    """SW: turn the deck face up so its order shows."""
    deck = _require_startup_deck(state)
    return _startup_with(state, deck, state.seed, True)


def _shuffle_interleaved(state: State, split: int | None) -> State:
    """SI: split off the top ``split`` cards, then take a card from each pile in turn.

    The new deck starts with the top card of the first pile, then the top card of the second,
    and so on; the rest of the longer pile goes to the bottom. Without ``split`` a random
    one from 1 to 51 is used. The deck is face down afterwards.
    """
    deck = _require_startup_deck(state)
    seed = state.seed
    if split is None:
        value, seed = rng.randrange(len(deck) - 1, seed)
        split = value + 1
    elif isinstance(split, bool) or not isinstance(split, int) or not 0 < split < len(deck):
        raise IllegalMove(f"The split must be a whole number from 1 to {len(deck) - 1}.")
    first, second = deck[:split], deck[split:]
    shuffled: list[Card] = []
    for pair in zip(first, second, strict=False):
        shuffled.extend(pair)
    common = min(len(first), len(second))
    shuffled.extend(first[common:])
    shuffled.extend(second[common:])
    return _startup_with(state, tuple(shuffled), seed, False)


def _shuffle_random(state: State) -> State:
    """SR: take the cards from the top one by one, each into a random place of a new pile."""
    deck = _require_startup_deck(state)
    seed = state.seed
    pile: list[Card] = []
    for card in deck:
        position, seed = rng.randrange(len(pile) + 1, seed)
        pile.insert(position, card)
    return _startup_with(state, tuple(pile), seed, False)


def _deal(state: State) -> State:
    """P: deal the deck row by row, left to right, into columns of 1, 6, 7, ..., 11 cards.

    Column n (counting from 0) has its first n cards face down: 21 in all.
    """
    deck = _require_startup_deck(state)
    columns: list[list[Slot]] = [[] for _ in range(COLUMN_COUNT)]
    cards = iter(deck)
    for row in range(max(COLUMN_HEIGHTS)):
        for index, height in enumerate(COLUMN_HEIGHTS):
            if row < height:
                card = next(cards)
                face_up = row >= FACE_DOWN_COUNTS[index]
                columns[index].append(_UP[card] if face_up else _DOWN[card])
    return State(
        Phase.PLAY,
        deck,
        tuple(tuple(column) for column in columns),
        _EMPTY_FOUNDATIONS,
        state.seed,
        state.rules,
        0,
        False,
    )


def _quit(state: State) -> State:
    """Q: back to STARTUP with the deck that was dealt."""
    if state.phase is not Phase.PLAY or state.deck is None:
        raise IllegalMove(NOT_IN_STARTUP)
    return _startup_with(state, state.deck, state.seed, False)


_STEP_RULES: Final[Mapping[str, Callable[[State], State]]] = {
    "SW": _show_deck, "SR": _shuffle_random, "P": _deal, "Q": _quit,
}


# ---------------------------------------------------------------- numbered games

GAME_NUMBERS: Final = range(1, 1_000_000)
"""The games a player can ask for by number (``--seed N``, the menu, ctrl+n)."""


def numbered_game(number: int, rules: str = "spec") -> State:
    """Game ``number`` dealt: the full deck shuffled by SR from seed ``number``, so LD, SR, P
    from that seed deals the same cards. The state keeps ``number`` as its seed, so a save of
    the game still names it."""
    if number not in GAME_NUMBERS:
        raise ValueError(f"A game number is a whole number from 1 to {GAME_NUMBERS[-1]}.")
    dealt = _deal(_shuffle_random(_load_deck(new_game(Config(seed=number, rules=rules)), None)))
    return State(Phase.PLAY, dealt.deck, dealt.columns, dealt.foundations, number, rules)


def number_of_deal(state: State, *candidates: int) -> int | None:
    """The first of ``candidates`` that is a game number dealing this state's deck, or None
    (an own deck file, other shuffles)."""
    for number in dict.fromkeys(candidates):
        if number in GAME_NUMBERS and numbered_game(number).deck == state.deck:
            return number
    return None


# ---------------------------------------------------------------- rules of play


def _article(rank: Rank) -> str:
    noun = rank.noun
    return ("an " if noun[0] in "aeiou" else "a ") + noun


def _fits(card: Card, onto: Card, rules: str) -> bool:
    if onto.rank != card.rank + 1:
        return False
    if rules == "spec":
        return card.suit is not onto.suit
    if rules == "classic":
        return card.suit.is_red != onto.suit.is_red
    return card.suit is onto.suit


def _column_refusal(card: Card, target: str, column: Column, rules: str) -> str | None:
    """Why ``card`` cannot go to the bottom of ``column``, or None if it can."""
    if not column:
        if card.rank is Rank.KING:
            return None
        return f"{card} cannot go into the empty column {target}: only a king can."
    onto = column[-1].card
    if onto.rank != card.rank + 1:
        if onto.rank == Rank.ACE:
            return f"{card} does not go on {onto}: nothing goes on an ace."
        return f"{card} does not go on {onto}: it needs {_article(Rank(onto.rank - 1))}."
    if rules == "spec" and card.suit is onto.suit:
        return f"{card} does not go on {onto}: same suit."
    if rules == "classic" and card.suit.is_red == onto.suit.is_red:
        colour = "red" if card.suit.is_red else "black"
        return f"{card} does not go on {onto}: both are {colour}; the colours must alternate."
    if rules == "russian" and card.suit is not onto.suit:
        return f"{card} does not go on {onto}: Russian rules need the same suit."
    return None


def _foundation_refusal(card: Card, target: str, foundation: Foundation) -> str | None:
    if not foundation:
        if card.rank is Rank.ACE:
            return None
        return f"{card} does not go on {target}: an empty foundation takes only an ace."
    top = foundation[-1]
    if top.rank is Rank.KING:
        return f"{card} does not go on {target}: it is complete."
    wanted = Card(Rank(top.rank + 1), top.suit)
    if card != wanted:
        return f"{card} does not go on {target}: the next card there is {wanted}."
    return None


def _is_won(state: State) -> bool:
    return sum(len(foundation) for foundation in state.foundations) == DECK_SIZE


def _remove_from(column: Column, index: int) -> Column:
    """The column without the cards from ``index`` on; a new bottom card turns face up."""
    if index > 0 and not column[index - 1].face_up:
        return (*column[: index - 1], _UP[column[index - 1].card])
    return column[:index]


def _replace(items: tuple[Any, ...], changes: dict[int, Any]) -> tuple[Any, ...]:
    # Through a list: five times faster than a generator, and every move (and every step of a
    # resumed game's replay) takes this path.
    changed = list(items)
    for index, item in changes.items():
        changed[index] = item
    return tuple(changed)


def _require_move(move: object) -> CardMove:
    """``move`` itself when it is a well-formed CardMove; any other value is refused."""
    if (
        isinstance(move, CardMove)
        and isinstance(move.source, str)
        and isinstance(move.target, str)
        and (move.card is None or isinstance(move.card, Card))
    ):
        return move
    raise IllegalMove(NOT_A_MOVE)


def apply(state: State, move: Move) -> State:
    """The snapshot after ``move``. Raises IllegalMove with the reason; ``state`` is untouched.

    Any value that is not a well-formed ``Move`` is refused the same way."""
    if isinstance(move, CardMove):  # first: the one a random playout makes millions of
        return _play(state, _require_move(move))
    if isinstance(move, LoadDeck):
        return _load_deck(state, move.cards)
    if isinstance(move, ShuffleInterleaved):
        return _shuffle_interleaved(state, move.split)
    if isinstance(move, Step) and move.command in _STEP_COMMANDS:
        return _STEP_RULES[move.command](state)
    raise IllegalMove(NOT_A_MOVE)


def _play(state: State, move: CardMove) -> State:
    if state.phase is not Phase.PLAY:
        raise IllegalMove(NOT_IN_STARTUP)
    if _is_won(state):
        raise IllegalMove("The game is won; type Q to go back to the deck.")
    source = _PILES.get(move.source)
    target = _PILES.get(move.target)
    if source is None or target is None:
        raise IllegalMove(f"'{str(move)[:24]}' does not name columns C1-C7 or foundations F1-F4.")
    source_is_column, source_index = source
    target_is_column, target_index = target
    columns, foundations = state.columns, state.foundations

    if not source_is_column:
        foundation = foundations[source_index]
        if not foundation:
            raise IllegalMove(f"Foundation {move.source} is empty.")
        card = foundation[-1]
        if move.card is not None and move.card != card:
            raise IllegalMove(f"{move.card} is not the top card of {move.source}.")
        if not target_is_column:
            raise IllegalMove("A card on a foundation can only go back to a column.")
        refusal = _column_refusal(card, move.target, columns[target_index], state.rules)
        if refusal:
            raise IllegalMove(refusal)
        back = {target_index: (*columns[target_index], _UP[card])}
        taken = {source_index: foundation[:-1]}
        return _moved(state, _replace(columns, back), _replace(foundations, taken))

    column = columns[source_index]
    if not column:
        raise IllegalMove(f"Column {move.source} is empty.")
    index = len(column) - 1
    if move.card is not None:
        wanted = move.card.index
        while index >= 0 and column[index].face_up and column[index].card.index != wanted:
            index -= 1
        if index < 0 or not column[index].face_up:
            raise IllegalMove(f"There is no face-up {move.card} in column {move.source}.")
    card = column[index].card

    if not target_is_column:
        if index != len(column) - 1:
            raise IllegalMove(
                f"Only the bottom card of {move.source} can go to a foundation; "
                f"{card} has cards below it."
            )
        foundation = foundations[target_index]
        refusal = _foundation_refusal(card, move.target, foundation)
        if refusal:
            raise IllegalMove(refusal)
        home = {target_index: (*foundation, card)}
        return _moved(state, _replace(columns, {source_index: _remove_from(column, index)}),
                      _replace(foundations, home))

    if target_index == source_index:
        raise IllegalMove(f"{card} is already in column {move.source}.")
    refusal = _column_refusal(card, move.target, columns[target_index], state.rules)
    if refusal:
        raise IllegalMove(refusal)
    changed = {
        source_index: _remove_from(column, index),
        target_index: columns[target_index] + column[index:],
    }
    return _moved(state, _replace(columns, changed), foundations)


def _moved(
    state: State, columns: tuple[Column, ...], foundations: tuple[Foundation, ...]
) -> State:
    """The position after one card move: the new piles, one more move counted."""
    return State(
        Phase.PLAY, state.deck, columns, foundations, state.seed, state.rules, state.moves + 1
    )


def _foundation_targets(card: Card, foundations: tuple[Foundation, ...]) -> list[int]:
    if card.rank is Rank.ACE:
        return [index for index, foundation in enumerate(foundations) if not foundation]
    for index, foundation in enumerate(foundations):
        if foundation:
            top = foundation[-1]
            if top.suit is card.suit and top.rank + 1 == card.rank:
                return [index]
    return []


# The move generator works on card indices (0-51, ``Card.index``): ace of a suit at
# index % 13 == 0, and the card one rank lower of the same suit at index - 1.
# For each rule variant, by the index of a card: the indices of the cards that go on it.
FITS_ON: Final[Mapping[str, tuple[tuple[int, ...], ...]]] = {
    rules: tuple(
        tuple(
            lower.index
            for lower in FULL_DECK
            if lower.rank + 1 == onto.rank and _fits(lower, onto, rules)
        )
        for onto in FULL_DECK
    )
    for rules in RULES
}
_KINGS: Final = tuple(card.index for card in FULL_DECK if card.rank is Rank.KING)
# Piles by number: columns 0-6, foundations 7-10.
_PILE_NAMES: Final = _COLUMN_NAMES + _FOUNDATION_NAMES
# Every move legal_moves can name, made once: _MOVE_TABLE[source][target][card index + 1],
# where slot 0 is the move without a card.
_MOVE_TABLE: Final = tuple(
    tuple(
        (
            CardMove(source, target),
            *(CardMove(source, target, card) for card in FULL_DECK),
        )
        if source.startswith("C") and target.startswith("C")
        else (CardMove(source, target),)
        for target in _PILE_NAMES
    )
    for source in _PILE_NAMES
)


def legal_moves(state: State) -> tuple[Move, ...]:
    """In STARTUP the steps without a parameter (LD only, until a deck is loaded). In PLAY
    every legal card move: first those to the foundations, then, column by column, the moves
    onto that column (from another column or a foundation). A move names its card when it is
    not the bottom card of its column."""
    if state.phase is Phase.STARTUP:
        return _FIRST_STEPS if state.deck is None else _STARTUP_STEPS
    if _is_won(state):
        return ()
    fits_on = FITS_ON[state.rules]
    table = _MOVE_TABLE
    moves: list[Move] = []
    tops: dict[int, int] = {}
    empty_foundations: list[int] = []
    for number, foundation in enumerate(state.foundations, start=COLUMN_COUNT):
        if foundation:
            tops[foundation[-1].index] = number
        else:
            empty_foundations.append(number)
    # Where each face-up card lies: card index -> (column, whether it is the bottom card).
    where: dict[int, tuple[int, bool]] = {}
    bottoms: list[int] = []
    for number, column in enumerate(state.columns):
        if not column:
            bottoms.append(-1)
            continue
        last = len(column) - 1
        bottom = column[last].card.index
        bottoms.append(bottom)
        if bottom % 13 == 0:
            for target in empty_foundations:
                moves.append(table[number][target][0])
        elif bottom - 1 in tops:
            moves.append(table[number][tops[bottom - 1]][0])
        where[bottom] = (number, True)
        for position in range(last - 1, -1, -1):
            slot = column[position]
            if not slot.face_up:
                break
            where[slot.card.index] = (number, False)
    for target, bottom in enumerate(bottoms):
        for card in fits_on[bottom] if bottom >= 0 else _KINGS:
            found = where.get(card)
            if found is not None:
                source, is_bottom = found
                if source != target:
                    moves.append(table[source][target][0 if is_bottom else card + 1])
            elif card in tops:
                moves.append(table[tops[card]][target][0])
    return tuple(moves)


def safe_foundation_moves(state: State) -> tuple[CardMove, ...]:
    """Moves to a foundation that can never hurt: the card is an ace or a deuce, or every card
    that could be placed on it (per the rules) is already on a foundation. One per card."""
    if state.phase is not Phase.PLAY or _is_won(state):
        return ()
    on_foundations = {card for foundation in state.foundations for card in foundation}
    moves: list[CardMove] = []
    for index, column in enumerate(state.columns):
        if not column:
            continue
        card = column[-1].card
        targets = _foundation_targets(card, state.foundations)
        if not targets:
            continue
        if card.rank > Rank.TWO and state.rules != "russian":
            lower = Rank(card.rank - 1)
            needed = [
                Card(lower, suit)
                for suit in Suit
                if _fits(Card(lower, suit), card, state.rules)
            ]
            if not all(other in on_foundations for other in needed):
                continue
        moves.append(CardMove(_COLUMN_NAMES[index], _FOUNDATION_NAMES[targets[0]]))
    return tuple(moves)


def outcome(state: State) -> Outcome | None:
    """``WON`` once all 52 cards are on the foundations, else None (a stuck game can still
    be undone, so it has not ended)."""
    return WON if state.phase is Phase.PLAY and _is_won(state) else None


def view(state: State, seat: int = 0) -> View:
    """The table as the player sees it: face-down cards are None."""
    del seat  # one player
    columns = tuple(
        tuple(slot.card if slot.face_up else None for slot in column) for column in state.columns
    )
    if state.phase is Phase.STARTUP and state.deck is not None:
        shown: tuple[Card | None, ...] = (
            state.deck if state.deck_face_up else (None,) * len(state.deck)
        )
    else:
        shown = ()
    won = outcome(state) is not None
    return View(
        0,
        None if won else 0,
        legal_moves(state),
        0,
        state.phase,
        columns,
        state.foundations,
        shown,
        state.moves,
        state.seed,
        state.rules,
        won,
        state.deck is not None,
    )


def unseen_cards(view: View) -> tuple[Card, ...]:
    """The cards a PLAY view does not show, in deck order: exactly its face-down cards (in
    Yukon a card once face up stays face up, on a column or a foundation)."""
    shown = {card for column in view.columns for card in column if card is not None}
    shown.update(card for foundation in view.foundations for card in foundation)
    return tuple(card for card in FULL_DECK if card not in shown)


def with_hidden(view: View, cards: tuple[Card, ...]) -> State:
    """A PLAY state that looks like ``view``, with ``cards`` (the view's unseen cards in any
    order) face down in its hidden places, column by column from the top. It has no deck
    (Q refuses): it is a position to think about, such as a guess at what lies face down."""
    if view.phase is not Phase.PLAY:
        raise ValueError("Only a dealt game has face-down cards to fill in.")
    if sorted(cards) != sorted(unseen_cards(view)):
        raise ValueError("The cards must be the view's unseen cards, each once.")
    filler = iter(cards)
    columns = tuple(
        tuple(_UP[card] if card is not None else _DOWN[next(filler)] for card in column)
        for column in view.columns
    )
    return State(Phase.PLAY, None, columns, view.foundations, view.seed, view.rules, view.moves)


# ---------------------------------------------------------------- JSON


def _slot_text(slot: Slot) -> str:
    return str(slot.card) if slot.face_up else f"[{slot.card}]"


def to_json(state: State) -> dict[str, Any]:
    """A JSON-ready dict. Face-down cards are written in brackets: ``"[KC]"``."""
    return {
        "game": "yukon",
        "version": SAVE_VERSION,
        "phase": state.phase.value,
        "deck": None if state.deck is None else " ".join(str(card) for card in state.deck),
        "deck_face_up": state.deck_face_up,
        "columns": [" ".join(_slot_text(slot) for slot in column) for column in state.columns],
        "foundations": [" ".join(str(card) for card in pile) for pile in state.foundations],
        "seed": state.seed,
        "rules": state.rules,
        "moves": state.moves,
    }


def _field(save: SaveReader, key: str, kind: type | tuple[type, ...]) -> Any:
    """A value of ``kind``, refused in Yukon's own sentences (a player reads them after L)."""
    if key not in save.data:
        raise SaveFormatError(f"The save has no '{key}'.")
    value = save.data[key]
    if (isinstance(value, bool) and kind is int) or not isinstance(value, kind):
        raise SaveFormatError(f"The save's '{key}' has the wrong type.")
    return value


def _cards_from(text: str, what: str) -> tuple[Card, ...]:
    cards = []
    for word in text.split():
        if len(word) != 2:
            raise SaveFormatError(f"The save's {what} holds '{word[:8]}', which is not a card.")
        try:
            cards.append(parse_card(word))
        except CardError:
            raise SaveFormatError(
                f"The save's {what} holds '{word[:8]}', which is not a card."
            ) from None
    return tuple(cards)


def _column_from(text: str, number: int) -> Column:
    slots: list[Slot] = []
    for word in text.split():
        face_up = not (word.startswith("[") and word.endswith("]"))
        code = word if face_up else word[1:-1]
        cards = _cards_from(code, f"column C{number}")
        if len(cards) != 1:
            raise SaveFormatError(f"The save's column C{number} holds '{word[:8]}'.")
        slots.append(_SLOTS[cards[0], face_up])
    column = tuple(slots)
    if column and not column[-1].face_up:
        raise SaveFormatError(f"The save's column C{number} ends in a face-down card.")
    first_up = next((i for i, slot in enumerate(column) if slot.face_up), len(column))
    if any(not slot.face_up for slot in column[first_up:]):
        raise SaveFormatError(f"The save's column C{number} has a face-down card below a face-up.")
    return column


def _foundation_from(text: str, number: int) -> Foundation:
    pile = _cards_from(text, f"foundation F{number}")
    for position, card in enumerate(pile):
        if card.rank != position + 1 or card.suit is not pile[0].suit:
            raise SaveFormatError(f"The save's foundation F{number} is not in order from the ace.")
    return pile


def from_json(data: Mapping[str, Any]) -> State:
    """Rebuild a state from ``to_json`` output. Raises SaveFormatError with a clear sentence."""
    save = read_header(data, "yukon", "Yukon", SAVE_VERSION)
    try:
        phase = Phase(_field(save, "phase", str))
    except ValueError:
        raise SaveFormatError("The save's phase is neither STARTUP nor PLAY.") from None
    deck_text = save.data.get("deck")
    if deck_text is not None and not isinstance(deck_text, str):
        raise SaveFormatError("The save's 'deck' has the wrong type.")
    deck = None if deck_text is None else _cards_from(deck_text, "deck")
    if deck is not None and (len(deck) != DECK_SIZE or set(deck) != set(FULL_DECK)):
        raise SaveFormatError("The save's deck does not hold the 52 cards once each.")
    deck_face_up = _field(save, "deck_face_up", bool)
    seed = _field(save, "seed", int)
    if not 0 <= seed <= MAX_SEED:
        raise SaveFormatError("The save's seed is out of range.")
    rules = _field(save, "rules", str)
    if rules not in RULES:
        raise SaveFormatError("The save's rules are unknown.")
    moves = _field(save, "moves", int)
    if moves < 0:
        raise SaveFormatError("The save's move count is negative.")
    column_texts = _field(save, "columns", list)
    foundation_texts = _field(save, "foundations", list)
    if len(column_texts) != COLUMN_COUNT or not all(isinstance(t, str) for t in column_texts):
        raise SaveFormatError("The save does not have 7 columns.")
    if len(foundation_texts) != FOUNDATION_COUNT or not all(
        isinstance(t, str) for t in foundation_texts
    ):
        raise SaveFormatError("The save does not have 4 foundations.")
    columns = tuple(_column_from(text, n) for n, text in enumerate(column_texts, start=1))
    foundations = tuple(
        _foundation_from(text, n) for n, text in enumerate(foundation_texts, start=1)
    )
    placed = [slot.card for column in columns for slot in column]
    placed += [card for pile in foundations for card in pile]
    if phase is Phase.STARTUP:
        if placed or moves:
            raise SaveFormatError("The save is in STARTUP but has cards on the table.")
    else:
        if deck is None:
            raise SaveFormatError("The save is in PLAY but has no deck.")
        if len(placed) != DECK_SIZE or set(placed) != set(FULL_DECK):
            raise SaveFormatError("The save's table does not hold the 52 cards once each.")
        deck_face_up = False
    if moves > MAX_MOVES:
        raise SaveFormatError("The save's move count is too large for a Yukon game.")
    state = State(phase, deck, columns, foundations, seed, rules, moves, deck_face_up)
    if phase is Phase.PLAY:
        refusal = _position_refusal(state)
        if refusal:
            raise SaveFormatError(f"The save's table cannot come from its deck: {refusal}")
    return state


def _position_refusal(state: State) -> str | None:
    """Why play from the deal of ``state.deck`` can never reach ``state``, or None.

    What every reachable position keeps (the tests check it along random games):
    face-down cards never move, so each column still starts with the face-down cards dealt
    there, followed by the card dealt below them; a column that was emptied starts with a
    king; two neighbouring face-up cards either lay so in the deal (both dealt face up) or the
    lower one fits on the upper one; and every card on a foundation or turned face up took at
    least one move.
    """
    dealt = _deal(_startup_with(state, state.deck or FULL_DECK, state.seed, False)).columns
    if state == State(Phase.PLAY, state.deck, dealt, _EMPTY_FOUNDATIONS, state.seed, state.rules):
        return None
    dealt_next = {
        column[position].card: column[position + 1].card
        for column in dealt
        for position in range(len(column) - 1)
        if column[position].face_up
    }
    turned = 0
    for number, (column, original) in enumerate(zip(state.columns, dealt, strict=True), 1):
        down = sum(1 for slot in column if not slot.face_up)
        if (
            down > FACE_DOWN_COUNTS[number - 1]
            or column[:down] != original[:down]
            or (down and column[down].card != original[down].card)
        ):
            return f"column C{number} has face-down cards that were not dealt there."
        turned += FACE_DOWN_COUNTS[number - 1] - down
        first = column[0].card if column else None
        if first is not None and not down and first != original[0].card and first.rank != Rank.KING:
            return f"column C{number} starts with {first}, not a king."
        for upper, lower in zip(column[down:], column[down + 1 :], strict=False):
            if not _fits(lower.card, upper.card, state.rules) and (
                dealt_next.get(upper.card) != lower.card
            ):
                return f"{lower.card} cannot lie on {upper.card} in column C{number}."
    home = sum(len(foundation) for foundation in state.foundations)
    if state.moves < max(home, turned, 1):
        return f"{state.moves} moves cannot get {home} cards home and turn {turned} over."
    return None
