"""Yukon's rules: the STARTUP steps, numbered deals, card moves, the legal moves and the view."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from typing import Any
from typing import Final

from tableau.cards import FULL_DECK
from tableau.cards import Card
from tableau.cards import Rank
from tableau.cards import Suit
from tableau.engines import rng
from tableau.engines.protocol import IllegalMove
from tableau.engines.protocol import Outcome
from tableau.engines.yukon.model import _COLUMN_NAMES
from tableau.engines.yukon.model import _DOWN
from tableau.engines.yukon.model import _EMPTY_COLUMNS
from tableau.engines.yukon.model import _EMPTY_FOUNDATIONS
from tableau.engines.yukon.model import _FIRST_STEPS
from tableau.engines.yukon.model import _FOUNDATION_NAMES
from tableau.engines.yukon.model import _PILES
from tableau.engines.yukon.model import _STARTUP_STEPS
from tableau.engines.yukon.model import _STEP_COMMANDS
from tableau.engines.yukon.model import _UP
from tableau.engines.yukon.model import COLUMN_COUNT
from tableau.engines.yukon.model import COLUMN_HEIGHTS
from tableau.engines.yukon.model import DECK_SIZE
from tableau.engines.yukon.model import FACE_DOWN_COUNTS
from tableau.engines.yukon.model import NO_DECK
from tableau.engines.yukon.model import NOT_A_MOVE
from tableau.engines.yukon.model import NOT_IN_PLAY
from tableau.engines.yukon.model import NOT_IN_STARTUP
from tableau.engines.yukon.model import RULES
from tableau.engines.yukon.model import WON
from tableau.engines.yukon.model import CardMove
from tableau.engines.yukon.model import Column
from tableau.engines.yukon.model import Config
from tableau.engines.yukon.model import Foundation
from tableau.engines.yukon.model import LoadDeck
from tableau.engines.yukon.model import Move
from tableau.engines.yukon.model import Phase
from tableau.engines.yukon.model import ShuffleInterleaved
from tableau.engines.yukon.model import Slot
from tableau.engines.yukon.model import State
from tableau.engines.yukon.model import Step
from tableau.engines.yukon.model import View

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


def load_deck(state: State, cards: tuple[Card, ...] | None) -> State:
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


def shuffle_interleaved(state: State, split: int | None) -> State:
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


def quit_deal(state: State) -> State:
    """Q: back to STARTUP with the deck that was dealt (the command interpreter's, not a
    move: the session starts a new timeline there)."""
    if state.phase is not Phase.PLAY or state.deck is None:
        raise IllegalMove(NOT_IN_STARTUP)
    return _startup_with(state, state.deck, state.seed, False)


_STEP_RULES: Final[Mapping[str, Callable[[State], State]]] = {
    "SW": _show_deck, "SR": _shuffle_random, "P": _deal,
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
    dealt = _deal(_shuffle_random(load_deck(new_game(Config(seed=number, rules=rules)), None)))
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
        return load_deck(state, None)
    if isinstance(move, ShuffleInterleaved):
        return shuffle_interleaved(state, None)
    if isinstance(move, Step) and move.command in _STEP_COMMANDS:
        return _STEP_RULES[move.command](state)
    raise IllegalMove(NOT_A_MOVE)


def listed_form(state: State, move: Move) -> Move:
    """``move`` as ``legal_moves`` lists it. A card move that names the card its bare form
    takes anyway (``C6:4H->C4`` when 4H is the bottom card of C6, or a foundation's top card)
    is listed bare; saves and typed commands may spell it either way."""
    return bare_form(state, move) if isinstance(move, CardMove) else move


def bare_form(state: State, move: CardMove) -> CardMove:
    """``listed_form`` for a card move."""
    source = _PILES.get(move.source)
    if move.card is None or source is None or state.phase is not Phase.PLAY:
        return move
    is_column, index = source
    if is_column:
        column = state.columns[index]
        end = column[-1].card if column else None
    else:
        foundation = state.foundations[index]
        end = foundation[-1] if foundation else None
    return CardMove(move.source, move.target) if end == move.card else move


def _play(state: State, move: CardMove) -> State:
    if state.phase is not Phase.PLAY:
        raise IllegalMove(NOT_IN_STARTUP)
    if _is_won(state):
        raise IllegalMove("The game is won; type Q to go back to the deck.")
    if move.card is not None:
        bare = bare_form(state, move)
        if bare != move:
            _play(state, bare)  # its own refusal, if the move is not legal at all
            raise IllegalMove(f"Play that move as {bare}.")
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

