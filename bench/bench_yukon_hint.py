"""The Yukon hint in the app: how soon the first hint shows, and move latency while it thinks.

- First hint: for DEALS numbered deals (QUICK_DEALS in `make bench`) of the default rules
  (spec) and of classic, a Yukon screen at 120×40 (Pilot, the app as ``still_app`` draws
  it), the ``h`` key pressed on the fresh deal; measured: from the key to the first painted
  frame whose message line has changed to the hint's sentence. Target: every first hint
  within 2 s (median and worst shown; how many answers had no solved sample, so fell back to
  a plain preference).
- Move latency while the hint thinks: as bench_ui.py measures a move, from the key (undo
  ``u`` or redo ``r``, posted as the terminal driver posts keys) to the next painted frame,
  at 120×40, MOVES moves idle and MOVES moves with a hint thinking, interleaved in the same
  app, so both meet the same machine. For the thinking rows the hint is made endless
  (HINT_SAMPLES samples, HINT_SECONDS seconds): ``h``, a short wait so its thread is deep in
  the solver, then the measured key; a move stops the hint (its answer would be about a table
  that is gone), so the key lands on a hint thinking and the latency includes stopping it.
  Before each idle move the stopped hint's thread has ended. A cursor key (jump to a column)
  does not stop the hint, so its latency is shown too, idle and thinking. Target: move median
  ≤ 16 ms while the hint thinks; the ratio to idle is the fair figure on a busy machine. The
  moves are measured in a fresh process, as a player's app runs (see
  ``_latencies_in_a_fresh_process``).

Run: `.venv/bin/python -m bench yukon_hint`.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import statistics
import tempfile
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any
from unittest import mock

from bench.bench_ui import Frames
from bench.bench_ui import latency_rows
from bench.sizing import median_text
from bench.sizing import sized

DEALS = 10
QUICK_DEALS = 6
RULES = ("spec", "classic")
MOVES = 100
QUICK_MOVES = 50
"""Measured moves of each kind (idle, thinking): MOVES in `make bench-full`, QUICK_MOVES in
`make bench`."""
SETTLE = 0.05
"""Seconds between the hint's start and the measured key, so its child is in the solver."""
HINT_SAMPLES = 1_000_000
HINT_SECONDS = 3_600.0
FIRST_HINT_TARGET = 2.0
MOVE_TARGET_MS = 16.0


def _message(app: Any) -> str:
    """The message line's text, as painted."""
    from textual.widgets import Static

    return str(app.screen.query_one("#message", Static).content)


async def _first_hint(seed: int, rules: str) -> tuple[float, str]:
    """Seconds from ``h`` on deal ``seed`` to the painted hint, and its sentence."""
    from tableau.ui.scenes import still_app
    from tableau.ui.screens.yukon import YukonScreen

    app = still_app("yukon", seed=seed, deal=True, rules=rules)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, YukonScreen)
        await pilot.press("escape")  # from the command line to the table
        await pilot.pause()
        frames = Frames(app, probe=partial(_message, app))
        before = _message(app)
        seconds = await frames.after(lambda: pilot.press("h"),
                                     until=lambda shown: shown != before)
        await app.workers.wait_for_complete()
        await pilot.pause()
        sentence = screen.note
        assert sentence is not None and "Thinking" not in sentence, "no hint was shown"
        return seconds, sentence


async def _press(app: Any, key: str) -> None:
    """``key`` posted to the app as the terminal driver posts it (Pilot.press would then wait
    for the process to idle, which it is not while the hint thinks)."""
    from textual import events

    app.post_message(events.Key(key, key))


def _hint_thinking(app: Any) -> bool:
    from textual.worker import WorkerState

    return any(worker.name == "yukon-hint" and worker.state is WorkerState.RUNNING
               for worker in app.workers)


