"""Small text files for the games: reading one safely, writing one atomically, and resolving
a name the player typed. Every problem is a FileProblem with one sentence for the player."""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from pathlib import Path
from typing import Final

from tableau.text import shorten


def _shown_name(path: str | os.PathLike[str], name: str | None) -> str:
    return shorten(os.fspath(path) if name is None else name, 40)


class FileProblem(ValueError):
    """A file that cannot be read or written. str() is a sentence for the player."""


def read_small_text(
    path: str | os.PathLike[str], what: str, limit: int, *, name: str | None = None
) -> str:
    """Read a small UTF-8 text file. Raises FileProblem with one clear sentence.

    ``name`` is how the file is called in messages (default: the path). Folders, devices,
    files over ``limit`` bytes and binary files are refused without reading them whole.
    """
    shown = _shown_name(path, name)
    try:
        target = Path(path)
        status = target.stat()
        if stat.S_ISDIR(status.st_mode):
            raise FileProblem(f"{shown} is a folder, not a {what}.")
        if not stat.S_ISREG(status.st_mode):
            raise FileProblem(f"{shown} is not a regular file, so it is not a {what}.")
        if status.st_size > limit:
            raise FileProblem(f"{shown} is too large to be a {what} ({status.st_size} bytes).")
        with target.open("rb") as stream:
            data = stream.read(limit + 1)
    except FileProblem:
        raise
    except FileNotFoundError:
        raise FileProblem(f"The file {shown} does not exist.") from None
    except PermissionError:
        raise FileProblem(f"The file {shown} cannot be read (permission denied).") from None
    except OSError as error:
        reason = error.strerror or "input/output error"
        raise FileProblem(f"The file {shown} cannot be read ({reason}).") from None
    except ValueError:
        raise FileProblem(f"'{shown}' is not a usable file name.") from None
    if len(data) > limit:
        raise FileProblem(f"{shown} is too large to be a {what}.")
    if b"\x00" in data:
        raise FileProblem(f"{shown} is a binary file, not a {what}.")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FileProblem(f"{shown} is not a text file, so it is not a {what}.") from None


NEW_FILE_MODE: Final = 0o644
STALE_TEMP_SECONDS: Final = 60.0
"""A temp file of ours this old is left over from a write that was killed."""


def _write_target(path: Path, shown: str) -> tuple[Path, int]:
    """Where a write to ``path`` goes, and the mode the file gets.

    Ruling on symlinks: a write goes through a link to the file it points to, and the link
    stays a link; a link that points nowhere is refused. Only a regular file is replaced, or
    a new one made; a folder, device, FIFO or socket is refused before anything is written.
    """
    real = Path(os.path.realpath(path))
    try:
        status = real.stat()
    except FileNotFoundError:
        if path.is_symlink():
            raise FileProblem(f"{shown} is a link to nothing, so nothing is written.") from None
        return real, NEW_FILE_MODE
    if stat.S_ISDIR(status.st_mode):
        raise FileProblem(f"{shown} is a folder; give a file name.")
    if not stat.S_ISREG(status.st_mode):
        raise FileProblem(
            f"{shown} is not a regular file (a device, FIFO or socket), so nothing is written."
        )
    return real, stat.S_IMODE(status.st_mode)


def _temp_prefix(target: Path) -> str:
    return f".{target.name[:40]}."


def _remove_stale_temps(target: Path) -> None:
    """Remove temp files our own writes to ``target`` left behind when killed midway."""
    prefix = _temp_prefix(target)
    pattern = re.compile(re.escape(prefix) + r"[a-z0-9_]{8}")
    now = time.time()
    try:
        names = [entry for entry in os.scandir(target.parent) if pattern.fullmatch(entry.name)]
        for entry in names:
            status = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(status.st_mode) and now - status.st_mtime > STALE_TEMP_SECONDS:
                os.unlink(entry.path)
    except OSError:
        pass  # tidying up is a kindness; it never stops a save


def atomic_write_text(
    path: str | os.PathLike[str], text: str, *, name: str | None = None
) -> None:
    """Write via a temp file in the same folder and rename, so a crash never leaves half a file.

    An existing file keeps its mode. See ``_write_target`` for what may be written to.
    Raises FileProblem with a clear sentence; ``name`` is how the file is called in it.
    """
    shown = _shown_name(path, name)
    try:
        target, mode = _write_target(Path(path), shown)
        handle, temp_name = tempfile.mkstemp(prefix=_temp_prefix(target), dir=target.parent)
    except OSError as error:
        raise FileProblem(f"Cannot write {shown} ({error.strerror}).") from None
    except ValueError as error:
        if isinstance(error, FileProblem):
            raise
        raise FileProblem(f"'{shown}' is not a usable file name.") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temp_name, mode)
        _write_target(Path(path), shown)  # once more: the path may have changed meanwhile
        os.replace(temp_name, target)
    except (OSError, ValueError) as error:
        Path(temp_name).unlink(missing_ok=True)
        if isinstance(error, FileProblem):
            raise
        reason = error.strerror if isinstance(error, OSError) else "text cannot be encoded"
        raise FileProblem(f"Cannot write {shown} ({reason}).") from None
    _remove_stale_temps(target)


def resolve(folder: Path, name: str) -> Path:
    """The file a player means by ``name``: ``~`` is the home folder, and a relative name is
    taken in ``folder``."""
    try:
        path = Path(name).expanduser()
    except RuntimeError:  # "~someone" for a user this machine does not know
        raise FileProblem(f"There is no home folder for {name.split('/')[0]!r}.") from None
    return path if path.is_absolute() else folder / path
