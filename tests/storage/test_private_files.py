"""Private files (issue 27, item 11): the data and config folders are 0700 and every file
tableau writes there 0600 (tableau.db, its -wal and -shm, settings.toml), as ssh and gpg keep
theirs, and the modes of existing ones are fixed when tableau opens them. A file the player
names in their own folder (S notes.sav) gets the usual mode for a new file (0666 less the
umask), and an existing one keeps its mode."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from tableau.engines.yukon import Config
from tableau.sessions.yukon import YukonSession
from tableau.storage.home import database_path
from tableau.storage.home import settings_path
from tableau.storage.store import Store
from tableau.ui.preferences import open_settings


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def umask_077() -> Iterator[None]:
    old = os.umask(0o077)
    yield
    os.umask(old)


@pytest.fixture
def fresh_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A TABLEAU_HOME tableau has not made yet."""
    home = tmp_path / "home"
    monkeypatch.setenv("TABLEAU_HOME", str(home))
    return home


def test_a_new_database_and_its_folder_are_private(fresh_home: Path) -> None:
    store = Store(database_path())
    try:
        assert store.enabled, store.problem
        files = sorted(path.name for path in fresh_home.iterdir())
        assert files == ["tableau.db", "tableau.db-shm", "tableau.db-wal"]
        assert mode(fresh_home) == 0o700
        assert {name: mode(fresh_home / name) for name in files} == dict.fromkeys(files, 0o600)
    finally:
        store.close()


def test_an_old_world_readable_database_and_folder_are_made_private_on_opening(
    fresh_home: Path,
) -> None:
    Store(database_path()).close()
    fresh_home.chmod(0o755)
    (fresh_home / "tableau.db").chmod(0o644)
    for left in ("tableau.db-wal", "tableau.db-shm"):  # as a killed run leaves them
        (fresh_home / left).touch(0o644)
        (fresh_home / left).chmod(0o644)
    store = Store(database_path())
    try:
        assert store.enabled, store.problem
        assert mode(fresh_home) == 0o700
        for name in ("tableau.db", "tableau.db-wal", "tableau.db-shm"):
            assert mode(fresh_home / name) == 0o600, name
    finally:
        store.close()


def test_a_new_settings_file_and_its_folder_are_private(fresh_home: Path) -> None:
    open_settings(settings_path()).set("poker", "cpus", 4)
    assert mode(fresh_home) == 0o700
    assert mode(fresh_home / "settings.toml") == 0o600


def test_an_old_world_readable_settings_file_is_made_private_on_reading(
    fresh_home: Path,
) -> None:
    fresh_home.mkdir(mode=0o755)
    fresh_home.chmod(0o755)
    path = fresh_home / "settings.toml"
    path.write_text("[poker]\ncpus = 2\n")
    path.chmod(0o664)
    settings = open_settings(settings_path())
    assert (mode(fresh_home), mode(path)) == (0o700, 0o600)
    settings.set("poker", "cpus", 4)
    assert mode(path) == 0o600 and path.read_text() == "[poker]\ncpus = 4\n"


def test_a_read_only_settings_file_stays_read_only_but_private(fresh_home: Path) -> None:
    fresh_home.mkdir()
    path = fresh_home / "settings.toml"
    path.write_text("[poker]\ncpus = 2\n")
    path.chmod(0o444)
    assert open_settings(settings_path()).get("poker", "cpus") == 2
    assert mode(path) == 0o400


def test_a_shared_folder_with_the_sticky_bit_is_left_as_it_is(fresh_home: Path) -> None:
    """A TABLEAU_HOME of /tmp must not make /tmp private; the files in it still are."""
    fresh_home.mkdir()
    fresh_home.chmod(0o1777)
    open_settings(settings_path()).set("poker", "cpus", 4)
    assert mode(fresh_home) == 0o1777
    assert mode(fresh_home / "settings.toml") == 0o600


def test_a_save_the_player_names_follows_the_umask(tmp_path: Path, umask_077: None) -> None:
    """The player's own folder is theirs: a new file gets 0666 less the umask, as from any
    program, so a player whose umask is 077 gets 0600, never a world-readable save."""
    session = YukonSession.start(Config(seed=2), tmp_path).run("LD").run("SD deck.txt")
    session.run("P").run("S notes.sav")
    assert (mode(tmp_path / "deck.txt"), mode(tmp_path / "notes.sav")) == (0o600, 0o600)


def test_an_existing_save_in_the_player_s_folder_keeps_its_mode(tmp_path: Path) -> None:
    session = YukonSession.start(Config(seed=2), tmp_path).run("LD").run("P")
    session.run("S game.json")
    (tmp_path / "game.json").chmod(0o640)
    assert session.run("S game.json").message == "OK"
    assert mode(tmp_path / "game.json") == 0o640


def test_a_folder_that_is_not_tableau_s_keeps_its_mode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only tableau's own folders are made private: a database in memory (whose "folder" is the
    working folder) or in a folder a caller names leaves that folder's mode alone."""
    working = tmp_path / "working"
    named = tmp_path / "named"
    for folder in (working, named):
        folder.mkdir()
        folder.chmod(0o755)
    monkeypatch.chdir(working)
    for store in (Store(Path(":memory:")), Store(named / "tableau.db")):
        try:
            assert store.enabled, store.problem
        finally:
            store.close()
    assert (mode(working), mode(named)) == (0o755, 0o755)
    assert mode(named / "tableau.db") == 0o600
