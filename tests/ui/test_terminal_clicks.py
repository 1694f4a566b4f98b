"""Clicks as a real terminal (or the browser) sends them: the press and the release as two
events, the press handled before the release comes (issue 28, item 9).

``pilot.click`` hands Textual a ready-made Click, and pressing and releasing in one write lets
the app see both before the press is handled; neither shows what a player's mouse does. Here
the events go to the app as the terminal driver posts them, so Textual makes the click itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Static
from ui_helpers import type_lines
from ui_helpers import yukon_screen

from tableau.cards import parse_any_card
from tableau.ui.app import TableauApp
from tableau.ui.scenes.pesten import arranged_table
from tableau.ui.scenes.pesten import quick_scheme
from tableau.ui.scenes.pesten import unlock
from tableau.ui.screens.pesten import PestenScreen
from tableau.ui.widgets.card import CardView
from tableau.ui.widgets.pesten_hand import PestenHand
from tableau.ui.widgets.pile import FanColumn

MakeApp = Callable[..., TableauApp]


def _mouse(kind: type[events.MouseEvent], x: int, y: int) -> events.MouseEvent:
    return kind(None, x, y, 0, 0, 1, False, False, False, x, y)


async def terminal_press(pilot: Pilot[Any], x: int, y: int) -> None:
    pilot.app.post_message(_mouse(events.MouseDown, x, y))
    await pilot.pause()


async def terminal_release(pilot: Pilot[Any], x: int, y: int) -> None:
    pilot.app.post_message(_mouse(events.MouseUp, x, y))
    await pilot.pause()


async def drag_and_put_back(pilot: Pilot[Any], x: int, y: int) -> None:
    """Press at (x, y), move a cell right and back, release there: a drag, not a click."""
    await terminal_press(pilot, x, y)
    for to_x in (x + 1, x):
        pilot.app.post_message(_mouse(events.MouseMove, to_x, y))
        await pilot.pause()
    await terminal_release(pilot, x, y)


async def terminal_click(pilot: Pilot[Any], x: int, y: int, times: int = 1) -> None:
    """Press, let the app handle it, release at the same place (``times`` 2: a double-click,
    however slowly a busy machine delivers it; one click is never chained to an earlier one)."""
    pilot.app.CLICK_CHAIN_TIME_THRESHOLD = 3600.0 if times > 1 else 0.0
    for _ in range(times):
        await terminal_press(pilot, x, y)
        await terminal_release(pilot, x, y)


def middle(widget: Widget) -> tuple[int, int]:
    region = widget.region
    return region.x + region.width // 2, region.y + region.height // 2


# ------------------------------------------------------------------ Pesten

ANNA = "3H 7H 7C 7S JD 9S QH"
BRAM = "2C 5D 8D KS 4H 6C TC"
COR = "AS 3C 4C 9D TD QD KH"


def _card(app: TableauApp, code: str) -> CardView:
    hand = app.screen.query_one("#cards", PestenHand)
    card = parse_any_card(code)
    return next(view for view in hand.query(CardView) if view.card == card)


def _message(app: TableauApp) -> str:
    return str(app.screen.query_one("#message", Static).render())


async def test_a_terminal_click_on_a_lit_card_selects_it(make_app: MakeApp) -> None:
    """First a drag that ends on its own card: no click (nothing selected, nothing played);
    then a click on a lit card selects it, and a second one adds to the selection."""
    table = arranged_table([ANNA, BRAM, COR], "5C 7D")
    app = make_app("pesten", table=table, passwords=quick_scheme())
    async with app.run_test(size=(108, 50)) as pilot:
        await unlock(pilot, "anna-pw")
        screen = app.screen
        assert isinstance(screen, PestenScreen)
        x, y = middle(_card(app, "7C"))
        await drag_and_put_back(pilot, x, y)
        assert screen.selected == [] and len(table.state.pile) == 2
        await terminal_click(pilot, *middle(_card(app, "7C")))
        assert [str(screen.shown[index]) for index in screen.selected] == ["7C"]
        assert _card(app, "7C").badge == "1"
        await terminal_click(pilot, *middle(_card(app, "7S")))
        assert "Selected, in play order: 7♣ 7♠" in _message(app)


async def test_a_terminal_double_click_plays_a_playable_card(make_app: MakeApp) -> None:
    table = arranged_table([ANNA, BRAM, COR], "5C 7D")
    app = make_app("pesten", table=table, passwords=quick_scheme())
    async with app.run_test(size=(80, 24)) as pilot:
        await unlock(pilot, "anna-pw")
        await terminal_click(pilot, *middle(_card(app, "7H")), times=2)
        assert str(table.state.pile[-1]) == "7H"


# ------------------------------------------------------------------ Yukon


async def test_terminal_clicks_pick_and_move_a_yukon_card(make_app: MakeApp) -> None:
    """First a drag back onto its own column: no click, nothing picked. Then C6's J♠ onto
    C3's Q♥ (the unshuffled deal), by two clicks as a terminal sends them."""
    app = make_app("yukon")
    async with app.run_test(size=(80, 24)) as pilot:
        await type_lines(pilot, "LD", "P")
        screen = yukon_screen(app)
        column = screen.query_one("#pile-C6", FanColumn)
        row = column.row_of(len(column.cards) - 1) - column.scroll_offset.y
        x, y = column.region.x + 2, column.region.y + row
        await drag_and_put_back(pilot, x, y)
        assert column.picked_from is None  # nothing picked: the drag was put back
        await terminal_click(pilot, x, y)
        assert column.picked_from == len(screen.view.columns[5]) - 1
        await terminal_click(pilot, *middle(screen.query_one("#pile-C3", FanColumn)))
        assert [str(card) for card in screen.view.columns[2][-2:]] == ["QH", "JS"]
