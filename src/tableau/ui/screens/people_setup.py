"""Who sits at a Go Fish or Poker table: the number of seats, and for each a name and who
plays it (a CPU, a human here with a password typed twice, or, when it opens a table, an open
seat a friend takes at their own screen) in the one people form every set-up shares
(``widgets/people_form.py``).

Start deals with the game's ``start(seats, seed)``. At one screen the game's screen follows
(several humans there take turns behind their locks; a lone human needs no password). For a
table (``table=True``: the menu's "Open a table…", ``tableau table gofish``) the session goes
into tableau.db (``SharedTable.open``) and the opener's table screen follows, showing the
code; the set-up owns the store it is given (or opens tableau.db's) and hands it over, or
closes it. The hot seats' locks never leave this process.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.containers import VerticalScroll
from textual.widgets import Button
from textual.widgets import Label
from textual.widgets import Select
from textual.widgets import Static

from tableau.engines.poker import NAMES as POKER_NAMES
from tableau.sessions import gofish
from tableau.sessions import poker
from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import REMOTE
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind
from tableau.sessions.seeds import fresh_seed
from tableau.storage.passwords import PasswordScheme
from tableau.storage.table_store import TableStore
from tableau.ui.controls.pesten import DEFAULT_NAMES
from tableau.ui.controls.pesten import SEED_TELLS_ALL
from tableau.ui.games import table_screen
from tableau.ui.screens.base import ButtonActions
from tableau.ui.screens.base import TableauScreen
from tableau.ui.screens.table_open import OpensTable
from tableau.ui.widgets.command_bar import MessageLine
from tableau.ui.widgets.command_bar import screen_foot
from tableau.ui.widgets.header import TitleHeader
from tableau.ui.widgets.narrow import NarrowLayout
from tableau.ui.widgets.people_form import OPEN_SEAT
from tableau.ui.widgets.people_form import PeopleForm


@dataclass(frozen=True, slots=True)
class PeopleGame:
    """What the people set-up needs of one game."""

    title: str
    seats: range
    """How many seats the game takes."""
    cpus: tuple[tuple[str, str, str], ...]
    """Who else plays a seat: (the form's key, its label, the CPU's level)."""
    names: tuple[str, ...]
    start: Callable[[Sequence[SeatInfo], int], Any]
    """The game's ``start(seats, seed)`` (ValueError: a sentence)."""


PEOPLE_GAMES: Mapping[str, PeopleGame] = {
    "gofish": PeopleGame("Go Fish", range(2, 6),
                         (("pro", "CPU (pro)", "pro"), ("easy", "CPU (easy)", "easy")),
                         DEFAULT_NAMES, gofish.start),
    "poker": PeopleGame("Poker", range(2, 7), (("cpu", "CPU", ""),), POKER_NAMES,
                        poker.start),
}
"""The games with a people set-up (Pesten has its own, on the same form)."""
DEFAULT_SEATS = 3
NOBODY_HERE = "Nobody plays here: make a seat Human."
NOBODY_AT_ALL = "Nobody plays at this table: make a seat Human or Open seat."
LOOK = "Please look at the marked fields."


