"""How the Poker table draws the view of the seat whose hand is open: the other seats, the
pot, the open seat, its hand and buttons, the message line and the history; with no hand
open (several people at one screen), the public table and the lock of the hot seat to move.
A mixin of ``PokerScreen``; it reads the session and the screen's ``problem`` and changes
nothing but the widgets (and the marks, which a hand that may not be marked any more
drops)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING
from typing import ClassVar

from textual.containers import Vertical
from textual.widgets import Button
from textual.widgets import Static

from tableau.engines.poker import Phase
from tableau.engines.poker import SeatView
from tableau.engines.poker import View
from tableau.engines.poker.wording import describe
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
from tableau.ui.screens.table_screens import YOUR_TURN
from tableau.ui.widgets.command_bar import MessageLine
from tableau.ui.widgets.hand import Hand
from tableau.ui.widgets.history import HistoryPanel

if TYPE_CHECKING:
    from tableau.ui.screens.base import GameScreen
    from tableau.ui.screens.poker_seat import Scratch

    _Screen = GameScreen
else:
    _Screen = object


class PokerDrawing(_Screen):
    """The drawing half of ``PokerScreen`` (a mixin): ``PokerScreen`` gives the hooks."""

    session: PokerSession
    problem: str | None
    WAITS: ClassVar[bool] = False

    if TYPE_CHECKING:
        @property
        def scratch(self) -> Scratch: ...
        @property
        def view(self) -> View: ...
        def viewer(self) -> int | None: ...
        def own_seat(self) -> int | None: ...
        def my_seats(self) -> tuple[int, ...]: ...
        def lockable(self) -> bool: ...
        def shown_names(self) -> tuple[str, ...]: ...
        def waiting_line(self) -> str: ...
        def _draw_lock(self, seat: int | None) -> None: ...

    def seat_status(self, view: View, seat: SeatView) -> str:
        """The few words after a seat's name ("raised to 4", "thinking…", "out")."""
        return seat_action(view, seat)

    def redraw(self) -> None:
        viewer, own = self.viewer(), self.own_seat()
        view, names = self.view, self.shown_names()
        won = winners(view)
        for seat in view.seats:
            if seat.seat == own:
                continue
            panel = self.query_one(f"#seat-{seat.seat}", SeatPanel)
            panel.display = seat.seat != viewer
            if seat.seat == viewer:
                continue
            panel.show(
                replace(seat, name=names[seat.seat]),
                self.seat_status(view, seat),
                dealer=view.button == seat.seat,
                to_act=view.phase in RUNNING and view.to_move == seat.seat,
                winner=seat.seat in won,
                full=self.is_large,
            )
        self.query_one("#pot-line", Static).update(pot_line(view))
        self._render_you(view, viewer, won)
        history = self.query_one("#history", HistoryPanel)
        shown = history.entries
        history.update([describe(event, viewer) for event in view.history])
        if history.entries != shown:
            # Follow the newest line even after a burst of lines (a showdown writes several
            # at once, and the log's own follow check sees the old height).
            history.call_after_refresh(history.scroll_end, animate=False)
        self.sub_title = self.subtitle(view)
        self.refresh_bindings()

    def subtitle(self, view: View) -> str:
        return f"hand {view.hand_number} · {view.phase.label}"

    def _render_you(self, view: View, viewer: int | None, won: frozenset[int]) -> None:
        """The open seat under the table, or the lock of the hot seat to move; with no hand
        open and no lock, the table's wait in its place."""
        locked = self.session.locked if self.lockable() else None
        you = self.query_one("#you", Vertical)
        for part in ("#you-info", "#my-hand", "#hand-text", "#buttons"):
            self.query_one(part).display = locked is None
        if self.lockable():
            self.query_one("#lock").display = locked is not None
            self._draw_lock(locked)
        if self.WAITS:
            self.query_one("#wait", Static).update(self.waiting_line())
        me = view.seats[view.seat]
        my_turn = viewer is not None and is_human_turn(view)
        self.query_one("#you-turn", Static).update("▶" if my_turn else " ")
        if viewer is None:
            self.query_one("#you-name", Static).update("No hand is open")
            self.query_one("#you-dealer", Static).update("")
            self.query_one("#you-chips", Static).update("" if self.WAITS else self.waiting_line())
        else:
            if self.own_seat() is None:
                self.query_one("#you-name", Static).update(self.shown_names()[viewer])
            self.query_one("#you-dealer", Static).update(
                "(dealer)" if view.button == view.seat else ""
            )
            self.query_one("#you-chips", Static).update(you_line(view))
        you.set_class(my_turn, "-to-act")
        you.set_class(viewer is not None and view.seat in won, "-winner")
        you.set_class(viewer is not None and me.folded, "-folded")
        self._render_hand(view)
        self._render_buttons(view)
        self._render_message(view)

    def _render_hand(self, view: View) -> None:
        me = view.seats[view.seat]
        if self.viewer() is None:  # the public table: no hand is open
            me = replace(me, shown=None, shown_text=None, folded=False, chips=1)
        if not can_mark(view):
            self.scratch.marks = ()
        cards = me.shown if me.shown is not None else view.hand
        hand = self.query_one("#my-hand", Hand)
        hand.show_cursor = can_mark(view)  # the cursor is for marking; hide it otherwise
        hand.update(cards, marked=self.scratch.marks, dimmed=set(self.scratch.marks))
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
        open_hand = self.viewer() is not None
        my_turn = open_hand and is_human_turn(view)
        legal = set(view.legal) if my_turn else set()
        for key, button_id in (("c", "#act-c"), ("b", "#act-b"), ("f", "#act-f")):
            button = self.query_one(button_id, Button)
            action = key_action(view, key)
            button.display = open_hand and button_shown(view, action)
            _label(button, action_label(view, action))
            button.disabled = action not in legal
        draw = self.query_one("#act-draw", Button)
        draw.display = view.phase is Phase.DRAW
        _label(draw, draw_label(len(self.scratch.marks)))
        draw.disabled = not (my_turn and view.phase is Phase.DRAW)
        advice = self.query_one("#act-advice", Button)
        advice.display = open_hand and view.phase in (Phase.FIRST_BETTING, Phase.DRAW)
        advice.disabled = not advice_available(view)
        after = self.query_one("#act-next", Button)
        after.display = view.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        dealer = self.session.to_move
        after.disabled = view.phase is Phase.HAND_OVER and dealer not in self.my_seats()
        _label(after, "Results" if view.phase is Phase.GAME_OVER else "Next hand")

    def _render_message(self, view: View) -> None:
        line = self.query_one("#message", MessageLine)
        if self.problem is not None:
            line.show(self.problem, error=True)
        else:
            note = self.scratch.note if view.phase in RUNNING else ""
            said = prompt(view, self.scratch.marks) if self.viewer() is not None else ""
            if YOUR_TURN in note:  # said once: "Your turn. Anna checks. Check or bet."
                said = said.removeprefix("Your turn: ")
                said = said[:1].upper() + said[1:]
            parts = (note, said)
            line.show(" ".join(part for part in parts if part))


def _label(button: Button, text: str) -> None:
    if str(button.label) != text:
        button.label = text
        button.refresh(layout=True)  # an auto width follows the new label
