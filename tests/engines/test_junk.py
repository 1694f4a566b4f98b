"""Properties every engine in the registry shares, written once for all of them.

- Any value passed as a move is refused with IllegalMove (or played), never a crash, and the
  state it was passed with is unchanged.
- Every state a game can reach round-trips through JSON text.
- A mutated save is either refused with SaveFormatError or playable: every legal move of
  the loaded game applies, views and JSON work, for a long stretch of random play.
"""

from __future__ import annotations

import dataclasses
import json
import typing
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tableau.cards import FULL_DECK, RANKS, SUITS
from tableau.engines import GAMES, IllegalMove, SaveFormatError, engine

PLAY_STEPS = 40
"""Random legal moves played to reach a state, and played again after loading a save."""


def _settings(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _start(game: str, module: ModuleType, data: st.DataObject) -> Any:
    seed = data.draw(st.integers(min_value=0, max_value=2**63 - 1), label="seed")
    if game == "yukon":
        state = module.new_game(module.Config(seed=seed))
        for step in (module.LoadDeck(), module.ShuffleRandom(), module.Deal()):
            state = module.apply(state, step)
        return state
    high = {"pesten": 6, "gofish": 5, "poker": 6}[game]
    players = data.draw(st.integers(min_value=2, max_value=high), label="players")
    return module.new_game(module.Config(players=players, seed=seed))


def _seats(game: str, state: Any) -> int:
    if game == "yukon":
        return 1
    if game == "pesten":
        return int(state.config.players)
    return int(state.players)


def _round_trip(module: ModuleType, state: Any) -> Any:
    return module.from_json(json.loads(json.dumps(module.to_json(state))))


def _play(game: str, module: ModuleType, state: Any, data: st.DataObject, steps: int) -> Any:
    """Random legal moves; each must apply, and each state must view, end-check and save."""
    for _ in range(steps):
        for seat in range(_seats(game, state)):
            module.view(state, seat)
        module.outcome(state)
        assert _round_trip(module, state) == state
        legal = module.legal_moves(state)
        if not legal:
            break
        state = module.apply(state, data.draw(st.sampled_from(legal), label="move"))
    return state


def _move_classes(module: ModuleType) -> tuple[type, ...]:
    return typing.get_args(module.Move) or (module.Move,)


_CARD_TEXT = st.sampled_from([str(card) for card in FULL_DECK] + ["AH", "10S", "Joker", ""])
_LEAF = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=60),
    st.integers(),
    st.floats(),
    st.text(max_size=6),
    _CARD_TEXT,
    st.sampled_from(FULL_DECK),
    st.sampled_from(RANKS),
    st.sampled_from(SUITS),
)
JUNK = st.recursive(
    _LEAF,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5).map(tuple),
        st.lists(inner, max_size=4),
        st.dictionaries(st.text(max_size=3), inner, max_size=3),
        st.frozensets(st.sampled_from(FULL_DECK), max_size=4),
    ),
    max_leaves=8,
)


def _junk_move(module: ModuleType, data: st.DataObject) -> Any:
    """Plain junk, or one of the engine's own move classes filled with junk."""
    if data.draw(st.booleans(), label="plain junk"):
        return data.draw(JUNK, label="junk")
    kind = data.draw(st.sampled_from(_move_classes(module)), label="move class")
    values = [data.draw(JUNK, label=field.name) for field in dataclasses.fields(kind)]
    try:
        return kind(*values)
    except IllegalMove:
        return None  # a move that cannot even be built is refused with the right error


@pytest.mark.parametrize("game", GAMES)
@_settings(40)
@given(data=st.data())
def test_any_value_passed_as_a_move_is_refused_and_changes_nothing(
    game: str, data: st.DataObject
) -> None:
    module = engine(game)
    state = _play(game, module, _start(game, module, data), data,
                  data.draw(st.integers(min_value=0, max_value=PLAY_STEPS), label="steps"))
    before = module.to_json(state)
    for _ in range(3):
        junk = _junk_move(module, data)
        try:
            after = module.apply(state, junk)
        except IllegalMove as refusal:
            assert str(refusal).strip()
        else:  # a junk value equal to a legal move is played like it
            assert _round_trip(module, after) == after
        assert module.to_json(state) == before


@pytest.mark.parametrize("game", GAMES)
@_settings(10)
@given(data=st.data())
def test_every_reachable_state_round_trips_through_json_text(
    game: str, data: st.DataObject
) -> None:
    module = engine(game)
    _play(game, module, _start(game, module, data), data, PLAY_STEPS * 5)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON tree, the root included."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


def _mutated(save: Any, data: st.DataObject) -> Any:
    """One edit a player might make by hand: a nudged number, a flipped flag, a dropped,
    repeated or swapped entry, or junk in place of a value."""
    path = data.draw(st.sampled_from(_paths(save)[1:]), label="path")
    parent = save
    for step in path[:-1]:
        parent = parent[step]
    key = path[-1]
    value = parent[key]
    edits = ["junk", "drop"]
    if isinstance(value, bool):
        edits.append("flip")
    elif isinstance(value, int):
        edits.append("nudge")
    if isinstance(parent, list) and len(parent) > 1:
        edits += ["repeat", "swap"]
    edit = data.draw(st.sampled_from(edits), label="edit")
    if edit == "flip":
        parent[key] = not value
    elif edit == "nudge":
        parent[key] = value + data.draw(st.sampled_from([-1, 1, -value, 10**6]), label="by")
    elif edit == "drop":
        del parent[key]
    elif edit == "repeat":
        parent.insert(key, value)
    elif edit == "swap":
        other = data.draw(st.integers(min_value=0, max_value=len(parent) - 1), label="with")
        parent[key], parent[other] = parent[other], value
    else:
        parent[key] = json.loads(json.dumps(data.draw(JUNK, label="junk"), default=str))
    return save


@pytest.mark.parametrize("game", GAMES)
@_settings(40)
@given(data=st.data())
def test_a_mutated_save_is_refused_or_playable(game: str, data: st.DataObject) -> None:
    module = engine(game)
    state = _play(game, module, _start(game, module, data), data,
                  data.draw(st.integers(min_value=0, max_value=PLAY_STEPS), label="steps"))
    save = json.loads(json.dumps(module.to_json(state)))
    for _ in range(data.draw(st.integers(min_value=1, max_value=3), label="edits")):
        save = _mutated(save, data)
    try:
        loaded = module.from_json(save)
    except SaveFormatError as refusal:
        assert str(refusal).strip()
        return
    _play(game, module, loaded, data, PLAY_STEPS * 2)
