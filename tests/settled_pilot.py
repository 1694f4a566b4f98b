"""A pilot's next key waits until the app has handled the last one, however slow the machine.

Textual's Pilot waits after each key (and in each ``pause()``) until the process looks idle:
until its CPU time stops growing, or one second at most (``textual._wait.wait_for_idle``).
On CI, once 25 times slower than usual, a key that opens a screen (the menu's 3, a set-up's
Start, Ctrl+S to the table) had been handled a second later, but the new screen was not
built or focused yet, and the next key went to the screen below it.

Here every such wait also waits until the app has settled, as a player waits for the screen
before the next key: every message pump of the app and of each screen on the stack has handled
what it had queued, the screen stack and the focus stayed the same through a whole round of
that, and what was to run after the next paint has run. A click also waits until the top
screen has laid out what was mounted. Timers and worker threads are not waited on (the tests
wait for what those show), so a CPU's paced move or a password's hash still comes when it
comes. Textual is pinned exactly in pyproject.toml; a version whose Pilot no longer waits
through ``wait_for_idle`` fails here loudly.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import textual.app
import textual.pilot
from textual._context import active_app
from textual.app import App

SETTLE_PATIENCE = 300.0
"""Seconds one settling may take at most; then the pilot goes on as Textual's would."""
ROUNDS = 100
"""Rounds at most: an app that queues work without end (a fast timer) still gets its key."""


async def _each_handled_what_it_had(pumps: list[Any], app: App[Any], deadline: float) -> bool:
    """Wait until every pump of ``pumps`` has handled the messages it had queued (a callback
    queued behind them has run); False if the time ran out or the app failed first."""
    waiting = 0
    all_ran = asyncio.Event()

    def ran() -> None:
        nonlocal waiting
        waiting -= 1
        if waiting == 0:
            all_ran.set()

    for pump in pumps:
        if pump.call_later(ran):
            waiting += 1
    if waiting == 0:
        return True
    waits = [asyncio.create_task(all_ran.wait()),
             asyncio.create_task(app._exception_event.wait())]
    await asyncio.wait(waits, timeout=max(0.0, deadline - time.monotonic()),
                       return_when=asyncio.FIRST_COMPLETED)
    for wait in waits:
        wait.cancel()
    return all_ran.is_set()


async def settle(app: App[Any]) -> None:
    """Until the app's screens, their widgets and the focus rest (see the module's text)."""
    deadline = time.monotonic() + SETTLE_PATIENCE
    for _ in range(ROUNDS):
        before = (app.screen_stack, app.focused)
        # The app and the screens may be amid a handler with nothing queued (a screen being
        # composed); any other widget matters only with messages queued.
        busy = [node for screen in app.screen_stack
                for node in screen.walk_children(with_self=False)
                if not node._message_queue.empty()]
        if not await _each_handled_what_it_had([app, *app.screen_stack, *busy], app, deadline):
            return
        if (app.screen_stack, app.focused) != before or busy:
            continue
        if not any(screen._callbacks for screen in app.screen_stack):
            return
        # What waits for the next paint (a lock that hears keys once it is shown) runs then.
        await asyncio.sleep(0.01)


async def laid_out(app: App[Any]) -> None:
    """Until the top screen has laid out what was mounted (made on its update timer, not
    through its queue): a widget just mounted has no place yet, and a click aimed at it
    would land elsewhere. Bounded as ``settle``."""
    deadline = time.monotonic() + SETTLE_PATIENCE
    for _ in range(ROUNDS):
        if not _laying_out(app) or time.monotonic() > deadline:
            return
        await asyncio.sleep(0.01)


def _laying_out(app: App[Any]) -> bool:
    if not app.screen_stack:
        return False
    screen = app.screen_stack[-1]
    return bool(screen._layout_required or screen._scroll_required
                or screen._recompose_required)


def settle_pilots() -> None:
    """Make every Pilot in this process wait for a settled app wherever it waits for idle."""
    idle = textual.pilot.wait_for_idle
    if idle is not textual.app.wait_for_idle:
        raise RuntimeError("tests/settled_pilot.py: Textual's Pilot and App no longer share "
                           "wait_for_idle; update the settling or drop it.")

    async def idle_and_settled(*args: float, **kwargs: float) -> None:
        await idle(*args, **kwargs)
        app = active_app.get(None)
        if app is not None and app.is_running:
            await settle(app)

    post_mouse_events = textual.pilot.Pilot._post_mouse_events

    async def post_mouse_events_laid_out(pilot: textual.pilot.Pilot[Any], *args: Any,
                                         **kwargs: Any) -> bool:
        await laid_out(pilot.app)
        return await post_mouse_events(pilot, *args, **kwargs)

    laid_out_first: Any = post_mouse_events_laid_out
    textual.pilot.Pilot._post_mouse_events = laid_out_first  # type: ignore[method-assign]
    textual.pilot.wait_for_idle = idle_and_settled  # type: ignore[assignment]
    textual.app.wait_for_idle = idle_and_settled  # type: ignore[assignment]
