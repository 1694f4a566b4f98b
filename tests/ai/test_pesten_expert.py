"""The expert Pesten CPU: legal, deterministic, blind to hidden cards, and sensible."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from test_pesten_ai import cards  # the same position builders (tests/ai is on the path)
from test_pesten_ai import table
from test_pesten_reading import ROUND_SIZES
from test_pesten_reading import careful_round

from tableau.ai.pesten import CPU_KINDS
from tableau.ai.pesten import player
from tableau.ai.pesten_expert import expert_move
from tableau.ai.pesten_reading import read
from tableau.cards import AnyCard
from tableau.cli.pesten import main
from tableau.engines import pesten as p
from tableau.engines import rng
from tableau.engines.pesten import Play
from tableau.engines.pesten import Take
from tableau.ui.controls.pesten import KINDS


def played(players: int, packs: int, seed: int, moves: int) -> p.State:
    """A position ``moves`` careful moves into a round, or the last one before its end."""
    return careful_round(players, packs, seed, moves)[0]


positions = st.builds(played, **ROUND_SIZES)


def test_the_expert_is_a_cpu_kind_after_random_and_careful_and_the_set_up_offers_it() -> None:
    assert CPU_KINDS == ("random", "careful", "expert")
    assert player("expert") is not None
    assert ("expert", "CPU (expert)") in KINDS  # the seat kinds of the set-up screen


@settings(max_examples=25, deadline=None)
@given(state=positions, seed=st.integers(0, 2**63 - 1))
def test_the_expert_plays_a_legal_move_in_any_position(state: p.State, seed: int) -> None:
    seen = p.view(state, state.current)
    move, _ = expert_move(seen, seed)
    assert move in seen.legal
    p.apply(state, move)  # and the engine takes it


@settings(max_examples=10, deadline=None)
@given(state=positions, seed=st.integers(0, 2**63 - 1))
def test_the_same_view_and_seed_give_the_same_move(state: p.State, seed: int) -> None:
    seen = p.view(state, state.current)
    assert expert_move(seen, seed) == expert_move(seen, seed)


@settings(max_examples=10, deadline=None)
@given(state=positions, seed=st.integers(0, 2**63 - 1), deal=st.integers(0, 2**32))
def test_hidden_cards_do_not_change_the_move(state: p.State, seed: int, deal: int) -> None:
    """Deal the other hands and the stock anew: the view is the same, and so is the move."""
    me = state.current
    hidden = [card for seat, hand in enumerate(state.hands) if seat != me for card in hand]
    hidden += state.stock
    shuffled, _ = rng.shuffled(hidden, deal)
    hands: list[tuple[AnyCard, ...]] = []
    at = 0
    for seat, hand in enumerate(state.hands):
        if seat == me:
            hands.append(hand)
        else:
            hands.append(shuffled[at : at + len(hand)])
            at += len(hand)
    other = dataclasses.replace(state, hands=tuple(hands), stock=shuffled[at:])
    seen = p.view(state, me)
    assert p.view(other, me) == seen
    assert expert_move(p.view(other, me), seed) == expert_move(seen, seed)


def test_the_pile_is_rebuilt_from_the_history() -> None:
    for seed in range(5):
        state = played(4, 1, seed, 60)
        reading = read(p.view(state, state.current))
        assert reading is not None and reading.pile == state.pile


def test_a_pile_the_history_does_not_explain_falls_back_without_a_crash() -> None:
    state = table("5H 9C 3D", "7S 8S 3C", top="5C")  # no history at all
    seen = p.view(state, 0)
    assert read(seen) is None
    move, _ = expert_move(seen, 1)
    assert move in seen.legal


def test_a_forced_move_is_taken_at_once() -> None:
    state = table("3D 4D", "7S 8S", top="9C")  # nothing fits: draw is the only move
    seen = p.view(state, 0)
    assert len(seen.legal) == 1
    assert expert_move(seen, 42) == (seen.legal[0], 42)  # no sampling: the seed is unused


def test_the_expert_goes_out_when_it_can() -> None:
    state = table("6H 7H 8H", "7S 8S 3C", top="5H")
    move, _ = expert_move(p.view(state, 0), 3)
    assert move == Play(cards("6H 7H 8H"))


def test_the_expert_answers_a_stack_when_it_can() -> None:
    state = table("2H 9C 5D", "7S 8S", top="2S", stack=2)
    seen = p.view(state, 0)
    assert Take() in seen.legal
    move, _ = expert_move(seen, 5)
    assert isinstance(move, Play) and move.cards == cards("2H")


def test_the_expert_is_refused_off_turn_with_a_sentence() -> None:
    state = table("2H 9C 5D", "7S 8S", top="4S")
    with pytest.raises(ValueError, match="not Bram's turn"):
        expert_move(p.view(state, 1), 0)


def test_simulate_seats_an_expert(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--simulate", "2", "--players", "2", "--cpu", "expert,careful", "--seed", "4"])
    assert code == 0
    out = capsys.readouterr().out
    assert "seat 1 (expert)" in out and "seat 2 (careful)" in out


def test_the_expert_does_not_go_out_on_a_special_card_where_the_house_forbids_it() -> None:
    state = table("6H 7H", "7S 8S 3C", top="5H")
    assert expert_move(p.view(state, 0), 3)[0] == Play(cards("6H 7H"))
    strict = dataclasses.replace(state, config=dataclasses.replace(state.config,
                                                                   special_finish=False))
    move, _ = expert_move(p.view(strict, 0), 3)
    assert isinstance(move, Play) and len(move.cards) == 1  # a 7 last would cost 5 cards
