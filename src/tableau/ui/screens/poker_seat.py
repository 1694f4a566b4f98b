"""One CPU seat at the Poker table: name, dealer button, chips, last action and cards.

The seat shows card backs (one per card the view counts) until a showdown turns the hand
face up; it never sees more than its ``SeatView``. Cards are the shared ``CardView``.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Static

from tableau.engines.poker import SeatView
from tableau.engines.poker import chips_text
from tableau.ui.widgets.card import CardView

CARDS = 5


class SeatPanel(Widget):
    """Update with ``panel.show(seat, action, dealer=..., to_act=..., winner=...)``."""

    def __init__(self, seat: int, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="seat")
        self.seat = seat

    def compose(self) -> ComposeResult:
        with Horizontal(classes="seat-info"):
            for part in ("turn", "name", "dealer", "chips", "action"):
                yield Static("", classes=f"seat-{part}", markup=False)
        with Horizontal(classes="seat-cards"):
            for _ in range(CARDS):
                yield CardView(None, face_up=False, classes="seat-card")
            yield Static("", classes="seat-text", markup=False)

    def show(
        self,
        seat: SeatView,
        action: str,
        *,
        dealer: bool,
        to_act: bool,
        winner: bool,
        full: bool = False,
    ) -> None:
        """``full`` shows a shown hand's whole description, not only its name."""
        self.query_one(".seat-turn", Static).update("▶" if to_act else " ")
        self.query_one(".seat-name", Static).update(seat.name)
        self.query_one(".seat-dealer", Static).update("(dealer)" if dealer else "")
        self.query_one(".seat-chips", Static).update(chips_text(seat.chips))
        self.query_one(".seat-action", Static).update(action)
        cards = list(self.query(".seat-card").results(CardView))
        shown = seat.shown
        for index, view in enumerate(cards):
            if shown is not None:
                view.display = index < len(shown)
                view.card = shown[index] if index < len(shown) else None
                view.face_up = True
            else:
                view.display = index < seat.card_count
                view.card = None
                view.face_up = False
        text = ""
        if shown is not None and seat.shown_text:
            text = seat.shown_text if full else seat.shown_text.split(" (", 1)[0]
        self.query_one(".seat-text", Static).update(text)
        self.query_one(".seat-cards").display = shown is not None or seat.card_count > 0
        self.set_class(to_act, "-to-act")
        self.set_class(winner, "-winner")
        self.set_class(seat.folded, "-folded")
        self.set_class(seat.out and not seat.in_hand, "-out")
        self.set_class(shown is not None, "-shown")
