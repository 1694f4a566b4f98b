"""The Pesten set-up's "House rules & scoring" section (a mixin of ``PestenSetupScreen``):
the match and its target, the house-rule switches and the points table, as remembered in
settings.toml; a bad target or points value is marked under its field with the engine's
sentence (``rules_problem``)."""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Any

from textual.app import ComposeResult
from textual.containers import Grid
from textual.containers import Horizontal
from textual.css.query import NoMatches
from textual.widgets import Button
from textual.widgets import Collapsible
from textual.widgets import Input
from textual.widgets import Label
from textual.widgets import Select

from tableau.engines import pesten as engine
from tableau.engines.pesten import HOUSE_RULES
from tableau.ui.widgets.command_bar import MessageLine
from tableau.ui.widgets.tickbox import TickBox

if TYPE_CHECKING:
    from tableau.ui.screens.base import GameScreen

    _Screen = GameScreen
else:
    _Screen = object


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


class HouseRulesForm(_Screen):
    """The rules half of the set-up: packs, jokers and the dealer (checked against the
    seats), the match and the house rules."""

    start_names: tuple[str, ...]
    start_players: int
    _dealer_listed: list[tuple[str, int]] | None = None
    """The dealer's options as last set (None: as composed, not yet refreshed)."""

    @property
    def seat_count(self) -> int:
        return self._int("#seats")

    def _seat_name(self, seat: int) -> str:
        return self.query_one(f"#name-{seat}", Input).value.strip()

    def _int(self, selector: str) -> int:
        """The number chosen in a Select of numbers (never blank: allow_blank=False)."""
        value = self.query_one(selector, Select).value
        return value if isinstance(value, int) else 0

    def _dealer_options(self) -> list[tuple[str, int]]:
        try:
            self.query_one("#seats", Select)
        except NoMatches:  # still being composed: the default table
            return [(self.start_names[seat], seat) for seat in range(self.start_players)]
        return [
            (self._seat_name(seat) or f"Seat {seat + 1}", seat)
            for seat in range(self.seat_count)
        ]

    def _refresh_dealer(self) -> None:
        """The dealer's list as the seats now are (left alone when no name or seat changed:
        each name shown as the set-up opens would else rebuild it)."""
        dealer = self.query_one("#dealer", Select)
        options = self._dealer_options()
        if options == self._dealer_listed:
            return
        self._dealer_listed = options
        chosen = dealer.value
        dealer.set_options(options)
        if isinstance(chosen, int) and chosen < self.seat_count:
            dealer.value = chosen

    def _check_table(self) -> bool:
        problem = engine.config_problem(
            self.seat_count, self._int("#packs"), self._int("#jokers"), dealer=self._dealer()
        )
        self._problem("table", problem or "")
        return problem is None

    def _dealer(self) -> int:
        value = self.query_one("#dealer", Select).value
        return value if isinstance(value, int) and value < self.seat_count else 0


    def _house_rules(self) -> ComposeResult:
        """The match, the switches and the points table, as remembered."""
        remembered = self.runtime.settings
        match = remembered.get("pesten", "match")
        # Born with the class its folded state gives it (Textual's "-collapsed"): else it is
        # added as the section mounts, and restyles all 66 widgets in it once more.
        with Collapsible(title="House rules & scoring", id="house", classes="-collapsed"):
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

    # Handlers by name (a plain mixin gets no ``@on`` registration from Textual).

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "match":
            self._show_match()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.has_class("target") or event.input.has_class("card-points"):
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

    def _remember_rules(self, rules: dict[str, Any]) -> None:
        """Keep the match and house rules for the next set-up (a match target is kept per
        kind, so the other kind's stays as it was)."""
        if rules["match"] != "open":
            self.remember("pesten", rules["match"], rules["target"])
        self.remember("pesten", "match", rules["match"])
        self.remember("pesten", "card_points", list(rules["card_points"]))
        for key in HOUSE_RULES:
            self.remember("pesten", key, rules[key])
