"""Pesten's legal moves: the one listing, and the sentences that refuse the rest.

``legal_moves`` lists every move ``apply`` accepts: single cards and sets (see
``_set_candidates``), a jack once per named suit, a play with and without the last-card call
(a false call is a real choice too: it costs cards), ``Take`` on a stack (once per suit
after jokers), ``Draw`` when nothing fits, ``Pass`` after drawing. A set of one rank is
listed with its middle cards in suit order; the same cards in another middle order are
another spelling of that move, which ``apply`` plays as listed. ``why_illegal`` is None
exactly for the listed moves, and otherwise gives the first rule the move breaks.

``shortlist`` is the listing the CPUs choose from: no false last-card call, and at most
``SET_CAP`` sets; it comes first in ``legal_moves``, in the same order.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from itertools import pairwise
from typing import Final
from typing import NamedTuple

from tableau.cards import SUITS
from tableau.cards import AnyCard
from tableau.cards import Card
from tableau.cards import Joker
from tableau.cards import Suit
from tableau.engines.pesten._fast import _CANON
from tableau.engines.pesten._fast import _JACK_KEYS
from tableau.engines.pesten._fast import _KEY_OF_INDEX
from tableau.engines.pesten._fast import SET_CAP
from tableau.engines.pesten._fast import _key
from tableau.engines.pesten._fast import _may_hold_set
from tableau.engines.pesten._fast import _set_candidates
from tableau.engines.pesten._fast import listing
from tableau.engines.pesten._fast import tuple_new
from tableau.engines.pesten.config import Config
from tableau.engines.pesten.rules import _fit_table
from tableau.engines.pesten.rules import _fits
from tableau.engines.pesten.rules import _remove
from tableau.engines.pesten.rules import _same_rank
from tableau.engines.pesten.rules import _sequence_problem
from tableau.engines.pesten.rules import wins_out
from tableau.engines.pesten.values import _DRAW_ONLY
from tableau.engines.pesten.values import _DRAWN
from tableau.engines.pesten.values import _JACK
from tableau.engines.pesten.values import _OVER
from tableau.engines.pesten.values import _PASS_ONLY
from tableau.engines.pesten.values import _SINGLE
from tableau.engines.pesten.values import _TAKE_NAMING
from tableau.engines.pesten.values import _TAKE_ONLY
from tableau.engines.pesten.values import PASS
from tableau.engines.pesten.values import TAKE
from tableau.engines.pesten.values import Draw
from tableau.engines.pesten.values import Move
from tableau.engines.pesten.values import Pass
from tableau.engines.pesten.values import Play
from tableau.engines.pesten.values import State
from tableau.engines.pesten.values import Take
from tableau.engines.pesten.values import View

# ------------------------------------------------------------------ the listing


class Listing(NamedTuple):
    legal: tuple[Move, ...]
    shortlist: tuple[Move, ...]


_NONE: Final = Listing((), ())
_NO_LIMIT: Final = 1 << 62


def _single_plays(key: int, names_suit: bool, leaves_one: bool) -> tuple[Move, ...]:
    """The honest plays of this single card: with the call when it leaves one card."""
    by_suit = _SINGLE[key]
    moves: list[Move] = []
    for pair in by_suit[1:] if names_suit else by_suit[:1]:
        moves.extend(pair if leaves_one else pair[:1])
    return tuple(moves)


def _single_false_calls(key: int, names_suit: bool, leaves_one: bool) -> tuple[Move, ...]:
    """The plays of this single card with a false last-card call (it does not leave one)."""
    if leaves_one:
        return ()
    by_suit = _SINGLE[key]
    return tuple(pair[1] for pair in (by_suit[1:] if names_suit else by_suit[:1]))


def _single_table(
    make: Callable[[int, bool, bool], tuple[Move, ...]],
) -> tuple[tuple[tuple[tuple[Move, ...], ...], ...], ...]:
    return tuple(
        tuple(
            tuple(make(key, not no_suit and key in _JACK_KEYS, leaves_one)
                  for key in range(len(_CANON)))
            for leaves_one in (False, True)
        )
        for no_suit in (False, True)
    )


_SINGLE_PLAYS: Final = _single_table(_single_plays)
"""_SINGLE_PLAYS[names no suit][leaves one card][key]: the honest plays of that single card
(a jack names no suit on a stack, or when it goes out and wins)."""
_SINGLE_FALSE_CALLS: Final = _single_table(_single_false_calls)
"""The same, with the false last-card call."""


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move ``apply`` accepts now (see the module's text); empty when the round is
    over."""
    return listing(state, _list).legal


