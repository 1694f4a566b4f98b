"""Scenes of the Poker table: the deal, cards marked for the draw, a showdown, a round at
the raise cap, and the end of a game.

With seed 12 and three CPUs, checking or calling every bet and drawing what the advice
suggests brings three hands to the showdown (Bram folds).
"""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from tableau.engines.poker import BET
from tableau.engines.poker import RAISE
from tableau.engines.poker import Phase
from tableau.ui.app import TableauApp
from tableau.ui.scenes import Scene
from tableau.ui.scenes import still_app
from tableau.ui.screens.poker import PokerScreen

SEED = 12
CAP_SEED = 22
"""Three CPUs: betting and raising at every chance reaches the raise cap before the draw."""
END_SEED = 3
"""Two CPUs, 3 chips each: betting and raising at every chance ends the game in a few hands."""


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
    discard = _table(pilot).session.advice().discard
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


async def to_the_raise_cap(pilot: Pilot[Any]) -> None:
    """Bet, then raise, until the betting round reaches the raise cap."""
    await pilot.pause()
    for _ in range(10):
        view = _table(pilot).view
        if view.to_call and view.raises_left == 0:
            break
        await pilot.press("b")
    await pilot.pause()


async def play_to_the_end(pilot: Pilot[Any]) -> None:
    """Bet and raise at every chance, draw nothing, until the end dialog is up."""
    await pilot.pause()
    table = _table(pilot)
    for _ in range(60):
        if pilot.app.screen is not table:
            break
        view = table.view
        if view.phase is Phase.HAND_OVER:
            await pilot.press("n")
        elif view.phase is Phase.DRAW:
            await pilot.press("enter")
        else:
            aggressive = BET in view.legal or RAISE in view.legal
            await pilot.press("b" if aggressive else "c")
    await pilot.pause()


SCENES = (
    Scene("poker", "deal", _app),
    Scene("poker", "discards-marked", _app, _discards_marked),
    Scene("poker", "showdown", _app, _showdown),
    Scene("poker", "raise-cap", lambda: still_app("poker", cpus=3, seed=CAP_SEED),
          to_the_raise_cap),
    Scene("poker", "game-over", lambda: still_app("poker", cpus=2, seed=END_SEED, chips=3),
          play_to_the_end),
)
