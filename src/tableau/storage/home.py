"""Where tableau keeps its files: the settings in the config folder, the database in the data
folder (``platformdirs``). ``TABLEAU_HOME`` puts both under one folder; tests always set it.

Nothing here creates a folder on its own: the writers call ``private_folder`` when they first
write. tableau's folders are 0700 and its files 0600, as ssh and gpg keep theirs: someone else
on the machine must not read the password verifiers in tableau.db (see docs/security.md).

A tab of ``tableau serve`` (``TABLEAU_SERVED=1``) is often someone else's browser, so its file
commands work only inside ``files_folder()``.
"""

from __future__ import annotations

import os
import stat
from contextlib import suppress
from pathlib import Path
from typing import Final

HOME_VARIABLE: Final = "TABLEAU_HOME"
SERVED_VARIABLE: Final = "TABLEAU_SERVED"
FILES_FOLDER: Final = "files"
PRIVATE_FOLDER_MODE: Final = 0o700
PRIVATE_FILE_MODE: Final = 0o600
APP_NAME: Final = "tableau"
SETTINGS_FILE: Final = "settings.toml"
DATABASE_FILE: Final = "tableau.db"


def _home() -> Path | None:
    value = os.environ.get(HOME_VARIABLE, "")
    return Path(value).expanduser() if value else None


def config_folder() -> Path:
    """Where settings.toml lives."""
    home = _home()
    if home is not None:
        return home
    from platformdirs import user_config_path  # only without TABLEAU_HOME: a fast start-up

    return user_config_path(APP_NAME, appauthor=False)


def data_folder() -> Path:
    """Where tableau.db lives."""
    home = _home()
    if home is not None:
        return home
    from platformdirs import user_data_path

    return user_data_path(APP_NAME, appauthor=False)


def settings_path() -> Path:
    return config_folder() / SETTINGS_FILE


def database_path() -> Path:
    return data_folder() / DATABASE_FILE


def served() -> bool:
    """This app runs in a tab of ``tableau serve``: file commands stay in ``files_folder()``."""
    return os.environ.get(SERVED_VARIABLE, "") == "1"


def files_folder() -> Path:
    """The one folder a served tab's file commands (LD, SD, S, L) may use."""
    return data_folder() / FILES_FOLDER


def private_folder(folder: Path) -> None:
    """Make ``folder`` (0700) if it is missing; an existing one is made private only if it is
    one of tableau's own folders (``tighten_folder``). Raises OSError if it cannot be made."""
    folder.mkdir(mode=PRIVATE_FOLDER_MODE, parents=True, exist_ok=True)
    tighten_folder(folder)


def tighten_folder(folder: Path) -> None:
    """Make an existing folder private, but only tableau's own: the data, config and files
    folders. Any other folder (the working folder, one a test or a caller names, the parent of
    a ``:memory:`` database, which is ".") keeps its mode: changing the mode of a folder that
    is not tableau's is clobbering it."""
    try:
        here = folder.resolve()
        ours = {place.resolve() for place in (data_folder(), config_folder(), files_folder())}
    except (OSError, RuntimeError):
        return
    if here in ours:
        make_private(folder)


def make_private(path: Path) -> None:
    """Take group's and others' access off a file or folder of tableau's own (0644 becomes
    0600, 0755 becomes 0700). The owner's bits stay: a read-only file stays read-only.

    A path of someone else's, or a shared folder with the sticky bit (a TABLEAU_HOME of
    /tmp), is left alone, and so is one that cannot be changed: privacy is tightened where
    tableau may, never a reason to stop."""
    try:
        status = path.stat()
        mode = stat.S_IMODE(status.st_mode)
        if status.st_uid == os.getuid() and not mode & stat.S_ISVTX and mode & 0o077:
            os.chmod(path, mode & ~0o077)
    except OSError:
        pass


def private_database(path: Path) -> None:
    """Begin the database file at 0600 before SQLite opens it, since SQLite gives its -wal and
    -shm the database file's mode; an existing one is made private with its -wal and -shm."""
    if os.fspath(path) == ":memory:":
        return
    with suppress(OSError):  # it is there already (made private below), or SQLite says why
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE_MODE))
    for file in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        make_private(file)
