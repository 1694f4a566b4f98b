"""Pesten at one terminal: locks, reveals, plays and hand-offs, driven like a player would."""

from __future__ import annotations

import dataclasses
import html
import re
from collections import defaultdict
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
from textual.widgets import Select
from textual.widgets import Static
from ui_helpers import click
from ui_helpers import press
from ui_helpers import started

from tableau.cards import JOKER
from tableau.cards import Suit
from tableau.cards import parse_any_card
from tableau.engines import pesten as engine
from tableau.engines.pesten.wording import describe
from tableau.sessions.pesten import PestenSession
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
from tableau.ui.widgets.pesten_hand import PestenHand
from tableau.ui.widgets.pile import StackPile

MakeApp = Callable[..., TableauApp]
SIZE = (80, 24)

# 7♦ on the pile; Anna holds three sevens, a jack and some cards that do not fit.
ANNA = "3H 7H 7C 7S JD 9S QH"
BRAM = "2C 5D 8D KS 4H 6C TC"
COR = "AS 3C 4C 9D TD QD KH"


# ------------------------------------------------------------------ helpers


def screen_text(app: TableauApp) -> str:
    """Everything on the screen as lines of text (rebuilt from the app's SVG export)."""
    svg = app.export_screenshot()
    rows: dict[int, dict[int, str]] = defaultdict(dict)
    pattern = re.compile(
        r'<text class="[^"]*" x="([\d.]+)" y="[\d.]+" textLength="[\d.]+" '
        r'clip-path="url\(#[\w-]+-line-(\d+)\)">(.*?)</text>'
    )
    for x, line, content in pattern.findall(svg):
        column = round(float(x) / 12.2)
        rows[int(line)][column] = html.unescape(content).replace("\xa0", " ")
    lines = []
    for line in sorted(rows):
        text = ""
        for column in sorted(rows[line]):
            text = text.ljust(column) + rows[line][column]
        lines.append(text)
    return "\n".join(lines)


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
    for _ in range(200):
        await pilot.pause()
        screen = table_screen(pilot.app)  # type: ignore[arg-type]
        if screen.mode != "wait" or screen.session.over:
            break
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


def _keys(text: str) -> list[str]:
    names = {"-": "minus", " ": "space"}
    return [names.get(char, char) for char in text]


# ------------------------------------------------------------------ menu and set-up


async def test_pesten_is_in_the_menu_and_opens_its_setup_screen(make_app: MakeApp) -> None:
    from tableau.ui.screens.pesten_setup import PestenSetupScreen

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        assert "Pesten" in screen_text(app)
        await click(pilot, "#game-pesten")
        assert isinstance(app.screen, PestenSetupScreen)
        assert "Pesten — set the table" in screen_text(app)


async def test_starting_with_pesten_opens_the_setup_screen(make_app: MakeApp) -> None:
    from tableau.ui.screens.pesten_setup import PestenSetupScreen

    app = make_app("pesten")
    async with app.run_test(size=SIZE):
        assert isinstance(app.screen, PestenSetupScreen)


async def _type_password(pilot: Pilot[Any], seat: int, first: str, second: str) -> None:
    await pilot.click(f"#password-{seat}")
    await pilot.press(*_keys(first), "enter")
    await press(pilot, *_keys(second), "enter")
    await pilot.app.workers.wait_for_complete()  # hashed in a worker, off the event loop
    await pilot.pause()


async def _clear_and_type(pilot: Pilot[Any], selector: str, text: str) -> None:
    field = pilot.app.screen.query_one(selector, Input)
    field.value = ""
    await pilot.click(selector)
    await press(pilot, *_keys(text))


async def _start_with_names(pilot: Pilot[Any], first: str, second: str) -> None:
    """Type the names of the first two seats and try to start (ctrl+s)."""
    await _clear_and_type(pilot, "#name-0", first)
    await _clear_and_type(pilot, "#name-1", second)
    await press(pilot, "ctrl+s")
    await pilot.app.workers.wait_for_complete()  # passwords hash in a worker: Start waits
    await pilot.pause()


def _problem(app: TableauApp, key: int | str) -> str:
    return str(app.screen.query_one(f"#problem-{key}", Static).render())


