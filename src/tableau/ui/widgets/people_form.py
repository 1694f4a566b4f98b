"""Who sits at a table: one row per seat, "name, who plays it, password, again, status", and a
problem line under each (two rows a seat on a phone's narrow screen: people_form.tcss). The
same form for every set-up: Pesten's (at one screen, or opening a table), and Go Fish's and
Poker's (``ui/screens/people_setup.py``).

Who plays a seat is a human here (``HUMAN``), a CPU (one choice per kind or level the game
has) or, when the set-up opens a table, an open seat (``REMOTE``: a friend takes it at their
own screen). A human's password is hashed (Argon2id, in a worker thread: it takes a moment)
as soon as it has been typed twice and the fields are left or Enter is pressed; both fields
are cleared at once and only the lock is kept (``locks``). A start waits for a hash under way
(``wait_for_locks``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from collections.abc import Sequence
from functools import partial

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.containers import Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input
from textual.widgets import Label
from textual.widgets import Select
from textual.widgets import Static
from textual.worker import Worker
from textual.worker import WorkerCancelled
from textual.worker import WorkerFailed

from tableau.engines.names import MAX_NAME_LENGTH
from tableau.engines.names import name_problem
from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import REMOTE
from tableau.storage.passwords import PasswordScheme
from tableau.storage.passwords import SeatLock as PasswordLock
from tableau.storage.passwords import Secret
from tableau.ui._css import sibling_tcss
from tableau.ui.controls.pesten import TWO_DIFFER
from tableau.ui.widgets.command_bar import MessageLine
from tableau.ui.widgets.password import PasswordInput
from tableau.ui.widgets.seat_lock import SeatLock

OPEN_SEAT = (REMOTE, "Open seat")
"""The choice, when a set-up opens a table, of a seat a friend takes at their own screen."""
STATUS = {HUMAN: "not locked", REMOTE: "a friend joins"}
"""A seat's status by who plays it (a locked human's is "✓ locked"); a CPU's: "plays by
itself"."""
TYPE_AGAIN = "Type the password a second time in the next field."
NAME_WIDTH = MAX_NAME_LENGTH
"""Columns a name field holds: the name rule's (``engines.names.name_problem``), which keeps
a name short enough for a table's seat list to show it whole."""


def seat_of(field: Widget) -> int:
    """The seat a field belongs to: the number that ends its id ("name-2" is seat 2)."""
    return int((field.id or "x-0").rsplit("-", 1)[1])


def show_problem(line: MessageLine, text: str, *, warning: bool = False) -> None:
    """A problem on its line under a field (a warning in its own colour); none: no line."""
    line.show(text, error=bool(text) and not warning)
    line.set_class(warning, "-warning")
    line.display = bool(text)


