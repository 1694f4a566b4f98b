"""Pure rule engines, one module per game, all with the same protocol.

Each engine module offers:

- ``Config``: frozen dataclass (players, packs, variant, seed).
- ``State``: frozen dataclass of tuples; an immutable snapshot.
- ``Move``: small frozen hashable value whose ``str()`` is the game's notation.
- ``new_game(config) -> State``
- ``legal_moves(state) -> tuple[Move, ...]``: the single source of truth.
- ``apply(state, move) -> State``: raises ``IllegalMove`` and leaves ``state`` alone.
- ``view(state, seat) -> View``: only what that seat may know.
- ``outcome(state)``: ``None`` while the game runs.
- ``to_json(state)`` / ``from_json(data)``: versioned and lossless.

Engines never import textual, rich, ui, storage or ai, never do I/O, and never use the
global random generator: randomness comes from the seed kept in the state
(see ``tableau.engines.rng``).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Final

from tableau.engines.protocol import IllegalMove, SaveFormatError, Timeline

GAMES: Final = ("yukon", "pesten", "gofish", "poker")
"""The one registry of games: each name is the module ``tableau.engines.<name>``."""


def engine(game: str) -> ModuleType:
    """The engine module of ``game`` (imported on first use, so start-up stays fast)."""
    if game not in GAMES:
        raise ValueError(f"There is no game called '{game[:20]}'.")
    return importlib.import_module(f"tableau.engines.{game}")


__all__ = ["GAMES", "IllegalMove", "SaveFormatError", "Timeline", "engine"]
