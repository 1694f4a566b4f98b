"""Poker at a shared table: a friend's seat at their own screen, and the opener's screen.

Both are the one-screen table (``PokerScreen``: its seats, buttons, keys and clicks) drawn
through its hooks, kept live at the table by ``table_screens.SharedGameScreen`` (another
screen's move shows within a tenth of a second; the CPUs move at the table under its
lease). A move is one transaction at the table (``SharedTable.act``), refused with a
sentence when the table moved on since. Each screen draws only ``session.view(seat)`` of its
own seat(s) and the events in their words; a line under the hand names whom the table waits
for, an away friend's name carries "(away)", and "c" (or the palette) lets a CPU play for an
away friend when the table allows it (c is check or call on one's own turn, which is never
while the table waits for somebody else). The marks on a hand and the last note are the
screen's own: the table's row is everyone's.

- ``PokerSeatScreen``: a friend's seat. Its hand is always open (no lock); the bell rings
  once and the screen says "Your turn." as the turn comes. q leaves the seat waiting for its
  password (asked first); a closed table, or the seat taken back elsewhere, is said in one
  sentence and the menu follows.
- ``PokerHostScreen``: the opener's hot seats as at one screen (a lock between two of them),
  the code on show; the hands are dealt on as the session deals them (``NextHand``, by the
  seat it names), the next game by the opener; q closes the table (asked first).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from typing import ClassVar

from textual.binding import Binding
from textual.binding import BindingType

from tableau.engines.poker import SeatView
from tableau.engines.poker import View
from tableau.sessions.poker import PokerSession
from tableau.sessions.protocol import Answer
from tableau.storage import passwords
from tableau.tables.shared_table import SharedTable
from tableau.tables.waits import away_waited_for
from tableau.ui.screens import table_screens
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.screens.poker import NO_LOCKS
from tableau.ui.screens.poker import PokerScreen
from tableau.ui.screens.poker_seat import TableScratch
from tableau.ui.screens.table_screens import HostSide
from tableau.ui.screens.table_screens import SeatSide
from tableau.ui.screens.table_screens import SharedGameScreen


def next_game(session: PokerSession) -> Answer[Any]:
    """The opener's next game after game over: the same table, a new deal."""
    if not session.is_over():
        return Answer.refused("The game is not over yet.")
    session.new_game()
    return Answer(())


class PokerTableScreen(SharedGameScreen, PokerScreen):
    """What both screens of a shared Poker table do (``SharedGameScreen``), drawn by
    ``PokerScreen``."""

    # A class's bindings of a key replace its base's: all of c's are here, in their order.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "act('check')", "Check"),
        Binding("c", "act('call')", "Call"),
        Binding("c", "let_cpu_play", "Let a CPU play"),
        Binding("c", "try('c')", show=False),
    ]

    def __init__(self, shared: SharedTable[Any],
                 locks: Mapping[int, passwords.SeatLock] = NO_LOCKS) -> None:
        super().__init__(session=shared.session, locks=locks)
        self._live_init(shared)
        self._scratch = TableScratch()

    @property
    def scratch(self) -> TableScratch:
        return self._scratch

    def seat_status(self, view: View, seat: SeatView) -> str:
        """An open seat or an away friend the table waits for is not "thinking…"."""
        if table_screens.waited_for(self.shared) == seat.seat and seat.seat == view.to_move:
            kind = self.shared.shared_seat(seat.seat).kind
            if kind == "open":
                return "open: waits for a friend"
            if seat.seat in away_waited_for(self.shared):
                return "away: the table waits"
        return super().seat_status(view, seat)  # type: ignore[no-any-return]

    def position(self) -> object:
        session = self.session
        state = session.state
        return self.steady_position((session.games, state.hand_number, len(state.history),
                                     session.stage, session.locked))


class PokerSeatScreen(SeatSide, PokerTableScreen):
    """A friend's seat at their own screen. It owns the table's store and closes it."""

    def __init__(self, shared: SharedTable[Any]) -> None:
        super().__init__(shared)

    def my_seats(self) -> tuple[int, ...]:
        seat = self.shared.seat
        return () if seat is None else (seat,)

    def lockable(self) -> bool:
        return False  # the opener's hot seats are locked at the opener's screen

    def subtitle(self, view: View) -> str:
        return f"table {self.shared.code} · {super().subtitle(view)}"

    def _end_screen(self) -> EndScreen:
        title, lines = self.ending()
        return EndScreen(title, lines, [("stay", "Back to the table")], numbered=True)


class PokerHostScreen(HostSide, PokerTableScreen):
    """The opener's table: its hot seats play as at one screen (a lock between two of them),
    friends and CPUs move at the table, the code is on show. Leaving closes the table."""

    def subtitle(self, view: View) -> str:
        return f"{table_screens.join_line(self.shared)} · hand {view.hand_number}"

    def end_dialog(self) -> EndScreen | None:
        return self._end_screen() if self.session.is_over() else None

    def _end_screen(self) -> EndScreen:
        title, lines = self.ending()
        return EndScreen(title, lines, [("again", "Deal the next game"),
                                        ("stay", "Look at the table")], numbered=True)

    def new_game(self) -> None:
        """The next game at the table (after game over; one under way is everyone's)."""
        answer = self.shared.change(next_game)
        if not answer.ok:
            self._say(answer.refusal or "", error=True)
            return
        self._moved_now()
        self._scratch, self.problem = TableScratch(), None
        self.after_move()
