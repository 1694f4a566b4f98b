"""Join a shared table of Pesten, Go Fish or Poker (``tableau join CODE``, the menu's "Join a
table…").

A small form: the table's code (when not given), the seats one may take (open ones, and the
remote seats one may come back to with their password), then a name and a password typed
twice for a new seat, or the seat's password for one's own. Argon2id takes a moment, so
sitting down runs in a worker thread; the game's seat screen (``ui.games.TABLE_SCREENS``)
follows at once, showing that seat's hand, with no lock screen.

The passwords stay in their ``PasswordInput`` until taken; a wrong one, a garbage code, a
closed table or a taken seat is said in one sentence on the form's message line.

Keys typed fast (a paste, tmux's send-keys, a quick typist) go where the focus is, in order:
Textual hands each key to the widget focused when the key is read, but a Tab or an Enter
handled by that widget moves the focus only later, after the keys behind it were handed to
it too ("Bea", Tab, "tulip42" made the name "Beatulip42"). So Tab, shift+Tab and the Enter
that goes on to the next field are priority bindings here: they move the focus at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from typing import ClassVar

from textual import on
from textual import work
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.containers import Vertical
from textual.widgets import Button
from textual.widgets import Input
from textual.widgets import Label
from textual.widgets import OptionList
from textual.widgets import Static
from textual.widgets.option_list import Option

from tableau.storage.home import database_path
from tableau.storage.passwords import Secret
from tableau.storage.table_store import TableProblem
from tableau.storage.table_store import TableStore
from tableau.storage.table_store import normal_code
from tableau.tables.shared_table import NEEDS_PASSWORD
from tableau.tables.shared_table import SharedTable
from tableau.tables.table_games import TABLE_GAMES
from tableau.ui.controls.pesten import TWO_DIFFER
from tableau.ui.games import table_screen
from tableau.ui.screens.base import TableauScreen
from tableau.ui.widgets.command_bar import MessageLine
from tableau.ui.widgets.footer import KeysFooter
from tableau.ui.widgets.header import TitleHeader
from tableau.ui.widgets.narrow import NarrowLayout
from tableau.ui.widgets.password import PasswordInput

NOT_A_CODE = "That is not a table code; one looks like PEST-4821 or GOFI-4821."
NO_SEAT = "No seat is free at this table."
PASSWORD_HINT = {True: "to come back later", False: "this seat's password"}
"""The password field's hint for a new seat (True), or for one's own seat to come back to."""


@dataclass(frozen=True, slots=True)
class SeatChoice:
    """A seat one may take: an open one (``new``) or one's own to come back to."""

    seat: int
    name: str
    new: bool
    away: bool

    def text(self) -> str:
        if self.new:
            return f"Seat {self.seat + 1} · open (a new player)"
        away = " (away)" if self.away else ""
        return f"Seat {self.seat + 1} · {self.name}{away} · come back with its password"


def seat_choices(shared: SharedTable) -> list[SeatChoice]:
    """The open seats first (a newcomer's), then the remote ones to come back to."""
    away = shared.away()
    names = [info.name for info in shared.session.seats]
    return [SeatChoice(seat.seat, names[seat.seat], seat.kind == "open", seat.seat in away)
            for seat in (*shared.seats_of("open"), *shared.seats_of("remote"))]


