"""atomic_write_text writes only to a regular file or a new path (issue 11, item 8), with
the mode a new file should have (issue 27, item 11).

Every path here lies inside tmp_path; no real device is touched.
"""

from __future__ import annotations

import os
import socket
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from tableau.storage.files import FileProblem
from tableau.storage.files import atomic_write_text


@pytest.fixture
def unix_socket(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "socket"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    yield path
    server.close()


def char_device(tmp_path: Path) -> Path:
    """A character device node like /dev/null, made inside tmp_path (needs root)."""
    path = tmp_path / "null"
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, OSError):
        pytest.skip("this machine does not let the test make a device node")
    return path


def test_a_fifo_is_refused_and_stays_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(FileProblem, match=r"not a regular file .*nothing is written"):
        atomic_write_text(fifo, "save")
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert [path.name for path in tmp_path.iterdir()] == ["pipe"]


def test_a_socket_is_refused_and_stays_a_socket(unix_socket: Path) -> None:
    with pytest.raises(FileProblem, match="not a regular file"):
        atomic_write_text(unix_socket, "save")
    assert stat.S_ISSOCK(unix_socket.lstat().st_mode)


def test_a_device_node_is_refused_and_stays_a_device(tmp_path: Path) -> None:
    device = char_device(tmp_path)
    with pytest.raises(FileProblem, match="not a regular file"):
        atomic_write_text(device, "save")
    assert stat.S_ISCHR(device.lstat().st_mode)


def test_a_link_to_a_device_is_refused(tmp_path: Path) -> None:
    device = char_device(tmp_path)
    (tmp_path / "link").symlink_to(device)
    with pytest.raises(FileProblem, match="not a regular file"):
        atomic_write_text(tmp_path / "link", "save")
    assert stat.S_ISCHR(device.lstat().st_mode)


def test_a_folder_is_refused_with_a_sentence(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    with pytest.raises(FileProblem, match="is a folder; give a file name"):
        atomic_write_text(tmp_path / "games", "save", name="games")
    assert (tmp_path / "games").is_dir()


def test_a_write_goes_through_a_symlink_and_the_link_stays(tmp_path: Path) -> None:
    (tmp_path / "real.json").write_text("old")
    (tmp_path / "link.json").symlink_to("real.json")
    atomic_write_text(tmp_path / "link.json", "new")
    assert (tmp_path / "link.json").is_symlink()
    assert (tmp_path / "real.json").read_text() == "new"


def test_a_link_to_nothing_is_refused(tmp_path: Path) -> None:
    (tmp_path / "link.json").symlink_to("missing.json")
    with pytest.raises(FileProblem, match="a link to nothing"):
        atomic_write_text(tmp_path / "link.json", "new")
    assert not (tmp_path / "missing.json").exists()


def test_an_existing_file_keeps_its_mode(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    save.write_text("old")
    save.chmod(0o600)
    atomic_write_text(save, "new")
    assert stat.S_IMODE(save.stat().st_mode) == 0o600 and save.read_text() == "new"


@pytest.mark.parametrize(("umask", "expected"), [(0o022, 0o644), (0o077, 0o600)])
def test_a_new_file_gets_the_usual_mode_less_the_umask(
    tmp_path: Path, umask: int, expected: int
) -> None:
    old = os.umask(umask)
    try:
        atomic_write_text(tmp_path / "deck.txt", "AC\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "deck.txt").stat().st_mode) == expected


def test_a_private_file_is_0600_new_and_loses_group_and_other_bits_when_replaced(
    tmp_path: Path,
) -> None:
    atomic_write_text(tmp_path / "new.toml", "a = 1\n", private=True)
    (tmp_path / "old.toml").write_text("a = 1\n")
    (tmp_path / "old.toml").chmod(0o664)
    atomic_write_text(tmp_path / "old.toml", "a = 2\n", private=True)
    assert stat.S_IMODE((tmp_path / "new.toml").stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "old.toml").stat().st_mode) == 0o600


def test_stale_temp_files_of_a_killed_write_are_removed(tmp_path: Path) -> None:
    stale = tmp_path / ".game.json.k3x_9abz"  # the name a write killed midway left behind
    stale.write_text("half a save")
    os.utime(stale, (0, 0))
    recent = tmp_path / ".game.json.q1w2e3r4"  # another write may be busy with this one
    recent.write_text("being written")
    unrelated = tmp_path / ".game.json.notes"
    unrelated.write_text("mine")
    atomic_write_text(tmp_path / "game.json", "save")
    names = sorted(path.name for path in tmp_path.iterdir())
    assert names == [".game.json.notes", ".game.json.q1w2e3r4", "game.json"]
