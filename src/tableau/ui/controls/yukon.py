"""Yukon controls: picking, dropping, dragging and the keyboard cursor, as command lines.

Every answer is an ``Action``: a command line for the session interpreter (the same text a
player could type, such as ``C6:4H->C4``), a note for the Message line, or nothing. The engine
decides whether a move is legal; this module only names the move the player meant.
Pure: no Textual, no I/O.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Literal

from tableau.cards import Card
from tableau.engines.yukon import CardMove
from tableau.engines.yukon import Phase
from tableau.engines.yukon import View

COLUMNS = tuple(f"C{number}" for number in range(1, 8))
FOUNDATIONS = tuple(f"F{number}" for number in range(1, 5))
PILES = COLUMNS + FOUNDATIONS
"""Cursor positions, left to right: the seven columns, then the four foundations."""

FACE_DOWN = "That card is face down; only face-up cards move."
PICK_FIRST = "Pick a face-up card first."
NOT_IN_STARTUP = "Deal first: type LD and P (or press n for a new game)."
CANCELLED = "Cancelled."


@dataclass(frozen=True, slots=True)
class Pick:
    """The picked card: a column and the card's index in it (0 = the top of the column), or a
    foundation (index = its top card)."""

    pile: str
    index: int


@dataclass(frozen=True, slots=True)
class Action:
    command: str | None = None
    """A command line to run through the session (a move), or None."""
    note: str | None = None
    """Something to show on the Message line when there is no command."""


NOTHING = Action()
TargetLook = Literal["legal", "illegal"] | None


def _cards(view: View, pile: str) -> tuple[Card | None, ...]:
    if pile in COLUMNS:
        return view.columns[COLUMNS.index(pile)]
    if pile in FOUNDATIONS:
        return view.foundations[FOUNDATIONS.index(pile)]
    return ()


def move_command(view: View, pick: Pick, target: str) -> str | None:
    """The spec's notation for moving the picked card (and the cards below it) to
    ``target``: ``C6->C4`` for a bottom card, ``C6:4H->C4`` above it, ``F4->C6``."""
    cards = _cards(view, pick.pile)
    if not 0 <= pick.index < len(cards):
        return None
    card = cards[pick.index]
    if pick.pile in FOUNDATIONS or pick.index == len(cards) - 1 or card is None:
        return f"{pick.pile}->{target}"
    return f"{pick.pile}:{card}->{target}"


def move_pick(view: View, move: CardMove) -> Pick:
    """The card ``move`` takes, as a pick (for showing a hint on the table)."""
    cards = _cards(view, move.source)
    if move.card is not None and move.card in cards:
        return Pick(move.source, cards.index(move.card))
    return Pick(move.source, max(len(cards) - 1, 0))


def foundation_for(view: View, card: Card | None) -> str:
    """The foundation a card would go to: the one holding its suit, else the first empty one
    (F1 when none fits; the engine then says why not)."""
    if card is not None:
        for name, pile in zip(FOUNDATIONS, view.foundations, strict=True):
            if pile and pile[-1].suit is card.suit:
                return name
    for name, pile in zip(FOUNDATIONS, view.foundations, strict=True):
        if not pile:
            return name
    return FOUNDATIONS[0]


class YukonControls:
    """The board's interaction state: the picked card, the keyboard cursor and a drag."""

    def __init__(self) -> None:
        self.picked: Pick | None = None
        self.cursor_pile = 0
        """Index into PILES."""
        self.cursor_index: int | None = None
        """Card index in the cursor's column; None = its bottom card."""
        self.drag_source: Pick | None = None
        self.drag_target: str | None = None

    # ------------------------------------------------------------------ shared

    def reset(self) -> None:
        """Forget the pick and any drag (new game, load, undo...)."""
        self.picked = None
        self.drag_source = None
        self.drag_target = None

    def cancel(self) -> bool:
        """Escape: drop the pick or drag. True if there was something to cancel."""
        had = self.picked is not None or self.drag_source is not None
        self.reset()
        return had

    def _pickable(self, view: View, pile: str, index: int | None) -> Pick | Action:
        if view.phase is not Phase.PLAY:
            return Action(note=NOT_IN_STARTUP)
        cards = _cards(view, pile)
        if not cards:
            return Action(note=PICK_FIRST if pile in COLUMNS else "That foundation is empty.")
        if pile in FOUNDATIONS:
            return Pick(pile, len(cards) - 1)
        if index is None or not 0 <= index < len(cards):
            index = len(cards) - 1
        if cards[index] is None:
            return Action(note=FACE_DOWN)
        return Pick(pile, index)

    def _drop(self, view: View, pick: Pick, target: str) -> Action:
        self.picked = None
        command = move_command(view, pick, target)
        return Action(command=command) if command else NOTHING

    # ------------------------------------------------------------------ mouse

    def click(self, view: View, pile: str, index: int | None, chain: int = 1) -> Action:
        """A click on a pile (``index`` = the card clicked, None = the pile itself)."""
        if chain >= 2 and pile in COLUMNS:
            return self.send_home(view, pile, index)
        if self.picked is None:
            found = self._pickable(view, pile, index)
            if isinstance(found, Action):
                return found
            self.picked = found
            return NOTHING
        picked = self.picked
        if pile == picked.pile:
            if index is None or index == picked.index or pile in FOUNDATIONS:
                self.picked = None
                return Action(note=CANCELLED)
            found = self._pickable(view, pile, index)
            if isinstance(found, Action):
                self.picked = None
                return found
            self.picked = found
            return NOTHING
        return self._drop(view, picked, pile)

    def send_home(self, view: View, pile: str, index: int | None = None) -> Action:
        """Double-click or ``f``: the card to a foundation (the engine checks it)."""
        self.picked = None
        if view.phase is not Phase.PLAY:
            return Action(note=NOT_IN_STARTUP)
        cards = _cards(view, pile)
        if pile not in COLUMNS or not cards:
            return Action(note="Choose a column with a card to send home.")
        if index is None or not 0 <= index < len(cards):
            index = len(cards) - 1
        card = cards[index]
        if card is None:
            return Action(note=FACE_DOWN)
        target = foundation_for(view, card)
        return Action(command=move_command(view, Pick(pile, index), target))

    def drag_start(self, view: View, pile: str, index: int | None) -> Action:
        """A drag began on a card. Only a face-up card (or a foundation's top) drags."""
        self.drag_target = None
        found = self._pickable(view, pile, index)
        if isinstance(found, Action):
            self.drag_source = None
            return found
        if pile in COLUMNS and index is None:
            self.drag_source = None
            return NOTHING
        self.drag_source = found
        self.picked = None
        return NOTHING

    def drag_over(self, target: str | None) -> None:
        if self.drag_source is not None:
            self.drag_target = target

    def drop(self, view: View, target: str | None) -> Action:
        """The button came up over ``target`` (None = outside every pile: cancel)."""
        source = self.drag_source
        self.drag_source = None
        self.drag_target = None
        if source is None or target is None or target == source.pile:
            return NOTHING
        return self._drop(view, source, target)

    def target_state(self, view: View, legal: Collection[str]) -> TargetLook:
        """How to paint the pile under a drag: would the engine accept the drop?"""
        if self.drag_source is None or self.drag_target is None:
            return None
        if self.drag_target == self.drag_source.pile:
            return None
        command = move_command(view, self.drag_source, self.drag_target)
        return "legal" if command in legal else "illegal"

    def carried(self, view: View) -> tuple[Card, ...]:
        """The cards the drag (else the pick) takes: the card and every card below it."""
        pick = self.drag_source or self.picked
        if pick is None:
            return ()
        return tuple(card for card in _cards(view, pick.pile)[pick.index:] if card is not None)

    def target_looks(self, view: View, legal: Collection[str]) -> dict[str, TargetLook]:
        """How to mark the piles while a card is picked or dragged: "legal" on every pile it
        may go to (PySolFC's "highlight piles"), "illegal" on the pile under a drag that would
        refuse it. ``legal`` holds the engine's legal moves as text: the one judge."""
        pick = self.drag_source or self.picked
        if pick is None:
            return {}
        looks: dict[str, TargetLook] = {
            pile: "legal" for pile in PILES
            if pile != pick.pile and move_command(view, pick, pile) in legal
        }
        if self.drag_target is not None and self.target_state(view, legal) == "illegal":
            looks[self.drag_target] = "illegal"
        return looks

    # ------------------------------------------------------------------ keyboard

    @property
    def cursor_name(self) -> str:
        return PILES[self.cursor_pile]

    def move_cursor(self, view: View, columns: int = 0, cards: int = 0) -> None:
        """Arrows: left/right between piles (wrapping), up/down between face-up cards."""
        if columns:
            self.cursor_pile = (self.cursor_pile + columns) % len(PILES)
            self.cursor_index = None
        if cards:
            pile = self.cursor_name
            column = _cards(view, pile) if pile in COLUMNS else ()
            if not column:
                return
            last = len(column) - 1
            index = last if self.cursor_index is None else self.cursor_index
            index = min(max(index + cards, 0), last)
            while index < last and column[index] is None:
                index += 1
            self.cursor_index = None if index == last else index

    def jump(self, number: int) -> None:
        """Number keys 1-7: the cursor to that column's bottom card."""
        if 1 <= number <= len(COLUMNS):
            self.cursor_pile = number - 1
            self.cursor_index = None

    def cursor_card(self, view: View) -> int | None:
        """The card index under the cursor (None for an empty pile)."""
        cards = _cards(view, self.cursor_name)
        if not cards:
            return None
        if self.cursor_name in FOUNDATIONS or self.cursor_index is None:
            return len(cards) - 1
        return min(self.cursor_index, len(cards) - 1)

    def activate(self, view: View) -> Action:
        """Space/Enter: pick the card under the cursor, or drop the picked one here."""
        return self.click(view, self.cursor_name, self.cursor_card(view))

    def home_from_cursor(self, view: View) -> Action:
        """``f``: send the card under the cursor (or the picked card) to a foundation."""
        if self.picked is not None and self.picked.pile in COLUMNS:
            pick = self.picked
            return self.send_home(view, pick.pile, pick.index)
        return self.send_home(view, self.cursor_name, self.cursor_card(view))

    def clamp(self, view: View) -> None:
        """Keep the cursor and pick valid after the table changed."""
        pile = self.cursor_name
        cards = _cards(view, pile)
        if self.cursor_index is not None and (
            self.cursor_index >= len(cards) - 1 or cards[self.cursor_index] is None
        ):
            self.cursor_index = None
        if self.picked is not None:
            picked_cards = _cards(view, self.picked.pile)
            if self.picked.index >= len(picked_cards) or picked_cards[self.picked.index] is None:
                self.picked = None
