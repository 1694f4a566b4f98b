"""Scenes of the Poker table: the deal, cards marked for the draw, and a showdown.

With seed 12 and three CPUs, checking or calling every bet and drawing what the advice
suggests brings all four hands to the showdown.
"""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from tableau.ai.poker import advise_discard
from tableau.engines.poker import Phase
from tableau.ui.app import TableauApp
from tableau.ui.scenes import Scene, still_app
from tableau.ui.screens.poker import PokerScreen

SEED = 12


def _app() -> TableauApp:
    return still_app("poker", cpus=3, seed=SEED)


def _table(pilot: Pilot[Any]) -> PokerScreen:
    screen = pilot.app.screen
    assert isinstance(screen, PokerScreen)
    return screen


def _phase(pilot: Pilot[Any]) -> Phase:
    return _table(pilot).view.phase


async def _to_the_draw(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    for _ in range(8):
        if _phase(pilot) is not Phase.FIRST_BETTING:
            break
        await pilot.press("c")
    await pilot.pause()


async def _discards_marked(pilot: Pilot[Any]) -> None:
    """Mark, with the number keys, the cards the advice would throw away."""
    await _to_the_draw(pilot)
    view = _table(pilot).view
    discard = advise_discard(view).discard
    keys = [str(index + 1) for index, card in enumerate(view.hand) if card in discard]
    await pilot.press(*keys)
    await pilot.pause()


async def _showdown(pilot: Pilot[Any]) -> None:
    await _discards_marked(pilot)
    await pilot.press("enter")
    for _ in range(8):
        if _phase(pilot) in (Phase.HAND_OVER, Phase.GAME_OVER):
            break
        await pilot.press("c")
    await pilot.pause()


SCENES = (
    Scene("poker", "deal", _app),
    Scene("poker", "discards-marked", _app, _discards_marked),
    Scene("poker", "showdown", _app, _showdown),
)
