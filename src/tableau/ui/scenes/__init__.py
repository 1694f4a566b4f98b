"""Named screens of every game, for snapshot tests and ``make screenshots``.

A ``Scene`` is a name, a function that builds a still app (frozen clock, no blink, no
animations, no CPU pauses), and an async ``setup(pilot)`` that plays the app into the screen to
photograph. Tests run ``snap_compare(scene.make_app(), terminal_size=size,
run_before=scene.setup)``; ``python -m tableau.ui.screenshots DIR`` writes the same pictures
with ``picture(scene, size)``.

Each game of ``tableau.registry.REGISTRY`` has its module ``tableau.ui.scenes.<key>`` that
defines ``SCENES``; the menu's module holds the menu's and the app shell's, and ``stats`` the
statistics screen's, ``tables`` a shared table's.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Awaitable
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING
from typing import Any

from tableau.registry import GAMES

if TYPE_CHECKING:
    from textual.pilot import Pilot

    from tableau.ui.app import TableauApp

SIZES: tuple[tuple[int, int], ...] = ((80, 24), (120, 40))

_MODULES = ("menu", *GAMES, "stats", "tables")


_KEY_NAMES = {" ": "space", ">": "greater_than_sign", "-": "minus", ":": "colon"}


def keys(text: str) -> list[str]:
    """The key names that type ``text`` (for ``pilot.press``)."""
    return [_KEY_NAMES.get(char, char) for char in text]


async def as_opened(pilot: Pilot[Any]) -> None:
    """No steps: the scene is the app as it opens, once its workers and what it does after
    its first frame are done too (a pause ends by asking for a frame; the work after it runs
    in the next pause)."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


SCENE_PATIENCE = 300.0
"""Seconds at most a scene waits to see a step's outcome: a bound by the clock, not by a
count of pauses, so a loaded machine waits longer instead of taking another picture."""


async def until(pilot: Pilot[Any], seen: Callable[[], bool], what: str,
                patience: float = SCENE_PATIENCE) -> None:
    """Wait until ``seen()`` holds, a look every 20 ms (a pause, not a spin: workers and the
    store's writer are threads), for ``patience`` seconds at most. A pilot's key is handled
    once the app looks idle, at most a second later; on a slow machine a screen pushed by one
    key may not have its focus yet when the next key comes, so a scene waits on what it
    needs."""
    deadline = time.monotonic() + patience
    while not seen():
        if time.monotonic() > deadline:
            raise TimeoutError(f"the scene never got to: {what}")
        await pilot.pause(0.02)


@dataclass(frozen=True)
class Scene:
    game: str
    """The file-name prefix: "menu", "yukon", "pesten", ..."""
    name: str
    make_app: Callable[[], TableauApp]
    setup: Callable[[Pilot[Any]], Awaitable[None]] = as_opened
    sizes: tuple[tuple[int, int], ...] = field(default=SIZES)

    @property
    def id(self) -> str:
        return f"{self.game}-{self.name}"

    def file_name(self, size: tuple[int, int]) -> str:
        return f"{self.id}-{size[0]}x{size[1]}.svg"


def scenes_of(
    game: str, make_app: Callable[[], TableauApp],
    setups: dict[str, Callable[[Pilot[Any]], Awaitable[None]]],
) -> tuple[Scene, ...]:
    """The scenes of a game whose pictures all start from the same app: each a name and the
    steps that play that app into it."""
    return tuple(Scene(game, name, make_app, setup) for name, setup in setups.items())


def still_app(
    start: str | None = None, *, folder: Path | None = None, persist: bool = False,
    **options: Any
) -> TableauApp:
    """An app that draws the same picture every time: clock at 0, no blink, no animations,
    no CPU pauses, and (unless ``persist``) no settings or store. ``options`` go to the game
    screen (seed, rules, ...)."""
    from tableau.ui.app import TableauApp

    app = TableauApp(
        start,
        clock=lambda: 0.0,
        cpu_delay=0.0,
        cursor_blink=False,
        animations=False,
        folder=folder,
        persist=persist,
        **options,
    )
    app.notice_scale = 24 * 3600.0  # a notice is in the picture, however slow the run
    return app


def picture(scene: Scene, size: tuple[int, int]) -> str:
    """The SVG of ``scene`` at ``size``, through Textual's public API. It takes the same steps
    as pytest-textual-snapshot's ``snap_compare``, so the bytes equal the snapshot tests'."""

    async def photograph(pilot: Pilot[Any]) -> None:
        app = pilot.app
        await scene.setup(pilot)
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        app.exit(app.export_screenshot(title=app.title, simplify=True))

    svg = scene.make_app().run(headless=True, size=size, auto_pilot=photograph)
    assert isinstance(svg, str)  # photograph's exit value
    return svg


def all_scenes() -> tuple[Scene, ...]:
    scenes: list[Scene] = []
    for name in _MODULES:
        scenes.extend(importlib.import_module(f"tableau.ui.scenes.{name}").SCENES)
    return tuple(scenes)


def scenes_for(game: str) -> tuple[Scene, ...]:
    return tuple(scene for scene in all_scenes() if scene.game == game)
