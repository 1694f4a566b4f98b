"""No game lost to one key: every game asks the same question before a key discards a game
under way (y/n/Enter/Escape, labelled buttons), and asks nothing when nothing is at stake."""

from __future__ import annotations

from collections.abc import Callable

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
from tableau.ui.screens.yukon import YukonBoard
from tableau.ui.screens.yukon import YukonScreen

MakeApp = Callable[..., TableauApp]
SIZE = (80, 24)


def yukon_table(app: TableauApp) -> YukonScreen:
    screens = [screen for screen in app.screen_stack if isinstance(screen, YukonScreen)]
    assert screens
    return screens[-1]


async def yukon_after_one_move(pilot: Pilot[int]) -> yukon.State:
    """ctrl+n deals; the first legal move is made as INPUT makes it on Enter (the typing
    itself is tests/ui/test_yukon_flows.py's); the table keeps the focus."""
    await press(pilot, "ctrl+n")
    screen = yukon_table(pilot.app)  # type: ignore[arg-type]
    screen.run_command(str(yukon.legal_moves(screen.session.state)[0]))
    await pilot.pause()
    assert screen.session.state.moves == 1
    assert screen.query_one(YukonBoard).has_focus
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


async def test_the_question_asks_before_any_yukon_key_that_would_lose_the_game(
    make_app: MakeApp,
) -> None:
    """Once a move is made: n asks, with labelled buttons and the focus on the way back; n,
    Escape and Enter each keep the game (after n, d, ctrl+n while typing and a rules change,
    each answer after more than one of them); ctrl+q asks, n keeps tableau running, y
    quits. (y after n and d, and the loss it counts: tests/ui/test_yukon_resume.py; q then
    y: the test below.)"""
    app = make_app("yukon", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        played = await yukon_after_one_move(pilot)
        await press(pilot, "n")
        dialog = app.screen
        assert isinstance(dialog, ConfirmScreen)
        labels = {str(button.id): str(button.label) for button in dialog.query(Button)}
        assert labels == {"choice-stay": "n · Keep playing", "choice-leave": "y · Deal a new game"}
        assert app.focused is dialog.query_one("#choice-stay")
        await press(pilot, "n")
        # Each key that would lose the game asks, and each way to keep the game follows more
        # than one of them (n after n just above): one ConfirmScreen answers, whatever asked.
        for keys, keep in ((("d",), "escape"), (("colon", "ctrl+n"), "enter"),
                           (("n",), "enter"), (("d",), "n")):  # ctrl+n: while typing
            await pilot.press("escape")  # back to the table
            await pilot.press(*keys)
            await answer(pilot, keep)
            assert yukon_table(app).session.state == played, (keys, keep)
            assert isinstance(app.screen, YukonScreen)
        await choose_rules(pilot, yukon_table(app), "classic")
        await answer(pilot, "n")
        assert yukon_table(app).session.state == played
        await pilot.press("ctrl+q")
        await answer(pilot, "n")
        assert app.is_running and yukon_table(app).session.state == played
        await pilot.press("ctrl+q")
        await answer(pilot, "y")
        assert not app.is_running


async def test_q_asks_during_a_game_and_nothing_at_stake_no_question(make_app: MakeApp) -> None:
    """q over a game under way asks and y leaves for the menu. Before the first move of a
    Yukon deal, n and q act at once; so does ctrl+q."""
    app = make_app("yukon", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await yukon_after_one_move(pilot)
        await pilot.press("q")
        await answer(pilot, "y")
        assert isinstance(app.screen, MenuScreen)
        await press(pilot, "1", "enter")  # Yukon from the menu, Start in its set-up
        assert isinstance(app.screen, YukonScreen)
        await press(pilot, "ctrl+n")
        first = yukon_table(app).session.state
        assert first.phase is yukon.Phase.PLAY and first.moves == 0
        await press(pilot, "escape", "n")
        assert yukon_table(app).session.state.seed != first.seed
        await press(pilot, "q")
        assert isinstance(app.screen, MenuScreen)
        await press(pilot, "ctrl+q")
        assert not app.is_running


async def test_poker_asks_once_you_have_acted_and_not_before(make_app: MakeApp) -> None:
    """After your first move, q asks (Escape keeps the hand) and the palette's New game asks
    (n keeps, y deals a new game); before your first move of that new game, q leaves at
    once."""
    app = make_app("poker", cpus=1, seed=7)
    async with started(app, SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, PokerScreen)
        assert screen.state.phase is PokerPhase.FIRST_BETTING
        await poker_after_your_first_move(pilot)
        before = screen.state
        await pilot.press("q")
        await answer(pilot, "escape")
        assert app.screen is screen and screen.state == before
        await pilot.press("ctrl+p", *"new game", "enter")
        await answer(pilot, "n")
        assert app.screen is screen and screen.state == before
        await pilot.press("ctrl+p", *"new game", "enter")
        await answer(pilot, "y")
        assert app.screen is screen and screen.state != before
        assert screen.state.hand_number == 1 and not screen.state.acted[0]
        assert screen.state.phase is PokerPhase.FIRST_BETTING
        await press(pilot, "q")
        assert isinstance(app.screen, MenuScreen)
