"""Yukon: random-playout throughput and the memory of a long game with its undo history.

- Throughput: one core, a seeded random player; each step is ``legal_moves`` plus ``apply``,
  timed in CPU seconds of this process (the machine is shared, so wall time would measure the
  neighbours).
  A new deal starts when a game is stuck or won, or after 1,000 moves (random play rarely
  ends a game, and fresh deals keep the positions varied).
- Memory: a single game of 10,000 random legal moves (moves back from the foundations and
  kings between empty columns let a game go on that long) kept whole in a ``Timeline``, as the
  session keeps it for undo and redo, measured with tracemalloc. If a game gets stuck before
  10,000 moves, the next seed is tried, so the measured history is always one game.
- Saves: a single game of 1,000,000 random legal moves played through the session (its undo
  history capped as in play), then ``S`` and ``L`` of it: the wall time of each (a player
  waits for it) and, in a second run under tracemalloc, its peak memory. The same game is
  also written as a version 1 save (every move from the deal, as ``S`` wrote before the cap)
  and loaded, to show that old saves still load (no target: old saves replay every move).
- Autosave: the save data of a 10,000-move game, as the app writes it after every move: from
  the steps the session keeps, and worked out from the snapshots (as before the steps were
  kept), median of a few runs.
"""

from __future__ import annotations

import json
import random
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple
from typing import TypeVar

from bench.sizing import mean_interval
from bench.sizing import median_text
from tableau.engines.yukon import DEAL
from tableau.engines.yukon import SHUFFLE_RANDOM
from tableau.engines.yukon import Config
from tableau.engines.yukon import LoadDeck
from tableau.engines.yukon import State
from tableau.engines.yukon import apply
from tableau.engines.yukon import legal_moves
from tableau.engines.yukon import new_game
from tableau.engines.yukon import to_json
from tableau.sessions.timeline import Timeline
from tableau.sessions.yukon import YukonSession
from tableau.sessions.yukon_saves import MAX_SAVE_BYTES

T = TypeVar("T")

THROUGHPUT_SECONDS = 3.0
THROUGHPUT_TARGET = 10_000
MOVES_PER_DEAL = 1_000
GAME_MOVES = 10_000
MEMORY_TARGET_MB = 50.0
LONG_GAME_MOVES = 1_000_000
FILE_SECONDS_TARGET = 2.0
FILE_PEAK_TARGET_MB = 300.0


def dealt(seed: int) -> State:
    state = new_game(Config(seed=seed))
    for step in (LoadDeck(), SHUFFLE_RANDOM, DEAL):
        state = apply(state, step)
    return state


def throughput() -> tuple[float, float, int]:
    """Steps a CPU-second, half its 95% interval (over blocks of 1,000 steps), and deals."""
    chooser = random.Random(1)
    seed = 0
    state = dealt(seed)
    steps = in_deal = 0
    rates: list[float] = []
    # CPU time of this process: the machine is shared, and the target is per core.
    started = time.process_time()
    deadline = started + THROUGHPUT_SECONDS
    while True:
        block_started, block_steps = time.process_time(), steps
        for _ in range(1000):
            moves = legal_moves(state)
            if not moves or in_deal == MOVES_PER_DEAL:
                seed += 1
                state = dealt(seed)
                in_deal = 0
                continue
            state = apply(state, moves[chooser.randrange(len(moves))])
            steps += 1
            in_deal += 1
        now = time.process_time()
        rates.append((steps - block_steps) / max(now - block_started, 1e-9))
        if now >= deadline:
            break
    return steps / (time.process_time() - started), mean_interval(rates)[1], seed + 1


def long_game(seed: int) -> Timeline[State] | None:
    """One game of GAME_MOVES random legal moves with its history, or None if it got stuck."""
    chooser = random.Random(seed)
    timeline = Timeline(dealt(seed))
    for _ in range(GAME_MOVES):
        moves = legal_moves(timeline.present)
        if not moves:
            return None
        timeline = timeline.push(apply(timeline.present, moves[chooser.randrange(len(moves))]))
    return timeline


def memory() -> tuple[float, int, Timeline[State]]:
    seed = 0
    while True:
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        timeline = long_game(seed)
        after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        if timeline is not None:
            return (after - before) / 1e6, seed, timeline
        seed += 1


def long_session(folder: Path, moves: int) -> tuple[YukonSession, State, list[str]]:
    """One game of ``moves`` random legal moves played through the session, its deal and its
    moves. If a game gets stuck, the next seed is tried."""
    seed = 0
    while True:
        chooser = random.Random(seed)
        session = YukonSession.start(Config(seed=seed), folder).run("LD").run("SR").run("P")
        dealt_state = session.state
        played: list[str] = []
        for _ in range(moves):
            choices = legal_moves(session.state)
            if not choices:
                break
            played.append(str(choices[chooser.randrange(len(choices))]))
            session = session.run(played[-1])
        else:
            return session, dealt_state, played
        seed += 1


class Measure(NamedTuple):
    wall: float
    cpu: float
    peak_mb: float

    def __str__(self) -> str:
        return f"{self.wall:.2f} s ({self.cpu:.2f} CPU), {self.peak_mb:.0f} MB"

    @property
    def on_target(self) -> bool:
        return self.wall <= FILE_SECONDS_TARGET and self.peak_mb <= FILE_PEAK_TARGET_MB


