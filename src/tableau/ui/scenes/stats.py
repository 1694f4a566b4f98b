"""Scenes of the statistics screen: figures on the Yukon and Poker tabs, no games yet, only a
game the demo played, the question before a reset, and a run that keeps no statistics."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from tableau.storage.stats import HELPED
from tableau.storage.store import GameRecord
from tableau.storage.store import Store
from tableau.ui.app import TableauApp
from tableau.ui.scenes import Scene
from tableau.ui.scenes import still_app
from tableau.ui.scenes import until

_YUKON = (("spec", "won", 112, 431.0), ("spec", "won", 98, 377.0), ("spec", "lost", 40, 95.0),
          ("spec", "won", 120, 512.0), ("spec", "won", 87, 402.0), ("classic", "won", 140, 905.0),
          ("classic", "abandoned", 12, 60.0), ("russian", "lost", 55, 300.0))
_POKER = ((14, 5, 120, 85), (9, 2, 60, -100), (22, 9, 340, 260), (6, 1, 40, -55))
_PESTEN = ((("Anna", "Bram", "Cor"), "Anna"), (("Anna", "Bram", "Cor"), "Cor"),
           (("Anna", "Bram"), "Anna"))


def sample_store(*, games: bool = True) -> Store:
    """A store in memory (SQLite's ":memory:", so no file is written), with a few finished
    games of every game or none."""
    store = Store(Path(":memory:"), wall=lambda: 0.0)
    if not games:
        return store

    def finish(game: str, variant: str, result: str, moves: int = 30, duration: float = 300.0,
               **details: Any) -> None:
        store.finish(GameRecord(game, variant, 1, {}, 0.0, moves, duration, details=details),
                     result)

    for rules, result, moves, seconds in _YUKON:
        finish("yukon", rules, result, moves, seconds)
    finish("yukon", "spec", "won", 70, 50.0, **{HELPED: True})  # left out; the tab says so
    for level, result, books in (("pro", "won", 7), ("pro", "lost", 4), ("easy", "won", 9)):
        finish("gofish", level, result, books=books)
    for hands, won, pot, chips in _POKER:
        finish("poker", "", "won" if chips > 0 else "lost", hands=hands, hands_won=won,
               biggest_pot=pot, chips=chips)
    for players, winner in _PESTEN:
        finish("pesten", "", "finished", players=list(players), winner=winner)
    return store


def with_store(*, games: bool = True) -> TableauApp:
    app = still_app()
    app.runtime.store = sample_store(games=games)
    return app


def with_demo_game_only() -> TableauApp:
    """The only finished game is one the demo won: the Yukon tab has no figures and says
    why."""
    app = with_store(games=False)
    app.runtime.store.finish(GameRecord("yukon", "spec", 1, {}, 0.0, 89, 81.0,
                                        details={HELPED: True}), "won")
    return app


def without_store() -> TableauApp:
    """A run whose tableau.db could not be used (here a folder stood in its place)."""
    app = still_app()
    app.runtime.store.problem = ("Games are not saved in this run: tableau.db is a folder, not "
                                 "tableau's database.")
    return app


def _opened(*keys: str) -> Any:
    async def setup(pilot: Pilot[Any]) -> None:
        from tableau.ui.screens.stats import StatsScreen

        await pilot.press("s")
        await until(pilot, lambda: isinstance(pilot.app.screen, StatsScreen)
                    and pilot.app.screen.is_mounted, "the statistics")
        await pilot.press(*keys)
        await pilot.pause()

    return setup


SCENES = (
    Scene("stats", "yukon", with_store, _opened()),
    Scene("stats", "poker", with_store, _opened("4")),
    Scene("stats", "clear", with_store, _opened("r")),
    Scene("stats", "empty", lambda: with_store(games=False), _opened()),
    Scene("stats", "demo-only", with_demo_game_only, _opened()),
    Scene("stats", "off", without_store, _opened()),
)
