"""No card, suit, joker or playable mark reaches the clipboard through a text selection
(issue 27, C10): drags, double and triple clicks and a select-all on every game screen,
followed by ctrl+c, copy nothing that shows a card, a hand or a count."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widget import Widget

from tableau.ui.scenes import Scene
from tableau.ui.scenes import scenes_for
from tableau.ui.widgets.card import CardView
from tableau.ui.widgets.hand import Hand
from tableau.ui.widgets.pile import Pile

SIZE = (120, 40)

GAME_SCREENS = {
    "yukon": "deal",
    "pesten": "big-hand",  # a revealed hand of 30 cards, jokers among them
    "gofish": "start",
    "poker": "deal",
}

FORBIDDEN = (
    "CardView", "Pile", "ButtonGrid", "in-hand", "-marked", "-legal", "-dimmed",
    "-red", "-black", "-back",
    "clubs", "diamonds", "hearts", "spades", "joker",
    "♠", "♥", "♦", "♣",
)
"""What a copied selection gave away: widget class names (which carry the suit, the joker
and which cards are playable), suit words and glyphs (every card face shows one)."""


def scene(game: str) -> Scene:
    return next(found for found in scenes_for(game) if found.name == GAME_SCREENS[game])


def leaked(text: str) -> list[str]:
    return [word for word in FORBIDDEN if word.lower() in text.lower()]


async def copy(pilot: Pilot[Any]) -> str:
    """ctrl+c, as a player copies a selection; the app's clipboard afterwards."""
    await pilot.press("ctrl+c")
    await pilot.pause()
    return pilot.app.clipboard


async def drag(pilot: Pilot[Any], start: tuple[int, int], end: tuple[int, int]) -> None:
    await pilot.mouse_down(offset=start)
    await pilot.hover(offset=end)
    await pilot.mouse_up(offset=end)
    await pilot.pause()


def hand_of(pilot: Pilot[Any]) -> Widget:
    """The player's own hand, or Yukon's table."""
    hands = list(pilot.app.screen.query(Hand))
    if hands:
        return hands[0]
    return pilot.app.screen.query(Pile).first()


@pytest.mark.parametrize("game", sorted(GAME_SCREENS))
async def test_no_drag_click_or_select_all_on_a_game_screen_copies_a_card(game: str) -> None:
    shown = scene(game)
    app = shown.make_app()
    async with app.run_test(size=SIZE) as pilot:
        await shown.setup(pilot)
        await pilot.pause()
        width, height = SIZE
        await drag(pilot, (0, 0), (width - 1, height - 1))
        assert leaked(await copy(pilot)) == [], "a drag across the whole screen"
        hand = hand_of(pilot)
        region = hand.region
        await drag(pilot, (region.x, region.y + 1), (region.right - 1, region.bottom - 1))
        assert leaked(await copy(pilot)) == [], "a drag across the hand"
        views = list(hand.query(CardView))
        for times in (2, 3):  # a double click selects a widget, a triple its container
            await pilot.click(views[0] if views else hand, offset=(1, 1), times=times)
            assert leaked(await copy(pilot)) == [], f"{times} clicks on a card"
        # Even a selection made by code (Textual's select-all of a widget and its children)
        # holds nothing of a hand: a card widget has no text to give.
        hand.text_select_all()
        await pilot.pause()
        assert leaked(app.screen.get_selected_text() or "") == [], "a select-all"
