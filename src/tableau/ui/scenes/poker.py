"""Scenes of the Poker table: the deal, cards marked for the draw, a showdown, a round at
the raise cap, and the end of a game.

With seed 12 and three CPUs, checking or calling every bet and drawing what the advice
suggests brings three hands to the showdown (Bram folds).
"""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from tableau.engines.poker import BET
from tableau.engines.poker import CALL
from tableau.engines.poker import CHECK
from tableau.engines.poker import RAISE
from tableau.engines.poker import Draw
from tableau.engines.poker import Move
from tableau.engines.poker import NextHand
from tableau.engines.poker import Phase
from tableau.ui.app import TableauApp
from tableau.ui.scenes import Scene
from tableau.ui.scenes import still_app
from tableau.ui.screens.poker import PokerScreen

SEED = 12
CAP_SEED = 22
"""Three CPUs: betting and raising at every chance reaches the raise cap before the draw."""
END_SEED = 3
"""Two CPUs, 3 chips each: betting and raising at every chance ends the game in a few hands."""


def _app() -> TableauApp:
    return still_app("poker", cpus=3, seed=SEED)


def _table(pilot: Pilot[Any]) -> PokerScreen:
    screen = pilot.app.screen
    assert isinstance(screen, PokerScreen)
    return screen


def _phase(pilot: Pilot[Any]) -> Phase:
    return _table(pilot).view.phase


async def _to_the_draw(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    for _ in range(8):
        if _phase(pilot) is not Phase.FIRST_BETTING:
            break
        _table(pilot).action_try("c")  # as the c key does, without a picture after each
    await pilot.pause()


async def _discards_marked(pilot: Pilot[Any]) -> None:
    """Mark, with the number keys, the cards the advice would throw away."""
    await _to_the_draw(pilot)
    view = _table(pilot).view
    discard = _table(pilot).session.advice().discard
    for index, card in enumerate(view.hand):
        if card in discard:
            _table(pilot).action_try(f"mark{index + 1}")  # as its number key does
    await pilot.pause()


async def _showdown(pilot: Pilot[Any]) -> None:
    await _discards_marked(pilot)
    _table(pilot).action_try("enter")
    for _ in range(8):
        if _phase(pilot) in (Phase.HAND_OVER, Phase.GAME_OVER):
            break
        _table(pilot).action_try("c")
    await pilot.pause()


async def to_the_raise_cap(pilot: Pilot[Any]) -> None:
    """Bet, then raise, until the betting round reaches the raise cap."""
    await pilot.pause()
    for _ in range(10):
        view = _table(pilot).view
        if view.to_call and view.raises_left == 0:
            break
        _table(pilot).action_try("b")
    await pilot.pause()


async def play_to_the_end(pilot: Pilot[Any]) -> None:
    """Bet and raise at every chance, draw nothing, until the end dialog is up: the moves of
    the keys n, Enter (nothing marked), b and c, made through the session and drawn once,
    with the note the table keeps ("You stand pat." after a draw, cleared by your next move):
    the same game and picture as pressing the keys, without a picture after every key. (A
    scene's and a test's way to the end cheaply; the keys themselves are the tests' work.)"""
    await pilot.pause()
    table = _table(pilot)
    session = table.session
    for _ in range(60):
        while (step := session.cpu_step()) is not None:
            assert session.play_cpu(step).ok
        if session.is_over():
            break
        view = table.view
        note = ""
        if view.phase is Phase.HAND_OVER:
            move: Move = NextHand()
        elif view.phase is Phase.DRAW:
            move, note = Draw(()), "You stand pat."
        elif BET in view.legal or RAISE in view.legal:
            move = BET if BET in view.legal else RAISE
        else:
            move = CALL if CALL in view.legal else CHECK
        assert session.act(session.you, move).ok
        session.marks, session.note = (), note
    table.after_move()
    await pilot.pause()


SCENES = (
    Scene("poker", "deal", _app),
    Scene("poker", "discards-marked", _app, _discards_marked),
    Scene("poker", "showdown", _app, _showdown),
    Scene("poker", "raise-cap", lambda: still_app("poker", cpus=3, seed=CAP_SEED),
          to_the_raise_cap),
    Scene("poker", "game-over", lambda: still_app("poker", cpus=2, seed=END_SEED, chips=3),
          play_to_the_end),
)
