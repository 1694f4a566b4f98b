"""How the Pesten table screen draws the session: the public table (from ``public(view)``
alone), the open hand with its lit cards and buttons, and a hand kept on show after its turn
(the new cards lit, Done and Undo). Only drawing: every fact comes from the session."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from textual.widgets import Button
from textual.widgets import Static

from tableau.cards import AnyCard
from tableau.engines.pesten import View
from tableau.engines.pesten.wording import describe
from tableau.sessions.pesten import PestenSession
from tableau.ui.controls.pesten import arranged
from tableau.ui.controls.pesten import can_pass
from tableau.ui.controls.pesten import can_take
from tableau.ui.controls.pesten import counts_points
from tableau.ui.controls.pesten import declared_last_card
from tableau.ui.controls.pesten import direction_text
from tableau.ui.controls.pesten import hand_title
from tableau.ui.controls.pesten import is_pointed
from tableau.ui.controls.pesten import lit
from tableau.ui.controls.pesten import only_draw
from tableau.ui.controls.pesten import only_keep
from tableau.ui.controls.pesten import pending_text
from tableau.ui.controls.pesten import plays
from tableau.ui.controls.pesten import public
from tableau.ui.controls.pesten import seat_line
from tableau.ui.controls.pesten import seats_head
from tableau.ui.widgets.history import HistoryPanel
from tableau.ui.widgets.pesten_hand import PestenHand
from tableau.ui.widgets.pile import StackPile

if TYPE_CHECKING:
    from tableau.ui.screens.base import GameScreen

    _Screen = GameScreen
else:
    _Screen = object


class PestenPart(_Screen):
    """What the parts of ``PestenScreen`` (mixins) share: the session it draws, and what is
    visual (the panel shown, the selection, the cards shown, the Last card! toggle)."""

    session: PestenSession
    mode: str
    selected: list[int]
    shown: tuple[AnyCard, ...]
    last_armed: bool


class PestenDrawing(PestenPart):
    """The drawing part of ``PestenScreen``."""

    def _public_view(self) -> View:
        """What anybody at the table may see (the table is drawn from this alone)."""
        return public(self.session.view(self.session.state.current))

    def _render_table(self) -> None:
        view = self._public_view()
        marks = declared_last_card(view)
        self.set_class(counts_points(view), "-points")
        self.query_one("#seats-head", Static).update(seats_head(view))
        for seat, chair in enumerate(self.session.chairs):
            widget = self.query_one(f"#seat-line-{seat}", Static)
            # A CPU standing in for an away player at a table is marked as a CPU, for now.
            human = chair.is_human and seat not in self.session.stand_ins
            widget.update(seat_line(view, seat, human=human, last=marks[seat]))
            widget.set_class(is_pointed(view, seat), "-current")
            widget.set_class(marks[seat], "-last")
        self.query_one("#direction", Static).update(
            f"Round {view.round} · {direction_text(view)}"
        )
        stock = self.query_one("#stock", StackPile)
        draw_offered = self.mode == "hand" and self._revealed_view_only_draws()
        stock.update(
            None, count=view.stock_count, face_up=False,
            target="legal" if draw_offered else None,
        )
        self.query_one("#discard", StackPile).update(view.top, count=view.pile_size)
        asked = ""
        if view.suit is not None:
            asked = f"Suit asked:\n{view.suit.glyph} {view.suit.noun}"
        self.query_one("#asked", Static).update(asked)
        pending = self.query_one("#pending", Static)
        pending_now = pending_text(view)
        pending.update(pending_now)
        pending.set_class(bool(view.stack), "-stack")
        pending.set_class(not pending_now, "-none")  # a small screen drops the empty line
        history = self.query_one("#history", HistoryPanel)
        history.update([describe(event, view.seat) for event in view.history])
        # The panel changes height between lock and hand: keep the newest line in view.
        self.call_after_refresh(history.scroll_end, animate=False)

    def _revealed_view_only_draws(self) -> bool:
        seat = self.session.revealed
        return seat is not None and only_draw(self.session.view(seat))

    def _render_hand(self) -> None:
        seat = self.session.revealed
        if seat is None:
            return
        if self.session.review is not None:
            self._render_review(seat)
            return
        view = self.session.view(seat)
        self.shown = arranged(view.hand)
        legal, dimmed = lit(view, self.shown, self.selected)
        hand = self.query_one("#cards", PestenHand)
        hand.update(self.shown, marked=tuple(self.selected), legal=legal, dimmed=dimmed)
        self.query_one("#hand-title", Static).update(hand_title(view))
        draw_only = only_draw(view)
        can_play = bool(plays(view))
        self._button("play", can_play, lit=bool(self.selected))
        self._button("draw", draw_only, lit=draw_only)
        self._relabel("take", f"Take {view.stack} t" if view.stack else "Take t")
        self._button("take", can_take(view), lit=can_take(view) and not can_play)
        self._button("pass", can_pass(view), lit=only_keep(view))
        self._show_last_button(enabled=can_play)
        self._show_done(False)
        self._render_table()

    def _show_last_button(self, *, enabled: bool) -> None:
        """The Last card! button, with its ✓ while armed (a play disarms it)."""
        last = self._relabel("last", "Last card! ✓ l" if self.last_armed else "Last card! l")
        last.set_class(self.last_armed, "-armed")
        last.disabled = not enabled

    def _render_review(self, seat: int) -> None:
        review = self.session.review
        assert review is not None
        hand = self.session.view(seat).hand
        self.shown = arranged(hand)
        fresh, left = set(), Counter(review.new)
        for index, card in enumerate(self.shown):
            if left[card]:
                left[card] -= 1
                fresh.add(index)
        self.query_one("#cards", PestenHand).update(self.shown, legal=fresh)
        name = self.session.chairs[seat].name
        note = "the new ones are lit" if review.new else "Done hands over"
        cards = f"{len(hand)} card{'' if len(hand) == 1 else 's'}"
        self.query_one("#hand-title", Static).update(f"{name}'s hand — {cards} ({note})")
        for button_id in ("play", "draw", "take", "pass"):
            self._button(button_id, False)
        self._show_last_button(enabled=False)
        # Undo only while the play can be taken back (not after penalty cards were seen).
        self._show_done(True, undo=review.played and self.session.can_undo)

    def _show_done(self, done: bool, *, undo: bool = False) -> None:
        self.query_one("#done", Button).display = done
        self.query_one("#undo", Button).display = undo

    def _relabel(self, button_id: str, label: str) -> Button:
        """Give a button a new label and its width with it (a label alone only repaints)."""
        button = self.query_one(f"#{button_id}", Button)
        if str(button.label) != label:
            button.label = label
            button.refresh(layout=True)
        return button

    def _button(self, button_id: str, enabled: bool, *, lit: bool = False) -> None:
        button = self.query_one(f"#{button_id}", Button)
        button.disabled = not enabled
        button.set_class(lit and enabled, "-offered")
