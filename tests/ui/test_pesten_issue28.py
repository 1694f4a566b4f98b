"""Pesten polish from play-testing (issue 28, items 9-13): what new players stumbled on."""

from __future__ import annotations

from collections.abc import AsyncIterator
from collections.abc import Callable
from contextlib import asynccontextmanager
from typing import Any

from textual import events
from textual.pilot import Pilot
from textual.widgets import Button
from textual.widgets import Static
from ui_helpers import press

from tableau.sessions.pesten import PestenSession
from tableau.ui.app import TableauApp
from tableau.ui.scenes.pesten import arranged_table
from tableau.ui.scenes.pesten import quick_scheme
from tableau.ui.scenes.pesten import select
from tableau.ui.scenes.pesten import unlock
from tableau.ui.screens.dialogs import ConfirmScreen
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.screens.menu import MenuScreen
from tableau.ui.screens.pesten import PestenScreen
from tableau.ui.widgets.password import PasswordInput
from tableau.ui.widgets.pesten_hand import PestenHand

MakeApp = Callable[..., TableauApp]

ANNA = "3H 7H 7C 7S JD 9S QH"
BRAM = "2C 5D 8D KS 4H 6C TC"
COR = "AS 3C 4C 9D TD QD KH"


@asynccontextmanager
async def annas_hand(
    make_app: MakeApp, hands: list[str], pile: str, **arranged: Any
) -> AsyncIterator[tuple[PestenSession, TableauApp, Pilot[Any]]]:
    table = arranged_table(hands, pile, **arranged)
    app = make_app("pesten", table=table, passwords=quick_scheme())
    async with app.run_test(size=(80, 24)) as pilot:
        await unlock(pilot, "anna-pw")
        yield table, app, pilot


def table_screen(app: TableauApp) -> PestenScreen:
    screen = next(s for s in reversed(app.screen_stack) if isinstance(s, PestenScreen))
    assert isinstance(screen, PestenScreen)
    return screen


def shown(app: TableauApp, selector: str) -> str:
    return str(table_screen(app).query_one(selector, Static).render())


async def cursor_to(pilot: Pilot[Any], code: str) -> None:
    hand = table_screen(pilot.app).query_one("#cards", PestenHand)  # type: ignore[arg-type]
    target = next(i for i, card in enumerate(hand.cards) if str(card.card) == code)
    while hand.cursor != target:
        await pilot.press("right" if hand.cursor < target else "left")


# ------------------------------------------------------------------ 9: unlit cards


async def test_space_on_a_card_that_does_not_fit_is_refused_with_the_reason(
    make_app: MakeApp,
) -> None:
    async with annas_hand(make_app, [ANNA, BRAM, COR], "5C 7D") as (_table, app, pilot):
        await cursor_to(pilot, "QH")
        await press(pilot, "space")
        screen = table_screen(app)
        assert screen.selected == []
        assert "Q♥ does not go on 7♦" in shown(app, "#message")
        assert "Selected" not in shown(app, "#message")


async def test_a_card_that_cannot_join_the_selection_is_refused_with_the_reason(
    make_app: MakeApp,
) -> None:
    async with annas_hand(make_app, [ANNA, BRAM, COR], "5C 7D") as (_table, app, pilot):
        await select(pilot, "7C")
        await cursor_to(pilot, "9S")
        await press(pilot, "space")
        screen = table_screen(app)
        assert [str(screen.shown[i]) for i in screen.selected] == ["7C"]
        assert shown(app, "#message").startswith("9♠ does not join 7♣: ")


# ------------------------------------------------------------------ 10: n at the round's end


async def test_n_in_the_round_end_dialog_deals_the_next_round(make_app: MakeApp) -> None:
    async with annas_hand(make_app, ["7D", BRAM, COR], "5C 7C") as (table, app, pilot):
        await press(pilot, "enter")  # Anna goes out
        assert isinstance(app.screen, EndScreen)
        await press(pilot, "n")
        assert not isinstance(app.screen, EndScreen)
        assert table.state.round == 2 and not table.over


# ------------------------------------------------------------------ 11: leaving an open hand


async def test_q_in_an_open_hand_asks_first_and_escape_does_nothing(make_app: MakeApp) -> None:
    async with annas_hand(make_app, [ANNA, BRAM, COR], "5C 7D") as (_table, app, pilot):
        await press(pilot, "escape")  # nothing selected
        assert app.screen is table_screen(app) and table_screen(app).mode == "hand"
        await press(pilot, "q")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "n")  # stay
        assert table_screen(app).mode == "hand" and app.screen is table_screen(app)
        await press(pilot, "q")
        await press(pilot, "y")
        assert isinstance(app.screen, MenuScreen)


