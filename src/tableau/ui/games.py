"""How each game of ``tableau.engines.REGISTRY`` opens in the app. Each entry opens its screen
lazily, so start-up stays fast. Titles, descriptions, order and privacy come from the registry.

An entry may list set-up options (``Option``): the menu then asks for them in a small set-up
step before the game opens. Their lists are built lazily too.

To add a game, register it in ``tableau.engines``, write its screen in
``tableau.ui.screens.<key>`` and add one ``GameUi`` to ``SCREENS`` below. The factory receives
the options given on the command line (``seed``, ``deck``, ``rules``, ...) and the ones the app
adds (``folder``); ignore what you do not use.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING
from typing import Any

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
    """Build the game's screen from the options. Import the screen module inside it."""
    options: Callable[[], tuple[Option, ...]] = tuple
    """The set-up step's choices (none: the game opens at once, or has its own set-up)."""
    resume: Callable[[GameRecord, dict[str, Any]], Screen[Any]] | None = None
    """Build the game's screen from its autosave (the record, and ``folder``), exactly as it
    was left. Raises ValueError (SaveFormatError) with a sentence for a save it cannot use.
    None: the game is not autosaved."""


def _open_yukon(options: dict[str, Any]) -> Screen[Any]:
    from tableau.ui.screens.yukon import YukonScreen

    return YukonScreen(**options)


def _resume_yukon(record: GameRecord, options: dict[str, Any]) -> Screen[Any]:
    from tableau.ui.screens.yukon import YukonScreen

    return YukonScreen.resumed(record, options["folder"])


def _open_pesten(options: dict[str, Any]) -> Screen[Any]:
    from tableau.ui.screens.pesten_setup import open_pesten

    return open_pesten(options)


def _resume_pesten(record: GameRecord, options: dict[str, Any]) -> Screen[Any]:
    from tableau.ui.screens.pesten_unseal import PestenUnsealScreen

    return PestenUnsealScreen(record)


def _open_gofish(options: dict[str, Any]) -> Screen[Any]:
    from tableau.ui.screens.gofish import GoFishScreen

    return GoFishScreen(**options)


def _open_poker(options: dict[str, Any]) -> Screen[Any]:
    from tableau.ui.screens.poker import PokerScreen

    return PokerScreen(**options)


def _resume_gofish(record: GameRecord, options: dict[str, Any]) -> Screen[Any]:
    from tableau.ui.screens.gofish import GoFishScreen

    return GoFishScreen.from_record(record)


def _resume_poker(record: GameRecord, options: dict[str, Any]) -> Screen[Any]:
    from tableau.ui.screens.poker import PokerScreen

    return PokerScreen.from_record(record)


def _yukon_options() -> tuple[Option, ...]:
    from tableau.ui.screens.yukon import RULE_NAMES

    rules = tuple((key, f"{key}: {text}") for key, text in RULE_NAMES.items())
    deals = ((False, "any shuffle"), (True, "winnable only (proved by the solver)"))
    return (Option("rules", "Rules", rules, "spec"), Option("winnable_only", "Deals", deals, False))


def _gofish_options() -> tuple[Option, ...]:
    from tableau.ai.gofish import LEVELS
    from tableau.engines.gofish import MAX_PLAYERS

    return (
        cpus_option(MAX_PLAYERS - 1, 1),
        Option("level", "Level", tuple((level, level) for level in LEVELS), "pro"),
        speed_option(),
    )


def _poker_options() -> tuple[Option, ...]:
    from tableau.ui.screens.poker import DEFAULT_CPUS
    from tableau.ui.screens.poker import MAX_CPUS

    return (cpus_option(MAX_CPUS, DEFAULT_CPUS), speed_option())


SCREENS: Mapping[str, GameUi] = {
    "yukon": GameUi(_open_yukon, _yukon_options, resume=_resume_yukon),
    "pesten": GameUi(_open_pesten, resume=_resume_pesten),
    "gofish": GameUi(_open_gofish, _gofish_options, resume=_resume_gofish),
    "poker": GameUi(_open_poker, _poker_options, resume=_resume_poker),
}
"""Keyed by ``Game.key``; every game of the registry has one."""
