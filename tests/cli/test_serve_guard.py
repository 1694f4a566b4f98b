"""What `tableau serve` lets in (issue 27, D16–D19): only the address it printed, with its
secret token, opens the page and a tab; only the page's own origin may open a tab's websocket;
a tab's terminal size is clamped; a tab's app ends when its tab closes, even one that ignores
being asked to quit; each tab's app runs with TABLEAU_SERVED=1; a Host header that names no
host is a 400.

One server is shared by the tests of this file (it takes a second or two to start), with its
own TABLEAU_HOME; every refusal is checked to have started no app."""

from __future__ import annotations

import json
import os
import signal
import socket
from collections.abc import Iterator

import aiohttp
import pytest
from serving import TIMEOUT
from serving import Served
from serving import apps
from serving import environment
from serving import serving
from serving import wait_until_ended

EVIL = "http://evil.example"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serving(tmp_path_factory.mktemp("serve")) as served:
        yield served


def browser_session() -> aiohttp.ClientSession:
    """A client that keeps cookies for 127.0.0.1, as a browser does."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


async def refused_websocket(client: aiohttp.ClientSession, url: str,
                            origin: str | None = None) -> int:
    """The HTTP status a websocket to ``url`` is refused with (fails if it is let in)."""
    with pytest.raises(aiohttp.WSServerHandshakeError) as refusal:
        async with client.ws_connect(url, origin=origin):
            pass
    return refusal.value.status


async def first_screen(tab: aiohttp.ClientWebSocketResponse) -> None:
    """Until the tab's app has drawn (textual-serve's own text messages may come first)."""
    while (message := await tab.receive(timeout=TIMEOUT)).type is aiohttp.WSMsgType.TEXT:
        pass
    assert message.type is aiohttp.WSMsgType.BINARY, message


def only_new_app(server: Served, before: set[int]) -> int:
    [app] = set(apps(server)) - before
    return app


# D16: only the page with the token, and only from its own origin


async def test_the_page_without_the_token_or_with_a_wrong_one_is_refused(server: Served) -> None:
    async with browser_session() as client:
        for url in (f"{server.origin}/", f"{server.origin}/?token=",
                    f"{server.origin}/?token={server.token}x",
                    f"{server.origin}/?token={server.token[:-1]}",
                    f"{server.origin}/download/anything"):
            async with client.get(url) as page:
                assert page.status == 403, url
                assert "open the address that tableau serve printed" in await page.text()
        async with client.get(f"{server.origin}/static/js/textual.js") as script:
            assert script.status == 200  # the page's own files are no secret


async def test_a_websocket_without_the_token_is_refused_and_starts_no_app(
    server: Served,
) -> None:
    before = set(apps(server))
    async with browser_session() as client:
        for url in (f"{server.origin}/ws?width=80&height=24",
                    f"{server.origin}/ws?width=80&height=24&token=wrong"):
            assert await refused_websocket(client, url, origin=server.origin) == 403
            assert await refused_websocket(client, url) == 403
    assert set(apps(server)) <= before


async def test_a_websocket_from_another_origin_is_refused_even_with_the_token(
    server: Served,
) -> None:
    """A page elsewhere (another site, another port of this host, a sandboxed frame) that
    somehow has the token still cannot open a tab."""
    before = set(apps(server))
    async with browser_session() as client:
        async with client.get(server.url) as page:  # the cookie a browser would hold
            assert page.status == 200
        for origin in (EVIL, f"http://127.0.0.1:{server.port + 1}", "null",
                       f"http://127.0.0.1:{server.port}.evil.example"):
            assert await refused_websocket(client, f"{server.origin}/ws", origin) == 403
            assert await refused_websocket(
                client, f"{server.origin}/ws?token={server.token}", origin) == 403
    assert set(apps(server)) <= before


async def test_the_printed_address_opens_the_page_and_its_tab_plays(server: Served) -> None:
    """The page sets the token as an HttpOnly, SameSite=Strict cookie, and its websocket,
    from the page's origin with that cookie, starts an app that draws the menu."""
    before = set(apps(server))
    async with browser_session() as client:
        async with client.get(server.url) as page:
            assert page.status == 200
            assert page.headers["Referrer-Policy"] == "no-referrer"
            cookie = page.headers["Set-Cookie"]
            assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
            assert f'data-session-websocket-url="ws://127.0.0.1:{server.port}/ws"' in (
                await page.text())
        async with client.ws_connect(f"{server.origin}/ws?width=80&height=24",
                                     origin=server.origin) as tab:
            await first_screen(tab)
            app = only_new_app(server, before)
        assert not wait_until_ended({app})


