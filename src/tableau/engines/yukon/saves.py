"""Yukon's positions as JSON, and the check that a saved table can come from its deck."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tableau.cards import FULL_DECK
from tableau.cards import Card
from tableau.cards import CardError
from tableau.cards import Rank
from tableau.cards import parse_card
from tableau.engines.protocol import SaveFormatError
from tableau.engines.protocol import SaveReader
from tableau.engines.protocol import read_header
from tableau.engines.rng import MAX_SEED
from tableau.engines.yukon.model import _EMPTY_FOUNDATIONS
from tableau.engines.yukon.model import _SLOTS
from tableau.engines.yukon.model import COLUMN_COUNT
from tableau.engines.yukon.model import DECK_SIZE
from tableau.engines.yukon.model import FACE_DOWN_COUNTS
from tableau.engines.yukon.model import FOUNDATION_COUNT
from tableau.engines.yukon.model import MAX_MOVES
from tableau.engines.yukon.model import RULES
from tableau.engines.yukon.model import SAVE_VERSION
from tableau.engines.yukon.model import Column
from tableau.engines.yukon.model import Foundation
from tableau.engines.yukon.model import Phase
from tableau.engines.yukon.model import Slot
from tableau.engines.yukon.model import State
from tableau.engines.yukon.play import _deal
from tableau.engines.yukon.play import _fits
from tableau.engines.yukon.play import _startup_with

# ---------------------------------------------------------------- JSON


def _slot_text(slot: Slot) -> str:
    return str(slot.card) if slot.face_up else f"[{slot.card}]"


def to_json(state: State) -> dict[str, Any]:
    """A JSON-ready dict. Face-down cards are written in brackets: ``"[KC]"``."""
    return {
        "game": "yukon",
        "version": SAVE_VERSION,
        "phase": state.phase.value,
        "deck": None if state.deck is None else " ".join(str(card) for card in state.deck),
        "deck_face_up": state.deck_face_up,
        "columns": [" ".join(_slot_text(slot) for slot in column) for column in state.columns],
        "foundations": [" ".join(str(card) for card in pile) for pile in state.foundations],
        "seed": state.seed,
        "rules": state.rules,
        "moves": state.moves,
    }


def _field(save: SaveReader, key: str, kind: type | tuple[type, ...]) -> Any:
    """A value of ``kind``, refused in Yukon's own sentences (a player reads them after L)."""
    if key not in save.data:
        raise SaveFormatError(f"The save has no '{key}'.")
    value = save.data[key]
    if (isinstance(value, bool) and kind is int) or not isinstance(value, kind):
        raise SaveFormatError(f"The save's '{key}' has the wrong type.")
    return value


def _cards_from(text: str, what: str) -> tuple[Card, ...]:
    cards = []
    for word in text.split():
        if len(word) != 2:
            raise SaveFormatError(f"The save's {what} holds '{word[:8]}', which is not a card.")
        try:
            cards.append(parse_card(word))
        except CardError:
            raise SaveFormatError(
                f"The save's {what} holds '{word[:8]}', which is not a card."
            ) from None
    return tuple(cards)


def _column_from(text: str, number: int) -> Column:
    slots: list[Slot] = []
    for word in text.split():
        face_up = not (word.startswith("[") and word.endswith("]"))
        code = word if face_up else word[1:-1]
        cards = _cards_from(code, f"column C{number}")
        if len(cards) != 1:
            raise SaveFormatError(f"The save's column C{number} holds '{word[:8]}'.")
        slots.append(_SLOTS[cards[0], face_up])
    column = tuple(slots)
    if column and not column[-1].face_up:
        raise SaveFormatError(f"The save's column C{number} ends in a face-down card.")
    first_up = next((i for i, slot in enumerate(column) if slot.face_up), len(column))
    if any(not slot.face_up for slot in column[first_up:]):
        raise SaveFormatError(f"The save's column C{number} has a face-down card below a face-up.")
    return column


def _foundation_from(text: str, number: int) -> Foundation:
    pile = _cards_from(text, f"foundation F{number}")
    for position, card in enumerate(pile):
        if card.rank != position + 1 or card.suit is not pile[0].suit:
            raise SaveFormatError(f"The save's foundation F{number} is not in order from the ace.")
    return pile


