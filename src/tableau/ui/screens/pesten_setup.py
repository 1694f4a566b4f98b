"""Pesten set-up: seats, names, who plays them, passwords, packs, jokers and the dealer; and
in the "House rules & scoring" section (collapsed, so the seats stay on the first screen at
80×24) the match, the five house-rule switches and the points table.

The seats' rows are the people form every set-up shares (``widgets/people_form.py``): a
password is hashed (Argon2id, in a worker thread) as soon as it has been typed twice, both
fields are cleared at once and only the hash is kept; Start waits for a hash under way. Names
must fit the table's seat list whole. Problems are shown on the line under the field they
concern.

The seats' names and kinds (never a password), the match and the house rules are remembered
in settings.toml when the table starts, and the next set-up starts from them (the number of
seats and the kinds only when the command line did not set the table). A bad match target or
points value is marked under its field with the engine's sentence (``house_problem``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.containers import VerticalScroll
from textual.widgets import Button
from textual.widgets import Collapsible
from textual.widgets import Input
from textual.widgets import Label
from textual.widgets import Select
from textual.widgets import Static

from tableau.engines import pesten as engine
from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Seat
from tableau.sessions.seeds import fresh_seed
from tableau.storage.passwords import PasswordScheme
from tableau.storage.sealed import MIN_PASSWORDS
from tableau.ui.controls.pesten import DEFAULT_NAMES
from tableau.ui.controls.pesten import KINDS
from tableau.ui.controls.pesten import SEED_TELLS_ALL
from tableau.ui.controls.pesten import seat_kinds
from tableau.ui.screens.base import ButtonActions
from tableau.ui.screens.base import GameScreen
from tableau.ui.screens.pesten_setup_rules import HouseRulesForm
from tableau.ui.widgets.command_bar import MessageLine
from tableau.ui.widgets.command_bar import screen_foot
from tableau.ui.widgets.header import TitleHeader
from tableau.ui.widgets.narrow import NarrowLayout
from tableau.ui.widgets.people_form import NAME_WIDTH as NAME_WIDTH
from tableau.ui.widgets.people_form import PeopleForm
from tableau.ui.widgets.people_form import show_problem

DEFAULT_SEATS = 3

UNSAVED = (f"This round will not be saved: that needs {MIN_PASSWORDS} players with a "
           "password, or one of you could read the other hands and the stock from the file.")
"""Said before play when fewer than two humans lock their seat (``sealed.can_seal``)."""


def _numbers(low: int, high: int) -> list[tuple[str, int]]:
    """A Select's choices: the whole numbers ``low`` to ``high``."""
    return [(str(n), n) for n in range(low, high + 1)]


class PestenSetupScreen(NarrowLayout, HouseRulesForm, ButtonActions, GameScreen, game="pesten"):
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
        yield TitleHeader(icon="♠")  # Textual's own ⭘ is an empty box in a browser's fallback font
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
                    _numbers(engine.MIN_PLAYERS, engine.MAX_PLAYERS),
                    value=self.start_players, allow_blank=False, compact=True, id="seats",
                )
                yield Label("Packs", classes="field-label")
                yield Select(
                    _numbers(*engine.PACKS_RANGE),
                    value=self.start_packs, allow_blank=False, compact=True, id="packs",
                )
                yield Label("Jokers/pack", classes="field-label")
                yield Select(
                    _numbers(0, engine.MAX_JOKERS),
                    value=self.start_jokers, allow_blank=False, compact=True, id="jokers",
                )
                yield Label("Dealer", classes="field-label")
                self._dealer_listed = self._dealer_options()
                yield Select(
                    list(self._dealer_listed), value=0, allow_blank=False, compact=True,
                    id="dealer",
                )
            yield MessageLine("", id="problem-table", classes="problem", markup=False)
            yield PeopleForm(kinds=KINDS, passwords=self.passwords, id="people",
                             start=list(zip(self.start_names, self.start_kinds, strict=True)))
            yield from self._house_rules()
            yield Static("", id="saving-note", markup=False)
            with Horizontal(id="setup-buttons"):
                yield Button("Start", id="start", variant="success", compact=True)
                yield Button("Menu", id="menu", compact=True)
        yield from screen_foot("setup-message")

    def on_mount(self) -> None:
        super().on_mount()
        self.sub_title = "set-up"
        self._show_match()
        self._show_seats()
        self.query_one("#name-0", Input).focus()

    @property
    def people(self) -> PeopleForm:
        return self.query_one(PeopleForm)

    # ------------------------------------------------------------------ showing

    def _show_seats(self) -> None:
        self.people.show_seats(self.seat_count)
        self._refresh_dealer()

    def _show_saving(self) -> None:
        """Say before play whether the round will be saved: only with two or more players
        holding a password can it be sealed so that no one player reads the rest."""
        people = self.people
        humans = people.seats(HUMAN)
        holders = sum(seat in people.locks for seat in humans)
        unsaved = bool(humans) and holders < MIN_PASSWORDS
        note = self.query_one("#saving-note", Static)
        note.update(UNSAVED if unsaved else "")
        note.display = unsaved

    @on(PeopleForm.Changed)
    def _people_changed(self) -> None:
        self._show_saving()

    def _problem(self, seat: int | str, text: str, *, warning: bool = False) -> None:
        show_problem(self.query_one(f"#problem-{seat}", MessageLine), text, warning=warning)

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

    @on(Input.Changed, ".name")
    def _name_changed(self) -> None:
        self._refresh_dealer()

    def action_menu(self) -> None:
        """Escape or the Menu button: back to the menu (nothing is dealt yet)."""
        self.to_menu()

    # ------------------------------------------------------------------ start

    def action_start(self) -> None:
        """Check every field; deal when all is well, else mark what needs fixing."""
        first_problem = self.people.check()
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
        if self.people.hashing:  # deal once every typed password is hashed
            self.run_worker(self._deal_when_locked(), group="start", exclusive=True)
            return
        self._deal()

    async def _deal_when_locked(self) -> None:
        await self.people.wait_for_locks()
        self._deal()

    def _deal(self) -> None:
        """Deal round 1 for the table as set and sit down at it."""
        dealt = self._dealt()
        if dealt is not None:
            self._sit_down(*dealt)

    def _dealt(self) -> tuple[PestenSession, list[Seat]] | None:
        """Round 1 dealt for the seats as set, or None (the problem marked on the form)."""
        people = self.people
        seats = []
        for seat in range(self.seat_count):
            kind = people.kind_of(seat)
            seats.append(Seat(people.name_of(seat), kind,
                              people.lock_of(seat) if kind == HUMAN else None))
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