async def _until(condition: Callable[[], bool], failure: str, seconds: float = 60.0) -> None:
    """Until ``condition()`` holds: a thread starts later on a loaded machine than a fixed
    wait allows (0.05 s once was not enough)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not condition():
        assert loop.time() < deadline, failure
        await asyncio.sleep(0.005)


async def _latencies() -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Key-to-frame seconds, by key, idle and with a hint thinking, interleaved."""
    from tableau.ai.yukon_hint import hint
    from tableau.ui.scenes import still_app
    from tableau.ui.screens import yukon as yukon_screen
    from tableau.ui.screens import yukon_solver

    idle: dict[str, list[float]] = {"undo key": [], "redo key": [], "cursor key": []}
    thinking: dict[str, list[float]] = {kind: [] for kind in idle}
    endless = partial(hint, samples=HINT_SAMPLES)
    with (mock.patch.object(yukon_solver, "HINT_SECONDS", HINT_SECONDS),
          mock.patch.object(yukon_solver, "hint", endless)):
        app = still_app("yukon", seed=1, deal=True)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            assert isinstance(screen, yukon_screen.YukonScreen)
            await pilot.press("escape")
            screen.run_command(str(screen.view.legal[0]))  # a move to undo and redo
            await pilot.pause()
            frames = Frames(app)
            try:
                for number in range(2 * sized(QUICK_MOVES, MOVES)):
                    # Each kind gets as many undos as redos: idle u, thinking r, thinking u, idle r.
                    key, with_hint = "ur"[number % 2], number % 4 in (1, 2)
                    await app.workers.wait_for_complete()  # the stopped hint's thread has ended
                    await pilot.pause()
                    times = thinking if with_hint else idle
                    if with_hint:
                        await _press(app, "h")
                        await _until(lambda: _hint_thinking(app), "the hint never started")
                        await asyncio.sleep(SETTLE)
                    # A cursor key leaves the hint thinking, so it goes before the move; to
                    # another column than the cursor's, so that it repaints.
                    cursor = "3" if screen.controls.cursor_name != "C3" else "6"
                    times["cursor key"].append(await frames.after(partial(_press, app, cursor)))
                    await asyncio.sleep(SETTLE)  # not Pilot.pause: it waits for an idle process
                    assert _hint_thinking(app) == with_hint, "a cursor key stopped the hint"
                    state = screen.session.state
                    kind = "undo key" if key == "u" else "redo key"
                    times[kind].append(await frames.after(partial(_press, app, key)))
                    assert screen.session.state is not state, f"{key} made no move"
            finally:  # a failed step must not leave an endless hint to wait for
                app.workers.cancel_all()
    return idle, thinking


def _run_latencies() -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    return asyncio.run(_latencies())


def _latencies_in_a_fresh_process() -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """``_latencies`` in a new interpreter, as a player's tableau runs: one app in its own
    process, which leaves its start-up objects out of later garbage collections (ui/app.py),
    not the twenty-first app of a process that still holds the garbage of the first twenty."""
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        return pool.submit(_run_latencies).result()


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="tableau-bench-home-") as home:
        # Nothing is written outside this folder (still_app keeps no settings anyway).
        before, os.environ["TABLEAU_HOME"] = os.environ.get("TABLEAU_HOME"), home
        try:
            _main()
        finally:
            if before is None:
                del os.environ["TABLEAU_HOME"]
            else:
                os.environ["TABLEAU_HOME"] = before


def _main() -> None:
    deals = sized(QUICK_DEALS, DEALS)
    print(f"first hint at 120x40, from h to the painted sentence, deals 1-{deals}:")
    for rules in RULES:
        answers = [asyncio.run(_first_hint(seed, rules)) for seed in range(1, deals + 1)]
        seconds = [at for at, _sentence in answers]
        fallbacks = sum("; this move " in sentence or sentence.startswith("No way to win")
                        for _at, sentence in answers)
        worst = max(seconds)
        verdict = "OK" if worst <= FIRST_HINT_TARGET else "over target"
        print(f"  {rules:>8}: median {median_text(seconds, unit=' s', digits=2)}   "
              f"worst {worst:.2f} s   "
              f"(no sample solved: {fallbacks} of {len(answers)})   "
              f"target <= {FIRST_HINT_TARGET:.0f} s: {verdict}")
    idle, thinking = _latencies_in_a_fresh_process()
    moves = ("undo key", "redo key")
    at_rest = latency_rows("move latency, Yukon 120x40, idle",
                            {kind: idle[kind] for kind in moves})
    busy = latency_rows(f"move latency, Yukon 120x40, a hint thinking "
                         f"({HINT_SAMPLES:,} samples, stopped by the move)",
                         {kind: thinking[kind] for kind in moves})
    verdict = "OK" if busy <= MOVE_TARGET_MS else "over target"
    print(f"  thinking {busy:.1f} ms vs idle {at_rest:.1f} ms (median, ratio "
          f"{busy / at_rest:.2f})   target median <= {MOVE_TARGET_MS:.0f} ms: {verdict}")
    print(f"cursor key (the hint goes on thinking): median idle "
          f"{statistics.median(idle['cursor key']) * 1000:.1f} ms, thinking "
          f"{statistics.median(thinking['cursor key']) * 1000:.1f} ms "
          f"over {len(thinking['cursor key'])} keys each")


if __name__ == "__main__":
    main()
