"""Go Fish at a shared table: a friend's seat at their own screen, and the opener's screen.

Both are the one-screen table (``GoFishScreen``: its boxes, keys and clicks) drawn through its
hooks, kept live by ``table_screens.SharedGameScreen`` on ``live_table.LiveTable`` (another
screen's move shows within a tenth of a second; the CPUs move at the table under its lease).
A move is one transaction at the table (``SharedTable.act``), refused with a sentence when the
table moved on since. Each screen draws only ``session.view(seat)`` of its own seat(s) and the
events in their words; a line under the message names whom the table waits for
(``table_screens.wait_line``), an away friend's name carries "(away)", and "c" (or the
palette) lets a CPU play for an away friend when the table allows it.

- ``GoFishSeatScreen``: a friend's seat. Its hand is always open (no lock); the bell rings
  once and the screen says "Your turn." as the turn comes. q leaves the seat waiting for its
  password (asked first); a closed table, or the seat taken back elsewhere, is said in one
  sentence and the menu follows.
- ``GoFishHostScreen``: the opener's hot seats as at one screen (a lock between two of them),
  the code on show; the opener deals the next game; q closes the table (asked first).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from typing import ClassVar

from textual.binding import Binding
from textual.binding import BindingType

from tableau.engines.gofish import View
from tableau.sessions.gofish import SEPARATOR
from tableau.storage import passwords
from tableau.tables.shared_table import SharedTable
from tableau.ui.controls.gofish import Said
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.screens.gofish import NO_LOCKS
from tableau.ui.screens.gofish import GoFishScreen
from tableau.ui.screens.table_screens import HostSide
from tableau.ui.screens.table_screens import SeatSide
from tableau.ui.screens.table_screens import SharedGameScreen
from tableau.ui.screens.table_screens import waited_for


class GoFishTableScreen(SharedGameScreen, GoFishScreen):
    """What both screens of a shared Go Fish table do (``SharedGameScreen``), drawn by
    ``GoFishScreen``."""

    NEWS_SEPARATOR = SEPARATOR
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "let_cpu_play", "Let a CPU play"),
    ]

    def __init__(self, shared: SharedTable[Any],
                 locks: Mapping[int, passwords.SeatLock] = NO_LOCKS) -> None:
        super().__init__(session=shared.session, locks=locks)
        self._live_init(shared)

    def _begin(self) -> None:
        # The table may be well into a game: say its last news, not the deal.
        self.game_began()
        self._play_on(Said(SEPARATOR.join(self.shared.news(self.viewer())[-2:])))

    def position(self) -> object:
        session = self.session
        return self.steady_position((session.games, len(session.state.history),
                                     session.stage, session.locked))

    def waiting_for(self) -> str:
        return self.waiting_line() or super().waiting_for()

    def prompt(self, seen: View, names: tuple[str, ...], cursor: int) -> str:
        """A friend at another screen is waited for, not "playing" (they may be away)."""
        seat = waited_for(self.shared)
        if seat is not None and seat == seen.to_move and seat != self.own_seat():
            return f"Waiting for {self.session.seats[seat].name}…"
        return super().prompt(seen, names, cursor)  # type: ignore[no-any-return]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "new_game":  # the next game only: one under way is everyone's
            return self.game_over()
        return super().check_action(action, parameters)


class GoFishSeatScreen(SeatSide, GoFishTableScreen):
    """A friend's seat at their own screen. It owns the table's store and closes it."""

    def __init__(self, shared: SharedTable[Any]) -> None:
        super().__init__(shared)

    def prompt(self, seen: View, names: tuple[str, ...], cursor: int) -> str:
        result = self.session.outcome()
        if result is not None:  # the opener deals the next one (the wait line says so)
            return f"Game over · {self.session.headline(result, self.own_seat())}"
        return super().prompt(seen, names, cursor)


class GoFishHostScreen(HostSide, GoFishTableScreen):
    """The opener's table: its hot seats play as at one screen (a lock between two of them),
    friends and CPUs move at the table, the code is on show. Leaving closes the table."""

    def end_dialog(self) -> EndScreen | None:
        result = self.session.outcome()
        if result is None:
            return None
        return EndScreen(self.session.headline(result, self.own_seat()),  # type: ignore[arg-type]
                         self.session.score_lines(),
                         [("again", "Deal the next game"), ("stay", "Look at the table")])
