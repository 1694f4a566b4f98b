"""Poker table controls: what a key, a button or a click means, in words and in moves.

Pure functions of the human's ``View`` (no Textual), so the screen stays thin. The session
still decides: an action built here for a key that is not legal right now goes to ``act``,
and its refusal is what the player reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace
from typing import Final
from typing import Literal

from tableau.ai.poker import Advice
from tableau.cards import Card
from tableau.engines.poker import BET
from tableau.engines.poker import BETTING
from tableau.engines.poker import CALL
from tableau.engines.poker import CHECK
from tableau.engines.poker import FOLD
from tableau.engines.poker import RAISE
from tableau.engines.poker import RUNNING
from tableau.engines.poker import Action
from tableau.engines.poker import ActionKind
from tableau.engines.poker import Draw
from tableau.engines.poker import Phase
from tableau.engines.poker import SeatView
from tableau.engines.poker import View
from tableau.engines.poker import chips_text
from tableau.engines.poker import legal_draws
from tableau.engines.poker.wording import result_text

ACTIONS: Final = ("check", "call", "bet", "raise", "fold")
"""The named betting controls (the footer's keys and the palette)."""


@dataclass(frozen=True, slots=True)
class Mark:
    """Mark (or unmark) card ``index`` of the hand for throwing away."""

    index: int


@dataclass(frozen=True, slots=True)
class Request:
    """Draw the marked cards, ask for advice, or go on (the next hand, or the results)."""

    what: Literal["draw", "advice", "next"]


@dataclass(frozen=True, slots=True)
class Refusal:
    """A key that means nothing now, and why."""

    text: str


Command = Action | Mark | Request | Refusal


def command(name: str, view: View) -> Command:
    """What a control means now. ``name`` is a key binding's or a button's name: "check" ..
    "fold", "c", "b", "f", "mark1" .. "mark5", "draw", "advice" or "a", "next", "results" or
    "n", and "enter" (the draw, or the next hand)."""
    if name in ACTIONS:
        return Action(ActionKind(name))
    if name in ("c", "b", "f"):
        return key_action(view, name)
    if name.startswith("mark"):
        return Mark(int(name.removeprefix("mark")) - 1)
    if name == "draw":
        return Request("draw")
    if name in ("advice", "a"):
        return Request("advice")
    if name in ("next", "results", "n") or (name == "enter" and view.phase not in RUNNING):
        return Request("next")
    if view.phase is Phase.DRAW:  # enter
        return Request("draw")
    return Refusal("Betting: c to check or call, b to bet or raise, f to fold.")


def offered(name: str, view: View) -> bool:
    """Is this named control legal now (shown in the footer)?"""
    my_turn = is_human_turn(view)
    if name in ACTIONS:
        return my_turn and Action(ActionKind(name)) in view.legal
    if name.startswith("mark"):
        return can_mark(view)
    if name == "draw":
        return my_turn and view.phase is Phase.DRAW
    if name == "advice":
        return advice_available(view)
    if name == "next":
        return view.phase is Phase.HAND_OVER
    if name == "results":
        return view.phase is Phase.GAME_OVER
    return True


def advice_available(view: View) -> bool:
    """Advice is about the draw: before it, while this seat holds five cards."""
    me = view.seats[view.seat]
    if view.phase is Phase.FIRST_BETTING:
        return me.in_hand and len(view.hand) == 5
    return can_mark(view) and len(view.hand) == 5


NO_ADVICE: Final = "Advice is about the draw: ask before you draw, while you hold five cards."


def advice_text(advice: Advice) -> str:
    """ "Advice: throw away 4♣ 3♦. <why>" or "Advice: stand pat. <why>"."""
    head = f"Advice: throw away {faces(advice.discard)}." if advice.discard else (
        "Advice: stand pat.")
    return f"{head} {advice.why}"


def drew_text(thrown: Sequence[Card], drawn: Sequence[Card]) -> str:
    """ "You threw away 4♣ 3♦ and drew 9♥ 2♠."."""
    return f"You threw away {faces(thrown)} and drew {faces(drawn)}."


def prompt(view: View, marks: Sequence[int]) -> str:
    """What the message line asks of the player now."""
    if view.phase in (Phase.HAND_OVER, Phase.GAME_OVER) and view.result is not None:
        return result_text(view) + "."
    if not is_human_turn(view):
        return waiting_for(view)
    if view.phase is Phase.DRAW and marks:
        count = len(marks)
        return f"Enter throws {count} away and draws {count}; 1-5 or space changes the marks."
    if view.phase is Phase.DRAW:
        most = "3 cards (4 keeping your ace)" if view.max_discard == 4 else "3 cards"
        return f"Your draw: mark up to {most} with 1-5, space or a click; Enter draws."
    if view.to_call:
        return f"Your turn: {view.to_call} to call."
    return "Your turn: check or bet."


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


def button_shown(view: View, action: Action) -> bool:
    """Is a betting button drawn for this action? On your turn, exactly the legal actions: no
    Fold when checking is free, no Raise that is capped or that no one could call. While you
    wait, greyed: a Fold only against a bet, and no Raise past the round's cap."""
    if view.phase not in BETTING:
        return False
    if is_human_turn(view):
        return action in view.legal
    if action == FOLD:
        return view.to_call > 0
    return not (action == RAISE and view.raises_left <= 0)


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
    if view.to_move is not None and view.to_move != view.seat:
        name = view.seats[view.to_move].name
        doing = "draw" if view.phase is Phase.DRAW else "act"
        return f"Wait: {name} is to {doing}."
    if me.all_in:
        return "You are all-in; the others play it out."
    return "Wait for your turn."


def is_human_turn(view: View) -> bool:
    return view.phase in RUNNING and view.to_move == view.seat


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
    if view.phase in RUNNING and view.to_move == seat.seat:
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
    me = view.seats[view.seat]
    parts = [chips_text(me.chips)]
    if view.phase in RUNNING and me.put_in:
        parts.append(f"{me.put_in} in the pot")
    if me.all_in:
        parts.append("all-in")
    won = winnings(view, view.seat)
    if won:
        parts.append(f"wins {won}")
    return " · ".join(parts)



def public_view(view: View, names: Sequence[str]) -> View:
    """``view`` as an onlooker sees it (no hand is open at a screen several people share):
    no hand, nothing to do, every seat under ``names``. A view's other seats are public
    already: their cards show only once shown down."""
    names = tuple(names)
    seats = tuple(replace(seat, name=names[seat.seat]) for seat in view.seats)
    return replace(view, my_turn=False, hand=(), hand_text="", seats=seats, to_call=0,
                   max_discard=0, legal=(), names=names)
