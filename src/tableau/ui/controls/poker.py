"""Poker table controls: what a key or a click means, in words and in engine moves.

Pure functions of a ``View`` (no Textual), so the screen stays thin. The engine still decides:
an action built here for a key that is not legal right now goes to ``apply``, and the
``IllegalMove`` sentence is what the player reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tableau.cards import Card
from tableau.engines.poker import (
    BET,
    CALL,
    CHECK,
    FOLD,
    HUMAN_SEAT,
    RAISE,
    Action,
    Draw,
    Phase,
    SeatView,
    View,
    legal_draws,
)

BETTING: Final = (Phase.FIRST_BETTING, Phase.SECOND_BETTING)
RUNNING: Final = (*BETTING, Phase.DRAW)


def key_action(view: View, key: str) -> Action:
    """The betting action a key stands for: c = check or call, b = bet or raise, f = fold.

    The choice follows the bet in front of the player, so "c" is CALL when there is something
    to call; whether that action is allowed is the engine's answer.
    """
    if key == "c":
        return CALL if view.to_call > 0 else CHECK
    if key == "b":
        return RAISE if view.current_bet > 0 else BET
    return FOLD


def action_label(view: View, action: Action) -> str:
    """Button text: "Check", "Call 2", "Bet 2", "Raise to 6", "Fold"."""
    me = view.seats[view.seat]
    if action == CHECK:
        return "Check"
    if action == CALL:
        return f"Call {min(view.to_call, me.chips)}" if view.to_call else "Call"
    if action == BET:
        return f"Bet {view.bet_size}"
    if action == RAISE:
        return f"Raise to {view.current_bet + view.bet_size}"
    return "Fold"


def capped(view: View, action: Action) -> bool:
    """A raise after the round's last allowed raise: no button is shown for it."""
    return action == RAISE and view.raises_left <= 0


def draw_label(marked: int) -> str:
    return f"Draw {marked}" if marked else "Stand pat"


def can_mark(view: View) -> bool:
    """Cards may be marked during the draw, until this seat has drawn."""
    me = view.seats[view.seat]
    return view.phase is Phase.DRAW and me.in_hand and me.drew is None and len(view.hand) > 0


def toggle_mark(
    marks: tuple[int, ...], index: int, view: View
) -> tuple[tuple[int, ...], str | None]:
    """Mark or unmark card ``index`` (0-based) for throwing away; returns (marks, problem)."""
    if not can_mark(view):
        if view.phase is Phase.DRAW and view.seats[view.seat].drew is not None:
            return marks, "You have drawn already; wait for the others."
        if view.phase in RUNNING and not view.seats[view.seat].in_hand:
            return marks, "You are out of this hand."
        return marks, "Mark cards to throw away during the draw, after the first betting round."
    if not 0 <= index < len(view.hand):
        return marks, f"You hold {len(view.hand)} cards; press 1 to {len(view.hand)}."
    if index in marks:
        return tuple(mark for mark in marks if mark != index), None
    marked = (*marks, index)
    # The engine's rule decides, here as on Enter: every mark set shown is a legal draw.
    if draw_move(view, marked) not in legal_draws(view.hand):
        if len(marked) == 4 and view.max_discard == 4:
            return marks, "You may throw away 4 cards only when the card you keep is an ace."
        if view.max_discard >= 4:
            return marks, "You may throw away at most 4 cards, and only when you keep an ace."
        return marks, "You may throw away at most 3 cards (4 when you keep an ace)."
    return marked, None


def draw_move(view: View, marks: Sequence[int]) -> Draw:
    return Draw(tuple(view.hand[index] for index in marks if 0 <= index < len(view.hand)))


def marks_for(view: View, cards: Sequence[Card]) -> tuple[int, ...]:
    """The indices in the hand of these cards (for marking the advised discard)."""
    return tuple(index for index, card in enumerate(view.hand) if card in cards)


def faces(cards: Sequence[Card]) -> str:
    return " ".join(card.face for card in cards)


def waiting_for(view: View) -> str:
    """Why the human cannot act now, in one sentence."""
    if view.phase is Phase.GAME_OVER:
        return "The game is over; press n for a new game."
    if view.phase is Phase.HAND_OVER:
        return "This hand is over; press n (or Enter) for the next hand."
    me = view.seats[view.seat]
    if not me.in_hand:
        return "You are out of this hand; the others play it out."
    if view.to_act is not None and view.to_act != view.seat:
        name = view.seats[view.to_act].name
        doing = "draw" if view.phase is Phase.DRAW else "act"
        return f"Wait: {name} is to {doing}."
    if me.all_in:
        return "You are all-in; the others play it out."
    return "Wait for your turn."


def is_human_turn(view: View) -> bool:
    return view.phase in RUNNING and view.to_act == view.seat


def category(text: str | None) -> str:
    """ "full house" from "full house (ten of hearts, …)"."""
    if not text:
        return ""
    return text.split(" (", 1)[0]


def winners(view: View) -> frozenset[int]:
    """Seats that won chips from a pot this hand (chips merely returned do not count)."""
    if view.result is None or view.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        return frozenset()
    return frozenset(
        award.seat for award in view.result.awards if award.pot != "returned" and award.amount
    )


def winnings(view: View, seat: int) -> int:
    if view.result is None:
        return 0
    return sum(
        award.amount for award in view.result.awards
        if award.seat == seat and award.pot != "returned"
    )


def seat_action(view: View, seat: SeatView) -> str:
    """The short status after a seat's name: "raised to 4", "folded", "out", "wins 14"."""
    if seat.out and not seat.in_hand and not seat.folded:
        return "out"
    won = winnings(view, seat.seat)
    if won:
        return f"wins {won}"
    if view.phase in RUNNING and view.to_act == seat.seat:
        return "to draw…" if view.phase is Phase.DRAW else "thinking…"
    if seat.folded:
        return "folded"
    text = seat.last_action
    if seat.all_in and "all-in" not in text:
        text = f"{text}, all-in" if text else "all-in"
    return text


def pot_line(view: View) -> str:
    """ "Pot 22 · 4 to call · bets of 4, 2 raises left" (the header names hand and phase)."""
    if view.result is not None and view.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        return f"Hand over · the pot was {view.result.pot}"
    parts = [f"Pot {view.pot}"]
    if view.phase in BETTING:
        if view.to_call and view.seats[view.seat].in_hand:
            parts.append(f"{view.to_call} to call")
        raises = "1 raise" if view.raises_left == 1 else f"{view.raises_left} raises"
        parts.append(f"bets of {view.bet_size}, {raises} left")
    return " · ".join(parts)


def you_line(view: View) -> str:
    me = view.seats[HUMAN_SEAT]
    parts = [f"{me.chips} chips"]
    if view.phase in RUNNING and me.put_in:
        parts.append(f"{me.put_in} in the pot")
    if me.all_in:
        parts.append("all-in")
    won = winnings(view, HUMAN_SEAT)
    if won:
        parts.append(f"wins {won}")
    return " · ".join(parts)


def standings(view: View) -> list[str]:
    """Every player's final chips and place, most chips first; equal stacks share a place:
    "1. Bram: 312 chips"."""
    order = sorted(view.seats, key=lambda seat: -seat.chips)
    return [
        f"{1 + sum(other.chips > seat.chips for other in order)}. {seat.name}: "
        f"{seat.chips} {'chip' if seat.chips == 1 else 'chips'}"
        for seat in order
    ]
