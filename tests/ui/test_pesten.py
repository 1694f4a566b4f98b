"""Pesten at one terminal: locks, reveals, plays and hand-offs, driven like a player would."""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import AsyncIterator
from collections.abc import Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest
from textual.app import App
from textual.app import ComposeResult
from textual.containers import Grid
from textual.pilot import Pilot
from textual.widgets import Button
from textual.widgets import Input
from textual.widgets import Static
from ui_helpers import click
from ui_helpers import cpus_played
from ui_helpers import press
from ui_helpers import screen_text
from ui_helpers import started
from ui_helpers import type_password
from ui_helpers import until

from tableau.cards import JOKER
from tableau.cards import Suit
from tableau.cards import parse_any_card
from tableau.engines import pesten as engine
from tableau.engines.pesten.wording import describe
from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Seat
from tableau.storage.passwords import PasswordScheme
from tableau.ui.app import TableauApp
from tableau.ui.scenes.pesten import BIG_HAND
from tableau.ui.scenes.pesten import PASSWORDS
from tableau.ui.scenes.pesten import arranged_table
from tableau.ui.scenes.pesten import quick_scheme
from tableau.ui.scenes.pesten import select
from tableau.ui.scenes.pesten import unlock
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.screens.dialogs import SuitChooser
from tableau.ui.screens.pesten import PestenScreen
from tableau.ui.widgets.card import CardView
from tableau.ui.widgets.people_form import PeopleForm
from tableau.ui.widgets.pesten_hand import PestenHand
from tableau.ui.widgets.pile import StackPile

MakeApp = Callable[..., TableauApp]
SIZE = (80, 24)

# 7♦ on the pile; Anna holds three sevens, a jack and some cards that do not fit.
ANNA = "3H 7H 7C 7S JD 9S QH"
BRAM = "2C 5D 8D KS 4H 6C TC"
COR = "AS 3C 4C 9D TD QD KH"


# ------------------------------------------------------------------ helpers


async def drawn_whole(pilot: Pilot[Any]) -> str:
    """The screen once its footer is drawn whole: the footer draws its last key (the palette's)
    a frame or more after the screen, later still on a loaded machine."""
    await until(pilot, lambda: "^p palette" in screen_text(pilot.app), "the footer's palette key")
    return screen_text(pilot.app)


def table_screen(app: TableauApp) -> PestenScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, PestenScreen):
            return screen
    raise AssertionError(f"no Pesten table on the screen stack: {app.screen_stack}")


def shown_hand(app: TableauApp) -> list[str]:
    hand = table_screen(app).query_one("#cards", PestenHand)
    return [str(shown.card) for shown in hand.cards]


def lock_title(app: TableauApp) -> str:
    return str(table_screen(app).query_one("#lock-title", Static).render())


def message(app: TableauApp) -> str:
    return shown_text(app, "#message")


def shown_text(app: TableauApp, selector: str) -> str:
    """What one text widget of the table shows (it may wrap over several lines)."""
    return str(table_screen(app).query_one(selector, Static).render())


def faces_in_hands(state: engine.State) -> set[str]:
    return {card.face for hand in state.hands for card in hand}


async def settle(pilot: Pilot[Any]) -> None:
    """Let CPU turns (no pause in tests) run until a human, or the round's end, is due."""

    def due() -> bool:
        screen = table_screen(pilot.app)  # type: ignore[arg-type]
        return screen.mode != "wait" or screen.session.over

    await pilot.pause()
    await until(pilot, due, "a human's turn or the round's end")
    await pilot.pause()


def table_app(make_app: MakeApp, table: PestenSession) -> TableauApp:
    return make_app("pesten", table=table, passwords=quick_scheme())


@asynccontextmanager
async def annas_turn(
    make_app: MakeApp, hands: list[str], pile: str, size: tuple[int, int] = SIZE,
    **arranged: Any,
) -> AsyncIterator[tuple[PestenSession, TableauApp, Pilot[Any]]]:
    """A table arranged with ``arranged_table``, with Anna's hand unlocked (80×24 unless
    ``size`` says otherwise)."""
    table = arranged_table(hands, pile, **arranged)
    app = table_app(make_app, table)
    async with app.run_test(size=size) as pilot:
        await unlock(pilot, "anna-pw")
        yield table, app, pilot


# ------------------------------------------------------------------ the set-up
# (From the menu to a set-up that marks what is wrong: tests/ui/test_pesten_setup.py's
# test_the_set_up_from_the_menu_marks_what_is_wrong_until_the_longest_names_sit.)


def _problem(app: TableauApp, key: int | str) -> str:
    return str(app.screen.query_one(f"#problem-{key}", Static).render())


async def test_setup_keeps_only_a_hash_and_an_empty_password_is_allowed_after_a_warning(
    make_app: MakeApp,
) -> None:
    """Starting with Pesten opens the set-up. A password typed twice is kept only as an
    Argon2id hash (the fields cleared, "✓ locked", the text nowhere on screen or in the
    screen); a seat left without one is allowed after a warning, and its lock then has an
    "I am Bram" button instead of a field, which opens Bram's hand."""
    from tableau.ui.screens.pesten_setup import PestenSetupScreen

    secret = "tulips-in-may"
    app = make_app("pesten", passwords=quick_scheme(), seed=5)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, PestenSetupScreen)
        await type_password(pilot, 0, secret, secret)
        setup = app.screen
        assert setup.query_one("#password-0", Input).value == ""
        assert setup.query_one("#again-0", Input).value == ""
        assert "✓ locked" in screen_text(app)
        lock = setup.query_one(PeopleForm).locks[0]
        assert lock.encoded_hash.startswith("$argon2id$")
        assert lock.verify(secret)
        assert secret not in repr(vars(setup))
        assert secret not in screen_text(app)
        await press(pilot, "ctrl+s")
        assert "No password: anyone can open Bram's hand" in _problem(app, 1)
        assert not isinstance(app.screen, PestenScreen)
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen = table_screen(app)
        # Bram's lock has a button instead of a field; Anna's still asks for her password.
        for _ in range(8):
            if screen.session.seats[screen.session.state.current].name == "Bram":
                break
            await unlock(pilot, secret)
            await _any_legal_move(pilot)
            await settle(pilot)
        assert lock_title(app) == "Pass the terminal to Bram."
        i_am = screen.query_one("#i-am", Button)
        assert i_am.display and str(i_am.label) == "I am Bram"
        assert not screen.query_one("#unlock", Input).display
        assert shown_hand(app) == []
        await click(pilot, "#i-am")
        assert len(shown_hand(app)) == len(screen.session.state.hands[screen.session.state.current])


