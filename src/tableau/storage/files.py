"""Small text files for the games: reading one safely, writing one atomically, and resolving
a name the player typed. Every problem is a FileProblem with one sentence for the player.

No file is clobbered: a write never replaces a file the player could not write to directly
(the rename of an atomic write would get past its mode), nor one that is not of the kind
being written (``Kind``). In a tab of ``tableau serve``, names resolve only inside
``home.files_folder()``.
"""

from __future__ import annotations

import os
import re
import secrets
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from tableau.storage.home import PRIVATE_FILE_MODE
from tableau.storage.home import files_folder
from tableau.storage.home import private_folder
from tableau.storage.home import served
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


NEW_FILE_MODE: Final = 0o666
"""A new file in the player's folder gets this less the umask, as from any program."""
STALE_TEMP_SECONDS: Final = 60.0
"""A temp file of ours this old is left over from a write that was killed."""


@dataclass(frozen=True, slots=True)
class Kind:
    """The kind of file a write makes: an existing file is written over only when
    ``recognises`` its text (read up to ``limit`` bytes)."""

    what: str
    """As a sentence names it: "Yukon save", "deck file"."""
    limit: int
    recognises: Callable[[str], bool]


def _write_target(path: Path, shown: str, kind: Kind | None) -> tuple[Path, int | None]:
    """Where a write to ``path`` goes, and the mode of the file it replaces (None: a new file).

    Ruling on symlinks: a write goes through a link to the file it points to, and the link
    stays a link; a link that points nowhere is refused. Only a regular file is replaced, or
    a new one made; a folder, device, FIFO or socket is refused before anything is written,
    and so is a file the player may not write to (root may write anything, so a file with no
    write bit at all counts as read-only too) or one that is not of ``kind``.
    """
    real = Path(os.path.realpath(path))
    try:
        status = real.stat()
    except FileNotFoundError:
        if path.is_symlink():
            raise FileProblem(f"{shown} is a link to nothing, so nothing is written.") from None
        return real, None
    if stat.S_ISDIR(status.st_mode):
        raise FileProblem(f"{shown} is a folder; give a file name.")
    if not stat.S_ISREG(status.st_mode):
        raise FileProblem(
            f"{shown} is not a regular file (a device, FIFO or socket), so nothing is written."
        )
    mode = stat.S_IMODE(status.st_mode)
    if not mode & 0o222 or not os.access(real, os.W_OK):
        raise FileProblem(f"{shown} is read-only, so it is not written over.")
    if kind is not None and not _is_kind(real, kind):
        raise FileProblem(f"{shown} is not a {kind.what}, so it is not written over; "
                          "give another name.")
    return real, mode


def may_write(path: Path) -> bool:
    """Whether ``atomic_write_text`` may write ``path``: ``_write_target`` allows it, and its
    folder takes the new file."""
    try:
        target, _ = _write_target(path, str(path), None)
    except (FileProblem, OSError):
        return False
    return os.access(target.parent, os.W_OK | os.X_OK)


def _is_kind(path: Path, kind: Kind) -> bool:
    try:
        return kind.recognises(read_small_text(path, kind.what, kind.limit))
    except FileProblem:
        return False


def _new_temp(target: Path, mode: int) -> tuple[int, str]:
    """A new, empty temp file beside ``target``, opened for writing, made with ``mode`` (less
    the umask), and its name."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    for _ in range(100):
        name = os.path.join(target.parent, _temp_prefix(target) + secrets.token_hex(4))
        try:
            return os.open(name, flags, mode), name
        except FileExistsError:
            continue
    raise FileExistsError(f"Too many temp files beside {target.name}.")


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
    path: str | os.PathLike[str], text: str, *, name: str | None = None,
    kind: Kind | None = None, private: bool = False,
) -> None:
    """Write via a temp file in the same folder and rename, so a crash never leaves half a file.

    See ``_write_target`` for what may be written over; an existing file that is not of
    ``kind`` (when given) is refused. An existing file keeps its mode (when ``private``, less
    group's and others' bits); a new one gets 0600 when ``private`` (tableau's own files, and
    every file of a served tab), else 0666 less the umask. Raises FileProblem with a clear
    sentence; ``name`` is how the file is called in it.
    """
    shown = _shown_name(path, name)
    private = private or served()  # a served tab writes only in tableau's own folders
    try:
        target, mode = _write_target(Path(path), shown, kind)
        made = PRIVATE_FILE_MODE if private or mode is not None else NEW_FILE_MODE
        handle, temp_name = _new_temp(target, made)
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
        if mode is not None:
            os.chmod(temp_name, mode & ~0o077 if private else mode)
        _write_target(Path(path), shown, None)  # once more: the path may have changed meanwhile
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
    taken in ``folder``. In a served tab, see ``_served_file``."""
    if served():
        return _served_file(name)
    try:
        path = Path(name).expanduser()
    except RuntimeError:  # "~someone" for a user this machine does not know
        raise FileProblem(f"There is no home folder for {name.split('/')[0]!r}.") from None
    return path if path.is_absolute() else folder / path


def _served_file(name: str) -> Path:
    """A served tab is often someone else's browser: its files stay in ``files_folder()``
    (0700, made when first needed). A name with a folder in it, ``~`` or ``..``, and a link
    that leads out of that folder are refused."""
    if not name or "/" in name or name.startswith("~") or name in (".", ".."):
        raise FileProblem("In a served tab, files stay in one folder: give a plain file name "
                          "like game.json (no /, ~ or ..).")
    folder = files_folder()
    try:
        private_folder(folder)
    except OSError as error:
        raise FileProblem(f"The folder for this tab's files cannot be made "
                          f"({error.strerror}).") from None
    path = folder / name
    try:
        leads_out = Path(os.path.realpath(path)).parent != Path(os.path.realpath(folder))
    except ValueError:  # a NUL in the name
        raise FileProblem(f"'{_shown_name(path, name)}' is not a usable file name.") from None
    if leads_out:
        raise FileProblem(f"{_shown_name(path, name)} leads out of this tab's folder, so it is "
                          "not used.")
    return path
