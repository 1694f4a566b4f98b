"""What the app gives every screen: the clock, the CPU pace, the cursor blink, the folder and
the run's settings. Screens read ``self.runtime`` instead of reaching into the app."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Protocol
from typing import runtime_checkable

from tableau.ui.pace import DEFAULT_CPU_DELAY


@dataclass(slots=True)
class RunSettings:
    """Choices kept for the rest of the run (the theme lives in ``App.theme``)."""

    auto_move: bool = False
    """Yukon: move cards that can safely go home to the foundations by themselves."""


@dataclass(slots=True)
class Runtime:
    """Shared by the app and all its screens for one run (tests pass their own)."""

    clock: Callable[[], float] = time.monotonic
    cpu_delay: float = DEFAULT_CPU_DELAY
    """Seconds a CPU player 'thinks' before its move shows (0: at once, as tests want)."""
    cursor_blink: bool = True
    folder: Path = field(default_factory=Path.cwd)
    """Where relative file names (saves, decks) are resolved."""
    settings: RunSettings = field(default_factory=RunSettings)


@runtime_checkable
class Host(Protocol):
    """The app as a screen sees it: its runtime and the one way back to the menu."""

    runtime: Runtime

    def show_menu(self) -> None: ...
