"""The Poker table through Pilot: marking discards by key and click, betting, advice, a whole
hand to the showdown, the next hand, the end of a game, and keys that are not allowed now.

Neighbouring checks share one app start: each flow test plays on as a player would and checks
each step as it is shown (its docstring lists what it holds). The rules behind the keys are
checked without a screen in tests/ui/test_poker_controls.py and tests/sessions/.

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
from ui_helpers import until

from tableau.cards import Rank
from tableau.engines.poker import CALL
from tableau.engines.poker import CHECK
from tableau.engines.poker import FOLD
from tableau.engines.poker import Phase
from tableau.engines.poker import View
from tableau.engines.poker.wording import result_text
from tableau.sessions.poker import PokerSession
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


# ------------------------------------------------------------------ the deal and the betting


async def test_the_deal_the_betting_buttons_and_keys_not_allowed_yet(make_app: MakeApp) -> None:
    """At the deal: your cards face up and only backs of the CPUs; the CPUs left of the button
    act first and are logged; the Call and Fold buttons and footer keys follow the legal moves;
    n, junk keys, a too-small terminal, marks and Enter before the draw change nothing (n and
    the marks say why); b raises and f folds."""
    async with poker_table(make_app) as (app, pilot):
        view = table(app).view
        # the table shows your cards and only backs of the CPUs
        assert [card.card for card in my_cards(app)] == list(view.hand)
        assert len(list(table(app).query(SeatPanel))) == 3
        for panel in table(app).query(SeatPanel):
            shown = [card for card in panel.query(CardView) if card.display]
            assert len(shown) == view.seats[panel.seat].card_count
            assert all(card.card is None and not card.face_up for card in shown)
        # the CPUs act before you and their actions are logged
        assert view.my_turn and view.to_call > 0
        cpu_lines = [line for line in history(app) if line.startswith(("Bram", "Cato", "Dirk"))]
        assert cpu_lines, "the CPUs left of the button act before you"
        assert "to call" in message(app)
        # the betting buttons follow the legal moves
        call = table(app).query_one("#act-c", Button)
        fold = table(app).query_one("#act-f", Button)
        assert str(call.label) == f"Call {view.to_call}"
        assert call.disabled is (CALL not in view.legal)
        assert fold.disabled is (FOLD not in view.legal)
        assert not call.disabled
        assert {"c", "f"} <= set(table(app).active_bindings)
        # junk keys and a tiny terminal change nothing; n says the hand goes on
        await pilot.press("n")
        assert "Finish this hand first" in message(app)
        await pilot.press("x", "9", "0", "z", "6", "tab", "tab", "left", "home", "end")
        await pilot.resize_terminal(20, 8)
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        while not isinstance(app.screen, PokerScreen):  # the too-small screen goes once the
            await pilot.pause()                         # size has settled
        assert table(app).view == view
        # marking before the draw explains when it is allowed
        for key in ("1", "space"):
            await pilot.press(key)
            assert marked(app) == []
            assert "during the draw" in message(app)
        await pilot.press("enter")
        assert "c to check or call" in message(app)
        assert table(app).view == view
        # (? opens the help on a game's table: test_yukon_flows.py's clock test; Poker's
        # own help: test_app.py's burst of resizes. The keys still answer: b and f below.)
        # b raises and f folds
        await pilot.press("b")
        assert f"You raise to {view.current_bet + view.bet_size}." in history(app)
        for _ in range(6):
            now = table(app).view
            if not now.seats[0].in_hand or not now.my_turn:
                break
            await pilot.press("f")
        assert "You fold." in history(app)
        assert table(app).view.seats[0].folded
        assert "folded" in str(table(app).query_one("#hand-text", Static).content)


async def test_fold_with_nothing_to_call_is_refused_and_the_button_checks(
    make_app: MakeApp,
) -> None:
    """With nothing to call, Fold is greyed and f gives the engine's sentence and changes
    nothing; clicking the Check button checks."""
    async with poker_table(make_app, NOTHING_TO_CALL) as (app, pilot):
        before = table(app).view
        assert FOLD not in before.legal and CHECK in before.legal
        assert table(app).query_one("#act-f", Button).disabled
        await pilot.press("f")
        assert "no bet to fold" in message(app)
        assert table(app).query_one("#message", MessageLine).has_class("-error")
        assert table(app).view == before
        assert str(table(app).query_one("#act-c", Button).label) == "Check"
        await pilot.click("#act-c")
        assert "You check." in history(app)


# ------------------------------------------------------------------ the draw and a whole hand


async def test_a_whole_hand_marking_by_key_space_and_click_advice_showdown_and_next_hand(
    make_app: MakeApp,
) -> None:
    """One hand played by keys and clicks, each step as shown: c calls the bet in front of
    you; at the draw space marks the card under the cursor, number keys mark and unmark (a
    marked card lifts, the Draw button counts), a click marks and a second unmarks; a fourth
    mark without an ace is refused; a asks for advice and marks the CPU's discard, with the
    reason wrapped whole on the message line; Enter throws the marked cards away and draws new
    ones (advice then says it is about the draw); the showdown shows every hand shown and
    highlights the winners; n deals the next hand and the chips carry over."""
    async with poker_table(make_app) as (app, pilot):
        to_call = table(app).view.to_call
        await pilot.press("c")
        assert f"You call {to_call}." in history(app)
        view = await to_the_draw(pilot)
        assert not any(card.rank is Rank.ACE for card in view.hand)
        # space marks the card under the cursor
        await pilot.press("right", "right", "space")
        assert marked(app) == [2]
        await pilot.press("3")
        assert marked(app) == []
        # number keys mark cards and they lift
        await pilot.press("2", "5")
        assert marked(app) == [1, 4]
        lifted, resting = my_cards(app)[1], my_cards(app)[0]
        assert lifted.region.y < resting.region.y
        assert str(table(app).query_one("#act-draw", Button).label) == "Draw 2"
        await pilot.press("2")
        assert marked(app) == [4]
        await pilot.press("5")
        assert marked(app) == []
        # clicking a card marks it and clicking again unmarks it
        await pilot.click(my_cards(app)[2])
        assert marked(app) == [2]
        await pilot.click(my_cards(app)[2])
        assert marked(app) == []
        # a fourth mark without an ace is refused
        await pilot.press("1", "2", "3", "4")
        assert marked(app) == [0, 1, 2]
        assert "at most 3" in message(app)
        # advice marks the discard the CPU would choose, its reason wrapped, not cut
        advice = table(app).session.advice()
        await press(pilot, "a")
        assert {view.hand[index] for index in marked(app)} == set(advice.discard)
        assert message(app).startswith("Advice:")
        assert advice.why in message(app)
        line = app.screen.query_one("#message")
        assert len(message(app)) > line.size.width  # the sentence is longer than a line
        assert line.size.height * line.size.width >= len(message(app))
        # Enter throws the marked cards away and draws new ones
        await pilot.press(*(str(index + 1) for index in marked(app) if index not in (3, 4)))
        await pilot.press(*(str(index + 1) for index in (3, 4) if index not in marked(app)))
        assert marked(app) == [3, 4]
        thrown = {view.hand[3], view.hand[4]}
        await pilot.press("enter")
        after = table(app).view
        assert after.seats[0].drew == 2
        assert len(after.hand) == 5 and not thrown & set(after.hand)
        assert "You draw 2." in history(app)
        assert "You threw away" in message(app) and "Advice" not in message(app)
        await pilot.press("a")
        assert "Advice is about the draw" in message(app)
        # the hand ends in a showdown with the winner highlighted
        first = await to_the_end_of_the_hand(pilot)
        result = first.result
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
        assert result_text(first) in message(app)
        assert result_text(first) + "." in history(app)
        # n deals the next hand and the chips carry over
        await pilot.press("n")
        second = table(app).view
        assert second.hand_number == first.hand_number + 1
        assert second.button != first.button
        assert second.seats[0].put_in > 0, "everyone antes"
        assert second.seats[0].chips + second.seats[0].put_in == first.seats[0].chips


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


async def test_a_long_hand_description_shows_whole_and_q_leaves_for_the_menu(
    make_app: MakeApp,
) -> None:
    """At 80x24 a three-line hand description is shown whole; before you have acted, q leaves
    the table for the menu at once."""
    async with poker_table(make_app, LONG_DESCRIPTION) as (app, pilot):
        text = table(app).query_one("#hand-text", Static)
        assert len(table(app).view.hand_text) > 100
        needed = text.get_content_height(text.size, app.size, text.size.width)
        assert needed == 3
        assert text.size.height == needed
        await pilot.press("q")
        assert isinstance(app.screen, MenuScreen)


# ------------------------------------------------------------------ the raise cap and the end


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


@pytest.mark.parametrize(("seed", "title", "won"), [(0, "You are out of chips", False),
                                                   (END_SEED, "You win the game!", True)])
async def test_the_end_screen_labels_its_keys_gives_the_standings_and_the_record(
    make_app: MakeApp, seed: int, title: str, won: bool,
) -> None:
    """Items 26 and 27: each player's final chips and place, said once; keys 1 and 2 shown;
    2 goes to the menu, Play again deals a new game with the same stacks. The finished game is
    one record in the statistics with its hands, pots and chips, and no autosave is left."""
    app = make_app("poker", cpus=2, seed=seed, chips=3, persist=True)
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
        # a finished game is one record with its hands, pots and chips
        session = poker.session
        assert session.is_over() and session.hands > (1 if won else 0)
        # the screen keeps the game's end once its frame is painted
        await until(pilot, lambda: app.runtime.store.finished("poker") != [], "the record")
        [record] = app.runtime.store.finished("poker")
        assert (session.view(0).winner == 0) is won
        assert record.result == ("won" if won else "lost")
        assert (record.game, record.variant, record.seed) == ("poker", "draw", seed)
        assert dict(record.config) == {"cpus": 2, "chips": 3}
        assert dict(record.details) == {
            "hands": session.state.hand_number, "hands_won": session.hands_won,
            "biggest_pot": session.biggest_pot, "chips": 6 if won else -3}
        assert record.moves == session.your_moves > 0
        assert app.runtime.store.saved("poker") is None
        if won:
            await pilot.click("#choice-again")
            assert table(app).view.hand_number == 1
            assert all(seat.chips + seat.put_in == 3 for seat in table(app).view.seats)
        else:
            await pilot.press("2")
            assert isinstance(app.screen, MenuScreen)


async def test_with_a_pause_the_cpus_act_one_by_one_and_play_the_same_game(
    tmp_path: Path,
) -> None:
    """The real pacing: each CPU thinks in a worker and shows its move after ``cpu_delay``;
    the paced CPUs reach your turn by the same moves as at once, without a screen."""
    paced = TableauApp(
        "poker", cpu_delay=3600.0, cursor_blink=False, animations=False, folder=tmp_path,
        cpus=3, seed=TO_CALL_FIRST,
    )
    async with paced.run_test(size=(80, 24)) as pilot:
        await pilot.pause()  # the first CPU's pause lasts an hour: it is thinking
        start = table(paced).view
        assert not start.my_turn
        thinking = [panel for panel in table(paced).query(SeatPanel) if panel.has_class("-to-act")]
        assert [panel.seat for panel in thinking] == [start.to_move]
        paced.runtime.cpu_delay = 0.05  # then a short pause each, as they take their turns
        table(paced).stop_cpu()
        table(paced).after_move()
        await until(pilot, lambda: table(paced).view.my_turn, "your turn after the CPUs'")
        paced_view = table(paced).view
    instant = PokerSession.table(cpus=3, seed=TO_CALL_FIRST)
    while (step := instant.cpu_step()) is not None:
        assert instant.play_cpu(step).ok
    assert paced_view.my_turn and instant.view(0).my_turn
    assert paced_view.history == instant.view(0).history
