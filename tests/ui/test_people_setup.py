"""Who sits at a Go Fish or Poker table (``ui/screens/people_setup.py`` on the people form,
``ui/widgets/people_form.py``), with Pilot on one TABLEAU_HOME:

- the form marks a taken name and two passwords that differ, hides the passwords of a CPU
  seat, and deals for two humans here (each behind their own lock) and a CPU; a lone human
  needs no password;
- the menu's "Open a table…" asks for the game, and a Go Fish table opens to the opener's
  screen with the code on show; so does a Poker one through ``open_table`` (``tableau table
  poker``);
- a second app on the same tableau.db joins a GOFI- and a POKE- code to that game's seat;
- the set-up step of Go Fish still starts a game against CPUs with Enter, and "Players…"
  (p) reaches the people form.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input
from textual.widgets import Select
from ui_helpers import screen_text
from ui_helpers import until

from tableau.sessions import gofish
from tableau.sessions import poker
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind
from tableau.storage.home import database_path
from tableau.storage.table_store import TableStore
from tableau.tables.shared_table import SharedTable
from tableau.ui.controls.pesten import TWO_DIFFER
from tableau.ui.games import table_screen
from tableau.ui.scenes import still_app
from tableau.ui.screens.people_setup import PeopleSetupScreen
from tableau.ui.screens.table_join import JoinScreen
from tableau.ui.screens.table_open import open_table
from tableau.ui.widgets.password import PasswordInput


def _type(pilot: Pilot[Any], selector: str, text: str) -> None:
    pilot.app.screen.query_one(selector, Input).value = text


async def test_the_form_marks_a_taken_name_and_passwords_that_differ_then_deals() -> None:
    app = still_app(first_screen=partial(PeopleSetupScreen, "gofish"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PeopleSetupScreen)
        text = screen_text(app)
        assert "Go Fish — people at this screen" in text
        assert "Open seat" not in text  # only a table has open seats
        screen.query_one("#kind-2", Select).value = "easy"
        await pilot.pause()
        assert not screen.query_one("#password-2", PasswordInput).display  # a CPU: none
        _type(pilot, "#name-1", "anna")
        _type(pilot, "#password-0", "tulip")
        _type(pilot, "#again-0", "tulp")
        await pilot.press("ctrl+s")
        await pilot.pause()
        text = screen_text(app)
        assert "Seat 1 is already called Anna; pick another name." in text
        assert TWO_DIFFER in text
        assert isinstance(app.screen, PeopleSetupScreen)  # nothing dealt

        _type(pilot, "#name-1", "Bram")
        for seat, password in ((0, "tulip"), (1, "rose")):
            _type(pilot, f"#password-{seat}", password)
            _type(pilot, f"#again-{seat}", password)
        await pilot.press("ctrl+s")
        game_screen = table_screen("gofish", "here")
        await until(pilot, lambda: isinstance(app.screen, game_screen), "the table")
        played: Any = app.screen
        assert [(info.name, info.kind, info.level) for info in played.session.seats] == [
            ("Anna", SeatKind.HUMAN, ""), ("Bram", SeatKind.HUMAN, ""),
            ("Cor", SeatKind.CPU, "easy")]
        assert sorted(played.locks) == [0, 1]  # each human behind their own password
        for seat, password in ((0, "tulip"), (1, "rose")):
            assert played.locks[seat].verify(password) and not played.locks[seat].verify("x")


async def test_a_lone_human_at_one_screen_plays_poker_without_a_password() -> None:
    app = still_app(first_screen=partial(PeopleSetupScreen, "poker"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#kind-1", Select).value = "cpu"
        await pilot.pause()
        await pilot.press("ctrl+s")  # no password, and no warning to stop the deal
        game_screen = table_screen("poker", "here")
        await until(pilot, lambda: isinstance(app.screen, game_screen), "Poker")
        played: Any = app.screen
        assert [(info.name, info.kind) for info in played.session.seats] == [
            ("Anna", SeatKind.HUMAN), ("Bram", SeatKind.CPU), ("Cato", SeatKind.CPU)]
        assert played.locks == {}


async def opens_to_the_code(pilot: Pilot[Any], game: str, prefix: str) -> None:
    """Start at the set-up of a table (Anna here, seat 2 open, CPUs): the opener's screen
    shows the code, and seat 2 is the open one."""
    host_screen = _screen_or_skip(game, "host")
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, PeopleSetupScreen), "the set-up")
    assert "open a table" in screen_text(app)
    await pilot.press("ctrl+s")
    await until(pilot, lambda: isinstance(app.screen, host_screen), "the opener's table")
    await until(pilot, lambda: prefix in screen_text(app), "the code")
    shared = app.screen.shared  # type: ignore[attr-defined]
    assert shared.code.startswith(prefix) and shared.code in screen_text(app)
    assert [seat.seat for seat in shared.seats_of("open")] == [1]


async def test_a_go_fish_table_opened_from_the_menu_shows_its_code() -> None:
    app = still_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("o")  # which game first
        await pilot.pause()
        assert "Game" in screen_text(app) and "Pesten" in screen_text(app)
        await pilot.press("right", "enter")
        await opens_to_the_code(pilot, "gofish", "GOFI-")


async def test_tableau_table_poker_opens_a_poker_table_to_its_code() -> None:
    app = still_app(first_screen=partial(open_table, {"game": "poker", "players": 3,
                                                      "seed": None}))
    async with app.run_test(size=(80, 24)) as pilot:
        await opens_to_the_code(pilot, "poker", "POKE-")


@pytest.mark.parametrize("game", ["gofish", "poker"])
async def test_a_second_app_joins_a_go_fish_or_poker_code_to_its_seat(game: str) -> None:
    seat_screen = _screen_or_skip(game, "seat")
    store = TableStore(database_path())
    start = gofish.start if game == "gofish" else poker.start
    session = start([SeatInfo("Anna", SeatKind.REMOTE), SeatInfo("Seat two", SeatKind.REMOTE),
                     SeatInfo("Cor", SeatKind.CPU, "pro" if game == "gofish" else "")], 5)
    opener = SharedTable.open(store, session)
    assert opener.sit(0, "Anna", "anna's secret").ok
    app = still_app(first_screen=partial(JoinScreen, opener.code))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            title = "Go Fish" if game == "gofish" else "Poker"
            assert f"Table {opener.code}: {title}, seats Anna, Seat two, Cor." in screen_text(app)
            await pilot.press(*"Zoe", "enter", *"z", "enter", *"z", "enter")
            await until(pilot, lambda: isinstance(app.screen, seat_screen), "the seat")
            assert app.screen.shared.seat == 1  # type: ignore[attr-defined]
            opener.refresh()
            assert opener.session.seats[1].name == "Zoe"
    finally:
        opener.leave()
        store.close()


async def test_the_set_up_step_still_starts_at_once_and_players_reaches_the_form() -> None:
    app = still_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("3")  # Go Fish
        await pilot.pause()
        assert "Players…" in screen_text(app)
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, PeopleSetupScreen), "the form")
        assert "Go Fish — people at this screen" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("3", "enter")  # as today: one human against CPUs
        game_screen = table_screen("gofish", "here")
        await until(pilot, lambda: isinstance(app.screen, game_screen), "Go Fish")
        seats = app.screen.session.seats  # type: ignore[attr-defined]
        assert [info.kind for info in seats] == [SeatKind.HUMAN, SeatKind.CPU]


def _screen_or_skip(game: str, role: str) -> Any:
    """The game's table screen; skipped while another helper still builds it."""
    try:
        return table_screen(game, role)
    except (ImportError, AttributeError):
        pytest.skip(f"{game}'s {role} screen is not built yet")
