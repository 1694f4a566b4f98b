"""Pesten's rules: which card fits, what makes a set, the deal, the scores and the match.

The legal moves are listed in ``moves`` and carried out in ``play``; both build on these.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from itertools import pairwise
from typing import Final
from typing import Protocol

from tableau.cards import FULL_DECK
from tableau.cards import JOKER
from tableau.cards import AnyCard
from tableau.cards import Card
from tableau.cards import Joker
from tableau.cards import Rank
from tableau.cards import Suit
from tableau.engines import rng
from tableau.engines.pesten._fast import _CARD_AT
from tableau.engines.pesten._fast import _key
from tableau.engines.pesten._fast import fit_tables
from tableau.engines.pesten.config import HAND_SIZE
from tableau.engines.pesten.config import Config
from tableau.engines.pesten.values import _ACE
from tableau.engines.pesten.values import _EIGHT
from tableau.engines.pesten.values import _JACK
from tableau.engines.pesten.values import _KING
from tableau.engines.pesten.values import _OVER
from tableau.engines.pesten.values import _PLAY
from tableau.engines.pesten.values import _SEVEN
from tableau.engines.pesten.values import _TEN
from tableau.engines.pesten.values import _TWO
from tableau.engines.pesten.values import Event
from tableau.engines.pesten.values import Phase
from tableau.engines.pesten.values import State
from tableau.engines.pesten.values import faces_text
from tableau.engines.pesten.wording import describe
from tableau.engines.protocol import IllegalMove
from tableau.engines.protocol import Outcome
from tableau.engines.protocol import results_for


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


_fit_table: Final = fit_tables(_fits)
"""``_fit_table(top, suit, stack)[key]``: whether the card of that key fits now (the answers
of ``_fits``, kept per situation)."""


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
                f"{faces_text(cards)} is not a set: play 3 or more of one rank, "
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
    dealt = Event("deal", dealer, pile, returned, None, starter, round_number,
                  names=config.names)
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
        history=(dealt,),
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

# ------------------------------------------------------------------ scores and the match

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
    if round_blocked(state):
        sentence = describe(state.history[-1], winner)  # as the history says it
    else:
        sentence = f"{state.config.names[winner]} wins round {state.round}!"
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
