"""Pesten set-up: seats, names, who plays them, passwords, packs, jokers and the dealer; and
in the "House rules & scoring" section (collapsed, so the seats stay on the first screen at
80×24) the match, the five house-rule switches and the points table.

A password is hashed (Argon2id, in a worker thread: it takes a moment) as soon as it has
been typed twice and the fields are left or Enter is pressed; both fields are cleared at
once and only the hash is kept; Start waits for a hash under way. Names must fit the
table's seat list whole. Problems are shown on the line under the field they concern.

The seats' names and kinds (never a password), the match and the house rules are remembered
in settings.toml when the table starts, and the next set-up starts from them (the number of
seats and the kinds only when the command line did not set the table). A bad match target or
points value is marked under its field with the engine's sentence (``house_problem``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from functools import partial
from typing import Any
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.containers import Vertical
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Button
from textual.widgets import Collapsible
from textual.widgets import Header
from textual.widgets import Input
from textual.widgets import Label
from textual.widgets import Select
from textual.widgets import Static
from textual.worker import Worker
from textual.worker import WorkerCancelled
from textual.worker import WorkerFailed

from tableau.engines import pesten as engine
from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Seat
from tableau.sessions.seeds import fresh_seed
from tableau.storage.passwords import PasswordScheme
from tableau.storage.passwords import SeatLock as PasswordLock
from tableau.storage.passwords import Secret
from tableau.storage.sealed import MIN_PASSWORDS
from tableau.ui.controls.pesten import DEFAULT_NAMES
from tableau.ui.controls.pesten import KINDS
from tableau.ui.controls.pesten import SEED_TELLS_ALL
from tableau.ui.controls.pesten import TWO_DIFFER
from tableau.ui.controls.pesten import seat_kinds
from tableau.ui.screens.base import ButtonActions
from tableau.ui.screens.base import GameScreen
from tableau.ui.screens.pesten_setup_rules import HouseRulesForm
from tableau.ui.widgets.command_bar import MessageLine
from tableau.ui.widgets.footer import KeysFooter
from tableau.ui.widgets.password import PasswordInput
from tableau.ui.widgets.seat_lock import SeatLock

DEFAULT_SEATS = 3

UNSAVED = (f"This round will not be saved: that needs {MIN_PASSWORDS} players with a "
           "password, or one of you could read the other hands and the stock from the file.")
"""Said before play when fewer than two humans lock their seat (``sealed.can_seal``)."""

NAME_WIDTH = engine.MAX_NAME_LENGTH
"""Columns a name field holds: the engine's rule (``engine.name_problem``), which keeps a
name short enough for the table's seat list to show it whole."""


def _seat_of(field: Widget) -> int:
    """The seat a field belongs to: the number that ends its id ("name-2" is seat 2)."""
    return int((field.id or "x-0").rsplit("-", 1)[1])


