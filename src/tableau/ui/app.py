"""The Textual app: a menu of games, one Screen per game, help, themes and run settings.

Start it with ``run_app()`` (the menu) or ``run_app(start="yukon", seed=7)`` (straight into a
game; ``q`` still steps back to the menu). Game modules are imported only when a game opens.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any, ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from tableau.ui.games import GAMES, find_game
from tableau.ui.pace import DEFAULT_CPU_DELAY


@dataclass(slots=True)
class RunSettings:
    """Choices kept for the rest of the run (the theme lives in ``App.theme``)."""

    auto_move: bool = False
    """Yukon: move cards that can safely go home to the foundations by themselves."""


class TableauApp(App[int]):
    """The card table. Every game is a Screen pushed on top of the menu."""

    TITLE = "tableau"
    # Absolute paths, so subclasses elsewhere work. The menu is the default screen, whose own
    # CSS_PATH Textual does not load, so its styles come in here.
    CSS_PATH: ClassVar[list[str | PurePath]] = [
        Path(__file__).with_name("app.tcss"),
        Path(__file__).parent / "screens" / "menu.tcss",
    ]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", priority=True, show=False),
        Binding("f1", "help", "Help", show=False),
    ]

    def __init__(
        self,
        start: str | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        cpu_delay: float = DEFAULT_CPU_DELAY,
        cursor_blink: bool = True,
        animations: bool = True,
        folder: Path | None = None,
        **options: Any,
    ) -> None:
        """``clock``, ``cpu_delay``, ``cursor_blink`` and ``animations`` exist for tests.

        ``options`` go to the game's screen factory (``seed``, ``deck``, ``rules``, ...).
        ``folder`` is where relative file names (saves, decks) are resolved.
        """
        super().__init__()
        self.start = start
        self.clock = clock
        self.cpu_delay = cpu_delay
        self.cursor_blink = cursor_blink
        self.folder = folder if folder is not None else Path.cwd()
        self.options = options
        self.settings = RunSettings()
        if not animations:
            self.animation_level = "none"

    def get_default_screen(self) -> Screen[Any]:
        from tableau.ui.screens.menu import MenuScreen

        return MenuScreen()

    def on_mount(self) -> None:
        if self.start is not None:
            self.open_game(self.start, **self.options)

    # ------------------------------------------------------------------ navigation

    def open_game(self, key: str, **options: Any) -> None:
        """Push the game's screen above the menu."""
        entry = find_game(key)
        if entry is None:
            self.notify(f"There is no game called {key[:20]!r}.", severity="error")
            return
        self.show_menu()
        self.push_screen(entry.open({"folder": self.folder, **options}))

    def show_menu(self) -> None:
        """Pop every screen above the menu (the first screen)."""
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def action_menu(self) -> None:
        self.show_menu()

    def action_help(self) -> None:
        from tableau.ui.screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        self.push_screen(HelpScreen(getattr(self.screen, "GAME_KEY", "") or None))

    # ------------------------------------------------------------------ command palette

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The game's own commands first (new game, undo, ...), then Textual's."""
        own = getattr(screen, "palette_commands", None)
        if own is not None:
            yield from own()
        elif len(self.screen_stack) == 1:
            for entry in GAMES:
                yield SystemCommand(
                    f"Play {entry.title}", entry.description,
                    lambda key=entry.key: self.open_game(key),
                )
        yield from super().get_system_commands(screen)


def run_app(start: str | None = None, **options: Any) -> int:
    """Run the app until the player quits. Returns the process exit code."""
    if start is not None and find_game(start) is None:
        import sys

        print(f"tableau: there is no game called {start[:40]!r}.", file=sys.stderr)
        return 2
    app = TableauApp(start, **options)
    app.run()
    return app.return_code or 0