async def test_setup_marks_an_empty_name_and_a_duplicate_name(make_app: MakeApp) -> None:
    app = make_app("pesten", passwords=quick_scheme())
    async with app.run_test(size=SIZE) as pilot:
        await _start_with_names(pilot, "", "cor")
        assert "Seat 1 needs a name." in _problem(app, 0)
        assert _problem(app, 2) == "Seat 2 is already called cor; pick another name."
        assert "Please look at the marked fields." in screen_text(app)
        assert not isinstance(app.screen, PestenScreen)


async def test_setup_says_when_the_two_passwords_differ(make_app: MakeApp) -> None:
    app = make_app("pesten", passwords=quick_scheme())
    async with app.run_test(size=SIZE) as pilot:
        await _type_password(pilot, 0, "apple", "apples")
        assert "The two passwords differ" in _problem(app, 0)
        assert app.screen.query_one("#password-0", Input).value == ""
        assert app.screen.query_one("#again-0", Input).value == ""
        assert "not locked" in screen_text(app)


async def test_setup_refuses_a_table_that_cannot_be_dealt(make_app: MakeApp) -> None:
    app = make_app("pesten", passwords=quick_scheme())
    async with app.run_test(size=SIZE) as pilot:
        from textual.widgets import Select

        app.screen.query_one("#seats", Select).value = 8
        await pilot.pause()
        assert "cannot deal 7 cards to 8 players" in _problem(app, "table")
        app.screen.query_one("#packs", Select).value = 2
        await pilot.pause()
        assert _problem(app, "table") == ""


async def test_setup_keeps_only_a_hash_and_clears_the_fields(make_app: MakeApp) -> None:
    secret = "tulips-in-may"
    app = make_app("pesten", passwords=quick_scheme())
    async with app.run_test(size=SIZE) as pilot:
        await _type_password(pilot, 0, secret, secret)
        screen = app.screen
        assert screen.query_one("#password-0", Input).value == ""
        assert screen.query_one("#again-0", Input).value == ""
        assert "✓ locked" in screen_text(app)
        lock = screen.locks[0]  # type: ignore[attr-defined]
        assert lock.encoded_hash.startswith("$argon2id$")
        assert lock.verify(secret)
        assert secret not in repr(vars(screen))
        assert secret not in screen_text(app)


