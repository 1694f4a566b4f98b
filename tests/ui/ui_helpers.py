"""Pilot steps the UI tests share: start and wait, press or click and wait, wait for the
save/load workers, read the message line; for Yukon: the table, typed command lines, a save
loaded. (Named ui_helpers, not helpers: test folders have no __init__, so a plain ``helpers``
would clash with another folder's module of that name.)"""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator
from collections.abc import Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from typing import Final

from textual import events
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Static
from textual.worker import WorkerCancelled

from tableau.ui import scenes
from tableau.ui.app import TableauApp
from tableau.ui.screens.setup import GameSetupScreen
from tableau.ui.screens.setup import OptionRow
from tableau.ui.screens.yukon import YukonBoard
from tableau.ui.screens.yukon import YukonScreen


@asynccontextmanager
async def started(app: TableauApp, size: tuple[int, int]) -> AsyncIterator[Pilot[Any]]:
    """Run ``app`` in a terminal of ``size`` and wait until its first screen is up."""
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        yield pilot


PATIENCE: Final = 120.0
"""Seconds a test waits for what a player would see before it fails: far past any wait a
player would call working, and well inside pytest's timeout. The bound is the clock's, not
a count of pauses, so a loaded machine (CI once ran 25 times slower than usual) makes a wait
longer, never false."""


AWAY_IN_TESTS: Final = 300.0
"""Seconds without a heartbeat before a shared table's player counts as away, in the UI tests
(``patient_tables`` in conftest.py; the app's AWAY_AFTER is 10 s). A heartbeat is beaten every
2 s by a thread; on CI once 25 times slower than usual, that thread fell 10 s behind and a
player at the table was taken for gone."""
GONE_FOR: Final = AWAY_IN_TESTS + 60.0
"""Seconds behind the clock of a store whose player the tests want away: its heartbeats are
that old as they are written."""


async def until(pilot: Pilot[Any], seen: Callable[[], bool], what: str) -> None:
    """Wait until ``seen()`` holds, as a player waits for their screen (the scenes' wait,
    with the tests' PATIENCE); a failure shows the screen."""
    try:
        await scenes.until(pilot, seen, what, PATIENCE)
    except TimeoutError:
        raise AssertionError(f"never seen: {what}\n{screen_text(pilot.app)}") from None


async def press(pilot: Pilot[Any], *keys: str) -> None:
    """Press ``keys`` and let the app handle them."""
    await pilot.press(*keys)
    await pilot.pause()


def terminal_clicks(app: TableauApp, x: int, y: int, times: int = 1) -> None:
    """Clicks at (x, y) as a terminal sends them: presses and releases queued at once, so
    the app handles them as they come, not one at a time as ``pilot.click`` does."""
    for _ in range(times):
        for kind in (events.MouseDown, events.MouseUp):
            app.post_message(kind(None, x, y, 0, 0, 1, False, False, False, x, y))


async def click(pilot: Pilot[Any], target: str | Widget) -> None:
    """Click ``target`` (a selector or a widget) and let the app handle it."""
    await pilot.click(target)
    await pilot.pause()


async def settled(pilot: Pilot[Any]) -> None:
    """Wait until S and L, which run in a thread, are done and shown."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def type_password(pilot: Pilot[Any], seat: int, first: str, second: str) -> None:
    """In a set-up: type seat ``seat``'s password and its repetition key by key, each ended
    by Enter, and wait for the hash (a worker, off the event loop)."""
    await pilot.click(f"#password-{seat}")
    await pilot.press(*(KEY_NAMES.get(char, char) for char in first), "enter")
    await press(pilot, *(KEY_NAMES.get(char, char) for char in second), "enter")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def set_up_rows(app: TableauApp) -> dict[str, str]:
    """What each line of the set-up on the screen reads, by option."""
    assert isinstance(app.screen, GameSetupScreen)
    return {row.option.key: str(row.render()) for row in app.screen.query(OptionRow)}


def notices(app: TableauApp) -> list[str]:
    """What ``app`` notifies from now on, as it is said (the notice still shows)."""
    said: list[str] = []
    notify = app.notify

    def recorded(text: str, **options: Any) -> None:
        said.append(text)
        notify(text, **options)

    app.notify = recorded  # type: ignore[method-assign]
    return said


def screen_text(app: TableauApp) -> str:
    """Every character the terminal shows now, a line a row: the screen composed as it is
    drawn (what ``export_screenshot`` draws, without turning it into an SVG, so a test may
    read it at every step)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def message(app: TableauApp) -> str:
    """The text of the message line under the table."""
    return str(app.screen.query_one("#message", Static).content)


# ---------------------------------------------------------------- Yukon

KEY_NAMES = {" ": "space", ">": "greater_than_sign", "-": "minus", ":": "colon", ".": "full_stop",
             ",": "comma", "/": "slash", "_": "underscore"}


def yukon_screen(app: TableauApp) -> YukonScreen:
    screen = app.screen
    assert isinstance(screen, YukonScreen)
    return screen


async def type_lines(pilot: Pilot[Any], *lines: str) -> None:
    """Type each line into the command bar and press Enter, then wait for S and L."""
    for line in lines:
        await pilot.pause()  # let the focus settle first
        if pilot.app.screen.query_one(YukonBoard).has_focus:
            await pilot.press("colon")  # after P the table has the keys
        await pilot.press(*(KEY_NAMES.get(char, char) for char in line), "enter")
    await settled(pilot)


@asynccontextmanager
async def yukon_table(
    make_app: Callable[..., TableauApp], **options: Any
) -> AsyncIterator[tuple[TableauApp, Pilot[Any], YukonScreen]]:
    """Yukon at 80x24 (``options`` as on the command line), with its table screen."""
    app = make_app("yukon", **options)
    async with app.run_test(size=(80, 24)) as pilot:
        yield app, pilot, yukon_screen(app)


async def choose_rules(pilot: Pilot[Any], screen: YukonScreen, rules: str) -> None:
    """Open the rules chooser (the palette's Rules) and click ``rules``."""
    screen.action_rules()
    await pilot.pause()
    await pilot.click(f"#choice-{rules}")


@asynccontextmanager
async def yukon_loaded(
    make_app: Callable[..., TableauApp], save: Path, text: str, **options: Any
) -> AsyncIterator[tuple[TableauApp, Pilot[Any]]]:
    """Yukon at 80x24 with ``text`` written to the file ``save`` and loaded with L."""
    save.write_text(text)
    async with yukon_table(make_app, **options) as (app, pilot, _screen):
        await type_lines(pilot, f"L {save.name}")
        yield app, pilot


class NotedApp(TableauApp):
    """The app, noting every notification it shows (what the player reads)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.said: list[str] = []

    def notify(self, message: str, **options: Any) -> None:  # type: ignore[override]
        self.said.append(message)
        super().notify(message, **options)


async def cpus_played(pilot: Pilot[Any], done: Callable[[], bool]) -> bool:
    """Let the CPUs play until ``done()`` (for PATIENCE at most). A CPU thinks in a worker
    thread, then its move comes on a timer; each round waits for the workers and lets the app
    run. A worker cancelled (its position moved on, so its step is thrown away) is done with
    too."""
    deadline = time.monotonic() + PATIENCE
    while not done() and time.monotonic() < deadline:
        with contextlib.suppress(WorkerCancelled):
            await pilot.app.workers.wait_for_complete()
        await pilot.pause()
    return done()
