"""`tableau stats [--json]`: the statistics of the finished games, the figures the statistics
screen shows, as text or as JSON.

They are read from tableau.db in the data folder (under ``TABLEAU_HOME`` when it is set). With
no database yet the figures are empty and nothing is created. A database tableau cannot use
gives one sentence on stderr and exit status 1 (a damaged one is set aside as the app would,
with a sentence, and the figures of the new, empty one are shown).

``--json`` prints one object; its keys are stable:

- ``"yukon"``: a list, one object per rules variant, by name: ``"rules"``, ``"played"``,
  ``"won"``, ``"win_percent"`` (one decimal), ``"current_streak"``, ``"best_streak"``,
  ``"best_time"`` (seconds cut to the tenth below, or null: 144.96 s is 144.9, which the
  text shows as 2:24, as a clock does), ``"fewest_moves"`` (or null).
- ``"gofish"``: a list, one object per level, by name: ``"level"``, ``"played"``, ``"won"``,
  ``"average_books"`` (two decimals, or null).
- ``"poker"``: an object: ``"sessions"``, ``"hands_played"``, ``"hands_won"``,
  ``"biggest_pot"`` (or null), ``"chips"`` (each session's chip result, oldest first) and
  ``"chips_total"``.
- ``"pesten"``: a list, one object per player name, most wins first: ``"name"``,
  ``"rounds"``, ``"wins"`` (rounds won), ``"matches"`` (matches played to their end),
  ``"matches_won"`` and ``"average_points"`` (per round, two decimals, or null).
- ``"gofish_people"`` and ``"poker_people"``: the games several people played (at one screen
  or at a table), a list, one object per player name, most wins first: ``"name"``,
  ``"games"``, ``"wins"`` and, for Go Fish, ``"average_books"`` (two decimals, or null).
  These games are not in ``"gofish"`` or ``"poker"``, which are your own games.
- ``"yukon_demo_games"``: how many finished Yukon games the demo played in; they are in no
  figure of ``"yukon"``.

Exit status: 0 shown; 1 the database could not be read; 2 bad arguments.
"""

from __future__ import annotations

import json
import os

from tableau.cli.args import Parser
from tableau.cli.args import read_arguments
from tableau.cli.args import say
from tableau.storage.home import database_path
from tableau.storage.stats import Page
from tableau.storage.stats import as_json
from tableau.storage.stats import figures
from tableau.storage.stats import pages
from tableau.storage.stats import read_finished
from tableau.storage.store import GameRecord
from tableau.storage.store import Store

PROG = "tableau stats"
NOT_READ = 1


def _parser() -> Parser:
    parser = Parser(prog=PROG, description="The statistics of the finished games.")
    parser.add_argument("--json", action="store_true",
                        help="print the figures as one JSON object (keys: tableau.cli.stats)")
    return parser


def finished_games() -> list[GameRecord] | str:
    """The finished games in tableau.db (none when there is no database yet: opening the
    store would begin one), or the sentence that says why they cannot be read."""
    path = database_path()
    if not os.path.lexists(path):
        return []
    store = Store(path)
    if store.enabled and store.problem is not None:  # a damaged file was set aside
        say(f"{PROG}: {store.problem}")
    try:
        return read_finished(store)
    finally:
        store.close()


def text(shown: tuple[Page, ...]) -> str:
    """The pages as plain text: each game's title, then its tables with aligned columns."""
    lines: list[str] = []
    for page in shown:
        lines += [page.title, "─" * len(page.title)]
        if not page.tables:
            lines += [page.empty, ""]
        for table in page.tables:
            rows = [table.columns, *table.rows] if any(table.columns) else list(table.rows)
            widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
            lines.append(table.caption)
            for row in rows:
                name, *numbers = zip(row, widths, strict=True)
                cells = [name[0].ljust(name[1]), *(cell.rjust(width) for cell, width in numbers)]
                lines.append("  " + "  ".join(cells))
            lines.append("")
        if page.note:
            lines += [page.note, ""]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    arguments = read_arguments(PROG, argv, _parser(), lambda parsed: parsed)
    if isinstance(arguments, int):
        return arguments
    records = finished_games()
    if isinstance(records, str):
        say(f"{PROG}: {records}")
        return NOT_READ
    numbers = figures(records)
    print(json.dumps(as_json(numbers), indent=2) if arguments.json else text(pages(numbers)))
    return 0
