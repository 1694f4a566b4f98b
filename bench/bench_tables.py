"""A table across screens (issue 30): how soon a move made at one screen shows at the others,
and what a screen waiting for its turn costs.

Four processes (``python -m bench.bench_tables --child``, each with its own ``TableStore`` on one
``tableau.db`` in a temporary TABLEAU_HOME) each hold one remote seat of a 4-seat Pesten table
that this process opened through the public API (``SharedTable.open`` with four open seats;
each child ``join``s and ``sit``s with a password of its own, never shown). Once all four sit,
they play as the line mode's guest loop waits (``tableau join CODE --plain``): the news, whom
the table waits for, the CPUs under the lease (none here), a sleep of the line mode's own
``POLL_SECONDS``, a ``refresh()``. At its turn a child makes the first legal move (calling
"last card" when a play leaves one card: without the call no round ever ends) and records the
wall time its ``act`` returned (the commit, as its own screen knows it); seat 0 also deals the
next round (the opener's role) until the moves are made. Every child records when it
first saw each new version.

- Latency = first seen at a screen - committed, for each (move, other screen) pair. Target:
  median <= 150 ms and p95 <= 400 ms over 200 moves (`make bench` and `make bench-full` both
  play at least 200; a deal of the next round counts as a move, as every screen shows it).
- Waiting: before play, all four wait through a stretch in which nobody moves (as when a
  player thinks): the CPU time of each (``getrusage``: its main loop and its heartbeat thread)
  over that stretch, as % of one core. Target: at most 2%. The same figure while waiting
  during play (the others moving as fast as they can) is printed beside it, not judged.

Wall times are compared across processes: one machine, one clock. Nothing is written outside
the temporary folder. Options: ``--moves N``, ``--idle-s S`` (a tiny run for the tests).

Run: `.venv/bin/python -m bench tables`.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import queue
import resource
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from typing import Final

from bench.sizing import median_text
from bench.sizing import sized
from bench.winnability import Z95
from tableau.cli.table_lines import POLL_SECONDS
from tableau.engines.pesten import Play
from tableau.sessions.pesten import REMOTE
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Seat
from tableau.sessions.pesten import Stage
from tableau.storage.home import DATABASE_FILE
from tableau.storage.home import database_path
from tableau.storage.table_store import TableProblem
from tableau.storage.table_store import TableStore
from tableau.tables.shared_table import SharedTable

PROG: Final = "python -m bench tables"
ROOT: Final = Path(__file__).resolve().parents[1]
PLACEHOLDERS: Final = ("Anna", "Bram", "Cor", "Dewi")
"""The open seats' names until somebody sits down."""
SITTERS: Final = ("Zoe", "Yan", "Xavi", "Wim")
"""The names the four children sit down under."""
NAMING_TRIES: Final = 5
"""How often a child gives its name again when friends sitting down at once named their
seats first (``SharedTable.sit`` refuses a name made stale by another seat's name)."""
SEED: Final = 20_301
MOVES: Final = (200, 1000)
"""Moves in `make bench` and in `make bench-full`."""
IDLE_SECONDS: Final = (5, 30)
"""The waiting stretch in which nobody moves, in each run."""
START_MARGIN: Final = 0.5
"""Seconds between the go and the waiting stretch (every child has read its go by then)."""
SEATING_SECONDS: Final = 60.0
"""How long four children may take to start and sit down (Argon2 hashes, on a busy machine)."""
MEDIAN_TARGET_MS: Final = 150.0
P95_TARGET_MS: Final = 400.0
WAITING_TARGET: Final = 2.0
"""% of one core."""


# ------------------------------------------------------------------ one screen (a child)


