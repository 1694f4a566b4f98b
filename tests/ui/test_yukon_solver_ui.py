"""The Yukon solver in the game, played through Pilot: the hint (h), "Is this deal winnable?",
winnable-only deals, auto-finish (F) and the proved loss on the status line.

The deals are chosen so the solver decides them in a few milliseconds: spec game 2 (won in
about 130 nodes) and a Russian game 1002 played to a table with every card face up and no way
to win (found by random play; the solver proves it lost in about 30 nodes)."""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import os
import tomllib
from collections.abc import AsyncIterator
from collections.abc import Callable
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Footer
from textual.widgets import Static
from ui_helpers import KEY_NAMES
from ui_helpers import message
from ui_helpers import press
from ui_helpers import settled
from ui_helpers import until
from ui_helpers import yukon_screen

from tableau.ai.yukon import Verdict
from tableau.ai.yukon import solve
from tableau.ai.yukon_hint import hint
from tableau.ai.yukon_hint import move_name
from tableau.cards import Suit
from tableau.engines import yukon
from tableau.engines.yukon import Phase
from tableau.engines.yukon import unseen_cards
from tableau.ui.app import TableauApp
from tableau.ui.scenes import still_app
from tableau.ui.screens import yukon_solver as yukon_screen_module
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.screens.yukon import LOOKED
from tableau.ui.screens.yukon import LOST_HERE
from tableau.ui.screens.yukon import YukonScreen
from tableau.ui.screens.yukon import winnable_sentence
from tableau.ui.widgets.pile import FanColumn
from tableau.ui.widgets.pile import StackPile

AppFactory = Callable[..., TableauApp]

LOST_RUSSIAN_1002 = (
    "C2:JD->C4 C4:5C->C3 C7:9D->C3 C5:JS->C7 C5->F3 C6:6D->C7 C3:TD->C4 C7:6H->C3 C7->C4 "
    "C4:4S->C7 C7:2D->C4 C6->C7 C3:QS->C1 C1:2C->C7 C7:5D->C1 C7->F3 C7->F3 C7->F3 C3:7H->C7 "
    "C4:3D->C3 C1->C4 C3:6C->C7 C3->F4 C1:9H->C5 C3:TS->C1 C7:4D->C5 C7->F3 C7->F3 C7->F3 "
    "C1->F3 C7:5S->C1 C7->F3 C7->F2 C7->C2 C7->F1 C5:JH->C2 C1:KS->C7 C2:KD->C1 C5:TH->C2 "
    "C7:8H->C2 C3->C7 C6->C3 C6->F3 C6->F3 C6->C4 C3->F3 C6->F2 C7->F2 C3->F3 C7->F2 C7->F2 "
    "C7->F2 C4->F2 C4->F2 C4->F2 C4->F1 C1->F1 C1->F1 C7->F2 C7->F2 C5->C1"
)


@asynccontextmanager
async def table(
    make_app: AppFactory, seed: int = 2, size: tuple[int, int] = (120, 40), **options: Any
) -> AsyncIterator[tuple[Pilot[Any], YukonScreen]]:
    app = make_app("yukon", seed=seed, deal=True, **options)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        yield pilot, yukon_screen(app)


