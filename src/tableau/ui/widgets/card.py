"""One card on the screen, and the drawing that every card-showing widget shares.

``draw_card`` turns a card into rows of text parts; ``CardView`` is a widget for one card
(hands, discard piles); ``FanColumn`` in pile.py draws many cards in one widget.
A CardView's colours come from card.tcss: the CSS classes ``-red``, ``-black``, ``-back``,
``-empty``, ``-joker`` say what the card is, ``-clubs``, ``-diamonds``, ``-hearts``,
``-spades`` its suit (coloured only under the app's ``-four-colour``), and ``-selected``,
``-highlight``, ``-legal``, ``-illegal``, ``-dimmed``, ``-marked`` say what state it is in; its
frame, pip and badge are fixed inks from inks.py (no component classes: Textual would restyle
them with the widget on every focus change). Every glyph drawn here comes from
tableau.ui.faces, which also turns them into ASCII for the ascii faces.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.selection import Selection
from textual.strip import Strip
from textual.widget import Widget

from tableau.cards import SUITS
from tableau.cards import AnyCard
from tableau.cards import Card
from tableau.ui._css import sibling_tcss
from tableau.ui.faces import BACK_EDGE
from tableau.ui.faces import BACK_FILL
from tableau.ui.faces import BOX
from tableau.ui.faces import EMPTY_FILL
from tableau.ui.faces import suit_class
from tableau.ui.widgets.inks import INKS

Part = Literal["face", "edge", "pip"]
Kind = Literal["red", "black", "joker", "back", "empty"]
KINDS: tuple[Kind, ...] = ("red", "black", "joker", "back", "empty")
Row = tuple[tuple[str, Part], ...]


def card_label(card: AnyCard) -> str:
    """"A♠", "10♦", "JK"."""
    return card.face


def card_kind(card: AnyCard | None, face_up: bool = True) -> Kind:
    if card is None:
        return "back" if not face_up else "empty"
    if not face_up:
        return "back"
    if isinstance(card, Card):
        return "red" if card.is_red else "black"
    return "joker"


def card_suit(card: AnyCard | None, face_up: bool = True) -> str | None:
    """The suit's class stem of a face-up card ("hearts"), None for a joker, back or gap."""
    return suit_class(card.suit) if isinstance(card, Card) and face_up else None


def draw_card(
    card: AnyCard | None, face_up: bool, width: int, height: int, *, empty_label: str = ""
) -> list[Row]:
    """Rows of text parts for a card drawn in ``width`` × ``height`` cells.

    ``card=None`` with ``face_up=False`` is a face-down card whose identity is hidden;
    ``card=None`` with ``face_up=True`` is an empty slot (``empty_label`` shown in it).
    Height 1 is the compact strip; height 2 is the visible top of an overlapped boxed card;
    height 3 or more is a whole boxed card.
    """
    width = max(width, 3)
    kind = card_kind(card, face_up)
    label = card_label(card) if card is not None and kind not in ("back", "empty") else ""
    if kind == "empty":
        label = empty_label
    # The frame has its own colour on a face; a back or a gap is drawn in one colour.
    edge: Part = "edge" if kind in ("red", "black", "joker") else "face"
    if height <= 1:
        if kind == "back":
            return [((BACK_EDGE * width, edge),)]
        # The leading space goes first when room is short: "10♥" keeps its suit at 3 cells.
        text = f" {label}" if label and len(label) < width else label
        if kind == "empty" and not label:
            text = " " + EMPTY_FILL * max(width - 2, 1)
        return [((text.ljust(width)[:width], "face"),)]
    inner = width - 2
    top_left, across, top_right, side, bottom_left, bottom_right = BOX
    corner_top = (top_left + across * inner + top_right, edge)
    corner_bottom = (bottom_left + across * inner + bottom_right, edge)
    rows: list[Row] = [(corner_top,)]

    def boxed(text: str, part: Part = "face") -> Row:
        return ((side, edge), (text.ljust(inner)[:inner], part), (side, edge))

    body = height - 2 if height >= 3 else 1
    for line in range(body):
        if kind == "back":
            rows.append(boxed(BACK_FILL * inner, "pip"))
        elif kind == "empty":
            text = label.center(inner) if line == (body - 1) // 2 else ""
            rows.append(boxed(text))
        elif line == 0:
            rows.append(boxed(f" {label}"))
        elif line == body - 1 and body >= 3:
            rows.append(boxed(f"{label} ".rjust(inner)))
        elif line == (body - 1) // 2 and body >= 3 and isinstance(card, Card):
            rows.append(boxed(card.suit.glyph.center(inner), "pip"))
        else:
            rows.append(boxed(""))
    if height >= 3:
        rows.append((corner_bottom,))
    return rows[:height]


