"""A tab of ``tableau serve`` keeps its files in one folder (issue 27, item 17).

``tableau serve`` runs each tab's app with TABLEAU_SERVED=1. A tab is often someone else's
browser, so LD, SD, S and L there work only inside ``<data folder>/files`` (0700): absolute
paths, ``~``, ``..``, names with a folder, and links that lead out of it are refused with one
sentence, before anything is read or written.
"""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from tableau.engines.yukon import Config
from tableau.sessions.yukon import YukonSession

REFUSAL = ("In a served tab, files stay in one folder: give a plain file name like game.json "
           "(no /, ~ or ..).")


@pytest.fixture
def files(tableau_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The served tab's folder, and a served run."""
    monkeypatch.setenv("TABLEAU_SERVED", "1")
    return tableau_home / "files"


@pytest.fixture
def working(tmp_path: Path) -> Path:
    """The folder the server was started in: a served tab must not reach it."""
    folder = tmp_path / "where-serve-ran"
    folder.mkdir()
    return folder


def in_play(folder: Path) -> YukonSession:
    return YukonSession.start(Config(seed=8), folder).run("LD").run("P")


def test_a_plain_name_lands_in_the_tab_s_private_folder(files: Path, working: Path) -> None:
    session = in_play(working).run("S game.json")
    assert session.message == "OK"
    assert list(working.iterdir()) == []
    assert stat.S_IMODE(files.stat().st_mode) == 0o700
    assert stat.S_IMODE((files / "game.json").stat().st_mode) == 0o600
    loaded = YukonSession.start(Config(), working).run("L game.json")
    assert loaded.message == "OK" and loaded.state == session.state


def test_sd_and_ld_use_the_tab_s_folder(files: Path, working: Path) -> None:
    shuffled = YukonSession.start(Config(seed=3), working).run("LD").run("SR").run("SD")
    assert shuffled.message == "OK" and (files / "cards.txt").is_file()
    loaded = YukonSession.start(Config(), working).run("LD cards.txt")
    assert loaded.message == "OK" and loaded.state.deck == shuffled.state.deck


@pytest.mark.parametrize("command", ["S", "SD", "L", "LD"])
@pytest.mark.parametrize("name", ["{outside}/x.json", "~/x.json", "~root/x.json", "../x.json",
                                  "..", ".", "sub/x.json", "./x.json", "/etc/passwd"])
def test_paths_that_leave_the_tab_s_folder_are_refused(
    files: Path, working: Path, tmp_path: Path, command: str, name: str
) -> None:
    name = name.format(outside=tmp_path)
    session = YukonSession.start(Config(seed=8), working).run("LD")
    if command in ("S", "L"):
        session = session.run("P")
    answer = session.run(f"{command} {name}")
    assert answer.message == REFUSAL
    assert answer.state == session.state
    assert not (tmp_path / "x.json").exists() and list(working.iterdir()) == []


@pytest.mark.parametrize("command", ["S", "L"])
def test_a_link_that_leads_out_of_the_tab_s_folder_is_refused(
    files: Path, working: Path, tmp_path: Path, command: str
) -> None:
    host_save = tmp_path / "host.json"
    kept = json.dumps(in_play(tmp_path).to_json())  # the host's own save
    host_save.write_text(kept)
    in_play(working).run("S mine.json")  # makes the tab's folder
    (files / "out.json").symlink_to(host_save)
    answer = in_play(working).run("C1->C2").run(f"{command} out.json")
    assert answer.message == "out.json leads out of this tab's folder, so it is not used."
    assert host_save.read_text() == kept


def test_a_link_to_a_folder_outside_is_refused(files: Path, working: Path,
                                               tmp_path: Path) -> None:
    in_play(working).run("S mine.json")
    (files / "away").symlink_to(tmp_path)
    answer = in_play(working).run("S away")
    assert answer.message == "away leads out of this tab's folder, so it is not used."
    assert [path.name for path in tmp_path.iterdir()] == ["where-serve-ran"]


def test_a_link_inside_the_tab_s_folder_still_works(files: Path, working: Path) -> None:
    saved = in_play(working).run("S game.json")
    (files / "again.json").symlink_to("game.json")
    assert YukonSession.start(Config(), working).run("L again.json").state == saved.state


def test_outside_a_served_tab_the_player_s_paths_work(working: Path, tmp_path: Path) -> None:
    assert in_play(working).run(f"S {tmp_path}/x.json").message == "OK"
    assert (tmp_path / "x.json").is_file()
