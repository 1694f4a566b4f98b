"""Open a shared table (``tableau table GAME``, the menu's "Open a table…"): Pesten's set-up
here, Go Fish's and Poker's in ``people_setup`` (``open_table`` chooses).

The usual Pesten set-up (``PestenSetupScreen``), where each seat may also be open: a friend
at another screen takes it with ``tableau join CODE``. Start deals round 1, writes the table
to tableau.db (``SharedTable.open``) and opens the opener's table screen
(``pesten_shared.HostTableScreen``), which shows the code plainly. The hot seats keep their
passwords here (the locks never leave this process). The seats are not remembered as the
hot seat's: an open seat is no seat of a table at one screen.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from typing import TYPE_CHECKING
from typing import Any

from textual.screen import Screen
from textual.widgets import Static

from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import REMOTE
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Seat
from tableau.storage.home import database_path
from tableau.storage.passwords import SeatLock as PasswordLock
from tableau.storage.table_store import TableProblem
from tableau.storage.table_store import TableStore
from tableau.tables.shared_table import SharedTable
from tableau.ui.controls.pesten import KINDS
from tableau.ui.games import table_screen
from tableau.ui.screens.pesten_setup import PestenSetupScreen
from tableau.ui.widgets.people_form import OPEN_SEAT

if TYPE_CHECKING:
    from tableau.ui.screens.base import TableauScreen

    _Screen = TableauScreen
else:
    _Screen = object


class OpensTable(_Screen):
    """A set-up that opens a table: it owns the store it is given (or opens tableau.db's)
    until it hands it to the opener's screen, and closes it if it never does."""

    store: TableStore | None = None
    _handed_over = False
    _message: Callable[..., None]
    """The set-up's message line (``_message(text, error=True)``)."""

    def open_shared(self, game: str, session: Any, locks: Mapping[int, PasswordLock]) -> None:
        """The dealt game into tableau.db, then the opener's screen (which shows its code);
        a store that cannot be used is one sentence on the set-up."""
        try:
            if self.store is None:
                self.store = TableStore(database_path())
            shared = SharedTable.open(self.store, session, locks)
        except TableProblem as problem:
            self._message(str(problem), error=True)
            return
        host = table_screen(game, "host")
        self._handed_over = True
        self.app.switch_screen(host(shared, locks))

    def on_unmount(self) -> None:
        if not self._handed_over and self.store is not None:
            self.store.close()


class TableSetupScreen(OpensTable, PestenSetupScreen):
    """The Pesten set-up with open seats; Start opens the table."""

    CSS_PATH = "pesten_setup.tcss"

    def __init__(self, *, store: TableStore | None = None, **options: Any) -> None:
        super().__init__(**options)
        self.store = store

    def on_mount(self) -> None:
        # Textual calls PestenSetupScreen's on_mount after this one (it shows each seat).
        self.query_one("#setup-title", Static).update("Pesten — open a table")
        self.query_one("#setup-hint", Static).update(
            "An open seat is a friend's at their own screen (tableau join CODE). Each human "
            "here types a password twice.")
        self.people.offer((*KINDS, OPEN_SEAT), {
            seat: REMOTE if kind == HUMAN and seat > 0 else kind
            for seat, kind in enumerate(self.start_kinds)})

    def _show_saving(self) -> None:
        self.query_one("#saving-note", Static).display = False  # the table is in tableau.db

    def _sit_down(self, session: PestenSession, seats: list[Seat]) -> None:
        """Open the dealt table in tableau.db and sit down at it (nothing is remembered: the
        hot-seat set-up cannot show an open seat)."""
        locks = {index: seat.lock for index, seat in enumerate(seats) if seat.lock is not None}
        self.open_shared("pesten", session, locks)


def open_table(options: dict[str, Any]) -> Screen[Any]:
    """``tableau table GAME``'s first screen, with the command line's options:
    ``options["game"]`` is "pesten" (unless given), "gofish" or "poker"."""
    game = options.get("game", "pesten")
    rest = {key: value for key, value in options.items() if key != "game"}
    if game == "pesten":
        return TableSetupScreen(**rest)
    from tableau.ui.screens.people_setup import PeopleSetupScreen

    return PeopleSetupScreen(game, table=True, **rest)
