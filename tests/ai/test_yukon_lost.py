"""The lost verdict with cards still face down (tableau.ai.yukon_lost): "lost" only when the
solver proves every arrangement of the hidden cards lost."""

from __future__ import annotations

import math

from tableau.ai.yukon import solve
from tableau.ai.yukon_lost import lost_whatever_hidden
from tableau.engines.yukon import State
from tableau.engines.yukon import apply
from tableau.engines.yukon import numbered_game
from tableau.engines.yukon import parse_move
from tableau.engines.yukon import unseen_cards
from tableau.engines.yukon import view
from yukon_tables import LOST_CLASSIC_20


def lost_table() -> State:
    state = numbered_game(20, "classic")
    for move in LOST_CLASSIC_20.split():
        state = apply(state, parse_move(move))
    return state


def test_a_table_lost_whatever_the_four_hidden_cards_are() -> None:
    state = lost_table()
    shown = view(state)
    assert len(unseen_cards(shown)) == 4 and shown.legal
    assert lost_whatever_hidden(shown, seconds=math.inf)
    assert solve(state).kind == "lost"  # the real cards agree, as every arrangement must


def test_one_arrangement_that_wins_is_enough_to_say_nothing() -> None:
    state = numbered_game(2)  # spec game 2: won; played on until four cards are hidden
    for move in solve(state).moves:
        if len(unseen_cards(view(state))) <= 4:
            break
        state = apply(state, move)
    shown = view(state)
    assert 0 < len(unseen_cards(shown)) <= 4
    assert not lost_whatever_hidden(shown, seconds=math.inf)


def test_too_many_hidden_cards_or_no_time_say_nothing() -> None:
    assert not lost_whatever_hidden(view(numbered_game(20, "classic")), seconds=math.inf)
    assert not lost_whatever_hidden(view(lost_table()), seconds=0.0)
