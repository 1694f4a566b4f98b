"""`tableau serve` without a browser: a bad host or port, or a port already taken, is one
sentence and exit status 2 before anything listens; any host but the loopback one is warned
about; Ctrl-C stops the server without a traceback. (tests/browser/test_serve.py plays in it;
tests/cli/test_serve_guard.py checks what it lets in.)"""

from __future__ import annotations

import asyncio
import signal
import socket
import urllib.request
from pathlib import Path

import aiohttp
import pytest
from serving import TIMEOUT
from serving import apps
from serving import free_port
from serving import serving
from serving import wait_until_ended

from tableau.cli import main as tableau

DATA = (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT)
"""What a tab receives while its app runs: the screen, and textual-serve's own messages."""


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
    assert ("0.0.0.0 lets anyone who can reach the port and has the address with its token "
            "play") in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize(("host", "warned"), [("127.0.0.1", False), ("0.0.0.0", True)])
def test_any_host_but_the_loopback_is_warned_about_and_ctrl_c_stops_cleanly(
    host: str, warned: bool, tmp_path: Path
) -> None:
    with serving(tmp_path, host) as server:
        # The page tells the browser to connect back where it came from, not to 0.0.0.0.
        page_url = server.url.replace("//localhost:", "//127.0.0.1:")
        assert page_url.startswith(f"http://127.0.0.1:{server.port}/?token=")
        with urllib.request.urlopen(page_url, timeout=TIMEOUT) as page:
            assert (f'data-session-websocket-url="ws://127.0.0.1:{server.port}/ws"'
                    in page.read().decode())
        out, err = server.stop()
        assert server.process.returncode == 0, err
        assert "Traceback" not in out + err
        assert err.splitlines()[-1] == "tableau serve: stopped."
        warning = (f"tableau serve: warning: listening on {host}, so anyone who can reach port "
                   f"{server.port} and has the address with its token (sent unencrypted) can "
                   "play as you.")
        assert (warning in err.splitlines()) == warned


async def closed(tab: aiohttp.ClientWebSocketResponse) -> aiohttp.WSMsgType:
    """Read a tab until its socket ends; how it ended."""
    while (message := await tab.receive(timeout=TIMEOUT)).type in DATA:
        pass
    return message.type


async def test_each_tab_is_its_own_app_and_ctrl_c_ends_them_at_once(tmp_path: Path) -> None:
    """A tab is one websocket and one `python -m tableau` of this Python; Ctrl-C closes the
    sockets, the apps quit, and the server stops (textual-serve alone waits on open tabs).
    Both tabs are read at once: a tab not read answers no ping, and the server closes it."""
    with serving(tmp_path) as server:
        url = f"{server.origin}/ws?width=80&height=24&token={server.token}"
        async with aiohttp.ClientSession() as client, client.ws_connect(url) as first, \
                client.ws_connect(url) as second:
            drawn = await asyncio.gather(*(tab.receive(timeout=TIMEOUT) for tab in (first, second)))
            # each app has drawn its first screen
            assert [message.type for message in drawn] == [aiohttp.WSMsgType.BINARY] * 2
            running = apps(server)
            assert len(running) == 2
            server.process.send_signal(signal.SIGINT)
            ends = await asyncio.gather(*(closed(tab) for tab in (first, second)))
            assert all(end in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
                       for end in ends)
            server.process.wait(TIMEOUT)  # not waiting on the open tabs
        out, err = server.output()
        assert server.process.returncode == 0 and "Traceback" not in out + err
        assert not wait_until_ended(set(running), 30)  # each app quits as it does on ctrl+q
