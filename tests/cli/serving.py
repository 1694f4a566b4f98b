"""`tableau serve` as a subprocess for the tests: started on a free port, its output in files (no
pipe to fill), and the address with the token read from what it printed. (Named serving, not
helpers: test folders have no __init__.)"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

TABLEAU = str(Path(sys.executable).parent / "tableau")
TIMEOUT = 300.0
"""Seconds any one step may take: generous, for a machine fifty times slower than usual."""
ADDRESS = re.compile(r"open (http://\S+/\?token=[\w-]+) in a browser")
APP = [sys.executable, "-m", "tableau"]
"""The command line of a tab's app."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Served:
    process: subprocess.Popen[bytes]
    port: int
    out: Path
    err: Path
    url: str = ""
    """The address `serve` printed: the page with the token."""

    @property
    def token(self) -> str:
        return self.url.rpartition("=")[2]

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def output(self) -> tuple[str, str]:
        return (self.out.read_text(errors="replace"), self.err.read_text(errors="replace"))

    def stop(self) -> tuple[str, str]:
        """Ctrl-C, and what it printed once it ended."""
        self.process.send_signal(signal.SIGINT)
        self.process.wait(TIMEOUT)
        return self.output()


def listening(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
        return True
    return False


def wait_until_up(served: Served) -> None:
    """Until `serve` has printed its address and accepts connections."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if served.process.poll() is not None:
            pytest.fail(f"tableau serve stopped: {served.output()}")
        found = ADDRESS.search(served.err.read_text(errors="replace"))
        if found is not None and listening(served.port):
            served.url = found[1]
            return
        time.sleep(0.05)
    pytest.fail(f"tableau serve did not print its address and listen within {TIMEOUT:.0f} s: "
                f"{served.output()}")


@contextlib.contextmanager
def serving(folder: Path, host: str = "127.0.0.1", port: int | None = None) -> Iterator[Served]:
    """`tableau serve` up and listening, its output in ``folder`` and TABLEAU_HOME in
    ``folder``/home; afterwards its process group (every tab's app) is killed if anything is
    left."""
    port = free_port() if port is None else port
    out, err, home = folder / "serve.out", folder / "serve.err", folder / "home"
    home.mkdir()
    with out.open("wb") as stdout, err.open("wb") as stderr:
        process = subprocess.Popen([TABLEAU, "serve", "--host", host, "--port", str(port)],
                                   stdout=stdout, stderr=stderr, start_new_session=True,
                                   env={**os.environ, "TABLEAU_HOME": str(home)})
    served = Served(process, port, out, err)
    try:
        wait_until_up(served)
        yield served
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)


def descendants(pid: int) -> set[int]:
    children = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True,
                              check=False).stdout.split()
    return {int(child) for child in children}.union(
        *(descendants(int(child)) for child in children))


def running_process(pid: int) -> bool:
    """Whether ``pid`` is still running (a zombie waiting to be reaped has ended)."""
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):  # gone before the open, or during the read
        return False
    return status.rpartition(")")[2].split()[0] != "Z"


def command_line(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/cmdline").read_text().split("\0")[:-1]
    except (FileNotFoundError, ProcessLookupError):
        return []


def environment(pid: int) -> dict[str, str]:
    try:
        entries = Path(f"/proc/{pid}/environ").read_bytes().decode(errors="replace")
    except (FileNotFoundError, ProcessLookupError):
        return {}
    return dict(entry.partition("=")[::2] for entry in entries.split("\0") if entry)


def apps(served: Served) -> list[int]:
    """The tabs' apps now running under the server."""
    return [pid for pid in descendants(served.process.pid) if command_line(pid) == APP]


def wait_until_ended(pids: set[int], within: float = TIMEOUT) -> set[int]:
    """The processes of ``pids`` still running after ``within`` seconds (at most)."""
    deadline = time.monotonic() + within
    while (running := {pid for pid in pids if running_process(pid)}) and (
        time.monotonic() < deadline
    ):
        time.sleep(0.1)
    return running
