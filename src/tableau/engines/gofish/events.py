"""What happens in a game of Go Fish, as values with fields (worded by ``wording.describe``).

Every event names its ``kind``; the seat that acted is ``seat`` (for an ask, the asker).
A drawn card is in the event, and ``seen_by`` takes it out for a seat that may not see it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar
from typing import Literal

from tableau.cards import Card
from tableau.cards import Rank


@dataclass(frozen=True, slots=True)
class Dealt:
    """The deal: ``each`` cards to each of ``players`` players."""

    kind: ClassVar[str] = "dealt"
    players: int
    each: int


@dataclass(frozen=True, slots=True)
class Asked:
    """``asker`` asked ``target`` for ``rank`` and was given ``given`` cards (0: go fish)."""

    kind: ClassVar[str] = "asked"
    asker: int
    target: int
    rank: Rank
    given: int

    @property
    def seat(self) -> int:
        return self.asker


DrawReason = Literal["fish", "empty", "alone"]


@dataclass(frozen=True, slots=True)
class Drew:
    """``seat`` drew one card from the stock.

    ``card`` is known to the drawer; in other seats' views it is None unless ``shown``
    (a go-fish draw of the rank asked for is shown to everyone). ``reason``: "fish" after a
    go fish, "empty" for a player starting a turn with no cards, "alone" when no opponent
    has cards to ask for.
    """

    kind: ClassVar[str] = "drew"
    seat: int
    card: Card | None
    shown: bool
    reason: DrawReason


@dataclass(frozen=True, slots=True)
class Booked:
    """``seat`` laid down the book of ``rank``."""

    kind: ClassVar[str] = "booked"
    seat: int
    rank: Rank


@dataclass(frozen=True, slots=True)
class SatOut:
    """``seat`` had no cards and the stock was empty, so their turn passed."""

    kind: ClassVar[str] = "sat_out"
    seat: int


@dataclass(frozen=True, slots=True)
class StockEmpty:
    """A go fish with nothing left to draw: the turn of ``seat`` passes."""

    kind: ClassVar[str] = "stock_empty"
    seat: int


Event = Dealt | Asked | Drew | Booked | SatOut | StockEmpty


def seen_by(event: Event, viewer: int | None) -> Event:
    """``event`` as ``viewer`` may know it: another seat's unshown draw carries no card
    (``viewer`` None: an onlooker, who sees no hand)."""
    if isinstance(event, Drew) and event.seat != viewer and not event.shown:
        return Drew(event.seat, None, False, event.reason)
    return event
