"""Scenes of the Yukon screen, for snapshot tests and ``make screenshots``."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from tableau.ui.app import TableauApp
from tableau.ui.scenes import as_opened
from tableau.ui.scenes import scenes_of
from tableau.ui.scenes import still_app
from tableau.ui.screens.yukon import YukonScreen

SEED = 2026


def _app() -> TableauApp:
    folder = Path(tempfile.mkdtemp(prefix="tableau-yukon-scene-"))
    return still_app("yukon", seed=SEED, folder=folder)


async def _type(pilot: Pilot[Any], *lines: str) -> None:
    """Each line run as INPUT runs it on Enter (the screen's ``run_command``), without
    typing it key by key or moving the focus to INPUT and back: the picture is the same
    (the snapshots check it), for a fraction of the work."""
    for line in lines:
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, YukonScreen)
        screen.controls.reset()
        screen.run_command(line)
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()  # S and L run in a thread
    await pilot.pause()


async def _deck_shown(pilot: Pilot[Any]) -> None:
    await _type(pilot, "LD", "SW")


async def _fresh_deal(pilot: Pilot[Any]) -> None:
    await _type(pilot, "LD", "SR", "P")


async def _mid_game(pilot: Pilot[Any]) -> None:
    """The unshuffled deck dealt, three moves made (as INPUT makes them), then C5's 9♥ and
    the cards below it picked with the keys (the cursor rests on it)."""
    await _type(pilot, "LD", "P", "C1->F1", "C4:KH->C1", "C6->C3")
    await pilot.press("5", "up", "up", "up", "space")
    await pilot.pause()


def almost_won_save() -> str:
    """A save one move from the win: every card home except the king of spades in C1."""
    from tableau.cards import FULL_DECK
    from tableau.cards import Card
    from tableau.cards import Rank
    from tableau.cards import Suit
    from tableau.engines.yukon import Phase
    from tableau.engines.yukon import Slot
    from tableau.engines.yukon import State
    from tableau.sessions.timeline import Timeline
    from tableau.sessions.yukon import YukonSession

    king = Card(Rank.KING, Suit.SPADES)
    foundations = tuple(
        tuple(card for card in FULL_DECK if card.suit is suit and card != king)
        for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
    )
    columns = ((Slot(king, True),), (), (), (), (), (), ())
    state = State(Phase.PLAY, FULL_DECK, columns, foundations, SEED, "spec", 120)
    return json.dumps(YukonSession(Timeline(state)).file_json())


async def _won(pilot: Pilot[Any]) -> None:
    """Load a position one move from the end, then make the last move."""
    app = pilot.app
    assert isinstance(app, TableauApp)
    (app.runtime.folder / "almost-won.json").write_text(almost_won_save(), encoding="utf-8")
    await _type(pilot, "L almost-won.json")
    await pilot.press("colon")  # the last move typed in INPUT, as a player types it
    await _type(pilot, "C1->F4")


def played_save(seed: int, moves: int, rules: str = "spec") -> str:
    """The save of game ``seed`` after ``moves`` random legal moves (a position play reaches,
    so a load accepts it)."""
    import random

    from tableau.engines.yukon import apply
    from tableau.engines.yukon import legal_moves
    from tableau.engines.yukon import numbered_game
    from tableau.sessions.timeline import Timeline
    from tableau.sessions.yukon import YukonSession

    state = numbered_game(seed, rules)
    chooser = random.Random(seed)
    for _ in range(moves):
        choices = legal_moves(state)
        state = apply(state, choices[chooser.randrange(len(choices))])
    return json.dumps(YukonSession(Timeline(state)).file_json())


def long_column_save() -> str:
    """Game 4 after 51 random moves: C7 holds 31 cards, six face down (taller than the
    table at 80×24)."""
    return played_save(4, 51)


async def _long_column(pilot: Pilot[Any]) -> None:
    """A save with a 21-card column, loaded: the column shows from its header."""
    app = pilot.app
    assert isinstance(app, TableauApp)
    (app.runtime.folder / "long.json").write_text(long_column_save(), encoding="utf-8")
    await _type(pilot, "L long.json")


async def _help(pilot: Pilot[Any]) -> None:
    await pilot.press("f1")
    await pilot.pause()


SCENES = scenes_of("yukon", _app, {
    "startup": as_opened,
    "deck-shown": _deck_shown,
    "deal": _fresh_deal,
    "picked": _mid_game,
    "won": _won,
    "long-column": _long_column,
    "help": _help,
})