async def test_an_empty_password_is_allowed_after_a_warning(make_app: MakeApp) -> None:
    app = make_app("pesten", passwords=quick_scheme(), seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await _type_password(pilot, 0, "anna-pw", "anna-pw")
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
            await unlock(pilot, "anna-pw")
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


async def test_a_wrong_password_never_reveals_the_hand(make_app: MakeApp) -> None:
    table = arranged_table([ANNA, BRAM, COR], "5C 7D")
    app = table_app(make_app, table)
    async with app.run_test(size=SIZE) as pilot:
        for attempt in ("wrong", "ANNA-PW", "anna-pw "):
            await unlock(pilot, attempt)
            assert shown_hand(app) == []
            assert lock_title(app) == "Pass the terminal to Anna."
            assert "Wrong password; the hand stays hidden." in message(app)
            text = screen_text(app)
            assert not any(face in text for face in faces_in_hands(table.state))
        await unlock(pilot, "anna-pw")
        assert sorted(shown_hand(app)) == sorted(ANNA.split())


async def test_enter_on_an_empty_password_field_is_not_a_wrong_try(make_app: MakeApp) -> None:
    table = arranged_table([ANNA, BRAM, COR], "5C 7D")
    app = table_app(make_app, table)
    async with app.run_test(size=SIZE) as pilot:
        await unlock(pilot, "")
        assert message(app) == "Type Anna's password, then press Enter."
        assert shown_hand(app) == []
        lock = table.seats[0].lock
        assert lock is not None and lock.failed_tries == 0


async def test_repeated_wrong_tries_make_the_next_try_wait_longer(make_app: MakeApp) -> None:
    """The wait is kept by the wall clock (injected): a try before it is over is refused and
    not counted, whatever is typed; the hand stays hidden."""
    scheme = PasswordScheme(cheap=True, retry_delays=(0.0, 1.0, 60.0))
    table = arranged_table([ANNA, BRAM, COR], "5C 7D", scheme=scheme)
    now = [1_000.0]
    app = make_app("pesten", table=table, wall=lambda: now[0])
    async with app.run_test(size=SIZE) as pilot:
        await unlock(pilot, "wrong")
        assert message(app) == "Wrong password; the hand stays hidden."
        await unlock(pilot, "wrong again")
        assert message(app) == (
            "Wrong password; the hand stays hidden. Wait 1 s before the next try.")
        assert "wait 1 s" in screen_text(app)
        await unlock(pilot, "anna-pw")  # the right password, too soon
        assert shown_hand(app) == [] and "Wait 1 s" in message(app)
        now[0] += 1
        await unlock(pilot, "still wrong")
        assert "Wait 60 s" in message(app)
        now[0] += 59
        await unlock(pilot, "anna-pw")
        assert shown_hand(app) == [] and "Wait 1 s" in message(app)
        now[0] += 1
        await unlock(pilot, "anna-pw")
        assert len(shown_hand(app)) == 7


async def test_the_lock_screen_looks_the_same_whatever_the_hidden_hands_hold(
    make_app: MakeApp,
) -> None:
    texts = []
    for hands in ([ANNA, BRAM, COR], [COR, ANNA, BRAM]):
        app = table_app(make_app, arranged_table(hands, "5C 7D"))
        async with started(app, SIZE):
            texts.append(screen_text(app))
    assert "Pass the terminal to Anna." in texts[0]
    assert texts[0] == texts[1]


# ------------------------------------------------------------------ playing


async def test_revealed_hand_highlights_the_legal_cards(make_app: MakeApp) -> None:
    app = table_app(make_app, arranged_table([ANNA, BRAM, COR], "5C 7D"))
    async with app.run_test(size=SIZE) as pilot:
        await unlock(pilot, "anna-pw")
        hand = table_screen(app).query_one("#cards", PestenHand)
        lit = {str(view.card) for view in hand.query(CardView) if view.has_class("-legal")}
        assert lit == {"7H", "7C", "7S", "JD"}
        assert table_screen(app).query_one("#draw", Button).disabled


async def test_a_set_is_played_in_the_order_selected(make_app: MakeApp) -> None:
    async with annas_turn(make_app, [ANNA, BRAM, COR], "5C 7D") as (table, app, pilot):
        await select(pilot, "7S", "7C", "7H")
        hand = table_screen(app).query_one("#cards", PestenHand)
        badges = {str(view.card): view.badge for view in hand.query(CardView) if view.badge}
        assert badges == {"7S": "1", "7C": "2", "7H": "3"}
        await press(pilot, "enter")
        assert [str(card) for card in table.state.pile[-3:]] == ["7S", "7C", "7H"]
        assert "Anna plays 7♠ 7♣ 7♥" in screen_text(app)
        # A seven: Anna plays again on her revealed hand.
        assert sorted(shown_hand(app)) == sorted(["3H", "JD", "9S", "QH"])
        assert "Seven" in message(app)


async def test_a_jack_opens_the_suit_chooser_and_names_the_suit(make_app: MakeApp) -> None:
    async with annas_turn(make_app, [ANNA, BRAM, COR], "5C 7D") as (table, app, pilot):
        await select(pilot, "JD")
        await press(pilot, "enter")
        assert isinstance(app.screen, SuitChooser)
        await press(pilot, "h")
        assert table.state.suit is Suit.HEARTS
        await press(pilot, "enter")  # Done: the turn passes
        assert shown_hand(app) == []
        assert lock_title(app) == "Pass the terminal to Bram."
        assert shown_text(app, "#asked") == "Suit asked:\n♥ hearts"


async def test_the_suit_chooser_takes_a_number_key(make_app: MakeApp) -> None:
    async with annas_turn(make_app, [ANNA, BRAM, COR], "5C 7D") as (table, _app, pilot):
        await select(pilot, "JD")
        await press(pilot, "enter", "4")
        assert table.state.suit is Suit.SPADES


async def test_a_taken_joker_stack_names_its_suit(make_app: MakeApp) -> None:
    table = arranged_table([BRAM, ANNA, COR], "5C JK", stack=5)
    app = table_app(make_app, table)
    async with app.run_test(size=SIZE) as pilot:
        assert shown_text(app, "#pending") == "Joker: Anna takes 5 or plays a joker."
        await unlock(pilot, "anna-pw")
        assert "take 5 (t or Enter) and name a suit" in message(app)
        assert table_screen(app).query_one("#draw", Button).disabled
        await press(pilot, "t")
        # The suit is named as the cards are taken: the chooser comes first.
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


async def test_a_joker_stack_cannot_be_looked_at_and_then_left(make_app: MakeApp) -> None:
    """Issue 27 C9: Anna pressed t, saw the five cards, pressed Escape at the suit chooser
    ("nothing happened") and played her own joker, so Bram took the cards she had seen.
    Now no card shows before the take is made; Escape at the chooser leaves nothing seen."""
    own = "JK 3H 7H 7C 9S QH 4D"
    table = arranged_table([own, BRAM, COR], "5C JK", stack=5)
    app = table_app(make_app, table)
    async with app.run_test(size=SIZE) as pilot:
        await unlock(pilot, "anna-pw")
        await press(pilot, "t")
        assert isinstance(app.screen, SuitChooser)
        assert len(shown_hand(app)) == 7  # her own seven: none of the stack is shown
        assert "New in your hand" not in message(app)
        await press(pilot, "escape")
        assert message(app).startswith("No suit named; nothing happened.")
        assert table.state.stack == 5 and len(table.state.hands[0]) == 7
        assert "New in your hand" not in screen_text(app)
        assert sorted(shown_hand(app)) == sorted(own.split(" "))


async def test_a_two_stack_shows_what_is_pending_and_can_be_answered(make_app: MakeApp) -> None:
    table = arranged_table(["3H 2H 2S 3D 9S QH KC", BRAM, COR], "5C 2D", stack=2)
    app = table_app(make_app, table)
    async with app.run_test(size=SIZE) as pilot:
        assert shown_text(app, "#pending") == (
            "2-stack: Anna takes 2 or answers with a 2 or the 3♦."
        )
        await unlock(pilot, "anna-pw")
        await select(pilot, "3D")
        await press(pilot, "enter")
        assert table.state.stack == 5
        assert shown_text(app, "#pending").startswith("2-stack: Bram takes 5")


async def test_forgetting_last_card_costs_two_cards(make_app: MakeApp) -> None:
    async with annas_turn(make_app, ["3D 9S", BRAM, COR], "5C 3S") as (table, app, pilot):
        await select(pilot, "3D")
        await press(pilot, "enter")
        assert len(table.state.hands[0]) == 3
        assert "Anna forgot to call last card and takes 2." in screen_text(app)


async def test_calling_last_card_with_l_avoids_the_penalty_and_marks_the_seat(
    make_app: MakeApp,
) -> None:
    async with annas_turn(make_app, ["3D 9S", BRAM, COR], "5C 3S") as (table, app, pilot):
        await select(pilot, "3D")
        await press(pilot, "l")
        assert "Last card! ✓" in screen_text(app)
        await press(pilot, "enter")
        assert len(table.state.hands[0]) == 1
        text = screen_text(app)
        assert "Anna: last card!" in text
        assert re.search(r"Anna\s+1\s+0\s+LAST", text)


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


async def test_a_drawn_card_that_fits_may_be_played_or_kept(make_app: MakeApp) -> None:
    async with annas_turn(
        make_app, ["3H 9S QH 4S", BRAM, COR], "5C 7D", draw_next="6D"
    ) as (_table, app, pilot):
        await click(pilot, "#stock")
        assert "You drew 6♦ and it fits" in message(app)
        hand = table_screen(app).query_one("#cards", PestenHand)
        lit = [str(view.card) for view in hand.query(CardView) if view.has_class("-legal")]
        assert lit == ["6D"]
        await press(pilot, "p")
        assert "Anna keeps the drawn card." in screen_text(app)
        assert lock_title(app) == "Pass the terminal to Bram."


async def test_a_refused_play_shows_the_engines_sentence(make_app: MakeApp) -> None:
    async with annas_turn(make_app, [ANNA, BRAM, COR], "5C 7D") as (table, app, pilot):
        await select(pilot, "QH")
        await press(pilot, "enter")
        assert "Q♥ does not go on 7♦" in message(app)
        assert len(table.state.hands[0]) == 7
        await press(pilot, "d")
        assert "You can play" in message(app)


async def test_a_double_click_plays_a_card(make_app: MakeApp) -> None:
    async with annas_turn(make_app, [ANNA, BRAM, COR], "5C 7D") as (table, app, pilot):
        hand = table_screen(app).query_one("#cards", PestenHand)
        views = list(hand.query(CardView))
        target = next(view for view in views if str(view.card) == "9S")
        await click(pilot, target)  # a card that does not fit: refused, nothing played
        assert table_screen(app).selected == []
        target = next(view for view in views if str(view.card) == "7H")
        await pilot.double_click(target)
        await pilot.pause()
        assert str(table.state.pile[-1]) == "7H"


async def test_dragging_the_selection_onto_the_discard_pile_plays_it(make_app: MakeApp) -> None:
    async with annas_turn(make_app, [ANNA, BRAM, COR], "5C 7D") as (table, app, pilot):
        await select(pilot, "7C", "7S")
        hand = table_screen(app).query_one("#cards", PestenHand)
        seven = next(view for view in hand.query(CardView) if str(view.card) == "7H")
        await pilot.mouse_down(seven)
        await pilot.hover("#history")
        await pilot.hover("#discard")
        await pilot.mouse_up("#discard")
        await pilot.pause()
        assert [str(card) for card in table.state.pile[-3:]] == ["7C", "7S", "7H"]


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
    app = make_app("pesten", passwords=quick_scheme(), seed=2024)
    async with app.run_test(size=SIZE) as pilot:
        await _type_password(pilot, 0, "anna-pw", "anna-pw")
        await _type_password(pilot, 1, "bram-pw", "bram-pw")
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen = table_screen(app)
        table = screen.session
        assert [seat.plays for seat in table.seats] == ["human", "human", "careful"]
        passwords = {"Anna": "anna-pw", "Bram": "bram-pw"}
        turns = 0
        while turns < 8 and not table.over:
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
        assert turns >= 4
        history = " ".join(describe(event, 0) for event in table.state.history)
        assert "Cor" in history
        assert "anna-pw" not in history and "bram-pw" not in history


async def test_the_round_ends_and_the_next_round_keeps_seats_and_passwords(
    make_app: MakeApp,
) -> None:
    async with annas_turn(make_app, ["7D", BRAM, COR], "5C 7C") as (_table, app, pilot):
        await press(pilot, "enter")
        assert isinstance(app.screen, EndScreen)
        text = screen_text(app)
        assert "Anna wins round 1!" in text
        assert re.search(r"Anna\s+1", text) and re.search(r"Bram\s+0", text)
        await pilot.click("#choice-next")
        await settle(pilot)
        screen = table_screen(app)
        assert screen.session.state.round == 2
        assert screen.session.state.wins == (1, 0, 0)
        assert [seat.name for seat in screen.session.seats] == ["Anna", "Bram", "Cor"]
        name = screen.session.seats[screen.session.state.current].name
        assert lock_title(app) == f"Pass the terminal to {name}."
        await unlock(pilot, dict(zip(("Anna", "Bram"), PASSWORDS, strict=False))[name])
        assert shown_hand(app)


async def test_menu_from_the_round_end_goes_back_to_the_menu(make_app: MakeApp) -> None:
    from tableau.ui.screens.menu import MenuScreen

    async with annas_turn(make_app, ["7D", BRAM, COR], "5C 7C") as (_table, app, pilot):
        await press(pilot, "enter")
        await click(pilot, "#choice-menu")
        assert isinstance(app.screen, MenuScreen)


@pytest.mark.parametrize("card", ["7H", "JD"])
def test_scene_tables_hold_the_cards_they_name(card: str) -> None:
    table = arranged_table([ANNA, BRAM, COR], "5C 7D")
    assert parse_any_card(card) in table.state.hands[0]
    assert sum(len(hand) for hand in table.state.hands) + len(table.state.stock) + len(
        table.state.pile
    ) == 54


async def test_enter_plays_the_card_just_drawn_when_it_fits(make_app: MakeApp) -> None:
    async with annas_turn(
        make_app, ["3H 9S QH 4S", BRAM, COR], "5C 7D", draw_next="6D"
    ) as (table, app, pilot):
        await press(pilot, "d")
        await press(pilot, "enter")
        assert str(table.state.pile[-1]) == "6D"
        await press(pilot, "enter")  # Done
        assert lock_title(app) == "Pass the terminal to Bram."


async def test_leaving_during_a_round_asks_first(make_app: MakeApp) -> None:
    from tableau.ui.screens.dialogs import ChooserScreen
    from tableau.ui.screens.menu import MenuScreen

    table = arranged_table([ANNA, BRAM, COR], "5C 7D")
    app = table_app(make_app, table)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "escape")  # from the lock screen: the password field has focus
        assert isinstance(app.screen, ChooserScreen)
        await click(pilot, "#choice-stay")
        assert lock_title(app) == "Pass the terminal to Anna."
        await unlock(pilot, "anna-pw")
        await press(pilot, "q")
        await click(pilot, "#choice-leave")
        assert isinstance(app.screen, MenuScreen)


