"""UI benchmarks: move latency of the Yukon screen, and start-up time of the menu.

- Move latency: from the input that makes a move (the drop key, an undo key or a drag
  release) until the screen has been repainted (the next frame written to the headless
  driver). 200 moves at 120×40. Target: median ≤ 16 ms.
- Start-up: wall time of a subprocess that starts tableau and exits after the menu's first
  frame, against a bare one-widget Textual app measured the same way in the same run,
  interleaved. Target: ratio ≤ 1.5.

Run: `.venv/bin/python -m bench ui`.
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

MOVES = 200
STARTS = 9

_TABLEAU_CHILD = """
from tableau.ui.app import TableauApp

class Once(TableauApp):
    def on_mount(self) -> None:
        super().on_mount()
        self.call_after_refresh(self.exit)

Once().run(headless=True, size=(80, 24))
"""

_BARE_CHILD = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("hello")

    def on_mount(self) -> None:
        self.call_after_refresh(self.exit)

Bare().run(headless=True, size=(80, 24))
"""


def _start_time(script: Path) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, str(script)], check=True, capture_output=True)
    return time.perf_counter() - started


def bench_startup() -> tuple[float, float]:
    folder = Path(tempfile.mkdtemp(prefix="tableau-bench-"))
    # Files, not `python -c`: Textual finds an app's CSS next to the file defining it.
    tableau_script, bare_script = folder / "tableau_once.py", folder / "bare_once.py"
    tableau_script.write_text(_TABLEAU_CHILD, encoding="utf-8")
    bare_script.write_text(_BARE_CHILD, encoding="utf-8")
    tableau: list[float] = []
    bare: list[float] = []
    _start_time(bare_script)  # warm the file cache
    _start_time(tableau_script)
    for _ in range(STARTS):
        bare.append(_start_time(bare_script))
        tableau.append(_start_time(tableau_script))
    return statistics.median(tableau), statistics.median(bare)


async def _latencies() -> dict[str, list[float]]:
    from textual import events

    from tableau.ui.scenes import still_app
    from tableau.ui.screens.yukon import YukonScreen
    from tableau.ui.widgets.pile import FanColumn

    folder = Path(tempfile.mkdtemp(prefix="tableau-bench-"))
    app = still_app("yukon", folder=folder)
    frames: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        # Headless apps compute each frame but skip the terminal write; do the write's work
        # (turn the update into escape sequences) and note when each frame is ready.
        original = app._display

        def display(screen: Any, renderable: Any) -> None:
            original(screen, renderable)
            if renderable is not None and hasattr(renderable, "render_segments"):
                renderable.render_segments(app.console)
                frames.append(time.perf_counter())

        app._display = display  # type: ignore[method-assign]
        screen = app.screen
        assert isinstance(screen, YukonScreen)
        for line in ("LD", "P"):
            screen.run_command(line)
        await pilot.press("escape")
        await pilot.pause()

        async def measure(action: Any) -> float:
            await pilot.pause()
            count = len(frames)
            started = time.perf_counter()
            await action()
            deadline = started + 5.0
            while len(frames) == count:
                if time.perf_counter() > deadline:
                    raise RuntimeError("no frame was painted after the input")
                await asyncio.sleep(0)
            return frames[count] - started

        def bottom(name: str) -> tuple[int, int]:
            column = screen.query_one(f"#pile-{name}", FanColumn)
            return (2, column.row_of(len(column.cards) - 1))

        times: dict[str, list[float]] = {"drop key": [], "drag release": [], "undo key": []}
        count = 0
        while count < MOVES:
            if count % 4 < 2:
                # Keyboard: cursor to C6, pick, cursor to C3; the measured key is the drop.
                await pilot.press("6", "space", "3")
                times["drop key"].append(await measure(lambda: pilot.press("space")))
            else:
                # Mouse: press on C6's bottom card, drag over C3; measured: the release, posted
                # to the app the way the terminal driver posts it (Pilot.mouse_up would first
                # wait for idle twice, which is test machinery, not latency).
                await pilot.mouse_down("#pile-C6", offset=bottom("C6"))
                await pilot.hover("#pile-C3", offset=(2, 2))
                target = screen.query_one("#pile-C3", FanColumn).region
                x, y = target.x + 2, target.y + 2

                async def release(x: int = x, y: int = y) -> None:
                    app.post_message(
                        events.MouseUp(None, x, y, 0, 0, 1, False, False, False, x, y)
                    )

                times["drag release"].append(await measure(release))
            assert screen.session.message == "OK", screen.session.message
            times["undo key"].append(await measure(lambda: pilot.press("u")))
            count += 2
    return times


def bench_latency() -> dict[str, list[float]]:
    return asyncio.run(_latencies())


def main() -> None:
    by_kind = bench_latency()
    ms = sorted(value * 1000 for values in by_kind.values() for value in values)
    median = statistics.median(ms)
    p95 = ms[int(len(ms) * 0.95) - 1]
    verdict = "OK" if median <= 16 else "over target"
    print(f"move latency, Yukon 120x40, {len(ms)} moves (drop key, drag release, undo key):")
    print(f"  median {median:.1f} ms   p95 {p95:.1f} ms   max {ms[-1]:.1f} ms   "
          f"target median <= 16 ms: {verdict}")
    for kind, values in by_kind.items():
        print(f"  {kind:>12}: median {statistics.median(values) * 1000:.1f} ms over {len(values)}")
    tableau, bare = bench_startup()
    ratio = tableau / bare
    verdict = "OK" if ratio <= 1.5 else "over target"
    print(f"start-up to first painted frame, median of {STARTS} subprocesses:")
    print(f"  tableau menu {tableau * 1000:.0f} ms   bare one-widget app {bare * 1000:.0f} ms   "
          f"ratio {ratio:.2f}   target <= 1.5: {verdict}")


if __name__ == "__main__":
    main()
