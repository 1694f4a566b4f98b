"""Pictures of the table screens at a phone's size in portrait, 40×47 cells (what
`tableau serve` gives a 390-px phone, issue 30 "Friends on phones"): the narrow layout
(``-narrow``, ui/widgets/narrow.py) stacks the seats above the piles and makes the buttons and
the cards in the hand at least two rows high. The scenes are those of the 80×24 and 120×40
pictures, whose SVGs stay as they were."""

from __future__ import annotations

from typing import Any

import pytest

from tableau.ui.scenes import Scene
from tableau.ui.scenes import scenes_for
from tableau.ui.widgets.narrow import NARROW_WIDTH

PHONE = (40, 47)

SHOWN = (("pesten", "lock"), ("pesten", "hand"), ("pesten", "big-hand"),
         ("tables", "join"), ("tables", "your-turn"), ("gofish", "mid-game"),
         ("poker", "deal"), ("poker", "discards-marked"))
"""The hot-seat table locked and open, a hand of thirty, the join form, a friend's seat, Go
Fish with two CPUs, Poker's betting (Call, Raise, Fold, Advice) and its draw."""


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
