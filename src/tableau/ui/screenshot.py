"""Screenshots from the command palette, written so that only their owner can read them.

Textual's own command writes to ~/Downloads with the umask's mode (often 644) and fails when
that folder is missing. Here the picture goes to the Downloads folder if it exists, else to
the app's folder, as a new file with mode 600: never over an existing file or through a link.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from platformdirs import user_downloads_path


def screenshot_folder(fallback: Path) -> Path | None:
    """Downloads if it is a folder, else ``fallback`` if that is one, else None."""
    for folder in (user_downloads_path(), fallback):
        if folder.is_dir():
            return folder
    return None


def write_private(folder: Path, stem: str, text: str) -> Path:
    """Write ``text`` to a new file ``stem-<time>.svg`` in ``folder`` with mode 600.

    Raises OSError if it cannot (the caller says so in one sentence)."""
    moment = datetime.now().strftime("%Y-%m-%d_%H-%M-%S")
    for attempt in range(100):
        suffix = f"-{attempt}" if attempt else ""
        path = folder / f"{stem}-{moment}{suffix}.svg"
        try:
            handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        except FileExistsError:
            continue
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        return path
    raise FileExistsError(f"Too many screenshots named {stem}-{moment} already.")
