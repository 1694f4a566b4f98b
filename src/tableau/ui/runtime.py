"""What the app gives every screen: the clocks, the CPU pace, the cursor blink, the folder, the
settings and the store. Screens read ``self.runtime`` instead of reaching into the app."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Protocol
from typing import runtime_checkable

from tableau.storage.files import FileProblem
from tableau.storage.settings import Settings
from tableau.storage.store import Store
from tableau.ui.pace import DEFAULT_CPU_DELAY
from tableau.ui.preferences import open_settings


@dataclass(slots=True)
class Runtime:
    """Shared by the app and all its screens for one run (tests pass their own)."""

    clock: Callable[[], float] = time.monotonic
    cpu_delay: float = DEFAULT_CPU_DELAY
    """Seconds a CPU player 'thinks' before its move shows (0: at once, as tests want)."""
    cursor_blink: bool = True
    folder: Path = field(default_factory=Path.cwd)
    """Where relative file names (saves, decks) are resolved; a served tab's file commands use
    only ``tableau.storage.home.files_folder()`` instead."""
    wall: Callable[[], float] = time.time
    """Wall-clock time, for the store: when a game began, when it was saved."""
    settings: Settings = field(default_factory=lambda: open_settings(None))
    """settings.toml (or, by default, this run's settings only)."""
    store: Store = field(default_factory=lambda: Store(None))
    """tableau.db (or, by default, a store that keeps nothing)."""

    def remember(self, section: str, key: str, value: object) -> str | None:
        """Keep a setting in settings.toml at once. Returns the sentence to show when the file
        could not be written (the setting still holds for this run), else None."""
        try:
            self.settings.set(section, key, value)
        except FileProblem as problem:
            return str(problem)
        return None


@runtime_checkable
class Host(Protocol):
    """The app as a screen sees it: its runtime and the one way back to the menu."""

    runtime: Runtime

    def show_menu(self) -> None: ...
