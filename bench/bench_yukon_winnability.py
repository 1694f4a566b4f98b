"""The Yukon winnability study: what share of deals can be won, under each rules variant.

    python -m bench yukon_winnability --rules R --deals N [--budget-s S] [--out FILE.csv]
    python -m bench yukon_winnability --report FILE.csv [FILE.csv ...]
    python -m bench yukon_winnability --hint-quality --rules R --deals N [--from F.csv] [--undos U]
    python -m bench yukon_winnability --hint-quality --fatal --rules R --deals N [--from F.csv]
    python -m bench yukon_winnability            (make bench: 30 deals of each variant)
    python -m bench --full yukon_winnability     (make bench-full: 2,000 deals of each, 2 jobs)

- **The deals** are a fixed list: game numbers 1 to N, deal n being
  ``tableau.engines.yukon.numbered_game(n, R)``, the game ``tableau yukon --seed n --rules R``
  deals (the full deck shuffled by SR from seed n, then P). Anyone can replay deal n.
- **Each deal** is solved by ``tableau.ai.yukon.solve(deal, seconds=S, max_nodes=M)``, which
  looks under the face-down cards: won (with a replayable solution), lost (proved), or
  unknown (the time budget S or the node budget M ran out; the node budget bounds the memory).
  S counts CPU seconds of the solving process (``time.process_time``), not wall time, so the
  machine's other work changes how long the study takes, not its verdicts.
- **The CSV** (``--out``) gets one row per deal, written and flushed as soon as the deal is
  solved: seed, verdict, moves (the length of the solution; ``tableau yukon --solve --seed n``
  prints it), nodes, seconds, reason (which budget ran out). Its first lines are ``#``
  comments naming the rules and budgets and the command that reproduces it. Run the same
  command again after an interruption: the deals already in the file are skipped (a partly
  written last line is dropped), and a file made with other rules or budgets is refused.
- **The table** (printed at the end, and by ``--report``) is Markdown; ``bench/winnability.py``
  has its maths: the win rate as a Wilson 95% range from "won" to "won + unknown", and the
  median and p95 (nearest-rank) solve time over all deals.
- **Hint quality** (``--hint-quality``): over the first N deals the solver proves won (taken
  from a study CSV with ``--from``, else solved first), a player who always plays
  ``tableau.ai.yukon_hint.hint`` (which never looks under the face-down cards) wins what
  share? Once every card is face up the player plays the solver's win if it finds one (the
  app's F), and the game counts as lost when the solver finds none. A game also counts as
  lost when the hint has no move, comes back to a position it has played from, or after
  MAX_HINT_MOVES moves. The hint is told the positions played (it never goes back to one
  unless every legal move does, and then it says so and the game ends): the games ended by
  circling (issue 31's target: none) and by having no new table are counted apart. Each
  hint is told what the app's ``HintMemory`` tells it (the tables played, the nearest
  earlier table where a hint found wins, what the last hint looked at). ``--undos N``: the
  player also follows the hint's "Undo N moves…" advice, up to N times a game. ``--fatal``:
  also where each lost game was lost, and how the moves there rate (``bench/yukon_fatal.py``).
- **The hint's sample** (``print_hint_sample``, which `make bench` runs as
  ``bench_yukon_hint_quality``): the hint plays the first ``HINT_SAMPLE_DEALS`` proved-won
  deals of classic and of spec (from the published CSVs in ``docs/yukon-winnability``; 100
  with --full) at ``HINT_SAMPLE_SAMPLES`` samples and ``HINT_SAMPLE_SECONDS`` CPU-s a hint on
  two processes, so that it takes a few minutes: a weaker hint than the app's (40 samples,
  1.5 s).
- ``--jobs J`` solves (or plays) J deals at once, one process each. Each solve still has its
  own budget, but deals then share the machine: use no more jobs than idle cores, or the
  times in the table grow.
- The peak memory (RSS) of the process is printed at the end of each run.
"""

from __future__ import annotations

import argparse
import csv
import io
import math
import multiprocessing
import resource
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import astuple
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any
from typing import TypeVar

