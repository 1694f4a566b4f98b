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
(see ``tableau.engines.rng``).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Final

from tableau.engines.protocol import Engine
from tableau.engines.protocol import IllegalMove
from tableau.engines.protocol import Outcome
from tableau.engines.protocol import SaveFormatError
from tableau.engines.protocol import SaveReader
from tableau.engines.protocol import Timeline
from tableau.engines.protocol import read_header


@dataclass(frozen=True, slots=True)
class Game:
    """One game of the table: the menu, the command line, the scenes and the tests list these."""

    key: str
    """Its name on the command line (``tableau KEY``) and its module ``tableau.engines.KEY``."""
    title: str
    description: str
    """One line for the menu."""
    private: bool = True
    """Its table shows a player's hand: no screenshot while it is open."""

    @property
    def engine(self) -> Engine:
        """The engine module, imported on first use so start-up stays fast."""
        module: Engine = importlib.import_module(f"tableau.engines.{self.key}")
        return module


REGISTRY: Final = (
    Game("yukon", "Yukon", "Solitaire: free the hidden cards and build suits up from aces.",
         private=False),  # solitaire: the table hides nothing from anyone
    Game("pesten", "Pesten", "Hot-seat shedding game for 2–8; each hand behind a password."),
    Game("gofish", "Go Fish", "Ask 1–4 computer players for ranks; collect books."),
    Game("poker", "Poker", "Five-card draw against 1–5 CPUs; fixed-limit betting."),
)
"""The one list of games, in menu order."""

GAMES: Final = tuple(game.key for game in REGISTRY)
"""The game names, in menu order."""


def find_game(key: str) -> Game | None:
    return next((game for game in REGISTRY if game.key == key), None)


def engine(key: str) -> Engine:
    """The engine module of ``key`` (imported on first use, so start-up stays fast)."""
    game = find_game(key)
    if game is None:
        raise ValueError(f"There is no game called '{key[:20]}'.")
    return game.engine


__all__ = [
    "GAMES", "REGISTRY", "Engine", "Game", "IllegalMove", "Outcome", "SaveFormatError",
    "SaveReader", "Timeline", "engine", "find_game", "read_header",
]
