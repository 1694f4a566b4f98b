"""No file is clobbered (issue 27, items 5 and 6): S, SD and a settings change never replace a
file the player could not write to directly, nor a file that is not of tableau's own kind.

We run the suite as root, and root may write anything, so a file with no write bit at all
counts as read-only too; the last test checks the real thing as an unprivileged user.
"""

from __future__ import annotations

import json
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from tableau.engines.yukon import Config
from tableau.sessions.yukon import YukonSession
from tableau.storage.decks import format_deck
from tableau.storage.decks import load_deck
from tableau.storage.files import FileProblem
from tableau.storage.files import atomic_write_text
from tableau.storage.settings import Field
from tableau.storage.settings import Settings
from tableau.storage.settings import whole

SCHEMA = {"poker": {"cpus": Field(3, whole(1, 5))}}


def dealt(folder: Path) -> YukonSession:
    return YukonSession.start(Config(seed=5), folder).run("LD").run("P")


def read_only(path: Path, text: str) -> Path:
    path.write_text(text)
    path.chmod(0o444)
    return path


def test_s_refuses_a_read_only_file_and_leaves_it(tmp_path: Path) -> None:
    notes = read_only(tmp_path / "notes.txt", "keep\n")
    session = dealt(tmp_path).run("S notes.txt")
    assert session.message == "notes.txt is read-only, so it is not written over."
    assert notes.read_text() == "keep\n"


def test_s_refuses_a_read_only_save_of_its_own(tmp_path: Path) -> None:
    dealt(tmp_path).run("S game.json")
    saved = (tmp_path / "game.json").read_text()
    (tmp_path / "game.json").chmod(0o444)
    session = dealt(tmp_path).run("C1->C2").run("S game.json")
    assert session.message == "game.json is read-only, so it is not written over."
    assert (tmp_path / "game.json").read_text() == saved


def test_sd_refuses_a_read_only_deck_file(tmp_path: Path) -> None:
    mine = YukonSession.start(Config(seed=9), tmp_path).run("LD").run("SR").state.deck
    assert mine is not None
    deck = read_only(tmp_path / "deck.txt", format_deck(mine))
    session = YukonSession.start(Config(), tmp_path).run("LD").run("SD deck.txt")
    assert session.message == "deck.txt is read-only, so it is not written over."
    assert load_deck(deck) == mine


def test_a_write_refuses_a_read_only_file_through_a_link(tmp_path: Path) -> None:
    target = read_only(tmp_path / "real.txt", "keep")
    (tmp_path / "link.txt").symlink_to(target)
    with pytest.raises(FileProblem, match=r"^link.txt is read-only, so it is not written over"):
        atomic_write_text(tmp_path / "link.txt", "new", name="link.txt")
    assert target.read_text() == "keep" and (tmp_path / "link.txt").is_symlink()


def test_a_read_only_settings_toml_is_never_replaced(tmp_path: Path) -> None:
    path = read_only(tmp_path / "settings.toml", "# my settings\n[poker]\ncpus = 2\n")
    settings = Settings(path, SCHEMA)
    with pytest.raises(FileProblem) as refused:
        settings.set("poker", "cpus", 4)
    assert str(refused.value) == ("settings.toml is read-only, so it is not written over; the "
                                  "change holds for this run.")
    assert settings.get("poker", "cpus") == 4
    assert path.read_text() == "# my settings\n[poker]\ncpus = 2\n"
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["settings.toml"]


def test_s_refuses_to_write_over_a_file_that_is_not_a_save(tmp_path: Path) -> None:
    precious = tmp_path / "precious.txt"
    precious.write_text("my notes\n")
    session = dealt(tmp_path).run("S precious.txt")
    assert session.message == ("precious.txt is not a Yukon save, so it is not written over; "
                               "give another name.")
    assert precious.read_text() == "my notes\n"


@pytest.mark.parametrize("text", ['{"game": "poker", "version": 1}', "[1, 2]", "", "\x00\x01"])
def test_s_refuses_json_and_files_that_are_not_yukon_saves(tmp_path: Path, text: str) -> None:
    (tmp_path / "other.json").write_text(text)
    session = dealt(tmp_path).run("S other.json")
    assert session.message.startswith("other.json is not a Yukon save")
    assert (tmp_path / "other.json").read_text() == text


