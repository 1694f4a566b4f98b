"""The web side of `tableau serve`: textual-serve's server, guarded.

- Only the page `serve` printed may drive a tab: every request but the page's static files must
  carry the start-up token, in the URL (``?token=``) or in the cookie the page sets (HttpOnly,
  SameSite=Strict, so another site's page never sends it). A websocket must also come from the
  page's own origin. A client that sends no Origin is no browser, so no web page can be behind
  it; it gets in with the token alone.
- A Host header that names no host is a 400, never a page built from it.
- A tab's terminal is kept within ``MAX_SIZE`` cells, on opening and on every resize, and a
  tab's app that has not ended ``GRACE`` seconds after its tab closed is killed.
- A phone shows the page at its own width (a viewport tag: without it a phone lays the page
  out 980 px wide and shrinks the text to a third), and a narrow screen gets a font size that
  makes about ``PHONE_COLUMNS`` columns, unless the address chooses one (``?fontsize=``).
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Mapping
from typing import Any

from aiohttp import WSCloseCode
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server
from textual_serve.server import to_int

from tableau.cli.args import say

log = logging.getLogger("textual-serve")

MAX_SIZE = (500, 200)
"""The largest terminal a tab may have, in cells (columns, rows): a huge size makes the app
allocate gigabytes."""
DEFAULT_SIZE = (80, 24)
GRACE = 5.0
"""Seconds a tab's app has to quit after its tab closed (it saves its game first)."""
PHONE_COLUMNS = 40
"""The columns a narrow screen (a phone in portrait) is given: the games' narrow layouts fit."""
NARROW_PAGE = 640
"""A page narrower than this many CSS pixels is a phone's: it gets PHONE_COLUMNS columns."""
VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">'
PHONE_FONT = f"""<script>
(() => {{
  // textual.js reads the font size from the terminal's data-font-size when the page loads.
  // A monospace cell is about 0.6 of the font size wide.
  if (new URLSearchParams(window.location.search).has("fontsize")) return;
  const width = document.documentElement.clientWidth;
  if (width >= {NARROW_PAGE}) return;
  const size = Math.floor(width / {PHONE_COLUMNS} / 0.6);
  document.getElementById("terminal").dataset.fontSize = String(Math.max(size, 8));
}})();
</script>
"""
"""Run as the page loads, before textual.js makes the terminal."""

_HOST = re.compile(r"(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")
"""A Host header: a name or an IPv4 address, or an IPv6 one in brackets, and maybe a port."""

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_matches(given: str | None, token: str) -> bool:
    """Whether ``given`` is the token, compared in constant time."""
    return given is not None and secrets.compare_digest(
        given.encode("utf-8", "replace"), token.encode("utf-8"))


def valid_host(host: str) -> bool:
    return _HOST.fullmatch(host) is not None


def same_origin(origin: str | None, host: str) -> bool:
    """Whether a websocket whose Origin header is ``origin`` comes from the page served at
    ``host`` (the Host header it was sent to). No Origin: not a browser, so no web page."""
    if origin is None:
        return True
    return origin.lower() in (f"http://{host.lower()}", f"https://{host.lower()}")


def clamped_size(width: object, height: object) -> tuple[int, int] | None:
    """A terminal size kept within 1×1 and MAX_SIZE; None when either is not a whole number."""
    if type(width) is not int or type(height) is not int:  # not True, 80.0 or "80" either
        return None
    return (min(max(width, 1), MAX_SIZE[0]), min(max(height, 1), MAX_SIZE[1]))


def opening_size(query: Mapping[str, str]) -> tuple[int, int]:
    """The size a tab's app starts at, from the websocket's ``?width=&height=``."""
    size = clamped_size(to_int(query.get("width", ""), DEFAULT_SIZE[0]),
                        to_int(query.get("height", ""), DEFAULT_SIZE[1]))
    assert size is not None  # to_int gives whole numbers
    return size