# ------------------------------------------------------------------ locks


async def test_a_wrong_password_never_reveals_the_hand_and_the_lock_hides_what_hands_hold(
    make_app: MakeApp,
) -> None:
    """The lock screen looks the same whatever the hidden hands hold (two deals, the same
    picture). Enter on an empty field asks for the password and is no wrong try; each wrong
    one (case and a trailing space count) leaves the hand and every card off the screen."""
    app = table_app(make_app, arranged_table([COR, ANNA, BRAM], "5C 7D"))
    async with started(app, SIZE) as pilot:
        other_deal = await drawn_whole(pilot)
    table = arranged_table([ANNA, BRAM, COR], "5C 7D")
    app = table_app(make_app, table)
    async with started(app, SIZE) as pilot:
        assert "Pass the terminal to Anna." in other_deal
        assert await drawn_whole(pilot) == other_deal
        await unlock(pilot, "")
        assert message(app) == "Type Anna's password, then press Enter."
        assert shown_hand(app) == []
        lock = table.seats[0].lock
        assert lock is not None and lock.failed_tries == 0
        for attempt in ("wrong", "ANNA-PW", "anna-pw "):
            await unlock(pilot, attempt)
            assert shown_hand(app) == []
            assert lock_title(app) == "Pass the terminal to Anna."
            assert "Wrong password; the hand stays hidden." in message(app)
            text = screen_text(app)
            assert not any(face in text for face in faces_in_hands(table.state))
        assert lock.failed_tries == 3
        await unlock(pilot, "anna-pw")
        assert sorted(shown_hand(app)) == sorted(ANNA.split())


async def test_repeated_wrong_tries_make_the_next_try_wait_longer(make_app: MakeApp) -> None:
    """The wait is kept by the wall clock (injected): a try before it is over is refused and
    not counted, whatever is typed; the hand stays hidden. The waits are long, so the screen's
    own timer (real seconds) cannot end one while a loaded machine runs the test."""
    scheme = PasswordScheme(cheap=True, retry_delays=(0.0, 300.0, 600.0))
    table = arranged_table([ANNA, BRAM, COR], "5C 7D", scheme=scheme)
    now = [1_000.0]
    app = make_app("pesten", table=table, wall=lambda: now[0])
    async with app.run_test(size=SIZE) as pilot:
        await unlock(pilot, "wrong")
        assert message(app) == "Wrong password; the hand stays hidden."
        await unlock(pilot, "wrong again")
        assert message(app) == (
            "Wrong password; the hand stays hidden. Wait 300 s before the next try.")
        assert "wait 300 s" in screen_text(app)
        await unlock(pilot, "anna-pw")  # the right password, too soon
        assert shown_hand(app) == [] and "Wait 300 s" in message(app)
        now[0] += 300
        await unlock(pilot, "still wrong")
        assert "Wait 600 s" in message(app)
        now[0] += 300
        await unlock(pilot, "anna-pw")
        assert shown_hand(app) == [] and "Wait 300 s" in message(app)
        now[0] += 300
        await unlock(pilot, "anna-pw")
        assert len(shown_hand(app)) == 7


async def test_the_open_hand_lights_selects_refuses_and_plays_by_keys(make_app: MakeApp) -> None:
    """Anna's open hand on 7♦, by keys: the legal cards are lit and Draw is off; space on a
    card that does not fit, or that cannot join the selection, is refused with the reason;
    Enter on one that does not fit shows the engine's sentence and d says she can play;
    Escape clears a selection; a jack opens the suit chooser, h names hearts, Enter (Done)
    hands over to Bram's lock, and the suit asked shows."""
    async with annas_turn(make_app, [ANNA, BRAM, COR], "5C 7D") as (table, app, pilot):
        screen = table_screen(app)
        assert sorted(lit_cards(app)) == sorted(["7H", "7C", "7S", "JD"])
        assert screen.query_one("#draw", Button).disabled
        await cursor_to(pilot, "QH")
        await press(pilot, "space")
        assert screen.selected == []
        assert "Q♥ does not go on 7♦" in message(app) and "Selected" not in message(app)
        await press(pilot, "enter")  # Enter plays the card under the cursor: refused
        assert "Q♥ does not go on 7♦" in message(app)
        assert len(table.state.hands[0]) == 7
        await press(pilot, "d")
        assert "You can play" in message(app)
        await select(pilot, "7C")
        await cursor_to(pilot, "9S")
        await press(pilot, "space")
        assert [str(screen.shown[i]) for i in screen.selected] == ["7C"]
        assert message(app).startswith("9♠ does not join 7♣: ")
        await press(pilot, "escape")
        assert screen.selected == [] and message(app) == "Selection cleared."
        await select(pilot, "JD")
        await press(pilot, "enter")
        assert isinstance(app.screen, SuitChooser)
        await press(pilot, "h")
        assert table.state.suit is Suit.HEARTS
        await press(pilot, "enter")  # Done: the turn passes
        assert shown_hand(app) == []
        assert lock_title(app) == "Pass the terminal to Bram."
        assert shown_text(app, "#asked") == "Suit asked:\n♥ hearts"


