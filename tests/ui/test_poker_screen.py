"""The Poker table through Pilot: marking discards by key and click, betting, advice, a whole
hand to the showdown, the next hand, the end of a game, and keys that are not allowed now.

The CPUs move at once (``cpu_delay`` 0), so after each key the table waits for the human
again. Seeds are chosen for the situation a test needs; each test first checks that the
situation is there, so a change in the deal or the CPUs fails loudly instead of passing.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from collections.abc import Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Button
from textual.widgets import Static
from ui_helpers import press
from ui_helpers import started

from tableau.cards import Rank
from tableau.engines.poker import CALL
from tableau.engines.poker import CHECK
from tableau.engines.poker import FOLD
from tableau.engines.poker import Phase
from tableau.engines.poker import View
from tableau.engines.poker.wording import result_text
from tableau.ui.app import TableauApp
from tableau.ui.scenes.poker import CAP_SEED
from tableau.ui.scenes.poker import END_SEED
from tableau.ui.scenes.poker import play_to_the_end
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.screens.menu import MenuScreen
from tableau.ui.screens.poker import PokerScreen
from tableau.ui.screens.poker_seat import SeatPanel
from tableau.ui.widgets.card import CardView
from tableau.ui.widgets.command_bar import MessageLine
from tableau.ui.widgets.hand import Hand
from tableau.ui.widgets.history import HistoryPanel

MakeApp = Callable[..., TableauApp]
TO_CALL_FIRST = 7
"""3 CPUs: a CPU bets before your first turn; no ace in your hand."""
NOTHING_TO_CALL = 1
"""3 CPUs: everyone checks to you before the draw."""
ONE_ACE_AT_THE_DRAW = 11
"""3 CPUs: you reach the draw holding A♠ Q♦ J♥ 9♦ 9♥."""
LONG_DESCRIPTION = 0
"""3 CPUs: your first hand's description takes three lines at 80x24."""


def table(app: App[Any]) -> PokerScreen:
    screen = app.screen
    assert isinstance(screen, PokerScreen)
    return screen


def message(app: App[Any]) -> str:
    return str(table(app).query_one("#message", MessageLine).content)


def my_cards(app: App[Any]) -> list[CardView]:
    return list(table(app).query_one("#my-hand", Hand).query(CardView))


def marked(app: App[Any]) -> list[int]:
    return [index for index, card in enumerate(my_cards(app)) if card.has_class("-marked")]


def history(app: App[Any]) -> tuple[str, ...]:
    return table(app).query_one("#history", HistoryPanel).entries


@asynccontextmanager
async def poker_table(
    make_app: MakeApp, seed: int = TO_CALL_FIRST,
) -> AsyncIterator[tuple[TableauApp, Pilot[Any]]]:
    """You and three CPUs at an 80x24 table dealt from ``seed``, up and waiting."""
    app = make_app("poker", cpus=3, seed=seed)
    async with started(app, (80, 24)) as pilot:
        yield app, pilot


async def to_the_draw(pilot: Pilot[Any]) -> View:
    """Check or call until it is your turn to draw."""
    screen = table(pilot.app)
    for _ in range(10):
        view = screen.view
        if view.phase is Phase.DRAW and view.my_turn:
            return view
        assert view.phase is Phase.FIRST_BETTING and view.my_turn, view.phase
        await pilot.press("c")
    raise AssertionError("the first betting round did not end")


async def to_the_end_of_the_hand(pilot: Pilot[Any]) -> View:
    """Check or call every bet, and stand pat, until the hand is over."""
    screen = table(pilot.app)
    for _ in range(20):
        view = screen.view
        if view.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            return view
        assert view.my_turn, "the CPUs stopped before the hand was over"
        await pilot.press("enter" if view.phase is Phase.DRAW else "c")
    raise AssertionError("the hand did not end")


# ------------------------------------------------------------------ the table


async def test_a_long_hand_description_shows_whole_at_80x24(make_app: MakeApp) -> None:
    async with poker_table(make_app, LONG_DESCRIPTION) as (app, _pilot):
        text = table(app).query_one("#hand-text", Static)
        assert len(table(app).view.hand_text) > 100
        needed = text.get_content_height(text.size, app.size, text.size.width)
        assert needed == 3
        assert text.size.height == needed


async def test_the_table_shows_your_cards_and_only_backs_of_the_cpus(make_app: MakeApp) -> None:
    async with poker_table(make_app) as (app, _pilot):
        view = table(app).view
        assert [card.card for card in my_cards(app)] == list(view.hand)
        assert len(list(table(app).query(SeatPanel))) == 3
        for panel in table(app).query(SeatPanel):
            shown = [card for card in panel.query(CardView) if card.display]
            assert len(shown) == view.seats[panel.seat].card_count
            assert all(card.card is None and not card.face_up for card in shown)


