"""Scenes of the Poker table: the deal, cards marked for the draw, and a showdown."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from tableau.ui.app import TableauApp
from tableau.ui.scenes import Scene, still_app

SEED = 7
"""A deal where the betting reaches the draw and the hand goes to a showdown."""


def _app() -> TableauApp:
    return still_app("poker", cpus=3, seed=SEED)


async def _to_the_draw(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    for _ in range(8):
        if pilot.app.screen.query("#act-draw").first().display:
            break
        await pilot.press("c")
    await pilot.pause()


async def _discards_marked(pilot: Pilot[Any]) -> None:
    await _to_the_draw(pilot)
    await pilot.press("2", "5")  # K♠ J♣ 10♦ 10♠ 8♠: keep the tens and the king
    await pilot.pause()


async def _showdown(pilot: Pilot[Any]) -> None:
    await _discards_marked(pilot)
    await pilot.press("enter")
    for _ in range(8):
        if pilot.app.screen.query("#act-next").first().display:
            break
        await pilot.press("c")
    await pilot.pause()


SCENES = (
    Scene("poker", "deal", _app),
    Scene("poker", "discards-marked", _app, _discards_marked),
    Scene("poker", "showdown", _app, _showdown),
)