class JoinScreen(NarrowLayout, TableauScreen):
    """The code, the seat, the name and the password; then the table for that seat. The
    screen owns the store it is given (or opens tableau.db's) and hands it to the table."""

    CSS_PATH = "table_join.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", "Menu"),
        # Priority: the focus moves before the next key is read (see the module's doc).
        Binding("tab", "app.focus_next", show=False, priority=True),
        Binding("shift+tab", "app.focus_previous", show=False, priority=True),
        Binding("enter", "next_field", show=False, priority=True),
    ]

    def __init__(self, code: str = "", *, store: TableStore | None = None,
                 **table_options: Any) -> None:
        super().__init__()
        self.code = code
        self.store = store
        self.table_options = table_options
        """Options for ``SharedTable.join`` (tests give their clock and lockouts)."""
        self.shared: SharedTable | None = None
        self.choices: list[SeatChoice] = []
        self._handed_over = False
        self._sitting = False

    def compose(self) -> ComposeResult:
        yield TitleHeader(icon="♠")
        with Vertical(id="join"):
            yield Static("Join a table", id="join-title")
            with Horizontal(classes="join-row"):
                yield Label("Table code", classes="join-label")
                yield Input(self.code, placeholder="PEST-4821", max_length=40, compact=True,
                            id="code")
                yield Button("Look", id="look", compact=True)
            yield Static("", id="join-table", markup=False)
            yield OptionList(id="join-seats", compact=True)
            with Vertical(id="join-form"):
                with Horizontal(classes="join-row", id="name-row"):
                    yield Label("Your name", classes="join-label")
                    yield Input(max_length=16, compact=True, id="name",
                                placeholder="your name")
                with Horizontal(classes="join-row"):
                    yield Label("Password", classes="join-label")
                    yield PasswordInput(compact=True, id="password", max_length=200,
                                        placeholder=PASSWORD_HINT[True])
                with Horizontal(classes="join-row", id="again-row"):
                    yield Label("Again", classes="join-label")
                    yield PasswordInput(compact=True, id="again", max_length=200,
                                        placeholder="the same password")
                with Horizontal(classes="join-row", id="sit-row"):
                    yield Button("Sit down", id="sit", compact=True)
            yield MessageLine("", id="join-message", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = "a table across screens"
        self.query_one("#join-form").display = False
        self.query_one("#join-seats").display = False
        if self.store is None:
            try:
                self.store = TableStore(database_path())
            except TableProblem as problem:
                self._say(str(problem), error=True)
                return
        if self.code:
            self._look(self.code)
        else:
            self.set_focus(self.query_one("#code", Input))

    def on_unmount(self) -> None:
        if not self._handed_over:
            if self.shared is not None:
                self.shared.leave()
            if self.store is not None:
                self.store.close()

    # ------------------------------------------------------------------ the code

    @on(Input.Submitted, "#code")
    @on(Button.Pressed, "#look")
    def _code_given(self) -> None:
        self._look(self.query_one("#code", Input).value)

    def _look(self, typed: str) -> None:
        """Find the table and list its seats, or say in one sentence why not."""
        code = normal_code(typed)
        if code is None:
            self._say(NOT_A_CODE, error=True)
            return
        if self.store is None:
            return
        try:
            self.shared = SharedTable.join(self.store, code, game=None, **self.table_options)
        except TableProblem as problem:
            self._say(str(problem), error=True)
            return
        self.query_one("#code", Input).value = code
        self._list_seats()

    def _list_seats(self) -> None:
        shared = self.shared
        assert shared is not None
        session = shared.session
        names = ", ".join(info.name for info in session.seats)
        game = shared.row.game
        at = f", round {session.state.round}" if game == "pesten" else ""
        self.query_one("#join-table", Static).update(
            f"Table {shared.code}: {TABLE_GAMES[game].title}{at}, seats {names}.")
        self.choices = seat_choices(shared)
        seats = self.query_one("#join-seats", OptionList)
        seats.clear_options()
        seats.add_options([Option(choice.text()) for choice in self.choices])
        seats.display = bool(self.choices)
        if not self.choices:
            self.query_one("#join-form").display = False
            self._say(NO_SEAT, error=True)
            return
        seats.highlighted = 0
        self._show_form(self.choices[0])
        self._focus_form(self.choices[0])

    # ------------------------------------------------------------------ the seat

    @on(OptionList.OptionHighlighted, "#join-seats")
    def _seat_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_form(self.choices[event.option_index])

    @on(OptionList.OptionSelected, "#join-seats")
    def _seat_selected(self, event: OptionList.OptionSelected) -> None:
        choice = self.choices[event.option_index]
        self._show_form(choice)
        self._focus_form(choice)

    def _focus_form(self, choice: SeatChoice) -> None:
        """The focus where the player types next: their name, or the seat's password. Set
        now, not after a refresh: keys already typed follow it."""
        self.set_focus(self.query_one("#name" if choice.new else "#password"))

    def _chosen(self) -> SeatChoice | None:
        index = self.query_one("#join-seats", OptionList).highlighted
        return None if index is None or index >= len(self.choices) else self.choices[index]

    def _show_form(self, choice: SeatChoice) -> None:
        self.query_one("#join-form").display = True
        self.query_one("#name-row").display = choice.new
        self.query_one("#again-row").display = choice.new
        self.query_one("#sit", Button).label = "Sit down" if choice.new else "Come back"
        self.query_one("#password", PasswordInput).placeholder = (
            PASSWORD_HINT[choice.new])
        other = " Shift+Tab: another seat." if len(self.choices) > 1 else ""
        if choice.new:
            self._say(f"Your name, and a password to come back to your seat later. No "
                      f"name keeps “{choice.name}”.{other}")
        else:
            self._say(f"{choice.name}'s password takes the seat back.{other}")

    def action_next_field(self) -> None:
        """Enter in the name, or in a new seat's first password: the next field, at once.
        Elsewhere Enter does what the focused widget does with it, once the keys before it
        reached it (the code's field reads the code, the seat list takes the seat)."""
        focused, choice = self.focused, self._chosen()
        if choice is None or focused is None:
            raise SkipAction()
        if focused.id == "name":
            self.set_focus(self.query_one("#password"))
        elif focused.id == "password" and choice.new:
            self.set_focus(self.query_one("#again"))
        else:
            raise SkipAction()

    @on(PasswordInput.Submitted, "#password")
    @on(PasswordInput.Submitted, "#again")
    @on(Button.Pressed, "#sit")
    def _sit(self) -> None:
        choice, shared = self._chosen(), self.shared
        if choice is None or shared is None or self._sitting:
            return
        first = self.query_one("#password", PasswordInput)
        second = self.query_one("#again", PasswordInput)
        typed, again = first.take().reveal(), second.take().reveal()
        if not typed:
            self._say(NEEDS_PASSWORD, error=True)
            first.focus()
            return
        if choice.new and typed != again:
            self._say(TWO_DIFFER, error=True)
            first.focus()
            return
        name = self.query_one("#name", Input).value.strip() or choice.name
        self._sitting = True
        self._say("Sitting down…")
        # A Secret, never the string: Textual logs a worker's arguments (TEXTUAL_LOG).
        self._take_seat(shared, choice, name, Secret(typed))

    @work(thread=True, exclusive=True, group="sit")
    def _take_seat(self, shared: SharedTable, choice: SeatChoice, name: str,
                   secret: Secret) -> None:
        """Hash or check the password away from the event loop, then take the seat."""
        problem = None
        password = secret.reveal()
        try:
            if choice.new:
                answer = shared.sit(choice.seat, name, password)
                problem = None if answer.ok else answer.refusal
                if shared.seat is not None:
                    problem = None  # seated; a refused name keeps the opener's placeholder
            else:
                shared.come_back(choice.seat, password)
        except TableProblem as refused:
            problem = str(refused)
        self.from_thread(self._seated, problem)

    def _seated(self, problem: str | None) -> None:
        self._sitting = False
        shared = self.shared
        if problem is not None or shared is None or shared.seat is None:
            if shared is not None:
                try:  # the seats may have changed meanwhile (a friend was quicker)
                    shared.refresh()
                    if seat_choices(shared) != self.choices:
                        self._list_seats()
                except TableProblem as failed:
                    problem = str(failed)
            self.call_after_refresh(self._say, problem or NO_SEAT, error=True)
            return
        seat_screen = table_screen(shared.row.game, "seat")
        self._handed_over = True
        self.app.switch_screen(seat_screen(shared))

    # ------------------------------------------------------------------ words

    def _say(self, text: str, *, error: bool = False) -> None:
        self.query_one("#join-message", MessageLine).show(text, error=error)

    def action_leave(self) -> None:
        self.to_menu()
