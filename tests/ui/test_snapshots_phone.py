"""Pictures of the table screens at a phone's size in portrait, 40×47 cells (what
`tableau serve` gives a 390-px phone, issue 30 "Friends on phones"): the narrow layout
(``-narrow``, ui/widgets/narrow.py) stacks the seats above the piles and makes the buttons and
the cards in the hand at least two rows high. The set-ups give each seat two rows (name and
who plays; password, again and status) and wrap Pesten's table options, so every field a
player types in is on screen, and a phone still deals. The scenes are those of the 80×24 and
120×40 pictures, whose SVGs stay as they were."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input
from ui_helpers import until

from tableau.sessions.pesten import HUMAN
from tableau.ui.scenes import Scene
from tableau.ui.scenes import keys
from tableau.ui.scenes import scenes_for
from tableau.ui.screens.pesten import PestenScreen
from tableau.ui.widgets.narrow import NARROW_WIDTH

PHONE = (40, 47)

SHOWN = (("pesten", "lock"), ("pesten", "hand"), ("pesten", "big-hand"),
         ("tables", "join"), ("tables", "your-turn"), ("gofish", "mid-game"),
         ("poker", "deal"), ("poker", "discards-marked"), ("pesten", "setup"),
         ("tables", "poker-open"), ("yukon", "picked"))
"""The hot-seat table locked and open, a hand of thirty, the join form, a friend's seat, Go
Fish with two CPUs, Poker's betting (Call, Raise, Fold, Advice) and its draw; Pesten's set-up
and the people set-up opening a Poker table (a human, an open seat and a CPU); Yukon mid-game
with a run picked up (its narrow side panel leaves each column a whole face)."""


def scene(game: str, name: str) -> Scene:
    return next(scene for scene in scenes_for(game) if scene.name == name)


@pytest.mark.parametrize(("game", "name"), SHOWN, ids=lambda part: part)
def test_the_table_screens_fit_a_phone(snap_compare: Any, game: str, name: str) -> None:
    shown = scene(game, name)
    assert snap_compare(shown.make_app(), terminal_size=PHONE, run_before=shown.setup)


async def test_the_narrow_layout_is_only_for_narrow_screens() -> None:
    """From NARROW_WIDTH columns on, the layout is the one of 80×24 (whose pictures stay)."""
    shown = scene("pesten", "hand")
    app = shown.make_app()
    async with app.run_test(size=(NARROW_WIDTH, 24)) as pilot:
        await shown.setup(pilot)
        await pilot.pause()
        assert not app.screen.has_class("-narrow")


def tall_enough(screen: Any, buttons: str, cards: str) -> None:
    """Every button shown and every card of the hand is a tap target of two rows or more,
    and inside the screen's 40 columns."""
    shown = [widget for widget in (*screen.query(buttons), *screen.query(cards))
             if widget.display]
    assert shown
    for widget in shown:
        region = widget.region
        assert region.height >= 2 and region.right <= PHONE[0], widget


@pytest.mark.parametrize(("game", "name", "buttons", "cards"), [
    ("pesten", "hand", "#actions Button", "#cards CardView"),
    ("poker", "deal", "#buttons Button", "#my-hand CardView"),
    ("tables", "join", "#join Button", "#no-cards"),
])
async def test_tap_targets_on_a_phone_are_two_rows_high(game: str, name: str, buttons: str,
                                                        cards: str) -> None:
    shown = scene(game, name)
    app = shown.make_app()
    async with app.run_test(size=PHONE) as pilot:
        await shown.setup(pilot)
        await pilot.pause()
        assert app.screen.has_class("-narrow")
        tall_enough(app.screen, buttons, cards)


def inside_a_phone(widgets: list[Any]) -> None:
    """Each widget is shown (four cells wide or more: a digit and a Select's arrow) and lies
    inside the phone's screen."""
    for widget in widgets:
        region = widget.region
        assert region.width >= 4 and region.x >= 0 and region.right <= PHONE[0], widget
        assert region.y >= 0 and region.bottom <= PHONE[1], widget


def the_fields(screen: Any) -> list[Any]:
    """A set-up's fields to type in or choose: the name of every seat shown, the password
    and again of each human's, the table's options and the buttons (two rows high)."""
    assert all(button.region.height >= 2 for button in screen.query("#setup-buttons Button"))
    form: Any = screen.query_one("PeopleForm")
    humans = form.seats(HUMAN)
    assert humans
    return [*(screen.query_one(f"#name-{seat}") for seat in range(form.count)),
            *(screen.query_one(f"#{field}-{seat}") for seat in humans
              for field in ("password", "again")),
            *screen.query("#table-options Select, #setup-buttons Button")]


async def test_every_field_of_the_people_set_up_is_on_a_phone() -> None:
    """Go Fish's and Poker's set-up (here opening a table: a human, an open seat, a CPU)."""
    shown = scene("tables", "poker-open")
    app = shown.make_app()
    async with app.run_test(size=PHONE) as pilot:
        await shown.setup(pilot)
        assert app.screen.has_class("-narrow")
        inside_a_phone(the_fields(app.screen))


async def test_a_phone_sees_every_field_types_the_seats_in_and_deals() -> None:
    """Pesten's set-up at 40×47: every field is on screen, the house rules' too once their
    section is opened with a tap. Tapping fields and typing, with Tab from field to field in
    the order of a wide screen (name, who plays, password, again, the next name), then the
    Start key, deals round 1 to those names behind those passwords."""
    shown = scene("pesten", "setup")
    app = shown.make_app()
    async with app.run_test(size=PHONE) as pilot:
        await shown.setup(pilot)
        screen = app.screen
        assert screen.has_class("-narrow")
        inside_a_phone(the_fields(screen))
        for seat, (name, password) in enumerate((("Ida", "owl"), ("Jan", "elk"))):
            await pilot.click(f"#name-{seat}")
            await pilot.press("home", "ctrl+k", *keys(name), "tab", "tab")
            assert screen.focused is not None and screen.focused.id == f"password-{seat}"
            await pilot.press(*keys(password))
            await pilot.click(f"#again-{seat}")  # a tap: out of the screen, it would raise
            await pilot.press(*keys(password), "tab")
            assert screen.focused is not None and screen.focused.id == f"name-{seat + 1}"
        assert not any(field.value for field in screen.query(".password").results(Input))
        await pilot.click("#house CollapsibleTitle")
        await pilot.pause()
        inside_a_phone([field for field in screen.query("#house Select, #house Input, "
                                                        "#house TickBox, #house Button")
                        if field.display])
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, PestenScreen), "round 1 dealt")
        played: Any = app.screen
        chairs = played.session.chairs
        assert [chair.name for chair in chairs] == ["Ida", "Jan", "Cor"]
        assert chairs[0].lock.verify("owl") and chairs[1].lock.verify("elk")
        assert not chairs[0].lock.verify("elk")
