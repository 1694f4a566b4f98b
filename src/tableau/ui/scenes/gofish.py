"""Scenes of the Go Fish screen, for snapshot tests and ``make screenshots``.

Every scene is a still app (no CPU pauses), so the CPUs answer at once and the pictures are
the same each time.
"""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from tableau.ui.app import TableauApp
from tableau.ui.scenes import Scene
from tableau.ui.scenes import still_app

SEED = 11
CPUS = 2
MID_GAME_ASKS = 10
MAX_ASKS = 400


def _app() -> TableauApp:
    return still_app("gofish", seed=SEED, cpus=CPUS)


def game_over(pilot: Pilot[Any]) -> bool:
    from tableau.ui.screens.dialogs import EndScreen

    return isinstance(pilot.app.screen, EndScreen)


async def ask_with_enter(pilot: Pilot[Any], times: int) -> None:
    """Ask for the rank under the cursor ``times`` times (stopping at the end screen)."""
    for _ in range(times):
        if game_over(pilot):
            break
        await pilot.press("enter")
    await pilot.pause()


async def _mid_game(pilot: Pilot[Any]) -> None:
    """Ten asks in: books on the table, a longer history, CPU 2 chosen with ↓."""
    await ask_with_enter(pilot, MID_GAME_ASKS)
    await pilot.press("down")
    await pilot.pause()


async def _end(pilot: Pilot[Any]) -> None:
    await ask_with_enter(pilot, MAX_ASKS)


SCENES = (
    Scene("gofish", "start", _app),
    Scene("gofish", "mid-game", _app, _mid_game),
    Scene("gofish", "end", _app, _end),
)
