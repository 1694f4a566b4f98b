"""One seat's lock on the screen: a masked password field with Open, or "I am …" for a seat
without a password. The table (a hand) and the resume screen (a sealed save) show it; the
set-up sets a new password through ``SeatLock.lock_in_worker``.

Attributes down, messages up: the screen says whose lock to show (``show``) and the widget
checks the typed password in a worker thread (Argon2id takes a noticeable moment), then
posts ``Opened(seat)``. What the player should read is posted as ``Said``; the screen shows
it on its message line. The wait after wrong passwords is kept per table and seat
(``tableau.storage.lockouts``) against the runtime's wall clock (``Runtime.wall``: tests
pass their own, so nothing sleeps), so neither leaving the screen nor a restart starts it
over; a try during the wait is refused and not counted.

Keys typed before the lock showed (the last player's, after Done) are dropped
(``DeafUntilShown``). The worker gets a one-shot ``Secret`` and its own description, so
neither the worker (kept after it ends) nor the debug log holds the password.
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import ClassVar

from argon2.exceptions import HashingError
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Button
from textual.widgets import Static
from textual.worker import Worker

from tableau.storage import passwords
from tableau.storage.lockouts import Lockouts
from tableau.storage.sealed import DAMAGED
from tableau.ui.runtime import Host
from tableau.ui.widgets.messages import WidgetMessage
from tableau.ui.widgets.password import LockButton
from tableau.ui.widgets.password import PasswordInput

SHORTEST_WAIT = 0.001
"""Seconds: Textual's one-shot timer must not get 0."""