class PeopleForm(Vertical):
    """The seats' rows, one per (name, kind) of ``start`` (``show_seats`` shows the first
    few). ``kinds`` are (key, label) choices of who plays a seat."""

    DEFAULT_CSS = sibling_tcss(__file__)
    SCOPED_CSS = False  # so ".-narrow PeopleForm" (a phone's two rows a seat) reaches it

    class Changed(Message):
        """A seat's kind or lock changed (the set-up may say whether a round is saved)."""

    def __init__(self, *, kinds: Sequence[tuple[str, str]], start: Sequence[tuple[str, str]],
                 passwords: PasswordScheme, id: str | None = None) -> None:
        super().__init__(id=id)
        self.kinds = tuple(kinds)
        self.start_seats = tuple(start)
        self.passwords = passwords
        self.count = len(self.start_seats)
        """How many seats are shown (``show_seats``)."""
        self.locks: dict[int, PasswordLock] = {}
        """Seat index -> the lock made from the password typed for it (hash only)."""
        self._hashing: dict[int, Worker[None]] = {}
        """Seats whose typed password is being hashed (in a worker)."""
        self._tickets: dict[int, int] = {}
        """Each seat's latest password: a hash of an earlier one is not kept."""
        self.warned_open: set[int] = set()
        """Human seats whose player was told that no password leaves the hand open."""

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        with Horizontal(classes="form-row column-heads"):
            yield Label("", classes="seat-number")
            yield Label("Name", classes="head-name")
            yield Label("Player", classes="head-kind")
            yield Label("Password", classes="head-password")
            yield Label("Again", classes="head-password")
        for seat, (name, kind) in enumerate(self.start_seats):
            with Vertical(id=f"seat-{seat}", classes="seat"):
                with Horizontal(classes="form-row"):
                    yield Label(f"{seat + 1}", classes="seat-number")
                    yield Input(name, max_length=NAME_WIDTH, compact=True,
                                id=f"name-{seat}", classes="name", placeholder="name")
                    yield Select(self._choices(), value=kind, allow_blank=False,
                                 compact=True, id=f"kind-{seat}", classes="kind")
                    yield PasswordInput(compact=True, id=f"password-{seat}",
                                        classes="password", placeholder="password",
                                        max_length=200)
                    yield PasswordInput(compact=True, id=f"again-{seat}",
                                        classes="password again", placeholder="again",
                                        max_length=200)
                    yield Static("", id=f"status-{seat}", classes="lock-status")
                yield MessageLine("", id=f"problem-{seat}", classes="problem", markup=False)

    def _choices(self) -> list[tuple[str, str]]:
        return [(label, key) for key, label in self.kinds]

    def on_mount(self) -> None:
        self.show_seats(self.count)
        for seat in range(len(self.start_seats)):
            self._show_kind(seat)

    # ------------------------------------------------------------------ reading

    def kind_of(self, seat: int) -> str:
        return str(self.query_one(f"#kind-{seat}", Select).value)

    def name_of(self, seat: int) -> str:
        return self.query_one(f"#name-{seat}", Input).value.strip()

    def lock_of(self, seat: int) -> PasswordLock:
        """A human seat's lock: its password's, or an open one ("I am …") without one."""
        name = self.name_of(seat)
        lock = self.locks.get(seat) or self.passwords.lock(name, "")
        lock.name = name
        return lock

    def seats(self, kind: str) -> list[int]:
        """The shown seats of this kind."""
        return [seat for seat in range(self.count) if self.kind_of(seat) == kind]

    # ------------------------------------------------------------------ changing

    def show_seats(self, count: int) -> None:
        self.count = count
        for seat in range(len(self.start_seats)):
            self.query_one(f"#seat-{seat}").display = seat < count

    def offer(self, kinds: Sequence[tuple[str, str]], start: Mapping[int, str]) -> None:
        """Other choices of who plays (the set-up of a table adds the open seat), and the
        seats' new kinds (``start``: seat -> kind)."""
        self.kinds = tuple(kinds)
        for seat in range(len(self.start_seats)):
            select = self.query_one(f"#kind-{seat}", Select)
            select.set_options(self._choices())
            select.value = start.get(seat, self.start_seats[seat][1])

    # ------------------------------------------------------------------ showing

    def _show_kind(self, seat: int) -> None:
        human = self.kind_of(seat) == HUMAN
        for prefix in ("password", "again"):
            self.query_one(f"#{prefix}-{seat}", Input).display = human
        self.query_one(f"#seat-{seat}").set_class(human, "-human")  # the narrow status's span
        if not human:
            self.locks.pop(seat, None)
            self._tickets[seat] = self._tickets.get(seat, 0) + 1  # a hash under way is void
            self.warned_open.discard(seat)
            self.problem(seat, "")
        self.show_status(seat)

    def show_status(self, seat: int) -> None:
        status = self.query_one(f"#status-{seat}", Static)
        locked = seat in self.locks
        status.update("✓ locked" if locked else STATUS.get(self.kind_of(seat), "plays by itself"))
        status.set_class(locked, "-locked")
        self.post_message(self.Changed())

    def problem(self, seat: int, text: str, *, warning: bool = False) -> None:
        show_problem(self.query_one(f"#problem-{seat}", MessageLine), text, warning=warning)

    # ------------------------------------------------------------------ events

    @on(Select.Changed, ".kind")
    def _kind_changed(self, event: Select.Changed) -> None:
        self._show_kind(seat_of(event.select))

    @on(Input.Changed, ".name")
    def _name_changed(self, event: Input.Changed) -> None:
        seat = seat_of(event.input)
        if self.name_of(seat):
            self.problem(seat, "")

    @on(Input.Submitted, ".name")
    def _name_submitted(self) -> None:
        self.screen.focus_next()

    @on(PasswordInput.Submitted, ".password")
    def _password_submitted(self, event: PasswordInput.Submitted) -> None:
        seat = seat_of(event.input)
        again = self.query_one(f"#again-{seat}", PasswordInput)
        if event.input is not again and event.input.value and not again.value:
            again.focus()
            return
        self._seal(seat)

    @on(PasswordInput.Blurred, ".password")
    def _password_left(self, event: PasswordInput.Blurred) -> None:
        seat = seat_of(event.input)
        again = self.query_one(f"#again-{seat}", PasswordInput)
        if event.input is again or again.value:
            self._seal(seat)

    # ------------------------------------------------------------------ passwords

    def _seal(self, seat: int) -> str | None:
        """Hash the typed password if both fields agree; clear both fields either way.
        Returns the problem shown under the seat, or None."""
        first = self.query_one(f"#password-{seat}", PasswordInput)
        second = self.query_one(f"#again-{seat}", PasswordInput)
        if not first.value or not second.value:
            return None  # nothing typed, or still being typed
        problem = self._lock_seat(seat, first.take().reveal(), second.take().reveal())
        self.problem(seat, problem or "")
        if problem is None:
            self.warned_open.discard(seat)
        else:
            first.focus()
        self.show_status(seat)
        return problem

    def _lock_seat(self, seat: int, typed: str, again: str) -> str | None:
        """Lock the seat with the typed password, or say why not (the fields are empty now).
        Argon2id takes a moment: it hashes in a worker (a start waits for it). Whether
        another seat has the same password is never checked: saying so would tell whoever
        typed it that a guess at another player's password is right (an oracle faster than
        the lock screen, with no wait)."""
        if typed != again:
            return TWO_DIFFER
        self.locks.pop(seat, None)
        self._tickets[seat] = ticket = self._tickets.get(seat, 0) + 1
        self._hashing[seat] = SeatLock.lock_in_worker(
            self, self.passwords, self.name_of(seat), Secret(typed), seat,
            partial(self._locked, ticket))
        return None

    def _locked(self, ticket: int, seat: int, lock: PasswordLock) -> None:
        """A password was hashed: the seat is locked (unless it changed since)."""
        self._hashing.pop(seat, None)
        if ticket == self._tickets.get(seat) and self.kind_of(seat) == HUMAN:
            self.locks[seat] = lock
            self.show_status(seat)

    @property
    def hashing(self) -> bool:
        """A typed password is still being hashed."""
        return bool(self._hashing)

    async def wait_for_locks(self) -> None:
        """Until every typed password is hashed."""
        for worker in list(self._hashing.values()):
            with contextlib.suppress(WorkerFailed, WorkerCancelled):
                await worker.wait()

    # ------------------------------------------------------------------ checking

    def check(self, *, warn_open: bool = True) -> str | None:
        """Mark every shown seat's problem (a missing, bad or taken name; a password typed
        once or two that differ; with ``warn_open``, once, a human without a password) and
        return the selector of the first field to fix, or None."""
        first: str | None = None

        def mark(seat: int, text: str, field: str, *, warning: bool = False) -> None:
            nonlocal first
            self.problem(seat, text, warning=warning)
            if first is None:
                first = f"#{field}-{seat}"

        seen: dict[str, int] = {}
        for seat in range(self.count):
            self.problem(seat, "")
            name, kind = self.name_of(seat), self.kind_of(seat)
            problem = (f"Seat {seat + 1} needs a name." if not name
                       else name_problem(name, cpu=kind not in (HUMAN, REMOTE)))
            if problem is None and name.casefold() in seen:
                taken = seen[name.casefold()]
                problem = (f"Seat {taken + 1} is already called {self.name_of(taken)}; "
                           "pick another name.")
            if problem is not None:
                mark(seat, problem, "name")
                continue
            seen[name.casefold()] = seat
            if kind != HUMAN:
                continue
            problem = self._seal(seat)
            if problem is not None:
                mark(seat, problem, "password")
                continue
            typed = bool(self.query_one(f"#password-{seat}", PasswordInput).value)
            if typed or self.query_one(f"#again-{seat}", PasswordInput).value:
                mark(seat, TYPE_AGAIN, "again" if typed else "password")
                continue
            locked = seat in self.locks or seat in self._hashing
            if warn_open and not locked and seat not in self.warned_open:
                self.warned_open.add(seat)
                mark(seat, f"No password: anyone can open {name}'s hand. Start again to "
                           "play without one.", "password", warning=True)
        return first
