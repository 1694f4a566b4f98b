"""A Pesten table through `tableau serve` in headless Chromium (issue 30): a friend on a phone
plays a turn with taps, and two browser tabs sit at one table, each seeing only its own hand.

The table is opened by this test process on the served TABLEAU_HOME through the public API
(``SharedTable``, as `tableau table pesten` opens one), and each browser tab joins it through
the menu's "Join a table…", as a friend would. What a tab shows is read from its websocket
(``TAP`` of test_serve.py); a tap is a touch event at the cell where the tab's app last drew
a text. TABLEAU_SCREENSHOTS=1 keeps screenshots/phone-pesten.png and screenshots/two-screens.png
(the two tabs side by side) for the README. In ``make test-all``, like test_serve.py.
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("selenium", reason="the browser extra is not installed: make test-all")
pytest.importorskip("PIL", reason="the browser extra is not installed: make test-all")

from PIL import Image
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from test_serve import ROOT
from test_serve import TAP
from test_serve import browser
from test_serve import browser_programs
from test_serve import cell_of
from test_serve import free_port
from test_serve import served
from test_serve import wait_until

from tableau.engines.pesten import Play
from tableau.sessions.pesten import REMOTE
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Seat
from tableau.storage.table_store import TableStore
from tableau.tables.shared_table import SharedTable

pytestmark = pytest.mark.exhaustive

PHONE = {"width": 390, "height": 844, "pixelRatio": 1}
"""A phone in portrait. Its pixel ratio is 1: headless Chromium's screenshot of a page at ratio
3 shows only the top left of the terminal's canvas (the layout, 41×46 cells, is the same)."""


@contextlib.contextmanager
def table(home: Path, *, anna_sits: bool) -> Iterator[SharedTable[PestenSession]]:
    """A Pesten table of two open seats on ``home``'s tableau.db (seed 2: seat 1 begins, and
    after its 4♥ seat 2's A♥ fits); with ``anna_sits``, Anna takes seat 1 here."""
    store = TableStore(home / "tableau.db")
    session = PestenSession.deal([Seat("Seat one", REMOTE), Seat("Seat two", REMOTE)],
                                 packs=1, jokers=2, dealer=1, seed=2)
    shared = SharedTable.open(store, session)
    if anna_sits:
        assert shared.sit(0, "Anna", "anna's secret").ok
    try:
        yield shared
    finally:
        shared.leave()
        store.close()


def as_phone(page: Any) -> None:
    """Make test_serve's browser a phone (Chrome's mobile emulation, set before the page
    loads): 390×844 CSS pixels, a mobile viewport and touch."""
    page.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": PHONE["width"], "height": PHONE["height"],
        "deviceScaleFactor": PHONE["pixelRatio"], "mobile": True})
    page.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True,
                                                                  "maxTouchPoints": 5})


@dataclass
class Setting:
    """A served TABLEAU_HOME with a table on it, and a browser."""
    address: str
    table: SharedTable[PestenSession]
    page: Any
    log: Path


@contextlib.contextmanager
def setting(tmp_path: Path, *, anna_sits: bool) -> Iterator[Setting]:
    chromium, driver_path = browser_programs()
    home, port, log = tmp_path / "home", free_port(), tmp_path / "serve.log"
    home.mkdir()
    with served(home, port, log) as (_, address), table(home, anna_sits=anna_sits) as shared, \
            browser(chromium, driver_path, tmp_path / "profile") as page:
        yield Setting(address, shared, page, log)


def seen(page: Any) -> str:
    text: str = page.execute_script("return window.tableauSeen")
    return text


def until_shown(page: Any, text: str, log: Path) -> None:
    wait_until(lambda: text in seen(page), f"the tab to show {text!r}", log)


def type_in(page: Any, *typed: str, then: str, log: Path) -> None:
    """Type, then wait until the tab draws ``then`` anew: the next field has the focus (typed
    on at once, keys would reach the field that Enter leaves)."""
    mark = len(seen(page))
    page.execute_script("document.querySelector('.xterm-helper-textarea').focus()")
    ActionChains(page).send_keys(*typed).perform()
    wait_until(lambda: then in seen(page)[mark:], f"the tab to draw {then!r}", log)


