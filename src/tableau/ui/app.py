"""The Textual app: a menu of games, one Screen per game, help, themes and run settings.

Start it with ``run_app()`` (the menu) or ``run_app(start="yukon", seed=7)`` (straight into a
game; ``q`` still steps back to the menu). Game modules are imported only when a game opens.

The app opens the settings (settings.toml) and the store (tableau.db) in the folders of
``tableau.storage.home``, and says on start-up, in one sentence each, what it could not use.

The app also keeps three promises for every screen: below 40×12 a "make the terminal larger"
screen takes all input; ctrl+q asks before it throws a game under way away; the palette's
screenshot is offered only while no hand is on screen, and written for its owner alone.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import os
import sys
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
from textual.command import CommandPalette
from textual.filter import LineFilter
from textual.geometry import Size
from textual.message import Message
from textual.notifications import SeverityLevel
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Button
from textual.widgets import Input
from textual.widgets import OptionList

from tableau.registry import REGISTRY
from tableau.registry import find_game
from tableau.storage.home import database_path
from tableau.storage.home import settings_path
from tableau.storage.lockouts import Lockouts
from tableau.storage.store import Store
from tableau.storage.store import StoreProblem
from tableau.ui.faces import ABOUT
from tableau.ui.faces import ASCII_FACES
from tableau.ui.faces import DEFAULT_FACE
from tableau.ui.faces import FACES
from tableau.ui.faces import FOUR_COLOUR_CLASS
from tableau.ui.faces import Face
from tableau.ui.faces import chosen_face
from tableau.ui.faces import terminal_shows_glyphs
from tableau.ui.games import game_ui
from tableau.ui.pace import DEFAULT_CPU_DELAY
from tableau.ui.preferences import open_settings
from tableau.ui.runtime import Runtime
from tableau.ui.screens.base import GameScreen
from tableau.ui.screens.menu import MenuScreen
from tableau.ui.screens.too_small import TooSmallScreen
from tableau.ui.screens.too_small import too_small

TERMINAL_LOOK = 1.0
"""Seconds between two looks at whether the terminal is still there (``_watch_terminal``)."""
OPTION_SETTINGS = {"cpu_delay": "speed"}
"""A set-up option's name in settings.toml, where the two differ."""
SETTING_NAMES = {setting: option for option, setting in OPTION_SETTINGS.items()}

PRIVATE_GAMES = frozenset(game.key for game in REGISTRY if game.private)
"""Games whose screens show a hand or a password: no screenshot while one is open."""


@functools.cache
def _freeze_start_up() -> None:
    """Leave what start-up made out of every later garbage collection, once per process
    (``cache``: asking ``gc.get_freeze_count`` instead walks every frozen object, 15 ms).

    A full collection walks every object Python tracks: some 100,000 once a game is under way,
    60-100 ms in which no key is answered (a stutter every few hundred moves). What start-up
    made (Textual, the screens, the modules) lives as long as the app, so it is frozen after
    the first frame (``gc.freeze``); what the game makes later is collected as before."""
    gc.collect()
    gc.freeze()


COLLECT_AFTER: int = 50_000
"""Objects made (less those freed) between two young-generation collections; Python's own
700 suits programs that keep what they make. Textual makes and drops thousands of small
objects a frame, almost all freed at once by reference counting, and at 700 the collector
ran so often that it took a sixth to a fifth of the app's CPU time (the Pilot tests of
Yukon's flows and Pesten: 41.5 against 34.2 CPU-s). Only cycles wait for it, a few MB."""


def collect_less_often() -> None:
    _young, middle, old = gc.get_threshold()
    gc.set_threshold(COLLECT_AFTER, middle, old)


