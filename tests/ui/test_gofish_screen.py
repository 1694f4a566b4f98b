"""Go Fish table: asking by key and by click, choosing an opponent, hidden cards, the end."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from textual.widgets import Static
from ui_helpers import click
from ui_helpers import press
from ui_helpers import started

from tableau.cards import Card
from tableau.ui.app import TableauApp
from tableau.ui.scenes.gofish import MAX_ASKS
from tableau.ui.scenes.gofish import ask_with_enter
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
"""2 CPUs, Enter for every ask: you end the game with exactly one book."""


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


async def test_the_hand_is_sorted_by_rank_and_the_cpus_show_only_counts(
    make_app: MakeApp,
) -> None:
    app = make_app("gofish", seed=11, cpus=2)
    async with started(app, SIZE):
        cards = hand_cards(app)
        assert [card.rank for card in cards] == sorted(card.rank for card in cards)
        for seat in (1, 2):
            backs = app.screen.query(f"#seat-{seat} CardView")
            assert not backs  # the CPU hands are piles of backs, never card views
            assert app.screen.query_one(f"#hand-{seat}", StackPile).count == 7
        books = str(app.screen.query_one("#books-1", Static).content)
        assert books == "No books" or books.startswith("Books: ")


async def test_a_rank_key_chooses_the_card_and_enter_asks_for_its_rank(
    make_app: MakeApp,
) -> None:
    app = make_app("gofish", seed=11, cpus=1)
    async with started(app, SIZE) as pilot:
        last = hand_cards(app)[-1]
        key = {"A": "a", "T": "t", "J": "j", "Q": "Q", "K": "k"}.get(
            last.rank.letter, last.rank.letter)
        await pilot.press(key)
        assert f"for {words(last)}" in prompt(app)
        await press(pilot, "enter")
        assert my_asks(app)[0].startswith(f"You ask CPU 1 for {words(last)} — ")


async def test_clicking_a_card_asks_for_its_rank(make_app: MakeApp) -> None:
    app = make_app("gofish", seed=11, cpus=1)
    async with started(app, SIZE) as pilot:
        views = list(app.screen.query_one(GoFishHand).query(CardView))
        chosen = views[2].card
        assert isinstance(chosen, Card)
        await click(pilot, views[2])
        assert my_asks(app)[0].startswith(f"You ask CPU 1 for {words(chosen)} — ")


async def test_the_arrows_and_tab_choose_whom_to_ask(make_app: MakeApp) -> None:
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


async def test_clicking_an_opponent_chooses_them(make_app: MakeApp) -> None:
    app = make_app("gofish", seed=11, cpus=3)
    async with started(app, SIZE) as pilot:
        await click(pilot, "#hand-2")
        assert "ask CPU 2" in prompt(app)
        assert app.screen.query_one("#seat-2").has_class("-chosen")
        await press(pilot, "enter")
        assert my_asks(app)[0].startswith("You ask CPU 2 for ")


async def test_a_rank_you_do_not_hold_is_refused_with_a_message(make_app: MakeApp) -> None:
    app = make_app("gofish", seed=11, cpus=1)
    async with started(app, SIZE) as pilot:
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


async def test_with_one_opponent_the_arrows_say_there_is_no_one_else(
    make_app: MakeApp,
) -> None:
    app = make_app("gofish", seed=11, cpus=1)
    async with started(app, SIZE) as pilot:
        await pilot.press("down")
        assert "only player you can ask" in message(app)
        assert "ask CPU 1" in prompt(app)


async def test_junk_keys_change_nothing(make_app: MakeApp) -> None:
    app = make_app("gofish", seed=11, cpus=2)
    async with started(app, SIZE) as pilot:
        before = (history(app), hand_cards(app))
        await press(pilot, "x", "z", "exclamation_mark", "1", "escape", "ctrl+x", "y", "m")
        assert (history(app), hand_cards(app)) == before
        assert isinstance(app.screen, GoFishScreen)


async def test_a_whole_game_never_shows_a_cpus_hidden_card_and_ends_on_the_end_screen(
    make_app: MakeApp,
) -> None:
    app = make_app("gofish", seed=5, cpus=2)
    async with started(app, SIZE) as pilot:
        screen = table(app)
        # "CPU 2 draws the 7♣" would name a hidden card; only the asked rank is shown.
        hidden_draw = re.compile(r"draws the (?!.*the rank asked for)")
        for _ in range(MAX_ASKS):
            if game_over(pilot):
                break
            await press(pilot, "enter")
            assert not hidden_draw.search(str(screen.query_one(MessageLine).content))
        assert game_over(pilot)
        assert not any(hidden_draw.search(line) for line in screen.query_one(HistoryPanel).entries)
        end = app.screen
        assert isinstance(end, EndScreen)
        assert "books" in end.text
        await click(pilot, "#choice-again")
        assert app.screen is screen
        assert screen.query_one(HistoryPanel).entries[0].endswith("cards dealt to each of 3 "
                                                                  "players.")
        assert len(screen.query_one(HistoryPanel).entries) <= 3


async def test_the_end_screen_menu_button_goes_to_the_menu(make_app: MakeApp) -> None:
    app = make_app("gofish", seed=11, cpus=2)
    async with app.run_test(size=SIZE) as pilot:
        await ask_with_enter(pilot, MAX_ASKS)
        assert game_over(pilot)
        await click(pilot, "#choice-menu")
        assert isinstance(app.screen, MenuScreen)


async def test_q_goes_back_to_the_menu_and_the_menu_lists_go_fish(make_app: MakeApp) -> None:
    app = make_app("gofish", seed=5, cpus=1)
    async with started(app, SIZE) as pilot:
        await press(pilot, "q")
        assert isinstance(app.screen, MenuScreen)
        from tableau.registry import find_game

        assert find_game("gofish") is not None


async def test_new_game_key_deals_again(make_app: MakeApp) -> None:
    app = make_app("gofish", seed=5, cpus=1)
    async with app.run_test(size=SIZE) as pilot:
        await ask_with_enter(pilot, 3)
        assert my_asks(app)
        await press(pilot, "n")
        await press(pilot, "y")
        assert not my_asks(app)


async def test_n_in_a_game_under_way_asks_first_and_n_or_escape_keeps_the_game(
    make_app: MakeApp,
) -> None:
    app = make_app("gofish", seed=5, cpus=1)
    async with app.run_test(size=SIZE) as pilot:
        await ask_with_enter(pilot, 3)
        asked = my_asks(app)
        for keep in ("n", "escape"):
            await press(pilot, "n")
            assert isinstance(app.screen, ConfirmScreen)
            await press(pilot, keep)
            assert my_asks(app) == asked


async def test_n_before_the_first_ask_deals_again_without_a_question(make_app: MakeApp) -> None:
    app = make_app("gofish", seed=5, cpus=1)
    async with started(app, SIZE) as pilot:
        before = table(app).session.state
        await press(pilot, "n")
        assert table(app).session.state != before


async def test_started_directly_the_first_card_is_highlighted_before_any_key(
    make_app: MakeApp,
) -> None:
    app = make_app("gofish", seed=11, cpus=1)
    async with started(app, SIZE):
        views = list(app.screen.query_one(GoFishHand).query(CardView))
        assert [view.has_class("-highlight") for view in views] == [True] + [False] * 6


async def test_a_double_click_on_a_card_asks_once(make_app: MakeApp) -> None:
    app = make_app("gofish", seed=11, cpus=1)
    async with started(app, SIZE) as pilot:
        views = list(app.screen.query_one(GoFishHand).query(CardView))
        await pilot.double_click(views[2])
        await pilot.pause()
        assert len(my_asks(app)) == 1


async def test_cpu_turns_wait_for_the_cpu_delay_and_your_keys_wait_too(tmp_path: Path) -> None:
    # A long delay, so the CPU's turn is certainly still pending when we look.
    app = TableauApp("gofish", clock=lambda: 0.0, cpu_delay=100.0, cursor_blink=False,
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


async def test_q_in_a_game_under_way_asks_before_leaving(make_app: MakeApp) -> None:
    app = make_app("gofish", seed=11, cpus=1)
    async with app.run_test(size=SIZE) as pilot:
        await ask_with_enter(pilot, 2)
        screen = table(app)
        await press(pilot, "q")
        await click(pilot, "#choice-stay")
        assert app.screen is screen
        await press(pilot, "q")
        await click(pilot, "#choice-leave")
        assert isinstance(app.screen, MenuScreen)
