"""Poker table controls without a screen: what each key means now, what the footer offers,
what the message line asks, and that marks always stay a draw the engine accepts."""

from __future__ import annotations

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tableau.engines.poker import BET
from tableau.engines.poker import CALL
from tableau.engines.poker import CHECK
from tableau.engines.poker import FOLD
from tableau.engines.poker import RAISE
from tableau.engines.poker import Config
from tableau.engines.poker import NextHand
from tableau.engines.poker import Phase
from tableau.engines.poker import State
from tableau.engines.poker import View
from tableau.engines.poker import apply
from tableau.engines.poker import legal_moves
from tableau.engines.poker import new_game
from tableau.engines.poker import view
from tableau.engines.poker.wording import result_text
from tableau.ui.controls.poker import Mark
from tableau.ui.controls.poker import Refusal
from tableau.ui.controls.poker import Request
from tableau.ui.controls.poker import advice_available
from tableau.ui.controls.poker import command
from tableau.ui.controls.poker import draw_move
from tableau.ui.controls.poker import offered
from tableau.ui.controls.poker import prompt
from tableau.ui.controls.poker import toggle_mark
from tableau.ui.controls.poker import waiting_for
from tableau.ui.controls.poker import you_line


def at_the_draw(seed: int = 3) -> State:
    state = apply(apply(new_game(Config(players=2, seed=seed)), CHECK), CHECK)
    assert state.phase is Phase.DRAW and state.to_act is not None
    return state


def betting(players: int = 3, seed: int = 5) -> tuple[State, View, View]:
    """A fresh hand: the view of the seat to act and of a seat that waits."""
    state = new_game(Config(players=players, seed=seed))
    assert state.to_act is not None
    idle = (state.to_act + 1) % players
    return state, view(state, state.to_act), view(state, idle)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), presses=st.lists(st.integers(0, 4), max_size=12))
def test_any_marking_leaves_a_draw_that_enter_accepts(seed: int, presses: list[int]) -> None:
    """Item 24: whatever keys 1-5 are pressed, the marks shown are a legal draw."""
    state = at_the_draw(seed)
    assert state.to_act is not None
    seen = view(state, state.to_act)
    marks: tuple[int, ...] = ()
    for index in presses:
        marks, problem = toggle_mark(marks, index, seen)
        move = draw_move(seen, marks)
        assert move in legal_moves(state)
        if problem is not None:
            assert problem.endswith(".")
    after = apply(state, draw_move(seen, marks))
    assert after.drew[state.to_act] == len(marks)


def test_c_b_and_f_follow_the_bet_in_front_of_the_player() -> None:
    state, mine, _ = betting()
    assert command("c", mine) == CHECK and command("b", mine) == BET
    assert command("f", mine) == FOLD  # refused by the engine: there is no bet to fold to
    after = apply(state, BET)
    assert after.to_act is not None
    facing = view(after, after.to_act)
    assert command("c", facing) == CALL and command("b", facing) == RAISE
    assert command("call", facing) == CALL


def test_number_keys_mark_enter_draws_or_deals_and_a_and_n_ask() -> None:
    state, mine, _ = betting()
    assert command("mark3", mine) == Mark(2)
    assert command("enter", mine) == Refusal(
        "Betting: c to check or call, b to bet or raise, f to fold.")
    drawing = at_the_draw()
    assert drawing.to_act is not None
    assert command("enter", view(drawing, drawing.to_act)) == Request("draw")
    assert command("a", mine) == command("advice", mine) == Request("advice")
    assert command("n", mine) == command("results", mine) == Request("next")
    over = apply(apply(state, BET), FOLD)
    over = apply(over, FOLD)
    assert over.phase is Phase.HAND_OVER
    assert command("enter", view(over, 0)) == Request("next")


def test_the_footer_offers_only_what_is_legal_now() -> None:
    _, mine, idle = betting()
    assert offered("check", mine) and offered("bet", mine)
    assert not offered("call", mine) and not offered("fold", mine)
    assert not any(offered(name, idle) for name in ("check", "bet", "draw", "next"))
    assert not offered("mark1", mine) and not offered("draw", mine)
    assert offered("advice", mine) and advice_available(idle)
    assert not offered("results", mine)
    drawing = at_the_draw()
    assert drawing.to_act is not None
    drawer = view(drawing, drawing.to_act)
    assert offered("mark1", drawer) and offered("draw", drawer) and offered("advice", drawer)


def test_the_message_line_asks_for_the_move_at_hand() -> None:
    state, mine, idle = betting()
    assert prompt(mine, ()) == "Your turn: check or bet."
    mover = idle.seats[mine.seat].name
    assert mover in ("Anna", "Bram", "Cato")
    assert prompt(idle, ()) == waiting_for(idle) == f"Wait: {mover} is to act."
    drawing = at_the_draw()
    assert drawing.to_act is not None
    drawer = view(drawing, drawing.to_act)
    assert prompt(drawer, (0, 1)) == ("Enter throws 2 away and draws 2; 1-5 or space changes "
                                      "the marks.")
    assert prompt(drawer, ()).startswith("Your draw: mark up to 3 cards")
    over = apply(apply(apply(state, BET), FOLD), FOLD)
    assert prompt(view(over, 0), ()) == result_text(view(over, 0)) + "."
    assert NextHand() in legal_moves(over)


def test_your_line_counts_chips_in_the_pot_and_winnings() -> None:
    state, mine, _ = betting()
    assert you_line(view(state, 0)) == "99 chips · 1 in the pot"
    assert mine.seats[mine.seat].name == "You"