def shortlist(state: State) -> tuple[Move, ...]:
    """The legal moves the CPUs choose from (see the module's text)."""
    return listing(state, _list).shortlist


def _list(state: State) -> Listing:
    phase = state.phase
    if phase is _OVER:
        return _NONE
    hand = state.hands[state.current]
    leaves_one = len(hand) == 2
    if phase is _DRAWN:
        drawn = _key(hand[-1])
        if not _fit_table(state.pile[-1], state.suit, 0)[drawn]:
            return Listing(_PASS_ONLY, _PASS_ONLY)
        honest = (*_SINGLE_PLAYS[False][leaves_one][drawn], PASS)
        return Listing((*honest, *_SINGLE_FALSE_CALLS[False][leaves_one][drawn]), honest)
    top, suit, stack = state.pile[-1], state.suit, state.stack
    table = _fit_table(top, suit, stack)
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
            return Listing(_DRAW_ONLY, _DRAW_ONLY)
        takes = _TAKE_NAMING if type(top) is Joker else _TAKE_ONLY
        return Listing(takes, takes)
    if len(fitting) > 1:
        fitting = sorted(set(fitting))
    # A last card goes out and wins at once: listed like a card on a stack, no suit named
    # (unless the house makes going out on a jack cost cards: then the jack names a suit).
    no_suit = stack > 0 or (len(hand) == 1 and state.config.special_finish)
    singles = _SINGLE_PLAYS[no_suit][leaves_one]
    false_singles = _SINGLE_FALSE_CALLS[no_suit][leaves_one]
    moves: list[Move] = []
    false: list[Move] = []
    for key in fitting:
        moves += singles[key]
        false += false_singles[key]
    if len(hand) >= 2:
        config = state.config
        wrap, either_order = config.wrap_runs, config.either_order
        top_key = _key(top)
        if _may_hold_set(keys, fitting, top_key, wrap, either_order):
            found = _set_candidates(keys, top_key, table, wrap, either_order, _NO_LIMIT)
            for cards in _answering(found[:SET_CAP], stack):
                _plays_of(cards, len(hand), stack, config, moves, false)
            for cards in _answering(found[SET_CAP:], stack):  # beyond the CPUs' cap
                _plays_of(cards, len(hand), stack, config, false, false)
    if stack:
        if type(top) is Joker:
            moves += _TAKE_NAMING
        else:
            moves.append(TAKE)
    shortlisted = tuple(moves)
    return Listing((*shortlisted, *false) if false else shortlisted, shortlisted)


def _plays_of(
    cards: tuple[AnyCard, ...], held: int, stack: int, config: Config,
    honest: list[Move], false: list[Move],
) -> None:
    """Add the plays of the set ``cards`` from a hand of ``held`` cards: for a jack one per
    suit; with the last-card call to ``honest`` when exactly one card would be left (then
    forgetting it is a real choice too), else to ``false``."""
    left = held - len(cards)
    names_suit = (left > 0 or not wins_out(config, cards[-1])) and _names_suit(cards[-1], stack)
    calls = honest if left == 1 else false
    for suit in SUITS if names_suit else (None,):
        honest.append(Play(cards, suit, False))
        calls.append(Play(cards, suit, True))


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


# ------------------------------------------------------------------ a move given


def listed(state: State, move: object) -> Move | None:
    """The listed move that ``move`` is, or spells (a set of one rank with its middle cards
    in another order, or equal cards made elsewhere); None when ``move`` is not legal now."""
    legal = legal_moves(state)
    for candidate in legal:
        if candidate is move:
            return candidate
    if type(move) is Play:
        if _shape_problem(move) is not None or (
                move.suit is not None and type(move.suit) is not Suit):
            return None
        move = _in_listed_order(move)
    elif type(move) not in (Draw, Take, Pass):
        return None
    for candidate in legal:
        if candidate == move:
            return candidate
    return None