def measured(action: Callable[[], T]) -> tuple[T, Measure]:
    """The result, and the wall and CPU seconds of one run and the peak MB of a second run
    (under tracemalloc, which slows it down). On a busy machine the wall time also counts
    the neighbours' work; the CPU time is this process's own."""
    started, cpu_started = time.perf_counter(), time.process_time()
    result = action()
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    tracemalloc.start()
    action()
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return result, Measure(wall, cpu, peak)


def file_rows(moves: int = LONG_GAME_MOVES) -> tuple[list[tuple[str, str, str]], bool]:
    """S and L of a ``moves``-move game, and L of the same game as a version 1 save; and
    whether S and L met their targets."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        session, dealt_state, played = long_session(folder, moves)
        saved, save_figures = measured(lambda: session.run("S game.json"))
        fresh = YukonSession.start(Config(), folder)
        loaded, load_figures = measured(lambda: fresh.run("L game.json"))
        assert saved.message == loaded.message == "OK" and loaded.state == session.state
        size = (folder / "game.json").stat().st_size / 1e6
        # The same game as S wrote it before the history was capped: every move from the deal.
        old = {
            "game": "yukon", "version": 1, "start": to_json(dealt_state), "past": played,
            "present": to_json(session.state), "future": [], "last_command": "", "message": "",
        }
        (folder / "old.json").write_text(json.dumps(old, separators=(",", ":")))
        del played, old
        old_size = (folder / "old.json").stat().st_size / 1e6
        old_loaded, old_figures = measured(lambda: fresh.run("L old.json"))
        assert old_loaded.message == "OK" and old_loaded.state == session.state
    target = f"<= {FILE_SECONDS_TARGET:.0f} s, <= {FILE_PEAK_TARGET_MB:.0f} MB"
    rows = [
        (f"S of a {moves:,}-move game ({size:.2f} MB)", str(save_figures), target),
        (f"L of that save ({loaded.timeline.undo_depth:,} undo steps)", str(load_figures),
         target),
        (f"L of it as a version 1 save ({old_size:.1f} MB)", str(old_figures),
         "(no target; old saves load)"),
    ]
    return rows, save_figures.on_target and load_figures.on_target


def autosave_rows() -> list[tuple[str, str, str]]:
    """Seconds of ``to_json`` for a GAME_MOVES-move session, with its kept steps and without."""
    with tempfile.TemporaryDirectory() as name:
        session, _dealt, _played = long_session(Path(name), GAME_MOVES)
    bare = YukonSession(session.timeline, folder=session.folder)  # no kept steps

    def median_ms(action: Callable[[], object], runs: int, digits: int) -> str:
        times = []
        for _ in range(runs):
            started = time.perf_counter()
            action()
            times.append(time.perf_counter() - started)
        return median_text(times, 1000, " ms", digits)

    return [
        (f"autosave data of a {GAME_MOVES:,}-move game", median_ms(session.to_json, 9, 1),
         "(after every move)"),
        ("  the same, steps worked out from snapshots", median_ms(bare.to_json, 3, 0),
         "(before: no steps kept)"),
    ]


def main() -> None:
    rate, spread, deals = throughput()
    megabytes, seed, timeline = memory()
    files, files_on_target = file_rows()
    with tempfile.TemporaryDirectory() as folder:
        session = YukonSession(timeline, folder=Path(folder))
        started = time.perf_counter()
        session = session.run("S game.json")
        loaded = session.run("L game.json")
        save_and_load = time.perf_counter() - started
        assert session.message == loaded.message == "OK" and loaded.state == session.state
        saved = (Path(folder) / "game.json").stat().st_size / 1e6
    rows = [
        ("measure", "value", "target"),
        (
            "random playout, legal_moves + apply (1 core)",
            f"{rate:,.0f} ± {spread:,.0f} steps/s",
            f">= {THROUGHPUT_TARGET:,} steps/s",
        ),
        (
            f"{GAME_MOVES:,}-move game + full undo history",
            f"{megabytes:.1f} MB",
            f"< {MEMORY_TARGET_MB:.0f} MB",
        ),
        (
            "the same game saved with S (JSON)",
            f"{saved:.2f} MB",
            f"< {MAX_SAVE_BYTES // 2**20} MiB (load limit)",
        ),
        ("S then L of that game", f"{save_and_load:.2f} s", "(no target)"),
        *autosave_rows(),
        *files,
    ]
    for name, value, target in rows:
        print(f"{name:<48} {value:>26}   {target}", flush=True)
    print(
        f"(playout over {deals} deals in {THROUGHPUT_SECONDS:.0f} CPU s; the long game is seed "
        f"{seed}, {timeline.undo_depth:,} undo steps; "
        f"throughput {'OK' if rate >= THROUGHPUT_TARGET else 'BELOW TARGET'}, "
        f"memory {'OK' if megabytes < MEMORY_TARGET_MB else 'OVER TARGET'}, "
        f"S and L {'OK' if files_on_target else 'OVER TARGET'})"
    )


if __name__ == "__main__":
    main()