def cpu_seconds() -> float:
    """This process's CPU time so far, every thread (the heartbeat's too)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


@dataclass
class Screen:
    """A child's seat at the table and what it measured."""

    shared: SharedTable
    seat: int
    seen: dict[int, float]
    """Version -> wall time this screen first showed it (a version read as part of a later one
    showed then)."""
    failed_reads: int = 0

    def wait_a_poll(self) -> None:
        """One pass of the line mode's guest loop while it waits (``SharedLines.pause`` and
        what comes before it): the news, whom the table waits for, the CPUs if this process
        holds the lease, a poll's sleep, a read of the table."""
        shared = self.shared
        shared.news(self.seat)
        shared.away()
        try:
            if not shared.run_cpus():
                time.sleep(POLL_SECONDS)
                if not shared.refresh():
                    return
        except TableProblem:
            self.failed_reads += 1
            return
        self.saw(shared.row.version, time.time())

    def saw(self, version: int, when: float) -> None:
        """The screen shows ``version`` now (and any it skipped, read as part of it)."""
        newest = max(self.seen, default=version - 1)
        for shown in range(newest + 1, version + 1):
            self.seen[shown] = when

    def to_play(self) -> bool:
        """This seat is to move: its turn, or (seat 0, as the opener) the next round's deal."""
        session = self.shared.session
        return session.to_move == self.seat and session.stage in (Stage.REMOTE, Stage.OVER)


def first_move(session: PestenSession, seat: int) -> Any:
    """The first legal move, calling "last card" when a play leaves one card (as a player
    does: the first move in the list forgets the call, takes the penalty cards, and no
    round ends in 2,000 moves)."""
    moves = session.moves(seat)
    move = moves[0]
    if isinstance(move, Play) and len(session.state.hands[seat]) - len(move.cards) == 1:
        called = dataclasses.replace(move, last_card=True)
        return called if called in moves else move
    return move


def child(code: str, seat: int) -> int:
    """One screen: sit down, say so, wait for the go, wait through the stretch, play, report
    (one JSON line of versions and times: no card, no password)."""
    store = TableStore(database_path())
    try:
        shared = SharedTable.join(store, code)
        name = SITTERS[seat]
        answer = shared.sit(seat, name, secrets.token_hex(12))
        for _ in range(NAMING_TRIES):
            if answer.ok or shared.seat != seat:
                break
            # Seated, but another seat's new name came first: give the name again.
            answer = shared.change(lambda session: session.name_seat(seat, name))
        if not answer.ok:
            print(json.dumps({"error": answer.refusal}), flush=True)
            return 1
        print("seated", flush=True)
        go = json.loads(sys.stdin.readline())
        screen = Screen(shared, seat, {})
        report = _play(screen, go)
        shared.leave()
    finally:
        store.close()
    print(json.dumps(report), flush=True)
    return 0


def _play(screen: Screen, go: dict[str, Any]) -> dict[str, Any]:
    shared = screen.shared
    while shared.row.version < go["first"] and time.time() < go["deadline"]:
        screen.wait_a_poll()  # the last sitter's name, if this screen has not read it yet
    while time.time() < go["idle_from"]:
        screen.wait_a_poll()
    cpu, started = cpu_seconds(), time.time()
    while time.time() < go["idle_until"]:
        screen.wait_a_poll()
    idle = {"cpu": cpu_seconds() - cpu, "wall": time.time() - started}
    commits: list[tuple[int, float, float, bool]] = []
    waiting = {"cpu": 0.0, "wall": 0.0}
    refused = 0
    while shared.row.version < go["last"] and time.time() < go["deadline"]:
        if screen.to_play():
            deal = shared.session.stage is Stage.OVER
            move = first_move(shared.session, screen.seat)
            before = time.time()
            answer = shared.act(screen.seat, move)
            after = time.time()
            if answer.ok:
                commits.append((shared.row.version, before, after, deal))
                screen.saw(shared.row.version, after)
            else:
                refused += 1
            continue
        cpu, started = cpu_seconds(), time.time()
        screen.wait_a_poll()
        waiting["cpu"] += cpu_seconds() - cpu
        waiting["wall"] += time.time() - started
    return {"seat": screen.seat, "commits": commits, "seen": sorted(screen.seen.items()),
            "idle": idle, "waiting": waiting, "refused": refused,
            "failed_reads": screen.failed_reads, "finished": shared.row.version >= go["last"]}


# ------------------------------------------------------------------ the line mode itself


