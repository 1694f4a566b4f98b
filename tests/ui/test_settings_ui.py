"""The app with its real files (persist=True, in the test's TABLEAU_HOME): settings kept across
runs, one sentence on start-up for each thing it could not use, a damaged tableau.db set aside,
and nothing written to the working directory."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest
from ui_helpers import message
from ui_helpers import notices
from ui_helpers import press
from ui_helpers import started
from ui_helpers import type_lines
from ui_helpers import yukon_screen

from tableau.storage.home import data_folder
from tableau.storage.lockouts import DAMAGED
from tableau.storage.lockouts import FILE_NAME
from tableau.ui.scenes import still_app
from tableau.ui.screens.menu import MenuScreen
from tableau.ui.screens.yukon import YukonScreen


def home() -> Path:
    return Path(os.environ["TABLEAU_HOME"])


async def test_the_chosen_theme_is_kept_for_the_next_run() -> None:
    app = still_app(persist=True)
    async with started(app, (80, 24)):
        app.theme = "nord"
    saved = tomllib.loads((home() / "settings.toml").read_text())
    assert saved["app"]["theme"] == "nord"

    again = still_app(persist=True)
    shown = notices(again)
    async with started(again, (80, 24)):
        assert again.theme == "nord"
        assert shown == []


async def test_a_bad_setting_gives_one_sentence_on_start_up_and_the_file_is_kept() -> None:
    path = home() / "settings.toml"
    path.write_text('[app]\ntheme = "nord"\n[gofish]\nlevel = "grandmaster"\n')
    before = path.read_bytes()
    app = still_app(persist=True)
    shown = notices(app)
    async with started(app, (80, 24)) as pilot:
        assert shown == ["In settings.toml, gofish.level must be one of easy, pro, so the "
                         "default ('pro') is used."]
        assert app.theme == "nord"  # the good value still holds
        await press(pilot, "down")
        assert isinstance(app.screen, MenuScreen)
    assert path.read_bytes() == before


async def test_many_bad_settings_and_a_database_problem_make_one_notice_that_lists_them(
) -> None:
    """Issue 27, F: fifteen bad values once stacked fifteen notices over the table. Held
    here: every bad value (an unknown theme among them, which gives its sentence and the
    default theme) and the database's problem (a folder in its place) are one notice, the
    settings' list first; the menu still works. (The rules of each sentence are in
    tests/storage/test_settings.py.)"""
    (home() / "settings.toml").write_text(
        '[app]\ntheme = "no-such-theme"\ncards = "runes"\n'
        '[yukon]\nrules = "chess"\nauto_move = 1\nwinnable_only = "yes"\n'
        '[gofish]\ncpus = 0\nlevel = "god"\nspeed = 99\n'
        '[poker]\ncpus = 9\nspeed = -1\n'
        '[pesten]\nmatch = "x"\nwins = 0\npoints = 1\nforgot_penalty = 3\nwrap_runs = 2\n'
    )
    (home() / "tableau.db").mkdir()
    app = still_app(persist=True)
    shown = notices(app)
    async with started(app, (80, 24)) as pilot:
        assert len(shown) == 1
        (notice,) = shown
        listed, database = notice.split("\n\n")
        assert listed.startswith("In settings.toml, 15 things are not used, so their "
                                 "defaults are:\n")
        assert "'no-such-theme' is not a theme" in listed
        keys = ["app.theme", "app.cards", "yukon.rules", "yukon.auto_move",
                "yukon.winnable_only", "gofish.cpus", "gofish.level", "gofish.speed",
                "poker.cpus", "poker.speed", "pesten.match", "pesten.wins", "pesten.points",
                "pesten.forgot_penalty", "pesten.wrap_runs"]
        assert sorted(line.split()[1] for line in listed.splitlines()[1:]) == sorted(keys)
        assert database == ("Games are not saved in this run: tableau.db is a folder, not "
                            "tableau's database.")
        await press(pilot, "down")
        assert isinstance(app.screen, MenuScreen)
        assert app.theme == "textual-dark"


async def test_a_read_only_settings_toml_is_kept_and_the_change_holds_for_the_run() -> None:
    """Issue 27, items 5 and 7: the first change once replaced a 0444 file, comments and all."""
    path = home() / "settings.toml"
    path.write_text('# mine, hands off\n[app]\ntheme = "nord"\n')
    path.chmod(0o444)
    app = still_app(persist=True)
    shown = notices(app)
    async with started(app, (80, 24)) as pilot:
        app.theme = "gruvbox"
        await pilot.pause()
        assert shown == ["settings.toml is read-only, so it is not written over; the change "
                         "holds for this run."]
        assert app.theme == "gruvbox"
    assert path.read_text() == '# mine, hands off\n[app]\ntheme = "nord"\n'


async def test_settings_toml_that_is_not_toml_is_one_sentence_and_never_written_over() -> None:
    path = home() / "settings.toml"
    path.write_text("[app\ntheme = nord\n")
    app = still_app(persist=True)
    shown = notices(app)
    async with started(app, (80, 24)):
        assert len(shown) == 1 and shown[0].startswith("settings.toml could not be read (not "
                                                       "valid TOML")
        app.theme = "nord"  # the app goes on with it for this run
        assert app.theme == "nord"
    assert path.read_text() == "[app\ntheme = nord\n"


async def test_a_damaged_database_is_set_aside_with_one_sentence_and_the_menu_works() -> None:
    garbage = bytes(range(256)) * 40
    (home() / "tableau.db").write_bytes(garbage)
    app = still_app(persist=True)
    shown = notices(app)
    async with started(app, (80, 24)) as pilot:
        (aside,) = home().glob("tableau.db.damaged-*")
        assert shown == [f"tableau.db was damaged, so it was renamed {aside.name} and a new "
                         "one begun; the old games are in that file."]
        assert aside.read_bytes() == garbage
        await press(pilot, "1")
        await press(pilot, "enter")  # the set-up's rules, as they are
        assert isinstance(app.screen, YukonScreen)
    assert (home() / "tableau.db").is_file()


async def test_a_folder_in_the_database_s_place_gives_one_sentence_and_play_goes_on() -> None:
    (home() / "tableau.db").mkdir()
    app = still_app("yukon", persist=True, seed=5)
    shown = notices(app)
    async with started(app, (80, 24)) as pilot:
        assert shown == ["Games are not saved in this run: tableau.db is a folder, not "
                         "tableau's database."]
        await type_lines(pilot, "LD", "P")
        move = str(yukon_screen(app).view.legal[0])
        await type_lines(pilot, move)
        assert yukon_screen(app).view.columns != ()
        assert len(shown) == 1  # no second complaint per move
    assert list((home() / "tableau.db").iterdir()) == []


async def test_playing_writes_nothing_to_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    app = still_app(persist=True)
    async with started(app, (80, 24)) as pilot:
        await press(pilot, "1", "enter")  # Yukon, with the set-up's rules
        await type_lines(pilot, "LD", "P")
        await type_lines(pilot, str(yukon_screen(app).view.legal[0]))  # saved at once
        assert message(app) == "OK"
        app.theme = "nord"
        await press(pilot, "q")
        await pilot.pause()
    assert os.listdir(here) == []
    assert {"settings.toml", "tableau.db"} <= set(os.listdir(home()))


async def test_a_damaged_lockout_record_gives_one_sentence_on_start_up() -> None:
    # It then counts as empty (tests/storage/test_lockouts.py), and the player is told.
    path = data_folder() / FILE_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x00\xff garbage")
    app = still_app(persist=True)
    shown = notices(app)
    async with started(app, (80, 24)):
        assert shown == [DAMAGED]
    assert path.read_bytes() == b"\x00\xff garbage"  # written afresh only at a wrong password
