"""At 40×12, the smallest terminal tableau plays in (below it the "make the terminal larger"
screen takes over), each table keeps in sight what a player acts on: every card face whole,
with its suit, every opponent's name, the card to follow and the suit asked, every choice of
a dialog. The checks read the screen as drawn, as a player would."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from textual.pilot import Pilot
from ui_helpers import press
from ui_helpers import screen_text
from ui_helpers import until

from tableau.engines.yukon import View as YukonView
from tableau.ui.scenes import Scene
from tableau.ui.scenes import scenes_for
from tableau.ui.scenes.pesten import arranged_table
from tableau.ui.scenes.pesten import quick_scheme
from tableau.ui.scenes.pesten import select
from tableau.ui.scenes.pesten import unlock
from tableau.ui.screens.dialogs import SuitChooser
from tableau.ui.widgets.hand import Hand

SMALLEST = (40, 12)


def scene(game: str, name: str) -> Scene:
    return next(scene for scene in scenes_for(game) if scene.name == name)


@asynccontextmanager
async def smallest(game: str, name: str) -> AsyncIterator[Pilot[Any]]:
    """The scene played into at 40×12."""
    shown = scene(game, name)
    app = shown.make_app()
    async with app.run_test(size=SMALLEST) as pilot:
        await shown.setup(pilot)
        await pilot.pause()
        yield pilot


def hand_faces(pilot: Pilot[Any], selector: str) -> list[str]:
    hand = pilot.app.screen.query_one(selector, Hand)
    assert hand.cards
    return [shown.card.face for shown in hand.cards if shown.card is not None]


def missing(faces: list[str], text: str) -> list[str]:
    return [face for face in faces if face not in text]


async def test_yukon_shows_every_face_up_card_whole() -> None:
    """The deal's 28 face-up cards, the tens too: "10♥", not "10" with its suit cut."""
    async with smallest("yukon", "deal") as pilot:
        app = pilot.app
        view: YukonView = app.screen.session.view()  # type: ignore[attr-defined]
        faces = [card.face for column in view.columns for card in column if card is not None]
        assert any(face.startswith("10") for face in faces)
        assert missing(faces, screen_text(app)) == []


async def test_poker_keeps_the_hand_and_its_buttons_in_sight() -> None:
    """The history gives way, so the hand, what it is and the buttons show."""
    async with smallest("poker", "deal") as pilot:
        app = pilot.app
        text = screen_text(app)
        assert missing(hand_faces(pilot, "#my-hand"), text) == []
        buttons = [str(button.label) for button in app.screen.query("#buttons Button")
                   if button.display]
        assert len(buttons) >= 3 and "chips" in text
        assert missing(buttons, text) == []


async def test_go_fish_names_every_opponent_above_the_hand() -> None:
    async with smallest("gofish", "mid-game") as pilot:
        app = pilot.app
        text = screen_text(app)
        names = [str(box.border_title) for box in app.screen.query(".seat")]
        assert len(names) >= 3  # the opponents and the stock
        assert missing(names, text) == []
        assert missing(hand_faces(pilot, "#hand"), text) == []


async def test_pesten_shows_the_card_to_follow_every_suit_to_name_and_the_suit_asked(
    make_app: Any,
) -> None:
    table = arranged_table(["3H 7H 7C 7S JD 9S QH", "2C 5D 8D KS 4H 6C TC",
                            "AS 3C 4C 9D TD QD KH"], "5C 7D")
    app = make_app("pesten", table=table, passwords=quick_scheme())
    async with app.run_test(size=SMALLEST) as pilot:
        await unlock(pilot, "anna-pw")
        text = screen_text(app)
        assert "7♦" in text  # the card to follow
        assert missing(hand_faces(pilot, "#cards"), text) == []
        await select(pilot, "JD")
        await press(pilot, "enter")
        await until(pilot, lambda: isinstance(app.screen, SuitChooser), "the suit chooser")
        await pilot.pause()
        assert missing(["Clubs", "Diamonds", "Hearts", "Spades"], screen_text(app)) == []
        await press(pilot, "h", "enter")  # hearts, then Done hands the turn over
        await until(pilot, lambda: "hearts" in screen_text(app), "the suit asked")
        assert "♥" in screen_text(app)
