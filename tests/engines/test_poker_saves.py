"""Poker saves: the history kept in fields (version 3), and a save of version 2, whose history
was kept as sentence patterns, read into the same events and words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tableau.engines.poker import Config
from tableau.engines.poker import Event
from tableau.engines.poker import State
from tableau.engines.poker import apply
from tableau.engines.poker import from_json
from tableau.engines.poker import legal_moves
from tableau.engines.poker import new_game
from tableau.engines.poker import to_json
from tableau.engines.poker import view
from tableau.engines.poker.wording import _pattern
from tableau.engines.poker.wording import history_lines
from tableau.engines.poker.wording import result_said
from tableau.engines.protocol import SaveFormatError

OLD_SAVE: dict[str, Any] = json.loads(
    (Path(__file__).parent / "poker_save_v2.json").read_text(encoding="utf-8"))

OLD_KINDS = {"deal": "deal", "ante": "ante", "reshuffle": "info", "draw": "draw",
             "show": "show", "win": "win", "out": "out", "champion": "info"}


def _old_line(event: Event) -> dict[str, Any]:
    """The line a version 2 save kept: the sentence pattern the words are made from (the
    fixture above holds lines the old code wrote, to keep this honest)."""
    return {"said": _pattern(event), "kind": OLD_KINDS.get(event.kind, "action"),
            "seat": event.seat}


def test_a_version_2_save_from_before_the_fields_reads_as_every_seat_read_it_then() -> None:
    state = from_json(OLD_SAVE["save"])
    for seat, lines in enumerate(OLD_SAVE["lines"]):
        assert list(history_lines(view(state, seat))) == lines
    saved = to_json(state)
    assert saved["version"] == 3 and from_json(json.loads(json.dumps(saved))) == state
    assert {event.kind for event in state.history} >= {"deal", "ante", "bet", "call", "fold",
                                                       "draw", "show", "win", "out",
                                                       "champion"}


def test_a_version_2_line_that_was_never_pokers_is_refused_with_a_sentence() -> None:
    for said in ("{0:juggles}.", "{0:wins} 5 with nothing", "Hand one: {0:deals}."):
        kind = "win" if "wins" in said else "action"
        damaged = {**OLD_SAVE["save"], "history": [{"said": said, "kind": kind, "seat": 0}]}
        with pytest.raises(SaveFormatError, match=r"not (one of Poker's|a line of history)"):
            from_json(damaged)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.integers(2, 6), steps=st.integers(1, 120),
       picks=st.randoms(use_true_random=False))
def test_any_history_kept_as_version_2_patterns_reads_back_to_the_same_events(
    seed: int, players: int, steps: int, picks: Any,
) -> None:
    state: State = new_game(Config(players=players, seed=seed, chips=6))
    for _ in range(steps):
        moves = legal_moves(state)
        if not moves:
            break
        state = apply(state, picks.choice(moves))
    old = {**to_json(state), "version": 2,
           "history": [_old_line(event) for event in state.history]}
    if state.result is not None:
        old["result"] = {**old["result"], "said": result_said(state.result)}
    assert from_json(json.loads(json.dumps(old))) == state
