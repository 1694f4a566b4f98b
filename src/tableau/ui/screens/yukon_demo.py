"""The Yukon demo: the honest hint plays the deal from the table shown (issue 31).

D (the footer and the help), the palette's "Demo" and the menu's Yukon set-up start it. It
asks the hint (``YukonSolver._ask_hint``: it never looks under the face-down cards and never
goes back to a table already played), plays its move as the player would (one undoable step,
with auto-move if it is on), waits the runtime's pace (``cpu_delay``; at once in tests) and
asks again. Any key stops it; so does a move of the player's own. It stops by itself, with a
sentence, on a win, on a table the quiet check has proved lost or where no sample wins any
more (both point to the undo that helps), and when every move goes back to a table already
played.

The demo that peeks is a separate palette choice, "Show a winning line (looks under the
cards)", offered only on a deal the solver has proved won ("Is this deal winnable?" or a
winnable-only deal): the solver solves the table, face-down cards included, and F's
auto-finish plays its win. A game either of them played in is the demo's
(``YukonSession.helped``): its end says so, and it stays out of the statistics. A mixin of
``YukonScreen``; it keeps only whether a demo plays.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from textual import events

from tableau.ai.yukon import Verdict
from tableau.ai.yukon import solve
from tableau.ai.yukon_hint import Hint
from tableau.engines import yukon
from tableau.engines.yukon import Phase
from tableau.ui.screens.yukon_solver import LOOKED
from tableau.ui.screens.yukon_solver import WINNABLE_SECONDS

DEMO_PACE = 1.0
"""A demo move every DEMO_PACE × the app's CPU pace after the hint's answer."""
DEMO_STATUS = "Demo: the hint plays… any key stops."
DEMO_STOPPED = "Demo stopped."
DEMO_WON = "The demo won the game."


class YukonDemo:
    """The demo for ``YukonScreen``."""

    _demo: bool
    _demo_moving: bool
    _proved_won: tuple[object, int] | None
    session: Any
    note: str | None

    def _init_demo(self, at_start: bool = False) -> None:
        self._demo = False
        self._demo_moving = False
        """The demo's own move is being made: it does not stop the demo."""
        self._demo_at_start = at_start
        """The menu's set-up chose the demo: it starts once the game is dealt."""

    def _demo_once_dealt(self) -> None:
        """The set-up's demo starts (once) on the dealt table."""
        if self._demo_at_start:
            self._demo_at_start = False
            self.action_demo()

    def action_demo(self) -> None:
        """D: the hint plays the deal from here, a move at a time."""
        view = self.view
        if self._demo:
            self._stop_demo(DEMO_STOPPED)
            return
        if self.session.state.phase is not Phase.PLAY:
            self.note = "Deal first: the demo plays the cards on the table."
        elif view.won or not view.legal:
            self.note = "No demo: no move is left to make."
        elif self._proved_lost() is not None:
            self.note = "No demo: the solver has proved there is no way to win from here."
        else:
            self._stop_job("hint")
            self._stop_finishing()
            self.controls.reset()
            self._demo = True
            self.note = None
            self.refresh_bindings()
            self._ask_hint(self._demo_move)
            return
        self.redraw()

    def _demo_move(self, found: Hint) -> None:
        """Play the hint's move, unless the demo must stop here."""
        if not self._demo or not self.is_attached or self._stopped_on_a_proof():
            return
        if found.move is None or found.repeats or not found.samples or not found.wins:
            self._stop_demo(f"Demo stopped. {found.sentence}")
            return
        before = self.session.state
        self._demo_moving = True
        try:
            self.session.run(str(found.move), auto_move=self._auto_move)
            if self.session.state is not before:
                self.session.helped = True  # before _took, which records the game
            self._took(before)
        finally:
            self._demo_moving = False
        if yukon.outcome(self.session.state) is not None:
            self._stop_demo(DEMO_WON)
        elif not self.session.message.startswith("OK"):
            self._stop_demo(f"Demo stopped: {self.session.message}")
        else:
            self._at_pace(DEMO_PACE, self._demo_next)

    def _demo_next(self) -> None:
        if self._demo and self.is_attached and not self._stopped_on_a_proof():
            self._ask_hint(self._demo_move)
            self.redraw()

    def _stopped_on_a_proof(self) -> bool:
        """Stop where the quiet check has proved the table lost (it often answers before the
        hint does): the proof says more than "no way found"."""
        lost = self._proved_lost()
        if lost is not None:
            self._stop_demo(f"Demo stopped. {self._lost_advice(lost)}")
        return lost is not None

    def _stop_demo(self, sentence: str | None = None) -> None:
        if not self._demo:
            return
        self._demo = False
        self._stop_job("hint")
        if sentence is not None:
            self.note = sentence
        self.refresh_bindings()
        self.redraw()

    def _deal_proved_won(self) -> bool:
        return self._proved_won == (self.session, self.session.games_begun)

    def action_show_win(self) -> None:
        """The peeking line (KPat's demo): on a deal the solver proved won, it solves the
        table as it is, face-down cards included, and plays the win it finds like F."""
        state = self.session.state
        if not self._deal_proved_won() or state.phase is not Phase.PLAY or self.view.won:
            self.note = "Only a deal the solver has proved won has a winning line to show."
            self.redraw()
            return

        def done(verdict: Verdict) -> None:
            if self.session.state is not state:
                return
            if verdict.kind != "won":
                self.note = (LOOKED + "from here it cannot be won any more." if verdict.kind
                             == "lost" else LOOKED + "it found no win from here in time.")
                return
            self._stop_demo()
            self.session.helped = True
            self._finishing = list(verdict.moves)
            self.controls.reset()
            self.refresh_bindings()
            self._next_finish_move()

        self._solver_job("winnable", "Looking under the cards for a win… Esc stops.",
                         partial(solve, state, seconds=WINNABLE_SECONDS), done)

    def _position_changed(self) -> None:
        if not self._demo_moving:
            self._stop_demo(DEMO_STOPPED)
        super()._position_changed()  # type: ignore[misc]

    def _solver_status(self) -> tuple[str, str]:
        if self._demo:
            return DEMO_STATUS, "busy"
        return super()._solver_status()  # type: ignore[misc,no-any-return]

    def on_key(self, event: events.Key) -> None:
        """Any key stops the demo (and does nothing else)."""
        if self._demo:
            event.stop()
            event.prevent_default()
            self._stop_demo(DEMO_STOPPED)