from rich.console import Console
from rich.progress import BarColumn
from rich.progress import MofNCompleteColumn
from rich.progress import Progress
from rich.progress import TextColumn
from rich.progress import TimeRemainingColumn

from bench import yukon_fatal
from bench.sizing import share_interval
from bench.sizing import sized
from bench.winnability import VERDICTS
from bench.winnability import Summary
from bench.winnability import markdown_table
from bench.winnability import summarize
from tableau.ai.yukon import DEFAULT_MAX_NODES
from tableau.ai.yukon import solve
from tableau.ai.yukon_hint import DEFAULT_SAMPLES as APP_SAMPLES
from tableau.ai.yukon_hint import DEFAULT_SECONDS as APP_SECONDS
from tableau.ai.yukon_hint import Hint
from tableau.ai.yukon_hint import hint
from tableau.ai.yukon_hint import position_of
from tableau.ai.yukon_memory import HintMemory
from tableau.engines.yukon import RULES
from tableau.engines.yukon import State
from tableau.engines.yukon import apply
from tableau.engines.yukon import numbered_game
from tableau.engines.yukon import outcome
from tableau.engines.yukon import unseen_cards
from tableau.engines.yukon import view

T = TypeVar("T")

PROG = "python -m bench yukon_winnability"
SAMPLE_DEALS = 30
"""Deals of each variant that `make bench` solves."""
STUDY_DEALS = 2000
"""Deals of each variant that `make bench-full` solves: the README's study."""
STUDY_JOBS = 2
DEFAULT_BUDGET_S = 10.0
FIELDS = ("seed", "verdict", "moves", "nodes", "seconds", "reason")
MAX_HINT_MOVES = 1000
HINT_SAMPLES = APP_SAMPLES
HINT_SECONDS = APP_SECONDS
"""`--hint-quality` plays at the app's own setting unless told otherwise."""
HINT_SAMPLE_DEALS = 10
"""Proved-won deals of each variant that `make bench` plays by the hint (100 with --full)."""
HINT_SAMPLE_RULES = ("classic", "spec")
HINT_SAMPLE_SAMPLES = 20
HINT_SAMPLE_SECONDS = 0.4
HINT_APP = f"{APP_SAMPLES} samples, {APP_SECONDS:g} s"
PUBLISHED = Path(__file__).resolve().parent.parent / "docs" / "yukon-winnability"
"""The published study CSVs, one a variant: where the proved-won deals come from."""
FINISH_SECONDS = 10.0
"""The solver's budget once every card is face up (the app's F uses a win found so)."""


@dataclass(frozen=True)
class Row:
    seed: int
    verdict: str
    moves: int
    nodes: int
    seconds: float
    reason: str


class StudyError(Exception):
    """A CSV that cannot be used; str() is the sentence to print."""


def _settings(rules: str, budget_s: float, max_nodes: int) -> str:
    return f"# study: rules={rules} budget_s={budget_s:g} max_nodes={max_nodes}"


def _command(rules: str, deals: int, budget_s: float, max_nodes: int, out: str) -> str:
    nodes = "" if max_nodes == DEFAULT_MAX_NODES else f" --max-nodes {max_nodes}"
    return (f"{PROG} --rules {rules} --deals {deals} --budget-s {budget_s:g}{nodes} "
            f"--out {out}")


