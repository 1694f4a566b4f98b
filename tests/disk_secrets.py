"""The search of bytes on the disk for what a sealed Pesten round must hide, shared by the
sealed-save, resume and record tests. (A plain module beside conftest.py: test folders have
no __init__.)

A card is looked for as its code in quotes, as JSON holds it, and as its face ("7♥"). A bare
two-letter code, and the joker's face (which is its code, "JK"), turn up by chance in a
database's binary pages and in ciphertext, so they are never looked for bare."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from tableau.cards import AnyCard
from tableau.sessions.pesten import PestenSession
from tableau.storage.home import database_path


def database_bytes(path: Path | None = None) -> bytes:
    """The database file and its write-ahead log, as they are on the disk now."""
    path = path or database_path()
    return b"".join(file.read_bytes()
                    for file in (path, path.with_name(path.name + "-wal")) if file.exists())


def hidden_cards(table: PestenSession) -> list[AnyCard]:
    """The cards of the hands and the stock; a card also lying on the pile (the second
    joker) is public and left out."""
    state = table.state
    public = {card.code for card in state.pile}
    return [card for card in (*(c for hand in state.hands for c in hand), *state.stock)
            if card.code not in public]


def secrets_found(data: bytes, cards: Iterable[AnyCard], seeds: Iterable[int]) -> list[str]:
    """Every one of ``cards`` and ``seeds`` (in digits or as SQLite's big-endian integer)
    that ``data`` holds."""
    cards = list(cards)
    found = [card.code for card in cards if f'"{card.code}"'.encode() in data]
    found += [card.face for card in cards
              if card.face != card.code and card.face.encode() in data]
    return found + [f"seed {seed}" for seed in seeds
                    if str(seed).encode() in data
                    or (0 <= seed < 2**63 and seed.to_bytes(8, "big") in data)]


def secrets_in(data: bytes, table: PestenSession) -> list[str]:
    """The hidden cards and the seeds of ``table`` that ``data`` holds."""
    seeds = (table.state.config.seed, table.state.seed, table.cpu_seed)
    return secrets_found(data, hidden_cards(table), seeds)
