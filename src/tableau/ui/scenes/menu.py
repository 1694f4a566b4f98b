"""Scenes of the menu, the menu's help and the app shell's own screens."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from tableau.ui.scenes import Scene
from tableau.ui.scenes import still_app


async def _help(pilot: Pilot[Any]) -> None:
    await pilot.press("question_mark")
    await pilot.pause()




async def _gofish_setup(pilot: Pilot[Any]) -> None:
    """Go Fish chosen from the menu, 2 CPUs chosen, the focus on the level line."""
    await pilot.press("3", "right", "down")
    await pilot.pause()


async def _confirm(pilot: Pilot[Any]) -> None:
    """Go Fish one ask in, then n: the question every game asks before a game is lost."""
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press("n")
    await pilot.pause()


SHELL_SCENES = (
    Scene("shell", "gofish-setup", still_app, _gofish_setup),
    Scene("shell", "confirm", lambda: still_app("gofish", seed=11, cpus=2), _confirm),
    Scene("shell", "too-small", lambda: still_app("gofish", seed=11, cpus=2), sizes=((30, 10),)),
)
"""The app shell's own screens: the set-up step, the shared question, the too-small screen."""

SCENES = (
    Scene("menu", "main", still_app),
    Scene("menu", "help", still_app, _help),
    *SHELL_SCENES,
)
