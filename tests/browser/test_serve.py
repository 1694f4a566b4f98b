"""`tableau serve` in a real, headless browser (Debian's chromium and chromedriver through
selenium), played as a person would: open the page, press Start, choose Yukon with the keys,
deal and type a move in the command bar.

The terminal is drawn on a canvas, so the page is checked with a screenshot (the card face and
red-card colours of card.tcss are there), and the move through the autosave the served app
wrote to TABLEAU_HOME. To know when a screen is up, the page's websocket is tapped: the text
the app sends to the browser's terminal is kept in ``window.tableauSeen``.

Skipped, with the reason, where chromium or chromedriver is missing (.ci/run installs them).
TABLEAU_SCREENSHOTS=1 also keeps the screenshot as screenshots/browser.png for the README.
A browser takes long to start, so these run in ``make test-all`` (which ``.ci/run`` runs);
``make test`` checks serve's page and websockets without a browser (tests/cli/test_serve_*).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import io
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# The browser extra (selenium, pillow) comes with `make test-all`, not `make test`.
pytest.importorskip("selenium", reason="the browser extra is not installed: make test-all")
pytest.importorskip("PIL", reason="the browser extra is not installed: make test-all")

from PIL import Image
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tableau.engines.yukon import State
from tableau.engines.yukon import apply
from tableau.engines.yukon import legal_moves
from tableau.engines.yukon import numbered_game
from tableau.sessions.yukon import YukonSession
from tableau.storage.decks import save_deck
from tableau.storage.home import FILES_FOLDER
from tableau.storage.store import GameRecord
from tableau.storage.store import Store

pytestmark = pytest.mark.exhaustive

ROOT = Path(__file__).resolve().parents[2]
CARD_STYLES = ROOT / "src" / "tableau" / "ui" / "widgets" / "card.tcss"
GAME = 24611
"""The deal played: its deck goes to a deck file the served app loads with LD."""
TIMEOUT = 300.0
"""Seconds any one step may take (CI has run 50 times slower than usual)."""
ADDRESS = re.compile(r"open (http://\S+/\?token=[\w-]+) in a browser")
"""The line where `tableau serve` prints the page's address with its token."""

CHROMIUM_FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--window-size=1280,800",
    # No name resolves, so nothing leaves this computer (the page links a web font).
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
)

TAP = """
window.tableauSeen = "";
const decoder = new TextDecoder();
const NativeWebSocket = window.WebSocket;
window.WebSocket = class extends NativeWebSocket {
  constructor(url, ...rest) {
    super(url, ...rest);
    const size = new URL(url).searchParams;
    window.tableauSize = [Number(size.get("width")), Number(size.get("height"))];
    this.addEventListener("message", (event) => {
      if (typeof event.data !== "string") {
        window.tableauSeen += decoder.decode(event.data, {stream: true});
      }
    });
  }
};
"""
"""Run before the page's own script: keeps what the app writes to the browser's terminal
(since the test last cleared ``tableauSeen``) and the terminal's size in cells."""

CURSOR_TO = re.compile(r"\x1b\[(\d+);(\d+)H")
ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def cell_of(drawn: str, text: str) -> tuple[int, int]:
    """The cell (column, row, from 0) where the app last drew ``text``: the cursor move before
    it, and the characters between."""
    end = drawn.rindex(text)
    move = list(CURSOR_TO.finditer(drawn, 0, end))[-1]
    row, column = (int(number) - 1 for number in move.groups())
    return column + len(ESCAPE.sub("", drawn[move.end():end])), row


def browser_programs() -> tuple[str, str]:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if chromium is None or driver is None:
        missing = " and ".join(name for name, path in (("chromium", chromium),
                                                       ("chromedriver", driver)) if path is None)
        pytest.skip(f"chromium not found: {missing} not on PATH "
                    "(apt-get install chromium chromium-driver; .ci/run does)")
    return chromium, driver


def card_colours() -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """The face and the red of a red card, as card.tcss gives them."""
    found = re.search(r"CardView\.-red \{\s*background: #(\w{6});\s*color: #(\w{6});",
                      CARD_STYLES.read_text(encoding="utf-8"))
    assert found is not None, "card.tcss no longer gives CardView.-red its colours"
    face, red = (tuple(bytes.fromhex(colour)) for colour in found.groups())
    return face, red  # type: ignore[return-value]


