"""A listed move and an equal move built by hand must lead to the same game.

``apply`` takes a short cut for the very move objects ``legal_moves`` returned for a state
(it does not check them again); a move built elsewhere, for instance by a screen from
parsed cards, goes through the full check. Both ways must give identical snapshots.
"""

from __future__ import annotations

import random

import pytest

from tableau.cards import AnyCard
from tableau.cards import parse_any_card
from tableau.engines import pesten as p
from tableau.engines.pesten import Phase
from tableau.engines.pesten import Play


def rebuilt(move: p.Move) -> p.Move:
    """An equal move made of new objects, with the cards parsed from their codes."""
    if isinstance(move, Play):
        cards: tuple[AnyCard, ...] = tuple(parse_any_card(card.code) for card in move.cards)
        return Play(cards, move.suit, move.last_card)
    return type(move)(**{name: getattr(move, name) for name in move.__dataclass_fields__})


@pytest.mark.parametrize(("players", "packs", "jokers"), [(4, 1, 2), (2, 1, 0), (6, 2, 2)])
def test_a_listed_move_and_an_equal_move_built_by_hand_give_the_same_game(
    players: int, packs: int, jokers: int
) -> None:
    chooser = random.Random(players * 100 + packs * 10 + jokers)
    for game in range(4):
        state = p.new_game(p.Config(players=players, packs=packs, jokers=jokers, seed=game))
        for _ in range(3000):
            if state.phase is Phase.OVER:
                break
            # Now and then a false last-card call; always, the game would hardly end.
            pool = p.legal_moves(state) if chooser.random() < 0.1 else p.shortlist(state)
            listed = chooser.choice(pool)
            by_hand = rebuilt(listed)
            assert by_hand == listed and by_hand is not listed
            through_check = p.apply(state, by_hand)
            p.legal_moves(state)  # listed and kept by the state: apply trusts its moves
            trusted = p.apply(state, listed)
            assert trusted == through_check
            assert p.view(trusted, trusted.current) == p.view(through_check, trusted.current)
            state = trusted
        assert state.phase is Phase.OVER


def test_the_listing_a_state_keeps_stays_with_it_and_out_of_sight() -> None:
    state = p.new_game(p.Config(players=3, seed=2))
    fresh = p.from_json(p.to_json(state))  # never listed
    listed = p.legal_moves(state)
    assert p.legal_moves(state) is listed  # listed once
    assert state == fresh and p.to_json(state) == p.to_json(fresh)
    after = p.apply(state, listed[0])
    assert p.legal_moves(after) == p.legal_moves(p.from_json(p.to_json(after)))
