"""Reading long text with the keys only (issue 12, item 9): the shared history panel (Poker's)
scrolls from the keyboard. (The help screen's keys: tests/ui/test_yukon_flows.py's
test_the_win_the_stuck_table_and_the_clock, where ? opens it.)"""

from __future__ import annotations

from collections.abc import Callable

from ui_helpers import press

from tableau.ui.app import TableauApp
from tableau.ui.widgets.history import HistoryPanel

AppFactory = Callable[..., TableauApp]


async def test_page_up_and_down_read_back_through_pokers_history(make_app: AppFactory) -> None:
    app = make_app("poker", seed=3, cpus=3)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one("#history", HistoryPanel)
        for _ in range(12):  # check, stand pat, next hand: until the log outgrows its panel
            if panel.max_scroll_y > 3:
                break
            for key in ("c", "enter", "n"):
                await press(pilot, key)
        await pilot.pause()
        assert panel.max_scroll_y > 0
        assert not panel.has_focus, "the focus stays on the hand"
        end = panel.scroll_y
        assert end == panel.max_scroll_y
        await press(pilot, "pageup")
        assert panel.scroll_y < end
        await press(pilot, "pagedown")
        assert panel.scroll_y == end