async def cursor_to(pilot: Pilot[Any], code: str) -> None:
    hand = table_screen(pilot.app).query_one("#cards", PestenHand)  # type: ignore[arg-type]
    target = next(i for i, card in enumerate(hand.cards) if str(card.card) == code)
    while hand.cursor != target:
        await pilot.press("right" if hand.cursor < target else "left")


async def test_a_double_click_a_drag_or_a_set_by_keys_plays_and_a_refused_one_selects_nothing(
    make_app: MakeApp,
) -> None:
    """Sevens on 7♦ (two packs), so Anna plays again after each: a click on a card that does
    not fit selects nothing; a refused drag says why and leaves no hidden selection (no
    badge); a double click plays a card; dragging the selection onto the discard pile plays
    it, the dragged card last; a set selected by keys shows its order (badges 1 2 3) and
    Enter plays it in that order; after the sevens the message says to play again."""
    hand = "7H 7C 7S 7D 7H 7C 9S QH"
    async with annas_turn(make_app, [hand, BRAM, COR], "5C 7D", packs=2) as (
        table, app, pilot
    ):
        screen = table_screen(app)
        await click(pilot, card_view(app, "9S"))
        assert screen.selected == []
        await drag_to_discard(pilot, "QH")
        assert "Q♥ does not go on 7♦" in message(app)
        assert screen.selected == []
        cards = screen.query_one("#cards", PestenHand)
        assert not any(view.badge for view in cards.query(CardView))
        assert len(table.state.hands[0]) == 8
        await pilot.double_click(card_view(app, "7S"))
        await pilot.pause()
        assert str(table.state.pile[-1]) == "7S"
        await select(pilot, "7C")
        await drag_to_discard(pilot, "7H")
        assert [str(card) for card in table.state.pile[-3:]] == ["7S", "7C", "7H"]
        await select(pilot, "7D", "7C", "7H")
        badges = {str(view.card): view.badge for view in cards.query(CardView) if view.badge}
        assert badges == {"7D": "1", "7C": "2", "7H": "3"}
        await press(pilot, "enter")
        assert [str(card) for card in table.state.pile[-3:]] == ["7D", "7C", "7H"]
        assert "Anna plays 7♦ 7♣ 7♥" in screen_text(app)
        assert sorted(shown_hand(app)) == ["9S", "QH"]  # a seven: she plays again
        assert "Seven" in message(app)


def card_view(app: TableauApp, code: str) -> CardView:
    hand = table_screen(app).query_one("#cards", PestenHand)
    return next(view for view in hand.query(CardView) if str(view.card) == code)


async def test_a_joker_stack_cannot_be_looked_at_and_then_left(make_app: MakeApp) -> None:
    """Issue 27 C9: Anna pressed t, saw the five cards, pressed Escape at the suit chooser
    ("nothing happened") and played her own joker, so Bram took the cards she had seen.
    Now no card shows before the take is made; Escape at the chooser leaves nothing seen.
    Then the take names its suit as it is made: the chooser first (a number key, 3, names
    hearts), then the five new cards lit until Done, and the history says it."""
    own = "JK 3H 7H 7C 9S QH 4D"
    table = arranged_table([own, BRAM, COR], "5C JK", stack=5)
    app = table_app(make_app, table)
    async with app.run_test(size=SIZE) as pilot:
        assert shown_text(app, "#pending") == "Joker: Anna takes 5 or plays a joker."
        await unlock(pilot, "anna-pw")
        assert "take 5 (t) and name a suit" in message(app)
        assert table_screen(app).query_one("#draw", Button).disabled
        await press(pilot, "t")
        assert isinstance(app.screen, SuitChooser)
        assert len(shown_hand(app)) == 7  # her own seven: none of the stack is shown
        assert "New in your hand" not in message(app)
        await press(pilot, "escape")
        assert message(app).startswith("No suit named; nothing happened.")
        assert table.state.stack == 5 and len(table.state.hands[0]) == 7
        assert "New in your hand" not in screen_text(app)
        assert sorted(shown_hand(app)) == sorted(own.split(" "))
        await press(pilot, "t")
        assert isinstance(app.screen, SuitChooser)
        await press(pilot, "3")
        assert len(table.state.hands[0]) == 12
        assert table.state.suit is Suit.HEARTS
        assert table.state.stack == 0
        # Then the five new cards are shown, lit, until Done.
        assert len(shown_hand(app)) == 12 and len(lit_cards(app)) == 5
        assert message(app).startswith("New in your hand: ")
        await click(pilot, "#done")
        assert "Anna takes 5 and names ♥ hearts." in screen_text(app)
        assert lock_title(app) == "Pass the terminal to Bram."


def footer_text(app: TableauApp) -> str:
    """The footer's line: the keys and what each means now."""
    return screen_text(app).splitlines()[-1]


