"""Properties of whole seeded Pesten games played with random legal moves.

What every engine must keep (cards conserved, apply never changing its input, the same seed
giving the same game, JSON round-trips, private views) is checked for all games at once in
``tests/engines/test_contract.py``; these are Pesten's own rules and saves.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tableau.cards import FULL_DECK
from tableau.cards import JOKER
from tableau.cards import SUITS
from tableau.cards import AnyCard
from tableau.cards import Card
from tableau.engines import IllegalMove
from tableau.engines import pesten as p
from tableau.engines.pesten import DRAW
from tableau.engines.pesten import Phase
from tableau.engines.pesten import Play

MAX_MOVES = 5000
"""Random games end long before this; the cap only keeps a broken engine from hanging."""


def random_move(state: p.State, chooser: random.Random) -> p.Move:
    """A random legal move; a false last-card call (which only costs cards) seldom, so the
    random rounds still end."""
    pool = p.legal_moves(state) if chooser.random() < 0.1 else p.shortlist(state)
    return chooser.choice(pool)

house_rules = st.fixed_dictionaries({
    "forgot_penalty": st.sampled_from((2, 5)),
    "sets_are_series": st.booleans(),
    "wrap_runs": st.booleans(),
    "either_order": st.booleans(),
    "special_finish": st.booleans(),
})
"""Every combination of the house-rule switches."""
matches = st.one_of(
    st.just({"match": "open"}),
    st.builds(lambda target: {"match": "wins", "target": target}, st.integers(1, 3)),
    st.builds(lambda target: {"match": "points", "target": target}, st.integers(10, 200)),
)


def safe_tables() -> st.SearchStrategy[p.Config]:
    return st.tuples(
        st.integers(2, 6), st.integers(1, 2), st.integers(0, 2), st.integers(0, 2**40),
        house_rules, matches,
    ).filter(lambda t: p.config_problem(t[0], t[1], t[2]) is None).map(
        lambda t: p.Config(players=t[0], packs=t[1], jokers=t[2], seed=t[3], **t[4], **t[5])
    )


def codes(cards: tuple[AnyCard, ...] | list[AnyCard]) -> Counter[str]:
    return Counter(card.code for card in cards)


def all_cards(state: p.State) -> Counter[str]:
    return codes([c for hand in state.hands for c in hand] + list(state.stock) + list(state.pile))


def deck_of(config: p.Config) -> Counter[str]:
    return codes(list(FULL_DECK + (JOKER,) * config.jokers) * config.packs)


def play_game(
    config: p.Config, chooser: random.Random, check: bool, state: p.State | None = None
) -> p.State:
    """Play a round (from ``state``, or a new game) to its end with random legal moves."""
    state = p.new_game(config) if state is None else state
    for step in range(MAX_MOVES):
        if state.phase is Phase.OVER:
            break
        legal = p.legal_moves(state)
        if check:
            check_position(state, legal, chooser, step)
        before = state
        state = p.apply(state, random_move(state, chooser))
        assert all(a <= b for a, b in zip(before.points, state.points, strict=True))
        assert not p.match_over(before)
    return state


def check_position(
    state: p.State,
    legal: tuple[p.Move, ...],
    chooser: random.Random,
    step: int,
) -> None:
    # The turn is always valid, and a running round always has a move.
    assert 0 <= state.current < state.config.players
    assert legal
    assert all(state.hands[seat] for seat in range(state.config.players))
    # Never a forced draw while a legal play exists.
    hand = state.hands[state.current]
    playable = [card for card in hand if p.fits(state, card)]
    if DRAW in legal:
        assert not playable and state.phase is Phase.PLAY and not state.stack
        assert legal == (DRAW,)
    elif state.phase is Phase.PLAY and not state.stack:
        assert playable
    if step % 4:
        return  # the checks below are slower; every fourth position is plenty
    # Every listed move is accepted, and some of them (trusted as listed) apply.
    assert all(p.is_legal(state, move) for move in legal)
    for move in chooser.sample(legal, min(len(legal), 6)):
        assert all_cards(p.apply(state, move)) == all_cards(state)
    # A play the engine accepts is listed, in some order of its middle cards.
    for _ in range(3):
        chosen = tuple(chooser.sample(hand, min(len(hand), chooser.randint(1, 4))))
        last = chosen[-1]
        suit = None
        if isinstance(last, Card) and last.rank.letter == "J" and not state.stack:
            suit = chooser.choice(SUITS)
        move = Play(chosen, suit, chooser.random() < 0.5)
        if p.is_legal(state, move):
            assert any(
                isinstance(other, Play)
                and codes(other.cards) == codes(chosen)
                and other.cards[0] == chosen[0]
                and other.cards[-1] == chosen[-1]
                and other.suit == suit
                and other.last_card == move.last_card
                for other in legal
            ), f"{move} is accepted but not listed"
        else:
            before = p.to_json(state)
            with pytest.raises(IllegalMove):
                p.apply(state, move)
            assert p.to_json(state) == before


@pytest.mark.dev_examples(10)
@settings(max_examples=40, deadline=None)
@given(config=safe_tables(), choices=st.integers(0, 2**32))
def test_random_games_keep_every_invariant(config: p.Config, choices: int) -> None:
    final = play_game(config, random.Random(choices), check=True)
    assert final.phase is Phase.OVER
    assert all_cards(final) == deck_of(config)  # with several packs (the contract deals one)
    outcome = p.outcome(final)
    assert outcome is not None and final.wins[outcome.winners[0]] == 1
    assert sum(final.wins) == 1


@pytest.mark.dev_examples(3)  # whole matches: the longest draws here
@settings(max_examples=25, deadline=None)
@given(config=safe_tables(), choices=st.integers(0, 2**32))
def test_a_match_under_any_house_rules_ends_exactly_when_its_target_is_reached(
    config: p.Config, choices: int
) -> None:
    chooser = random.Random(choices)
    state = play_game(config, chooser, check=True)
    for _ in range(4):  # rounds; an open match (or a far target) is cut short here
        assert all_cards(state) == deck_of(config)
        assert sum(state.wins) == state.round
        assert p.from_json(json.loads(json.dumps(p.to_json(state)))) == state
        reached = {
            "open": False,
            "wins": max(state.wins) >= config.target,
            "points": max(state.points) >= config.target,
        }[config.match]
        assert p.match_over(state) is reached
        if reached:
            assert p.match_winner(state) == p.standings(state)[0]
            with pytest.raises(IllegalMove):
                p.next_round(state)
            return
        assert p.match_winner(state) is None
        following = p.next_round(state)
        assert following.points == state.points and following.wins == state.wins
        state = play_game(config, chooser, check=True, state=following)


def reached(seed: int, moves: int) -> p.State:
    """A 3-player game after up to ``moves`` random legal moves."""
    chooser = random.Random(seed)
    state = p.new_game(p.Config(players=3, seed=seed))
    for _ in range(moves):
        if state.phase is Phase.OVER:
            break
        state = p.apply(state, random_move(state, chooser))
    return state


junk_values = st.one_of(
    st.none(), st.booleans(), st.integers(), st.text(max_size=8), st.builds(object),
    st.lists(st.integers(), max_size=3), st.sampled_from([*SUITS, *FULL_DECK[:8], JOKER]),
)
junk_cards = st.one_of(
    junk_values,
    st.lists(st.one_of(st.sampled_from([*FULL_DECK, JOKER]), junk_values), max_size=4),
    st.lists(st.one_of(st.sampled_from([*FULL_DECK, JOKER]), junk_values), max_size=4).map(
        tuple
    ),
)
junk_moves = st.one_of(
    junk_values,
    st.builds(Play, cards=junk_cards, suit=junk_values, last_card=junk_values),
    st.builds(p.Take, suit=junk_values),
    st.sampled_from([DRAW, p.PASS, p.TAKE]),
)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**20), moves=st.integers(0, 60), move=junk_moves)
def test_any_value_passed_as_a_move_is_refused_with_illegal_move_or_is_legal(
    seed: int, moves: int, move: object
) -> None:
    state = reached(seed, moves)
    before = json.dumps(p.to_json(state))
    problem = p.why_illegal(state, move)
    try:
        p.apply(state, move)  # type: ignore[arg-type]
    except IllegalMove as refusal:
        assert problem == str(refusal) and problem.endswith(".")
    else:
        assert problem is None
    assert json.dumps(p.to_json(state)) == before