def read_csv(path: Path) -> tuple[dict[str, str], list[Row]]:
    """The settings (from the ``# study:`` line) and the complete rows of a study CSV."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as problem:
        raise StudyError(f"{path} cannot be read ({problem}).") from None
    settings: dict[str, str] = {}
    rows: list[Row] = []
    for number, line in enumerate(text.splitlines(keepends=True), 1):
        if line.startswith("# study:"):
            settings = dict(word.split("=", 1) for word in line.split()[2:] if "=" in word)
        if line.startswith("#") or line.startswith("seed,") or not line.endswith("\n"):
            continue  # comments, the field names, a row cut short by an interruption
        try:
            values = next(csv.reader([line]))
            row = Row(int(values[0]), values[1], int(values[2]), int(values[3]),
                      float(values[4]), values[5])
            if row.verdict not in VERDICTS:
                raise ValueError(row.verdict)
        except (ValueError, IndexError):
            raise StudyError(f"{path}, line {number}, is not a study row.") from None
        rows.append(row)
    if "rules" not in settings:
        raise StudyError(f"{path} has no '# study:' line, so it is not a study CSV.")
    return settings, rows


def _csv_line(values: tuple[Any, ...]) -> str:
    line = io.StringIO()
    csv.writer(line, lineterminator="\n").writerow(values)
    return line.getvalue()


def _start_csv(path: Path, rules: str, deals: int, budget_s: float, max_nodes: int,
               rows: list[Row]) -> None:
    """(Re)write the CSV's header and the rows kept so far, dropping any partial line."""
    header = (
        f"# Yukon winnability study: deals are game numbers 1..N, deal n = "
        f"numbered_game(n, '{rules}') (tableau yukon --seed n --rules {rules}).\n"
        f"{_settings(rules, budget_s, max_nodes)}\n"
        f"# reproduce: {_command(rules, deals, budget_s, max_nodes, str(path))}\n"
    )
    body = "".join(_csv_line(astuple(row)) for row in rows)
    path.write_text(header + _csv_line(FIELDS) + body, encoding="utf-8")


@contextmanager
def _progress(what: str, total: int, done: int) -> Iterator[tuple[Progress, Any]]:
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True)) as bar:
        yield bar, bar.add_task(what, total=total, completed=done)


def _mapped(function: Callable[[int], T], seeds: Iterable[int], jobs: int) -> Iterator[T]:
    """``function`` of each seed, in order, computed on ``jobs`` processes."""
    if jobs == 1:
        yield from map(function, seeds)
        return
    # Ctrl+C is for the parent alone: it stops the pool, and the workers with it.
    with multiprocessing.Pool(jobs, signal.signal, (signal.SIGINT, signal.SIG_IGN)) as pool:
        yield from pool.imap(function, seeds)


def _solved(seed: int, rules: str, budget_s: float, max_nodes: int) -> Row:
    # CPU seconds of this process, so a busy machine slows the study down without changing
    # what the budget buys.
    verdict = solve(numbered_game(seed, rules), seconds=budget_s, max_nodes=max_nodes,
                    clock=time.process_time)
    return Row(seed, verdict.kind, len(verdict.moves), verdict.nodes, round(verdict.seconds, 3),
               verdict.reason)


def study(rules: str, deals: int, budget_s: float, max_nodes: int = DEFAULT_MAX_NODES,
          out: Path | None = None, jobs: int = 1) -> list[Row]:
    """Solve deals 1..``deals`` (on ``jobs`` processes); with ``out``, resume from it and add
    each row as it comes."""
    rows: list[Row] = []
    if out is not None:
        if out.exists():
            settings, rows = read_csv(out)
            wanted = {"rules": rules, "budget_s": f"{budget_s:g}", "max_nodes": str(max_nodes)}
            if any(settings.get(key) != value for key, value in wanted.items()):
                made = " ".join(f"{key}={value}" for key, value in settings.items())
                raise StudyError(f"{out} was made with other settings ({made}); give those "
                                 "or another --out.")
        _start_csv(out, rules, deals, budget_s, max_nodes, rows)
    rows = [row for row in rows if row.seed <= deals]
    done = {row.seed for row in rows}
    counts = Counter(row.verdict for row in rows)
    todo = [seed for seed in range(1, deals + 1) if seed not in done]
    solved = partial(_solved, rules=rules, budget_s=budget_s, max_nodes=max_nodes)
    sink = io.StringIO() if out is None else open(out, "a", encoding="utf-8")  # noqa: SIM115
    with sink, _progress(rules, deals, len(done)) as (bar, task):
        for row in _mapped(solved, todo, jobs):
            sink.write(_csv_line(astuple(row)))
            sink.flush()
            rows.append(row)
            counts[row.verdict] += 1
            bar.update(task, advance=1, description=(
                f"{rules}: {counts['won']} won, {counts['lost']} lost, "
                f"{counts['unknown']} unknown"))
    return sorted(rows, key=lambda row: row.seed)


def summary_of(rules: str, rows: list[Row]) -> Summary:
    return summarize(rules, ((row.verdict, row.seconds) for row in rows))


