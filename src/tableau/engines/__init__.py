"""Pure rule engines, one module (or package) per game, all with the same contract.

Each engine conforms to ``tableau.engines.protocol.Engine``:

- ``Config``: frozen dataclass (players, packs, variant, seed).
- ``State``: frozen dataclass of tuples; an immutable snapshot.
- ``Move``: small frozen hashable value whose ``str()`` is the game's notation.
- ``new_game(config) -> State``
- ``legal_moves(state) -> tuple[Move, ...]``: the single source of truth.
- ``apply(state, move) -> State``: raises ``IllegalMove`` and leaves ``state`` alone.
- ``view(state, seat) -> View``: only what that seat may know, with the common fields
  ``seat``, ``to_move``, ``legal`` and ``stock_count``.
- ``outcome(state) -> Outcome | None``: ``None`` while the game runs.
- ``to_json(state)`` / ``from_json(mapping)``: versioned and lossless, read through
  ``protocol.read_header`` and ``protocol.SaveReader``.

Engines never import textual, rich, ui, sessions, storage or ai, never do I/O, and never use
the global random generator: randomness comes from the seed kept in the state
(see ``tableau.engines.rng``). The list of games is ``tableau.registry``.
"""

from __future__ import annotations

from tableau.engines.protocol import Engine
from tableau.engines.protocol import IllegalMove
from tableau.engines.protocol import Outcome
from tableau.engines.protocol import SaveFormatError
from tableau.engines.protocol import SaveReader
from tableau.engines.protocol import read_header
from tableau.registry import find_game


def engine(key: str) -> Engine:
    """The engine module of the game ``key`` in ``tableau.registry`` (imported on first use,
    so start-up stays fast)."""
    game = find_game(key)
    if game is None:
        raise ValueError(f"There is no game called '{key[:20]}'.")
    return game.engine()  # each conforms: _conformance.py checks it


__all__ = [
    "Engine", "IllegalMove", "Outcome", "SaveFormatError", "SaveReader", "engine", "read_header",
]
