"""Hypothesis over random Go Fish games: conservation, endings, purity and hidden cards."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tableau.cards import FULL_DECK, RANKS, Card
from tableau.engines import IllegalMove
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


@settings(max_examples=40, deadline=None)
@given(players_st, seed_st, st.data())
def test_apply_never_changes_its_input_and_saves_round_trip(
    players: int, seed: int, data: st.DataObject
) -> None:
    state = g.new_game(g.Config(players=players, seed=seed))
    for _ in range(30):
        if g.outcome(state) is not None:
            break
        before = g.to_json(state)
        move = data.draw(st.sampled_from(g.legal_moves(state)))
        after = g.apply(state, move)
        assert g.to_json(state) == before
        assert g.from_json(g.to_json(after)) == after
        state = after


@settings(max_examples=40, deadline=None)
@given(players_st, seed_st, st.data())
def test_an_ask_outside_the_legal_moves_is_refused_and_changes_nothing(
    players: int, seed: int, data: st.DataObject
) -> None:
    state = g.new_game(g.Config(players=players, seed=seed))
    target = data.draw(st.integers(min_value=-1, max_value=6))
    rank = data.draw(st.sampled_from(RANKS))
    move = g.Ask(target, rank)
    before = g.to_json(state)
    if move in g.legal_moves(state):
        g.apply(state, move)
    else:
        with pytest.raises(IllegalMove):
            g.apply(state, move)
    assert g.to_json(state) == before


@settings(max_examples=30, deadline=None)
@given(players_st, seed_st, st.lists(st.integers(min_value=0, max_value=10**6), max_size=40))
def test_the_same_seed_and_the_same_moves_give_the_same_game(
    players: int, seed: int, picks: list[int]
) -> None:
    def replay() -> g.State:
        state = g.new_game(g.Config(players=players, seed=seed))
        for pick in picks:
            moves = g.legal_moves(state)
            if not moves:
                break
            state = g.apply(state, moves[pick % len(moves)])
        return state

    assert replay() == replay()
