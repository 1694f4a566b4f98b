"""Piles of cards: a vertical overlapping fan (Yukon's columns) and a stack that shows its top
card with a count (foundations, stock, discard).

Both draw every card in one widget (fast to repaint) and share the mouse handling of
``Pile``: a click posts ``Pile.Clicked``; a press, move and release (``Draggable``'s
bookkeeping) posts ``Pile.DragStarted``, ``Pile.DragOver`` (whenever the pile under the
pointer changes) and ``Pile.Dropped`` (target None when released outside any pile).
``Pile.DragCancelled`` follows a lost drag (window left, screen changed, resize). Piles hold
no rules: the screen's controls decide what a message means and set the look back with
``update(...)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar
from typing import Literal
from typing import TypedDict
from typing import Unpack

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tableau.cards import AnyCard
from tableau.ui._css import sibling_tcss
from tableau.ui.faces import ABOVE
from tableau.ui.faces import BACK_EDGE
from tableau.ui.faces import BACK_FILL
from tableau.ui.faces import ILLEGAL_MARK
from tableau.ui.faces import LEGAL_MARK
from tableau.ui.faces import TIMES
from tableau.ui.widgets.card import Drawn
from tableau.ui.widgets.card import Part
from tableau.ui.widgets.card import Row
from tableau.ui.widgets.card import card_kind
from tableau.ui.widgets.card import card_suit
from tableau.ui.widgets.card import draw_card
from tableau.ui.widgets.drag import Draggable
from tableau.ui.widgets.drag import DropTarget
from tableau.ui.widgets.inks import INKS
from tableau.ui.widgets.inks import suit_ink

THEMED = frozenset({"label", "empty", "count"})
"""The inks that follow the theme, the component classes ``pile--<name>`` in pile.tcss; every
other ink is fixed, in inks.py (Textual restyles every component class on each focus change)."""

Target = Literal["legal", "illegal"] | None
MARKS: dict[Target, str] = {"legal": LEGAL_MARK, "illegal": ILLEGAL_MARK, None: " "}
"""The mark a target's name carries, so the cue does not rest on a hue alone."""


@dataclass(frozen=True, slots=True)
class Shown:
    """A card as a pile shows it: ``card`` None and ``face_up`` False is a hidden card."""

    card: AnyCard | None
    face_up: bool = True


class PileOptions(TypedDict, total=False):
    """What every pile's constructor takes besides its id and label."""

    empty_label: str
    """Shown in place of a card when the pile is empty."""
    id: str | None
    classes: str | None


