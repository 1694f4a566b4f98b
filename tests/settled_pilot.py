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
screen has laid out what was mounted. And what the next frame would draw is drawn at once, so
a test reads the screen a player would see at any frame rate (the UI tests run at a few
frames a second: FRAMES_A_SECOND). Timers and worker threads are not waited on (the tests
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
import textual.screen
from textual._context import active_app
from textual.app import App

SETTLE_PATIENCE = 300.0
"""Seconds one settling may take at most; then the pilot goes on as Textual's would."""
ROUNDS = 100
"""Rounds at most: an app that queues work without end (a fast timer) still gets its key."""
FRAMES_A_SECOND = 5
"""The frame rate of the screens the tests run (Textual's is 60). Settling draws at once what
the next frame would, so the rate changes nothing a test reads, the pictures included: the
whole suite passes at 1 and at 60. Fewer frames no test looks at save a few percent of the
suite's CPU time. The apps the tests start as processes keep 60."""


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
        # Paint now what the next frame would, on the top screen and on those seen under a
        # dialog: what a test reads is what the player sees at any frame rate. What waits
        # for the paint (a lock that hears keys once it is shown, a footer's new keys) then
        # runs in the next round.
        top = app.screen_stack[-1] if app.screen_stack else None
        shown = [screen for screen in app.screen_stack if screen.is_current
                 and (_paint_pending(screen) if screen is top else _layout_pending(screen))]
        if shown and not app._batch_count:
            for screen in shown:
                screen._on_timer_update()
            continue
        if not any(screen._callbacks for screen in app.screen_stack):
            return
        await asyncio.sleep(0.01)


def _paint_pending(screen: Any) -> bool:
    """The screen has a change its next frame would draw, or work waiting for that frame."""
    return bool(_layout_pending(screen) or screen._repaint_required or screen._dirty_widgets
                or screen._callbacks)


def _layout_pending(screen: Any) -> bool:
    """The screen's next frame would lay it out again. (A screen seen under a dialog counts
    only this: its repaints go to the top screen.)"""
    return bool(screen._layout_required or screen._scroll_required
                or screen._recompose_required)


async def laid_out(app: App[Any]) -> None:
    """Until the top screen has laid out what was mounted (made on its update timer, not
    through its queue): a widget just mounted has no place yet, and a click aimed at it
    would land elsewhere. Bounded as ``settle``."""
    deadline = time.monotonic() + SETTLE_PATIENCE
    for _ in range(ROUNDS):
        if (not app.screen_stack or not _layout_pending(app.screen_stack[-1])
                or time.monotonic() > deadline):
            return
        await asyncio.sleep(0.01)


def settle_pilots() -> None:
    """Make every Pilot in this process wait for a settled app wherever it waits for idle, and
    every screen draw FRAMES_A_SECOND frames a second."""
    textual.screen.UPDATE_PERIOD = 1 / FRAMES_A_SECOND  # type: ignore[misc]
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
