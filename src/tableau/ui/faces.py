"""Card faces: the three ways the table can draw cards, and every card glyph it draws.

- **unicode**: suit glyphs and box-drawing characters ("A♠", "10♦", boxed large cards).
- **ascii**: only ASCII characters wherever a card is drawn or named: "AS", "10D", "+---+"
  boxes, "#" backs. The glyphs below are drawn by the widgets as they are, and on the way to
  the terminal ``AsciiFaces`` (a Textual line filter over every widget's output) swaps each
  for its ASCII stand-in, always one cell for one cell, so the layout never moves. That also
  covers the card names in messages, the history, Pesten's asked suit and the menu banner,
  and the few other glyphs a screen draws (``KEYS``: the footer's arrows and space, a side
  panel's edge), so the ascii face is ASCII from edge to edge.
- **four-colour**: the unicode faces, with one colour per suit (clubs green, diamonds blue,
  hearts red, spades black). The app carries the class ``-four-colour``; under it card.tcss
  colours a CardView's suit classes (``-clubs``...) and a pile takes the suit's ink from
  widgets/inks.py. The suit glyph stays on every face, so colour is never the only cue.

Which face: ``--cards`` for this run, else the one remembered in settings.toml (``app.cards``,
set from the command palette), else ascii when the terminal's encoding cannot show the suit
glyphs, else unicode (``chosen_face``).
"""

from __future__ import annotations

import locale
import sys
from typing import Final
from typing import Literal

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

from tableau.cards import Suit

Face = Literal["unicode", "ascii", "four-colour"]
FACES: Final[tuple[Face, ...]] = ("unicode", "ascii", "four-colour")
DEFAULT_FACE: Final[Face] = "unicode"
ABOUT: Final[dict[Face, str]] = {
    "unicode": "Suit glyphs and boxed cards: A♠ 10♦",
    "ascii": "Letters only, for any terminal: AS 10D",
    "four-colour": "Clubs green, diamonds blue, hearts red, spades black",
}
"""What the palette says of each face."""

FOUR_COLOUR_CLASS: Final = "-four-colour"
"""Set on the app while the four-colour faces are chosen."""

BACK_FILL: Final = "░"
BACK_EDGE: Final = "▔"
"""A one-line back shows only the top edge of the card, so stacked backs can be counted."""
EMPTY_FILL: Final = "·"
TIMES: Final = "×"
"""In "░░ ×5", five face-down cards folded into one line."""
LEGAL_MARK: Final = "✓"
ILLEGAL_MARK: Final = "✗"
"""Beside a pile's name: the picked or dragged cards may go there, or may not (a shape, so the
cue reads without colour, as in a 256-colour terminal)."""
ABOVE: Final = "↑"
"""In a column's name, "C5 ↑6": six cards above are scrolled out of sight."""
BOX: Final = "╭─╮│╰╯"
"""A boxed card's frame: top-left corner, line across, top-right corner, upright side,
bottom-left and bottom-right corners."""
BANNER: Final = "♠ ♥  t a b l e a u  ♦ ♣"
"""The menu's."""
KEYS: Final = {"←": "<", "→": ">", "↑": "^", "↓": "v", "␣": "_", "▏": "|", "—": "-"}
"""Other glyphs on screen and their ASCII stand-ins: the arrow and space keys the footer
shows, the thin edge of a side panel, the dash of a title."""

_ASCII: Final = {
    **{suit.glyph: suit.letter for suit in Suit},
    BACK_FILL: "#", BACK_EDGE: "=", EMPTY_FILL: ".", TIMES: "x",
    LEGAL_MARK: "+", ILLEGAL_MARK: "x",  # ABOVE is an arrow key: in KEYS
    **dict(zip(BOX, "+-+|++", strict=True)),
    # square corners and heavy lines, should a widget draw them
    "┌": "+", "┐": "+", "└": "+", "┘": "+", "━": "-", "┃": "|",
    **KEYS,
}
ASCII_TABLE: Final = str.maketrans(_ASCII)
"""Every glyph the table draws for cards, to its one-cell ASCII stand-in."""


def ascii_text(text: str) -> str:
    """``text`` with the card glyphs in ASCII: "7♥ on 8♠" becomes "7H on 8S"."""
    return text if text.isascii() else text.translate(ASCII_TABLE)


def suit_class(suit: Suit) -> str:
    """The suit's name as a CSS class stem: "clubs" (a CardView's ``-clubs``, a pile's ink)."""
    return suit.noun


class AsciiFaces(LineFilter):
    """The ascii face: turns the card glyphs of every line on screen into ASCII."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            segment if segment.text.isascii() else segment._replace(text=ascii_text(segment.text))
            for segment in segments
        ]


ASCII_FACES: Final = AsciiFaces()


def shows_glyphs(encoding: str | None) -> bool:
    """Whether text in ``encoding`` can carry the suit glyphs and box lines."""
    try:
        "".join(_ASCII).encode(encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def terminal_shows_glyphs() -> bool:
    """The locale's rule: both standard output and the locale's encoding are UTF-8 (or can
    otherwise carry the glyphs)."""
    stream = sys.__stdout__
    return shows_glyphs(getattr(stream, "encoding", None)) and shows_glyphs(
        locale.getpreferredencoding(False)
    )


def chosen_face(asked: str | None, remembered: str | None, glyphs_shown: bool) -> Face:
    """The face to draw: the one asked for on the command line, else the remembered one
    (None when settings.toml names none), else ascii when the terminal cannot show glyphs."""
    for wanted in (asked, remembered):
        for face in FACES:
            if face == wanted:
                return face
    return DEFAULT_FACE if glyphs_shown else "ascii"