class Pile(Drawn, Draggable, DropTarget):
    """Base of every pile: an id (``pile_id``, e.g. "C3", "F1", "discard"), mouse handling and
    the inks. Subclasses implement ``index_at(y)``."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {f"pile--{name}" for name in THEMED}

    @dataclass
    class Clicked(Message):
        pile: Pile
        pile_id: str
        index: int | None
        """Card index in the pile (0 = the first/lowest), None = the pile itself."""
        chain: int
        """2 for a double-click."""

    @dataclass
    class DragStarted(Message):
        pile: Pile
        pile_id: str
        index: int | None

    @dataclass
    class DragOver(Message):
        pile: Pile
        pile_id: str
        index: int | None
        target_id: str | None
        """The pile under the pointer, None when over no pile."""

    @dataclass
    class Dropped(Message):
        pile: Pile
        pile_id: str
        index: int | None
        target_id: str | None
        """None when released outside every pile: cancel."""

    @dataclass
    class DragCancelled(Message):
        pile: Pile
        pile_id: str

    def __init__(
        self,
        pile_id: str,
        label: str = "",
        *,
        empty_label: str = "",
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.pile_id = pile_id
        self.label = label
        self.empty_label = empty_label
        self.target: Target = None
        self._style_cache: dict[tuple[str, ...], Style] = {}
        self._base_style: Style | None = None

    def index_at(self, y: int) -> int | None:
        """The card index drawn on content row ``y`` (counted from the first row, however far
        the pile is scrolled), or None."""
        return None

    def _index_under(self, event: events.MouseEvent) -> int | None:
        return self.index_at(event.y + self.scroll_offset.y)

    # ------------------------------------------------------------------ styles

    def style_for(self, *names: str) -> Style:
        """The widget's own style with the named inks on top, later names winning
        (``"red", "picked"``). Cached until the CSS, the theme or the faces change."""
        style = self._style_cache.get(names)
        if style is None:
            style = self.base_style
            for name in names:
                style += self._ink(name)
            self._style_cache[names] = style
        return style

    def _ink(self, name: str) -> Style:
        """A theme's ink (a component class), a fixed one (inks.py) or a suit's."""
        if name in THEMED:
            return self.get_component_rich_style(f"pile--{name}", partial=True)
        fixed = INKS.get(name)
        return fixed if fixed is not None else suit_ink(self, name)

    @property
    def base_style(self) -> Style:
        """``rich_style`` (costly: it walks the ancestors), cached like ``style_for``."""
        if self._base_style is None:
            self._base_style = self.rich_style
        return self._base_style

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._style_cache.clear()
        self._base_style = None
        self._styles_changed()

    def _styles_changed(self) -> None:
        """Forget anything drawn with the old styles."""
        self.refresh()

    # ------------------------------------------------------------------ mouse

    def drag_item(self, event: events.MouseDown) -> int | None:
        return self._index_under(event)

    def drag_started(self, index: int | None) -> None:
        self.post_message(self.DragStarted(self, self.pile_id, index))

    def drag_over(self, index: int | None, target: str | None) -> None:
        self.post_message(self.DragOver(self, self.pile_id, index, target))

    def drag_dropped(self, index: int | None, target: str | None) -> None:
        self.post_message(self.Dropped(self, self.pile_id, index, target))

    def drag_cancelled(self) -> None:
        self.post_message(self.DragCancelled(self, self.pile_id))

    def on_click(self, event: events.Click) -> None:
        event.stop()
        if self.press_was_drag:
            return
        self.post_message(self.Clicked(self, self.pile_id, self._index_under(event), event.chain))

    def on_leave(self, event: events.Leave) -> None:
        # With the mouse captured we only get Leave when the pointer leaves the window.
        if self._dragging and self.app.mouse_captured is not self:
            self.cancel_drag()

    def on_mount(self) -> None:
        self.watch(self.app, "app_focus", self._app_focus_changed, init=False)

    def _app_focus_changed(self, focused: bool) -> None:
        # The terminal lost focus (the pointer left the window): a drag cannot finish well.
        if not focused:
            self.cancel_drag()


# ---------------------------------------------------------------------- the fan


Parts = tuple[tuple[str, tuple[str, ...]], ...]
"""A row as (text, ink names) pairs."""


@dataclass(frozen=True, slots=True)
class _Line:
    parts: Parts
    index: int | None


Look = tuple[str, str | None]
"""A card's kind and suit class stems: ("red", "hearts"), ("back", None)."""


def _look(card: AnyCard | None, face_up: bool) -> Look:
    return card_kind(card, face_up), card_suit(card, face_up)


def _inks(look: Look, part: Part, over: tuple[str, ...]) -> tuple[str, ...]:
    """The inks of one part of a card, later ones winning: the kind's colours, the states'
    tints over them, the kind's ink on a tint, the suit's colour (four-colour faces) and the
    part's own look."""
    kind, suit = look
    in_state = f"{kind}-in-state"
    ink = (in_state,) if over and in_state in INKS else ()
    suit_colour = (suit,) if suit else ()
    return (kind, *over, *ink, *suit_colour, *_PART_INKS[part])


def _label_inks(over: tuple[str, ...]) -> tuple[str, ...]:
    return ("label", *over, *(("label-in-state",) if over else ()))


_PART_INKS: dict[Part, tuple[str, ...]] = {"face": (), "edge": ("edge",), "pip": ("pip",)}


def _compact_rows(card: AnyCard | None, face_up: bool, width: int, height: int,
                  empty_label: str = "") -> list[Row]:
    """A compact card (or an empty place) ``height`` rows high: its one-line strip, then
    blank rows of its face, so that a finger can tap it (a phone's narrow table)."""
    strip = draw_card(card, face_up, width, 1, empty_label=empty_label)
    return strip + [((" " * width, "face"),)] * (height - 1)