def test_s_writes_over_a_yukon_save_even_one_it_cannot_load(tmp_path: Path) -> None:
    old = tmp_path / "game.json"
    old.write_text(json.dumps({"game": "yukon", "version": 99}))
    session = dealt(tmp_path).run("S game.json")
    assert session.message == "OK"
    assert session.run("L game.json").message == "OK"


def test_sd_refuses_to_write_over_a_file_that_is_not_a_deck(tmp_path: Path) -> None:
    (tmp_path / "cards.txt").write_text("shopping: milk, eggs\n")
    session = YukonSession.start(Config(), tmp_path).run("LD").run("SD")
    assert session.message == ("cards.txt is not a deck file, so it is not written over; give "
                               "another name.")
    assert (tmp_path / "cards.txt").read_text() == "shopping: milk, eggs\n"


def test_sd_writes_over_a_deck_file(tmp_path: Path) -> None:
    first = YukonSession.start(Config(seed=3), tmp_path).run("LD").run("SR").run("SD")
    second = YukonSession.start(Config(seed=4), tmp_path).run("LD").run("SR").run("SD")
    assert first.message == second.message == "OK"
    assert load_deck(tmp_path / "cards.txt") == second.state.deck != first.state.deck


# ---------------------------------------------------------------- as an unprivileged user

UNPRIVILEGED = "nobody"
SYSTEM_PYTHON = Path("/usr/bin/python3")


def unprivileged() -> pwd.struct_passwd:
    """The unprivileged user this test acts as, or skip."""
    if os.geteuid() != 0 or shutil.which("runuser") is None or not SYSTEM_PYTHON.exists():
        pytest.skip("needs root, runuser and /usr/bin/python3 to act as an unprivileged user")
    try:
        return pwd.getpwnam(UNPRIVILEGED)
    except KeyError:
        pytest.skip(f"there is no user {UNPRIVILEGED}")


def test_an_unprivileged_player_s_read_only_files_are_never_replaced() -> None:
    """The real thing: a player who may write the folder but not notes.txt or deck.txt (0444),
    nor root's save (0644, root's), gets the refusal from S and SD, and the files stay as they
    were. The code runs from a world-readable copy of src (tmp_path is private to root)."""
    user = unprivileged()
    with tempfile.TemporaryDirectory(prefix="tableau-no-clobber-") as name:
        top = Path(name)
        shutil.copytree(Path(__file__).resolve().parents[2] / "src", top / "src",
                        ignore=shutil.ignore_patterns("__pycache__"))
        for path in (top, *top.rglob("*")):
            path.chmod(0o755 if path.is_dir() else 0o644)
        folder = top / "play"
        folder.mkdir()
        notes = read_only(folder / "notes.txt", "keep\n")
        deck = read_only(folder / "deck.txt", "keep\n")
        for path in (folder, notes, deck):
            os.chown(path, user.pw_uid, user.pw_gid)
        dealt(folder).run("S root.json")  # root's own save, which the player may only read
        roots = (folder / "root.json").read_text()
        script = (
            "import sys\n"
            "from pathlib import Path\n"
            "from tableau.engines.yukon import Config\n"
            "from tableau.sessions.yukon import YukonSession\n"
            "session = YukonSession.start(Config(seed=5), Path(sys.argv[1])).run('LD')\n"
            "print(session.run('SD deck.txt').message)\n"
            "print(session.run('P').run('S notes.txt').message)\n"
            "print(session.run('P').run('S root.json').message)\n"
        )
        environment = {"PYTHONPATH": str(top / "src"), "PATH": os.environ.get("PATH", ""),
                       "TABLEAU_HOME": str(folder), "HOME": str(folder)}
        done = subprocess.run(
            ["runuser", "-u", UNPRIVILEGED, "--", str(SYSTEM_PYTHON), "-c", script, str(folder)],
            capture_output=True, text=True, timeout=60, env=environment, cwd=folder,
            check=False)
        assert done.returncode == 0, done.stderr
        assert done.stdout.splitlines() == [
            "deck.txt is read-only, so it is not written over.",
            "notes.txt is read-only, so it is not written over.",
            "root.json is read-only, so it is not written over.",
        ]
        assert notes.read_text() == deck.read_text() == "keep\n"
        assert (folder / "root.json").read_text() == roots
