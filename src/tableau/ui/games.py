"""The games the menu lists. Each entry opens its screen lazily, so start-up stays fast.

To add a game, write its screen in ``tableau.ui.screens.<key>`` and add one ``GameEntry``
below (keep the order: Yukon, Pesten, Go Fish, Poker). The factory receives the options
given on the command line (``seed``, ``deck``, ``rules``, ...) and the ones the app adds
(``folder``); ignore what you do not use.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.screen import Screen


@dataclass(frozen=True, slots=True)
class GameEntry:
    key: str
    """What `tableau KEY` and `run_app(start=KEY)` use."""
    title: str
    description: str
    """One line for the menu."""
    open: Callable[[dict[str, Any]], Screen[Any]]
    """Build the game's screen from the options. Import the screen module inside it."""


def _open_yukon(options: dict[str, Any]) -> Screen[Any]:
    from tableau.ui.screens.yukon import YukonScreen

    return YukonScreen(**options)


def _open_pesten(options: dict[str, Any]) -> Screen[Any]:
    from tableau.ui.screens.pesten_setup import open_pesten

    return open_pesten(options)


def _open_gofish(options: dict[str, Any]) -> Screen[Any]:
    from tableau.ui.screens.gofish import GoFishScreen

    return GoFishScreen(**options)


def _open_poker(options: dict[str, Any]) -> Screen[Any]:
    from tableau.ui.screens.poker import PokerScreen

    return PokerScreen(**options)


GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        "yukon",
        "Yukon",
        "Solitaire: free the hidden cards and build suits up from aces.",
        _open_yukon,
    ),
    GameEntry(
        "pesten",
        "Pesten",
        "Hot-seat shedding game for 2–8; each hand behind a password.",
        _open_pesten,
    ),
    GameEntry("gofish", "Go Fish", "Ask 1–4 computer players for ranks; collect books.",
              _open_gofish),
    GameEntry("poker", "Poker", "Five-card draw against 1–5 CPUs; fixed-limit betting.",
              _open_poker),
)


def find_game(key: str) -> GameEntry | None:
    return next((entry for entry in GAMES if entry.key == key), None)
