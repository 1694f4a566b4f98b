"""The fixed inks cards are drawn in, as Rich styles: the same in every theme, so that what is
written on a card keeps at least 4.5:1 contrast with its background in every state and theme
(tests/ui/test_card_contrast.py measures what is drawn).

They live here rather than in .tcss component classes because Textual restyles every
component class of every pile on each focus change. Piles (pile.py) draw every part in these
inks, layered as pile.py's ``_inks`` says; a CardView (card.py) takes its frame, pip and
badge from here and its kind's and state's colours from its own CSS classes in card.tcss
(classes of the widget itself, which cost no extra restyling). What depends on the theme (a
pile's name, an empty place, a count) stays in pile.tcss.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from rich.style import Style
from textual.dom import DOMNode

from tableau.ui.faces import FOUR_COLOUR_CLASS

_FACE = "#f4f1e8"  # a face's paper
_DARK = "#1b1b1b"  # black ink, and dark text on a tint
_BACK = Style(color="#c4dcf7", bgcolor="#0b4f9c")

INKS: Final[Mapping[str, Style]] = MappingProxyType({
    # A face-up card's kind, and a back (a fold is a run of backs drawn in one line).
    "red": Style(color="#c62828", bgcolor=_FACE, bold=True),
    "black": Style(color=_DARK, bgcolor=_FACE, bold=True),
    "joker": Style(color="#6a1b9a", bgcolor=_FACE, bold=True),
    "back": _BACK,
    "fold": _BACK,
    # States: a light tint over the card, whatever its kind.
    "picked": Style(bgcolor="#f8cf7a"),
    "cursor": Style(bgcolor="#c9ddf7", bold=True, underline=True),
    "legal": Style(bgcolor="#cdebc5"),
    "illegal": Style(bgcolor="#f5cccc"),
    # The kind's ink on a tint: a darker red, the back's blue, dark text in a gap or a name.
    "red-in-state": Style(color="#a31515"),
    "back-in-state": Style(color="#1e3a5f"),
    "empty-in-state": Style(color=_DARK),
    "label-in-state": Style(color=_DARK),
    # The parts of a face: its frame, its pip, and a badge (a face's colours turned round).
    "edge": Style(color="#747164"),
    "pip": Style(bold=True),
    "badge": Style(color=_FACE, bgcolor=_DARK, bold=True),
})
"""Each fixed ink by name; a part of a card takes several, later ones winning."""

SUIT_INKS: Final[Mapping[str, Style]] = MappingProxyType({
    "clubs": Style(color="#176317"),
    "diamonds": Style(color="#0d47a1"),
})
"""The four-colour faces' suits (hearts stay red, spades black), only under
``FOUR_COLOUR_CLASS``: see ``suit_ink``."""


def suit_ink(node: DOMNode, suit: str) -> Style:
    """The ink of ``suit`` ("clubs") on ``node``: its colour while an ancestor (the app)
    carries ``FOUR_COLOUR_CLASS``, else nothing. (Changing that class restyles every widget,
    so a widget that caches this forgets it in ``notify_style_update``.)"""
    ink = SUIT_INKS.get(suit)
    if ink is None or not any(FOUR_COLOUR_CLASS in up.classes for up in node.ancestors):
        return Style.null()
    return ink