async def test_a_lone_human_is_not_asked_again_within_a_round(make_app: MakeApp) -> None:
    table = arranged_table(
        ["8H 3H 9S", BRAM, COR], "5C 8C", kinds=("human", "random", "careful"),
    )
    app = table_app(make_app, table)
    async with app.run_test(size=SIZE) as pilot:
        await unlock(pilot, "anna-pw")
        await select(pilot, "8H")
        await pilot.press("enter", "enter")  # play, Done
        await settle(pilot)
        if not table.over:
            assert table.state.current == 0
            assert table_screen(app).mode == "hand"
            assert sorted(shown_hand(app)) == sorted(str(c) for c in table.state.hands[0])


async def test_with_a_pause_each_cpu_moves_after_it_and_the_lone_human_plays_on(
    make_app: MakeApp,
) -> None:
    table = arranged_table(
        ["9H 3H 5S", BRAM, COR], "5C 9C", kinds=("human", "random", "careful"),
    )
    app = table_app(make_app, table)
    # Long enough that a loaded machine still shows the wait before Bram moves.
    app.runtime.cpu_delay = 2.5
    async with app.run_test(size=SIZE) as pilot:
        await unlock(pilot, "anna-pw")
        await select(pilot, "9H")
        await press(pilot, "enter")
        assert table.state.current == 1 and table_screen(app).mode == "hand"  # until Done
        await pilot.pause(1.2)
        assert table.state.current == 1  # no CPU moves while Anna holds the terminal
        await press(pilot, "enter")
        assert table.state.current == 1 and table_screen(app).mode == "wait"
        assert shown_text(app, "#wait-text") == "Bram (CPU) is thinking…"
        assert "Anna plays 9♥" in message(app)
        for _ in range(150):
            await pilot.pause(0.1)
            if table.state.current == 0 or table.over:
                break
        assert [event.seat for event in table.state.history[-2:]] == [1, 2] or table.over
        if not table.over:
            assert table_screen(app).mode == "hand"


