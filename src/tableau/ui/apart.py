"""Run a CPU-heavy job in a child process, so it never holds this interpreter's lock.

The solver jobs of the Yukon screen used to think in a thread beside the event loop. Python
runs one thread at a time, so every key then waited for the solver to hand the interpreter
over, and a move took about twice as long while the hint was thinking (bench/bench_yukon_hint).
A child process thinks on the other core instead; the thread that waits for it sleeps.

The child is forked: it starts in milliseconds, with the job (any closure) already in memory,
and only the answer crosses back, pickled. It never touches the screen, the files or the
terminal, and ends with ``os._exit``. It runs at a lower priority, so on a busy machine the
table still comes first. Stopping a job kills its child at once.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import TypeVar

T = TypeVar("T")

_FORK = multiprocessing.get_context("fork")
CHILD_NICENESS = 10
POLL_SECONDS = 0.02
"""How often the waiting thread looks whether the job was stopped."""


class Stopped(Exception):
    """The job was stopped before it answered."""


def _child(job: Callable[[Callable[[], bool]], object], sender: Connection) -> None:
    # A lower priority: when the cores are busy, the table's keys go first.
    with contextlib.suppress(OSError):
        os.nice(CHILD_NICENESS)
    try:
        answer: tuple[bool, object] = (True, job(lambda: False))
    except Exception as error:  # the parent turns it into one sentence
        answer = (False, f"{type(error).__name__}: {error}"[:200])
    sender.send(answer)


def run_apart(job: Callable[[Callable[[], bool]], T], stopped: Callable[[], bool]) -> T:
    """``job(never_stopped)`` computed in a child process. Raises Stopped when ``stopped()``
    turns true first, and RuntimeError when the job failed or the child died."""
    receiver, sender = _FORK.Pipe(duplex=False)
    child = _FORK.Process(target=_child, args=(job, sender), daemon=True)
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