def from_json(data: Mapping[str, Any]) -> State:
    """Rebuild a state from ``to_json`` output. Raises SaveFormatError with a clear sentence."""
    save = read_header(data, "yukon", "Yukon", SAVE_VERSION)
    try:
        phase = Phase(_field(save, "phase", str))
    except ValueError:
        raise SaveFormatError("The save's phase is neither STARTUP nor PLAY.") from None
    deck_text = save.data.get("deck")
    if deck_text is not None and not isinstance(deck_text, str):
        raise SaveFormatError("The save's 'deck' has the wrong type.")
    deck = None if deck_text is None else _cards_from(deck_text, "deck")
    if deck is not None and (len(deck) != DECK_SIZE or set(deck) != set(FULL_DECK)):
        raise SaveFormatError("The save's deck does not hold the 52 cards once each.")
    deck_face_up = _field(save, "deck_face_up", bool)
    seed = _field(save, "seed", int)
    if not 0 <= seed <= MAX_SEED:
        raise SaveFormatError("The save's seed is out of range.")
    rules = _field(save, "rules", str)
    if rules not in RULES:
        raise SaveFormatError("The save's rules are unknown.")
    moves = _field(save, "moves", int)
    if moves < 0:
        raise SaveFormatError("The save's move count is negative.")
    column_texts = _field(save, "columns", list)
    foundation_texts = _field(save, "foundations", list)
    if len(column_texts) != COLUMN_COUNT or not all(isinstance(t, str) for t in column_texts):
        raise SaveFormatError("The save does not have 7 columns.")
    if len(foundation_texts) != FOUNDATION_COUNT or not all(
        isinstance(t, str) for t in foundation_texts
    ):
        raise SaveFormatError("The save does not have 4 foundations.")
    columns = tuple(_column_from(text, n) for n, text in enumerate(column_texts, start=1))
    foundations = tuple(
        _foundation_from(text, n) for n, text in enumerate(foundation_texts, start=1)
    )
    placed = [slot.card for column in columns for slot in column]
    placed += [card for pile in foundations for card in pile]
    if phase is Phase.STARTUP:
        if placed or moves:
            raise SaveFormatError("The save is in STARTUP but has cards on the table.")
    else:
        if deck is None:
            raise SaveFormatError("The save is in PLAY but has no deck.")
        if len(placed) != DECK_SIZE or set(placed) != set(FULL_DECK):
            raise SaveFormatError("The save's table does not hold the 52 cards once each.")
        deck_face_up = False
    if moves > MAX_MOVES:
        raise SaveFormatError("The save's move count is too large for a Yukon game.")
    state = State(phase, deck, columns, foundations, seed, rules, moves, deck_face_up)
    if phase is Phase.PLAY:
        refusal = _position_refusal(state)
        if refusal:
            raise SaveFormatError(f"The save's table cannot come from its deck: {refusal}")
    return state


def _position_refusal(state: State) -> str | None:
    """Why play from the deal of ``state.deck`` can never reach ``state``, or None.

    What every reachable position keeps (the tests check it along random games):
    face-down cards never move, so each column still starts with the face-down cards dealt
    there, followed by the card dealt below them; a column that was emptied starts with a
    king; two neighbouring face-up cards either lay so in the deal (both dealt face up) or the
    lower one fits on the upper one; and every card on a foundation or turned face up took at
    least one move.
    """
    dealt = _deal(_startup_with(state, state.deck or FULL_DECK, state.seed, False)).columns
    if state == State(Phase.PLAY, state.deck, dealt, _EMPTY_FOUNDATIONS, state.seed, state.rules):
        return None
    dealt_next = {
        column[position].card: column[position + 1].card
        for column in dealt
        for position in range(len(column) - 1)
        if column[position].face_up
    }
    turned = 0
    for number, (column, original) in enumerate(zip(state.columns, dealt, strict=True), 1):
        down = sum(1 for slot in column if not slot.face_up)
        if (
            down > FACE_DOWN_COUNTS[number - 1]
            or column[:down] != original[:down]
            or (down and column[down].card != original[down].card)
        ):
            return f"column C{number} has face-down cards that were not dealt there."
        turned += FACE_DOWN_COUNTS[number - 1] - down
        first = column[0].card if column else None
        if first is not None and not down and first != original[0].card and first.rank != Rank.KING:
            return f"column C{number} starts with {first}, not a king."
        for upper, lower in zip(column[down:], column[down + 1 :], strict=False):
            if not _fits(lower.card, upper.card, state.rules) and (
                dealt_next.get(upper.card) != lower.card
            ):
                return f"{lower.card} cannot lie on {upper.card} in column C{number}."
    home = sum(len(foundation) for foundation in state.foundations)
    if state.moves < max(home, turned, 1):
        return f"{state.moves} moves cannot get {home} cards home and turn {turned} over."
    return None