# D17 hand-off: the tab's app knows it is served


async def test_each_tabs_app_runs_with_tableau_served(server: Served) -> None:
    before = set(apps(server))
    async with aiohttp.ClientSession() as client, client.ws_connect(
        f"{server.origin}/ws?token={server.token}"
    ) as tab:
        await first_screen(tab)
        app = only_new_app(server, before)
        assert environment(app).get("TABLEAU_SERVED") == "1"
    assert not wait_until_ended({app})


# D18: sizes clamped (see also test_serve_sizes.py), and a tab's app ends with its tab


async def test_a_huge_tab_starts_its_app_at_the_largest_size(server: Served) -> None:
    """`/ws?width=99999&height=99999` made the app grow to 6.5 GB; it starts at 500×200, and a
    huge resize message afterwards leaves the tab working."""
    before = set(apps(server))
    async with aiohttp.ClientSession() as client, client.ws_connect(
        f"{server.origin}/ws?width=99999&height=99999&token={server.token}"
    ) as tab:
        await first_screen(tab)
        app = only_new_app(server, before)
        seen = environment(app)
        assert (seen.get("COLUMNS"), seen.get("ROWS")) == ("500", "200")
        await tab.send_str(json.dumps(["resize", {"width": 99999, "height": 99999}]))
        await tab.send_str(json.dumps(["ping", "after"]))
        while (message := await tab.receive(timeout=TIMEOUT)).type is aiohttp.WSMsgType.BINARY:
            pass
        assert message.type is aiohttp.WSMsgType.TEXT and json.loads(message.data) == [
            "pong", "after"]
    assert not wait_until_ended({app})


async def test_closing_a_tab_ends_its_app_even_when_it_ignores_quitting(server: Served) -> None:
    """An app that does not answer (stopped here, as one swapping gigabytes was) is killed a
    few seconds after its tab closed; it does not go on without its tab."""
    before = set(apps(server))
    async with aiohttp.ClientSession() as client:
        async with client.ws_connect(f"{server.origin}/ws?token={server.token}") as tab:
            await first_screen(tab)
            app = only_new_app(server, before)
            os.kill(app, signal.SIGSTOP)
        try:
            assert not wait_until_ended({app})
        finally:
            if app in apps(server):
                os.kill(app, signal.SIGKILL)
    said = " ".join(server.output()[0].split())
    assert "A tab's app did not quit" in said and "after its tab closed; killed." in said


# D19: a Host header that names no host


def raw_answer(port: int, host: bytes, path: bytes = b"/") -> bytes:
    """The status line the server answers a request with this Host header."""
    with socket.create_connection(("127.0.0.1", port), 30) as connection:
        connection.settimeout(30)
        connection.sendall(b"GET " + path + b" HTTP/1.1\r\nHost: " + host +
                           b"\r\nConnection: close\r\n\r\n")
        answer = b""
        while b"\r\n" not in answer and (received := connection.recv(4096)):
            answer += received
    return answer.partition(b"\r\n")[0]


@pytest.mark.parametrize("host", [b"\xff\xfe", b"127.0.0.1:1\xff", b'a"><script>', b"a b",
                                  b"[::1", b"a:b:c"])
def test_a_host_header_that_names_no_host_is_a_400(server: Served, host: bytes) -> None:
    token = server.token.encode()
    for path in (b"/", b"/?token=" + token, b"/ws?token=" + token, b"/static/js/textual.js"):
        assert raw_answer(server.port, host, path) == b"HTTP/1.1 400 Bad Request", (host, path)
    assert raw_answer(server.port, b"127.0.0.1:%d" % server.port,
                      b"/?token=" + token) == b"HTTP/1.1 200 OK"
