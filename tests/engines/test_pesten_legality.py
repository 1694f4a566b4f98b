"""Legality has one source: ``legal_moves`` lists every move ``apply`` accepts.

A false last-card call and a set of one rank with its middle cards in another order are
accepted, so the first is listed and the second plays as the listed spelling. The CPUs
choose from ``shortlist``: the listing without false calls, first in it, in the same order.
``why_illegal`` is None exactly for the listed moves, and its sentences come from the rules
the move breaks (never the stop-gap sentence, which would mean the two disagree).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from pesten_positions import cards
from pesten_positions import play
from pesten_positions import table
from pesten_positions import texts

from tableau.cards import SUITS
from tableau.cards import AnyCard
from tableau.engines import IllegalMove
from tableau.engines import pesten as p
from tableau.engines.pesten import DRAW
from tableau.engines.pesten import PASS
from tableau.engines.pesten import TAKE
from tableau.engines.pesten import Phase
from tableau.engines.pesten import Play

DISAGREEMENT = "That move is not allowed now."
"""``why_illegal``'s sentence when the listing refuses a move no rule refuses: never said."""


def test_a_false_last_card_call_is_listed_but_not_on_the_cpus_shortlist() -> None:
    state = table("5H 9C 3D", "9D 3S", top="5C", stock="KD QD")
    false_call = play("5H", last=True)
    assert false_call in p.legal_moves(state)
    assert false_call not in p.shortlist(state)
    assert p.why_illegal(state, false_call) is None
    after = p.apply(state, false_call)
    assert texts(state, after)[-1] == "Anna called last card falsely and takes 2."
    assert len(after.hands[0]) == 4


def test_going_out_with_the_call_is_listed_and_wins_as_without_it() -> None:
    state = table("5H", "9D 3S", top="5C")
    called = play("5H", last=True)
    assert called in p.legal_moves(state) and called not in p.shortlist(state)
    assert p.apply(state, called).winner == 0


def test_the_shortlist_is_the_listing_without_false_calls_in_the_same_order() -> None:
    state = table("7C 7D 7H 7S 8C", "9D 3S", top="7S")
    legal, short = p.legal_moves(state), p.shortlist(state)
    assert legal[: len(short)] == short
    false_calls = legal[len(short):]
    assert false_calls and all(
        isinstance(move, Play) and move.last_card and len(move.cards) != 4
        for move in false_calls
    )
    assert all(not (isinstance(move, Play) and move.last_card and len(move.cards) != 4)
               for move in short)


def test_a_set_of_one_rank_in_another_middle_order_plays_as_listed() -> None:
    state = table("7C 7D 7H 7S 9C 2D", "9D 3S", top="7S")
    mine = play("7C", "7H", "7D", "7S")
    listed = play("7C", "7D", "7H", "7S")
    assert mine not in p.legal_moves(state) and listed in p.legal_moves(state)
    assert p.why_illegal(state, mine) is None
    assert p.apply(state, mine) == p.apply(state, listed)
    assert "Anna plays 7♣ 7♦ 7♥ 7♠ — Anna plays again" in texts(state, p.apply(state, mine))


def test_a_run_is_not_reordered_into_a_legal_one() -> None:
    state = table("5C 7C 6C 8C 2D", "9D 3S", top="5D")
    jumbled = play("5C", "7C", "6C", "8C")
    assert p.why_illegal(state, jumbled) == (
        "5♣ 7♣ 6♣ 8♣ is not a set: play 3 or more of one rank, or 3 or more in a row of one suit."
    )


# ------------------------------------------------------------------ random positions


def _probes(state: p.State, chooser: random.Random) -> list[object]:
    """Moves a player might try here: every card alone with each suit and call, random
    choices of cards in random orders, and the other kinds of move."""
    hand = state.hands[state.current]
    found: list[object] = [DRAW, PASS, TAKE, *(p.Take(suit) for suit in SUITS)]
    for card in set(hand):
        for suit in (None, *SUITS):
            found += [Play((card,), suit, False), Play((card,), suit, True)]
    for _ in range(12):
        chosen = tuple(chooser.sample(hand, min(len(hand), chooser.randint(2, 5))))
        found.append(Play(chosen, chooser.choice((None, *SUITS)), chooser.random() < 0.5))
    return found


def _spells(move: Play, listed: Play) -> bool:
    """Whether ``move`` is another spelling of ``listed``: the same cards, first and last."""
    return (Counter(card.code for card in move.cards) == Counter(c.code for c in listed.cards)
            and move.cards[0] == listed.cards[0] and move.cards[-1] == listed.cards[-1]
            and move.suit == listed.suit and move.last_card == listed.last_card)


def _check_position(state: p.State, chooser: random.Random) -> None:
    legal = p.legal_moves(state)
    before = json.dumps(p.to_json(state))
    for move in legal:
        assert p.why_illegal(state, move) is None
    for move in _probes(state, chooser):
        problem = p.why_illegal(state, move)
        try:
            after = p.apply(state, move)  # type: ignore[arg-type]
        except IllegalMove as refusal:
            assert problem == str(refusal) and problem != DISAGREEMENT
            continue
        assert problem is None
        if move in legal:
            continue
        assert isinstance(move, Play)
        twins = [other for other in legal if isinstance(other, Play) and _spells(move, other)]
        assert twins, f"{move} is accepted but not listed"
        assert after == p.apply(state, twins[0])
    assert json.dumps(p.to_json(state)) == before


@pytest.mark.dev_examples(10)  # whole games, every third position checked
@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 5), packs=st.integers(1, 2), seed=st.integers(0, 2**40),
       house=st.fixed_dictionaries({"wrap_runs": st.booleans(), "either_order": st.booleans(),
                                    "special_finish": st.booleans()}))
def test_every_move_apply_accepts_is_listed_and_every_refusal_names_a_rule(
    players: int, packs: int, seed: int, house: dict[str, bool]
) -> None:
    chooser = random.Random(seed)
    state = p.new_game(p.Config(players=players, packs=packs, seed=seed, **house))
    for step in range(400):
        if state.phase is Phase.OVER:
            break
        if step % 3 == 0:
            _check_position(state, chooser)
        pool = p.legal_moves(state) if chooser.random() < 0.1 else p.shortlist(state)
        state = p.apply(state, chooser.choice(pool))


def test_cards_made_elsewhere_are_another_spelling_of_the_listed_ones() -> None:
    state = table("6D 6S 9C", "9D", top="6C")
    made: tuple[AnyCard, ...] = cards("6D 6S")
    assert p.apply(state, Play(made)) == p.apply(state, play("6D", "6S"))