@pytest.mark.parametrize("size", [(40, 12), (200, 60)])
async def test_odd_terminal_sizes_do_not_break_the_table(
    make_app: MakeApp, size: tuple[int, int]
) -> None:
    async with annas_turn(make_app, [ANNA, BRAM, COR], "5C 7D", size) as (table, _app, pilot):
        await press(pilot, "space", "enter")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert str(table.state.pile[-1]) == "7C"


async def test_names_that_look_like_markup_are_shown_as_typed(make_app: MakeApp) -> None:
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


async def test_setup_messages_show_markup_like_names_as_typed(make_app: MakeApp) -> None:
    app = make_app("pesten", passwords=quick_scheme())
    async with app.run_test(size=SIZE) as pilot:
        await _start_with_names(pilot, "[b]x", "[B]X")
        assert _problem(app, 1) == "Seat 1 is already called [b]x; pick another name."


# ------------------------------------------------------------------ play-testing polish


def lit_cards(app: TableauApp) -> list[str]:
    hand = table_screen(app).query_one("#cards", PestenHand)
    return [str(view.card) for view in hand.query(CardView) if view.has_class("-legal")]


async def test_going_out_with_a_jack_wins_at_once_without_asking_a_suit(
    make_app: MakeApp,
) -> None:
    async with annas_turn(make_app, ["JD", BRAM, COR], "5C 7D") as (table, app, pilot):
        await press(pilot, "enter")
        assert not isinstance(app.screen, SuitChooser)
        assert isinstance(app.screen, EndScreen)
        assert table.over and table.state.winner == 0


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


