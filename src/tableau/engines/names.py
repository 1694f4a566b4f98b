"""The one rule for a seat's name, for every game that lets players name their seats.

Pesten's and Poker's ``Config``, Pesten's set-up screen and line mode, and the settings file
all ask ``name_problem`` (one name) or ``names_problem`` (a table's names), so a name is
refused with the same sentence everywhere.

A new name may take ``MAX_NAME_LENGTH`` columns. A save written by an older version may hold a
longer one (Poker allowed 20 characters): a reader of such a save passes
``longest=SAVED_NAME_LENGTH``, so nothing a player had is lost.
"""

from __future__ import annotations

from typing import Final
from unicodedata import combining
from unicodedata import east_asian_width

MAX_NAME_LENGTH: Final = 14
"""Columns a new seat's name may take, so Pesten's seat list shows it whole (a wide character
takes two)."""
SAVED_NAME_LENGTH: Final = 20
"""The longest name a save from an older version may hold (Poker allowed 20 characters)."""
CPU_MARK: Final = " (CPU)"
"""What Pesten's seat list adds after a CPU's name; a CPU's name has that much less room."""


def name_width(name: str) -> int:
    """The columns ``name`` takes on a terminal: a wide character two, a combining mark none."""
    return sum(0 if combining(char) else 2 if east_asian_width(char) in "WF" else 1
               for char in name)


def name_problem(name: str, *, cpu: bool = False,
                 longest: int = MAX_NAME_LENGTH) -> str | None:
    """Why ``name`` (already stripped) cannot name a seat, or None. A CPU's seat shows
    ``CPU_MARK`` after its name, so its name has less room."""
    if not name:
        return "Every player needs a name."
    if not name.isprintable():
        return "A name may only hold printable characters."
    room = longest - (len(CPU_MARK) if cpu else 0)
    if name_width(name) <= room:
        return None
    wide = " (a wide character counts as two)" if name_width(name) != len(name) else ""
    if cpu:
        return f"A CPU's name may have at most {room} characters{wide}: the table adds “(CPU)”."
    return f"A name may have at most {room} characters{wide}, so the table shows it whole."


def names_problem(names: object, players: int, *,
                  longest: int = MAX_NAME_LENGTH) -> str | None:
    """Why ``names`` cannot name a table of ``players`` seats, or None. No names at all is
    fine (the game names the seats); else one each, each passing ``name_problem`` once
    stripped, no two alike but for case."""
    if not isinstance(names, (tuple, list)):
        return "The names must be a list of names."
    if not names:
        return None
    if len(names) != players:
        return f"Give one name for each of the {players} players."
    seen: set[str] = set()
    for name in names:
        if not isinstance(name, str):
            return "Every player needs a name."
        cleaned = name.strip()
        problem = name_problem(cleaned, longest=longest)
        if problem is not None:
            return problem
        if cleaned.casefold() in seen:
            return f"Two players are called {cleaned}; every name must differ."
        seen.add(cleaned.casefold())
    return None
