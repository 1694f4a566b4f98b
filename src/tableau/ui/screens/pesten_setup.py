"""Pesten set-up: seats, names, who plays them, passwords, packs, jokers and the dealer; and
in the "House rules & scoring" section (collapsed, so the seats stay on the first screen at
80×24) the match, the five house-rule switches and the points table.

A password is hashed (Argon2id) as soon as it has been typed twice and the fields are left
or Enter is pressed; both fields are cleared at once and only the hash is kept. A password
that another seat already has is refused. Names must fit the table's seat list whole.
Problems are shown on the line under the field they concern.

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
from textual.containers import Grid
from textual.containers import Horizontal
from textual.containers import Vertical
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Button
from textual.widgets import Collapsible
from textual.widgets import Footer
from textual.widgets import Header
from textual.widgets import Input
from textual.widgets import Label
from textual.widgets import Select
from textual.widgets import Static

from tableau.engines import pesten as engine
from tableau.engines.pesten import HOUSE_RULES
from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import HotSeat
from tableau.sessions.pesten import Seat
from tableau.sessions.seeds import fresh_seed
from tableau.storage.passwords import PasswordScheme
from tableau.storage.passwords import SeatLock
from tableau.storage.sealed import MIN_PASSWORDS
from tableau.ui.controls.pesten import DEFAULT_NAMES
from tableau.ui.controls.pesten import KINDS
from tableau.ui.controls.pesten import SEED_TELLS_ALL
from tableau.ui.controls.pesten import TWO_DIFFER
from tableau.ui.controls.pesten import seat_kinds
from tableau.ui.screens.base import ButtonActions
from tableau.ui.screens.base import GameScreen
from tableau.ui.widgets.command_bar import MessageLine
from tableau.ui.widgets.password import PasswordInput
from tableau.ui.widgets.tickbox import TickBox

DEFAULT_SEATS = 3

UNSAVED = (f"This round will not be saved: that needs {MIN_PASSWORDS} players with a "
           "password, or one of you could read the other hands and the stock from the file.")
"""Said before play when fewer than two humans lock their seat (``sealed.can_seal``)."""

NAME_WIDTH = engine.MAX_NAME_LENGTH
"""Columns a name field holds: the engine's rule (``engine.name_problem``), which keeps a
name short enough for the table's seat list to show it whole."""


MATCHES = (
    ("Open (round after round)", "open"),
    ("First to N round wins", "wins"),
    ("Points limit P", "points"),
)
SWITCHES = (
    ("sets_are_series", "A set counts as a series for “last card”"),
    ("wrap_runs", "Runs wrap through the ace (K-A-2)"),
    ("either_order", "A two-card set with the top card: either order"),
)
"""The on/off house rules shown as check boxes, with their short labels."""
CARD_NAMES = ("Joker", "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen",
              "King")
"""The points table's labels, in ``engine.CARD_POINT_NAMES`` order."""


def _number(text: str) -> int | str:
    """A typed whole number, or the text itself for the engine to refuse in its words."""
    try:
        return int(text.strip())
    except ValueError:
        return text


def rules_problem(rules: dict[str, Any]) -> str | None:
    """The engine's sentence for these house rules and match, or None if they can be played
    (the smallest table stands in for the seats, checked apart)."""
    try:
        engine.Config(players=engine.MIN_PLAYERS, **rules)
    except (ValueError, TypeError) as problem:
        return str(problem)
    return None


def _seat_of(field: Widget) -> int:
    """The seat a field belongs to: the number that ends its id ("name-2" is seat 2)."""
    return int((field.id or "x-0").rsplit("-", 1)[1])