class Palette(CommandPalette):
    """Textual's command palette, which a double click closes once.

    Textual's own (8.2.8) acts on every click, chosen line and Enter it handles, even after
    one of them closed it: the second click of a double click on its background (or on a
    line) closed the screen below too (ScreenStackError on the menu, InvalidStateError from
    a dialog's answer) or ran the command twice."""

    def _on_click(self, event: events.Click) -> None:  # type: ignore[override]
        self._drop_once_closed(event)

    @on(OptionList.OptionSelected)
    @on(Input.Submitted)
    @on(Button.Pressed)
    def _drop_once_closed(self, event: Message) -> None:
        # Textual calls each class's handlers in turn, this one first: once closed, the
        # palette's own are skipped.
        if not self.is_active:
            event.stop()
            event.prevent_default()


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

    card_face: reactive[Face] = reactive[Face](DEFAULT_FACE, init=False)
    """How cards are drawn (tableau.ui.faces); a change redraws every screen at once."""

    def __init__(
        self,
        start: str | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        cpu_delay: float | None = None,
        cursor_blink: bool = True,
        animations: bool = True,
        folder: Path | None = None,
        persist: bool = True,
        wall: Callable[[], float] = time.time,
        cards: Face | None = None,
        first_screen: Callable[[], Screen[Any]] | None = None,
        **options: Any,
    ) -> None:
        """``cards`` is the card face for this run (``--cards``), over the remembered one.
        ``clock``, ``wall``, ``cursor_blink`` and ``animations`` exist for tests;
        ``persist=False`` reads and writes no settings and no store (snapshots). A
        ``cpu_delay`` holds for the whole run (tests, ``--delay``); without one, each game
        starts at the speed its set-up last chose.

        ``options`` go to the game's screen factory (``seed``, ``deck``, ``rules``, ...).
        ``folder`` is where relative file names (saves, decks) are resolved.
        ``first_screen`` makes a screen to open above the menu at start (``tableau join``).
        """
        super().__init__()
        self.start = start
        self.runtime = Runtime(
            clock=clock, cpu_delay=DEFAULT_CPU_DELAY if cpu_delay is None else cpu_delay,
            cursor_blink=cursor_blink,
            folder=folder if folder is not None else Path.cwd(), wall=wall,
            settings=open_settings(settings_path() if persist else None),
            store=Store(database_path() if persist else None, wall=wall),
        )
        self.options = options
        self.first_screen = first_screen
        self.fixed_delay = cpu_delay
        self.asked_face = cards
        self.notice_scale = 1.0
        """Every notice stays this many times its own timeout (the pictures' scenes keep theirs
        up, however slow the machine that takes them)."""
        self.choices: dict[str, dict[str, Any]] = {}
        """Each game's set-up choices in this run, from the command line or the set-up step."""
        if start is not None:
            self.choices[start] = dict(options)
        if not animations:
            self.animation_level = "none"

    def get_default_screen(self) -> Screen[Any]:
        return MenuScreen(listed_when_shown=self.start is not None or self.first_screen is not None)

    @on(MenuScreen.GameChosen)
    def _game_chosen(self, message: MenuScreen.GameChosen) -> None:
        if message.resume:
            self.continue_game(message.key)
        else:
            self.set_up_game(message.key)

    @on(MenuScreen.StatisticsChosen)
    def _statistics_chosen(self) -> None:
        from tableau.ui.screens.stats import StatsScreen

        self.push_screen(StatsScreen())

    def on_mount(self) -> None:
        collect_less_often()
        self.screen_change_signal.subscribe(self, self._screen_changed)
        self._hear_store()
        self._use_settings()
        if self.start is not None:
            self.open_game(self.start, **self.options)
        elif self.first_screen is not None:
            self.push_screen(self.first_screen())
        self._check_size()
        self._watch_terminal()
        self.call_after_refresh(_freeze_start_up)

    def _watch_terminal(self) -> None:
        """End when the terminal goes away. A terminal closed without its hang-up signal
        reaching tableau (``make play`` leads the session, and make does not pass the signal
        on) leaves Textual reading an endless end of input at full speed. Every move is
        autosaved already, so there is nothing left to keep."""
        terminal = sys.__stdin__
        if self.is_headless or terminal is None or not terminal.isatty():
            return
        number = terminal.fileno()

        def look() -> None:
            if not os.isatty(number):
                self.exit(return_code=1)

        self.set_interval(TERMINAL_LOOK, look)

    def _use_settings(self) -> None:
        """Apply the remembered theme, keep every later change of it, and say in one notice
        what the settings and the store could not use (many bad values must not stack many
        notices over the table)."""
        settings, store = self.runtime.settings, self.runtime.store
        theme = settings.get("app", "theme")
        if theme not in self.available_themes:
            settings.refuse("app", "theme", f"{theme[:40]!r} is not a theme tableau knows")
            theme = settings.get("app", "theme")
        if theme != self.theme:  # setting it restyles every widget, even to the same
            self.theme = theme
        self.theme_changed_signal.subscribe(
            self, lambda chosen: self.remember("app", "theme", chosen.name))
        remembered = settings.get("app", "cards") if settings.chosen("app", "cards") else None
        self.card_face = chosen_face(self.asked_face, remembered, terminal_shows_glyphs())
        problems = [problem for problem in (settings.notice(), store.problem,
                                            Lockouts.at_home().problem) if problem]
        if problems:
            self.notify("\n\n".join(problems), title="tableau", severity="warning",
                        timeout=12 if len(settings.problems) <= 1 else 30, markup=False)

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """Textual's notice, kept up ``notice_scale`` times as long."""
        seconds = self.NOTIFICATION_TIMEOUT if timeout is None else timeout
        super().notify(message, title=title, severity=severity,
                       timeout=seconds * self.notice_scale, markup=markup)

    def get_line_filters(self) -> list[LineFilter]:
        """Textual's filters, and the ascii faces' while they are chosen."""
        filters = list(super().get_line_filters())
        if self.card_face == "ascii":
            filters.append(ASCII_FACES)
        return filters

    def watch_card_face(self, face: Face) -> None:
        self.set_class(face == "four-colour", FOUR_COLOUR_CLASS)  # restyles every widget
        for screen in self.screen_stack:
            for widget in screen.walk_children(with_self=True):
                widget.refresh()

    def choose_face(self, face: Face) -> None:
        """The palette's choice: drawn at once and remembered."""
        self.card_face = face
        self.remember("app", "cards", face)

    def remember(self, section: str, key: str, value: object) -> None:
        """Keep a setting in settings.toml at once, or say why it could not be."""
        problem = self.runtime.remember(section, key, value)
        if problem is not None:
            self.notify(problem, title="Settings", severity="warning", markup=False)

    def _hear_store(self) -> None:
        """The store's writer thread says, once, when writing fails and when it works again:
        shown here, on the event loop."""
        loop = asyncio.get_running_loop()

        def say(sentence: str, problem: bool) -> None:
            if problem:
                self.notify(sentence, title="Not saved", severity="warning", markup=False)
            else:
                self.notify(sentence, title="Saved", markup=False)

        self.runtime.store.on_report = (
            lambda sentence, problem: loop.call_soon_threadsafe(say, sentence, problem))

    def on_unmount(self) -> None:
        self.runtime.store.close()  # writes what is still to be written (a bounded wait)

    # ------------------------------------------------------------------ a terminal too small

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size)  # the app's own size follows after this handler

    def _check_size(self, size: Size | None = None) -> None:
        """Cover every screen at once when the terminal is too small: nothing may be driven
        at a size it was not made for. The cover goes once a size that fits has settled,
        so a burst of sizes is handled once. ``size`` is the newest (the app's own, unless
        given): a call made for an old size of a burst must not cover a terminal that fits."""
        screen = self.screen
        if isinstance(screen, TooSmallScreen):
            screen.leave_when_settled()  # every new size starts the wait again
        elif too_small(self.size if size is None else size):
            self.push_screen(TooSmallScreen())

    def _screen_changed(self, screen: Screen[Any]) -> None:
        # A game's timer may push a dialog while the terminal is too small: cover it too.
        if too_small(self.size) and not isinstance(screen, TooSmallScreen):
            self.call_later(self._check_size)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While the terminal is too small, the app's keys (ctrl+p, ctrl+q, F1...) do nothing."""
        return not isinstance(self.screen, TooSmallScreen)

    # ------------------------------------------------------------------ navigation

    def open_game(self, key: str, **options: Any) -> None:
        """Push the game's screen above the menu."""
        ui = game_ui(key)
        if ui is None:
            self.notify(f"There is no game called {key[:20]!r}.", severity="error")
            return
        self._set_speed(key, options.pop("cpu_delay", None))
        self.show_menu()
        self.push_screen(ui.open({"folder": self.runtime.folder, **options}))

    def _set_speed(self, key: str, chosen: float | None) -> None:
        """The CPU pace of this game: the one chosen, else the run's, else the remembered."""
        if chosen is None and self.fixed_delay is not None:
            return
        if chosen is None:
            chosen = self._remembered(key).get("cpu_delay")
        if chosen is not None:
            self.runtime.cpu_delay = float(chosen)

    def _remembered(self, key: str) -> dict[str, Any]:
        """The game's set-up as settings.toml keeps it, in the set-up's option names."""
        settings = self.runtime.settings
        if key not in settings.schema:
            return {}
        return {SETTING_NAMES.get(name, name): value
                for name, value in settings.section(key).items()}

    def continue_game(self, game_id: str) -> None:
        """Resume the game in progress ``game_id`` exactly as it was left, once this tableau
        holds it (not while another live tableau has it open)."""
        store = self.runtime.store
        try:
            record = store.saved(game_id)
        except StoreProblem as problem:
            self.notify(str(problem), title="Continue", severity="error", markup=False)
            return
        game = find_game(record.game) if record is not None else None
        ui = game_ui(record.game) if record is not None else None
        title = game.title if game is not None else "saved"
        if record is None or ui is None or ui.resume is None:
            self.notify(f"There is no {title} game to continue.", title="Continue")
            return
        try:
            store.claim(record.id)
        except StoreProblem as problem:
            self.notify(str(problem), title="Continue", markup=False)
            return
        try:
            screen = ui.resume(record, {"folder": self.runtime.folder})
        except (ValueError, TypeError, KeyError) as error:
            store.release(record.id)
            reason = str(error) if isinstance(error, ValueError) else "The save is damaged."
            self.notify(f"The saved {title} game could not be continued. {reason} It is left "
                        "as it is.", title="Continue", severity="error", markup=False)
            return
        self._set_speed(record.game, None)
        self.show_menu()
        self.push_screen(screen)

    def set_up_game(self, key: str) -> None:
        """From the menu: the game's set-up step (if it has one), then a new game. The set-up
        starts from the choices made last, in this run or remembered in the settings. Games
        in progress stay as they are, in "Continue": a new game never replaces one."""
        self._set_up(key)

    def _set_up(self, key: str) -> None:
        game, ui = find_game(key), game_ui(key)
        options = ui.options() if ui is not None else ()

        def start(choice: dict[str, Any] | None) -> None:
            if choice is None:
                return
            self.choices[key] = {**self.choices.get(key, {}), **choice}
            for name, value in choice.items():
                setting = OPTION_SETTINGS.get(name, name)
                if setting in self.runtime.settings.schema.get(key, {}):
                    self.remember(key, setting, value)
            self.open_game(key, **choice)

        if game is None or not options:
            start({})
            return
        from tableau.ui.screens.setup import GameSetupScreen

        remembered = self._remembered(key)
        delay = self.runtime.cpu_delay if self.fixed_delay is not None else remembered.get(
            "cpu_delay", self.runtime.cpu_delay)
        chosen = {**remembered, **self.choices.get(key, {}), "cpu_delay": delay}
        options = tuple(option.including(delay, f"{delay:g} s a move")
                        if option.key == "cpu_delay" else option for option in options)
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
            games[-1].ask_before_leaving(self.exit, question="Quit tableau?", leave="Quit")
        else:
            self.exit()

    def action_help(self) -> None:
        from tableau.ui.screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        screen = self.screen
        self.push_screen(HelpScreen(screen.GAME_KEY if isinstance(screen, GameScreen) else None))

    # ------------------------------------------------------------------ command palette

    def action_command_palette(self) -> None:
        """ctrl+p: the palette (tableau's, see ``Palette``)."""
        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(Palette(id="--command-palette"))

    def search_themes(self) -> None:
        """The palette's "Theme" command: the themes in tableau's palette."""
        from textual.theme import ThemeProvider

        self.push_screen(Palette(providers=[ThemeProvider], placeholder="Search for themes…"))

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
        for face in FACES:
            if face != self.card_face:
                yield SystemCommand(f"Cards: {face}", ABOUT[face],
                                    lambda face=face: self.choose_face(face))
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
        print(f"tableau: there is no game called {start[:40]!r}.", file=sys.stderr)
        return 2
    # Without a terminal Textual reads an endless end of input at full speed and never ends.
    # The browser's app (tableau serve) takes its keys through a pipe, by its own driver.
    keys = sys.stdin
    if keys is not None and not keys.isatty() and "TEXTUAL_DRIVER" not in os.environ:
        print("tableau: standard input is not a terminal, and the full-screen table reads its "
              "keys from one; run tableau in a terminal, or give the game --plain (tableau "
              "yukon --plain) to read commands from standard input.", file=sys.stderr)
        return 1
    app = TableauApp(start, **options)
    app.run()
    return app.return_code or 0