async def test_a_refused_drag_leaves_no_hidden_selection(make_app: MakeApp) -> None:
    async with annas_turn(make_app, ["QC 8H 3D 9S", BRAM, COR], "5C 8S") as (
        table, app, pilot
    ):
        await drag_to_discard(pilot, "QC")
        assert "Q♣ does not go on 8♠" in message(app)
        assert table_screen(app).selected == []
        hand = table_screen(app).query_one("#cards", PestenHand)
        assert not any(view.badge for view in hand.query(CardView))
        await drag_to_discard(pilot, "8H")
        assert "Anna plays 8♥ — Bram is skipped" in [describe(e, 0) for e in table.state.history]


async def test_take_and_last_card_buttons_grow_with_their_labels(make_app: MakeApp) -> None:
    async with annas_turn(make_app, ["2D 9S QH", BRAM, COR], "5C 7D") as (_t, app, pilot):
        await select(pilot, "2D")
        await press(pilot, "enter", "enter")
        await unlock(pilot, "bram-pw")
        assert "Take 2 t" in screen_text(app)  # the button was "Take t" for Anna
        await press(pilot, "l")
        assert "Last card! ✓ l" in screen_text(app)


async def test_the_last_mark_keeps_clear_of_the_stock_at_80x24(make_app: MakeApp) -> None:
    async with annas_turn(make_app, ["3D 9S", BRAM, COR], "5C 3S") as (_table, app, pilot):
        await select(pilot, "3D")
        await press(pilot, "l", "enter")
        assert re.search(r"Anna\s+1\s+0\s+LAST\s+╭", screen_text(app))


