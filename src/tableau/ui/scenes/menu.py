"""Scenes of the menu, the menu's help and the app shell's own screens."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from tableau.storage.store import GameRecord
from tableau.storage.store import Store
from tableau.ui.app import TableauApp
from tableau.ui.scenes import Scene
from tableau.ui.scenes import still_app
from tableau.ui.scenes import until

NOW = 1_800_000_000.0
"""The scenes' wall clock: a save's age reads the same in every picture."""


async def _help(pilot: Pilot[Any]) -> None:
    await pilot.press("question_mark")
    await pilot.pause()




async def _gofish_setup(pilot: Pilot[Any]) -> None:
    """Go Fish chosen from the menu, 2 CPUs chosen, the focus on the level line."""
    from tableau.ui.screens.setup import OptionRow

    await pilot.press("3")
    await until(pilot, lambda: isinstance(pilot.app.focused, OptionRow), "the set-up's first line")
    first: Any = pilot.app.focused
    chosen = first.index
    await pilot.press("right")
    await until(pilot, lambda: first.index != chosen, "the first line's next choice")
    await pilot.press("down")
    await until(pilot, lambda: pilot.app.focused not in (first, None), "the second line")
    await pilot.pause()


async def _confirm(pilot: Pilot[Any]) -> None:
    """Go Fish one ask in, then n: the question every game asks before a game is lost. The
    CPUs answer first, so the table behind the question is the same in every run."""
    await pilot.press("enter")
    screen: Any = pilot.app.screen
    session = screen.session
    for _ in range(100):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if session.to_move == 0:
            break
    await pilot.press("n")
    await pilot.pause()


SHELL_SCENES = (
    Scene("shell", "gofish-setup", still_app, _gofish_setup),
    Scene("shell", "confirm", lambda: still_app("gofish", seed=11, cpus=2), _confirm),
    Scene("shell", "too-small", lambda: still_app("gofish", seed=11, cpus=2), sizes=((30, 10),)),
)
"""The app shell's own screens: the set-up step, the shared question, the too-small screen."""


def _with_saves() -> TableauApp:
    """Two games in progress, saved 4 minutes and 2 hours ago (in memory: no file)."""
    app = still_app(wall=lambda: NOW)
    saves = ((GameRecord("yukon", "spec", 24611, {}, NOW, 37, 240.0, "seed 24611", data={}),
              NOW - 240),
             (GameRecord("poker", "draw", 7, {}, NOW, 58, 900.0, "hand 5 · 840 chips", data={}),
              NOW - 7200))
    store = Store(Path(":memory:"))
    for record, saved_at in saves:
        store.wall = lambda at=saved_at: at
        store.save(record)
    app.runtime.store = store
    return app


SCENES = (
    Scene("menu", "main", still_app),
    Scene("menu", "continue", _with_saves),
    Scene("menu", "help", still_app, _help),
    *SHELL_SCENES,
)