def _in_listed_order(move: Play) -> Play:
    """A set of one rank with its middle cards in suit order, as the listing has them."""
    cards = move.cards
    if len(cards) < 4 or not _same_rank(cards):
        return move
    middle = cards[1:-1]
    ordered = tuple(sorted(middle, key=_key))
    if ordered == middle:
        return move
    return Play((cards[0], *ordered, cards[-1]), move.suit, move.last_card)


def why_illegal(state: State, move: object) -> str | None:
    """None when ``move`` is listed (in any order the rules allow), else the sentence that
    explains why it is refused now."""
    if listed(state, move) is not None:
        return None
    return _refusal(state, move) or "That move is not allowed now."


def is_legal(state: State, move: object) -> bool:
    return listed(state, move) is not None


def _refusal(state: State, move: object) -> str | None:
    """The first rule ``move`` breaks, or None when it breaks none (then it is listed)."""
    if state.phase is _OVER:
        return "The round is over; deal the next round."
    if type(move) is Play:
        return _play_problem(state, move)
    if type(move) is Draw:
        if state.phase is _DRAWN:
            return "You have drawn already: play the card you drew, or pass."
        if state.stack:
            return _stack_demand(state)
        table = _fit_table(state.pile[-1], state.suit, 0)
        for card in state.hands[state.current]:
            if table[_key(card)]:
                return f"You can play {card.face}, so you must play a card."
        return None
    if type(move) is Take:
        if not state.stack:
            return "There is no stack to take."
        if type(state.pile[-1]) is Joker:
            if not isinstance(move.suit, Suit):
                return "Name a suit when you take a joker stack."
        elif move.suit is not None:
            return "Only the taker of a joker stack names a suit."
        return None
    if type(move) is Pass:
        if state.phase is not _DRAWN:
            return "You may only keep a card you have just drawn."
        return None
    return "That is not a Pesten move."


def _stack_demand(state: State) -> str:
    if type(state.pile[-1]) is Joker:
        return f"Take the {state.stack} cards or play a joker."
    return f"Take the {state.stack} cards or answer the 2-stack."


def _shape_problem(move: Play) -> str | None:
    """Why ``move`` is not even a play of cards."""
    cards = move.cards
    if type(cards) is not tuple:
        return "The cards of a play must be given as a tuple."
    if not cards:
        return "Choose at least one card to play."
    for card in cards:
        if type(card) is not Card and type(card) is not Joker:
            return "Only cards can be played."
    if type(move.last_card) is not bool:
        return "The last-card call must be yes or no."
    return None


def _play_problem(state: State, move: Play) -> str | None:
    problem = _shape_problem(move)
    if problem is not None:
        return problem
    cards = move.cards
    hand = state.hands[state.current]
    if state.phase is _DRAWN:
        drawn = hand[-1]
        if len(cards) != 1 or cards[0] != drawn:
            return f"You may only play the card you drew ({drawn.face}), or pass."
    after = _remove(hand, cards)
    if after is None:
        return f"You do not have {_missing(hand, cards).face}."
    problem = _sequence_problem(state.pile[-1], state.suit, state.stack, cards, state.config)
    if problem is not None:
        return problem
    if not after and wins_out(state.config, cards[-1]):
        # Going out wins at once, so even a jack names no suit: legal_moves lists it so.
        if move.suit is not None:
            return "Your last card wins the round, so no suit is named."
    elif _names_suit(cards[-1], state.stack):
        if not isinstance(move.suit, Suit):
            return "Name a suit for your jack."
    elif move.suit is not None:
        return "Only a jack played outside a 2-stack names a suit."
    return None


def _missing(hand: tuple[AnyCard, ...], cards: Sequence[AnyCard]) -> AnyCard:
    remaining = list(hand)
    for card in cards:
        if card in remaining:
            remaining.remove(card)
        else:
            return card
    return cards[0]


# ------------------------------------------------------------------ a selection of cards


def starts_a_play(view: View, cards: Sequence[AnyCard]) -> bool:
    """Whether ``cards``, in this order, can begin a play of the viewing seat's hand now:
    they are a legal play themselves (the suit of a jack aside), or one more card of the
    hand makes them one. Never capped like the ``shortlist``; the screen lights cards by it."""
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


# ------------------------------------------------------------------ the view


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
    moves = listing(state, _list) if own_turn else _NONE
    return tuple_new(View, (  # as View() does, minus a call; in field order
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
        moves.legal,
        moves.shortlist,
        state.points or (0,) * state.config.players,
        state.config,
    ))
