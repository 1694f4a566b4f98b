"""Run a CPU-heavy job in a child process, so it never holds this interpreter's lock.

The solver jobs of the Yukon screen used to think in a thread beside the event loop. Python
runs one thread at a time, so every key then waited for the solver to hand the interpreter
over, and a move took about twice as long while the hint was thinking (bench/bench_yukon_hint).
A child process thinks on the other core instead; the thread that waits for it sleeps.

The child is not forked from the app itself: after a fork, every page of the app's memory
that the app then writes is copied first, and a key pressed just after ``h`` took about 500
such copies (10 ms more at 120×40). It is forked from Python's fork server instead, a small
process that has loaded the solver and nothing else (``warm_up`` starts it early), so a child
starts in milliseconds and the app's memory stays its own. The job must therefore be
picklable: a module function, or a ``functools.partial`` of one, with the values it needs.
Only the answer comes back, pickled. The child never touches the screen, the files or the
terminal. It runs at a lower priority, so on a busy machine the table still comes first.
Stopping a job kills its child at once.
"""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import os
import sys
import threading
from collections.abc import Callable
from multiprocessing import forkserver
from multiprocessing.connection import Connection
from typing import TypeVar

T = TypeVar("T")

_CONTEXT = multiprocessing.get_context("forkserver")
_PRELOAD = ["tableau.ai.yukon_hint", "tableau.cli"]
"""What the fork server loads once, so its children start with it: the solver, and the app's
entry module, which each child imports again (as Python's children do) when the app was
started by its ``tableau`` script."""
_STARTING = threading.Lock()
CHILD_NICENESS = 10
POLL_SECONDS = 0.02
"""How often the waiting thread looks whether the job was stopped."""


class Stopped(Exception):
    """The job was stopped before it answered."""


def _never() -> bool:
    return False


def warm_up() -> None:
    """Start the fork server now (it takes a few tenths of a second, on the other core), so
    the first job does not wait for it."""
    with _STARTING:
        _CONTEXT.set_forkserver_preload(_PRELOAD)
        # multiprocessing hands its helper processes the descriptor of sys.stderr; while the
        # app runs, Textual's stand-in answers -1, which fails. A file with no descriptor is
        # skipped instead (the helpers still write nothing).
        saved, sys.stderr = sys.stderr, io.StringIO()
        try:
            forkserver.ensure_running()
        finally:
            sys.stderr = saved


def _child(job: Callable[..., object], sender: Connection) -> None:
    # A lower priority: when the cores are busy, the table's keys go first.
    with contextlib.suppress(OSError):
        os.nice(CHILD_NICENESS)
    try:
        answer: tuple[bool, object] = (True, job(cancelled=_never))
    except Exception as error:  # the parent turns it into one sentence
        answer = (False, f"{type(error).__name__}: {error}"[:200])
    sender.send(answer)


def run_apart(job: Callable[..., T], stopped: Callable[[], bool]) -> T:
    """``job(cancelled=never)`` computed in a child process (the child is killed instead).
    Raises Stopped when ``stopped()`` turns true first, and RuntimeError when the job failed
    or the child died."""
    warm_up()
    receiver, sender = _CONTEXT.Pipe(duplex=False)
    child = _CONTEXT.Process(target=_child, args=(job, sender), daemon=True)
    child.start()
    sender.close()
    try:
        while not receiver.poll(POLL_SECONDS):
            if stopped():
                raise Stopped
            if not child.is_alive() and not receiver.poll():
                raise RuntimeError("the solver's process ended without an answer")
        done, answer = receiver.recv()
    except EOFError:
        raise RuntimeError("the solver's process ended without an answer") from None
    finally:
        if child.is_alive():
            child.kill()
        child.join(1)
        receiver.close()
    if not done:
        raise RuntimeError(str(answer))
    return answer  # type: ignore[no-any-return]
