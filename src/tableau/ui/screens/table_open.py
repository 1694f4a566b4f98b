"""Open a shared Pesten table (``tableau table pesten``, the menu's "Open a table…").

The usual Pesten set-up (``PestenSetupScreen``), where each seat may also be open: a friend
at another screen takes it with ``tableau join CODE``. Start deals round 1, writes the table
to tableau.db (``SharedTable.open``) and opens the opener's table screen
(``pesten_shared.HostTableScreen``), which shows the code plainly. The hot seats keep their
passwords here (the locks never leave this process). The seats are not remembered as the
hot seat's: an open seat is no seat of a table at one screen.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Select
from textual.widgets import Static

from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import REMOTE
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Seat
from tableau.storage.home import database_path
from tableau.storage.table_store import TableProblem
from tableau.storage.table_store import TableStore
from tableau.tables.shared_table import SharedTable
from tableau.ui.controls.pesten import KINDS
from tableau.ui.screens.pesten_setup import PestenSetupScreen

OPEN_KIND = (REMOTE, "Open seat")
"""The set-up's choice for a seat a friend takes at their own screen."""


class TableSetupScreen(PestenSetupScreen):
    """The Pesten set-up with open seats; Start opens the table. It owns the store it is
    given (or opens tableau.db's) and hands it to the table screen."""

    CSS_PATH = "pesten_setup.tcss"

    def __init__(self, *, store: TableStore | None = None, **options: Any) -> None:
        super().__init__(**options)
        self.store = store
        self._handed_over = False

    def on_mount(self) -> None:
        # Textual calls PestenSetupScreen's on_mount after this one (it shows each seat).
        self.query_one("#setup-title", Static).update("Pesten — open a table")
        self.query_one("#setup-hint", Static).update(
            "An open seat is a friend's at their own screen (tableau join CODE). Each human "
            "here types a password twice.")
        for seat, kind in enumerate(self.start_kinds):
            select = self.query_one(f"#kind-{seat}", Select)
            select.set_options([(label, key) for key, label in (*KINDS, OPEN_KIND)])
            select.value = REMOTE if kind == HUMAN and seat > 0 else kind

    def on_unmount(self) -> None:
        if not self._handed_over and self.store is not None:
            self.store.close()

    def _show_status(self, seat: int) -> None:
        super()._show_status(seat)
        if self._seat_kind(seat) == REMOTE:
            self.query_one(f"#status-{seat}", Static).update("a friend joins")

    def _show_saving(self) -> None:
        self.query_one("#saving-note", Static).display = False  # the table is in tableau.db

    def _sit_down(self, session: PestenSession, seats: list[Seat]) -> None:
        """Open the dealt table in tableau.db and sit down at it (nothing is remembered: the
        hot-seat set-up cannot show an open seat)."""
        try:
            if self.store is None:
                self.store = TableStore(database_path())
            shared = SharedTable.open(self.store, session)
        except TableProblem as problem:
            self._message(str(problem), error=True)
            return
        from tableau.ui.screens.pesten_shared import HostTableScreen

        locks = {index: seat.lock for index, seat in enumerate(seats) if seat.lock is not None}
        self._handed_over = True
        self.app.switch_screen(HostTableScreen(shared, locks))


def open_table(options: dict[str, Any]) -> TableSetupScreen:
    """``tableau table pesten``'s first screen, with the command line's options."""
    return TableSetupScreen(**options)