async def test_a_two_stack_is_answered_then_taken_cards_are_shown_until_done(
    make_app: MakeApp,
) -> None:
    """The pending line at the lock; the Take button grows with its label ("Take 2 t",
    composed as "Take t"); Anna's 3♦ answers and Bram then faces 5. Bram takes them: his
    five new cards are lit until Done, other keys do nothing meanwhile (and the CPU after
    him waits), and Done hands over."""
    table = arranged_table(["3H 2H 2S 3D 9S QH KC", BRAM, COR], "5C 2D", stack=2,
                           draw_next="KD 3S 4S 5S 6S")
    app = table_app(make_app, table)
    async with app.run_test(size=SIZE) as pilot:
        assert shown_text(app, "#pending") == (
            "2-stack: Anna takes 2 or answers with a 2 or the 3♦."
        )
        await unlock(pilot, "anna-pw")
        assert "Take 2 t" in screen_text(app)
        await select(pilot, "3D")
        await press(pilot, "enter")
        assert table.state.stack == 5
        assert shown_text(app, "#pending").startswith("2-stack: Bram takes 5")
        await press(pilot, "enter")  # Done
        await unlock(pilot, "bram-pw")
        assert "Take 5 t" in screen_text(app)
        await until(pilot, lambda: "⏎ Play" in footer_text(app), "Play in the footer")
        await press(pilot, "t")
        await until(pilot, lambda: "⏎ Done" in footer_text(app), "Done in the footer")
        assert "⏎ Done" in footer_text(app) and "Play" not in footer_text(app)  # Enter's sense
        new = ["KD", "3S", "4S", "5S", "6S"]
        assert sorted(shown_hand(app)) == sorted([*BRAM.split(), *new])
        assert sorted(lit_cards(app)) == sorted(new)
        assert message(app).startswith("New in your hand: ")
        assert message(app).endswith(". Enter or Done when you have seen them.")
        assert all(parse_any_card(code).face in message(app) for code in new)
        await press(pilot, "d", "space", "l")  # nothing else happens until Done
        assert len(table.state.hands[1]) == 12 and table.state.current == 2
        assert screen_text(app).count("Done") >= 1
        await press(pilot, "enter")
        assert table.state.current != 2  # Cor (a CPU) moved once Bram was done
        assert lock_title(app) == "Pass the terminal to Anna."


async def test_calling_last_card_with_l_avoids_the_penalty_and_forgetting_costs_two_cards(
    make_app: MakeApp,
) -> None:
    """l arms the call (the button grows to "Last card! ✓ l"); the play takes it along: one
    card left, read "1 card", the seat marked LAST clear of the stock at 80×24, the button
    back to "Last card! l". Taken back (u), the same play without the call costs two cards:
    the history says so, the two are lit until Done, Undo is not offered and the message
    says why; Done (a click) hands over to Bram."""
    async with annas_turn(
        make_app, ["3D 9S", BRAM, COR], "5C 3S", draw_next="KC 5H"
    ) as (table, app, pilot):
        await select(pilot, "3D")
        await press(pilot, "l")
        last = table_screen(app).query_one("#last", Button)
        assert str(last.label) == "Last card! ✓ l"
        assert "Last card! ✓ l" in screen_text(app)
        await press(pilot, "enter")
        assert len(table.state.hands[0]) == 1
        text = screen_text(app)
        assert "Anna: last card!" in text
        assert re.search(r"Anna\s+1\s+0\s+LAST\s+╭", text)
        assert shown_text(app, "#hand-title") == "Anna's hand — 1 card (Done hands over)"
        assert str(last.label) == "Last card! l" and not last.has_class("-armed")
        await press(pilot, "u")
        assert sorted(shown_hand(app)) == ["3D", "9S"] and table.state.current == 0
        await select(pilot, "3D")
        await press(pilot, "enter")
        assert len(table.state.hands[0]) == 3
        assert any(event.kind == "penalty" for event in table.state.history)
        assert "Anna forgot to call last card and takes 2." in screen_text(app)
        assert sorted(shown_hand(app)) == ["5H", "9S", "KC"]
        assert sorted(lit_cards(app)) == ["5H", "KC"]
        assert not table_screen(app).query_one("#undo", Button).display
        assert "The penalty cards have been seen, so that play stays." in message(app)
        await click(pilot, "#done")
        assert lock_title(app) == "Pass the terminal to Bram."


async def test_a_player_who_cannot_play_is_offered_only_drawing(make_app: MakeApp) -> None:
    # Nothing of Anna's fits on 7♦; the next card of the stock (9♣) does not fit either.
    async with annas_turn(
        make_app, ["3H 9S QH 4S", BRAM, COR], "5C 7D", draw_next="9C"
    ) as (table, app, pilot):
        screen = table_screen(app)
        assert message(app) == "Nothing fits on 7♦: draw with d, Enter or a click on the stock."
        assert not screen.query_one("#draw", Button).disabled
        assert screen.query_one("#draw", Button).has_class("-offered")
        assert screen.query_one("#play", Button).disabled
        assert screen.query_one("#stock", StackPile).target == "legal"
        await press(pilot, "enter")
        assert len(table.state.hands[0]) == 5
        # The drawn card stays in view until Anna is done with it.
        assert sorted(shown_hand(app)) == sorted(["3H", "9S", "QH", "4S", "9C"])
        assert message(app) == "You drew 9♣; it does not fit. Enter or p keeps it: done."
        assert screen.query_one("#pass", Button).has_class("-offered")
        await press(pilot, "enter")
        assert shown_hand(app) == []
        assert lock_title(app) == "Pass the terminal to Bram."
        assert "Anna keeps the drawn card." in screen_text(app)


async def test_a_drawn_card_that_fits_is_played_with_enter_or_kept_and_the_draw_stays(
    make_app: MakeApp,
) -> None:
    """A click on the stock draws 6♦, which fits: the message says so and only it is lit.
    Undo of the draw is refused with the sentence; Enter plays it; u takes that play back
    (the drawn card is in the hand again) but not the draw; p keeps it: the turn passes."""
    async with annas_turn(
        make_app, ["3H 9S QH 4S", BRAM, COR], "5C 7D", draw_next="6D"
    ) as (table, app, pilot):
        await click(pilot, "#stock")
        assert "You drew 6♦ and it fits" in message(app)
        assert lit_cards(app) == ["6D"]
        await press(pilot, "u")
        assert message(app) == "A drawn card has been seen, so the draw stays."
        await press(pilot, "enter")  # the 6♦ drawn fits: Enter plays it
        assert str(table.state.pile[-1]) == "6D" and table.state.current == 1
        # The play of the drawn card may be taken back, but not the draw before it.
        await press(pilot, "u")
        assert table.state.current == 0 and table.state.phase is engine.Phase.DRAWN
        assert "6D" in shown_hand(app)
        await press(pilot, "u")
        assert message(app) == "A drawn card has been seen, so the draw stays."
        assert table.state.phase is engine.Phase.DRAWN and "6D" in shown_hand(app)
        await press(pilot, "p")  # keeps it this time: the turn passes at once
        assert lock_title(app) == "Pass the terminal to Bram."
        assert "Anna keeps the drawn card." in screen_text(app)
        assert table.state.hands[0].count(parse_any_card("6D")) == 1