class PestenSetupScreen(ButtonActions, GameScreen, game="pesten"):
    """Choose the table, then Start (the button, or ctrl+s) deals round 1."""

    CSS_PATH = "pesten_setup.tcss"
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
        self.locks: dict[int, SeatLock] = {}
        """Seat index -> the lock made from the password typed for it (hash only)."""
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
                yield Select(
                    self._dealer_options(), value=0, allow_blank=False, compact=True,
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
        yield Footer()

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

    def _house_rules(self) -> ComposeResult:
        """The match, the switches and the points table, as remembered."""
        remembered = self.runtime.settings
        match = remembered.get("pesten", "match")
        with Collapsible(title="House rules & scoring", id="house"):
            with Horizontal(classes="form-row"):
                yield Label("Match", classes="field-label")
                yield Select([(label, key) for label, key in MATCHES], value=match,
                             allow_blank=False, compact=True, id="match")
                yield Label("N", id="wins-label", classes="field-label")
                yield Input(str(remembered.get("pesten", "wins")), compact=True, id="wins",
                            classes="target", type="integer", max_length=6,
                            placeholder="{}–{}".format(*engine.WINS_RANGE))
                yield Label("P", id="points-label", classes="field-label")
                yield Input(str(remembered.get("pesten", "points")), compact=True,
                            id="points", classes="target", type="integer", max_length=6,
                            placeholder="{}–{}".format(*engine.POINTS_RANGE))
            yield MessageLine("", id="problem-match", classes="problem", markup=False)
            with Horizontal(classes="form-row"):
                yield Label("Forgotten last card", classes="field-label")
                yield Select([("costs 2 cards", 2), ("costs 5 cards", 5)],
                             value=remembered.get("pesten", "forgot_penalty"),
                             allow_blank=False, compact=True, id="forgot_penalty")
                yield Label("Out on a special", classes="field-label")
                yield Select([("allowed", True), ("costs 5 cards", False)],
                             value=remembered.get("pesten", "special_finish"),
                             allow_blank=False, compact=True, id="special_finish")
            for key, label in SWITCHES:
                yield TickBox(label, remembered.get("pesten", key), compact=True, id=key,
                               classes="switch")
            with Horizontal(classes="form-row points-head"):
                yield Label("Points a card left in a hand counts", classes="field-label")
                yield Button("Defaults", id="point-defaults", compact=True)
            with Grid(id="card-points"):
                for index, (name, points) in enumerate(
                    zip(CARD_NAMES, remembered.get("pesten", "card_points"), strict=True)
                ):
                    yield Label(name, classes="card-name")
                    yield Input(str(points), compact=True, id=f"card-points-{index}",
                                classes="card-points", type="integer", max_length=4)
            yield MessageLine("", id="problem-points", classes="problem", markup=False)

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

    @property
    def seat_count(self) -> int:
        return self._int("#seats")

    def _int(self, selector: str) -> int:
        """The number chosen in a Select of numbers (never blank: allow_blank=False)."""
        value = self.query_one(selector, Select).value
        return value if isinstance(value, int) else 0

    def _seat_name(self, seat: int) -> str:
        return self.query_one(f"#name-{seat}", Input).value.strip()

    def _seat_kind(self, seat: int) -> str:
        return str(self.query_one(f"#kind-{seat}", Select).value)

    def _dealer_options(self) -> list[tuple[str, int]]:
        if not self.query("#seats"):  # still being composed: the default table
            return [(self.start_names[seat], seat) for seat in range(self.start_players)]
        return [
            (self._seat_name(seat) or f"Seat {seat + 1}", seat)
            for seat in range(self.seat_count)
        ]

    # ------------------------------------------------------------------ showing

    def _show_seats(self) -> None:
        count = self.seat_count
        for seat in range(engine.MAX_PLAYERS):
            self.query_one(f"#seat-{seat}").display = seat < count
        self._refresh_dealer()

    def _refresh_dealer(self) -> None:
        dealer = self.query_one("#dealer", Select)
        chosen = dealer.value
        dealer.set_options(self._dealer_options())
        if isinstance(chosen, int) and chosen < self.seat_count:
            dealer.value = chosen

    def _show_kind(self, seat: int) -> None:
        human = self._seat_kind(seat) == HUMAN
        for prefix in ("password", "again"):
            self.query_one(f"#{prefix}-{seat}", Input).display = human
        if not human:
            self.locks.pop(seat, None)
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

    @on(Select.Changed, "#match")
    def _match_changed(self) -> None:
        self._show_match()

    @on(Input.Changed, ".target, .card-points")
    def _rule_typed(self) -> None:
        self._check_rules()

    def _show_match(self) -> None:
        match = self.query_one("#match", Select).value
        for key in ("wins", "points"):
            self.query_one(f"#{key}", Input).display = match == key
            self.query_one(f"#{key}-label", Label).display = match == key
        self._check_rules()

    def action_point_defaults(self) -> None:
        """The Defaults button: the points table as the rules document gives it."""
        for index, points in enumerate(engine.DEFAULT_CARD_POINTS):
            self.query_one(f"#card-points-{index}", Input).value = str(points)
        self._check_rules()

    def _house(self) -> dict[str, Any]:
        """The match and house rules as chosen, as ``engine.Config`` fields (a typed value
        that is not a whole number stays text, for the engine's sentence)."""
        match = str(self.query_one("#match", Select).value)
        rules: dict[str, Any] = {
            "match": match,
            "target": _number(self.query_one(f"#{match}", Input).value)
            if match != "open" else 0,
            "card_points": tuple(
                _number(self.query_one(f"#card-points-{index}", Input).value)
                for index in range(len(CARD_NAMES))
            ),
            "forgot_penalty": self.query_one("#forgot_penalty", Select).value,
            "special_finish": self.query_one("#special_finish", Select).value,
        }
        for key, _label in SWITCHES:
            rules[key] = self.query_one(f"#{key}", TickBox).value
        return rules

    def _check_rules(self) -> str | None:
        """Mark the match target and each bad points value with the engine's sentence;
        return the selector of the first bad field, or None."""
        rules = self._house()
        first: str | None = None
        target = rules_problem({"match": rules["match"], "target": rules["target"]})
        self._problem("match", target or "")
        for key in ("wins", "points"):
            self.query_one(f"#{key}", Input).set_class(target is not None, "-bad")
        if target is not None:
            first = f"#{rules['match']}"
        said: list[str] = []
        for index, points in enumerate(rules["card_points"]):
            table = list(engine.DEFAULT_CARD_POINTS)
            table[index] = points
            problem = rules_problem({"card_points": tuple(table)})
            self.query_one(f"#card-points-{index}", Input).set_class(problem is not None, "-bad")
            if problem is not None:
                first = first or f"#card-points-{index}"
                if problem not in said:
                    said.append(problem)
        self._problem("points", " ".join(said))
        return first

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
        Whether another seat has the same password is never checked: saying so would tell
        whoever typed it that a guess at another player's password is right (an oracle
        faster than the lock screen, with no wait)."""
        if typed != again:
            return TWO_DIFFER
        self.locks[seat] = self.passwords.lock(self._seat_name(seat), typed)
        return None

    def _check_table(self) -> bool:
        problem = engine.config_problem(
            self.seat_count, self._int("#packs"), self._int("#jokers"), dealer=self._dealer()
        )
        self._problem("table", problem or "")
        return problem is None

    def _dealer(self) -> int:
        value = self.query_one("#dealer", Select).value
        return value if isinstance(value, int) and value < self.seat_count else 0

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
            if seat not in self.locks and seat not in self.warned_open:
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
        seats = []
        for seat in range(count):
            name = self._seat_name(seat)
            kind = self._seat_kind(seat)
            lock = None
            if kind == HUMAN:
                lock = self.locks.get(seat) or self.passwords.lock(name, "")
                lock.name = name
            seats.append(Seat(name, kind, lock))
        seed = self.seed if self.seed is not None else fresh_seed()
        rules = self._house()
        try:
            table = HotSeat.deal(
                seats, packs=self._int("#packs"), jokers=self._int("#jokers"),
                dealer=self._dealer(), seed=seed, rules=rules,
            )
        except ValueError as problem:
            self._problem("table", str(problem))
            self._message("Please look at the marked fields.", error=True)
            return
        self.remember("pesten", "seats",
                      [{"name": seat.name, "kind": seat.kind} for seat in seats])
        self._remember_rules(rules)
        from tableau.ui.screens.pesten import PestenScreen

        self.app.switch_screen(PestenScreen(table))
        if self.seed is not None and sum(seat.is_human for seat in seats) > 1:
            # Said once, before the first hand is unlocked: --seed deals every hand.
            self.app.notify(SEED_TELLS_ALL, severity="warning", timeout=20)


    def _remember_rules(self, rules: dict[str, Any]) -> None:
        """Keep the match and house rules for the next set-up (a match target is kept per
        kind, so the other kind's stays as it was)."""
        if rules["match"] != "open":
            self.remember("pesten", rules["match"], rules["target"])
        self.remember("pesten", "match", rules["match"])
        self.remember("pesten", "card_points", list(rules["card_points"]))
        for key in HOUSE_RULES:
            self.remember("pesten", key, rules[key])


def open_pesten(options: dict[str, Any]) -> GameScreen:
    """The menu's factory: the set-up screen, or straight to a table prepared by a scene/test
    (``table=HotSeat(...)``)."""
    table = options.get("table")
    if isinstance(table, HotSeat):
        from tableau.ui.screens.pesten import PestenScreen

        return PestenScreen(table)
    return PestenSetupScreen(**{k: v for k, v in options.items() if k != "table"})
