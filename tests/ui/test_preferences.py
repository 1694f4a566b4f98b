"""The choices settings.toml allows are written out in ui/preferences.py (importing the engines
there would slow start-up): they must be the engines' and the set-ups' own."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tableau.ai.gofish import LEVELS
from tableau.engines import gofish
from tableau.engines import pesten
from tableau.engines.yukon import RULES
from tableau.registry import GAMES
from tableau.sessions import poker
from tableau.ui import preferences
from tableau.ui.controls.pesten import KINDS
from tableau.ui.games import game_ui
from tableau.ui.preferences import SCHEMA
from tableau.ui.screens.pesten_setup import NAME_WIDTH

OPTION_SETTINGS = {"cpu_delay": "speed"}


def test_the_written_out_choices_are_the_engines() -> None:
    assert preferences.YUKON_RULES == RULES
    assert preferences.GOFISH_LEVELS == LEVELS
    assert preferences.GOFISH_PLAYERS == gofish.MAX_PLAYERS
    assert preferences.POKER_CPUS == poker.DEFAULT_CPUS
    assert preferences.POKER_MOST == poker.MAX_CPUS
    assert preferences.PESTEN_MIN == pesten.MIN_PLAYERS
    assert preferences.PESTEN_PLAYERS == pesten.MAX_PLAYERS
    assert tuple(key for key, _label in KINDS) == preferences.PESTEN_KINDS


def test_a_seat_name_the_set_up_allows_is_one_the_settings_keep() -> None:
    """The settings ask the engines' one name rule: what the set-up allows they keep, what
    it refuses they refuse."""
    assert NAME_WIDTH == pesten.MAX_NAME_LENGTH
    check = SCHEMA["pesten"]["seats"].check
    for name, allowed in (("x" * NAME_WIDTH, True), ("x" * (NAME_WIDTH + 1), False),
                          ("金" * (NAME_WIDTH // 2 + 1), False), ("", False)):
        assert (pesten.name_problem(name) is None) is allowed
        seats = [{"name": name, "kind": "human"}, {"name": "Bram", "kind": "careful"}]
        assert (check(seats) is None) is allowed, name


@pytest.mark.parametrize("game", [game for game in GAMES if game in SCHEMA])
def test_every_set_up_choice_is_a_value_the_settings_accept(game: str) -> None:
    fields = SCHEMA[game]
    ui = game_ui(game)
    assert ui is not None
    for option in ui.options():
        field = fields.get(OPTION_SETTINGS.get(option.key, option.key))
        if field is None:
            continue
        for value, _text in option.values:
            assert field.check(value) is None, (game, option.key, value)
        assert option.default == field.default, (game, option.key)


def test_every_default_passes_its_own_check() -> None:
    for section, fields in SCHEMA.items():
        for key, field in fields.items():
            assert field.check(field.default) is None, (section, key)


def test_every_refused_value_is_explained() -> None:
    for fields in SCHEMA.values():
        for field in fields.values():
            why = field.check(object())
            assert why is not None and why.startswith("must be")


@pytest.mark.parametrize("names", [("Anna", "anna"), ("Anna", " Anna "), ("Anna", "   ")])
def test_pesten_seats_the_engine_would_refuse_are_refused(names: tuple[str, str]) -> None:
    seats = [{"name": name, "kind": "human"} for name in names]
    assert SCHEMA["pesten"]["seats"].check(seats) is not None
    with pytest.raises(ValueError):
        pesten.Config(players=2, names=names)


@settings(max_examples=200, deadline=None)
@given(names=st.lists(st.text(min_size=1, max_size=16), min_size=1, max_size=9))
def test_pesten_seats_the_settings_accept_make_a_table(names: list[str]) -> None:
    seats = [{"name": name, "kind": "human"} for name in names]
    if SCHEMA["pesten"]["seats"].check(seats) is None:
        assert pesten.Config(players=len(names), names=tuple(names)).players == len(names)
