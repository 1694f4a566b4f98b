"""Pictures of a shared Go Fish table at 80×24 and 120×40: a friend's seat (Zoe) waiting for
the opener's hot seat, the opener's screen waiting for Zoe with the code on show, and the
lock of the opener's first hot seat when two people share the opener's screen.

Each table is opened on the test's own TABLEAU_HOME with the code GOFI-4821 and seed 2;
the other side sits down or moves through the API, as another screen would.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterator
from typing import Any

import pytest
from table_helpers import Opened
from table_helpers import tables_to_picture

from tableau.engines.gofish import Ask
from tableau.sessions.gofish import start
from tableau.sessions.protocol import SeatKind
from tableau.storage.passwords import PasswordScheme
from tableau.ui.app import TableauApp
from tableau.ui.scenes import SIZES
from tableau.ui.scenes import still_app
from tableau.ui.screens.gofish_table import GoFishHostScreen
from tableau.ui.screens.gofish_table import GoFishSeatScreen

SEED = 2


@pytest.fixture
def opened() -> Iterator[Opened]:
    with tables_to_picture(start, SEED) as open_table:
        yield open_table


def seat_app(opened: Opened) -> TableauApp:
    _host, zoe = opened([SeatKind.HUMAN, SeatKind.REMOTE])
    return still_app(first_screen=lambda: GoFishSeatScreen(zoe))


def host_app(opened: Opened) -> TableauApp:
    host, _zoe = opened([SeatKind.HUMAN, SeatKind.REMOTE])
    assert host.act(0, Ask(1, host.session.view(0).hand[0].rank)).ok  # Zoe's turn now
    return still_app(first_screen=lambda: GoFishHostScreen(host, {}))


def lock_app(opened: Opened) -> TableauApp:
    host, _zoe = opened([SeatKind.HUMAN, SeatKind.HUMAN, SeatKind.REMOTE])
    scheme = PasswordScheme()
    locks = {0: scheme.lock("Anna", "a"), 1: scheme.lock("Bea", "b")}
    return still_app(first_screen=lambda: GoFishHostScreen(host, locks))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("make", [seat_app, host_app, lock_app],
                         ids=["seat", "host", "lock"])
def test_a_go_fish_table_looks_right(snap_compare: Any, opened: Opened,
                                     make: Callable[[Opened], TableauApp],
                                     size: tuple[int, int]) -> None:
    assert snap_compare(make(opened), terminal_size=size)
