"""The one list of games. Every layer reads it: the menu, the command line, statistics, scenes and
the tests list the games from here.

A game is found by its key, by convention: its rules are the module ``tableau.engines.<key>``,
its game in progress ``tableau.sessions.<key>`` (``start`` and the session class) and its
screen ``tableau.ui.screens.<key>`` (see ``tableau.ui.games``). Modules are imported on first
use, so start-up stays fast; this module imports nothing of tableau's.

To add a game, write those modules and add one ``Game`` to ``REGISTRY`` below.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Final


@dataclass(frozen=True, slots=True)
class Game:
    """One game of the table."""

    key: str
    """Its name on the command line (``tableau KEY``) and in its modules' names."""
    title: str
    description: str
    """One line for the menu."""
    private: bool = True
    """Its table shows a player's hand: no screenshot while it is open."""

    @property
    def engine_module(self) -> str:
        return f"tableau.engines.{self.key}"

    @property
    def session_module(self) -> str:
        return f"tableau.sessions.{self.key}"

    def engine(self) -> ModuleType:
        """The rules (an ``Engine``), imported on first use."""
        return importlib.import_module(self.engine_module)

    def session(self) -> ModuleType:
        """The session module (``start`` and the ``Session``), imported on first use."""
        return importlib.import_module(self.session_module)


REGISTRY: Final = (
    Game("yukon", "Yukon", "Solitaire: free the hidden cards and build suits up from aces.",
         private=False),  # solitaire: the table hides nothing from anyone
    Game("pesten", "Pesten", "Hot-seat shedding game for 2–8; each hand behind a password."),
    Game("gofish", "Go Fish", "Ask 1–4 computer players for ranks; collect books."),
    Game("poker", "Poker", "Five-card draw against 1–5 CPUs; fixed-limit betting."),
)
"""Every game, in menu order."""

GAMES: Final = tuple(game.key for game in REGISTRY)
"""The game names, in menu order."""


def find_game(key: str) -> Game | None:
    return next((game for game in REGISTRY if game.key == key), None)