async def test_the_cpus_act_before_you_and_their_actions_are_logged(make_app: MakeApp) -> None:
    async with poker_table(make_app) as (app, _pilot):
        view = table(app).view
        assert view.my_turn and view.to_call > 0
        cpu_lines = [line for line in history(app) if line.startswith(("Bram", "Cato", "Dirk"))]
        assert cpu_lines, "the CPUs left of the button act before you"
        assert "to call" in message(app)


# ------------------------------------------------------------------ betting


@pytest.mark.parametrize(("seed", "bet_in_front"), [(TO_CALL_FIRST, True),
                                                    (NOTHING_TO_CALL, False)])
async def test_c_calls_the_bet_in_front_of_you_or_checks_when_nobody_has_bet(
    make_app: MakeApp, seed: int, bet_in_front: bool,
) -> None:
    async with poker_table(make_app, seed) as (app, pilot):
        to_call = table(app).view.to_call
        assert (to_call > 0) is bet_in_front
        await pilot.press("c")
        assert (f"You call {to_call}." if bet_in_front else "You check.") in history(app)


async def test_b_raises_and_f_folds(make_app: MakeApp) -> None:
    async with poker_table(make_app) as (app, pilot):
        view = table(app).view
        await pilot.press("b")
        assert f"You raise to {view.current_bet + view.bet_size}." in history(app)
        for _ in range(6):
            view = table(app).view
            if not view.seats[0].in_hand or not view.my_turn:
                break
            await pilot.press("f")
        assert "You fold." in history(app)
        assert table(app).view.seats[0].folded
        assert "folded" in str(table(app).query_one("#hand-text", Static).content)


async def test_the_betting_buttons_follow_the_legal_moves(make_app: MakeApp) -> None:
    async with poker_table(make_app) as (app, pilot):
        view = table(app).view
        call = table(app).query_one("#act-c", Button)
        fold = table(app).query_one("#act-f", Button)
        assert str(call.label) == f"Call {view.to_call}"
        assert call.disabled is (CALL not in view.legal)
        assert fold.disabled is (FOLD not in view.legal)
        assert not call.disabled
        footer_keys = set(table(app).active_bindings)
        assert {"c", "f"} <= footer_keys
        await pilot.click("#act-c")
        assert f"You call {view.to_call}." in history(app)


async def test_fold_with_nothing_to_call_shows_the_engines_sentence(make_app: MakeApp) -> None:
    async with poker_table(make_app, NOTHING_TO_CALL) as (app, pilot):
        before = table(app).view
        assert FOLD not in before.legal and CHECK in before.legal
        assert table(app).query_one("#act-f", Button).disabled
        await pilot.press("f")
        assert "no bet to fold" in message(app)
        assert table(app).query_one("#message", MessageLine).has_class("-error")
        assert table(app).view == before


# ------------------------------------------------------------------ the draw


async def test_number_keys_mark_cards_and_they_lift(make_app: MakeApp) -> None:
    async with poker_table(make_app) as (app, pilot):
        await to_the_draw(pilot)
        await pilot.press("2", "5")
        assert marked(app) == [1, 4]
        lifted = my_cards(app)[1]
        resting = my_cards(app)[0]
        assert lifted.region.y < resting.region.y
        assert str(table(app).query_one("#act-draw", Button).label) == "Draw 2"
        await pilot.press("2")
        assert marked(app) == [4]


async def test_clicking_a_card_marks_it_and_clicking_again_unmarks_it(
    make_app: MakeApp,
) -> None:
    async with poker_table(make_app) as (app, pilot):
        await to_the_draw(pilot)
        await pilot.click(my_cards(app)[2])
        assert marked(app) == [2]
        await pilot.click(my_cards(app)[2])
        assert marked(app) == []


async def test_space_marks_the_card_under_the_cursor(make_app: MakeApp) -> None:
    async with poker_table(make_app) as (app, pilot):
        await to_the_draw(pilot)
        await pilot.press("right", "right", "space")
        assert marked(app) == [2]


async def test_enter_throws_the_marked_cards_away_and_draws_new_ones(make_app: MakeApp) -> None:
    async with poker_table(make_app) as (app, pilot):
        view = await to_the_draw(pilot)
        thrown = {view.hand[3], view.hand[4]}
        await pilot.press("4", "5", "enter")
        after = table(app).view
        assert after.seats[0].drew == 2
        assert len(after.hand) == 5 and not thrown & set(after.hand)
        assert "You draw 2." in history(app)
        assert "You threw away" in message(app)
        await pilot.press("a")
        assert "Advice is about the draw" in message(app)


