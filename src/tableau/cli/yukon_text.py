"""The spec's text view of a Yukon session, for ``tableau yukon --plain``.

``render_text`` follows the seed's figures. Ruling on its exact layout:

- the header is ``C1`` to ``C7`` separated by tabs;
- then one row per card depth, at least 7 rows, each with exactly 7 tab-separated cells:
  a card such as ``AC``, ``[]`` for a face-down card, or nothing;
- rows 1, 3, 5 and 7 go on after the seventh cell with an empty cell, the foundation's top
  card (``[]`` when empty) and its label: ``AC\\t[]\\t[]\\t[]\\t[]\\t[]\\t[]\\t\\t[]\\tF1``;
- in STARTUP the deck is laid out 7 cards to a row in deck order, face down (``[]``) after
  LD and face up after SW; with no deck the cells are empty;
- then ``LAST Command: <command>``, ``Message: <message>`` and the prompt ``INPUT > ``.
"""

from __future__ import annotations

from typing import Final

from tableau.engines import yukon
from tableau.engines.yukon import Phase
from tableau.sessions.yukon import YukonSession

__all__ = ["render_text"]

_HEADER: Final = "\t".join(f"C{number}" for number in range(1, 8))
_FOUNDATION_ROWS: Final = {0: 0, 2: 1, 4: 2, 6: 3}
_MIN_ROWS: Final = 7


def _cell(card: object | None) -> str:
    return "[]" if card is None else str(card)


def render_text(session: YukonSession) -> str:
    """The spec's text view of the session (see the module docstring for the layout)."""
    shown = yukon.view(session.state)
    if shown.phase is Phase.STARTUP:
        deck = shown.deck_shown
        rows_of_cells = [
            [_cell(card) for card in deck[start : start + 7]] for start in range(0, len(deck), 7)
        ]
    else:
        depth = max(len(column) for column in shown.columns)
        rows_of_cells = [
            [_cell(column[row]) if row < len(column) else "" for column in shown.columns]
            for row in range(depth)
        ]
    while len(rows_of_cells) < _MIN_ROWS:
        rows_of_cells.append([])
    lines = [_HEADER]
    for row, cells in enumerate(rows_of_cells):
        cells = cells + [""] * (7 - len(cells))
        line = "\t".join(cells)
        if row in _FOUNDATION_ROWS:
            number = _FOUNDATION_ROWS[row]
            pile = shown.foundations[number]
            line += f"\t\t{_cell(pile[-1] if pile else None)}\tF{number + 1}"
        lines.append(line)
    lines.append(f"LAST Command: {session.last_command}")
    lines.append(f"Message: {session.message}")
    lines.append("INPUT > ")
    return "\n".join(lines)
