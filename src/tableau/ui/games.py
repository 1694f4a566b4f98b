"""How each game of ``tableau.registry`` opens in the app, found by convention: the game's screen
module ``tableau.ui.screens.<key>`` offers

- ``open_game(options) -> Screen``: the game's screen (or its own set-up) from the options
  given on the command line (``seed``, ``deck``, ``rules``, ...) and the ones the app adds
  (``folder``); it ignores what it does not use;
- ``setup_options() -> tuple[Option, ...]`` (optional): the choices the menu asks for in a
  small set-up step before the game opens (none: the game opens at once);
- ``resume_game(record, options) -> Screen`` (optional): the screen of its autosave.

The module is imported on first use, so start-up stays fast. Titles, descriptions, order and
privacy come from the registry.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING
from typing import Any

from tableau.registry import find_game
from tableau.ui.pace import DEFAULT_CPU_DELAY

if TYPE_CHECKING:
    from textual.screen import Screen

    from tableau.storage.store import GameRecord


@dataclass(frozen=True, slots=True)
class Option:
    """One choice of a game's set-up: ``key`` is the keyword its screen factory takes."""

    key: str
    label: str
    values: tuple[tuple[Any, str], ...]
    """(value, what the player reads), in the order ←/→ step through them."""
    default: Any

    def index_of(self, value: Any) -> int:
        """Where ``value`` is in ``values`` (the default's place if it is not there)."""
        values = [known for known, _text in self.values]
        return values.index(value if value in values else self.default)

    def including(self, value: Any, text: str) -> Option:
        """This option with ``value`` added at the end if it is not one of its values."""
        if any(known == value for known, _text in self.values):
            return self
        return Option(self.key, self.label, (*self.values, (value, text)), self.default)


SPEEDS: tuple[tuple[float, str], ...] = (
    (1.0, "slow (1 s a move)"),
    (0.6, "normal (0.6 s a move)"),
    (0.3, "fast (0.3 s a move)"),
    (0.0, "at once"),
)
"""The CPU speeds the set-up offers: the seconds a CPU 'thinks' before its move shows."""


def speed_option() -> Option:
    """``cpu_delay`` is the app's, kept for the run; the set-up only changes it."""
    return Option("cpu_delay", "Speed", SPEEDS, DEFAULT_CPU_DELAY)


def cpus_option(most: int, default: int) -> Option:
    return Option("cpus", "CPUs", tuple((n, str(n)) for n in range(1, most + 1)), default)


@dataclass(frozen=True, slots=True)
class GameUi:
    """The app's side of one game: how its screen opens and what its set-up asks."""

    open: Callable[[dict[str, Any]], Screen[Any]]
    """Build the game's screen from the options."""
    options: Callable[[], tuple[Option, ...]] = tuple
    """The set-up step's choices (none: the game opens at once, or has its own set-up)."""
    resume: Callable[[GameRecord, dict[str, Any]], Screen[Any]] | None = None
    """Build the game's screen from its autosave (the record, and ``folder``), exactly as it
    was left. Raises ValueError (SaveFormatError) with a sentence for a save it cannot use.
    None: the game is not autosaved."""


def game_ui(key: str) -> GameUi | None:
    """The app's side of the game ``key`` (None if there is no such game), read from its screen
    module, which is imported now."""
    if find_game(key) is None:
        return None
    module = importlib.import_module(f"tableau.ui.screens.{key}")
    return GameUi(module.open_game, getattr(module, "setup_options", tuple),
                  getattr(module, "resume_game", None))


TABLE_SCREENS: dict[str, dict[str, str]] = {
    "pesten": {"host": "pesten_shared:HostTableScreen", "seat": "pesten_shared:RemoteSeatScreen"},
    "gofish": {"here": "gofish:GoFishScreen", "host": "gofish_table:GoFishHostScreen",
               "seat": "gofish_table:GoFishSeatScreen"},
    "poker": {"here": "poker:PokerScreen", "host": "poker_table:PokerHostScreen",
              "seat": "poker_table:PokerSeatScreen"},
}
"""Each game's screens for people: ``here`` several at one screen (``session=``,
``locks=``), ``host`` the opener's shared table (``shared, locks``), ``seat`` a friend's
seat at their own screen (``shared``); as "module:class" under ``tableau.ui.screens``."""


def table_screen(game: str, role: str) -> Callable[..., Screen[Any]]:
    """The screen class of ``game`` for ``role`` (see ``TABLE_SCREENS``), its module imported
    only now (a fast start)."""
    module, name = TABLE_SCREENS[game][role].split(":")
    screen: Callable[..., Screen[Any]] = getattr(
        importlib.import_module(f"tableau.ui.screens.{module}"), name)
    return screen