class FanColumn(Pile, ScrollView):
    """A vertical fan of overlapping cards, the first card at the top.

    ``update(cards, picked_from=..., cursor=..., target=...)`` sets what it shows. Covered
    cards show their top line (or two on large screens); the last card is drawn whole.
    ``large`` chooses boxed cards (set by the screen); ``tall`` (a phone) gives each face-up
    strip a second row, to tap, while the fan fits its height. With ``fit``, the fan keeps to the
    height its screen gives it: when it is taller, face-down cards fold into one line, and
    beyond that it scrolls (it is its own scroller, not a fan in a scroll container: one
    widget instead of two to paint on every frame). Without, it grows with its cards.

    A scrolled fan keeps its last card in sight (the card a player plays), or the keyboard
    cursor's card while the cursor is on it, and its name stays on its top row with the
    number of cards scrolled away above ("C5 ↑6"). The name carries the target's mark:
    "✓C5" where the picked cards may go, "✗C5" where a drag may not end.
    """

    DEFAULT_CSS = sibling_tcss(__file__)
    SCOPED_CSS = False

    can_focus = False

    def __init__(
        self, pile_id: str, label: str = "", *, fit: bool = False,
        **options: Unpack[PileOptions],
    ) -> None:
        super().__init__(pile_id, label, **options)
        self.fit = fit
        self.cards: tuple[Shown, ...] = ()
        self.picked_from: int | None = None
        self.cursor: int | None = None
        self.large = False
        self.tall = False
        self.max_rows: int | None = None
        self._lines: list[_Line] = []
        self._strips: dict[tuple[int, int], Strip] = {}

    def update(
        self,
        cards: Sequence[Shown],
        *,
        picked_from: int | None = None,
        cursor: int | None = None,
        target: Target = None,
        large: bool | None = None,
        tall: bool | None = None,
    ) -> None:
        """Show these cards. ``cursor`` is the card under the keyboard cursor; ``cursor=-1``
        puts the cursor on the empty pile/label."""
        cards = tuple(cards)
        large = self.large if large is None else large
        tall = self.tall if tall is None else tall
        key = (cards, picked_from, cursor, target, large, tall)
        if key == (self.cards, self.picked_from, self.cursor, self.target, self.large,
                   self.tall):
            return
        moved = (cards, cursor, large, tall) != (self.cards, self.cursor, self.large, self.tall)
        old_height, old_lines = self._height(), self._lines
        self.cards, self.picked_from, self.cursor = cards, picked_from, cursor
        self.target, self.large, self.tall = target, large, tall
        self._rebuild()
        if moved:
            self._keep_in_sight()
        if self._height() != old_height and not self.fit:
            self.refresh(layout=True)  # it grows with its cards
            return
        # Repaint only the rows that changed, so a move redraws a few lines, not the table.
        new_lines = self._lines
        for row in range(max(len(old_lines), len(new_lines))):
            if row >= len(old_lines) or row >= len(new_lines) or old_lines[row] != new_lines[row]:
                self.refresh_line(row)
        if self.scroll_offset.y:
            self.refresh_line(self.scroll_offset.y)  # the name on top: its mark, its count

    def _height(self) -> int:
        return max(len(self._lines), self.max_rows or 0, 1)

    def set_max_rows(self, rows: int | None) -> None:
        if rows != self.max_rows:
            self.max_rows = rows
            self._rebuild()
            self.refresh(layout=not self.fit)

    def _keep_in_sight(self) -> None:
        """Scroll to the end, so the last card shows; while the keyboard cursor is on a card
        above it, so that card shows. (Called when the cards, the cursor or the size change, so
        a look up the column with the mouse wheel stays until then.)"""
        height = self.size.height
        if not height:
            return
        now, top = self.scroll_offset.y, self.max_scroll_y
        cursor = self.cursor
        if cursor is not None and 0 <= cursor < len(self.cards) - 1:
            row = self.row_of(cursor)
            first_shown = now + 1 if now else now  # the name covers the top row when scrolled
            top = now if first_shown <= row < now + height else max(row - 2, 0)
        if top != now:
            # Forced: the scrollbar that allows scrolling comes only with the next layout.
            self.scroll_to(y=top, animate=False, immediate=True, force=True)

    def watch_show_vertical_scrollbar(self, shown: bool) -> None:
        # Textual draws a new scrollbar's thumb at the top, though the fan may be scrolled.
        if shown:
            self.vertical_scrollbar.position = self.scroll_y

    def _index_under(self, event: events.MouseEvent) -> int | None:
        if event.y == 0 and self.scroll_offset.y and self.label:
            return None  # the name kept on top: the column itself
        return super()._index_under(event)

    def index_at(self, y: int) -> int | None:
        if 0 <= y < len(self._lines):
            return self._lines[y].index
        return None

    def row_of(self, index: int) -> int:
        """The first content row showing card ``index`` (for scrolling it into view)."""
        for row, line in enumerate(self._lines):
            if line.index == index:
                return row
        return 0

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """At least the height of the space it has, so a click or drop below the last
        card still lands on the column."""
        if not self._lines:
            self._rebuild(width)
        return self._height()

    def on_resize(self, event: events.Resize) -> None:
        if self.fit:
            self.set_max_rows(self.size.height)
        if event.size.width and self._built_width != self.content_size.width:
            self._rebuild()
            self.refresh(layout=not self.fit)
        self._keep_in_sight()

    _built_width = 0
    _built_card_width = 7

    def _card_width(self, width: int) -> int:
        return max(min(width - 1, 9 if self.large else 7), 3)

    def _rebuild(self, width: int | None = None) -> None:
        width = width if width is not None else self.content_size.width or 8
        self._built_width = width
        card_width = self._card_width(width)
        tall = self.tall and not self.large
        bottom_height = 5 if self.large else 2 if tall else 1
        covered = 2 if self.large or tall else 1
        covered_down = 1 if tall else covered  # a face-down card is not picked: one row
        count = len(self.cards)
        label_rows = 1 if self.label else 0
        fold = False
        if self.max_rows is not None and count:
            def needed(covered_rows: int, folded: bool) -> int:
                hidden = sum(1 for shown in self.cards[:-1] if not shown.face_up)
                shown_down = hidden - (hidden - 1 if folded and hidden > 1 else 0)
                down_rows = min(covered_rows, covered_down)
                return (label_rows + (count - 1 - hidden) * covered_rows
                        + shown_down * down_rows + bottom_height)

            if needed(covered, False) > self.max_rows and (self.large or tall):
                covered = 1
            if needed(covered, False) > self.max_rows and tall:
                bottom_height = 1  # the last card, the one most played, keeps two rows if it can
            if needed(covered, False) > self.max_rows:
                fold = True
        lines: list[_Line] = []
        draw = draw_card if self.large else _compact_rows
        if self.label:
            lines.append(_Line(self._name_row(card_width), None))
        if not self.cards:
            rows = draw(None, True, card_width, bottom_height, empty_label=self.empty_label)
            over = self._overlay(None, is_bottom=True)
            for row in rows:
                lines.append(_Line(self._parts(row, _look(None, True), over), None))
        hidden_run = 0
        for index, shown in enumerate(self.cards):
            is_bottom = index == count - 1
            if fold and not shown.face_up and not is_bottom:
                hidden_run += 1
                next_hidden = not self.cards[index + 1].face_up
                if next_hidden and index + 1 < count - 1:
                    continue
                text = f"{BACK_FILL * 2} {TIMES}{hidden_run}" if hidden_run > 1 else BACK_EDGE * 2
                lines.append(_Line(((text.ljust(card_width)[:card_width], ("fold",)),), None))
                hidden_run = 0
                continue
            height = bottom_height if is_bottom else covered if shown.face_up else min(
                covered, covered_down)
            rows = draw(shown.card, shown.face_up, card_width, height)
            look = _look(shown.card, shown.face_up)
            over = self._overlay(index, is_bottom=is_bottom)
            for row in rows:
                lines.append(_Line(self._parts(row, look, over), index))
        self._lines = lines
        self._built_card_width = card_width
        self._strips.clear()
        # A new virtual size costs a layout of the whole screen, so it changes only when the
        # scrolling does: a fan that fits its space keeps that space's height.
        self.virtual_size = Size(width, self._height())

    def _name_row(self, width: int, above: int = 0) -> Parts:
        """The name row: the target's mark, the name, and the cards scrolled away above."""
        over: tuple[str, ...] = ()
        if self.target is not None:
            over = (self.target,)
        elif self.cursor == -1:
            over = ("cursor",)
        text = f"{MARKS[self.target]}{self.label}" + (f" {ABOVE}{above}" if above else "")
        return ((text.ljust(width), _label_inks(over)),)

    def _cards_above(self, top: int) -> int:
        """How many cards lie wholly above the rows shown under the name (scrolled by top)."""
        for line in self._lines[top + 1:]:
            if line.index is not None:
                return line.index
        return len(self.cards)

    def _overlay(self, index: int | None, *, is_bottom: bool) -> tuple[str, ...]:
        over: tuple[str, ...] = ()
        if index is not None and index == self.cursor:
            over += ("cursor",)
        if index is None and self.cursor == -1:
            over += ("cursor",)
        if index is not None and self.picked_from is not None and index >= self.picked_from:
            over += ("picked",)
        if is_bottom and self.target is not None:
            over += (self.target,)
        return over

    @staticmethod
    def _parts(row: Row, look: Look, over: tuple[str, ...]) -> Parts:
        return tuple((text, _inks(look, part, over)) for text, part in row)

    def render_line(self, y: int) -> Strip:
        top = self.scroll_offset.y
        width = self.content_size.width
        if y == 0 and top and self.label:
            # Scrolled: the name stays on top and says how many cards are out of sight.
            name = self._name_row(self._built_card_width, self._cards_above(top))
            return self._strip(name, width)
        y += top  # the row of the fan shown on line y
        key = (y, width)
        strip = self._strips.get(key)
        if strip is None:
            if y >= len(self._lines):
                strip = Strip.blank(width, self.base_style)
            else:
                strip = self._strip(self._lines[y].parts, width)
            self._strips[key] = strip
        return strip

    def _strip(self, parts: Parts, width: int) -> Strip:
        segments = [Segment(text, self.style_for(*inks)) for text, inks in parts]
        return Strip(segments).extend_cell_length(width, self.base_style).crop(0, width)

    def _styles_changed(self) -> None:
        self._strips.clear()
        super()._styles_changed()