class SeatLock(Horizontal):
    """The row of one lock: "Password", the field, Open, and "I am <name>"."""

    DEFAULT_CSS: ClassVar[str] = """
    SeatLock { height: 1; }
    SeatLock .lock-label { width: auto; margin: 0 1 0 0; color: $text-muted; }
    SeatLock PasswordInput { width: 32; margin: 0 1 0 0; }
    SeatLock Button { margin: 0 1 0 0; }
    """

    @dataclass
    class Opened(WidgetMessage["SeatLock"]):
        """The seat's player typed the right password (or pressed "I am …")."""

        seat: int

    @dataclass
    class Said(WidgetMessage["SeatLock"]):
        """A sentence for the player (empty: clear the message line)."""

        text: str
        error: bool = False

    @dataclass
    class Failed(WidgetMessage["SeatLock"]):
        """The lock cannot be opened at all (a save asks more than this machine has)."""

        sentence: str

    @staticmethod
    def lock_in_worker(node: Widget, scheme: passwords.PasswordScheme, name: str,
                       typed: passwords.Secret, seat: int,
                       locked: Callable[[int, passwords.SeatLock], object]) -> Worker[None]:
        """Set a new password (the set-up): hash it and derive its key in a worker thread,
        then ``locked(seat, lock)`` on the event loop before the worker ends (so awaiting
        the worker finds the lock in place). The worker keeps neither password nor lock."""

        def work() -> None:
            lock = scheme.lock(name, typed.reveal())
            with contextlib.suppress(RuntimeError):  # the app has stopped
                node.app.call_from_thread(locked, seat, lock)

        return node.run_worker(work, name="lock", description=f"locking seat {seat + 1}",
                               thread=True, group=f"lock-{seat}", exit_on_error=False)

    def __init__(self, *, field_id: str, wrong: str, ready_note: str | None = None,
                 opens_save: bool = False, id: str | None = None) -> None:
        """``wrong`` is said after a wrong password, ``ready_note`` (if any) after it when
        the wait is over; ``opens_save`` unseals a saved lock (``SeatLock.unseal``) instead
        of checking it."""
        super().__init__(id=id)
        self.field_id = field_id
        self.wrong = wrong
        self.ready_note = ready_note
        self.opens_save = opens_save
        self.seat = -1
        self.lock: passwords.SeatLock | None = None
        self.table_id = ""
        self._showing = False
        self._timer: Timer | None = None
        self._lockouts: Lockouts | None = None

    def compose(self) -> ComposeResult:
        yield Static("Password", classes="lock-label")
        yield PasswordInput(id=self.field_id, placeholder=PasswordInput.READY, compact=True,
                            max_length=200)
        yield Button("Open", id="open", compact=True)
        yield LockButton("I am …", id="i-am", compact=True, variant="primary")

    def on_mount(self) -> None:
        host = self.app
        self.field.cursor_blink = host.runtime.cursor_blink if isinstance(host, Host) else True

    def on_unmount(self) -> None:
        self._stop_timer()

    @property
    def field(self) -> PasswordInput:
        return self.query_one(PasswordInput)

    @property
    def has_password(self) -> bool:
        return self.lock is not None and self.lock.has_password

    # -------------------------------------------------------------- attributes down

    def show(self, seat: int, lock: passwords.SeatLock | None, table_id: str, *,
             deaf: bool = False) -> None:
        """Show ``seat``'s lock; ``deaf``: drop keys typed before it is on screen."""
        self.seat, self.lock, self.table_id = seat, lock, table_id
        self._showing = True
        has_password = self.has_password
        field = self.field
        field.clear()
        for widget in (field, self.query_one("#open"), self.query_one(".lock-label")):
            widget.display = has_password
        i_am = self.query_one("#i-am", LockButton)
        i_am.display = not has_password
        i_am.label = Content(f"I am {lock.name if lock else ''}")  # a name is never markup
        if has_password:
            if deaf:
                field.deaf_until_shown()
            self._wait_or_ready()
        else:
            if deaf:
                i_am.deaf_until_shown()
            self._stop_timer()
        if self._on_screen():
            self.focus_field()

    def named(self, name: str) -> None:
        """The "I am …" button's name (the seat's, when it has no lock at all)."""
        self.query_one("#i-am", LockButton).label = Content(f"I am {name}")

    def hide(self) -> None:
        """The lock is off the screen: a check still under way is not reported."""
        self._showing = False
        self._stop_timer()

    def focus_field(self) -> None:
        (self.field if self.has_password else self.query_one("#i-am")).focus()

    # -------------------------------------------------------------- the wait

    def _wall(self) -> Callable[[], float]:
        host = self.app
        return host.runtime.wall if isinstance(host, Host) else time.time

    def lockouts(self) -> Lockouts:
        """The seats' waits after wrong passwords, kept across screens and restarts."""
        if self._lockouts is None:
            delays = self.lock.retry_delays if self.lock is not None else passwords.RETRY_DELAYS
            self._lockouts = Lockouts.at_home(delays)
        return self._lockouts

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _wait_or_ready(self) -> bool:
        """Ready the field for the next try. While the seat still waits after wrong passwords
        say how long; a try until then is refused, uncounted. True when a try may be made."""
        self._stop_timer()
        self._ready()
        left = self.lockouts().wait_left(self.table_id, self.seat, self._wall()())
        if left <= 0:
            return True
        self._say(self.wrong + self.field.wrong(math.ceil(left)), error=True)
        self._timer = self.set_timer(max(left, SHORTEST_WAIT), self._wait_over)
        return False

    def _wait_over(self) -> None:
        self._timer = None
        self._ready()
        if self._showing and self.ready_note is not None:
            self._say(f"{self.wrong} {self.ready_note}")

    def _ready(self) -> None:
        field = self.field
        field.ready()
        if self._showing and self._on_screen() and field.display:
            field.focus()

    def _on_screen(self) -> bool:
        return all(node.display for node in self.ancestors_with_self if isinstance(node, Widget))

    def _say(self, text: str, *, error: bool = False) -> None:
        self.post_message(self.Said(self, text, error))

    # -------------------------------------------------------------- a try

    @on(PasswordInput.Submitted)
    def _submitted(self, event: PasswordInput.Submitted) -> None:
        event.stop()
        self.try_open()

    @on(Button.Pressed, "#open, #i-am")
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.try_open()

    def try_open(self) -> None:
        """Enter, Open or "I am …": check what was typed (nothing, for "I am …")."""
        field = self.field
        if not self._showing or field.disabled:
            return
        seat, lock = self.seat, self.lock
        typed_nothing = not field.value
        typed = field.take()
        if lock is None or (not lock.has_password and not self.opens_save):
            if lock is None or lock.verify(""):  # no password: nothing to hash
                self.post_message(self.Opened(self, seat))
            return
        if lock.has_password and not self._wait_or_ready():
            return  # still waiting after wrong tries (the wall clock says so)
        if lock.has_password and typed_nothing:
            self._say(f"Type {lock.name}'s password, then press Enter.")
            return
        field.checking()
        self._say("Checking the password…")
        self.run_worker(
            partial(self._check_in_thread, lock, typed, seat),
            name="unlock", description=f"checking seat {seat + 1}'s password",
            thread=True, group="unlock", exit_on_error=False,
        )

    def _check_in_thread(self, lock: passwords.SeatLock, typed: passwords.Secret,
                         seat: int) -> None:
        try:
            opened = lock.unseal(typed.reveal()) if self.opens_save else lock.verify(
                typed.reveal())
        except HashingError:  # the save's key cost cannot be met (no memory for it)
            self._from_thread(self.post_message, self.Failed(self, DAMAGED))
            return
        self._from_thread(self._checked, seat, opened)

    def _from_thread(self, callback: Callable[..., object], *args: object) -> None:
        with contextlib.suppress(RuntimeError):  # the app has stopped: nothing to show
            self.app.call_from_thread(callback, *args)

    def _checked(self, seat: int, opened: bool) -> None:
        if not self.is_attached or not self._showing or seat != self.seat:
            return  # the lock moved on (or went) while the password was checked
        if opened:
            self.lockouts().opened(self.table_id, seat)
            self._ready()
            self._say("")
            self.post_message(self.Opened(self, seat))
            return
        self.lockouts().wrong(self.table_id, seat, self._wall()())
        if self._wait_or_ready():
            self._say(self.wrong, error=True)
