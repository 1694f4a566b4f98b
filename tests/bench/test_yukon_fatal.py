"""Where a game the hint lost was lost (bench/yukon_fatal.py): the bisection, the fatal table
and the move played there, the honest rating of the moves, and the study's --fatal option."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import bench.bench_yukon_winnability as harness
import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_bench_yukon_winnability import FakeHint
from test_bench_yukon_winnability import install_hint

from bench import yukon_fatal
from tableau.ai.yukon import VerdictKind
from tableau.ai.yukon import solve
from tableau.ai.yukon_hint import move_name
from tableau.ai.yukon_hint import position_of
from tableau.engines.yukon import CardMove
from tableau.engines.yukon import State
from tableau.engines.yukon import apply
from tableau.engines.yukon import numbered_game
from tableau.engines.yukon import unseen_cards
from tableau.engines.yukon import view
from tableau.engines.yukon import with_hidden


@given(st.integers(1, 300).flatmap(lambda length: st.tuples(st.just(length),
                                                             st.integers(0, length - 1))))
def test_the_bisection_finds_the_last_won_table_in_few_looks(case: tuple[int, int]) -> None:
    length, last = case
    looked: list[int] = []

    def won(table: int) -> bool:
        looked.append(table)
        return table <= last

    assert yukon_fatal.last_won(range(length), won) == last
    assert len(looked) <= length.bit_length()


@cache
def winning_line() -> tuple[State, ...]:
    """Classic deal 2 along the solver's win (found at once)."""
    state = numbered_game(2, "classic")
    verdict = solve(state, seconds=30.0)
    assert verdict.kind == "won"
    tables = [state]
    for move in verdict.moves:
        tables.append(apply(tables[-1], move))
    return tuple(tables)


def a_move_back(tables: tuple[State, ...]) -> tuple[int, CardMove]:
    """A step of the line where some legal move returns to a table shown before."""
    for step, table in enumerate(tables):
        shown = {position_of(view(earlier)) for earlier in tables[:step + 1]}
        for move in view(table).legal:
            if isinstance(move, CardMove) and position_of(view(apply(table, move))) in shown:
                return step, move
    raise AssertionError("no move on the line goes back")


def test_the_fatal_table_is_the_last_one_won_and_its_moves_are_rated(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    tables = winning_line()
    step, back = a_move_back(tables)
    # A made-up verdict: the line is won up to ``step``, and after it only the move back.
    won = {*tables[:step + 1], apply(tables[step], back)}

    def kind(table: State, seconds: float) -> VerdictKind:
        return "won" if table in won else "lost"

    monkeypatch.setattr(yukon_fatal, "_kind", kind)
    found = yukon_fatal.fatal(2, "no new table", list(tables), worlds=3, nodes=200)
    assert (found.step, found.ending) == (step, "no new table")
    played = next(move for move in view(tables[step]).legal
                  if isinstance(move, CardMove) and apply(tables[step], move) == tables[step + 1])
    assert found.played == move_name(played)
    assert found.face_down == len(unseen_cards(view(tables[step])))
    rated = {rated.move: rated for rated in found.moves}
    assert rated[move_name(back)].went_back and rated[move_name(back)].real == "won"
    assert not rated[found.played].went_back and rated[found.played].real == "lost"
    assert all(0 <= move.seen <= 3 for move in found.moves)
    assert [move.seen for move in found.moves] == sorted((move.seen for move in found.moves),
                                                         reverse=True)


def test_the_seen_rating_never_looks_under_the_cards() -> None:
    """Two tables that look the same, with other cards face down, rate alike."""
    table = next(table for table in winning_line() if len(unseen_cards(view(table))) >= 4)
    hidden = list(unseen_cards(view(table)))
    random.Random(5).shuffle(hidden)
    other = with_hidden(view(table), tuple(hidden))
    assert other != table
    seen = [{rated.move: rated.seen for rated in
             yukon_fatal.rated_moves(each, set(), seed=9, worlds=3, nodes=200)}
            for each in (table, other)]
    assert seen[0] == seen[1]


def fatal_row(gap: int, seed: int = 1) -> yukon_fatal.Fatal:
    moves = (yukon_fatal.Rated("C1->C2", 40, "won", False),
             yukon_fatal.Rated("C3->C4", 40 - gap, "lost", False))
    return yukon_fatal.Fatal(seed, "lost", 9, 12, "C3->C4", moves)


def test_the_table_counts_the_fatal_moves_rated_near_the_best() -> None:
    text = yukon_fatal.markdown([fatal_row(yukon_fatal.NEAR, 1), fatal_row(yukon_fatal.NEAR + 1, 2),
                                 yukon_fatal.Fatal(3, "lost", 0, 21, "", ())])
    assert "| 1 | lost | 10 | 12 | C3->C4: 37 (lost) | 40 | C1->C2 40 |" in text
    assert "| 3 | lost | — | 21 | the last table is still won |" in text
    assert f"within {yukon_fatal.NEAR} worlds of the best (of 60) at 1 of 2 fatal tables" in text


def test_the_study_shows_where_each_lost_game_was_lost(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    install_hint(monkeypatch, lambda view, *_, **__: FakeHint(None))  # every game: no move
    kinds: list[Any] = []
    monkeypatch.setattr(yukon_fatal, "_kind", lambda table, seconds: kinds.append(table))
    study = ["--hint-quality", "--fatal", "--rules", "classic", "--deals", "2",
             "--from", str(harness.PUBLISHED / "classic.csv")]
    assert harness.main(study) == 0
    out = capsys.readouterr().out
    assert "following the hint won 0 of the 2 deals" in out
    assert out.count("the last table is still won") == 2  # the first table: nothing played
    assert kinds == []
    assert harness.main([*study, "--undos", "1"]) == 2
    assert "--fatal follows forward play only" in capsys.readouterr().err