async def test_a_fourth_mark_without_an_ace_is_refused(make_app: MakeApp) -> None:
    async with poker_table(make_app) as (app, pilot):
        view = await to_the_draw(pilot)
        assert not any(card.rank is Rank.ACE for card in view.hand)
        await pilot.press("1", "2", "3", "4")
        assert marked(app) == [0, 1, 2]
        assert "at most 3" in message(app)


async def test_marking_the_ace_and_three_more_is_refused_as_enter_would(
    make_app: MakeApp,
) -> None:
    """Item 24: the marks shown are always a draw Enter accepts."""
    async with poker_table(make_app, ONE_ACE_AT_THE_DRAW) as (app, pilot):
        view = await to_the_draw(pilot)
        assert [card.rank for card in view.hand].count(Rank.ACE) == 1
        assert view.hand[0].rank is Rank.ACE
        await pilot.press("1", "2", "3", "4")
        assert marked(app) == [0, 1, 2]
        assert "only when the card you keep is an ace" in message(app)
        assert "throws 4" not in message(app)
        await pilot.press("1", "4", "5")  # keep the ace instead: four may go
        assert marked(app) == [1, 2, 3, 4]
        assert "Enter throws 4 away and draws 4" in message(app)
        await pilot.press("enter")
        assert table(app).view.seats[0].drew == 4
        assert view.hand[0] in table(app).view.hand


async def test_marking_before_the_draw_explains_when_it_is_allowed(make_app: MakeApp) -> None:
    async with poker_table(make_app) as (app, pilot):
        before = table(app).view
        for key in ("1", "space"):
            await pilot.press(key)
            assert marked(app) == []
            assert "during the draw" in message(app)
        await pilot.press("enter")
        assert "c to check or call" in message(app)
        assert table(app).view == before


async def test_advice_marks_the_discard_the_cpu_would_choose(make_app: MakeApp) -> None:
    async with poker_table(make_app) as (app, pilot):
        view = await to_the_draw(pilot)
        advice = table(app).session.advice()
        await pilot.press("a")
        assert {view.hand[index] for index in marked(app)} == set(advice.discard)
        assert message(app).startswith("Advice:")
        assert advice.why in message(app)
        await pilot.press("enter")
        assert table(app).view.seats[0].drew == len(advice.discard)
        assert "Advice" not in message(app)


async def test_a_long_advice_wraps_onto_more_lines_instead_of_being_cut(
    make_app: MakeApp,
) -> None:
    async with poker_table(make_app) as (app, pilot):
        await to_the_draw(pilot)
        await press(pilot, "a")
        line = app.screen.query_one("#message")
        assert len(message(app)) > line.size.width  # the sentence is longer than a line
        assert line.size.height * line.size.width >= len(message(app))


async def test_question_mark_still_opens_help_on_the_table(make_app: MakeApp) -> None:
    async with poker_table(make_app) as (app, pilot):
        await to_the_draw(pilot)
        await pilot.press("question_mark")
        assert not isinstance(app.screen, PokerScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, PokerScreen)


# ------------------------------------------------------------------ a whole hand


async def test_a_full_hand_ends_in_a_showdown_with_the_winner_highlighted(
    make_app: MakeApp,
) -> None:
    async with poker_table(make_app) as (app, pilot):
        await to_the_draw(pilot)
        await pilot.press("4", "5", "enter")
        view = await to_the_end_of_the_hand(pilot)
        result = view.result
        assert result is not None and not result.by_fold
        winners = {award.seat for award in result.awards if award.pot != "returned"}
        for item in result.shown:
            if item.seat == 0:
                assert [card.card for card in my_cards(app)] == list(item.cards)
                assert str(table(app).query_one("#hand-text", Static).content) == item.text
                continue
            panel = table(app).query_one(f"#seat-{item.seat}", SeatPanel)
            faces = [card.card for card in panel.query(CardView) if card.display]
            assert faces == list(item.cards)
            assert panel.has_class("-winner") is (item.seat in winners)
        assert table(app).query_one("#you").has_class("-winner") is (0 in winners)
        assert result_text(view) in message(app)
        assert result_text(view) + "." in history(app)


async def test_n_deals_the_next_hand_and_the_chips_carry_over(make_app: MakeApp) -> None:
    async with poker_table(make_app) as (app, pilot):
        first = await to_the_end_of_the_hand(pilot)
        await pilot.press("n")
        second = table(app).view
        assert second.hand_number == first.hand_number + 1
        assert second.button != first.button
        assert second.seats[0].put_in > 0, "everyone antes"
        assert second.seats[0].chips + second.seats[0].put_in == first.seats[0].chips