class LineMode:
    """A real `tableau join CODE --plain` at a table of its own (two open seats, the other
    seat to move and nobody in it), waiting for its turn as a player's terminal does: its CPU
    time is read from /proc over the same stretch as the children's (clock ticks, so to
    1/CLK_TCK s)."""

    def __init__(self, store: TableStore, environment: dict[str, str]) -> None:
        seats = [Seat(name, REMOTE) for name in PLACEHOLDERS[:2]]
        session = PestenSession.deal(seats, packs=1, jokers=2, dealer=1, seed=SEED)
        code = SharedTable.open(store, session).code
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tableau", "join", code, "--plain"], env=environment,
            text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        password = secrets.token_hex(12)
        assert self.process.stdin is not None
        # The seat's number (seat 2), a name, the password twice (not a terminal: read as lines)
        self.process.stdin.write(f"2\nVera\n{password}\n{password}\n")
        self.process.stdin.flush()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put("")

    def wait_until_waiting(self, deadline: float) -> None:
        """Until the screen says whom the table waits for (it then only polls)."""
        while True:
            try:
                line = self.lines.get(timeout=max(deadline - time.time(), 0.01))
            except queue.Empty:
                raise RunFailed("tableau join did not sit down in time") from None
            if not line:
                raise RunFailed(f"tableau join ended (exit status {self.process.wait()})")
            if "the table waits for a friend" in line:
                return

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        """Ctrl-C, as a player ends it (a waiting screen reads no input until its turn)."""
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=10)  # its output is read to the end by _read
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stdin is not None:
            self.process.stdin.close()


# ------------------------------------------------------------------ the run


class RunFailed(Exception):
    """A child did not sit down or did not finish; ``str()`` says which and why."""


def open_table(store: TableStore) -> str:
    """A 4-seat Pesten table whose every seat is open for a friend."""
    seats = [Seat(name, REMOTE) for name in PLACEHOLDERS]
    session = PestenSession.deal(seats, packs=1, jokers=2, dealer=0, seed=SEED)
    return SharedTable.open(store, session).code


