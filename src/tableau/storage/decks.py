"""Deck files: one two-letter card per line, top card first."""

from __future__ import annotations

import os
from typing import Final

from tableau.cards import FULL_DECK
from tableau.cards import Card
from tableau.cards import CardError
from tableau.cards import parse_card
from tableau.storage.files import FileProblem
from tableau.storage.files import Kind
from tableau.storage.files import atomic_write_text
from tableau.storage.files import read_small_text
from tableau.text import shorten


class DeckError(ValueError):
    """A deck file that cannot be used. str() is a sentence for the player."""


MAX_DECK_FILE_BYTES: Final = 64 * 1024
"""A 52-line deck is a few hundred bytes; anything this large is not a deck."""


def parse_deck(text: str) -> tuple[Card, ...]:
    """Validate the lines of a deck file and return its cards, top first.

    Surrounding spaces and blank lines at the end are tolerated. Raises DeckError naming
    the first problem and its line number (lines count from 1, split at newlines only).
    """
    lines = [line.rstrip("\r") for line in text.split("\n")]
    while lines and not lines[-1].strip():
        lines.pop()
    seen: dict[Card, int] = {}
    cards: list[Card] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            raise DeckError(f"Line {number} is empty; a deck file has one card per line.")
        if len(cards) == len(FULL_DECK):
            raise DeckError(f"Line {number}: too many cards; a deck has {len(FULL_DECK)}.")
        try:
            card = parse_card(line)
        except CardError:
            raise DeckError(f"Line {number}: '{shorten(line.strip())}' is not a card.") from None
        if card in seen:
            raise DeckError(
                f"Line {number}: {card} appears twice (first on line {seen[card]})."
            )
        seen[card] = number
        cards.append(card)
    if len(cards) < len(FULL_DECK):
        missing = " ".join(str(card) for card in FULL_DECK if card not in seen)
        raise DeckError(
            f"Line {len(lines) + 1}: the deck ends after {len(cards)} cards; "
            f"it needs {len(FULL_DECK)} (missing {missing})."
        )
    return tuple(cards)


def format_deck(cards: tuple[Card, ...] | list[Card]) -> str:
    """The deck file format: one two-letter card per line."""
    return "".join(f"{card}\n" for card in cards)


def _is_deck(text: str) -> bool:
    try:
        parse_deck(text)
    except DeckError:
        return False
    return True


DECK_FILE: Final = Kind("deck file", MAX_DECK_FILE_BYTES, _is_deck)
"""SD writes over a deck file only, never over another file that has the name."""


def load_deck(path: str | os.PathLike[str], *, name: str | None = None) -> tuple[Card, ...]:
    """Read and validate a deck file. Raises DeckError with one clear sentence."""
    try:
        text = read_small_text(path, "deck file", MAX_DECK_FILE_BYTES, name=name)
    except FileProblem as problem:
        raise DeckError(str(problem)) from None
    return parse_deck(text)


def save_deck(
    path: str | os.PathLike[str], cards: tuple[Card, ...] | list[Card], *, name: str | None = None
) -> None:
    """Write a deck file atomically, over nothing but a deck file. Raises DeckError with one
    clear sentence."""
    try:
        atomic_write_text(path, format_deck(cards), name=name, kind=DECK_FILE)
    except FileProblem as problem:
        raise DeckError(str(problem)) from None