def report(paths: list[Path]) -> str:
    """The Markdown table of study CSVs, with the commands that reproduce them."""
    summaries: list[Summary] = []
    commands: list[str] = []
    for path in paths:
        settings, rows = read_csv(path)
        summaries.append(summary_of(settings["rules"], rows))
        commands.append(_command(settings["rules"], len(rows), float(settings["budget_s"]),
                                 int(settings["max_nodes"]), str(path)))
    return (markdown_table(summaries) + "\nReproduce with:\n\n"
            + "".join(f"    {command}\n" for command in commands))


def peak_rss_mib() -> float:
    """The peak resident memory of this process, or of its largest finished child (the
    ``--jobs`` workers solve there), so far; Linux reports KiB."""
    return max(resource.getrusage(who).ru_maxrss
               for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)) / 1024


def _hint_wins(seed: int, rules: str, samples: int, seconds: float, undos: int = 0) -> str:
    """How the game of ``hint_game`` ends."""
    return hint_game(seed, rules, samples, seconds, undos)[0]


def hint_game(seed: int, rules: str, samples: int, seconds: float, undos: int = 0
              ) -> tuple[str, list[State]]:
    """How a player does on deal ``seed`` by always playing the hint, and, once every card
    is face up, the solver's win when it finds one (the app's F, finish): "won", "lost",
    "circled" (the hint went back to a table it had played, though it had a new one) or
    "no new table" (every legal move goes back to a table played, and the hint says so). The
    hint is told the tables played, the nearest earlier table where a hint found wins, and
    the last hint's looks, by a ``HintMemory`` as in the app.

    ``undos``: how many times the player also follows the hint's "Undo N moves to get back
    to a table that still won" (said when no way to win is found from here, when every move
    goes back, and, once every card is face up, when the solver finds no win) before giving
    up as above. The hint never sees a card that was turned over and then undone back down
    (its worlds start afresh), so following its undo is still playing without peeking.
    Also the tables of the game's undo path, its first table first and its last table last."""
    state = numbered_game(seed, rules)
    memory = HintMemory()
    path: list[State] = []  # the undo path: the tables before this one, oldest first
    for step in range(MAX_HINT_MOVES):
        if outcome(state) is not None:
            return "won", [*path, state]
        shown = view(state)
        asked = memory.ask(state, path)
        found: Hint | None = None
        if not unseen_cards(shown):
            # Nothing is hidden any more: the player may ask the solver, as F does.
            if solve(state, seconds=FINISH_SECONDS, clock=time.process_time).kind == "won":
                return "won", [*path, state]
        else:
            found = hint(shown, samples=samples, seconds=seconds,
                         seed=seed * MAX_HINT_MOVES + step, clock=time.process_time, **asked)
            memory.learned(shown, found)
        earlier = memory.earlier(path)
        if found is not None and found.move is not None and found.wins and not found.repeats:
            move = found.move
        elif undos and earlier is not None:
            undos -= 1
            del path[len(path) - earlier.undos + 1:]
            state = path.pop()
            continue
        elif found is not None and found.move is not None and not found.repeats:
            move = found.move  # the plain preference
        else:
            ending = "no new table" if found is not None and found.repeats else "lost"
            return ending, [*path, state]
        path.append(state)
        state = apply(state, move)
        if position_of(view(state)) in memory.played:
            return "circled", [*path, state]
    return ("won" if outcome(state) is not None else "lost"), [*path, state]


def proved_won(rules: str, deals: int, budget_s: float, source: Path | None = None,
               jobs: int = 1) -> list[int]:
    """The first ``deals`` game numbers the solver proves won: from a study CSV of these
    rules, else solved now (at most 20 times ``deals`` of them)."""
    if source is not None:
        settings, rows = read_csv(source)
        if settings["rules"] != rules:
            raise StudyError(f"{source} is a study of {settings['rules']} rules, not {rules}.")
        return sorted(row.seed for row in rows if row.verdict == "won")[:deals]
    seeds: list[int] = []
    solved = partial(_solved, rules=rules, budget_s=budget_s, max_nodes=DEFAULT_MAX_NODES)
    with _progress(f"{rules}: proving deals won", deals, 0) as (bar, task):
        for row in _mapped(solved, range(1, 20 * deals + 1), jobs):
            if row.verdict == "won":
                seeds.append(row.seed)
                bar.update(task, advance=1)
                if len(seeds) == deals:
                    break
    return seeds