async def test_the_palette_offers_the_rules_and_leaving_but_no_undo_or_save(
    make_app: MakeApp,
) -> None:
    from tableau.ui.screens.help import HelpScreen

    async with annas_turn(make_app, [ANNA, BRAM, COR], "5C 7D") as (_table, app, pilot):
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Rules and controls" in titles and "Leave the table" in titles
        assert not any(word in title.lower() for title in titles for word in ("undo", "save"))
        await press(pilot, "ctrl+p")
        await press(pilot, *"rules", "enter")
        assert isinstance(app.screen, HelpScreen)


async def test_taken_cards_are_shown_until_done_before_the_hand_off(make_app: MakeApp) -> None:
    async with annas_turn(
        make_app, ["9S QH 4S", BRAM, COR], "5C 2D", stack=2, draw_next="KC 3S"
    ) as (table, app, pilot):
        await press(pilot, "t")
        assert sorted(shown_hand(app)) == sorted(["9S", "QH", "4S", "KC", "3S"])
        assert sorted(lit_cards(app)) == ["3S", "KC"]
        assert message(app) == "New in your hand: K♣ 3♠. Enter or Done when you have seen them."
        await press(pilot, "d", "space", "l")  # nothing else happens until Done
        assert len(table.state.hands[0]) == 5 and table.state.current == 1
        assert screen_text(app).count("Done") >= 1
        await press(pilot, "enter")
        assert shown_hand(app) == []
        assert lock_title(app) == "Pass the terminal to Bram."


async def test_penalty_cards_are_shown_before_the_hand_off(make_app: MakeApp) -> None:
    async with annas_turn(
        make_app, ["3D 9S", BRAM, COR], "5C 3S", draw_next="KC 5H"
    ) as (_table, app, pilot):
        await select(pilot, "3D")
        await press(pilot, "enter")
        assert sorted(shown_hand(app)) == ["5H", "9S", "KC"]
        assert sorted(lit_cards(app)) == ["5H", "KC"]
        await click(pilot, "#done")
        assert lock_title(app) == "Pass the terminal to Bram."


THIRTY = BIG_HAND


def whole_cards_in_view(hand: Any) -> list[str]:
    """The labels of the hand's cards that are drawn whole inside it and wide enough to read."""
    region = hand.region
    return [
        str(view.card) for view in hand.query(CardView)
        if region.contains_region(view.region) and view.region.width >= 4
    ]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_a_hand_of_30_cards_is_visible_whole(
    make_app: MakeApp, size: tuple[int, int]
) -> None:
    async with annas_turn(make_app, [THIRTY, BRAM, COR], "5C 3S", size) as (_table, app, _pilot):
        hand = table_screen(app).query_one("#cards", PestenHand)
        assert len(whole_cards_in_view(hand)) == 30
        text = screen_text(app)
        assert "10♠" in text and "7♣" in text and text.count("JK") >= 2


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_the_shared_hand_shows_30_cards_whole_in_go_fish_too(
    make_app: MakeApp, size: tuple[int, int]
) -> None:
    from tableau.ui.screens.gofish import GoFishHand

    app = make_app("gofish")
    async with started(app, size) as pilot:
        hand = app.screen.query_one(GoFishHand)
        hand.update([parse_any_card(code) for code in THIRTY.split() if code != "JK"])
        await pilot.pause()
        await pilot.pause()
        assert len(whole_cards_in_view(hand)) == 28


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


async def test_every_card_face_keeps_4_5_to_1_contrast_in_every_state_and_theme() -> None:
    app = CardFaces()
    async with app.run_test(size=(120, 40)) as pilot:
        themes = sorted(app.available_themes)
        assert len(themes) > 5
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


