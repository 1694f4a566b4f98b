"""What happens in a Yukon game, as values, and the one place that words it.

A ``YukonSession`` answers every act with events: a card (and those below it) moved, a
face-down card turned up, the cards auto-move sent home, the win, or a step of the command
language (a deal, a shuffle, an undo...). ``describe(event, viewer)`` is the sentence of one
event; ``headline(events, viewer)`` the one line a move leaves on the message line (the
screen's command bar and ``tableau yukon --plain`` both show it): the win in words, else
``OK`` and how many cards auto-move sent home. Yukon has one seat and an event names only
face-up cards, so every viewer reads the same words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final
from typing import Literal

from tableau.cards import Card

__all__ = ["OK", "YukonEvent", "describe", "headline"]

OK: Final = "OK"
DECK_SIZE: Final = 52

Kind = Literal["moved", "turned", "sent_home", "won", "step", "undone", "redone"]


@dataclass(frozen=True, slots=True)
class YukonEvent:
    """One thing that happened. ``kind`` says which; the other fields as it needs them:

    - ``moved``: ``cards`` went from pile ``source`` to pile ``target`` (``auto``: by
      auto-move, after the player's move);
    - ``turned``: ``cards[0]`` turned face up at the bottom of column ``source``;
    - ``sent_home``: auto-move sent ``count`` cards to the foundations;
    - ``won``: all 52 cards are home, after ``count`` moves;
    - ``step``: the command ``source`` (LD, SW, SI, SR, P, Q, L, S, SD, QQ) was done;
    - ``undone``, ``redone``: the last step was taken back, or made again.
    """

    kind: Kind
    seat: int = 0
    cards: tuple[Card, ...] = ()
    source: str = ""
    target: str = ""
    count: int = 0
    auto: bool = False


def describe(event: YukonEvent, viewer: int = 0) -> str:
    """The sentence ``viewer`` reads for ``event``."""
    del viewer  # one seat, and events name face-up cards only
    kind = event.kind
    if kind == "moved":
        names = " ".join(str(card) for card in event.cards)
        how = " (auto-move)" if event.auto else ""
        return f"{names} from {event.source} to {event.target}{how}."
    if kind == "turned":
        return f"{event.cards[0]} turned face up in {event.source}."
    if kind == "sent_home":
        plural = "s" if event.count != 1 else ""
        return f"OK (auto-moved {event.count} card{plural} home)"
    if kind == "won":
        return f"All {DECK_SIZE} cards are home: you won in {event.count} moves."
    return OK


def headline(events: tuple[YukonEvent, ...], viewer: int = 0) -> str:
    """The message line after an act: the win, else the cards auto-move sent home, else OK."""
    for kind in ("won", "sent_home"):
        for event in events:
            if event.kind == kind:
                return describe(event, viewer)
    return OK