def phone_page(page: str) -> str:
    """textual-serve's page, readable on a phone: the viewport tag first in its head, and the
    font size script at the end of its body."""
    return (page.replace("<head>", f"<head>\n    {VIEWPORT}", 1)
            .replace("</body>", f"{PHONE_FONT}</body>", 1))


class Tab(AppService):
    """One tab's app: its sizes clamped, and killed if it does not end when the tab closes."""

    async def set_terminal_size(self, width: object, height: object) -> None:
        if (size := clamped_size(width, height)) is not None:
            await super().set_terminal_size(*size)

    async def stop(self) -> None:
        # textual-serve asks the app to quit and waits for it for ever; an app that is busy
        # or stuck would go on without its tab.
        process = self._process
        if process is None:  # it never started
            return await super().stop()
        stopping = asyncio.gather(super().stop(), process.wait())
        try:
            await asyncio.wait_for(asyncio.shield(stopping), GRACE)
        except TimeoutError:
            if process.returncode is None:
                log.warning("A tab's app did not quit %.0f s after its tab closed; killed.",
                            GRACE)
                process.kill()
            await stopping


class TableauServer(Server):
    def __init__(self, command: str, *, host: str, port: int, public_url: str,
                 token: str) -> None:
        super().__init__(command, host=host, port=port, title="tableau", public_url=public_url)
        self.token = token
        self.address = f"{public_url}/?token={token}"
        """The address to open: the page, with the token."""
        self.cookie = f"tableau-token-{port}"  # a cookie is shared by every port of a host
        self.tabs: set[web.WebSocketResponse] = set()

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self.guard)
        return app

    @web.middleware
    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if not valid_host(request.host):
            return web.Response(status=400, text="400: the Host header names no host.\n")
        if request.path.startswith("/static/"):
            return await handler(request)
        if not (token_matches(request.query.get("token"), self.token)
                or token_matches(request.cookies.get(self.cookie), self.token)):
            return web.Response(status=403, text="403: open the address that tableau serve "
                                                 "printed, with its token.\n")
        if request.path == "/ws" and not same_origin(request.headers.get("Origin"),
                                                     request.host):
            return web.Response(status=403, text="403: only tableau's own page may connect.\n")
        return await handler(request)

    async def handle_index(self, request: web.Request) -> Any:
        # textual-serve writes its own host into the page's websocket address; with 0.0.0.0 a
        # browser on another computer would connect to itself. The address the browser used
        # is the one that reaches us.
        self.public_url = f"{request.scheme}://{request.host}"
        page: web.StreamResponse = await super().handle_index(request)
        if isinstance(page, web.Response) and page.text is not None:  # the rendered template
            page.text = phone_page(page.text)
        # The page's websocket carries the token as this cookie (textual.js adds its own query
        # to the websocket address, so the token cannot ride there).
        page.set_cookie(self.cookie, self.token, path="/", httponly=True, samesite="Strict")
        page.headers["Referrer-Policy"] = "no-referrer"  # the token is in the page's URL
        page.headers["Cache-Control"] = "no-store"
        return page

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's own, with a Tab for each connection and the size clamped."""
        websocket = web.WebSocketResponse(heartbeat=15)
        await websocket.prepare(request)
        tab = Tab(self.command, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                  close=websocket.close,  # type: ignore[arg-type]  # as textual-serve does
                  download_manager=self.download_manager,
                  debug=self.debug)
        self.tabs.add(websocket)
        try:
            await tab.start(*opening_size(request.query))
            await self._process_messages(websocket, tab)
        except Exception as error:  # a hostile message ends its own tab, not the server
            log.exception(error)
        finally:
            self.tabs.discard(websocket)
            await tab.stop()
        return websocket

    async def on_startup(self, app: web.Application) -> None:
        say(f"tableau serve: open {self.address} in a browser; Ctrl-C stops the server.")

    async def on_shutdown(self, app: web.Application) -> None:
        # Ctrl-C: close every tab's connection, which ends its app (as quitting does), so
        # aiohttp need not wait for them to time out.
        for websocket in list(self.tabs):
            await websocket.close(code=WSCloseCode.GOING_AWAY, message=b"server stopped")
