"""Work that ends later than it started (issue 27, E21): a CPU's step, a solver's answer, a
deferred redraw. Such work must neither crash the app nor touch a screen that has gone."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.worker import Worker
from ui_helpers import cpus_played

from tableau.ui.app import TableauApp
from tableau.ui.screens.menu import MenuScreen
from tableau.ui.screens.poker import PokerScreen
from tableau.ui.widgets.history import HistoryPanel


def slow_thinker_clock() -> Callable[[], float]:
    """A clock on which every reading is a second later: a CPU has always thought longer
    than its pause, so its step is due at once (a timer of 0 s)."""
    ticks = itertools.count()
    return lambda: float(next(ticks))


async def test_a_cpu_that_thought_longer_than_its_pause_plays_at_once(tmp_path: Path) -> None:
    """A step due at once was put on a timer of 0 s, which Textual 8.2.8 divides by
    (ZeroDivisionError): the CPU never played and the app failed."""
    app = TableauApp("poker", cpus=3, seed=12, cpu_delay=0.01, clock=slow_thinker_clock(),
                     cursor_blink=False, animations=False, folder=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        history = app.screen.query_one(HistoryPanel)
        # Bram and Cato play first: three steps, each thought in a thread and shown on a
        # timer (a bound of ~3 s, then one of 40 rounds, failed under load).
        assert await cpus_played(pilot, lambda: any("Dirk" in line for line in history.entries))


async def test_a_cpu_worker_that_reports_its_end_late_does_not_stop_the_cpus(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A CPU's worker hands its step over, then tells Textual it has finished a little later
    (its thread is not scheduled at once on a loaded machine). The next CPU's turn came
    first, saw a worker "still running" and was never scheduled: the table stood still.
    Here every thread worker's end is held back until the test lets it go."""
    released = asyncio.Event()
    run_threaded = Worker._run_threaded

    async def reports_late(worker: Worker[object]) -> object:
        result = await run_threaded(worker)
        await released.wait()
        return result

    monkeypatch.setattr(Worker, "_run_threaded", reports_late)
    app = TableauApp("poker", cpus=3, seed=12, cpu_delay=0.01, clock=slow_thinker_clock(),
                     cursor_blink=False, animations=False, folder=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        history = app.screen.query_one(HistoryPanel)
        try:
            for _ in range(3000):  # no waiting on the workers here: their ends are held
                if any("Dirk" in line for line in history.entries):
                    break
                await pilot.pause()
            assert any("Dirk" in line for line in history.entries)
        finally:
            released.set()


async def test_a_redraw_or_cpu_step_due_after_the_table_closed_does_nothing(
    tmp_path: Path,
) -> None:
    """A resize's deferred redraw and a CPU's timer that come due after the player left the
    table find its widgets gone: they must do nothing (NoMatches '.seat-turn' on SeatPanel)."""
    app = TableauApp("poker", cpus=5, seed=3, cpu_delay=0.0, cursor_blink=False,
                     animations=False, folder=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, PokerScreen)
        app.pop_screen()  # leaving: the table's widgets are taken down from here on
        table.call_after_refresh(table.redraw)
        table.call_later(table.redraw)
        table.set_timer(0.001, table.redraw)
        await pilot.pause()  # at least 0.02 s: the 0.001 s timer comes due first
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)

