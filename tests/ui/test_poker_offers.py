"""Issue 28 items 21 and 22 on the Poker table: a betting button is drawn only for an action
the rules offer (no greyed Fold when checking is free, no greyed Raise that no one could
call), `b` then gives the one true reason, and a stack of one reads "1 chip".

Each test sets the table to a chosen position (the session's state, as a resumed game does)
and looks at what a player sees: the buttons shown, the message line, the seat's chips.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual.app import App
from textual.widgets import Button
from textual.widgets import Static
from ui_helpers import press
from ui_helpers import started

from tableau.cards import FULL_DECK
from tableau.cards import parse_cards
from tableau.engines.poker import BET
from tableau.engines.poker import CHECK
from tableau.engines.poker import Config
from tableau.engines.poker import NextHand
from tableau.engines.poker import Phase
from tableau.engines.poker import State
from tableau.engines.poker import apply
from tableau.engines.poker import new_game
from tableau.ui.screens.poker import PokerScreen
from tableau.ui.widgets.command_bar import MessageLine

WEAK = "2C 3D 4H 6S 8C"
PAIR = "KC KD 9H 7S 5C"


def heads_up(chips: list[int]) -> State:
    """You (seat 0, the button) against one CPU, with these stacks before the ante; the CPU
    speaks first."""
    base = new_game(Config(players=2, seed=3, stop_when_out=0))
    state = apply(replace(base, phase=Phase.HAND_OVER, chips=tuple(chips), pot=0,
                          to_act=None, hand_number=0, button=1), NextHand())
    hands = (parse_cards(WEAK), parse_cards(PAIR))
    used = set(hands[0] + hands[1])
    return replace(state, hands=hands, stock=tuple(c for c in FULL_DECK if c not in used))


def shown_buttons(app: App[Any]) -> list[str]:
    return [str(button.label) for button in app.screen.query(Button)
            if button.display and button.id in ("act-c", "act-b", "act-f")]


def at(app: App[Any], state: State) -> PokerScreen:
    poker = app.screen
    assert isinstance(poker, PokerScreen)
    poker.session.state = state
    poker.redraw()
    return poker


async def test_only_offered_buttons_are_drawn_b_says_why_and_one_chip_is_one_chip(
    make_app: Any,
) -> None:
    """One table set to three positions in turn: against an all-in bet no raise is offered
    and b says why; with checking free no fold is offered and a CPU's one chip reads "1
    chip"; your own one chip reads "1 chip" at the table and in the saved game's label."""
    app = make_app("poker", cpus=1, seed=3)
    async with started(app, (80, 24)) as pilot:
        # against an all-in bet no raise is offered and b says why
        poker = at(app, apply(heads_up([400, 3]), BET))  # the CPU bets its last 2
        view = poker.view
        assert view.my_turn and view.to_call == 2 and view.seats[1].all_in
        await pilot.pause()
        assert shown_buttons(app) == ["Call 2", "Fold"]
        await press(pilot, "b")
        said = str(poker.query_one("#message", MessageLine).content)
        assert "no one could call a raise" in said and "it takes" not in said
        assert poker.view == view
        # with checking free no fold is offered and one chip is one chip
        poker = at(app, apply(heads_up([100, 2]), CHECK))  # the CPU checks
        view = poker.view
        assert view.my_turn and view.to_call == 0 and view.seats[1].chips == 1
        await pilot.pause()
        assert shown_buttons(app) == ["Check", "Bet 2"]
        chips = poker.query_one("#seat-1").query_one(".seat-chips", Static)
        assert str(chips.content) == "1 chip"
        # your one chip reads 1 chip at the table and in the saved game
        # Your ante leaves you 1; a second hand, so the game is at stake and saved.
        poker = at(app, replace(heads_up([2, 100]), hand_number=2))
        await pilot.pause()
        assert str(poker.query_one("#you-chips", Static).content) == "1 chip · 1 in the pot"
        record = poker.record()
        assert record is not None and record.label == "hand 2 · 1 chip"
