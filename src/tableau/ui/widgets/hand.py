"""A hand: a row of cards with a keyboard cursor, marks in selection order, and dimming.

``hand.update(cards, marked=(4, 1), dimmed={0}, legal={1, 4})`` shows the cards; marked cards
get the class ``-marked`` (they lift) and a small number in selection order; ``dimmed`` cards
fade; ``legal`` cards are highlighted. The hand posts ``Hand.Activated`` (click, Enter, space)
and ``Hand.CursorMoved``; what that means is the screen's business.
"""

from __future__ import annotations

from collections.abc import Collection
from collections.abc import Sequence
from dataclasses import dataclass
from math import ceil
from typing import ClassVar

from textual import events
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.binding import BindingType
from textual.containers import HorizontalScroll
from textual.reactive import reactive
from textual.widget import Widget

from tableau.cards import AnyCard
from tableau.ui._css import sibling_tcss
from tableau.ui.widgets.card import CardView
from tableau.ui.widgets.messages import WidgetMessage
from tableau.ui.widgets.pile import Shown


def hand_bindings(
    activate_keys: str = "space,enter", label: str = "Choose", *, vi_keys: bool = True
) -> list[BindingType]:
    """The Hand's keys; a game's Hand subclass (``inherit_bindings=False``) can relabel the
    activate key in the footer or leave h/l (or Enter) to its screen."""
    return [
        Binding("left,h" if vi_keys else "left", "move(-1)", "Left", show=False),
        Binding("right,l" if vi_keys else "right", "move(1)", "Right", show=False),
        Binding("home", "jump(0)", "First", show=False),
        Binding("end", "jump(-1)", "Last", show=False),
        Binding(activate_keys, "activate", label),
    ]


class Hand(Widget, can_focus=True):
    DEFAULT_CSS = sibling_tcss(__file__)
    SCOPED_CSS = False
    BINDINGS: ClassVar[list[BindingType]] = hand_bindings()

    cursor: reactive[int] = reactive(0)

    @dataclass
    class Activated(WidgetMessage["Hand"]):
        index: int
        card: AnyCard | None
        chain: int = 1

    @dataclass
    class CursorMoved(WidgetMessage["Hand"]):
        index: int

    def __init__(
        self,
        *,
        show_cursor: bool = True,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.cards: tuple[Shown, ...] = ()
        # The card views in order, kept here rather than queried: a query misses views still
        # being mounted and finds ones still being removed, so the cursor would sometimes
        # land on no card after the hand changed size.
        self._views: list[CardView] = []
        self._cursor_shown = show_cursor

    @property
    def show_cursor(self) -> bool:
        """Whether the hand offers a cursor to choose with (and its key in the footer)."""
        return self._cursor_shown

    @show_cursor.setter
    def show_cursor(self, shown: bool) -> None:
        if shown != self._cursor_shown:
            self._cursor_shown = shown
            self._show_cursor()
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Without a cursor, or without a card, there is nothing to choose: keep its key out
        # of the footer.
        return action != "activate" or (self._cursor_shown and bool(self.cards))

    def compose(self) -> ComposeResult:
        yield HorizontalScroll(classes="hand-row")

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    def _fit(self) -> None:
        """Keep every card in view: when a row of whole cards is too wide, the hand becomes
        "crowded": narrower cards (the left part, with the label, shows) in as few rows as
        keep each card readable."""
        width = self.size.width
        count = len(self.cards)
        large = self.screen.has_class("-large") if self.is_attached else False
        step, least = (10, 7) if large else (6, 4)  # a whole card with its gap; the least
        crowded = width > 0 and count * step > width
        self.set_class(crowded, "-crowded")
        # Inline, because a screen's own css (a fixed height for its hand) outranks ours.
        self.styles.height = "auto" if crowded else None
        if not crowded:
            return
        rows = 1
        while width // ceil(count / rows) < least and rows < count:
            rows += 1
        row = self.query_one(".hand-row", HorizontalScroll)
        row.styles.grid_size_columns = ceil(count / rows)
        row.styles.grid_columns = str(min(step, width // ceil(count / rows)))

    def update(
        self,
        cards: Sequence[Shown | AnyCard],
        *,
        marked: Sequence[int] = (),
        dimmed: Collection[int] = (),
        legal: Collection[int] = (),
    ) -> None:
        """Show these cards; ``marked`` in selection order (numbered 1, 2, ...)."""
        shown = tuple(card if isinstance(card, Shown) else Shown(card) for card in cards)
        views = self._views
        if len(views) != len(shown):
            row = self.query_one(".hand-row", HorizontalScroll)
            row.remove_children()
            views = self._views = [CardView(None, classes="in-hand") for _ in shown]
            row.mount_all(views)
            self.call_after_refresh(self._show_cursor)  # scrolls to the cursor once mounted
        for index, (view, card) in enumerate(zip(views, shown, strict=True)):
            view.card = card.card
            view.face_up = card.face_up
            order = marked.index(index) + 1 if index in marked else 0
            view.badge = str(order) if order else ""
            view.set_class(bool(order), "-marked")
            view.set_class(index in dimmed, "-dimmed")
            view.set_class(index in legal, "-legal")
        emptied = bool(self.cards) != bool(shown)
        self.cards = shown
        if emptied:
            self.refresh_bindings()
        if shown:
            self.cursor = min(self.cursor, len(shown) - 1)
        self._fit()
        self._show_cursor()

    def watch_cursor(self) -> None:
        self._show_cursor()

    def on_focus(self) -> None:
        # Textual marks the widget focused only after this handler: say so explicitly.
        self._show_cursor(focused=True)

    def on_blur(self) -> None:
        self._show_cursor(focused=False)

    def _show_cursor(self, focused: bool | None = None) -> None:
        focused = self.has_focus if focused is None else focused
        for index, view in enumerate(self._views):
            on = self.show_cursor and focused and index == self.cursor
            view.set_class(on, "-highlight")
            if on and view.is_mounted:
                view.scroll_visible(animate=False)

    def action_move(self, step: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)
            self.post_message(self.CursorMoved(self, self.cursor))

    def action_jump(self, index: int) -> None:
        if self.cards:
            self.cursor = index % len(self.cards)
            self.post_message(self.CursorMoved(self, self.cursor))

    def action_activate(self) -> None:
        if self.cards:
            card = self.cards[self.cursor]
            self.post_message(self.Activated(self, self.cursor, card.card))

    @on(CardView.Clicked)
    def _clicked(self, event: CardView.Clicked) -> None:
        event.stop()
        if event.view in self._views:
            index = self._views.index(event.view)
            self.cursor = index
            self.post_message(self.Activated(self, index, event.card, event.chain))
