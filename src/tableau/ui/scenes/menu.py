"""Scenes of the menu and the menu's help."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from tableau.ui.scenes import Scene, still_app


async def _help(pilot: Pilot[Any]) -> None:
    await pilot.press("question_mark")
    await pilot.pause()


SCENES = (
    Scene("menu", "main", still_app),
    Scene("menu", "help", still_app, _help),
)
