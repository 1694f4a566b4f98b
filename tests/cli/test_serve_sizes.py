"""A tab's terminal size is clamped (issue 27, D18): the size a tab's app starts at, from the
websocket's query, and every resize message a tab sends on to its app. (A huge size made the
app allocate gigabytes; test_serve_guard.py opens a huge tab end to end.)"""

from __future__ import annotations

from typing import Any

import pytest
from textual_serve.download_manager import DownloadManager

from tableau.cli.serve_web import Tab
from tableau.cli.serve_web import opening_size


@pytest.mark.parametrize(("query", "size"), [
    ({"width": "99999", "height": "99999"}, (500, 200)),
    ({"width": "120", "height": "40"}, (120, 40)),
    ({"width": "0", "height": "-5"}, (1, 1)),
    ({"width": "wide", "height": "1e9"}, (80, 24)),
    ({"width": "9" * 5000, "height": ""}, (80, 24)),
    ({}, (80, 24)),
])
def test_the_size_a_tab_opens_at_is_clamped(query: dict[str, str],
                                            size: tuple[int, int]) -> None:
    assert opening_size(query) == size


def tab_sending_to(sent: list[dict[str, Any]]) -> Tab:
    """A Tab whose messages to its app are kept in ``sent``."""
    async def nothing(*_: Any) -> None:
        return None

    tab = Tab("true", write_bytes=nothing, write_str=nothing, close=nothing,
              download_manager=DownloadManager())

    async def send_meta(data: dict[str, Any]) -> bool:
        sent.append(data)
        return True

    tab.send_meta = send_meta  # type: ignore[method-assign]
    return tab


@pytest.mark.parametrize(("width", "height", "size"), [
    (99999, 99999, (500, 200)),
    (100, 30, (100, 30)),
    (501, 201, (500, 200)),
    (0, -1, (1, 1)),
    ("80", 24, None),
    (80.5, 24, None),
    (None, 24, None),
    (True, 24, None),
    ([80], {"rows": 24}, None),
])
async def test_a_resize_message_is_clamped_and_a_non_number_ignored(
    width: object, height: object, size: tuple[int, int] | None
) -> None:
    sent: list[dict[str, Any]] = []
    await tab_sending_to(sent).set_terminal_size(width, height)
    expected = [] if size is None else [{"type": "resize", "width": size[0], "height": size[1]}]
    assert sent == expected
