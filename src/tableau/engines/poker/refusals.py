"""Why the rules refuse a betting action, said to the player who tried it."""

from __future__ import annotations

from tableau.engines.poker.events import chips_text
from tableau.engines.poker.moves import Action
from tableau.engines.poker.moves import ActionKind
from tableau.engines.poker.state import State


def refusal(state: State, seat: int, action: Action) -> str:
    """Why this action is refused, said to the player who tried it."""
    to_call = state.current_bet - state.bets[seat]
    kind = action.kind
    if kind is ActionKind.CHECK:
        return f"You cannot check: the bet is {to_call} to you."
    if kind is ActionKind.FOLD:
        return "There is no bet to fold to; check instead."
    if kind is ActionKind.CALL:
        return "There is no bet to call; check or bet."
    if kind is ActionKind.BET:
        if state.current_bet > 0:
            return "There is already a bet; call, raise or fold."
        return _cannot(state, seat, f"bet {state.bet_size}", state.bet_size, "bet")
    if state.raises > state.max_raises:
        return f"The betting is capped at {state.max_raises} raises this round."
    if to_call <= 0:
        return "There is no bet to raise; bet instead."
    return _cannot(state, seat, "raise", to_call + state.bet_size, "raise")


def _cannot(state: State, seat: int, doing: str, costs: int, noun: str) -> str:
    """The one true reason a bet or raise that costs ``costs`` is refused (see the rules:
    it needs the full amount, and someone else with chips to answer it)."""
    chips = state.chips[seat]
    if chips < costs:
        return f"You cannot {doing}: it takes {chips_text(costs)} and you have {chips}."
    return (f"You cannot {doing}: everyone else still in the hand is all-in, so no one could "
            f"call a {noun}.")
