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

import math
from functools import partial
from typing import ClassVar

from argon2.exceptions import HashingError
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.containers import Vertical
from textual.content import Content
from textual.timer import Timer
from textual.widgets import Button
from textual.widgets import Footer
from textual.widgets import Header
from textual.widgets import Static

from tableau.sessions.pesten_saves import saved_seats
from tableau.sessions.pesten_saves import table_from_sealed
from tableau.sessions.pesten_saves import title
from tableau.storage.lockouts import Lockouts
from tableau.storage.passwords import PasswordScheme
from tableau.storage.passwords import SeatLock
from tableau.storage.passwords import Secret
from tableau.storage.sealed import DAMAGED
from tableau.storage.sealed import SealError
from tableau.storage.store import GameRecord
from tableau.ui.screens.base import ButtonActions
from tableau.ui.screens.base import TableauScreen
from tableau.ui.widgets.command_bar import MessageLine
from tableau.ui.widgets.password import PasswordInput

STAYS_SEALED = "Wrong password; the round stays sealed."


class PestenUnsealScreen(ButtonActions, TableauScreen):
    """One human after another opens their lock; then the round is unsealed."""

    CSS_PATH = "pesten_unseal.tcss"
    TITLE = "Pesten"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "menu", "Menu")]
    BUTTON_ACTIONS: ClassVar[dict[str, str]] = {"open": "open", "i-am": "open", "menu": "menu"}

    def __init__(self, record: GameRecord, passwords: PasswordScheme | None = None) -> None:
        """Raises SealError (a ValueError) with a sentence if the save is no sealed round."""
        super().__init__()
        self.record = record
        scheme = passwords or PasswordScheme()
        self.public, self.seats = saved_seats(record.data, scheme)
        self.lockouts = Lockouts.at_home(scheme.retry_delays)
        self.waiting = [seat for seat in self.public.humans]
        """The human seats still to open their lock, in seat order."""
        self._retry_timer: Timer | None = None

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        with Vertical(id="unseal"):
            yield Static(
                "Continue Pesten · " + title(self.public.round, (s.name for s in self.seats)),
                id="unseal-title", markup=False,
            )
            yield Static("", id="unseal-ask", markup=False)
            with Horizontal(id="unseal-row"):
                yield Static("Password", id="unseal-label")
                yield PasswordInput(id="password", placeholder=PasswordInput.READY,
                                    compact=True, max_length=200)
                yield Button("Open", id="open", compact=True)
                yield Button("I am …", id="i-am", compact=True, variant="primary")
            yield Static("", id="unseal-note", markup=False)
            yield Button("Menu (the save stays)", id="menu", compact=True)
        yield MessageLine("", id="message", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#password", PasswordInput).cursor_blink = self.runtime.cursor_blink
        self._ask()

    def on_unmount(self) -> None:
        if self._retry_timer is not None:
            self._retry_timer.stop()

    def _lock(self, seat: int) -> SeatLock:
        lock = self.seats[seat].lock
        assert lock is not None  # every human seat of a save has one
        return lock

    def _ask(self) -> None:
        """Show the next human's lock."""
        seat = self.waiting[0]
        name = self.seats[seat].name
        has_password = self._lock(seat).has_password
        field = self.query_one("#password", PasswordInput)
        field.clear()
        for widget_id in ("#password", "#open", "#unseal-label"):
            self.query_one(widget_id).display = has_password
        i_am = self.query_one("#i-am", Button)
        i_am.display = not has_password
        i_am.label = Content(f"I am {name}")  # a name is text, never markup
        self.query_one("#unseal-ask", Static).update(
            f"{name}: type your password to open the saved round. Everyone else, look away."
            if has_password else f"{name} has no password: press the button to go on."
        )
        if has_password:
            self._wait_or_ready(seat)  # the wait after wrong tries holds here too
        opened = [self.seats[s].name for s in self.public.humans if s not in self.waiting]
        note = f"Opened: {', '.join(opened)}. " if opened else ""
        self.query_one("#unseal-note", Static).update(
            note + "Every player at the table types their password once. Escape goes back "
            "to the menu; the round stays saved."
        )
        (field if has_password else i_am).focus()

    @on(PasswordInput.Submitted, "#password")
    def _submitted(self, event: PasswordInput.Submitted) -> None:
        event.stop()
        self.action_open()

    def _wait_or_ready(self, seat: int) -> bool:
        """Ready the field for the next try. While the seat still waits after wrong passwords
        (the wall clock and the kept record decide, so neither this screen nor a restart
        starts the wait over) say how long; a try until then is refused, uncounted. True when
        a try may be made now."""
        if self._retry_timer is not None:
            self._retry_timer.stop()
        self._retry_ready()
        left = self.lockouts.wait_left(self.public.table, seat, self.runtime.wall())
        if left <= 0:
            return True
        field = self.query_one("#password", PasswordInput)
        self._message(STAYS_SEALED + field.wrong(math.ceil(left)), error=True)
        self._retry_timer = self.set_timer(left, self._retry_ready)
        return False

    def action_open(self) -> None:
        """Enter, Open or "I am …": check the typed password (in a thread: Argon2id takes a
        moment) with a one-shot Secret, so neither the worker nor a log keeps it."""
        field = self.query_one("#password", PasswordInput)
        if not self.waiting or field.disabled:
            return
        seat = self.waiting[0]
        lock = self._lock(seat)
        typed_nothing = not field.value
        typed = field.take()
        if lock.has_password and not self._wait_or_ready(seat):
            return  # still waiting after wrong tries (the wall clock says so)
        if lock.has_password and typed_nothing:
            self._message(f"Type {lock.name}'s password, then press Enter.")
            return
        field.checking()
        self._message("Checking the password…")
        self.run_worker(
            partial(self._unseal_in_thread, lock, typed, seat),
            name="unseal", description=f"opening seat {seat + 1}'s saved hand",
            thread=True, group="unseal", exit_on_error=False,
        )

    def _unseal_in_thread(self, lock: SeatLock, typed: Secret, seat: int) -> None:
        try:
            opened = lock.unseal(typed.reveal())
        except HashingError:  # the save's key cost cannot be met (no memory for it)
            self.app.call_from_thread(self._refused, DAMAGED)
            return
        self.app.call_from_thread(self._checked, seat, opened)

    def _checked(self, seat: int, opened: bool) -> None:
        if not self.is_attached or not self.waiting or self.waiting[0] != seat:
            return
        if opened:
            self.lockouts.opened(self.public.table, seat)
            self._retry_ready()
            self._message("")
            self.waiting.pop(0)
            if self.waiting:
                self._ask()
            else:
                self._resume()
            return
        self.lockouts.wrong(self.public.table, seat, self.runtime.wall())
        if self._wait_or_ready(seat):
            self._message(STAYS_SEALED, error=True)

    def _retry_ready(self) -> None:
        self._retry_timer = None
        field = self.query_one("#password", PasswordInput)
        field.ready()
        if field.display:
            field.focus()

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
