"""Continue a sealed Pesten round: each human at the table types their password once.

The save's hands, stock and seeds are sealed under keys from the players' passwords
(``tableau.storage.sealed``). Here each human in turn opens their seat's lock (a masked field,
or "I am …" for a seat without a password); a wrong password leaves the round sealed and gets
the same back-off as the table's lock, kept with it per table and seat
(``tableau.storage.lockouts``): leaving this screen, or the app, does not start it over.
Once all are in, the round is unsealed and the table opens, where the player to move still
opens their lock as usual (the table may have been watched). Escape goes back to the menu and
leaves the save alone; so does a changed save, with one sentence.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.binding import BindingType
from textual.containers import Vertical
from textual.widgets import Button
from textual.widgets import Static

from tableau.sessions.pesten_saves import saved_seats
from tableau.sessions.pesten_saves import table_from_sealed
from tableau.sessions.pesten_saves import title
from tableau.storage.passwords import PasswordScheme
from tableau.storage.sealed import SealError
from tableau.storage.store import GameRecord
from tableau.ui.screens.base import ButtonActions
from tableau.ui.screens.base import TableauScreen
from tableau.ui.widgets.command_bar import MessageLine
from tableau.ui.widgets.command_bar import screen_foot
from tableau.ui.widgets.header import TitleHeader
from tableau.ui.widgets.seat_lock import SeatLock

STAYS_SEALED = "Wrong password; the round stays sealed."


class PestenUnsealScreen(ButtonActions, TableauScreen):
    """One human after another opens their lock; then the round is unsealed."""

    CSS_PATH = "pesten_unseal.tcss"
    TITLE = "Pesten"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "menu", "Menu")]
    BUTTON_ACTIONS: ClassVar[dict[str, str]] = {"menu": "menu"}

    def __init__(self, record: GameRecord, passwords: PasswordScheme | None = None) -> None:
        """Raises SealError (a ValueError) with a sentence if the save is no sealed round."""
        super().__init__()
        self.record = record
        self.public, self.seats = saved_seats(record.data, passwords or PasswordScheme())
        self.waiting = [seat for seat in self.public.humans]
        """The human seats still to open their lock, in seat order."""

    def compose(self) -> ComposeResult:
        yield TitleHeader(icon="♠")
        with Vertical(id="unseal"):
            yield Static(
                "Continue Pesten · " + title(self.public.round, (s.name for s in self.seats)),
                id="unseal-title", markup=False,
            )
            yield Static("", id="unseal-ask", markup=False)
            yield SeatLock(field_id="password", wrong=STAYS_SEALED, opens_save=True,
                           id="unseal-row")
            yield Static("", id="unseal-note", markup=False)
            yield Button("Menu (the save stays)", id="menu", compact=True)
        yield from screen_foot()

    def on_mount(self) -> None:
        super().on_mount()
        self._ask()

    def _ask(self) -> None:
        """Show the next human's lock (the wait after wrong tries holds here too)."""
        seat = self.waiting[0]
        name = self.seats[seat].name
        lock = self.seats[seat].lock
        assert lock is not None  # every human seat of a save has one
        self.query_one(SeatLock).show(seat, lock, self.public.table)
        self.query_one("#unseal-ask", Static).update(
            f"{name}: type your password to open the saved round. Everyone else, look away."
            if lock.has_password else f"{name} has no password: press the button to go on."
        )
        opened = [self.seats[s].name for s in self.public.humans if s not in self.waiting]
        note = f"Opened: {', '.join(opened)}. " if opened else ""
        self.query_one("#unseal-note", Static).update(
            note + "Every player at the table types their password once. Escape goes back "
            "to the menu; the round stays saved."
        )

    @on(SeatLock.Said)
    def _said(self, event: SeatLock.Said) -> None:
        event.stop()
        self._message(event.text, error=event.error)

    @on(SeatLock.Opened)
    def _opened(self, event: SeatLock.Opened) -> None:
        event.stop()
        if not self.waiting or self.waiting[0] != event.seat:
            return
        self.waiting.pop(0)
        if self.waiting:
            self._ask()
        else:
            self._resume()

    @on(SeatLock.Failed)
    def _failed(self, event: SeatLock.Failed) -> None:
        event.stop()
        self._refused(event.sentence)

    def _resume(self) -> None:
        """Every lock is open: unseal the round and sit down at the table."""
        from tableau.ui.screens.pesten import PestenScreen

        try:
            table = table_from_sealed(self.record.data, self.seats)
        except SealError as problem:
            self._refused(str(problem))
            return
        screen = PestenScreen(table)
        screen.resumed = self.record
        self.app.switch_screen(screen)

    def _refused(self, sentence: str) -> None:
        """The save cannot be resumed: say why once, leave it alone, back to the menu."""
        self.notify(sentence, title="Continue", severity="error", markup=False)
        self.to_menu()

    def action_menu(self) -> None:
        """Back to the menu; the save is left as it is."""
        self.to_menu()

    def _message(self, text: str, *, error: bool = False) -> None:
        self.query_one("#message", MessageLine).show(text, error=error)
