"""``kill_9(process)``: the storage tests' kill -9 of a child, and what it had printed."""

from __future__ import annotations

import signal
import subprocess


def kill_9(process: subprocess.Popen[str], timeout: float) -> tuple[str, str]:
    """Kill ``process`` with SIGKILL; the rest of its stdout and all of its stderr.

    The pipes are read through their own buffers: a ``readline`` before the kill may already
    hold the lines that followed (``communicate`` would read past them)."""
    assert process.stdout is not None and process.stderr is not None
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=timeout)
    rest, errors = process.stdout.read(), process.stderr.read()
    process.stdout.close()
    process.stderr.close()
    assert process.returncode == -signal.SIGKILL, errors
    return rest, errors