class PeopleSetupScreen(NarrowLayout, OpensTable, ButtonActions, TableauScreen):
    """The seats of a Go Fish or Poker table, then Start (the button, or ctrl+s)."""

    CSS_PATH = "people_setup.tcss"
    AUTO_FOCUS = "#name-0"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start"),
        Binding("escape", "menu", "Menu"),
    ]
    BUTTON_ACTIONS: ClassVar[dict[str, str]] = {"start": "start", "menu": "menu"}

    def __init__(self, game: str, *, table: bool = False, store: TableStore | None = None,
                 seed: int | None = None, players: int | None = None,
                 passwords: PasswordScheme | None = None, **_options: Any) -> None:
        """``game`` is "gofish" or "poker"; ``table``: open a table for friends at other
        screens (``store``: its database, tableau.db's unless given). ``players`` and
        ``seed`` come from the command line, already checked."""
        super().__init__()
        self.game_key = game
        self.game = PEOPLE_GAMES[game]
        self.table = table
        self.store = store
        self.seed = seed
        self.passwords = passwords if passwords is not None else PasswordScheme()
        self.start_players = (players if players is not None and players in self.game.seats
                              else DEFAULT_SEATS)

    # ------------------------------------------------------------------ layout

    def _kinds(self) -> list[tuple[str, str]]:
        cpus = [(key, label) for key, label, _level in self.game.cpus]
        return [(HUMAN, "Human"), *cpus, *([OPEN_SEAT] if self.table else [])]

    def _start_seats(self) -> list[tuple[str, str]]:
        """Two people (here, or here and open), then CPUs of the first level."""
        second = REMOTE if self.table else HUMAN
        cpu = self.game.cpus[0][0]
        kinds = [HUMAN, second, *[cpu] * (self.game.seats[-1] - 2)]
        return list(zip(self.game.names, kinds, strict=False))

    def compose(self) -> ComposeResult:
        title = self.game.title
        yield TitleHeader(icon="♠")
        with VerticalScroll(id="setup"):
            if self.table:
                yield Static(f"{title} — open a table", id="setup-title")
                yield Static("An open seat is a friend's at their own screen (tableau join "
                             "CODE). Each human here types a password twice.", id="setup-hint")
            else:
                yield Static(f"{title} — people at this screen", id="setup-title")
                yield Static("Each human types a password twice: their hand stays locked "
                             "while another plays. One human alone needs none.",
                             id="setup-hint")
            with Horizontal(id="table-options", classes="form-row"):
                yield Label("Seats", classes="field-label")
                yield Select([(str(n), n) for n in self.game.seats], value=self.start_players,
                             allow_blank=False, compact=True, id="seats")
            yield PeopleForm(kinds=self._kinds(), start=self._start_seats(),
                             passwords=self.passwords, id="people")
            with Horizontal(id="setup-buttons"):
                yield Button("Open the table" if self.table else "Start", id="start",
                             variant="success", compact=True)
                yield Button("Menu", id="menu", compact=True)
        yield from screen_foot("setup-message")

    def on_mount(self) -> None:
        self.title = self.game.title
        self.sub_title = "open a table" if self.table else "set-up"
        self.people.show_seats(self.start_players)

    @property
    def people(self) -> PeopleForm:
        return self.query_one(PeopleForm)

    def _message(self, text: str, *, error: bool = False) -> None:
        self.query_one("#setup-message", MessageLine).show(text, error=error)

    # ------------------------------------------------------------------ events

    @on(Select.Changed, "#seats")
    def _seats_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            self.people.show_seats(event.value)

    def action_menu(self) -> None:
        """Escape or the Menu button: back to the menu (nothing is dealt yet)."""
        self.to_menu()

    # ------------------------------------------------------------------ start

    def action_start(self) -> None:
        """Check every seat; deal when all is well (once every password is hashed)."""
        people = self.people
        humans = people.seats(HUMAN)
        first = people.check(warn_open=len(humans) > 1)
        if first is not None:
            self._message(LOOK, error=True)
            self.query_one(first).focus()
            return
        if not humans and not (self.table and people.seats(REMOTE)):
            self._message(NOBODY_AT_ALL if self.table else NOBODY_HERE, error=True)
            self.query_one("#kind-0").focus()
            return
        self.run_worker(self._deal_when_locked(), group="start", exclusive=True)

    async def _deal_when_locked(self) -> None:
        await self.people.wait_for_locks()
        self._deal()

    def _seats(self) -> list[SeatInfo]:
        people = self.people
        levels = {key: level for key, _label, level in self.game.cpus}
        seats = []
        for seat in range(people.count):
            name, kind = people.name_of(seat), people.kind_of(seat)
            if kind in levels:
                seats.append(SeatInfo(name, SeatKind.CPU, levels[kind]))
            else:
                seats.append(SeatInfo(name, SeatKind.HUMAN if kind == HUMAN
                                      else SeatKind.REMOTE))
        return seats

    def _deal(self) -> None:
        """Deal the first game for the seats as set, and sit down at it."""
        seats = self._seats()
        seed = self.seed if self.seed is not None else fresh_seed()
        try:
            session = self.game.start(seats, seed)
        except ValueError as problem:
            self._message(str(problem), error=True)
            return
        locks = {seat: lock for seat, lock in self.people.locks.items() if seat < len(seats)}
        if self.table:
            self.open_shared(self.game_key, session, locks)
        else:
            self.app.switch_screen(table_screen(self.game_key, "here")(
                session=session, locks=locks))
        if self.seed is not None and sum(info.kind is not SeatKind.CPU for info in seats) > 1:
            # Said once, before the first hand is shown: --seed deals every hand.
            self.app.notify(SEED_TELLS_ALL, severity="warning", timeout=20)
