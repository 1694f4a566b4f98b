"""`tableau serve` without a browser: a bad host or port, or a port already taken, is one
sentence and exit status 2 before anything listens; any host but the loopback one is warned
about; Ctrl-C stops the server without a traceback. (tests/browser/test_serve.py plays in it.)"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from tableau.cli import main as tableau

TABLEAU = str(Path(sys.executable).parent / "tableau")
DATA = (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT)
"""What a tab receives while its app runs: the screen, and textual-serve's own messages."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def refusal(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    """The one line `tableau serve ARGUMENTS` says as it exits with status 2."""
    assert tableau(["serve", *arguments]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    [line] = err.splitlines()
    return line


@pytest.mark.parametrize("port", ["0", "65536", "-1", "80.5", "eighty", "", "9" * 200])
def test_a_bad_port_is_refused_with_a_sentence(
    port: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line = refusal(capsys, "--port", port)
    assert line.startswith("tableau serve: argument --port: '")
    assert line.endswith("is not a port; give a whole number from 1 to 65535.")
    assert len(line) < 200


@pytest.mark.parametrize("host", ["", " ", "300.1.1.1", "1.2.3", "::g", "x" * 300])
def test_a_bad_host_is_refused_with_a_sentence(
    host: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line = refusal(capsys, "--host", host, "--port", str(free_port()))
    assert line.startswith("tableau serve: argument --host: '")
    assert line.endswith("is not an address or a known host name; give one such as 127.0.0.1 "
                         "or localhost.")


def test_a_port_in_use_is_refused_before_textual_serve_starts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        line = refusal(capsys, "--port", str(port))
    assert line == (f"tableau serve: port {port} on 127.0.0.1 is already in use; "
                    "choose another with --port.")


def test_an_address_not_on_this_computer_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    port = free_port()
    line = refusal(capsys, "--host", "192.0.2.1", "--port", str(port))  # TEST-NET-1
    assert line == (f"tableau serve: cannot listen on 192.0.2.1 port {port}: "
                    "cannot assign requested address.")


def test_help_and_the_usage_name_serve(capsys: pytest.CaptureFixture[str]) -> None:
    assert tableau(["--help"]) == 0
    assert "tableau serve    [--host 127.0.0.1] [--port 8000]" in capsys.readouterr().out
    assert tableau(["serve", "--help"]) == 0
    assert "0.0.0.0 lets anyone who can reach the port play" in " ".join(
        capsys.readouterr().out.split())


def wait_for(port: int, server: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert server.poll() is None, server.communicate()
        try:
            socket.create_connection(("127.0.0.1", port), 1).close()
            return
        except OSError:
            time.sleep(0.1)
    pytest.fail(f"tableau serve did not listen on port {port} within 60 s")


@contextlib.contextmanager
def serving(host: str, port: int) -> Iterator[subprocess.Popen[str]]:
    server = subprocess.Popen([TABLEAU, "serve", "--host", host, "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              start_new_session=True, env=dict(os.environ))
    try:
        yield server
    finally:
        if server.poll() is None:
            server.kill()
            server.communicate()


@pytest.mark.parametrize(("host", "warned"), [("127.0.0.1", False), ("0.0.0.0", True)])
def test_any_host_but_the_loopback_is_warned_about_and_ctrl_c_stops_cleanly(
    host: str, warned: bool
) -> None:
    port = free_port()
    with serving(host, port) as server:
        wait_for(port, server)
        # The page tells the browser to connect back where it came from, not to 0.0.0.0.
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60) as page:
            assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws"' in page.read().decode()
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=60)
        assert server.returncode == 0, err
        assert "Traceback" not in out + err
        assert err.splitlines()[-1] == "tableau serve: stopped."
        warning = (f"tableau serve: warning: listening on {host}, so anyone who can reach port "
                   f"{port} can play, and open and write files here as you.")
        assert (warning in err.splitlines()) == warned


def descendants(pid: int) -> set[int]:
    children = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True,
                              check=False).stdout.split()
    return {int(child) for child in children}.union(
        *(descendants(int(child)) for child in children))


def running_process(pid: int) -> bool:
    """Whether ``pid`` is still running (a zombie waiting to be reaped has ended)."""
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return status.rpartition(")")[2].split()[0] != "Z"


def command_line(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/cmdline").read_text().split("\0")[:-1]
    except FileNotFoundError:
        return []


async def test_each_tab_is_its_own_app_and_ctrl_c_ends_them_at_once() -> None:
    """A tab is one websocket and one `python -m tableau` of this Python; Ctrl-C closes the
    sockets, the apps quit, and the server stops in seconds (textual-serve alone waits on
    open tabs)."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/ws?width=80&height=24"
    with serving("127.0.0.1", port) as server:
        wait_for(port, server)
        async with aiohttp.ClientSession() as client, client.ws_connect(url) as first, \
                client.ws_connect(url) as second:
            for tab in (first, second):  # each app has drawn its first screen
                assert (await tab.receive(timeout=60)).type is aiohttp.WSMsgType.BINARY
            processes = descendants(server.pid)
            apps = [pid for pid in processes
                    if command_line(pid) == [sys.executable, "-m", "tableau"]]
            assert len(apps) == 2
            began = time.monotonic()
            server.send_signal(signal.SIGINT)
            for tab in (first, second):
                while (message := await tab.receive(timeout=60)).type in DATA:
                    pass
                assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
            out, err = server.communicate(timeout=60)
        assert time.monotonic() - began < 10
        assert server.returncode == 0 and "Traceback" not in out + err
        deadline = time.monotonic() + 30  # each app quits as it does on ctrl+q
        while (running := [pid for pid in processes if running_process(pid)]) and (
            time.monotonic() < deadline
        ):
            time.sleep(0.1)
        assert not running