async def test_the_end_screen_offers_play_again_and_the_menu(make_app: MakeApp) -> None:
    app = make_app("poker", cpus=1, seed=3, chips=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_end(pilot)
        assert isinstance(app.screen, EndScreen)
        await pilot.click("#choice-again")
        assert table(app).view.hand_number == 1
        assert all(seat.chips + seat.put_in == 3 for seat in table(app).view.seats)


async def test_at_the_raise_cap_no_raise_button_is_shown(make_app: MakeApp) -> None:
    """Item 27: a capped round shows Call and Fold, not a dimmed "Raise to 10"."""
    app = make_app("poker", cpus=3, seed=CAP_SEED)
    async with started(app, (120, 40)) as pilot:
        for _ in range(10):
            view = table(app).view
            if view.to_call and view.raises_left == 0:
                break
            await pilot.press("b")
        assert view.my_turn and view.phase is Phase.FIRST_BETTING
        assert view.to_call and view.raises_left == 0, "the round is capped"
        assert not table(app).query_one("#act-b", Button).display
        labels = [str(button.label) for button in table(app).query(Button)
                  if button.display and button.parent is not None and button.parent.display]
        assert not any(label.startswith("Raise") for label in labels)
        assert f"Call {view.to_call}" in labels and "Fold" in labels
        await pilot.press("b")
        assert "capped" in message(app)
        assert table(app).view == view


@pytest.mark.parametrize(("seed", "title"), [(0, "You are out of chips"),
                                            (END_SEED, "You win the game!")])
async def test_the_end_screen_labels_its_keys_and_gives_the_standings(
    make_app: MakeApp, seed: int, title: str
) -> None:
    """Items 26 and 27: each player's final chips and place, said once; keys 1 and 2 shown."""
    app = make_app("poker", cpus=2, seed=seed, chips=3)
    async with started(app, (80, 24)) as pilot:
        poker = table(app)
        await play_to_the_end(pilot)
        view = poker.view
        assert isinstance(app.screen, EndScreen)
        text = str(app.screen.query_one("#dialog-text", Static).content)
        assert app.screen.title_text == title
        assert "out of chips" not in text and "wins the game" not in text
        places = [line for line in text.splitlines() if line[:1].isdigit() and ". " in line]
        assert len(places) == 3
        for seat in view.seats:
            assert any(f"{seat.name}: {seat.chips} chip" in line for line in places)
        leader = max(view.seats, key=lambda seat: seat.chips)
        assert places[0] == f"1. {leader.name}: {leader.chips} chips"
        labels = [str(button.label) for button in app.screen.query(Button)]
        assert labels == ["1 Play again", "2 Menu"]
        await pilot.press("2")
        assert isinstance(app.screen, MenuScreen)


async def test_q_leaves_the_table_for_the_menu(make_app: MakeApp) -> None:
    app = make_app("poker", cpus=2, seed=TO_CALL_FIRST)
    async with started(app, (80, 24)) as pilot:
        await pilot.press("q")
        assert isinstance(app.screen, MenuScreen)


async def test_junk_keys_and_a_tiny_terminal_change_nothing(make_app: MakeApp) -> None:
    app = make_app("poker", cpus=5, seed=TO_CALL_FIRST)
    async with started(app, (80, 24)) as pilot:
        before = table(app).view
        await pilot.press("n")
        assert "Finish this hand first" in message(app)
        await pilot.press("x", "9", "0", "z", "6", "tab", "tab", "left", "home", "end")
        await pilot.resize_terminal(20, 8)
        await pilot.pause()
        await pilot.resize_terminal(120, 40)
        while not isinstance(app.screen, PokerScreen):  # the too-small screen goes once the
            await pilot.pause(0.05)                     # size has settled
        assert table(app).view == before


async def test_with_a_pause_the_cpus_act_one_by_one_and_play_the_same_game(
    make_app: MakeApp, tmp_path: Path
) -> None:
    """The real pacing: each CPU thinks in a worker and shows its move after ``cpu_delay``."""
    paced = TableauApp(
        "poker", cpu_delay=1.0, cursor_blink=False, animations=False, folder=tmp_path,
        cpus=3, seed=TO_CALL_FIRST,
    )
    async with paced.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.05)  # well inside the first CPU's pause
        start = table(paced).view
        assert not start.my_turn
        thinking = [panel for panel in table(paced).query(SeatPanel) if panel.has_class("-to-act")]
        assert [panel.seat for panel in thinking] == [start.to_move]
        for _ in range(300):
            if table(paced).view.my_turn:
                break
            await pilot.pause(0.05)
        paced_view = table(paced).view
    instant = make_app("poker", cpus=3, seed=TO_CALL_FIRST)
    async with started(instant, (80, 24)) as pilot:
        assert paced_view.my_turn
        assert paced_view.history == table(instant).view.history