def pixels_near(png: bytes, colour: tuple[int, int, int], tolerance: int) -> int:
    """How many pixels of the picture are within ``tolerance`` of ``colour`` in every channel."""
    picture = Image.open(io.BytesIO(png)).convert("RGB")
    counts = picture.getcolors(picture.size[0] * picture.size[1]) or []
    return sum(count for count, pixel in counts
               if isinstance(pixel, tuple)
               and all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=True)))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_until(check: Callable[[], Any], what: str, log: Path | None = None) -> Any:
    """``check()`` once it is true, else fail after TIMEOUT seconds saying ``what``."""
    deadline = time.monotonic() + TIMEOUT
    while not (result := check()):
        if time.monotonic() > deadline:
            server = log.read_text(errors="replace")[-3000:] if log is not None else ""
            pytest.fail(f"waited {TIMEOUT:.0f} s for {what}\n{server}")
        time.sleep(0.2)
    return result


@contextlib.contextmanager
def served(home: Path, port: int, log: Path) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """`tableau serve` on ``port``, up and listening, and the address it printed (with the
    token); stopped with Ctrl-C afterwards, and its process group (the tabs' apps) killed if
    anything is left."""
    with log.open("wb") as output:
        server = subprocess.Popen(
            [sys.executable, "-m", "tableau", "serve", "--port", str(port)],
            stdout=output, stderr=subprocess.STDOUT, cwd=home, start_new_session=True,
            env={**os.environ, "TABLEAU_HOME": str(home)},
        )
    try:

        def listening() -> str | None:
            assert server.poll() is None, f"tableau serve stopped: {log.read_text()}"
            printed = ADDRESS.search(log.read_text(errors="replace"))
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                return printed[1] if printed is not None else None
            return None

        yield server, wait_until(listening, f"tableau serve to print its address and listen "
                                            f"on port {port}", log)
    finally:
        if server.poll() is None:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(TIMEOUT)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)


@contextlib.contextmanager
def browser(chromium: str, driver_path: str, profile: Path) -> Iterator[Any]:
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    service = webdriver.ChromeService(executable_path=driver_path)
    try:
        driver = webdriver.Chrome(options=options, service=service)
    except WebDriverException as failure:
        pytest.fail(f"chromium did not start: {failure.msg}")
    try:
        driver.set_page_load_timeout(TIMEOUT)
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": TAP})
        yield driver
    finally:
        driver.quit()


def autosave(home: Path, moves: int) -> GameRecord | None:
    """The Yukon autosave the served app wrote to ``home``, once it counts ``moves``."""
    store = Store(home / "tableau.db")
    try:
        record = store.saved("yukon")
    finally:
        store.close()
    return record if record is not None and record.moves == moves else None


def saved_state(record: GameRecord, home: Path) -> State:
    assert record.data is not None
    return YukonSession.from_json(record.data, home).state


