"""No game lost to one key: every game asks the same question before a key discards a game
under way (y/n/Enter/Escape, labelled buttons), and asks nothing when nothing is at stake."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import Button
from ui_helpers import choose_rules
from ui_helpers import press
from ui_helpers import started

from tableau.engines import yukon
from tableau.engines.poker import Phase as PokerPhase
from tableau.ui.app import TableauApp
from tableau.ui.screens.dialogs import ConfirmScreen
from tableau.ui.screens.menu import MenuScreen
from tableau.ui.screens.poker import PokerScreen
from tableau.ui.screens.yukon import YukonScreen

MakeApp = Callable[..., TableauApp]
SIZE = (80, 24)


def yukon_table(app: TableauApp) -> YukonScreen:
    screens = [screen for screen in app.screen_stack if isinstance(screen, YukonScreen)]
    assert screens
    return screens[-1]


async def yukon_after_one_move(pilot: Pilot[int]) -> yukon.State:
    """ctrl+n deals; the first legal move is typed; the focus goes back to the table."""
    await press(pilot, "ctrl+n")
    screen = yukon_table(pilot.app)  # type: ignore[arg-type]
    move = str(yukon.legal_moves(screen.session.state)[0])
    names = {">": "greater_than_sign", "-": "minus", ":": "colon"}
    await press(pilot, "colon", *(names.get(char, char) for char in move), "enter", "escape")
    assert screen.session.state.moves == 1
    return screen.session.state


async def poker_after_your_first_move(pilot: Pilot[int]) -> PokerScreen:
    screen = pilot.app.screen
    assert isinstance(screen, PokerScreen)
    await press(pilot, "c")  # check or call: your first move
    return screen


async def answer(pilot: Pilot[int], key: str) -> None:
    await pilot.pause()
    assert isinstance(pilot.app.screen, ConfirmScreen)
    await press(pilot, key)


async def test_the_question_has_labelled_buttons_and_the_way_back_has_the_focus(
    make_app: MakeApp,
) -> None:
    app = make_app("yukon", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await yukon_after_one_move(pilot)
        await press(pilot, "n")
        dialog = app.screen
        assert isinstance(dialog, ConfirmScreen)
        labels = {str(button.id): str(button.label) for button in dialog.query(Button)}
        assert labels == {"choice-stay": "n · Keep playing", "choice-leave": "y · Deal a new game"}
        assert app.focused is dialog.query_one("#choice-stay")


async def test_yukon_n_d_and_ctrl_n_keep_the_game_on_n_escape_and_enter(
    make_app: MakeApp,
) -> None:
    app = make_app("yukon", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        played = await yukon_after_one_move(pilot)
        for keys in (("n",), ("d",), ("colon", "ctrl+n")):  # ctrl+n: a new game while typing
            for keep in ("n", "escape", "enter"):
                await pilot.press(*keys)
                await answer(pilot, keep)
                assert yukon_table(app).session.state == played
                assert isinstance(app.screen, YukonScreen)
                await pilot.press("escape")  # back to the table


@pytest.mark.parametrize(("key", "same_cards"), [("n", False), ("d", True)])
async def test_yukon_y_after_n_deals_a_new_game_and_after_d_the_same_cards_again(
    make_app: MakeApp, key: str, same_cards: bool,
) -> None:
    app = make_app("yukon", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        played = await yukon_after_one_move(pilot)
        await pilot.press(key)
        await answer(pilot, "y")
        state = yukon_table(app).session.state
        assert state.moves == 0 and (state.seed == played.seed) is same_cards


async def test_yukon_q_and_a_rules_change_ask_first(make_app: MakeApp) -> None:
    app = make_app("yukon", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        played = await yukon_after_one_move(pilot)
        await choose_rules(pilot, yukon_table(app), "classic")
        await answer(pilot, "n")
        assert yukon_table(app).session.state == played
        await pilot.press("q")
        await answer(pilot, "y")
        assert isinstance(app.screen, MenuScreen)


async def test_ctrl_q_asks_during_a_game_and_quits_on_y(make_app: MakeApp) -> None:
    app = make_app("yukon", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await yukon_after_one_move(pilot)
        await pilot.press("ctrl+q")
        await answer(pilot, "n")
        assert app.is_running
        await pilot.press("ctrl+q")
        await answer(pilot, "y")
        assert not app.is_running


async def test_nothing_at_stake_no_question(make_app: MakeApp) -> None:
    """Before the first move of a Yukon deal, n and q act at once; so does ctrl+q."""
    app = make_app("yukon", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "ctrl+n")
        first = yukon_table(app).session.state
        await press(pilot, "escape", "n")
        assert yukon_table(app).session.state.seed != first.seed
        await press(pilot, "q")
        assert isinstance(app.screen, MenuScreen)
        await press(pilot, "ctrl+q")
        assert not app.is_running


async def test_poker_q_asks_once_you_have_acted(make_app: MakeApp) -> None:
    app = make_app("poker", cpus=1, seed=7)
    async with started(app, SIZE) as pilot:
        screen = await poker_after_your_first_move(pilot)
        before = screen.state
        await pilot.press("q")
        await answer(pilot, "escape")
        assert app.screen is screen and screen.state == before
        await pilot.press("q")
        await answer(pilot, "y")
        assert isinstance(app.screen, MenuScreen)


async def test_poker_q_before_your_first_move_leaves_at_once(make_app: MakeApp) -> None:
    app = make_app("poker", cpus=1, seed=7)
    async with started(app, SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, PokerScreen)
        assert screen.state.phase is PokerPhase.FIRST_BETTING
        await press(pilot, "q")
        assert isinstance(app.screen, MenuScreen)


async def test_poker_palette_new_game_asks_once_you_have_acted(make_app: MakeApp) -> None:
    app = make_app("poker", cpus=1, seed=7)
    async with started(app, SIZE) as pilot:
        screen = await poker_after_your_first_move(pilot)
        before = screen.state
        await pilot.press("ctrl+p", *"new game", "enter")
        await answer(pilot, "n")
        assert app.screen is screen and screen.state == before
        await pilot.press("ctrl+p", *"new game", "enter")
        await answer(pilot, "y")
        assert app.screen is screen and screen.state != before
        assert screen.state.hand_number == 1 and not screen.state.acted[0]
