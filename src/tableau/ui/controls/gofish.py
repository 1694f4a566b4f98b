"""Go Fish controls: keys and clicks in, an ask (or where the cursors go, or a note) out.

You choose a card (←/→ in the hand, its rank key, or a click) and whom to ask (↑/↓, Tab, or a
click on an opponent); Enter, space or a click on a card asks. The engine decides whether an
ask is legal; this module only names the ask the player meant. Pure: no Textual.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tableau.cards import Card
from tableau.cards import Rank
from tableau.engines.gofish import Ask
from tableau.engines.gofish import View
from tableau.engines.gofish import rank_words

RANK_KEYS: Final[dict[str, Rank]] = {
    "a": Rank.ACE, "A": Rank.ACE,
    **{str(number): Rank(number) for number in range(2, 10)},
    "t": Rank.TEN, "T": Rank.TEN, "0": Rank.TEN,
    "j": Rank.JACK, "J": Rank.JACK,
    "Q": Rank.QUEEN,  # lower-case q goes back to the menu
    "k": Rank.KING, "K": Rank.KING,
}
"""Keys that move the hand's cursor to a rank: a 2-9 t j Q k (0 also means ten)."""

OPPONENT_PILE: Final = "seat-"
"""An opponent's pile is called ``seat-N``."""


@dataclass(frozen=True, slots=True)
class Said:
    """A line for the message line: a note, or (``error``) why an ask was refused."""

    text: str
    error: bool = False


@dataclass(frozen=True, slots=True)
class Point:
    """Put the hand's cursor on card ``index``."""

    index: int


@dataclass(frozen=True, slots=True)
class Target:
    """Ask seat ``seat`` next."""

    seat: int


def target_for(seen: View, target: int) -> int:
    """Whom to ask: ``target`` while they may be asked, else the first who may."""
    askable = seen.askable()
    return askable[0] if askable and target not in askable else target


def step_target(seen: View, target: int, step: int, names: Sequence[str]) -> Target | Said | None:
    """↑/↓/Tab: the next opponent who may be asked, ``step`` places on (nothing when it is
    not your turn)."""
    askable = seen.askable()
    if not askable:
        return None
    if len(askable) == 1:
        return Said(f"{names[askable[0]]} is the only player you can ask.")
    position = askable.index(target) if target in askable else 0
    return Target(askable[(position + step) % len(askable)])


def opponent_of(pile_id: str) -> int | None:
    """The seat whose pile was clicked (None for the stock)."""
    if not pile_id.startswith(OPPONENT_PILE):
        return None
    return int(pile_id.removeprefix(OPPONENT_PILE))


def choose_seat(seen: View, seat: int, names: Sequence[str]) -> Target | Said | None:
    """A click on an opponent chooses them, on your turn."""
    if seen.to_move != seen.seat:
        return None
    if seat not in seen.askable():
        return Said(f"{names[seat]} has no cards to ask for.", error=True)
    return Target(seat)


def pick_rank(seen: View, rank: Rank) -> Point | Said:
    """A rank key: the first card of that rank in your hand."""
    for index, card in enumerate(seen.hand):
        if card.rank is rank:
            return Point(index)
    return Said(f"You hold no {rank_words(rank)}; you may only ask for a rank you hold.",
                error=True)


def activated(card: object, chain: int, target: int) -> Ask | None:
    """Enter, space or a click on a card: ask ``target`` for its rank."""
    # A double-click is a click and then a second one (chain 2): one ask, not two.
    if isinstance(card, Card) and chain == 1:
        return Ask(target, card.rank)
    return None


def prompt(seen: View, names: Sequence[str], target: int, cursor: int) -> str:
    """The line under your hand: whose turn, and what Enter would ask."""
    if seen.to_move is None:
        return "Game over · n: new game"
    if seen.to_move != seen.seat:
        return f"{names[seen.to_move]} is playing…"
    if not seen.hand:
        return ""
    rank = seen.hand[min(cursor, len(seen.hand) - 1)].rank
    text = f"Your turn · Enter: ask {names[target]} for {rank_words(rank)}"
    if len(seen.askable()) > 1:
        text += " · ↑↓: whom"
    return text