# ------------------------------------------------------------------ CPU seats and hand-off


async def test_cpu_turns_appear_in_the_history_and_never_show_their_cards(
    make_app: MakeApp,
) -> None:
    # Anna's 8 skips Bram; Cor (a CPU) moves; then it is Anna's turn again.
    async with annas_turn(make_app, ["8H 3H 9S", BRAM, COR], "5C 8C") as (table, app, pilot):
        await select(pilot, "8H")
        await pilot.press("enter", "enter")  # play, Done
        await settle(pilot)
        cor_events = [event for event in table.state.history if event.seat == 2]
        assert cor_events
        text = screen_text(app)
        assert describe(cor_events[-1], 0) in text
        assert not any(card.face in text for card in table.state.hands[2])
        assert table_screen(app).mode == "lock"


async def _any_legal_move(pilot: Pilot[Any]) -> None:
    """Make a legal move for the revealed seat through the keys a player would use."""
    screen = table_screen(pilot.app)  # type: ignore[arg-type]
    view = screen.session.view(screen.session.state.current)
    plays = [move for move in view.legal if isinstance(move, engine.Play)]
    singles = [move for move in plays if len(move.cards) == 1 and not move.last_card]
    if isinstance(pilot.app.screen, SuitChooser):
        await pilot.press("c")
    elif screen.session.review is not None:
        await pilot.press("enter")  # done looking at the new cards
    elif view.phase is engine.Phase.DRAWN:
        await pilot.press("p")
    elif singles:
        move = singles[0]
        card = move.cards[0]
        await select(pilot, "JK" if card == JOKER else str(card))
        await press(pilot, "enter")
        if isinstance(pilot.app.screen, SuitChooser):
            await pilot.press("1")
    elif any(isinstance(move, engine.Take) for move in view.legal):
        await press(pilot, "t")
        if isinstance(pilot.app.screen, SuitChooser):
            await pilot.press("c")
    else:
        await pilot.press("d")
    await pilot.pause()


