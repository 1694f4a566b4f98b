"""Scenes of the Go Fish screen, for snapshot tests and ``make screenshots``.

Every scene is a still app (no CPU pauses), so the CPUs answer at once and the pictures are
the same each time.
"""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from tableau.ui.app import TableauApp
from tableau.ui.scenes import as_opened
from tableau.ui.scenes import scenes_of
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


async def asked(pilot: Pilot[Any], times: int) -> None:
    """The table after ``times`` asks as Enter makes them (the rank of the card under the
    cursor, of the opponent chosen), played through the session and drawn once: the same
    game and the same picture as ``ask_with_enter``, without a picture after every ask.
    (A scene's way to get there cheaply; the keys themselves are the Pilot tests' work.)"""
    from tableau.engines.gofish import Ask
    from tableau.sessions.gofish import YOU
    from tableau.ui.controls.gofish import target_for
    from tableau.ui.screens.gofish import GoFishHand
    from tableau.ui.screens.gofish import GoFishScreen
    from tableau.ui.widgets.command_bar import MessageLine

    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GoFishScreen)
    session, target = screen.session, screen.target
    cursor = screen.query_one(GoFishHand).cursor
    for _ in range(times):
        if session.outcome() is not None:
            break
        seen = session.view(YOU)
        target = target_for(seen, target)
        cursor = min(cursor, len(seen.hand) - 1)
        assert session.act(YOU, Ask(target, seen.hand[cursor].rank)).ok
        while (step := session.cpu_step()) is not None:
            assert session.play_cpu(step).ok
    screen.target = target
    screen.query_one(MessageLine).show(session.news())
    screen.after_move()
    await pilot.pause()


async def _mid_game(pilot: Pilot[Any]) -> None:
    """Ten asks in: books on the table, a longer history, CPU 2 chosen with ↓."""
    await asked(pilot, MID_GAME_ASKS)
    await pilot.press("down")
    await pilot.pause()


async def _end(pilot: Pilot[Any]) -> None:
    await asked(pilot, MAX_ASKS)


SCENES = scenes_of("gofish", _app, {"start": as_opened, "mid-game": _mid_game, "end": _end})
