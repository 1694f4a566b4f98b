"""Pilot steps the UI tests share: press and wait, wait for the save/load workers, read the
message line. (Named ui_helpers, not helpers: test folders have no __init__, so a plain
``helpers`` would clash with another folder's module of that name.)"""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.widgets import Static

from tableau.ui.app import TableauApp


async def press(pilot: Pilot[Any], *keys: str) -> None:
    """Press ``keys`` and let the app handle them."""
    await pilot.press(*keys)
    await pilot.pause()


async def settled(pilot: Pilot[Any]) -> None:
    """Wait until S and L, which run in a thread, are done and shown."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def message(app: TableauApp) -> str:
    """The text of the message line under the table."""
    return str(app.screen.query_one("#message", Static).content)