class Drawn(Widget):
    """A widget that draws its own lines (``render_line``) and has no text of its own.

    It takes no part in a text selection: Textual would copy such a widget's ``render()``,
    which by default is the widget's CSS identifier ("CardView.-black.-clubs.-marked"), so a
    drag across a hand and ctrl+c gave away suits, jokers and playable cards."""

    ALLOW_SELECT = False

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        return None


class CardView(Drawn):
    """One card. ``CardView(card)``, ``CardView(None, face_up=False)`` (a back),
    ``CardView(None)`` (an empty slot).

    Set ``card``/``face_up`` to change it; add the classes ``-selected``, ``-highlight``,
    ``-legal``, ``-illegal``, ``-dimmed``, ``-marked`` for states. A click posts
    ``CardView.Clicked`` (with ``chain`` 2 for a double-click). ``badge`` is a short mark drawn
    in the top-right corner (Pesten's selection order "1", "2", ...).
    """

    DEFAULT_CSS = sibling_tcss(__file__)
    SCOPED_CSS = False  # so ".-large CardView" in card.tcss reaches it

    card: reactive[AnyCard | None] = reactive(None, layout=False)
    face_up: reactive[bool] = reactive(True)
    badge: reactive[str] = reactive("")

    @dataclass
    class Clicked(Message):
        view: CardView
        card: AnyCard | None
        chain: int

        @property
        def control(self) -> CardView:
            return self.view

    def __init__(
        self,
        card: AnyCard | None = None,
        *,
        face_up: bool = True,
        empty_label: str = "",
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.empty_label = empty_label
        self.set_reactive(CardView.card, card)
        self.set_reactive(CardView.face_up, face_up)
        self._apply_kind()

    def watch_card(self) -> None:
        self._apply_kind()

    def watch_face_up(self) -> None:
        self._apply_kind()

    def _apply_kind(self) -> None:
        kind = card_kind(self.card, self.face_up)
        suit = card_suit(self.card, self.face_up)
        self.update_classes({
            **{f"-{other}": other == kind for other in KINDS},
            **{f"-{suit_class(other)}": suit_class(other) == suit for other in SUITS},
        })

    def render_line(self, y: int) -> Strip:
        width, height = self.content_size.width, self.content_size.height
        base = self.rich_style
        rows = draw_card(self.card, self.face_up, width, height, empty_label=self.empty_label)
        if y >= len(rows):
            return Strip.blank(width, base)
        styles: dict[Part, Style] = {
            "face": base, "edge": base + INKS["edge"], "pip": base + INKS["pip"],
        }
        segments = [Segment(text, styles[part]) for text, part in rows[y]]
        if y == 0 and self.badge and len(self.badge) < width - 1:
            badge_style = base + INKS["badge"]
            start = width - len(self.badge) - (1 if height > 1 else 0)
            strip = Strip(segments).extend_cell_length(width, base)
            head = strip.crop(0, start)
            tail = strip.crop(start + len(self.badge), width)
            return Strip.join([head, Strip([Segment(self.badge, badge_style)]), tail])
        return Strip(segments).extend_cell_length(width, base).crop(0, width)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self, self.card, event.chain))

