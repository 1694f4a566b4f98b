"""Go Fish table: asking by key and by click, choosing an opponent, hidden cards, the end.

Neighbouring checks share one app start: each flow test checks each step as a player sees it
(its docstring lists what it holds). A game that must reach its end starts from a session
played near its end through the public session API; the rules and words themselves are
checked without a screen in tests/sessions/test_gofish_session.py and test_gofish_flow.py."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from textual.widgets import Static
from ui_helpers import click
from ui_helpers import press
from ui_helpers import started

from tableau.cards import Card
from tableau.sessions.gofish import YOU
from tableau.sessions.gofish import GoFishSession
from tableau.sessions.gofish import against_cpus
from tableau.ui.app import TableauApp
from tableau.ui.scenes.gofish import MAX_ASKS
from tableau.ui.scenes.gofish import asked
from tableau.ui.scenes.gofish import game_over
from tableau.ui.screens.dialogs import ConfirmScreen
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.screens.gofish import GoFishHand
from tableau.ui.screens.gofish import GoFishScreen
from tableau.ui.screens.menu import MenuScreen
from tableau.ui.widgets.card import CardView
from tableau.ui.widgets.command_bar import MessageLine
from tableau.ui.widgets.history import HistoryPanel
from tableau.ui.widgets.pile import StackPile

MakeApp = Callable[..., TableauApp]
SIZE = (80, 24)
HIDDEN_DRAW = re.compile(r"draws the (?!.*the rank asked for)")
"""A sentence naming a drawn card other than the rank asked for ("CPU 2 draws the 7♣")."""


def table(app: TableauApp) -> GoFishScreen:
    screen = app.screen
    assert isinstance(screen, GoFishScreen)
    return screen


def history(app: TableauApp) -> tuple[str, ...]:
    return app.screen.query_one(HistoryPanel).entries


def my_asks(app: TableauApp) -> list[str]:
    return [line for line in history(app) if line.startswith("You ask ")]


def hand_cards(app: TableauApp) -> list[Card]:
    cards = [view.card for view in app.screen.query_one(GoFishHand).query(CardView)]
    assert all(isinstance(card, Card) for card in cards)
    return [card for card in cards if isinstance(card, Card)]


def words(card: Card) -> str:
    from tableau.engines.gofish import rank_words

    return rank_words(card.rank)


def message(app: TableauApp) -> str:
    return str(app.screen.query_one(MessageLine).content)


def prompt(app: TableauApp) -> str:
    return str(app.screen.query_one("#you").border_subtitle)


def near_the_end(seed: int, cpus: int, books: int = 7) -> GoFishSession:
    """A game dealt from ``seed``, played through the session (your first legal ask each
    turn) until ``books`` books are down, at your turn: a few asks from its end."""
    session = against_cpus(cpus, "pro", seed)
    while True:
        while (step := session.cpu_step()) is not None:
            assert session.play_cpu(step).ok
        assert session.outcome() is None, "the game ended before the books were down"
        if sum(len(down) for down in session.state.books) >= books:
            return session
        assert session.act(YOU, session.moves(YOU)[0]).ok


async def test_the_table_at_the_deal_and_keys_that_ask_nothing(make_app: MakeApp) -> None:
    """Started directly, the first card is highlighted before any key; a rank you do not hold
    is refused with a message; with one opponent the arrows say there is no one else; junk
    keys change nothing; n before the first ask deals again without a question; then a rank
    key chooses the card and Enter asks for its rank, a click on a card asks for its rank and
    a double click asks once; q in a game under way asks before leaving (stay, then leave)."""
    app = make_app("gofish", seed=11, cpus=1)
    async with started(app, SIZE) as pilot:
        views = list(app.screen.query_one(GoFishHand).query(CardView))
        assert [view.has_class("-highlight") for view in views] == [True] + [False] * 6
        # a rank you do not hold is refused with a message
        held = {card.rank.letter for card in hand_cards(app)}
        missing = next(key for key, letter in
                       (("a", "A"), ("2", "2"), ("3", "3"), ("4", "4"), ("5", "5"),
                        ("6", "6"), ("7", "7"), ("8", "8"), ("9", "9"), ("t", "T"),
                        ("j", "J"), ("Q", "Q"), ("k", "K"))
                       if letter not in held)
        before = history(app)
        await pilot.press(missing)
        assert "You hold no" in message(app)
        assert app.screen.query_one(MessageLine).has_class("-error")
        assert history(app) == before
        # with one opponent the arrows say there is no one else
        await pilot.press("down")
        assert "only player you can ask" in message(app)
        assert "ask CPU 1" in prompt(app)
        # junk keys change nothing
        cards = hand_cards(app)
        await press(pilot, "x", "z", "exclamation_mark", "1", "escape", "ctrl+x", "y", "m")
        assert (history(app), hand_cards(app)) == (before, cards)
        screen = table(app)
        # n before the first ask deals again without a question
        dealt = screen.session.state
        await press(pilot, "n")
        assert app.screen is screen and screen.session.state != dealt
        # a rank key chooses the card and Enter asks for its rank
        last = hand_cards(app)[-1]
        key = {"A": "a", "T": "t", "J": "j", "Q": "Q", "K": "k"}.get(
            last.rank.letter, last.rank.letter)
        await pilot.press(key)
        assert f"for {words(last)}" in prompt(app)
        await press(pilot, "enter")
        assert my_asks(app)[0].startswith(f"You ask CPU 1 for {words(last)} — ")
        # clicking a card asks for its rank
        views = list(app.screen.query_one(GoFishHand).query(CardView))
        chosen = views[2].card
        assert isinstance(chosen, Card)
        await click(pilot, views[2])
        assert len(my_asks(app)) == 2
        assert my_asks(app)[1].startswith(f"You ask CPU 1 for {words(chosen)} — ")
        # a double click on a card asks once
        views = list(app.screen.query_one(GoFishHand).query(CardView))
        await pilot.double_click(views[2])
        await pilot.pause()
        assert len(my_asks(app)) == 3
        # q in a game under way asks before leaving
        await press(pilot, "q")
        await click(pilot, "#choice-stay")
        assert app.screen is screen
        await press(pilot, "q")
        await click(pilot, "#choice-leave")
        assert isinstance(app.screen, MenuScreen)


async def test_the_arrows_tab_and_a_click_choose_whom_to_ask(make_app: MakeApp) -> None:
    """With three CPUs the arrows and tab step round the opponents and Enter asks the one
    chosen (the hand keeps the focus); a click on an opponent chooses them."""
    app = make_app("gofish", seed=11, cpus=3)
    async with started(app, SIZE) as pilot:
        assert "ask CPU 1" in prompt(app)
        await pilot.press("down")
        assert "ask CPU 2" in prompt(app)
        await pilot.press("tab")
        assert "ask CPU 3" in prompt(app)
        await pilot.press("tab")
        assert "ask CPU 1" in prompt(app)
        await pilot.press("up")
        assert "ask CPU 3" in prompt(app)
        await press(pilot, "enter")
        assert my_asks(app)[0].startswith("You ask CPU 3 for ")
        assert app.focused is app.screen.query_one(GoFishHand)
        # clicking an opponent chooses them
        assert prompt(app).startswith("Your turn"), "the CPUs have played back to you"
        await click(pilot, "#hand-2")
        assert "ask CPU 2" in prompt(app)
        assert app.screen.query_one("#seat-2").has_class("-chosen")
        await press(pilot, "enter")
        assert my_asks(app)[-1].startswith("You ask CPU 2 for ")


async def test_n_asks_first_in_a_game_under_way_then_deals_again_and_q_leaves(
    make_app: MakeApp,
) -> None:
    """The hand is sorted by rank and the CPUs show only counts; in a game under way n asks
    first and n or Escape keeps the game, y deals again; with nothing at stake q goes back to
    the menu at once, and the menu lists Go Fish."""
    app = make_app("gofish", seed=5, cpus=2)
    async with started(app, SIZE) as pilot:
        cards = hand_cards(app)
        assert [card.rank for card in cards] == sorted(card.rank for card in cards)
        for seat in (1, 2):
            backs = app.screen.query(f"#seat-{seat} CardView")
            assert not backs  # the CPU hands are piles of backs, never card views
            assert app.screen.query_one(f"#hand-{seat}", StackPile).count == 7
        books = str(app.screen.query_one("#books-1", Static).content)
        assert books == "No books" or books.startswith("Books: ")
        await asked(pilot, 3)  # as Enter asks, drawn once
        mine = my_asks(app)
        assert len(mine) == 3
        for keep in ("n", "escape"):
            await press(pilot, "n")
            assert isinstance(app.screen, ConfirmScreen)
            await press(pilot, keep)
            assert my_asks(app) == mine
        await press(pilot, "n")
        await press(pilot, "y")
        assert not my_asks(app)
        await press(pilot, "q")
        assert isinstance(app.screen, MenuScreen)
        from tableau.registry import find_game

        assert find_game("gofish") is not None


async def test_the_end_of_a_game_never_shows_a_cpus_hidden_card_and_its_buttons_work(
    make_app: MakeApp,
) -> None:
    """The last asks of a game by Enter: no message and no history line (the whole game's)
    names a card a CPU drew unseen; the end screen gives the books; Play again deals anew;
    at the end of that game the Menu button goes to the menu."""
    app = make_app("gofish", session=near_the_end(5, 2))
    async with started(app, SIZE) as pilot:
        screen = table(app)
        entries = len(screen.query_one(HistoryPanel).entries)
        for _ in range(MAX_ASKS):
            if game_over(pilot):
                break
            await press(pilot, "enter")
            assert not HIDDEN_DRAW.search(str(screen.query_one(MessageLine).content))
        assert game_over(pilot)
        whole = screen.query_one(HistoryPanel).entries
        assert len(whole) > entries and whole[0].endswith("cards dealt to each of 3 players.")
        assert not any(HIDDEN_DRAW.search(line) for line in whole)
        end = app.screen
        assert isinstance(end, EndScreen)
        assert "books" in end.text
        await click(pilot, "#choice-again")
        assert app.screen is screen
        assert screen.query_one(HistoryPanel).entries[0].endswith("cards dealt to each of 3 "
                                                                  "players.")
        assert len(screen.query_one(HistoryPanel).entries) <= 3
        # the end screen's Menu button goes to the menu
        await asked(pilot, MAX_ASKS)  # the next game, as Enter plays it, drawn once
        assert game_over(pilot)
        await click(pilot, "#choice-menu")
        assert isinstance(app.screen, MenuScreen)


async def test_cpu_turns_wait_for_the_cpu_delay_and_your_keys_wait_too(tmp_path: Path) -> None:
    # An hour's delay, so the CPU's turn is certainly still pending when we look.
    app = TableauApp("gofish", clock=lambda: 0.0, cpu_delay=3600.0, cursor_blink=False,
                     animations=False, folder=tmp_path, seed=11, cpus=1)
    async with started(app, SIZE) as pilot:
        for _ in range(20):
            if not prompt(app).startswith("Your turn"):
                break
            await press(pilot, "enter")
        assert prompt(app) == "CPU 1 is playing…"
        assert not history(app)[-1].startswith("CPU 1 asks")
        before = history(app)
        await press(pilot, "enter")
        assert "Wait: it is CPU 1's turn." in message(app)
        assert history(app) == before