async def test_two_humans_and_a_cpu_play_several_full_turns(make_app: MakeApp) -> None:
    """A dealt table of two password holders and a CPU, played by keys: every lock shows
    only public facts (no card of any hand, no password), each hand shows whole once opened
    and leaves the screen the moment its turn ends; the CPU's turns reach the history."""
    scheme = quick_scheme()
    seats = [Seat("Anna", HUMAN, scheme.lock("Anna", "anna-pw")),
             Seat("Bram", HUMAN, scheme.lock("Bram", "bram-pw")), Seat("Cor", "careful")]
    table = PestenSession.deal(seats, packs=1, jokers=2, dealer=2, seed=2024)
    app = table_app(make_app, table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        passwords = {"Anna": "anna-pw", "Bram": "bram-pw"}
        turns = 0
        while turns < 3 and not table.over:
            name = table.seats[table.state.current].name
            # Every lock screen: only public facts, no card of any hand.
            assert screen.mode == "lock"
            assert lock_title(app) == f"Pass the terminal to {name}."
            assert shown_hand(app) == []
            # The pending line may name the card that would answer a stack ("or the 4♠"):
            # a rule, not a hand, so it is left out of this check.
            text = screen_text(app).replace(shown_text(app, "#pending"), "")
            leaked = [face for face in faces_in_hands(table.state) if face in text]
            assert leaked == [], text
            assert not any(word in text for word in passwords.values())
            await unlock(pilot, passwords[name])
            seat = table.state.current
            expected = sorted(str(card) for card in table.state.hands[seat])
            assert sorted(shown_hand(app)) == expected
            while screen.session.revealed == seat and not table.over:
                await _any_legal_move(pilot)
            # The hand left the screen the moment the turn ended.
            assert shown_hand(app) == []
            await settle(pilot)
            turns += 1
        assert turns == 3  # Anna, Bram, and Anna again after the CPU
        history = " ".join(describe(event, 0) for event in table.state.history)
        assert "Cor" in history
        assert "anna-pw" not in history and "bram-pw" not in history


async def test_a_lone_human_plays_on_and_with_a_pause_each_cpu_moves_after_it(
    make_app: MakeApp,
) -> None:
    """Anna and two CPUs. No CPU moves while Anna's hand is on show, even with no pause (it
    would move at once); after Done the CPUs move and Anna's hand opens again without her
    password (the one human, once a round). With a pause the CPUs move one by one after it
    (on an injected clock, waited for, not slept); a pause that has not run out shows
    "Bram (CPU) is thinking…" and Anna's move, and Bram has not moved."""
    table = arranged_table(
        ["8H 9H 3H 5S", BRAM, COR], "5C 8C", kinds=("human", "random", "careful"),
    )
    app = table_app(make_app, table)  # its clock stands still: a pause never runs out alone
    async with app.run_test(size=SIZE) as pilot:
        screen = table_screen(app)
        await unlock(pilot, "anna-pw")
        dealt = len(table.state.history)
        await select(pilot, "8H")
        await press(pilot, "enter")  # 8♥ skips Bram: Cor is next, but Anna holds the hand
        assert table.state.current == 2 and screen.mode == "hand"
        assert [event.seat for event in table.state.history[dealt:]] == [0]
        await press(pilot, "enter")  # Done: Cor moves at once
        assert table.state.current == 0 and not table.over
        assert screen.mode == "hand"
        assert sorted(shown_hand(app)) == sorted(str(c) for c in table.state.hands[0])
        # A pause: each CPU moves after it, one by one, then Anna plays on. (Time is
        # injected: every reading of this clock is a second on, so each CPU has thought
        # longer than its pause and its step is due at once.)
        ticks = itertools.count()
        app.runtime.clock = lambda: float(next(ticks))
        app.runtime.cpu_delay = 0.5
        moves = len(table.state.history)
        await _play_and_hand_over(pilot)
        assert await cpus_played(pilot, lambda: table.state.current == 0 or table.over)
        await pilot.pause()
        assert not table.over
        seats = [event.seat for event in table.state.history[moves:]]
        assert seats[0] == 0 and seats[1] == 1 and set(seats[1:]) == {1, 2}, seats
        assert screen.mode == "hand" and screen.session.revealed == 0
        # A pause that cannot run out (the clock stands still): Bram is still thinking.
        app.runtime.clock = lambda: 0.0
        app.runtime.cpu_delay = 3_600.0
        moves = len(table.state.history)
        await _play_and_hand_over(pilot)
        assert table.state.current == 1 and screen.mode == "wait"
        assert shown_text(app, "#wait-text") == "Bram (CPU) is thinking…"
        assert describe(table.state.history[-1], 0) in message(app)  # Anna's move
        assert {event.seat for event in table.state.history[moves:]} == {0}


async def _play_and_hand_over(pilot: Pilot[Any]) -> None:
    """Anna plays the first single card she may that ends her turn (no 7, 8, jack, king or
    joker), or draws; her hand stays on show until Done (so no CPU may move yet), unless she
    keeps a drawn card that does not fit: that hands over at once."""
    session = table_screen(pilot.app).session  # type: ignore[arg-type]
    singles = [move.cards[0] for move in session.view(0).legal
               if isinstance(move, engine.Play) and len(move.cards) == 1
               and not move.last_card and str(move.cards[0])[0] not in "78JK"]
    if not singles:
        await press(pilot, "d")
        if not any(isinstance(move, engine.Play) for move in session.view(0).legal):
            await press(pilot, "p")  # keeps it: the turn passes at once
            assert session.state.current != 0 and session.review is None
            return
    else:
        await select(pilot, str(singles[0]))
    await press(pilot, "enter")
    assert session.review is not None and session.state.current != 0
    await press(pilot, "enter")


@pytest.mark.parametrize("size", [(40, 12), (200, 60)])
async def test_odd_terminal_sizes_do_not_break_the_table(
    make_app: MakeApp, size: tuple[int, int]
) -> None:
    async with annas_turn(make_app, [ANNA, BRAM, COR], "5C 7D", size) as (table, _app, pilot):
        await press(pilot, "space", "enter")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert str(table.state.pile[-1]) == "7C"


async def test_leaving_during_a_round_asks_first(make_app: MakeApp) -> None:
    """Escape at the lock offers to leave (staying keeps the lock); in the open hand Escape
    with nothing selected does nothing and q asks first (n stays); the palette offers the
    rules and leaving but no undo or save, and its rules open the help; ctrl+q asks too, like
    every game: n stays, Leave quits."""
    from tableau.ui.screens.dialogs import ChooserScreen
    from tableau.ui.screens.dialogs import ConfirmScreen
    from tableau.ui.screens.help import HelpScreen

    table = arranged_table([ANNA, BRAM, COR], "5C 7D")
    app = table_app(make_app, table)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "escape")  # from the lock screen: the password field has focus
        assert isinstance(app.screen, ChooserScreen)
        await click(pilot, "#choice-stay")
        assert lock_title(app) == "Pass the terminal to Anna."
        await unlock(pilot, "anna-pw")
        screen = table_screen(app)
        await press(pilot, "escape")  # nothing selected
        assert app.screen is screen and screen.mode == "hand"
        await press(pilot, "q")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "n")  # stay
        assert app.screen is screen and screen.mode == "hand"
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Rules and controls" in titles and "Leave the table" in titles
        assert not any(word in title.lower() for title in titles for word in ("undo", "save"))
        await press(pilot, "ctrl+p")
        await press(pilot, *"rules", "enter")
        assert isinstance(app.screen, HelpScreen)
        await press(pilot, "escape")
        assert app.screen is screen and screen.mode == "hand"
        await press(pilot, "ctrl+q")  # like every game: asks first
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "n")
        assert app.is_running and app.screen is screen
        await press(pilot, "ctrl+q")
        await click(pilot, "#choice-leave")
        assert not app.is_running


async def test_a_run_beyond_the_listing_cap_lights_card_by_card(make_app: MakeApp) -> None:
    hand = "6C 6C 6C 6C 6D 6D 6D 6D 6S 6S 7C 8C"
    bram = "2C 5D 8D KS 4H 9C TC"
    async with annas_turn(make_app, [hand, bram, COR], "5C 6H", packs=4) as (
        table, app, pilot
    ):
        await select(pilot, "6C")
        assert "7C" in lit_cards(app)
        await select(pilot, "7C")
        assert lit_cards(app) == ["8C"]
        await select(pilot, "8C")
        await press(pilot, "enter")
        said = [describe(event, 0) for event in table.state.history]
        assert "Anna plays 6♣ 7♣ 8♣ — Bram is skipped" in said


