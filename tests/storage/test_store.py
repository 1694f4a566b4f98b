"""The store's public API on a healthy tableau.db, and its migrations from every earlier
schema version (issue 14): an old file opens at SCHEMA_VERSION with its rows kept and the new
columns at their defaults."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tableau.storage.store import MIGRATIONS
from tableau.storage.store import SCHEMA_VERSION
from tableau.storage.store import GameRecord
from tableau.storage.store import Store


def record(game: str = "yukon", moves: int = 3, **changes: object) -> GameRecord:
    fields: dict[str, object] = {
        "variant": "spec", "seed": 24611, "config": {"rules": "spec"}, "started": 1000.0,
        "moves": moves, "duration": 42.5, "label": "seed 24611", "details": {"books": 2},
        "data": {"state": [1, 2, 3]},
    }
    fields.update(changes)
    return GameRecord(game, **fields)  # type: ignore[arg-type]


class Wall:
    """A wall clock the test moves by hand."""

    def __init__(self, now: float = 5000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def user_version(path: Path) -> int:
    connection = sqlite3.connect(path)
    try:
        return int(connection.execute("PRAGMA user_version").fetchone()[0])
    finally:
        connection.close()


# ---------------------------------------------------------------- the API


def test_a_save_comes_back_exactly_with_its_data(tmp_path: Path) -> None:
    store = Store(tmp_path / "tableau.db", wall=Wall(6000.0))
    game = store.save(record())
    assert store.saved("yukon") == store.saved(game) == record(at=6000.0, id=game)
    summaries, problems = store.saves()
    assert problems == []
    assert summaries == [record(data=None, at=6000.0, id=game)]


def test_a_later_save_of_a_game_replaces_its_autosave(tmp_path: Path) -> None:
    store = Store(tmp_path / "tableau.db")
    game = store.save(record(moves=3))
    store.save(record(moves=4, id=game))
    saved = store.saved(game)
    assert saved is not None and saved.moves == 4
    assert len(store.saves()[0]) == 1


def test_a_new_game_of_the_same_kind_never_replaces_one_in_progress(tmp_path: Path) -> None:
    wall = Wall()
    store = Store(tmp_path / "tableau.db", wall=wall)
    first = store.save(record(seed=5, label="seed 5"))
    wall.now += 1
    second = store.save(record(seed=7, label="seed 7"))
    assert first != second
    assert [(saved.id, saved.label) for saved in store.saves()[0]] == [
        (second, "seed 7"), (first, "seed 5")]
    assert store.saved("yukon") == store.saved(second)  # a kind names its newest game
    assert store.finished() == []


def test_saves_are_listed_newest_first(tmp_path: Path) -> None:
    wall = Wall()
    store = Store(tmp_path / "tableau.db", wall=wall)
    for game in ("yukon", "gofish", "poker"):
        wall.now += 10
        store.save(record(game))
    assert [saved.game for saved in store.saves()[0]] == ["poker", "gofish", "yukon"]


def test_finishing_a_game_records_it_and_drops_its_autosave(tmp_path: Path) -> None:
    store = Store(tmp_path / "tableau.db", wall=Wall(7000.0))
    game = store.save(record())
    store.save(record("poker"))
    store.finish(record(moves=80, id=game), "won")
    assert store.saved("yukon") is None
    assert store.saved("poker") is not None
    assert store.finished("yukon") == [record(moves=80, label="", data=None, result="won",
                                              at=7000.0, id=game)]


def test_abandoning_counts_the_autosave_as_a_loss_of_its_kind(tmp_path: Path) -> None:
    store = Store(tmp_path / "tableau.db")
    store.save(record(moves=12))
    abandoned = store.abandon("yukon")
    assert abandoned is not None and abandoned.result == "abandoned"
    assert store.saved("yukon") is None
    assert [(game.moves, game.result) for game in store.finished()] == [(12, "abandoned")]
    assert store.abandon("yukon") is None


def test_drop_forgets_a_save_without_counting_it(tmp_path: Path) -> None:
    store = Store(tmp_path / "tableau.db")
    store.drop(store.save(record()))
    assert store.saved("yukon") is None and store.finished() == []


def test_reset_clears_one_game_s_statistics_only(tmp_path: Path) -> None:
    store = Store(tmp_path / "tableau.db")
    store.finish(record("yukon"), "won")
    store.finish(record("gofish"), "lost")
    store.reset("yukon")
    assert [game.game for game in store.finished()] == ["gofish"]


def test_an_unknown_result_is_refused(tmp_path: Path) -> None:
    store = Store(tmp_path / "tableau.db")
    with pytest.raises(ValueError, match="won"):
        store.finish(record(), "tied")
    assert store.finished() == []


def test_a_store_of_no_file_keeps_nothing_and_never_fails() -> None:
    store = Store(None)
    store.save(record())
    store.finish(record(), "won")
    assert not store.enabled and store.problem is None
    assert store.saves() == ([], []) and store.saved("yukon") is None
    assert store.finished() == [] and store.abandon("yukon") is None


def test_games_outlive_the_store_that_wrote_them(tmp_path: Path) -> None:
    first = Store(tmp_path / "tableau.db")
    first.save(record("poker"))
    first.finish(record(), "won")
    first.close()
    again = Store(tmp_path / "tableau.db")
    assert again.problem is None
    assert [saved.game for saved in again.saves()[0]] == ["poker"]
    assert [game.result for game in again.finished()] == ["won"]


def test_the_folder_is_made_when_the_store_first_opens(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "tableau.db"
    store = Store(path)
    store.save(record())
    assert store.enabled and path.is_file()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**53, 2**53) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12,
)


@settings(max_examples=40, deadline=None)
@given(data=st.dictionaries(st.text(max_size=8), json_values, max_size=5),
       label=st.text(max_size=30), moves=st.integers(0, 2**31), seed=st.none() | st.integers(
           -2**63, 2**63 - 1))
def test_any_json_save_round_trips(tmp_path_factory: pytest.TempPathFactory,
                                   data: dict[str, object], label: str, moves: int,
                                   seed: int | None) -> None:
    store = Store(tmp_path_factory.mktemp("db") / "tableau.db", wall=Wall())
    wanted = record(data=data, label=label, moves=moves, seed=seed, details=data, config=data)
    game = store.save(wanted)
    assert store.saved("yukon") == replace(wanted, at=5000.0, id=game)
    store.close()


# ---------------------------------------------------------------- migrations

V1_AUTOSAVE = ("INSERT INTO autosaves (game, variant, seed, config, started, moves, duration, "
               "saved, data) VALUES ('yukon', 'spec', 7, '{\"rules\":\"spec\"}', 100.0, 5, "
               "60.0, 160.0, '{\"state\":1}')")
V4_AUTOSAVE = V1_AUTOSAVE.replace("(game,", "(id, game,").replace("('yukon'",
                                                                  "('a1', 'yukon'")
V1_FINISHED = ("INSERT INTO finished_games (game, variant, seed, config, started, ended, "
               "result, moves, duration) VALUES ('gofish', 'pro', 3, '{}', 10.0, 90.0, 'won', "
               "31, 80.0)")


def database_at(path: Path, version: int) -> None:
    """A tableau.db as tableau of schema ``version`` left it, with a row in each table that
    version had."""
    connection = sqlite3.connect(path, isolation_level=None)
    for statements in MIGRATIONS[:version]:
        for statement in statements:
            connection.execute(statement)
    connection.execute(f"PRAGMA user_version = {version}")
    if version >= 1:
        connection.execute(V1_AUTOSAVE if version < 4 else V4_AUTOSAVE)
        connection.execute(V1_FINISHED)
    connection.close()


@pytest.mark.parametrize("version", range(1, SCHEMA_VERSION))
def test_an_old_database_is_migrated_with_its_rows_kept(tmp_path: Path, version: int) -> None:
    path = tmp_path / "tableau.db"
    database_at(path, version)
    store = Store(path)
    assert store.problem is None and store.enabled
    (saved,), problems = store.saves(with_data=True)
    assert problems == []
    if version < 4:
        assert len(saved.id) == 32  # a game of its own, given an id by migration 4
    else:
        assert saved.id == "a1"  # the id it had is kept
    assert saved == GameRecord("yukon", "spec", 7, {"rules": "spec"}, 100.0, 5, 60.0, label="",
                               details={}, data={"state": 1}, at=160.0, id=saved.id)
    assert store.saved(saved.id) == saved
    assert store.finished() == [GameRecord("gofish", "pro", 3, {}, 10.0, 31, 80.0, details={},
                                           result="won", at=90.0)]
    # and the app's API works on it
    store.save(record("poker"))
    store.finish(record("gofish", details={"books": 4}), "lost")
    assert store.abandon("yukon") is not None
    assert [game.result for game in store.finished("gofish")] == ["won", "lost"]
    store.reset("gofish")
    store.close()
    assert user_version(path) == SCHEMA_VERSION


@pytest.mark.parametrize("start", ["no file", "empty file", "version 0"])
def test_a_new_database_is_begun_at_the_current_version(tmp_path: Path, start: str) -> None:
    path = tmp_path / "tableau.db"
    if start == "empty file":
        path.write_bytes(b"")
    elif start == "version 0":
        database_at(path, 0)
    store = Store(path)
    assert store.problem is None
    store.finish(record(), "won")
    assert len(store.finished()) == 1
    store.close()
    assert user_version(path) == SCHEMA_VERSION


def test_a_current_database_is_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "tableau.db"
    database_at(path, SCHEMA_VERSION)
    store = Store(path)
    assert store.problem is None and len(store.finished()) == 1
    store.close()
    assert user_version(path) == SCHEMA_VERSION


def test_migrations_are_numbered_without_gaps() -> None:
    assert SCHEMA_VERSION == len(MIGRATIONS) >= 1
    assert all(statements for statements in MIGRATIONS)
