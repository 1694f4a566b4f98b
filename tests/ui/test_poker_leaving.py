"""Issue 28 item 18: what Poker's help says about q agrees with what q does. The game is kept
after every move, so once you have acted q leaves at once (as in Yukon and Go Fish) and
"Continue" resumes it; only when games cannot be saved does q ask first."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot
from textual.widgets import ListView
from ui_helpers import press
from ui_helpers import started

from tableau.ui.app import TableauApp
from tableau.ui.screens.dialogs import ConfirmScreen
from tableau.ui.screens.help import rules_text
from tableau.ui.screens.menu import ContinueItem
from tableau.ui.screens.menu import MenuScreen
from tableau.ui.screens.poker import PokerScreen

MakeApp = Callable[..., TableauApp]
SIZE = (80, 24)
TO_CALL_FIRST = 7
"""A CPU bets before your first turn: c calls, and you have acted."""


async def call_once(pilot: Pilot[Any]) -> PokerScreen:
    table = pilot.app.screen
    assert isinstance(table, PokerScreen)
    await press(pilot, "c")
    assert table.session.your_moves == 1 and table.game_at_stake()
    return table


def sentences_about_q(help_text: str) -> list[str]:
    flat = " ".join(help_text.split())
    return [sentence for sentence in re.split(r"(?<=[.)])\s+(?=[A-Z(])", flat)
            if "`q`" in sentence]


async def test_once_you_have_acted_q_leaves_at_once_as_the_help_says(
    make_app: MakeApp,
) -> None:
    # The text the table's help screen shows (? opening it there: test_poker_screen.py).
    about_q = sentences_about_q(rules_text("poker"))
    app = make_app("poker", persist=True, cpus=2, seed=TO_CALL_FIRST)
    async with started(app, SIZE) as pilot:
        await call_once(pilot)
        await press(pilot, "q")
        assert isinstance(app.screen, MenuScreen)  # no question first
        kept = app.screen.query_one(ListView).highlighted_child
        assert isinstance(kept, ContinueItem) and kept.text.startswith("Continue Poker")
    assert any("leave at once" in sentence and '"Continue"' in sentence
               for sentence in about_q)
    for sentence in about_q:
        # A sentence that has q ask first may say so only for a game that cannot be saved.
        assert "ask" not in sentence or "cannot be saved" in sentence, sentence


async def test_when_games_cannot_be_saved_q_asks_first_as_the_help_says(
    make_app: MakeApp,
) -> None:
    app = make_app("poker", cpus=2, seed=TO_CALL_FIRST)  # no store: nothing is kept
    async with started(app, SIZE) as pilot:
        table = await call_once(pilot)
        await press(pilot, "q")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "escape")
        assert app.screen is table
