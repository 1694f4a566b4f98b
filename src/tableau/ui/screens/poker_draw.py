"""How the Poker table draws your view: the CPU seats, the pot, your seat, hand and buttons,
the message line and the history. A mixin of ``PokerScreen``; it reads the session and the
screen's ``problem`` and changes nothing but the widgets (and the marks, which a hand that
may not be marked any more drops)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.containers import Vertical
from textual.widgets import Button
from textual.widgets import Static

from tableau.engines.poker import Phase
from tableau.engines.poker import View
from tableau.engines.poker.wording import history_lines
from tableau.sessions.poker import PokerSession
from tableau.ui.controls.poker import RUNNING
from tableau.ui.controls.poker import action_label
from tableau.ui.controls.poker import advice_available
from tableau.ui.controls.poker import button_shown
from tableau.ui.controls.poker import can_mark
from tableau.ui.controls.poker import draw_label
from tableau.ui.controls.poker import is_human_turn
from tableau.ui.controls.poker import key_action
from tableau.ui.controls.poker import pot_line
from tableau.ui.controls.poker import prompt
from tableau.ui.controls.poker import seat_action
from tableau.ui.controls.poker import winners
from tableau.ui.controls.poker import you_line
from tableau.ui.screens.poker_seat import SeatPanel
from tableau.ui.widgets.command_bar import MessageLine
from tableau.ui.widgets.hand import Hand
from tableau.ui.widgets.history import HistoryPanel

if TYPE_CHECKING:
    from tableau.ui.screens.base import GameScreen

    _Screen = GameScreen
else:
    _Screen = object


class PokerDrawing(_Screen):
    """The drawing half of ``PokerScreen`` (a mixin)."""

    session: PokerSession
    problem: str | None

    def redraw(self) -> None:
        view = self.session.view(self.session.you)
        won = winners(view)
        for seat in view.seats:
            if seat.seat == view.seat:
                continue
            panel = self.query_one(f"#seat-{seat.seat}", SeatPanel)
            panel.show(
                seat,
                seat_action(view, seat),
                dealer=view.button == seat.seat,
                to_act=view.phase in RUNNING and view.to_move == seat.seat,
                winner=seat.seat in won,
                full=self.is_large,
            )
        self.query_one("#pot-line", Static).update(pot_line(view))
        me = view.seats[view.seat]
        my_turn = is_human_turn(view)
        self.query_one("#you-turn", Static).update("▶" if my_turn else " ")
        self.query_one("#you-dealer", Static).update(
            "(dealer)" if view.button == view.seat else ""
        )
        self.query_one("#you-chips", Static).update(you_line(view))
        you = self.query_one("#you", Vertical)
        you.set_class(my_turn, "-to-act")
        you.set_class(view.seat in won, "-winner")
        you.set_class(me.folded, "-folded")
        self._render_hand(view)
        self._render_buttons(view)
        self._render_message(view)
        history = self.query_one("#history", HistoryPanel)
        shown = history.entries
        history.update(history_lines(view))
        if history.entries != shown:
            # Follow the newest line even after a burst of lines (a showdown writes several
            # at once, and the log's own follow check sees the old height).
            history.call_after_refresh(history.scroll_end, animate=False)
        self.sub_title = f"hand {view.hand_number} · {view.phase.label}"
        self.refresh_bindings()

    def _render_hand(self, view: View) -> None:
        me = view.seats[view.seat]
        session = self.session
        if not can_mark(view):
            session.marks = ()
        cards = me.shown if me.shown is not None else view.hand
        hand = self.query_one("#my-hand", Hand)
        hand.show_cursor = can_mark(view)  # the cursor is for marking; hide it otherwise
        hand.update(cards, marked=session.marks, dimmed=set(session.marks))
        if me.shown_text:
            text = me.shown_text
        elif view.hand:
            text = view.hand_text
        elif me.folded:
            text = "You folded this hand."
        else:
            text = "You have no chips left." if me.chips == 0 else ""
        self.query_one("#hand-text", Static).update(text)

    def _render_buttons(self, view: View) -> None:
        my_turn = is_human_turn(view)
        legal = set(view.legal) if my_turn else set()
        for key, button_id in (("c", "#act-c"), ("b", "#act-b"), ("f", "#act-f")):
            button = self.query_one(button_id, Button)
            action = key_action(view, key)
            button.display = button_shown(view, action)
            _label(button, action_label(view, action))
            button.disabled = action not in legal
        draw = self.query_one("#act-draw", Button)
        draw.display = view.phase is Phase.DRAW
        _label(draw, draw_label(len(self.session.marks)))
        draw.disabled = not (my_turn and view.phase is Phase.DRAW)
        advice = self.query_one("#act-advice", Button)
        advice.display = view.phase in (Phase.FIRST_BETTING, Phase.DRAW)
        advice.disabled = not advice_available(view)
        after = self.query_one("#act-next", Button)
        after.display = view.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        _label(after, "Results" if view.phase is Phase.GAME_OVER else "Next hand")

    def _render_message(self, view: View) -> None:
        line = self.query_one("#message", MessageLine)
        if self.problem is not None:
            line.show(self.problem, error=True)
        else:
            note = self.session.note if view.phase in RUNNING else ""
            parts = (note, prompt(view, self.session.marks))
            line.show(" ".join(part for part in parts if part))


def _label(button: Button, text: str) -> None:
    if str(button.label) != text:
        button.label = text
        button.refresh(layout=True)  # an auto width follows the new label
