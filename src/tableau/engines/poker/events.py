"""What happened at the Poker table, in fields: the history's events and a hand's result.

An event names seats by number and carries the table's names, so ``wording.describe`` can
word it for any reader. Only public facts are in it: the cards of an event are those turned
face up at the showdown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tableau.cards import Card

__all__ = [
    "BETTING_KINDS",
    "EVENT_KINDS",
    "MOVE_KINDS",
    "Award",
    "Event",
    "HandResult",
    "Showdown",
    "chips_text",
]

BETTING_KINDS: Final = frozenset({"fold", "check", "call", "bet", "raise"})
MOVE_KINDS: Final = BETTING_KINDS | {"draw"}
"""The events a player's bet or draw writes, one each."""
EVENT_KINDS: Final = MOVE_KINDS | {"deal", "ante", "reshuffle", "show", "win", "out", "champion"}


def chips_text(amount: int) -> str:
    """ "1 chip", "12 chips"."""
    return f"{amount} chip" if amount == 1 else f"{amount} chips"


@dataclass(frozen=True, slots=True)
class Showdown:
    """A hand turned face up at the showdown."""

    seat: int
    cards: tuple[Card, ...]
    text: str
    """The hand's name as the history says it ("a pair of sevens")."""
    value: int
    """Its strength: the higher value wins (the evaluator's ``HandInfo.value``)."""


@dataclass(frozen=True, slots=True)
class Award:
    """Chips won from one pot ("main pot", "side pot 1", or "returned" for an unmatched bet)."""

    seat: int
    amount: int
    pot: str


@dataclass(frozen=True, slots=True)
class HandResult:
    """Who won what: the awards in the order of the pots (the winners of a split pot left
    of the button first, the first of them with the odd chip)."""

    hand_number: int
    pot: int
    by_fold: bool
    shown: tuple[Showdown, ...]
    awards: tuple[Award, ...]

    def won_by(self, seat: int) -> int:
        """Chips this seat took from the pot (its own returned chips included)."""
        return sum(award.amount for award in self.awards if award.seat == seat)


@dataclass(frozen=True, slots=True)
class Event:
    """One public line of history.

    ``kind`` and its fields:

    - ``deal``: ``seat`` deals hand number ``count``;
    - ``ante``: everyone antes ``count``, and the pot is ``pot``;
    - ``fold``, ``check``; ``call`` and ``bet`` of ``count`` chips, ``raise`` to ``count``,
      each by ``seat``, ``all_in`` when it took the seat's last chip;
    - ``reshuffle``: the stock ran short and the discards were shuffled in;
    - ``draw``: ``seat`` drew ``count`` cards (0: stood pat);
    - ``show``: ``seat`` shows ``cards`` at the showdown;
    - ``win``: the hand's ``result``;
    - ``out``: ``seat`` is out of chips;
    - ``champion``: ``seat`` wins the game with all ``count`` chips.
    """

    kind: str
    names: tuple[str, ...]
    seat: int | None = None
    count: int = 0
    pot: int = 0
    all_in: bool = False
    cards: tuple[Card, ...] = ()
    result: HandResult | None = None
