"""Pilot steps the UI tests share: start and wait, press or click and wait, wait for the save/load
workers, read the message line. (Named ui_helpers, not helpers: test folders have no
__init__, so a plain ``helpers`` would clash with another folder's module of that name.)"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Static

from tableau.ui.app import TableauApp


@asynccontextmanager
async def started(app: TableauApp, size: tuple[int, int]) -> AsyncIterator[Pilot[Any]]:
    """Run ``app`` in a terminal of ``size`` and wait until its first screen is up."""
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        yield pilot


async def press(pilot: Pilot[Any], *keys: str) -> None:
    """Press ``keys`` and let the app handle them."""
    await pilot.press(*keys)
    await pilot.pause()


async def click(pilot: Pilot[Any], target: str | Widget) -> None:
    """Click ``target`` (a selector or a widget) and let the app handle it."""
    await pilot.click(target)
    await pilot.pause()


async def settled(pilot: Pilot[Any]) -> None:
    """Wait until S and L, which run in a thread, are done and shown."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def message(app: TableauApp) -> str:
    """The text of the message line under the table."""
    return str(app.screen.query_one("#message", Static).content)