async def test_a_kept_round_still_asks_before_an_open_hand_is_left(make_app: MakeApp) -> None:
    """Even where the store would keep the round, q from an open hand asks first."""
    table = arranged_table(["3D 9S QH", BRAM, COR], "5C 7D")
    app = make_app("pesten", table=table, passwords=quick_scheme(), persist=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await unlock(pilot, "anna-pw")
        await press(pilot, "q")
        assert isinstance(app.screen, ConfirmScreen)
        assert "No move has been made yet" in str(app.screen.query_one("#dialog-text").render())


# ------------------------------------------------------------------ 12: keys after Done


async def test_keys_typed_just_after_done_do_not_reach_the_next_password_field(
    make_app: MakeApp,
) -> None:
    async with annas_hand(make_app, ["3D 9S QH", BRAM, COR], "5C 7D") as (table, app, pilot):
        await select(pilot, "3D")
        await press(pilot, "enter")  # play; the hand stays until Done
        # Done, and at once three more keys: typed (a key's time is when the terminal sent
        # it) before the next lock is on screen, though read only once it is up.
        done = events.Key("enter", None)
        typed_after_done = [events.Key(key, key) for key in "xyz"]
        app.post_message(done)
        await pilot.pause()
        for key in typed_after_done:
            app.post_message(key)
        await pilot.pause()
        assert table.state.current == 1 and table_screen(app).mode == "lock"
        field = table_screen(app).query_one("#unlock", PasswordInput)
        assert field.value == ""
        await unlock(pilot, "bram-pw")  # keys typed once the lock shows are Bram's
        assert table_screen(app).session.revealed == 1


async def test_an_enter_typed_just_after_done_does_not_open_a_hand_with_no_password(
    make_app: MakeApp,
) -> None:
    """The same for a seat with no password: its lock's "I am Bram" button has the focus, and
    an Enter the last player typed after Done must not press it and show Bram's hand to
    her."""
    async with annas_hand(make_app, ["3D 9S QH", BRAM, COR], "5C 7D",
                          passwords=("anna-pw", "", "")) as (table, app, pilot):
        await select(pilot, "3D")
        await press(pilot, "enter")  # play; the hand stays until Done
        # Done, and at once a second Enter: both typed before the next lock is on screen.
        done, typed_after_done = events.Key("enter", None), events.Key("enter", None)
        app.post_message(done)
        await pilot.pause()
        app.post_message(typed_after_done)
        await pilot.pause()
        assert table.state.current == 1 and table_screen(app).mode == "lock"
        assert table_screen(app).session.revealed is None
        await press(pilot, "enter")  # Bram, once the lock is on screen
        assert table_screen(app).session.revealed == 1


# ------------------------------------------------------------------ 13: wording and buttons


async def test_one_card_left_reads_1_card_and_the_last_card_mark_goes_with_the_play(
    make_app: MakeApp,
) -> None:
    async with annas_hand(make_app, ["3D 9S", BRAM, COR], "5C 3S") as (_table, app, pilot):
        await select(pilot, "3D")
        await press(pilot, "l")
        last = table_screen(app).query_one("#last", Button)
        assert str(last.label) == "Last card! ✓ l"
        await press(pilot, "enter")
        assert shown(app, "#hand-title") == "Anna's hand — 1 card (Done hands over)"
        assert str(last.label) == "Last card! l" and not last.has_class("-armed")


async def test_after_a_penalty_undo_is_not_offered_and_the_message_says_why(
    make_app: MakeApp,
) -> None:
    async with annas_hand(make_app, ["3D 9S", BRAM, COR], "5C 3S") as (table, app, pilot):
        await select(pilot, "3D")
        await press(pilot, "enter")  # one card left, last card not called: penalty cards
        assert any(event.kind == "penalty" for event in table.state.history)
        assert not table_screen(app).query_one("#undo", Button).display
        assert "The penalty cards have been seen, so that play stays." in shown(app, "#message")


# ------------------------------------------------------------------ 14: whole borders


def box_around(lines: list[str], title: str) -> list[str]:
    """The lines of the box whose first line inside holds ``title``, top and bottom edges
    included."""
    inside = next(i for i, line in enumerate(lines) if title in line)
    left = lines[inside].index("│")
    top = max(i for i in range(inside) if lines[i][left:left + 1] == "╭")
    bottom = min(i for i in range(inside, len(lines)) if lines[i][left:left + 1] == "╰")
    return lines[top:bottom + 1]


async def test_a_hand_s_box_is_whole_from_the_first_frame_it_shows(make_app: MakeApp) -> None:
    """Item 14 (not reproduced here; this holds what was looked for): a player saw the hand's
    borders cut, once with a broken character, for about a second after the hand opened. The
    box around the hand is whole on the first frames after the unlock, at both sizes."""
    from test_pesten import screen_text

    for size in ((80, 24), (120, 40)):
        table = arranged_table([ANNA, BRAM, COR], "5C 7D")
        app = make_app("pesten", table=table, passwords=quick_scheme())
        async with app.run_test(size=size) as pilot:
            await unlock(pilot, "anna-pw")
            for _frame in range(3):
                lines = [line.rstrip() for line in screen_text(app).splitlines()]
                box = box_around(lines, "Anna's hand")
                assert "�" not in "\n".join(lines)
                left = box[0].index("╭")
                right = len(box[0]) - 1
                assert box[0][right] == "╮" and box[-1][left] == "╰" and box[-1][right] == "╯"
                for line in box[1:-1]:
                    assert line[left] == "│" and len(line) == right + 1 and line[right] == "│"
                await pilot.pause()