def test_a_yukon_move_played_in_a_headless_browser(tmp_path: Path) -> None:
    chromium, driver_path = browser_programs()
    home, port, log = tmp_path / "home", free_port(), tmp_path / "serve.log"
    home.mkdir()
    dealt = numbered_game(GAME)
    assert dealt.deck is not None
    files = home / FILES_FOLDER  # the one folder a served tab's LD reads from
    files.mkdir(mode=0o700)
    save_deck(files / "deck.txt", dealt.deck)
    move = legal_moves(dealt)[0]
    with served(home, port, log) as (_, address), \
            browser(chromium, driver_path, tmp_path / "profile") as page:
        page.get(f"{address}&delay=1")  # textual-serve's page with Start

        def start_button() -> Any:
            button = page.find_element(By.ID, "start")
            return button if button.is_displayed() else None

        wait_until(start_button, "the Start button", log).click()

        def on_screen(text: str) -> None:
            wait_until(lambda: text in page.execute_script("return window.tableauSeen"),
                       f"the browser's terminal to show {text!r}", log)

        def press(*typed: str, then: str | None = None) -> None:
            """Type into the terminal, then wait until the app has drawn ``then``."""
            page.execute_script("window.tableauSeen = '';"
                                "document.querySelector('.xterm-helper-textarea').focus()")
            ActionChains(page).send_keys(*typed).perform()
            if then is not None:
                on_screen(then)

        on_screen("Choose a game")
        press("1", then="Yukon: set-up")
        press(Keys.ENTER, then="type a command")  # the command bar has the keys
        press("LD deck.txt", Keys.ENTER, "P", Keys.ENTER, then="PLAY")
        press(":", then="Back to table")  # the board gave the keys back to the command bar
        press(str(move), Keys.ENTER)

        record = wait_until(lambda: autosave(home, 1), "the served app's Yukon autosave", log)
        played = saved_state(record, home)
        expected = apply(dealt, move)
        assert (played.columns, played.foundations) == (expected.columns, expected.foundations)
        assert played.columns != dealt.columns

        face, red = card_colours()

        def board_png() -> bytes | None:
            png: bytes = page.get_screenshot_as_png()
            enough = pixels_near(png, face, 12) > 20_000 and pixels_near(png, red, 40) > 300
            return png if enough else None

        png = wait_until(board_png, "a screenshot with card faces and red cards", log)

        # The mouse: a click on "Undo" (the button, or the footer's key) takes the move back.
        press(Keys.ESCAPE, then="Undo")  # back to the board: the footer shows its keys again
        column, row = cell_of(page.execute_script("return window.tableauSeen"), "Undo")
        columns, rows = page.execute_script("return window.tableauSize")
        terminal = page.find_element(By.CSS_SELECTOR, ".xterm-screen")
        width, height = terminal.size["width"], terminal.size["height"]
        ActionChains(page).move_to_element_with_offset(
            terminal, int((column + 1.5) * width / columns - width / 2),
            int((row + 0.5) * height / rows - height / 2)).click().perform()

        record = wait_until(lambda: autosave(home, 0), "the click on Undo to take the move back",
                            log)
        assert saved_state(record, home).columns == dealt.columns
    if os.environ.get("TABLEAU_SCREENSHOTS") == "1":
        (ROOT / "screenshots" / "browser.png").write_bytes(png)


EVIL_PAGE = """<!DOCTYPE html>
<script>
window.tableauTry = "pending";
const socket = new WebSocket("ws://127.0.0.1:PORT/ws?width=80&height=24");
socket.addEventListener("open", () => {
  window.tableauTry = "open";
  socket.send(JSON.stringify(["stdin", "1"]));
});
socket.addEventListener("close", () => {
  if (window.tableauTry === "pending") window.tableauTry = "refused";
});
</script>
"""
"""Another page the player has open, on another port of this computer (so the browser even
sends it tableau's SameSite cookie): it tries to open a tab and type in it."""


@contextlib.contextmanager
def other_site(folder: Path, tableau_port: int) -> Iterator[str]:
    """EVIL_PAGE served from another port, as its address."""
    folder.mkdir()
    (folder / "index.html").write_text(EVIL_PAGE.replace("PORT", str(tableau_port)))
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{site.server_address[1]}/index.html"
    finally:
        site.shutdown()
        site.server_close()


def apps_of(server: subprocess.Popen[bytes]) -> list[str]:
    """The command lines of the processes under ``server``: its tabs' apps."""
    found = subprocess.run(["pgrep", "-a", "-P", str(server.pid)], capture_output=True,
                           text=True, check=False)
    return found.stdout.splitlines()


def test_another_page_in_the_browser_cannot_open_a_tab(tmp_path: Path) -> None:
    """Issue 27, D16: a page elsewhere, in the browser that holds tableau's page (and its
    cookie), is refused the websocket, and no app starts."""
    chromium, driver_path = browser_programs()
    home, port, log = tmp_path / "home", free_port(), tmp_path / "serve.log"
    home.mkdir()
    with served(home, port, log) as (server, address), \
            browser(chromium, driver_path, tmp_path / "profile") as page, \
            other_site(tmp_path / "site", port) as elsewhere:
        page.get(f"{address}&delay=1")  # tableau's page, waiting for Start: no tab yet
        assert page.get_cookies(), "tableau's page set no cookie"
        page.get(elsewhere)
        tried = wait_until(lambda: page.execute_script(
            "return window.tableauTry !== 'pending' && window.tableauTry"),
            "the other page's websocket to open or close", log)
        assert tried == "refused"
        assert apps_of(server) == []
    assert "GET /ws?width=80&height=24 HTTP/1.1\" 403" in " ".join(log.read_text().split())