# ---------------------------------------------------------------------- a stack


class StackPile(Pile):
    """A pile that shows only its top card: a foundation, a stock, a discard pile.

    ``update(top, count=..., face_up=..., target=..., picked=..., cursor=...)``. On a one-line
    widget it draws ``label`` and a compact card side by side ("F1✓2♥" as a target: the mark
    between them); taller, it draws the label ("✓F1"), a boxed card and (``show_count``) the
    number of cards under it.
    """

    DEFAULT_CSS = sibling_tcss(__file__)
    SCOPED_CSS = False

    def __init__(
        self,
        pile_id: str,
        label: str = "",
        *,
        show_count: bool = False,
        **options: Unpack[PileOptions],
    ) -> None:
        super().__init__(pile_id, label, **options)
        self.show_count = show_count
        self.top: AnyCard | None = None
        self.count = 0
        self.face_up = True
        self.picked = False
        self.cursor = False

    def update(
        self,
        top: AnyCard | None,
        *,
        count: int | None = None,
        face_up: bool = True,
        target: Target = None,
        picked: bool = False,
        cursor: bool = False,
    ) -> None:
        count = (0 if top is None else 1) if count is None else count
        new = (top, count, face_up, target, picked, cursor)
        if new == (self.top, self.count, self.face_up, self.target, self.picked, self.cursor):
            return
        self.top, self.count, self.face_up, self.target, self.picked, self.cursor = new
        self.refresh()

    def index_at(self, y: int) -> int | None:
        return self.count - 1 if self.count else None

    def render_line(self, y: int) -> Strip:
        width, height = self.content_size.width, self.content_size.height
        base = self.base_style
        showing = self.top if self.count else None
        look = _look(showing, self.face_up if self.count else True)
        over: tuple[str, ...] = ()
        if self.cursor:
            over += ("cursor",)
        if self.picked:
            over += ("picked",)
        if self.target is not None:
            over += (self.target,)
        label_style = self.style_for(*_label_inks(over))
        segments: list[Segment] = []
        mark = MARKS[self.target]
        if height <= 1:
            label = f"{self.label}{mark}" if self.label else ""
            count = f" {self.count}" if self.show_count and self.count else ""
            # The card gives way to the count: a narrow box still says how many. Where
            # even that does not fit, no count rather than a cut one ("1" for 12).
            card_width = max(min(width - len(label) - len(count), 7), 3)
            if len(label) + card_width + len(count) > width:
                count = ""
            row = draw_card(showing, self.face_up or not self.count, card_width, 1,
                            empty_label=self.empty_label)[0]
            segments.append(Segment(label, label_style))
            segments += self._segments(row, look, over)
            if count:
                segments.append(Segment(count, self.style_for("count")))
        else:
            card_rows = height - 1 - (1 if self.show_count else 0)
            card_width = max(min(width, 9), 3)
            if y == 0:
                segments.append(Segment(f"{mark}{self.label}".ljust(card_width), label_style))
            elif y <= card_rows:
                rows = draw_card(showing, self.face_up or not self.count, card_width, card_rows,
                                 empty_label=self.empty_label)
                segments += self._segments(rows[y - 1], look, over)
            elif self.show_count:
                text = f"{self.count} card{'s' if self.count != 1 else ''}"
                segments.append(Segment(text.center(card_width), self.style_for("count")))
        return Strip(segments).extend_cell_length(width, base).crop(0, width)

    def _segments(self, row: Row, look: Look, over: tuple[str, ...]) -> list[Segment]:
        return [Segment(text, self.style_for(*_inks(look, part, over))) for text, part in row]