async def drag_to_discard(pilot: Pilot[Any], code: str) -> None:
    hand = table_screen(pilot.app).query_one("#cards", PestenHand)  # type: ignore[arg-type]
    card = next(view for view in hand.query(CardView) if str(view.card) == code)
    await pilot.mouse_down(card)
    await pilot.hover("#history")
    await pilot.hover("#discard")
    await pilot.mouse_up("#discard")
    await pilot.pause()


def lit_cards(app: TableauApp) -> list[str]:
    hand = table_screen(app).query_one("#cards", PestenHand)
    return [str(view.card) for view in hand.query(CardView) if view.has_class("-legal")]


THIRTY = BIG_HAND


def whole_cards_in_view(hand: Any) -> list[str]:
    """The labels of the hand's cards that are drawn whole inside it and wide enough to read."""
    region = hand.region
    return [
        str(view.card) for view in hand.query(CardView)
        if region.contains_region(view.region) and view.region.width >= 4
    ]


async def test_a_hand_of_30_cards_is_visible_whole(make_app: MakeApp) -> None:
    """At 80×24, and again once the terminal is 120×40 (the snapshots hold both pictures
    as first drawn)."""
    async with annas_turn(make_app, [THIRTY, BRAM, COR], "5C 3S") as (_table, app, pilot):
        for size in ((80, 24), (120, 40)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            hand = table_screen(app).query_one("#cards", PestenHand)
            assert len(whole_cards_in_view(hand)) == 30, size
            text = screen_text(app)
            assert "10♠" in text and "7♣" in text and text.count("JK") >= 2


async def test_the_shared_hand_shows_30_cards_whole_in_go_fish_too(make_app: MakeApp) -> None:
    """At 80×24 and at 120×40."""
    from tableau.ui.screens.gofish import GoFishHand

    app = make_app("gofish")
    async with started(app, (80, 24)) as pilot:
        hand = app.screen.query_one(GoFishHand)
        hand.update([parse_any_card(code) for code in THIRTY.split() if code != "JK"])
        for size in ((80, 24), (120, 40)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            assert len(whole_cards_in_view(hand)) == 28, size


# ------------------------------------------------------------------ card face contrast

CARD_STATES = ("highlight", "legal", "illegal", "selected", "dimmed", "marked")


def _luminance(color: Any) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = color.get_truecolor()
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def contrast(foreground: Any, background: Any) -> float:
    """The WCAG contrast ratio of two rich colours."""
    light, dark = sorted((_luminance(foreground), _luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


class CardFaces(App[None]):
    """Every face-up kind of card in every combination of states, side by side."""

    def compose(self) -> ComposeResult:
        from itertools import combinations

        with Grid(id="faces"):
            for code in ("QH", "QS", "JK"):
                for size in range(len(CARD_STATES) + 1):
                    for states in combinations(CARD_STATES, size):
                        classes = " ".join(f"-{state}" for state in states)
                        yield CardView(parse_any_card(code), classes=classes)


QUICK_THEMES = ("textual-dark", "textual-light")
"""The quick lane's themes (the default dark and light); the exhaustive lane takes all."""


@pytest.mark.parametrize("lane", [
    pytest.param("quick", id="dark-and-light"),
    pytest.param("all", id="every-theme", marks=pytest.mark.exhaustive),
])
async def test_every_card_face_keeps_4_5_to_1_contrast_in_every_state_and_theme(
    lane: str,
) -> None:
    app = CardFaces()
    async with app.run_test(size=(120, 40)) as pilot:
        themes = sorted(app.available_themes)
        assert len(themes) > 5 and set(QUICK_THEMES) <= set(themes)
        if lane == "quick":
            themes = list(QUICK_THEMES)
        low: list[str] = []
        for theme in themes:
            app.theme = theme
            await pilot.pause()
            for view in app.query(CardView):
                style = view.rich_style
                assert style.color is not None and style.bgcolor is not None
                assert view.styles.opacity == 1.0 and not style.dim  # what is drawn is this
                ratio = contrast(style.color, style.bgcolor)
                if ratio < 4.5:
                    low.append(f"{theme} {view.card} {sorted(view.classes)} {ratio:.2f}")
        assert low == []


# ------------------------------------------------------------------ undo before the hand-off


def history_text(table: PestenSession) -> str:
    return " ".join(describe(event, 0) for event in table.state.history)


async def test_undo_after_a_play_restores_the_hand_and_the_turn_and_done_hands_over(
    make_app: MakeApp,
) -> None:
    """After a play that ends the turn the hand stays with Done and Undo (also in the
    palette); Escape does nothing there, q asks and staying (and a redraw at another size)
    keeps the step; u, or the Undo button, restores the hand and the turn; play and Done
    hand over to Bram's lock, with no card of Anna's left on the screen."""
    from tableau.ui.screens.dialogs import ConfirmScreen

    async with annas_turn(make_app, ["3D 9S QH", BRAM, COR], "5C 7D") as (table, app, pilot):
        before = table.state
        await select(pilot, "3D")
        await press(pilot, "enter")
        screen = table_screen(app)
        # The turn has ended, but the hand stays until Done, with the 3♦ on the pile.
        assert table.state.current == 1 and screen.mode == "hand"
        assert sorted(shown_hand(app)) == ["9S", "QH"]
        assert str(table.state.pile[-1]) == "3D"
        assert screen.query_one("#done", Button).display
        undo = screen.query_one("#undo", Button)
        assert undo.display and not undo.disabled
        assert "Undo" in [command.title for command in app.get_system_commands(screen)]
        await press(pilot, "escape")  # nothing selected: Escape does nothing
        assert app.screen is screen
        await press(pilot, "q")
        assert isinstance(app.screen, ConfirmScreen)
        await click(pilot, "#choice-stay")
        await pilot.resize_terminal(120, 40)  # a redraw keeps the step too
        await pilot.pause()
        assert sorted(shown_hand(app)) == ["9S", "QH"] and table.state.current == 1
        await press(pilot, "u")
        assert table.state == before and table.state.current == 0
        assert sorted(shown_hand(app)) == ["3D", "9S", "QH"]
        assert "Anna plays 3♦" not in history_text(table)
        assert not screen.query_one("#undo", Button).display
        await select(pilot, "3D")
        await press(pilot, "enter")
        await click(pilot, "#undo")  # the button does the same
        assert table.state.current == 0 and sorted(shown_hand(app)) == ["3D", "9S", "QH"]
        await select(pilot, "3D")
        await press(pilot, "enter", "enter")  # play, Done
        assert lock_title(app) == "Pass the terminal to Bram."
        assert shown_hand(app) == []
        text = screen_text(app)
        assert "9♠" not in text and "Q♥" not in text
        assert history_text(table).count("Anna plays 3♦") == 1
        await press(pilot, "escape")  # Bram's lock: Escape asks about leaving, as ever
        assert not isinstance(app.screen, PestenScreen)


# ------------------------------------------------------------------ rounds and a match


async def test_the_round_ends_and_the_next_round_keeps_seats_and_passwords(
    make_app: MakeApp,
) -> None:
    """The winning play ends the round at once: the end dialog names the winner and shows
    how far each is from the match's target; n in the dialog deals round 2 with the same
    seats and wins, behind the next player's lock and password."""
    async with annas_turn(
        make_app, ["7D", BRAM, COR], "5C 7C", rules={"match": "wins", "target": 3},
    ) as (table, app, pilot):
        await press(pilot, "enter")
        assert table.over and isinstance(app.screen, EndScreen)
        text = screen_text(app)
        assert "Anna wins round 1!" in text
        assert "Standings (first to 3 round wins)" in text
        assert re.search(r"1 Anna\s+1\s+0\s+2", text) and re.search(r"Bram\s+0", text)
        await press(pilot, "n")
        assert not isinstance(app.screen, EndScreen)
        await settle(pilot)
        screen = table_screen(app)
        assert screen.session.state.round == 2 and not table.over
        assert screen.session.state.wins == (1, 0, 0)
        assert [seat.name for seat in screen.session.seats] == ["Anna", "Bram", "Cor"]
        name = screen.session.seats[screen.session.state.current].name
        assert lock_title(app) == f"Pass the terminal to {name}."
        await unlock(pilot, dict(zip(("Anna", "Bram"), PASSWORDS, strict=False))[name])
        assert shown_hand(app)


@pytest.mark.parametrize("card", ["7H", "JD"])
def test_scene_tables_hold_the_cards_they_name(card: str) -> None:
    table = arranged_table([ANNA, BRAM, COR], "5C 7D")
    assert parse_any_card(card) in table.state.hands[0]
    assert sum(len(hand) for hand in table.state.hands) + len(table.state.stock) + len(
        table.state.pile
    ) == 54


async def test_names_that_look_like_markup_are_shown_as_typed(make_app: MakeApp) -> None:
    """At the lock, on the "I am" button and in the round's end dialog; its Menu button
    goes back to the menu."""
    from tableau.ui.screens.menu import MenuScreen

    names = ("a[/]b", "[b]Bram", "Cor[")
    table = arranged_table(["7D", BRAM, COR], "5C 7C", names=names, passwords=("", "x", ""))
    app = table_app(make_app, table)
    async with app.run_test(size=SIZE) as pilot:
        assert lock_title(app) == "Pass the terminal to a[/]b."
        assert str(table_screen(app).query_one("#i-am", Button).label) == "I am a[/]b"
        await click(pilot, "#i-am")
        await press(pilot, "enter")
        assert isinstance(app.screen, EndScreen)
        assert "a[/]b wins round 1!" in screen_text(app)
        assert "[b]Bram" in screen_text(app)
        await click(pilot, "#choice-menu")
        assert isinstance(app.screen, MenuScreen)


POINTS_MATCH = {"match": "points", "target": 100}
"""Bram's cards (BRAM) count 95 and Cor's (COR) 77: from 10 points, Bram passes 100."""


async def test_a_points_match_ends_with_the_final_table_and_a_new_match(
    make_app: MakeApp,
) -> None:
    async with annas_turn(
        make_app, ["7D", BRAM, COR], "5C 7C", rules=POINTS_MATCH, points=(0, 10, 0),
    ) as (table, app, pilot):
        assert "Pts" in shown_text(app, "#seats-head")
        assert re.search(r"Bram\s+7\s+0\s+10", screen_text(app))
        await press(pilot, "enter")
        assert isinstance(app.screen, EndScreen)
        text = screen_text(app)
        assert "Anna wins the match!" in text and "Final table after 1 round (" in text
        assert re.search(r"1 Anna\s+1\s+0\s+100", text)
        assert re.search(r"2 Cor\s+0\s+77\s+23", text)
        assert re.search(r"3 Bram\s+0\s+105\s+0", text)
        assert not app.screen.query("#choice-next")
        await press(pilot, "escape")  # look at the table
        await press(pilot, "n")
        assert table_screen(app).session is table and table.over  # n deals nothing now
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "New match" in titles and "Next round" not in titles
        finished, seats = table.state, table.seats
        await press(pilot, "ctrl+p")
        await press(pilot, *"new match", "enter")
        fresh = table_screen(app).session
        assert fresh is table and fresh.seats == seats  # the same table, a new match
        assert fresh.state.round == 1 and fresh.state.points == (0, 0, 0)
        assert fresh.state.config == dataclasses.replace(
            finished.config, seed=fresh.state.config.seed)
        assert fresh.state.config.seed != finished.config.seed
        assert lock_title(app).startswith("Pass the terminal to")