def hint_quality(rules: str, seeds: list[int], samples: int, hint_seconds: float,
                 jobs: int = 1, undos: int = 0) -> Counter[str]:
    """How the games of the deals ``seeds`` end when a player always plays the hint (by
    ``_hint_wins``'s words: "won", "lost", "circled", "no new table")."""
    plays = partial(_hint_wins, rules=rules, samples=samples, seconds=hint_seconds, undos=undos)
    return _tallied(rules, seeds, jobs, plays, lambda end: end)[0]


def _fatal_of(seed: int, rules: str, samples: int, seconds: float
              ) -> tuple[str, yukon_fatal.Fatal | None]:
    ending, tables = hint_game(seed, rules, samples, seconds)
    return ending, None if ending == "won" else yukon_fatal.fatal(seed, ending, tables)


def lost_where(rules: str, seeds: list[int], samples: int, hint_seconds: float, jobs: int = 1
               ) -> tuple[Counter[str], list[yukon_fatal.Fatal]]:
    """``hint_quality``, and where each game the hint lost was lost (``bench/yukon_fatal.py``)."""
    find = partial(_fatal_of, rules=rules, samples=samples, seconds=hint_seconds)
    ends, games = _tallied(rules, seeds, jobs, find, lambda game: game[0])
    return ends, [row for _, row in games if row is not None]


def _tallied(rules: str, seeds: list[int], jobs: int, play: Callable[[int], T],
             ending: Callable[[T], str]) -> tuple[Counter[str], list[T]]:
    """``play`` of each seed (on ``jobs`` processes, with a progress bar), and how many of
    the games ended each way."""
    ends: Counter[str] = Counter()
    games: list[T] = []
    with _progress(f"{rules} hints", len(seeds), 0) as (bar, task):
        for game in _mapped(play, seeds, jobs):
            games.append(game)
            ends[ending(game)] += 1
            bar.update(task, advance=1,
                       description=f"{rules} hints: {ends['won']} of {len(games)} won")
    return ends, games


def print_hint_sample(jobs: int = STUDY_JOBS) -> None:
    """`make bench`'s hint rows: the hint on the first proved-won deals of each variant."""
    deals = sized(HINT_SAMPLE_DEALS, 100)
    for rules in HINT_SAMPLE_RULES:
        started = time.perf_counter()
        seeds = proved_won(rules, deals, DEFAULT_BUDGET_S, PUBLISHED / f"{rules}.csv")
        ends = hint_quality(rules, seeds, HINT_SAMPLE_SAMPLES, HINT_SAMPLE_SECONDS, jobs)
        print(f"hint, {rules}: won {ends['won']} of {len(seeds)} proved-won deals "
              f"({share_interval(ends['won'], len(seeds))}; deals {seeds[0]}-{seeds[-1]}), "
              f"circled {ends['circled']}, no new table {ends['no new table']}; "
              f"{HINT_SAMPLE_SAMPLES} samples, {HINT_SAMPLE_SECONDS:g} CPU-s a hint, "
              f"{jobs} process{'es' if jobs > 1 else ''} (smaller than the app's {HINT_APP}); "
              f"{time.perf_counter() - started:.0f} s", flush=True)


