"""UI benchmarks: move latency of the Yukon screen, start-up time of the menu, and the resume
of a long Yukon game.

- Move latency: from the input that makes a move (the drop key, an undo key or a drag
  release) until the screen has been repainted (the next frame written to the headless
  driver). 200 moves (100 in `make bench`) at 120×40, once with the autosave off and once
  on (the app keeps its settings and tableau.db), in the same run. Target: median ≤ 16 ms
  with the autosave on.
- Start-up: wall time of a subprocess that starts tableau and exits after the menu's first
  frame, against a bare one-widget Textual app measured the same way in the same run,
  interleaved. tableau opens its settings and a tableau.db that holds saves in progress and
  finished games (the menu lists the saves). Target: ratio ≤ 1.5.
- Resume: a 10,000-move Yukon game (random legal moves through the session) saved with S,
  loaded with L in an app (its autosave keeps it in tableau.db), then a second app resumes it
  from the menu's Continue: the wall time from Continue to the first painted board, and of the
  part that rebuilds the session and screen (``resume``). Target: ≤ 0.5 s. Then moves in that
  long game, with the autosave on: the latency of a move (the command run) and of an undo key.

Everything is written under one temporary folder (TABLEAU_HOME points there too).

Run: `.venv/bin/python -m bench ui`.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.sizing import median_text
from bench.sizing import sized

MOVES = 200
QUICK_MOVES = 100
ROUNDS = 2
"""The moves are played in rounds, autosave off and on, each first in every other round, so
both meet the same neighbours."""
STARTS = 9
SAVED_GAMES = ("yukon", "gofish", "poker")
FINISHED_GAMES = 500
LONG_GAME = 10_000
LONG_GAME_MOVES = 40
RESUMES = 3

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
    # As on a player's machine, Python keeps the compiled modules: without this, a
    # PYTHONDONTWRITEBYTECODE=1 environment would compile tableau's modules at every start,
    # while the bare app's Textual comes compiled from its wheel.
    environment = {name: value for name, value in os.environ.items()
                   if name != "PYTHONDONTWRITEBYTECODE"}
    started = time.perf_counter()
    subprocess.run([sys.executable, str(script)], check=True, capture_output=True,
                   env=environment)
    return time.perf_counter() - started


def _fill_home() -> None:
    """Settings and a tableau.db as a player's after a while: saves in progress, finished
    games."""
    from tableau.storage.home import database_path
    from tableau.storage.home import settings_path
    from tableau.storage.store import GameRecord
    from tableau.storage.store import Store
    from tableau.ui.preferences import open_settings

    settings = open_settings(settings_path())
    settings.set("yukon", "auto_move", True)
    settings.set("gofish", "level", "easy")
    store = Store(database_path())
    for number in range(FINISHED_GAMES):
        game = SAVED_GAMES[number % len(SAVED_GAMES)]
        store.finish(GameRecord(game, "spec", number, {}, 1e9 + number, 40, 300.0),
                     ("won", "lost", "abandoned")[number % 3])
    for game in SAVED_GAMES:
        store.save(GameRecord(game, "spec", 7, {}, 1e9, 12, 60.0, label="seed 7",
                              data={"moves": ["C6->C4"] * 100}))
    store.close()


def bench_startup() -> tuple[list[float], list[float]]:
    """Start-up of tableau on a filled home (TABLEAU_HOME, inherited by the children) and of
    the bare app, interleaved."""
    _fill_home()
    folder = Path(tempfile.mkdtemp(prefix="tableau-bench-", dir=os.environ["TABLEAU_HOME"]))
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
    return tableau, bare


class Frames:
    """Notes when each frame of ``app`` is ready. Headless apps compute each frame but skip
    the terminal write; this does the write's work (turn the update into escape sequences).
    ``probe()``, if given, is noted with each frame (what that frame shows)."""

    def __init__(self, app: Any, probe: Callable[[], object] | None = None) -> None:
        self.app = app
        self.times: list[tuple[float, Any]] = []
        self.probed: list[object] = []
        original = app._display

        def display(screen: Any, renderable: Any) -> None:
            original(screen, renderable)
            if renderable is not None and hasattr(renderable, "render_segments"):
                renderable.render_segments(app.console)
                self.times.append((time.perf_counter(), app.screen))
                self.probed.append(None if probe is None else probe())

        app._display = display

    async def after(self, action: Callable[[], Awaitable[object] | None],
                    shown: type | None = None,
                    until: Callable[[object], bool] | None = None) -> float:
        """Seconds from ``action`` to the next frame painted (with a screen of type
        ``shown`` in front, if given, and whose probe satisfies ``until``, if given)."""
        count = len(self.times)
        started = time.perf_counter()
        result = action()
        if result is not None:
            await result
        deadline = started + 10.0
        while True:
            for (at, screen), probed in zip(self.times[count:], self.probed[count:], strict=True):
                if ((shown is None or isinstance(screen, shown))
                        and (until is None or until(probed))):
                    return at - started
            if time.perf_counter() > deadline:
                raise RuntimeError("no frame was painted after the input")
            await asyncio.sleep(0)


async def _latencies(persist: bool, moves: int, *, locked: bool = False
                     ) -> dict[str, list[float]]:
    """Move latencies in a new Yukon game; ``locked``: while another connection holds
    ``BEGIN EXCLUSIVE`` on tableau.db (as another program might), from the first move on."""
    import sqlite3

    from textual import events

    from tableau.storage.home import database_path
    from tableau.ui.scenes import still_app
    from tableau.ui.screens.yukon import YukonScreen
    from tableau.ui.widgets.pile import FanColumn

    folder = Path(tempfile.mkdtemp(prefix="tableau-bench-", dir=os.environ["TABLEAU_HOME"]))
    app = still_app("yukon", folder=folder, persist=persist)
    async with app.run_test(size=(120, 40)) as pilot:
        frames = Frames(app)
        screen = app.screen
        assert isinstance(screen, YukonScreen)
        for line in ("LD", "P"):
            screen.run_command(line)
        await pilot.press("escape")
        await pilot.pause()
        lock = sqlite3.connect(database_path(), isolation_level=None) if locked else None
        if lock is not None:
            lock.execute("BEGIN EXCLUSIVE")

        async def measure(action: Callable[[], Awaitable[object]]) -> float:
            await pilot.pause()
            return await frames.after(action)

        def bottom(name: str) -> tuple[int, int]:
            column = screen.query_one(f"#pile-{name}", FanColumn)
            return (2, column.row_of(len(column.cards) - 1))

        times: dict[str, list[float]] = {"drop key": [], "drag release": [], "undo key": []}
        count = 0
        while count < moves:
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
        if lock is not None:
            lock.execute("COMMIT")
            lock.close()
        kept = app.runtime.store.saved("yukon")
        assert (kept is not None) == persist, "the autosave is on exactly when persisting"
    return times


def bench_latency() -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """The latencies with the autosave off and on, MOVES each, in alternating rounds."""
    off: dict[str, list[float]] = {}
    on: dict[str, list[float]] = {}
    for round_number in range(ROUNDS):
        order = ((False, off), (True, on))
        for persist, times in order if round_number % 2 == 0 else reversed(order):
            moves = sized(QUICK_MOVES, MOVES) // ROUNDS
            for kind, values in asyncio.run(_latencies(persist, moves)).items():
                times.setdefault(kind, []).extend(values)
    return off, on


async def _resume(
    folder: Path,
) -> tuple[list[float], list[float], list[float], dict[str, list[float]]]:
    """Continue of a LONG_GAME-move Yukon game: seconds to the first painted board, of
    ``resume`` alone and, to compare, of a new game's first painted board (RESUMES times
    each); then move latencies in that long game."""
    from bench.bench_yukon import long_session
    from tableau.ui.games import game_ui
    from tableau.ui.scenes import still_app
    from tableau.ui.screens.yukon import YukonScreen

    session, _dealt, _played = long_session(folder, LONG_GAME)
    assert session.run("S long.json").message == "OK"
    app = still_app("yukon", folder=folder, persist=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, YukonScreen)
        screen.run_command("L long.json")
        await app.workers.wait_for_complete()
        await pilot.pause()
        record = app.runtime.store.saved("yukon")
        assert record is not None and record.moves == session.state.moves, "not autosaved"
        assert app.runtime.store.flush()
    ui = game_ui("yukon")
    assert ui is not None and ui.resume is not None
    builds, shown, opened = [], [], []
    for _ in range(RESUMES):
        started = time.perf_counter()
        ui.resume(record, {"folder": folder})
        builds.append(time.perf_counter() - started)
    times: dict[str, list[float]] = {"move (command)": [], "undo key": []}
    for attempt in range(RESUMES):
        # The baseline: a new game's screen, from the menu to its first painted board.
        app = still_app(None, folder=folder, persist=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            frames = Frames(app)
            opened.append(await frames.after(
                lambda app=app: app.open_game("yukon", seed=LONG_GAME, deal=True), YukonScreen))
        app = still_app(None, folder=folder, persist=True)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            frames = Frames(app)
            shown.append(await frames.after(lambda app=app: app.continue_game(record.id),
                                            YukonScreen))
            screen = app.screen
            assert isinstance(screen, YukonScreen) and screen.session.state == session.state
            if attempt:
                continue
            await pilot.press("escape")
            for _ in range(LONG_GAME_MOVES // 2):
                await pilot.pause()
                move = str(screen.view.legal[0])
                times["move (command)"].append(
                    await frames.after(lambda move=move, screen=screen: screen.run_command(move)))
                await pilot.pause()
                times["undo key"].append(await frames.after(lambda: pilot.press("u")))
    return shown, builds, opened, times


def latency_rows(title: str, by_kind: dict[str, list[float]]) -> float:
    ms = sorted(value * 1000 for values in by_kind.values() for value in values)
    median = statistics.median(ms)
    p95 = ms[max(int(len(ms) * 0.95) - 1, 0)]
    print(f"{title}, {len(ms)} moves ({', '.join(by_kind)}):")
    print(f"  median {median_text(ms, unit=' ms')}   p95 {p95:.1f} ms   max {ms[-1]:.1f} ms")
    for kind, values in by_kind.items():
        print(f"  {kind:>14}: median {statistics.median(values) * 1000:.1f} ms over {len(values)}")
    return median


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="tableau-bench-home-") as home:
        # Nothing is written outside this folder: the settings and tableau.db go here too.
        before, os.environ["TABLEAU_HOME"] = os.environ.get("TABLEAU_HOME"), home
        try:
            _main(Path(home))
        finally:
            if before is None:
                del os.environ["TABLEAU_HOME"]
            else:
                os.environ["TABLEAU_HOME"] = before


def _main(home: Path) -> None:
    times_off, times_on = bench_latency()
    off = latency_rows("move latency, Yukon 120x40, autosave OFF", times_off)
    on = latency_rows("move latency, Yukon 120x40, autosave ON (tableau.db)", times_on)
    verdict = "OK" if on <= 16 else "over target"
    print(f"  autosave ON {on:.1f} ms vs OFF {off:.1f} ms (median)   "
          f"target median <= 16 ms: {verdict}")
    folder = home / "resume"
    folder.mkdir()
    shown, builds, opened, long_times = asyncio.run(_resume(folder))
    built = statistics.median(builds)
    verdict = "OK" if built <= 0.5 else "over target"
    print(f"resume of a {LONG_GAME:,}-move Yukon game, median of {RESUMES} (95% interval: "
          "the fastest to the slowest):")
    print(f"  resume (session replayed + screen built) {median_text(builds, 1000, ' ms', 0)}   "
          f"target <= 500 ms: {verdict}")
    print(f"  Continue to the first painted board {median_text(shown, 1000, ' ms', 0)}   "
          f"(a new game to its first painted board: {median_text(opened, 1000, ' ms', 0)})")
    latency_rows(f"move latency in that {LONG_GAME:,}-move game, autosave ON", long_times)
    tableau, bare = bench_startup()
    ratio = statistics.median(tableau) / statistics.median(bare)
    verdict = "OK" if ratio <= 1.5 else "over target"
    # Each start is paired with the bare app's start just before it: the pairs' ratios.
    pairs = [ours / theirs for ours, theirs in zip(tableau, bare, strict=True)]
    print(f"start-up to first painted frame, median of {STARTS} subprocesses "
          f"(settings + tableau.db with {len(SAVED_GAMES)} saves, {FINISHED_GAMES} games):")
    print(f"  tableau menu {median_text(tableau, 1000, ' ms', 0)}   bare one-widget app "
          f"{median_text(bare, 1000, ' ms', 0)}")
    print(f"  ratio {ratio:.2f} (pairs' median {median_text(pairs, digits=2)})   "
          f"target <= 1.5: {verdict}")


if __name__ == "__main__":
    main()
