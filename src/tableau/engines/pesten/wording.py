"""Pesten's one wording: ``describe(event, viewer)`` turns an event into the sentence the
history panel, the line mode and the table show.

Every Pesten event is public (a draw or a take names no card), so every seat reads the same
sentence and ``viewer`` changes nothing; it is there because every game's wording takes it.
Nothing reads these sentences back: the CPUs read the events' fields.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from tableau.cards import Card
from tableau.cards import Joker
from tableau.cards import Rank
from tableau.engines.pesten.values import Event
from tableau.engines.pesten.values import faces_text


def describe(event: Event, viewer: int) -> str:
    """The sentence ``viewer``'s seat reads for ``event``."""
    return _SENTENCES[event.kind](event)


def _name(event: Event, seat: int | None) -> str:
    return event.names[seat] if seat is not None else ""


def _deal(event: Event) -> str:
    text = f"Round {event.round}: {_name(event, event.seat)} deals. "
    if event.amount:
        text += "A joker was turned and went back into the stock. "
    return text + f"{event.cards[0].face} starts the pile; {_name(event, event.other)} begins."


def _reshuffle(event: Event) -> str:
    size = "1 card" if event.amount == 1 else f"{event.amount} cards"
    return f"The pile is shuffled into a new stock of {size}."


def _draw(event: Event) -> str:
    name = _name(event, event.seat)
    if event.amount:
        return f"{name} draws a card."
    return f"{name} cannot play and there is nothing left to draw."


def _pass(event: Event) -> str:
    return f"{_name(event, event.seat)} keeps the drawn card."


def _take(event: Event) -> str:
    got = event.amount
    text = f"{_name(event, event.seat)} takes {got}"
    if got < event.asked:
        text += f" (only {got} of {event.asked} were left)"
    if event.suit is not None:
        text += f" and names {event.suit.glyph} {event.suit.noun}"
    return text + "."


_POINTS: Final = {
    Rank.SEVEN: " — {} plays again",
    Rank.EIGHT: " — {} is skipped",
    Rank.TEN: " — back to {}",
    Rank.KING: " — the direction reverses; {} is next",
}
"""What the last card played says about the seat it points at (``Event.other``)."""


def _play(event: Event) -> str:
    text = f"{_name(event, event.seat)} plays {faces_text(event.cards)}"
    last = event.cards[-1]
    if event.amount:
        answer = "play a joker" if type(last) is Joker else "answer"
        return text + f" — {_name(event, event.other)} must take {event.amount} or {answer}"
    if event.suit is not None:
        return text + f" and names {event.suit.glyph} {event.suit.noun}"
    if event.other is None or type(last) is not Card or last.rank not in _POINTS:
        return text
    return text + _POINTS[last.rank].format(_name(event, event.other))


def _win(event: Event) -> str:
    name = _name(event, event.seat)
    return f"{name} plays {faces_text(event.cards)} and wins round {event.round}!"


def _blocked(event: Event) -> str:
    return (f"Nobody can play and nothing is left to draw: {_name(event, event.seat)} wins "
            f"round {event.round} with the fewest cards.")


def _penalty(event: Event) -> str:
    name, count = _name(event, event.seat), event.amount
    if event.reason == "special":
        return (f"{name} may not go out on a special card: {name} takes {count} and the "
                "round goes on.")
    if event.reason == "forgot_back":
        return (f"{name} forgot to call last card: {event.cards[0].face} goes back, {name} "
                f"takes {count} and the turn ends.")
    if event.reason == "forgot":
        return f"{name} forgot to call last card and takes {count}."
    return f"{name} called last card falsely and takes {count}."


def _last_card(event: Event) -> str:
    return f"{_name(event, event.seat)}: last card!"


_SENTENCES: Final[dict[str, Callable[[Event], str]]] = {
    "deal": _deal,
    "reshuffle": _reshuffle,
    "draw": _draw,
    "pass": _pass,
    "take": _take,
    "play": _play,
    "win": _win,
    "blocked": _blocked,
    "penalty": _penalty,
    "last_card": _last_card,
}