def tap(page: Any, text: str) -> None:
    """A finger on the cell where the tab's app last drew ``text``."""
    column, row = cell_of(seen(page), text)
    columns, rows = page.execute_script("return window.tableauSize")
    box = page.find_element(By.CSS_SELECTOR, ".xterm-screen").rect
    point = {"x": box["x"] + (column + 0.5) * box["width"] / columns,
             "y": box["y"] + (row + 0.5) * box["height"] / rows}
    page.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart",
                                                      "touchPoints": [point]})
    page.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def join(page: Any, address: str, code: str, name: str, log: Path) -> None:
    """Open the page and sit down at ``code`` through the menu's "Join a table…"."""
    page.get(address)
    until_shown(page, "Join a table", log)
    tap(page, "Join a table")
    until_shown(page, "Table code", log)
    type_in(page, code, Keys.ENTER, then="open (a new player)", log=log)
    mark = len(seen(page))
    tap(page, "open (a new player)")  # the first open seat: the name field comes next
    wait_until(lambda: "Seat two" in seen(page)[mark:] or "Seat one" in seen(page)[mark:],
               "the name field", log)
    type_in(page, name, Keys.ENTER, then="to come back later", log=log)
    type_in(page, "secret", Keys.ENTER, then="the same password", log=log)
    type_in(page, "secret", Keys.ENTER, then="hand —", log=log)  # the table, the hand's title


def keep(png: bytes, name: str) -> None:
    if os.environ.get("TABLEAU_SCREENSHOTS") == "1":
        (ROOT / "screenshots" / name).write_bytes(png)


def test_a_friend_on_a_phone_plays_a_pesten_turn_with_taps(tmp_path: Path) -> None:
    with setting(tmp_path, anna_sits=True) as at:
        address, anna, page, log = at.address, at.table, at.page, at.log
        as_phone(page)
        join(page, address, anna.code, "Zoe", log)
        assert page.execute_script("return window.tableauSize")[0] <= 45  # ~40 columns
        assert anna.act(0, Play(tuple(card for card in anna.session.state.hands[0]
                                      if card.face == "4♥"))).ok
        until_shown(page, "Your turn.", log)
        turn = page.get_screenshot_as_png()  # the hand lit, before the taps
        tap(page, "A♥")  # the card, in the hand
        tap(page, "Play")  # the button under the hand

        def played() -> bool:
            anna.refresh()
            state = anna.session.state
            return state.current == 0 and state.pile[-1].face == "A♥"

        wait_until(played, "Zoe's A♥ on the pile", log)
        until_shown(page, "Waiting for", log)  # Anna: cut at 40 columns
        keep(turn, "phone-pesten.png")


def test_two_browser_tabs_at_one_table_each_see_only_their_own_hand(tmp_path: Path) -> None:
    with setting(tmp_path, anna_sits=False) as at:
        address, host, page, log = at.address, at.table, at.page, at.log
        first = page.current_window_handle
        join(page, address, host.code, "Anna", log)
        page.switch_to.new_window("tab")
        second = page.current_window_handle
        page.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": TAP})
        join(page, address, host.code, "Bram", log)
        host.refresh()
        hands = host.session.state.hands
        seat = {info.name: number for number, info in enumerate(host.session.seats)}
        shots = []
        for tab, name in ((first, "Anna"), (second, "Bram")):
            own, other = hands[seat[name]], hands[1 - seat[name]]
            page.switch_to.window(tab)
            wait_until(lambda own=own: all(card.face in seen(page) for card in own),
                       "every card of the tab's own hand", log)
            text = seen(page)
            assert not [card.face for card in other if card.face in text]
            shots.append(Image.open(io.BytesIO(page.get_screenshot_as_png())).convert("RGB"))
    both = Image.new("RGB", (sum(shot.width for shot in shots) + 16, shots[0].height), "white")
    both.paste(shots[0], (0, 0))
    both.paste(shots[1], (shots[0].width + 16, 0))
    picture = io.BytesIO()
    both.save(picture, format="PNG")
    keep(picture.getvalue(), "two-screens.png")
