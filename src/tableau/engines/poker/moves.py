"""Poker moves: a betting action, a draw, and the next hand (frozen values), and how a
typed move is read."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from enum import auto
from typing import Final

from tableau.cards import Card
from tableau.cards import CardError
from tableau.cards import Rank
from tableau.cards import parse_card
from tableau.cards import parse_cards
from tableau.engines.protocol import IllegalMove

__all__ = [
    "BET",
    "CALL",
    "CHECK",
    "FOLD",
    "RAISE",
    "Action",
    "ActionKind",
    "Draw",
    "Move",
    "NextHand",
    "parse_move",
    "sort_key",
]

class ActionKind(StrEnum):
    """The five betting actions; which of them a seat may take follows from the bets so far
    (``legal_moves``). Each one's value is its name in lower case, the word a player types."""

    CHECK = auto()
    BET = auto()
    CALL = auto()
    RAISE = auto()
    FOLD = auto()


@dataclass(frozen=True, slots=True)
class Action:
    """A betting action; the amount follows from the fixed limits."""

    kind: ActionKind

    def __str__(self) -> str:
        return self.kind.value


def sort_key(card: Card) -> tuple[int, str]:
    """High to low, ace high; suits in a fixed order after that."""
    high = 14 if card.rank is Rank.ACE else int(card.rank)
    return (-high, card.suit.value)


def _discards(items: object) -> tuple[Card, ...]:
    """The cards of a draw; card codes ("AH") are read as cards, anything else is refused."""
    refusal = "A draw names the cards to throw away, like draw 7S 4C."
    if not isinstance(items, (tuple, list)):
        raise IllegalMove(refusal)
    cards: list[Card] = []
    for item in items:
        try:
            cards.append(item if isinstance(item, Card) else parse_card(str(item)))
        except CardError:
            raise IllegalMove(refusal) from None
    return tuple(cards)


@dataclass(frozen=True, slots=True)
class Draw:
    """Throw these cards away and draw as many; ``Draw(())`` stands pat."""

    discards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "discards", tuple(sorted(_discards(self.discards), key=sort_key)))

    def __str__(self) -> str:
        if not self.discards:
            return "stand pat"
        return "draw " + " ".join(str(card) for card in self.discards)


@dataclass(frozen=True, slots=True)
class NextHand:
    """Deal the next hand (after a hand is over)."""

    def __str__(self) -> str:
        return "next hand"


Move = Action | Draw | NextHand

CHECK: Final = Action(ActionKind.CHECK)
BET: Final = Action(ActionKind.BET)
CALL: Final = Action(ActionKind.CALL)
RAISE: Final = Action(ActionKind.RAISE)
FOLD: Final = Action(ActionKind.FOLD)


def parse_move(text: str) -> Move:
    """Read "check", "bet", "call", "raise", "fold", "draw 7S 4C", "stand pat" or "next"."""
    words = text.strip().lower().split()
    if not words:
        raise IllegalMove("Type a move: check, bet, call, raise, fold, draw CARDS or stand pat.")
    head = words[0]
    for kind in ActionKind:
        if head == kind.value and len(words) == 1:
            return Action(kind)
    if words in (["stand", "pat"], ["pat"], ["draw"], ["draw", "0"]):
        return Draw(())
    if head in ("draw", "discard"):
        try:
            return Draw(parse_cards(" ".join(words[1:])))
        except CardError as error:
            raise IllegalMove(str(error)) from None
    if words in (["next"], ["next", "hand"], ["deal"]):
        return NextHand()
    shown = text.strip()[:20]
    raise IllegalMove(
        f"'{shown}' is not a poker move; try check, bet, call, raise, fold, draw CARDS "
        "or stand pat."
    )