async def test_ctrl_q_during_a_round_asks_first_like_every_game(make_app: MakeApp) -> None:
    from tableau.ui.screens.dialogs import ConfirmScreen

    async with annas_turn(make_app, [ANNA, BRAM, COR], "5C 7D") as (_table, app, pilot):
        await press(pilot, "ctrl+q")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "n")
        assert app.is_running and not isinstance(app.screen, ConfirmScreen)
        await press(pilot, "ctrl+q")
        await press(pilot, "y")
        assert not app.is_running


# ------------------------------------------------------------------ undo before the hand-off


def history_text(table: PestenSession) -> str:
    return " ".join(describe(event, 0) for event in table.state.history)


async def test_undo_after_a_play_restores_the_hand_and_the_turn_and_done_hands_over(
    make_app: MakeApp,
) -> None:
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


async def test_undo_after_a_draw_is_refused_with_the_sentence(make_app: MakeApp) -> None:
    async with annas_turn(
        make_app, ["3H 9S QH 4S", BRAM, COR], "5C 7D", draw_next="6D"
    ) as (table, app, pilot):
        await press(pilot, "d")
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
        assert table.state.hands[0].count(parse_any_card("6D")) == 1


async def test_the_winning_play_ends_the_round_at_once(make_app: MakeApp) -> None:
    async with annas_turn(make_app, ["7D", BRAM, COR], "5C 7C") as (table, app, pilot):
        await press(pilot, "enter")
        assert table.over and isinstance(app.screen, EndScreen)


# ------------------------------------------------------------------ a match


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


async def test_a_round_of_a_match_shows_how_far_each_is_from_the_target(
    make_app: MakeApp,
) -> None:
    async with annas_turn(
        make_app, ["7D", BRAM, COR], "5C 7C", rules={"match": "wins", "target": 3},
    ) as (table, app, pilot):
        await press(pilot, "enter")
        text = screen_text(app)
        assert "Standings (first to 3 round wins)" in text
        assert re.search(r"1 Anna\s+1\s+0\s+2", text)
        await click(pilot, "#choice-next")
        assert table.state.round == 2


async def test_q_at_the_done_step_asks_and_staying_keeps_the_step(
    make_app: MakeApp,
) -> None:
    from tableau.ui.screens.dialogs import ConfirmScreen

    async with annas_turn(make_app, ["3D 9S QH", BRAM, COR], "5C 7D") as (table, app, pilot):
        await select(pilot, "3D")
        await press(pilot, "enter")
        await press(pilot, "escape")  # nothing selected: Escape does nothing
        assert isinstance(app.screen, PestenScreen)
        await press(pilot, "q")
        assert isinstance(app.screen, ConfirmScreen)
        await click(pilot, "#choice-stay")
        await pilot.resize_terminal(120, 40)  # a redraw keeps the step too
        await pilot.pause()
        assert sorted(shown_hand(app)) == ["9S", "QH"] and table.state.current == 1
        await press(pilot, "u")
        assert table.state.current == 0 and sorted(shown_hand(app)) == ["3D", "9S", "QH"]


async def test_a_points_match_set_up_on_the_screen_is_played_to_its_end(
    make_app: MakeApp,
) -> None:
    app = make_app("pesten", passwords=quick_scheme(), seed=31)
    async with app.run_test(size=SIZE) as pilot:
        setup = app.screen
        setup.query_one("#kind-1", Select).value = "random"
        setup.query_one("#match", Select).value = "points"
        setup.query_one("#points", Input).value = "10"
        await pilot.pause()
        await press(pilot, "ctrl+s", "ctrl+s")  # past the warning: Anna has no password
        screen = table_screen(app)
        table = screen.session
        assert (table.state.config.match, table.state.config.target) == ("points", 10)
        for _ in range(600):
            if isinstance(app.screen, EndScreen):
                if not app.screen.query("#choice-next"):
                    break
                await click(pilot, "#choice-next")
            elif screen.mode == "lock":
                await click(pilot, "#i-am")
            elif screen.mode == "hand":
                await _any_legal_move(pilot)
            else:
                await settle(pilot)
        assert isinstance(app.screen, EndScreen) and table.match_over
        winner = table.seats[engine.match_winner(table.state) or 0].name
        assert f"{winner} wins the match!" in screen_text(app)
        assert max(table.state.points) >= 10
        await click(pilot, "#choice-new-match")
        assert table_screen(app).session.state.round == 1
        assert table_screen(app).session.state.points == (0, 0, 0)
