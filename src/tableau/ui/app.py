"""The Textual app: a menu of games, one Screen per game, help, themes and run settings.

Start it with ``run_app()`` (the menu) or ``run_app(start="yukon", seed=7)`` (straight into a
game; ``q`` still steps back to the menu). Game modules are imported only when a game opens.

The app also keeps three promises for every screen: below 40×12 a "make the terminal larger"
screen takes all input; ctrl+q asks before it throws a game under way away; the palette's
screenshot is offered only while no hand is on screen, and written for its owner alone.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from collections.abc import Iterable
from pathlib import Path
from pathlib import PurePath
from typing import Any
from typing import ClassVar

from textual import events
from textual import on
from textual.app import App
from textual.app import SystemCommand
from textual.binding import Binding
from textual.binding import BindingType
from textual.geometry import Size
from textual.screen import Screen

from tableau.engines import REGISTRY
from tableau.engines import find_game
from tableau.ui.games import SCREENS
from tableau.ui.pace import DEFAULT_CPU_DELAY
from tableau.ui.runtime import Runtime
from tableau.ui.screens.base import GameScreen
from tableau.ui.screens.menu import MenuScreen
from tableau.ui.screens.too_small import TooSmallScreen
from tableau.ui.screens.too_small import too_small

PRIVATE_GAMES = frozenset(game.key for game in REGISTRY if game.private)
"""Games whose screens show a hand or a password: no screenshot while one is open."""


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
        self.runtime = Runtime(
            clock=clock, cpu_delay=cpu_delay, cursor_blink=cursor_blink,
            folder=folder if folder is not None else Path.cwd(),
        )
        self.options = options
        self.choices: dict[str, dict[str, Any]] = {}
        """Each game's set-up choices in this run, from the command line or the set-up step."""
        if start is not None:
            self.choices[start] = dict(options)
        if not animations:
            self.animation_level = "none"

    def get_default_screen(self) -> Screen[Any]:
        return MenuScreen()

    @on(MenuScreen.GameChosen)
    def _game_chosen(self, message: MenuScreen.GameChosen) -> None:
        self.set_up_game(message.key)

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, self._screen_changed)
        if self.start is not None:
            self.open_game(self.start, **self.options)
        self._check_size(self.size)

    # ------------------------------------------------------------------ a terminal too small

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size)

    def _check_size(self, size: Size) -> None:
        if too_small(size):
            if not isinstance(self.screen, TooSmallScreen):
                self.push_screen(TooSmallScreen())
        else:
            while isinstance(self.screen, TooSmallScreen):
                self.pop_screen()

    def _screen_changed(self, screen: Screen[Any]) -> None:
        # A game's timer may push a dialog while the terminal is too small: cover it too.
        if too_small(self.size) and not isinstance(screen, TooSmallScreen):
            self.call_later(self._check_size, self.size)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While the terminal is too small, the app's keys (ctrl+p, ctrl+q, F1...) do nothing."""
        return not isinstance(self.screen, TooSmallScreen)

    # ------------------------------------------------------------------ navigation

    def open_game(self, key: str, **options: Any) -> None:
        """Push the game's screen above the menu."""
        ui = SCREENS.get(key)
        if ui is None:
            self.notify(f"There is no game called {key[:20]!r}.", severity="error")
            return
        if "cpu_delay" in options:
            self.runtime.cpu_delay = float(options.pop("cpu_delay"))
        self.show_menu()
        self.push_screen(ui.open({"folder": self.runtime.folder, **options}))

    def set_up_game(self, key: str) -> None:
        """From the menu: the game's set-up step (if it has one), then the game. The set-up
        starts from the choices made last in this run, on the command line or in it."""
        game, ui = find_game(key), SCREENS.get(key)
        options = ui.options() if ui is not None else ()
        if game is None or not options:
            self.open_game(key)
            return
        from tableau.ui.screens.setup import GameSetupScreen

        delay = self.runtime.cpu_delay
        chosen = {**self.choices.get(key, {}), "cpu_delay": delay}
        options = tuple(option.including(delay, f"{delay:g} s a move")
                        if option.key == "cpu_delay" else option for option in options)

        def start(choice: dict[str, Any] | None) -> None:
            if choice is not None:
                self.choices[key] = {**self.choices.get(key, {}), **choice}
                self.open_game(key, **choice)

        self.push_screen(GameSetupScreen(game.title, options, chosen), start)

    def show_menu(self) -> None:
        """Pop every screen above the menu (the first screen)."""
        while len(self.screen_stack) > 1:
            self.pop_screen()

    async def action_quit(self) -> None:
        """ctrl+q: quit, after a yes if a game under way would be lost."""
        from tableau.ui.screens.dialogs import ConfirmScreen

        if isinstance(self.screen, ConfirmScreen):
            return  # already asking
        games = [screen for screen in self.screen_stack if isinstance(screen, GameScreen)]
        if games:
            games[-1].ask_before_discarding(self.exit, question="Quit tableau?", leave="Quit")
        else:
            self.exit()

    def action_help(self) -> None:
        from tableau.ui.screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        screen = self.screen
        self.push_screen(HelpScreen(screen.GAME_KEY if isinstance(screen, GameScreen) else None))

    # ------------------------------------------------------------------ command palette

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The game's own commands first (new game, undo, ...), then Textual's."""
        if isinstance(screen, GameScreen):
            yield from screen.palette_commands()
        elif len(self.screen_stack) == 1:
            for game in REGISTRY:
                yield SystemCommand(
                    f"Play {game.title}", game.description,
                    lambda key=game.key: self.set_up_game(key),
                )
        for command in super().get_system_commands(screen):
            if command.title != "Screenshot":  # Textual's: any hand on screen, mode 644
                yield command
        if self.screenshot_refusal() is None:
            yield SystemCommand(
                "Screenshot", "Save an SVG picture of the screen (readable by you only)",
                lambda: self.set_timer(0.1, self.action_screenshot),
            )

    # ------------------------------------------------------------------ screenshots

    def screenshot_refusal(self) -> str | None:
        """Why no screenshot may be taken now (a hand or a password field is open), or None."""
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen) and screen.GAME_KEY in PRIVATE_GAMES:
                return "No screenshots while a game with hands is open: they would show a hand."
        return None

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """Save the screen as an SVG with mode 600 in Downloads (or the app's folder)."""
        from tableau.ui.screenshot import screenshot_folder
        from tableau.ui.screenshot import write_private

        refusal = self.screenshot_refusal()
        folder = Path(path) if path is not None else screenshot_folder(self.runtime.folder)
        if refusal is None and folder is None:
            refusal = "There is no folder to save the screenshot in."
        if refusal is not None or folder is None:
            self.notify(refusal or "", title="Screenshot", severity="error")
            return
        try:
            saved = write_private(folder, "tableau", self.export_screenshot())
        except OSError as error:
            self.notify(f"The screenshot could not be saved: {error.strerror or error}.",
                        title="Screenshot", severity="error")
            return
        self.notify(f"Saved the screenshot as {saved}.", title="Screenshot", markup=False)


def run_app(start: str | None = None, **options: Any) -> int:
    """Run the app until the player quits. Returns the process exit code."""
    if start is not None and find_game(start) is None:
        import sys

        print(f"tableau: there is no game called {start[:40]!r}.", file=sys.stderr)
        return 2
    app = TableauApp(start, **options)
    app.run()
    return app.return_code or 0
