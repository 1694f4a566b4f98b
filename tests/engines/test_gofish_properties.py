"""Hypothesis over random Go Fish games: the deck with its books, endings, and shown draws.

The generic properties (apply leaves its input alone, an illegal move changes nothing, the
same seed gives the same game, saves round-trip) are the contract test's, for every engine.
These stay because they are Go Fish's own: a book holds ranks, not cards, and a draw of the
rank asked for is shown to everyone."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tableau.cards import FULL_DECK
from tableau.cards import Card
from tableau.engines import gofish as g

MAX_MOVES = 5000

players_st = st.integers(min_value=2, max_value=5)
seed_st = st.integers(min_value=0, max_value=2**32)


def all_cards(state: g.State) -> Counter[Card]:
    held = [card for hand in state.hands for card in hand] + list(state.stock)
    booked = [card for card in FULL_DECK if any(card.rank in books for books in state.books)]
    return Counter(held + booked)


def cards_in_view(seen: g.View) -> set[Card]:
    cards = set(seen.hand)
    for event in seen.history:
        if isinstance(event, g.Drew) and event.card is not None:
            cards.add(event.card)
    return cards


def play(players: int, seed: int, pick_seed: int) -> list[g.State]:
    """A whole game with moves picked at random (from ``pick_seed``) among the legal ones."""
    picker = random.Random(pick_seed)
    state = g.new_game(g.Config(players=players, seed=seed, first=seed % players))
    states = [state]
    while g.outcome(state) is None:
        moves = g.legal_moves(state)
        assert moves, "a running game always offers an ask"
        state = g.apply(state, picker.choice(moves))
        states.append(state)
        assert len(states) < MAX_MOVES
    return states


@settings(max_examples=60, deadline=None)
@given(players_st, seed_st, seed_st)
def test_every_game_conserves_the_deck_and_ends_with_all_13_books(
    players: int, seed: int, pick_seed: int
) -> None:
    states = play(players, seed, pick_seed)
    for state in states:
        assert all_cards(state) == Counter(FULL_DECK)
    end = states[-1]
    result = g.outcome(end)
    assert result is not None
    books = [len(ranks) for ranks in end.books]
    assert sum(books) == 13
    assert max(books) == books[result.winners[0]]
    assert all(hand == () for hand in end.hands) and end.stock == ()


@settings(max_examples=40, deadline=None)
@given(players_st, seed_st, seed_st)
def test_views_never_show_a_card_hidden_in_another_hand(
    players: int, seed: int, pick_seed: int
) -> None:
    for state in play(players, seed, pick_seed)[::7]:
        shown = {e.card for e in state.history if isinstance(e, g.Drew) and e.shown}
        for seat in range(players):
            seen = g.view(state, seat)
            own_draws = {e.card for e in state.history
                         if isinstance(e, g.Drew) and e.seat == seat}
            assert cards_in_view(seen) <= set(state.hands[seat]) | shown | own_draws
            assert seen.hand_counts == tuple(len(hand) for hand in state.hands)