def _positive(kind: type[float] | type[int]) -> Any:
    def read(text: str) -> float | int:
        try:
            value = kind(text)
        except ValueError:
            value = 0
        if not 0 < value < math.inf:
            raise argparse.ArgumentTypeError(f"'{text}' is not a positive number.")
        return value

    return read


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", choices=RULES, help="the variant (default: each)")
    parser.add_argument("--deals", type=_positive(int),
                        default=sized(SAMPLE_DEALS, STUDY_DEALS),
                        help="solve game numbers 1 to N (default %(default)s)")
    parser.add_argument("--budget-s", type=_positive(float), default=DEFAULT_BUDGET_S,
                        help="seconds per deal (default %(default)s)")
    parser.add_argument("--max-nodes", type=_positive(int), default=DEFAULT_MAX_NODES,
                        help="positions per deal, which bounds the memory (default %(default)s)")
    parser.add_argument("--out", type=Path, help="the CSV to write, and to resume from")
    parser.add_argument("--report", type=Path, nargs="+", metavar="CSV",
                        help="print the table of these study CSVs and stop")
    parser.add_argument("--hint-quality", action="store_true",
                        help="play the proved-won deals by the hint alone (needs --rules)")
    parser.add_argument("--from", dest="source", type=Path, metavar="CSV",
                        help="hint: take the proved-won deals from this study CSV")
    parser.add_argument("--jobs", type=_positive(int), default=sized(1, STUDY_JOBS),
                        help="deals solved (or played) at once, one process each "
                             "(default %(default)s)")
    parser.add_argument("--samples", type=_positive(int), default=HINT_SAMPLES,
                        help="hint: hidden-card arrangements per hint (default %(default)s)")
    parser.add_argument("--hint-seconds", type=_positive(float), default=HINT_SECONDS,
                        help="hint: seconds per hint (default %(default)s)")
    parser.add_argument("--fatal", action="store_true",
                        help="hint: also find where each lost game was lost and rate the "
                             "moves there")
    parser.add_argument("--undos", type=int, default=0, metavar="N",
                        help="hint: also follow the hint's undo advice up to N times a game "
                             "(default %(default)s: forward only)")
    return parser


def _print_hint_quality(options: argparse.Namespace) -> int:
    if options.rules is None:
        print(f"{PROG}: --hint-quality needs --rules.", file=sys.stderr)
        return 2
    if options.fatal and options.undos > 0:
        print(f"{PROG}: --fatal follows forward play only; leave out --undos.", file=sys.stderr)
        return 2
    seeds = proved_won(options.rules, options.deals, options.budget_s, options.source,
                       options.jobs)
    fatal: list[yukon_fatal.Fatal] = []
    if options.fatal:  # forward play only: the fatal table lies on the undo path
        ends, fatal = lost_where(options.rules, seeds, options.samples, options.hint_seconds,
                                 options.jobs)
    else:
        ends = hint_quality(options.rules, seeds, options.samples, options.hint_seconds,
                            options.jobs, max(options.undos, 0))
    won = ends["won"]
    undoing = (f", its undo advice followed up to {options.undos} times a game"
               if options.undos > 0 else "")
    share = f"{won / len(seeds):.1%}" if seeds else "n/a"
    print(f"{options.rules}: following the hint won {won} of the {len(seeds)} deals the solver "
          f"proved won ({share}; game numbers {', '.join(map(str, seeds[:5]))}"
          f"{', …' if len(seeds) > 5 else ''}; {options.samples} samples, "
          f"{options.hint_seconds:g} s a hint{undoing}). Games ended by the hint circling: "
          f"{ends['circled']}; with every move going back to a table played: "
          f"{ends['no new table']}.")
    if options.fatal:
        print(yukon_fatal.markdown(fatal), end="")
    return 0


def main(argv: list[str] | None = None) -> int:
    options = _parser().parse_args(argv or [])
    try:
        if options.report:
            print(report(options.report), end="")
            return 0
        if options.hint_quality:
            return _print_hint_quality(options)
        if options.out is not None and options.rules is None:
            print(f"{PROG}: --out needs --rules (one CSV a variant).", file=sys.stderr)
            return 2
        summaries = []
        for rules in [options.rules] if options.rules else list(RULES):
            rows = study(rules, options.deals, options.budget_s, options.max_nodes, options.out,
                         options.jobs)
            summaries.append(summary_of(rules, rows))
    except StudyError as problem:
        print(f"{PROG}: {problem}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        kept = f"the rows so far are in {options.out}, and " if options.out else ""
        print(f"{PROG}: stopped (Ctrl-C); {kept}the same command starts again.", file=sys.stderr)
        return 130
    print(markdown_table(summaries), end="")
    print(f"\n{options.deals} deals a variant, {options.budget_s:g} s and "
          f"{options.max_nodes} nodes each; peak memory (RSS) {peak_rss_mib():.0f} MiB.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
