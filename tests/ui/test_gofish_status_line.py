"""Issue 28 item 16: at 80×24 the Go Fish status line is never cut mid-sentence without a
sign. A move's news wider than the line ends in "…", and the history holds all of it."""

from __future__ import annotations

from collections.abc import Callable

from ui_helpers import press
from ui_helpers import started

from tableau.sessions.gofish import SEPARATOR
from tableau.ui.app import TableauApp
from tableau.ui.scenes.gofish import asked
from tableau.ui.scenes.gofish import game_over
from tableau.ui.widgets.command_bar import MessageLine
from tableau.ui.widgets.history import HistoryPanel

MakeApp = Callable[..., TableauApp]
LONG_NEWS_WITHIN = 40
"""Asks on seed 1 against one CPU (Enter each time) within which a move's news outgrows the
line: the tenth brings "CPU 1 asks you for 9s — Go fish!  ·  CPU 1 draws a card  ·  CPU 1
lays down a book of 5s"."""
QUICKLY = 9
"""Asks made as Enter makes them through the session (``asked``), before the keys take over."""


def shown(line: MessageLine) -> str:
    """The status line as the player sees it."""
    return line.render_line(0).text.rstrip()


async def test_news_wider_than_the_line_ends_in_an_ellipsis_and_stays_whole_in_the_history(
    make_app: MakeApp,
) -> None:
    app = make_app("gofish", seed=1, cpus=1)
    async with started(app, (80, 24)) as pilot:
        line = app.screen.query_one(MessageLine)
        assert shown(line) == "Dealt 7 cards each. You play first."  # fits: no ellipsis
        await asked(pilot, QUICKLY)
        news = str(line.content)
        assert len(news) <= line.content_size.width and not shown(line).endswith("…")
        for _ in range(LONG_NEWS_WITHIN - QUICKLY):
            await press(pilot, "enter")
            news = str(line.content)
            if len(news) > line.content_size.width or game_over(pilot):
                break
        assert len(news) > line.content_size.width
        seen = shown(line)
        assert seen.endswith("…")
        assert news.startswith(seen[:-1])
        history = app.screen.query_one(HistoryPanel).entries
        for sentence in news.split(SEPARATOR):
            assert sentence in history
