"""Hypothesis properties of the Yukon engine. The properties every engine shares (apply does
not mutate, JSON round-trips, ...) are in tests/engines/test_contract.py."""

from __future__ import annotations

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tableau.cards import FULL_DECK
from tableau.cards import Card
from tableau.engines.yukon import DEAL
from tableau.engines.yukon import NOT_IN_PLAY
from tableau.engines.yukon import RULES
from tableau.engines.yukon import SHUFFLE_RANDOM
from tableau.engines.yukon import CardMove
from tableau.engines.yukon import Config
from tableau.engines.yukon import IllegalMove
from tableau.engines.yukon import LoadDeck
from tableau.engines.yukon import Move
from tableau.engines.yukon import ShuffleInterleaved
from tableau.engines.yukon import State
from tableau.engines.yukon import apply
from tableau.engines.yukon import legal_moves
from tableau.engines.yukon import load_deck
from tableau.engines.yukon import new_game
from tableau.engines.yukon import outcome
from tableau.engines.yukon import safe_foundation_moves
from tableau.engines.yukon import shuffle_interleaved
from tableau.engines.yukon import to_json
from tableau.engines.yukon import view

PILES = [f"C{n}" for n in range(1, 8)] + [f"F{n}" for n in range(1, 5)]

decks = st.permutations(FULL_DECK).map(tuple)
rules = st.sampled_from(RULES)
choices = st.lists(st.integers(min_value=0, max_value=10_000), max_size=120)


def play(deck: tuple[Card, ...], rule: str, picks: list[int]) -> list[State]:
    """The deal and the states after picking legal moves by index, until stuck."""
    states = [apply(load_deck(new_game(Config(rules=rule)), deck), DEAL)]
    for pick in picks:
        moves = legal_moves(states[-1])
        if not moves:
            break
        states.append(apply(states[-1], moves[pick % len(moves)]))
    return states


games = st.builds(play, decks, rules, choices)
"""The states of one random game: a deck, a rule set and the picks."""


def all_cards(state: State) -> list[Card]:
    cards = [slot.card for column in state.columns for slot in column]
    return cards + [card for pile in state.foundations for card in pile]


def canonical(state: State, move: CardMove) -> CardMove:
    """The same move without naming the card when it is the bottom card of its column or
    the top card of its foundation, as legal_moves names it."""
    if move.card is None:
        return move
    index = int(move.source[1]) - 1
    if move.source.startswith("C"):
        column = state.columns[index]
        if column and column[-1].card == move.card and column[-1].face_up:
            return CardMove(move.source, move.target)
    elif state.foundations[index] and state.foundations[index][-1] == move.card:
        return CardMove(move.source, move.target)
    return move


@settings(max_examples=60, deadline=None)
@given(games)
def test_random_legal_play_keeps_the_52_cards(states: list[State]) -> None:
    for state in states:
        cards = all_cards(state)
        assert len(cards) == 52 and set(cards) == set(FULL_DECK)
        for column in state.columns:
            if column:
                assert column[-1].face_up
            face_up = [slot.face_up for slot in column]
            assert face_up == sorted(face_up)  # face-down cards only above face-up ones
        for pile in state.foundations:
            assert [card.rank for card in pile] == list(range(1, len(pile) + 1))
            assert len({card.suit for card in pile}) <= 1


@settings(max_examples=60, deadline=None)
@given(
    games,
    st.sampled_from(PILES),
    st.sampled_from(PILES),
    st.none() | st.sampled_from(FULL_DECK),
)
def test_a_move_applies_exactly_when_legal_moves_lists_it(
    states: list[State], source: str, target: str, card: Card | None
) -> None:
    state = states[-1]
    move = CardMove(source, target, card)
    legal = set(legal_moves(state))
    before = to_json(state)
    try:
        after = apply(state, move)
    except IllegalMove as refusal:
        assert str(refusal).endswith(".") or str(refusal).startswith("Command not available")
        assert canonical(state, move) not in legal
        assert to_json(state) == before
    else:
        assert canonical(state, move) in legal
        assert after.moves == state.moves + 1


@settings(max_examples=60, deadline=None)
@given(games)
def test_the_view_never_shows_a_face_down_card(states: list[State]) -> None:
    for state in states:
        shown = view(state)
        for column, seen in zip(state.columns, shown.columns, strict=True):
            assert [slot.card if slot.face_up else None for slot in column] == list(seen)
        hidden = {slot.card for column in state.columns for slot in column if not slot.face_up}
        visible = {card for column in shown.columns for card in column if card is not None}
        assert not hidden & visible
        assert shown.won == (outcome(state) is not None)


@settings(max_examples=60, deadline=None)
@given(games)
def test_safe_foundation_moves_are_legal(states: list[State]) -> None:
    for state in states:
        assert set(safe_foundation_moves(state)) <= set(legal_moves(state))


@settings(max_examples=50, deadline=None)
@given(
    st.integers(min_value=0, max_value=2**63 - 1),
    st.lists(st.none() | st.integers(min_value=1, max_value=51), max_size=5),
)
def test_the_same_seed_gives_the_same_shuffles(seed: int, splits: list[int | None]) -> None:
    def shuffle(state: State) -> State:
        for split in splits:
            state = shuffle_interleaved(state, split)
        return apply(state, SHUFFLE_RANDOM)

    first = shuffle(apply(new_game(Config(seed=seed)), LoadDeck()))
    again = shuffle(apply(new_game(Config(seed=seed)), LoadDeck()))
    assert first == again
    assert first.deck is not None and sorted(first.deck) == sorted(FULL_DECK)


junk_fields = st.none() | st.integers() | st.text(max_size=6) | st.sampled_from(PILES) | st.lists(
    st.integers(), max_size=2
)
junk_moves = st.one_of(
    junk_fields,
    st.builds(CardMove, junk_fields, junk_fields, junk_fields),
    st.builds(CardMove, st.sampled_from(PILES), st.sampled_from(PILES), junk_fields),
    st.just(LoadDeck()),
    st.just(ShuffleInterleaved()),
    st.sampled_from(["C1->F1", "C7:4S->C5", b"C1->F1", ("C1", "F1"), 3.5, object()]),
)


@settings(max_examples=300, deadline=None)
@given(decks, choices, junk_moves)
def test_any_value_passed_as_a_move_is_refused_with_a_sentence(
    deck: tuple[Card, ...], picks: list[int], junk: object
) -> None:
    state = play(deck, "spec", picks[:15])[-1]
    before = to_json(state)
    try:
        apply(state, junk)  # type: ignore[arg-type]
    except IllegalMove as refusal:
        # The spec's own refusal of a STARTUP step in PLAY has no full stop.
        assert str(refusal).endswith(".") or str(refusal) == NOT_IN_PLAY
    else:
        assert isinstance(junk, Move)  # only a real move may be played
    assert to_json(state) == before