def run(moves: int, idle_seconds: float) -> tuple[list[dict[str, Any]], float]:
    """Four children at one table in a temporary TABLEAU_HOME, and a real line mode waiting
    at a table of its own: the children's reports, by seat, and the line mode's % of a core
    over the children's waiting stretch."""
    with tempfile.TemporaryDirectory(prefix="tableau-bench-home-") as home:
        environment = {**os.environ, "TABLEAU_HOME": home}
        store = TableStore(Path(home) / DATABASE_FILE)
        children: list[subprocess.Popen[str]] = []
        line_mode: LineMode | None = None
        try:
            code = open_table(store)
            children = [subprocess.Popen(
                [sys.executable, "-m", "bench.bench_tables", "--child", code, str(seat)],
                cwd=ROOT, env=environment, text=True, stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                for seat in range(len(PLACEHOLDERS))]
            line_mode = LineMode(store, environment)
            _seated(children)
            line_mode.wait_until_waiting(time.time() + SEATING_SECONDS)
            first = store.load(code).version
            now = time.time()
            deadline = now + START_MARGIN + idle_seconds + SEATING_SECONDS + moves * 0.5
            go = {"first": first, "last": first + moves, "idle_from": now + START_MARGIN,
                  "idle_until": now + START_MARGIN + idle_seconds, "deadline": deadline}
            for process in children:
                assert process.stdin is not None
                process.stdin.write(json.dumps(go) + "\n")
                process.stdin.flush()  # communicate closes it
            waiting = _line_mode_share(line_mode, go["idle_from"], go["idle_until"])
            reports = [_report(process, seat, deadline - time.time() + SEATING_SECONDS)
                       for seat, process in enumerate(children)]
            return reports, waiting
        finally:
            if line_mode is not None:
                line_mode.stop()
            for process in children:
                if process.poll() is None:
                    process.kill()
                process.wait()
            store.close()


def _line_mode_share(line_mode: LineMode, start: float, end: float) -> float:
    """The line mode's CPU time from ``start`` to ``end`` (wall times), as % of one core."""
    time.sleep(max(start - time.time(), 0.0))  # a measuring window, not a wait for an outcome
    cpu, started = line_mode.cpu_seconds(), time.time()
    time.sleep(max(end - time.time(), 0.0))
    return 100 * (line_mode.cpu_seconds() - cpu) / max(time.time() - started, 1e-9)


def _seated(children: Sequence[subprocess.Popen[str]]) -> None:
    """Wait for every child's "seated" (a child that fails says so on its way out)."""
    for seat, process in enumerate(children):
        assert process.stdout is not None
        line = process.stdout.readline().strip()
        if line != "seated":
            process.kill()
            _, errors = process.communicate()
            raise RunFailed(f"seat {seat + 1} did not sit down: {line or _last_line(errors)}")


def _report(process: subprocess.Popen[str], seat: int, timeout: float) -> dict[str, Any]:
    try:
        output, errors = process.communicate(timeout=max(timeout, 1.0))
    except subprocess.TimeoutExpired:
        process.kill()
        raise RunFailed(f"seat {seat + 1} did not finish within {timeout:.0f} s") from None
    lines = output.strip().splitlines()
    report: dict[str, Any] = json.loads(lines[-1]) if lines else {}
    if process.returncode != 0 or not report.get("finished"):
        raise RunFailed(f"seat {seat + 1} did not finish (exit status {process.returncode}): "
                        f"{_last_line(errors)}")
    return report


def _last_line(errors: str) -> str:
    lines = errors.strip().splitlines()
    return lines[-1] if lines else "no error message"


# ------------------------------------------------------------------ the figures


@dataclass(frozen=True)
class Figures:
    moves: int
    deals: int
    latencies: list[float]
    """Seconds from a move's commit to its first showing at another screen, per pair."""
    slowest: list[float]
    """Seconds from a move's commit until every other screen showed it, per move."""
    acts: list[float]
    """Seconds a move's ``act`` took at its own screen."""
    idle: list[float]
    """% of one core, per screen, over the stretch in which nobody moved."""
    line_mode: float
    """% of one core of a real `tableau join CODE --plain` over the same stretch."""
    waiting: list[float]
    """% of one core, per screen, while it waited during play."""
    refused: int
    failed_reads: int


def figures(reports: Sequence[dict[str, Any]], line_mode: float = 0.0) -> Figures:
    """The latencies and CPU shares from the children's reports (every move is checked to be
    committed once and seen at every other screen)."""
    seen = {report["seat"]: sorted(report["seen"]) for report in reports}
    latencies, slowest, acts, deals = [], [], [], 0
    commits = sorted((version, after, before, deal, report["seat"]) for report in reports
                     for version, before, after, deal in report["commits"])
    versions = [version for version, *_ in commits]
    if not versions or versions != list(range(versions[0], versions[0] + len(versions))):
        raise RunFailed(f"the moves' versions are not one unbroken run: {versions[:20]}")
    for version, committed, before, deal, mover in commits:
        deals += deal
        acts.append(committed - before)
        shown = [_first_showing(seen[seat], version) for seat in seen if seat != mover]
        if None in shown:
            raise RunFailed(f"version {version} was never shown at every other screen")
        pairs = [when - committed for when in shown if when is not None]
        latencies += pairs
        slowest.append(max(pairs))
    return Figures(len(commits), deals, latencies, slowest, acts,
                   [_share(report["idle"]) for report in reports], line_mode,
                   [_share(report["waiting"]) for report in reports],
                   sum(report["refused"] for report in reports),
                   sum(report["failed_reads"] for report in reports))


def _first_showing(seen: Sequence[Sequence[float]], version: int) -> float | None:
    return next((when for shown, when in seen if shown >= version), None)


def _share(spent: dict[str, float]) -> float:
    return 100 * spent["cpu"] / spent["wall"] if spent["wall"] > 0 else 0.0


def quantile_text(values: Sequence[float], share: float, scale: float = 1.0,
                  unit: str = "") -> str:
    """'52.0 ms (95% 48.1-57.3)': a quantile with the distribution-free interval between two
    order statistics, ranks n·q ± 1.96·√(n·q·(1-q)) (as ``sizing.median_interval``)."""
    ordered = sorted(scale * value for value in values)
    count = len(ordered)
    reach = Z95 * math.sqrt(count * share * (1 - share))
    low = max(0, math.floor(count * share - reach) - 1)
    high = min(count - 1, math.ceil(count * share + reach))
    middle = ordered[min(count - 1, max(0, math.ceil(count * share) - 1))]
    return f"{middle:.1f}{unit} (95% {ordered[low]:.1f}-{ordered[high]:.1f})"


def _verdict(holds: bool) -> str:
    return "OK" if holds else "over target"


def print_figures(found: Figures, idle_seconds: float) -> None:
    ordered = sorted(found.latencies)
    median_ms = 1000 * statistics.median(ordered)
    p95_ms = 1000 * ordered[min(len(ordered) - 1, max(0, math.ceil(len(ordered) * 0.95) - 1))]
    print(f"4 processes at one Pesten table (4 remote seats), {found.moves} moves "
          f"({found.deals} of them deals of the next round), poll every "
          f"{1000 * POLL_SECONDS:.0f} ms:")
    print(f"  a move shown at another screen ({len(ordered)} pairs): median "
          f"{median_text(ordered, 1000, ' ms')}   p95 {quantile_text(ordered, 0.95, 1000, ' ms')}"
          f"   max {1000 * ordered[-1]:.1f} ms")
    print(f"  a move shown at all three others: median {median_text(found.slowest, 1000, ' ms')}"
          f"   p95 {quantile_text(found.slowest, 0.95, 1000, ' ms')}")
    print(f"  a move's act at its own screen: median {median_text(found.acts, 1000, ' ms')}"
          f"   (refused moves {found.refused}, failed reads {found.failed_reads})")
    print(f"  target median <= {MEDIAN_TARGET_MS:.0f} ms: "
          f"{_verdict(median_ms <= MEDIAN_TARGET_MS)}   p95 <= {P95_TARGET_MS:.0f} ms: "
          f"{_verdict(p95_ms <= P95_TARGET_MS)}")
    idle = sorted(found.idle)
    print(f"a screen waiting for its turn, {idle_seconds:g} s in which nobody moves, "
          f"4 processes: CPU {statistics.median(idle):.2f}% of a core (median), "
          f"{idle[-1]:.2f}% the most ({', '.join(f'{share:.2f}%' for share in found.idle)})")
    print(f"  while waiting during play (the others moving at once): "
          f"{statistics.median(found.waiting):.1f}% of a core (median), "
          f"{max(found.waiting):.1f}% the most; not judged")
    print(f"  the line mode itself (tableau join CODE --plain, waiting at a table of its own) "
          f"over the same stretch: {found.line_mode:.2f}% of a core (to "
          f"{100 / os.sysconf('SC_CLK_TCK') / idle_seconds:.2f}%: /proc counts clock ticks)")
    most = max(idle[-1], found.line_mode)
    print(f"  target <= {WAITING_TARGET:g}% of a core (the most of the five): "
          f"{_verdict(most <= WAITING_TARGET)}")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=sized(*MOVES),
                        help="moves to play (200 in make bench, 1000 in make bench-full)")
    parser.add_argument("--idle-s", type=float, default=float(sized(*IDLE_SECONDS)),
                        help="seconds of the stretch in which nobody moves")
    return parser


def main(argv: list[str] | None = None) -> int:
    options = _parser().parse_args(argv or [])
    if options.moves < 1 or not options.idle_s > 0:
        print(f"{PROG}: --moves and --idle-s must be above 0.", file=sys.stderr)
        return 2
    try:
        found = figures(*run(options.moves, options.idle_s))
    except RunFailed as problem:
        print(f"{PROG}: the run failed: {problem}.", file=sys.stderr)
        return 1
    print_figures(found, options.idle_s)
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        sys.exit(child(sys.argv[2], int(sys.argv[3])))
    sys.exit(main(sys.argv[1:]))