class PestenSetupScreen(HouseRulesForm, ButtonActions, GameScreen, game="pesten"):
    """Choose the table, then Start (the button, or ctrl+s) deals round 1."""

    CSS_PATH = "pesten_setup.tcss"
    AUTO_FOCUS = "#name-0"
    """The first name, focused as the screen opens (not the scrolling form first: each
    focus change restyles the whole form, about 0.2 CPU-s)."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start"),
        Binding("escape", "menu", "Menu"),
    ]
    BUTTON_ACTIONS: ClassVar[dict[str, str]] = {
        "start": "start", "menu": "menu", "point-defaults": "point_defaults",
    }

    def __init__(
        self,
        *,
        passwords: PasswordScheme | None = None,
        seed: int | None = None,
        players: int | None = None,
        packs: int = 1,
        jokers: int = 2,
        cpus: Sequence[str] | None = None,
        **_options: Any,
    ) -> None:
        """``players``, ``packs``, ``jokers``, ``cpus`` and ``seed`` come from the command
        line, already checked. ``cpus`` are the kinds of the last seats, one seat each; the
        seats before them are human. Without ``players`` and ``cpus`` the table starts as
        the remembered seats."""
        super().__init__()
        self.passwords = passwords if passwords is not None else PasswordScheme()
        self.seed = seed
        self.table_given = players is not None or cpus is not None
        self.start_players = DEFAULT_SEATS if players is None else players
        self.start_packs = packs
        self.start_jokers = jokers
        self.start_kinds = seat_kinds(self.start_players, cpus)
        self.start_names: tuple[str, ...] = DEFAULT_NAMES
        self.locks: dict[int, PasswordLock] = {}
        """Seat index -> the lock made from the password typed for it (hash only)."""
        self._hashing: dict[int, Worker[None]] = {}
        """Seats whose typed password is being hashed (in a worker)."""
        self._tickets: dict[int, int] = {}
        """Each seat's latest password: a hash of an earlier one is not kept."""
        self.warned_open: set[int] = set()
        """Human seats whose player was told that no password leaves the hand open."""

    # ------------------------------------------------------------------ layout

    def _start_from_remembered(self) -> None:
        """The remembered seats (settings.toml): their names, and unless the command line
        set the table, their number and kinds."""
        seats = self.runtime.settings.get("pesten", "seats")
        self.start_names = (*(seat["name"] for seat in seats), *DEFAULT_NAMES[len(seats):])
        if not self.table_given:
            self.start_players = len(seats)
            kinds = [seat["kind"] for seat in seats]
            self.start_kinds = (*kinds, *self.start_kinds[len(kinds):])

    def compose(self) -> ComposeResult:
        self._start_from_remembered()  # here: the settings are the app's, known once mounted
        yield Header(icon="♠")  # Textual's own ⭘ is an empty box in a browser's fallback font
        with VerticalScroll(id="setup"):
            yield Static("Pesten — set the table", id="setup-title")
            yield Static(
                "Each human types a password twice; it is hashed at once and never stored. "
                "No password means an “I am …” button instead.",
                id="setup-hint",
            )
            with Horizontal(id="table-options", classes="form-row"):
                yield Label("Seats", classes="field-label")
                yield Select(
                    [(str(n), n) for n in range(engine.MIN_PLAYERS, engine.MAX_PLAYERS + 1)],
                    value=self.start_players, allow_blank=False, compact=True, id="seats",
                )
                yield Label("Packs", classes="field-label")
                yield Select(
                    [(str(n), n) for n in range(engine.MIN_PACKS, engine.MAX_PACKS + 1)],
                    value=self.start_packs, allow_blank=False, compact=True, id="packs",
                )
                yield Label("Jokers/pack", classes="field-label")
                yield Select(
                    [(str(n), n) for n in range(engine.MAX_JOKERS + 1)],
                    value=self.start_jokers, allow_blank=False, compact=True, id="jokers",
                )
                yield Label("Dealer", classes="field-label")
                self._dealer_listed = self._dealer_options()
                yield Select(
                    list(self._dealer_listed), value=0, allow_blank=False, compact=True,
                    id="dealer",
                )
            yield MessageLine("", id="problem-table", classes="problem", markup=False)
            with Horizontal(classes="form-row column-heads"):
                yield Label("", classes="seat-number")
                yield Label("Name", classes="head-name")
                yield Label("Player", classes="head-kind")
                yield Label("Password", classes="head-password")
                yield Label("Again", classes="head-password")
            for seat in range(engine.MAX_PLAYERS):
                yield from self._seat_row(seat)
            yield from self._house_rules()
            yield Static("", id="saving-note", markup=False)
            with Horizontal(id="setup-buttons"):
                yield Button("Start", id="start", variant="success", compact=True)
                yield Button("Menu", id="menu", compact=True)
        yield MessageLine("", id="setup-message", markup=False)
        yield KeysFooter()

    def _seat_row(self, seat: int) -> ComposeResult:
        kind = self.start_kinds[seat]
        default_name = self.start_names[seat]
        with Vertical(id=f"seat-{seat}", classes="seat"):
            with Horizontal(classes="form-row"):
                yield Label(f"{seat + 1}", classes="seat-number")
                yield Input(
                    default_name, max_length=NAME_WIDTH, compact=True,
                    id=f"name-{seat}", classes="name", placeholder="name",
                )
                yield Select(
                    [(label, key) for key, label in KINDS], value=kind, allow_blank=False,
                    compact=True, id=f"kind-{seat}", classes="kind",
                )
                yield PasswordInput(
                    compact=True, id=f"password-{seat}", classes="password",
                    placeholder="password", max_length=200,
                )
                yield PasswordInput(
                    compact=True, id=f"again-{seat}", classes="password",
                    placeholder="again", max_length=200,
                )
                yield Static("", id=f"status-{seat}", classes="lock-status")
            yield MessageLine("", id=f"problem-{seat}", classes="problem", markup=False)

    def on_mount(self) -> None:
        super().on_mount()
        self.sub_title = "set-up"
        self._show_match()
        blink = self.runtime.cursor_blink
        for field in self.query(Input):
            field.cursor_blink = blink
        self._show_seats()
        for seat in range(engine.MAX_PLAYERS):
            self._show_kind(seat)
            self._show_status(seat)
        self.query_one("#name-0", Input).focus()

    # ------------------------------------------------------------------ reading the form

    def _seat_kind(self, seat: int) -> str:
        return str(self.query_one(f"#kind-{seat}", Select).value)

    # ------------------------------------------------------------------ showing

    def _show_seats(self) -> None:
        count = self.seat_count
        for seat in range(engine.MAX_PLAYERS):
            self.query_one(f"#seat-{seat}").display = seat < count
        self._refresh_dealer()

    def _show_kind(self, seat: int) -> None:
        human = self._seat_kind(seat) == HUMAN
        for prefix in ("password", "again"):
            self.query_one(f"#{prefix}-{seat}", Input).display = human
        if not human:
            self.locks.pop(seat, None)
            self._tickets[seat] = self._tickets.get(seat, 0) + 1  # a hash under way is void
            self.warned_open.discard(seat)
            self._problem(seat, "")
        self._show_status(seat)

    def _show_saving(self) -> None:
        """Say before play whether the round will be saved: only with two or more players
        holding a password can it be sealed so that no one player reads the rest."""
        humans = [seat for seat in range(self.seat_count) if self._seat_kind(seat) == HUMAN]
        holders = sum(seat in self.locks for seat in humans)
        unsaved = bool(humans) and holders < MIN_PASSWORDS
        note = self.query_one("#saving-note", Static)
        note.update(UNSAVED if unsaved else "")
        note.display = unsaved

    def _show_status(self, seat: int) -> None:
        self._show_saving()
        status = self.query_one(f"#status-{seat}", Static)
        if self._seat_kind(seat) != HUMAN:
            status.update("plays by itself")
        elif seat in self.locks:
            status.update("✓ locked")
        else:
            status.update("not locked")
        status.set_class(seat in self.locks, "-locked")

    def _problem(self, seat: int | str, text: str, *, warning: bool = False) -> None:
        line = self.query_one(f"#problem-{seat}", MessageLine)
        line.show(text, error=bool(text) and not warning)
        line.set_class(warning, "-warning")
        line.display = bool(text)

    def _message(self, text: str, *, error: bool = False) -> None:
        self.query_one("#setup-message", MessageLine).show(text, error=error)

    # ------------------------------------------------------------------ events

    @on(Select.Changed, "#seats")
    def _seats_changed(self) -> None:
        self._show_seats()
        self._show_saving()
        self._check_table()

    @on(Select.Changed, "#packs, #jokers, #dealer")
    def _table_changed(self) -> None:
        self._check_table()

    @on(Select.Changed, ".kind")
    def _kind_changed(self, event: Select.Changed) -> None:
        seat = _seat_of(event.select)
        self._show_kind(seat)

    @on(Input.Changed, ".name")
    def _name_changed(self, event: Input.Changed) -> None:
        self._refresh_dealer()
        seat = _seat_of(event.input)
        if self._seat_name(seat):
            self._problem(seat, "")

    @on(Input.Submitted, ".name")
    def _name_submitted(self) -> None:
        self.focus_next()

    @on(PasswordInput.Submitted, ".password")
    def _password_submitted(self, event: PasswordInput.Submitted) -> None:
        seat = _seat_of(event.input)
        again = self.query_one(f"#again-{seat}", PasswordInput)
        if event.input is not again and event.input.value and not again.value:
            again.focus()
            return
        self._seal(seat)

    @on(PasswordInput.Blurred, ".password")
    def _password_left(self, event: PasswordInput.Blurred) -> None:
        seat = _seat_of(event.input)
        again = self.query_one(f"#again-{seat}", PasswordInput)
        if event.input is again or again.value:
            self._seal(seat)

    def _seal(self, seat: int) -> str | None:
        """Hash the typed password if both fields agree; clear both fields either way.
        Returns the problem shown under the seat, or None."""
        first = self.query_one(f"#password-{seat}", PasswordInput)
        second = self.query_one(f"#again-{seat}", PasswordInput)
        if not first.value or not second.value:
            return None  # nothing typed, or still being typed
        problem = self._lock_seat(seat, first.take().reveal(), second.take().reveal())
        self._problem(seat, problem or "")
        if problem is None:
            self.warned_open.discard(seat)
        else:
            first.focus()
        self._show_status(seat)
        return problem

    def _lock_seat(self, seat: int, typed: str, again: str) -> str | None:
        """Lock the seat with the typed password, or say why not (the fields are empty now).
        Argon2id takes a moment: it hashes in a worker (``Start`` waits for it). Whether
        another seat has the same password is never checked: saying so would tell whoever
        typed it that a guess at another player's password is right (an oracle faster than
        the lock screen, with no wait)."""
        if typed != again:
            return TWO_DIFFER
        self.locks.pop(seat, None)
        self._tickets[seat] = ticket = self._tickets.get(seat, 0) + 1
        self._hashing[seat] = SeatLock.lock_in_worker(
            self, self.passwords, self._seat_name(seat), Secret(typed), seat,
            partial(self._locked, ticket))
        return None

    def _locked(self, ticket: int, seat: int, lock: PasswordLock) -> None:
        """A password was hashed: the seat is locked (unless it changed since)."""
        self._hashing.pop(seat, None)
        if ticket == self._tickets.get(seat) and self._seat_kind(seat) == HUMAN:
            self.locks[seat] = lock
            self._show_status(seat)

    def action_menu(self) -> None:
        """Escape or the Menu button: back to the menu (nothing is dealt yet)."""
        self.to_menu()

    # ------------------------------------------------------------------ start

    def action_start(self) -> None:
        """Check every field; deal when all is well, else mark what needs fixing."""
        count = self.seat_count
        first_problem: str | None = None

        def mark(seat: int, text: str, field: str, *, warning: bool = False) -> None:
            nonlocal first_problem
            self._problem(seat, text, warning=warning)
            if first_problem is None:
                first_problem = f"#{field}-{seat}"

        seen: dict[str, int] = {}
        for seat in range(count):
            self._problem(seat, "")
            name = self._seat_name(seat)
            if not name:
                mark(seat, f"Seat {seat + 1} needs a name.", "name")
                continue
            problem = engine.name_problem(name, cpu=self._seat_kind(seat) != HUMAN)
            if problem is not None:
                mark(seat, problem, "name")
                continue
            key = name.casefold()
            if key in seen:
                first_seat = seen[key]
                mark(seat, f"Seat {first_seat + 1} is already called "
                           f"{self._seat_name(first_seat)}; pick another name.", "name")
                continue
            seen[key] = seat
            if self._seat_kind(seat) != HUMAN:
                continue
            problem = self._seal(seat)
            if problem is not None:
                mark(seat, problem, "password")
                continue
            first = bool(self.query_one(f"#password-{seat}", PasswordInput).value)
            second = bool(self.query_one(f"#again-{seat}", PasswordInput).value)
            if first or second:
                mark(seat, "Type the password a second time in the next field.",
                     "again" if first else "password")
                continue
            locked = seat in self.locks or seat in self._hashing
            if not locked and seat not in self.warned_open:
                self.warned_open.add(seat)
                mark(
                    seat,
                    f"No password: anyone can open {name}'s hand. Start again to play "
                    "without one.",
                    "password",
                    warning=True,
                )
        if not self._check_table():
            first_problem = first_problem or "#packs"
        bad_rule = self._check_rules()
        if bad_rule is not None:
            self.query_one("#house", Collapsible).collapsed = False
            first_problem = first_problem or bad_rule
        if first_problem is not None:
            self._message("Please look at the marked fields.", error=True)
            self.query_one(first_problem).focus()
            return
        if self._hashing:  # deal once every typed password is hashed
            self.run_worker(self._deal_when_locked(), group="start", exclusive=True)
            return
        self._deal()

    async def _deal_when_locked(self) -> None:
        for worker in list(self._hashing.values()):
            with contextlib.suppress(WorkerFailed, WorkerCancelled):
                await worker.wait()
        self._deal()

    def _deal(self) -> None:
        """Deal round 1 for the table as set and sit down at it."""
        dealt = self._dealt()
        if dealt is not None:
            self._sit_down(*dealt)

    def _dealt(self) -> tuple[PestenSession, list[Seat]] | None:
        """Round 1 dealt for the seats as set, or None (the problem marked on the form)."""
        seats = []
        for seat in range(self.seat_count):
            name = self._seat_name(seat)
            kind = self._seat_kind(seat)
            lock = None
            if kind == HUMAN:
                lock = self.locks.get(seat) or self.passwords.lock(name, "")
                lock.name = name
            seats.append(Seat(name, kind, lock))
        seed = self.seed if self.seed is not None else fresh_seed()
        try:
            table = PestenSession.deal(
                seats, packs=self._int("#packs"), jokers=self._int("#jokers"),
                dealer=self._dealer(), seed=seed, rules=self._house(),
            )
        except ValueError as problem:
            self._problem("table", str(problem))
            self._message("Please look at the marked fields.", error=True)
            return None
        return table, seats

    def _sit_down(self, table: PestenSession, seats: list[Seat]) -> None:
        """Remember the set-up and play the dealt table at this screen."""
        self.remember("pesten", "seats",
                      [{"name": seat.name, "kind": seat.plays} for seat in seats])
        self._remember_rules(self._house())
        from tableau.ui.screens.pesten import PestenScreen

        self.app.switch_screen(PestenScreen(table))
        if self.seed is not None and sum(seat.is_human for seat in seats) > 1:
            # Said once, before the first hand is unlocked: --seed deals every hand.
            self.app.notify(SEED_TELLS_ALL, severity="warning", timeout=20)


def open_pesten(options: dict[str, Any]) -> GameScreen:
    """The menu's factory: the set-up screen, or straight to a table prepared by a scene/test
    (``table=PestenSession(...)``)."""
    table = options.get("table")
    if isinstance(table, PestenSession):
        from tableau.ui.screens.pesten import PestenScreen

        return PestenScreen(table)
    return PestenSetupScreen(**{k: v for k, v in options.items() if k != "table"})