@pytest.fixture
def slow_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint that thinks for an hour (ten thousand samples; the tests stop it first), so a
    test can act meanwhile, however slowly a loaded machine runs it."""
    monkeypatch.setattr(yukon_screen_module, "HINT_SECONDS", 3600.0)
    monkeypatch.setattr(yukon_screen_module, "hint", partial(hint, samples=10_000))


QUICK_HINT = partial(hint, samples=6, max_nodes=600)
"""The hint on a node budget (tests/ai/test_yukon_hint.py's), so it answers at once; with
``HINT_SECONDS`` endless, its answer depends on nothing but the table, however slow the
machine."""


def _footer_keys(screen: YukonScreen) -> dict[str, Static]:
    footer = screen.query_one(Footer)
    return {str(key.description): key for key in footer.query("FooterKey")  # type: ignore[misc,attr-defined]
            if key.description}  # type: ignore[attr-defined]


def status(screen: YukonScreen) -> str:
    return str(screen.query_one("#status", Static).content)


async def play(pilot: Pilot[Any], screen: YukonScreen, moves: list[str]) -> None:
    """Type the moves, as a player would on the INPUT line (the board has the keys)."""
    for move in moves:
        screen.run_command(move)
    await settled(pilot)


def face_up_win_moves() -> tuple[list[str], int]:
    """Spec game 2: the solver's win up to the move that turns the last card, and how many."""
    state = yukon.numbered_game(2)
    played: list[str] = []
    for move in solve(state).moves:
        state = yukon.apply(state, move)
        played.append(str(move))
        if not unseen_cards(yukon.view(state)):
            return played, len(played)
    raise AssertionError("the win never turned every card")


async def test_the_solver_on_one_deal_hints_judges_offers_finish_and_finishes(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Spec game 2 dealt (the solver decides it in about 130 nodes), at 80×24 then 120×40:

    - a failing solver says so, the status line clears and the table goes on;
    - h shows a hint (its solver on a node budget), marks its card and its target (that it
      thinks in a child process while the table takes keys and moves, and Escape stops it:
      test_the_hint_thinks_apart_escape_stops_it_and_moves_drop_its_answer; how long it
      takes is bench/'s, not a test's);
    - "Is this deal winnable?" says the deal can be won; after a move, that it still can;
    - once every card is face up the status line, the palette and the footer offer F; the
      footer fits at 80×24 without 1-7 (the number keys still jump), 120×40 shows 1-7;
    - any key stops auto-finish (at a slow pace) and F is offered again;
    - F finishes the game move by move; the win dialog asks the solver about the deal; undo
      takes back one move.
    """
    moves, made = face_up_win_moves()
    async with table(make_app, size=(80, 24)) as (pilot, screen):
        app: TableauApp = pilot.app  # type: ignore[assignment]
        # A failing solver: a real function of the solver's modules, called wrongly, so it
        # fails in the child.
        monkeypatch.setattr(yukon_screen_module, "hint", solve)
        await press(pilot, "h")
        await settled(pilot)
        assert message(app).endswith("The solver stopped unexpectedly (RuntimeError).")
        assert status(screen) == ""
        # The hint.
        monkeypatch.setattr(yukon_screen_module, "hint", QUICK_HINT)
        monkeypatch.setattr(yukon_screen_module, "HINT_SECONDS", math.inf)
        await press(pilot, "h")
        await settled(pilot)
        text = message(app)
        assert "ways the hidden cards could lie" in text, text
        assert status(screen) == ""
        named = text.split(": wins in")[0].split()[-1]
        move = yukon.parse_move(named.translate({ord(s.glyph): s.letter for s in Suit}))
        assert named == move_name(move)  # the card as the table draws it, 10♥ not TH
        assert move in screen.view.legal
        source = screen.query_one(f"#pile-{move.source}", FanColumn)
        assert source.picked_from is not None
        target = screen.query_one(f"#pile-{move.target}")
        assert isinstance(target, FanColumn | StackPile) and target.target == "legal"
        await press(pilot, "escape")
        # Is this deal winnable?
        screen.action_winnable()
        await settled(pilot)
        assert message(app).endswith(LOOKED + "this deal can be won.")
        await play(pilot, screen, ["C5:2H->C7"])
        assert screen.view.moves == 1
        screen.action_winnable()
        await settled(pilot)
        assert message(app).endswith(
            LOOKED + "this deal can be won. From here it can still be won.")
        await play(pilot, screen, ["U"])
        assert screen.view.moves == 0
        # Every card face up: F is offered, and the footer fits.
        await play(pilot, screen, moves)
        await pilot.pause()
        assert screen.view.moves == made
        assert status(screen) == "F: finish (the solver found the win)"
        assert "Finish the game" in [command.title for command in screen.palette_commands()]
        footer = screen.query_one(Footer)
        keys = _footer_keys(screen)
        assert {"Finish", "Undo", "New", "Menu", "Help"} <= set(keys)
        assert footer.virtual_size.width <= app.size.width
        assert all(key.region.right <= app.size.width for key in keys.values())
        assert "Col" not in keys, "1-7 is in the help; the footer keeps its cells"
        await press(pilot, "3")
        assert screen.controls.cursor_name == "C3", "the number keys still jump"
        await pilot.resize_terminal(120, 40)
        # The footer is built again a refresh after the resize.
        await until(pilot, lambda: "Col" in _footer_keys(screen),
                    "a large screen's room for 1-7")
        await press(pilot, "1")
        assert screen.controls.cursor_name == "C1"
        # Any key stops auto-finish.
        screen.runtime.cpu_delay = 3600.0  # so the key comes before the next move, however slow
        await press(pilot, "F")
        assert status(screen) == "Finishing… any key stops."
        await press(pilot, "right")
        assert "Stopped." in message(app)
        assert screen.view.moves == made
        await settled(pilot)
        assert status(screen) == "F: finish (the solver found the win)"  # offered again
        # F finishes.
        screen.runtime.cpu_delay = 0.0
        await press(pilot, "F")
        await settled(pilot)
        await until(pilot, lambda: screen.view.won and isinstance(app.screen, EndScreen),
                    "the won game's end")
        assert screen.view.won
        assert isinstance(app.screen, EndScreen)
        await pilot.click("#choice-winnable")
        await settled(pilot)
        assert message(app).endswith(LOOKED + "this deal can be won.")
        if isinstance(app.screen, EndScreen):
            await press(pilot, "escape")
        left = screen.view.moves - made
        assert left > 1  # each a move of its own
        await press(pilot, "u")
        assert not screen.view.won and screen.view.moves == made + left - 1


async def wait_until(condition: Callable[[], bool], seconds: float = 10.0) -> None:
    waited = 0.0
    while not condition():
        assert waited < seconds, "waited in vain"
        await asyncio.sleep(0.02)
        waited += 0.02


@pytest.mark.usefixtures("slow_hint")
async def test_the_hint_thinks_apart_escape_stops_it_and_moves_drop_its_answer(
    make_app: AppFactory,
) -> None:
    """Classic game 1 with a hint that thinks for a minute: the status says it thinks, in a
    child process, never in the interpreter that takes the keys; Escape stops it (the child
    killed, not left) and says Stopped.; a move made while a new hint thinks is played, the
    status clears, and the stale answer is dropped (no card marked)."""
    async with table(make_app, seed=1, rules="classic", size=(80, 24)) as (pilot, screen):
        await press(pilot, "h")
        assert status(screen) == "Thinking of a hint… Esc stops."
        await wait_until(lambda: bool(multiprocessing.active_children()))
        await press(pilot, "escape")
        assert status(screen) == ""
        await wait_until(lambda: not multiprocessing.active_children())  # killed, not left
        await settled(pilot)
        assert message(pilot.app).endswith("Stopped.")  # type: ignore[arg-type]
        await press(pilot, "h")
        assert status(screen).startswith("Thinking")
        await pilot.press("colon", *(KEY_NAMES.get(c, c) for c in "C1->F1"), "enter")
        assert screen.view.moves == 1
        assert status(screen) == ""
        await settled(pilot)
        assert message(pilot.app).endswith("OK")  # type: ignore[arg-type]
        assert all(pile.picked_from is None for pile in screen.query(FanColumn))


async def test_winnable_deals_are_chosen_in_the_set_up_remembered_and_dealt_by_n(
    tmp_path: Any,
) -> None:
    """The set-up's Deals: winnable only opens the game on a deal the solver proved and
    remembers the choice; the next start (as the menu opens it) deals a winnable game and
    the palette offers to turn it off; the palette's toggle turns it off and on (remembered);
    n then deals another proved deal, named in the message and the title."""
    app = still_app(None, folder=tmp_path, persist=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "1")  # Yukon's set-up
        await press(pilot, "down", "right")  # Deals: winnable only
        await press(pilot, "enter")
        await settled(pilot)
        screen = yukon_screen(app)
        number = screen.game_number()
        assert screen.view.phase is Phase.PLAY and number is not None
        assert f"Winnable deal, seed {number}." in message(app)
        assert solve(yukon.numbered_game(number)).kind == "won"
        assert app.runtime.settings.get("yukon", "winnable_only") is True
    again = still_app("yukon", folder=tmp_path, persist=True)  # as the menu opens it
    async with again.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        screen = yukon_screen(again)
        titles = [command.title for command in screen.palette_commands()]
        assert "Winnable deals only: turn off" in titles
        first = screen.game_number()
        assert screen.view.phase is Phase.PLAY and first is not None
        assert screen.sub_title == f"winnable deal, seed {first}"
        assert solve(yukon.numbered_game(first)).kind == "won"
        screen.action_toggle_winnable_only()
        assert again.runtime.settings.get("yukon", "winnable_only") is False
        saved = tomllib.loads((Path(os.environ["TABLEAU_HOME"]) / "settings.toml").read_text())
        assert saved["yukon"]["winnable_only"] is False, "the palette's toggle is remembered"
        titles = [command.title for command in screen.palette_commands()]
        assert "Winnable deals only: turn on" in titles
        screen.action_toggle_winnable_only()
        assert again.runtime.settings.get("yukon", "winnable_only") is True
        await press(pilot, "escape", "n")
        await settled(pilot)
        number = screen.game_number()
        assert number is not None and number != first
        assert f"Winnable deal, seed {number}." in message(again)
        assert screen.sub_title == f"winnable deal, seed {number}"
        assert solve(yukon.numbered_game(number)).kind == "won"


async def test_a_face_up_table_with_no_way_to_win_says_so(make_app: AppFactory) -> None:
    async with table(make_app, seed=1002, rules="russian") as (pilot, screen):
        await play(pilot, screen, LOST_RUSSIAN_1002.split())
        assert screen.view.legal  # not stuck: moves are left, but none wins
        assert status(screen) == LOST_HERE
        assert "No way to win from here." in message(pilot.app)  # type: ignore[arg-type]
        await press(pilot, "h")  # the hint answers with the proof (no hint found wins before)
        assert screen.note == LOST_HERE
        await press(pilot, "u")
        await settled(pilot)
        assert screen.view.moves == len(LOST_RUSSIAN_1002.split()) - 1


def test_the_winnable_sentence_says_what_the_solver_found_and_that_it_looked() -> None:
    def verdict(kind: Any) -> Verdict:
        return Verdict(kind, (), 0, 0.0)

    assert winnable_sentence(verdict("lost"), None) == (
        LOOKED + "this deal cannot be won, whatever is played.")
    assert winnable_sentence(verdict("unknown"), None) == (
        LOOKED + "it could not tell within 10 s whether this deal can be won.")
    assert winnable_sentence(verdict("won"), verdict("lost")) == (
        LOOKED + "this deal can be won. From here it cannot be won any more.")
    assert winnable_sentence(verdict("won"), verdict("unknown")).endswith(
        "Whether it can still be won from here, it could not tell in time.")
