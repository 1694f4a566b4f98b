"""The app finds each game of the registry by convention: its screen module
``tableau.ui.screens.<key>`` says how the game opens, what its set-up asks and how its autosave
resumes (``tableau.ui.games``)."""

from __future__ import annotations

import pytest

from tableau.registry import REGISTRY
from tableau.registry import Game
from tableau.ui.games import game_ui


@pytest.mark.parametrize("game", REGISTRY, ids=lambda game: game.key)
def test_every_game_of_the_registry_opens_from_its_screen_module(game: Game) -> None:
    ui = game_ui(game.key)
    assert ui is not None and callable(ui.open)
    assert ui.resume is not None, f"{game.title} is autosaved, so it must resume"
    for option in ui.options():
        assert option.default in [value for value, _text in option.values], option.key


def test_a_name_not_in_the_registry_opens_nothing() -> None:
    assert game_ui("chess") is None
