"""The app's settings: what ``settings.toml`` may hold, with defaults and checks.

The theme, the card faces and each game's last set-up. Pesten keeps its seats' names and
kinds (never a password), the match and the house rules. Read once at start-up
(``open_settings``); a change in the app is written at once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from typing import Final

from tableau.engines.names import names_problem
from tableau.storage.settings import Field
from tableau.storage.settings import Schema
from tableau.storage.settings import Settings
from tableau.storage.settings import boolean
from tableau.storage.settings import number
from tableau.storage.settings import one_of
from tableau.storage.settings import text
from tableau.storage.settings import whole
from tableau.ui.faces import DEFAULT_FACE
from tableau.ui.faces import FACES
from tableau.ui.pace import DEFAULT_CPU_DELAY

# The games' choices are written out here, not imported: importing the engines would double
# the start-up time. tests/ui/test_preferences.py checks that they match the engines.
YUKON_RULES: Final = ("spec", "classic", "russian")
GOFISH_LEVELS: Final = ("easy", "pro")
GOFISH_PLAYERS: Final = 5
POKER_CPUS: Final = 3
POKER_MOST: Final = 5
PESTEN_MIN: Final = 2
PESTEN_PLAYERS: Final = 8

PESTEN_MATCHES: Final = ("open", "wins", "points")
PESTEN_WINS: Final = (1, 50)
PESTEN_POINTS: Final = (10, 10_000)
PESTEN_CARD_POINTS: Final = (50, 11, 20, 3, 4, 5, 6, 20, 20, 9, 20, 25, 10, 20)
"""Joker, ace, 2..10, jack, queen, king (the engine's DEFAULT_CARD_POINTS)."""
PESTEN_CARD_MOST: Final = 500

DEFAULT_THEME: Final = "textual-dark"
PESTEN_KINDS: Final = ("human", "random", "careful", "expert")
MOST_SECONDS: Final = 5.0
"""The slowest CPU pace a hand-edited file may ask for."""


def _pesten_seats(value: Any) -> str | None:
    why = (f"must be a list of {PESTEN_MIN} to {PESTEN_PLAYERS} seats like "
           '{ name = "Anna", kind = "human" } with different names (kind: '
           + ", ".join(PESTEN_KINDS) + ")")
    if not isinstance(value, list) or not PESTEN_MIN <= len(value) <= PESTEN_PLAYERS:
        return why
    for seat in value:
        if (not isinstance(seat, dict) or set(seat) != {"name", "kind"}
                or seat["kind"] not in PESTEN_KINDS):
            return why
    # the engines' one name rule: not blank, fits the seat list, no two alike but for case
    if names_problem([seat["name"] for seat in value], len(value)) is not None:
        return why
    return None


def _card_points(value: Any) -> str | None:
    if (isinstance(value, list) and len(value) == len(PESTEN_CARD_POINTS)
            and all(whole(0, PESTEN_CARD_MOST)(points) is None for points in value)):
        return None
    return (f"must be a list of {len(PESTEN_CARD_POINTS)} whole numbers from 0 to "
            f"{PESTEN_CARD_MOST}: joker, ace, 2 to 10, jack, queen, king")


DEFAULT_PESTEN_SEATS: Final = (
    {"name": "Anna", "kind": "human"}, {"name": "Bram", "kind": "human"},
    {"name": "Cor", "kind": "careful"},
)

SCHEMA: Final[Schema] = {
    "app": {
        "theme": Field(DEFAULT_THEME, text(60)),
        "cards": Field(DEFAULT_FACE, one_of(*FACES)),
    },
    "yukon": {
        "rules": Field("spec", one_of(*YUKON_RULES)),
        "auto_move": Field(False, boolean),
        "winnable_only": Field(False, boolean),
    },
    "gofish": {
        "cpus": Field(1, whole(1, GOFISH_PLAYERS - 1)),
        "level": Field("pro", one_of(*GOFISH_LEVELS)),
        "speed": Field(DEFAULT_CPU_DELAY, number(0.0, MOST_SECONDS)),
    },
    "poker": {
        "cpus": Field(POKER_CPUS, whole(1, POKER_MOST)),
        "speed": Field(DEFAULT_CPU_DELAY, number(0.0, MOST_SECONDS)),
    },
    "pesten": {
        "seats": Field([dict(seat) for seat in DEFAULT_PESTEN_SEATS], _pesten_seats),
        "match": Field("open", one_of(*PESTEN_MATCHES)),
        "wins": Field(5, whole(*PESTEN_WINS)),
        "points": Field(500, whole(*PESTEN_POINTS)),
        "card_points": Field(list(PESTEN_CARD_POINTS), _card_points),
        "forgot_penalty": Field(2, one_of(2, 5)),
        "sets_are_series": Field(True, boolean),
        "wrap_runs": Field(False, boolean),
        "either_order": Field(False, boolean),
        "special_finish": Field(True, boolean),
    },
}


def open_settings(path: Path | None) -> Settings:
    """The settings of ``path`` (None: defaults, kept for this run only)."""
    return Settings(path, SCHEMA)
