"""The Yukon screen: seven columns, four foundations, the spec's command bar, mouse and keys.

Widgets post messages; ``YukonControls`` turns them into command lines; the session's one
interpreter (``YukonSession.run``) applies them; the screen renders the new view or shows the
refusal, and ``GameScreen.after_move`` shows the end of a game (won, or no move left) once per
position.

The session owns the game and its flow: the timeline, auto-move, the clock (the screen gives
it the runtime's clock, covers it while another screen is over the table), the game number
and the note on the message line. After every move ``record()`` gives the store the game: its
autosave (the session's ``to_json``) while it goes on, and once it is won ("won") or stuck
("lost") the finished game. ``YukonScreen.resumed`` rebuilds the screen from that autosave
exactly as it was left. The screen keeps only what is visual: the cursor, the selection, the
drag, the layout, and the solver's work for the table shown.

By concern: ``yukon_drag`` (the mouse), ``yukon_command_line`` (typed lines, S and L),
``yukon_solver`` (hints, the winnable check, auto-finish), ``yukon_dialogs`` (the end of a
game, the rules, the palette).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any
from typing import ClassVar

from textual import events
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.containers import Vertical
from textual.geometry import Offset
from textual.widgets import Static
from textual.worker import Worker

from tableau.engines.protocol import SaveFormatError
from tableau.engines.rng import fresh_seed_from
from tableau.engines.yukon import GAME_NUMBERS
from tableau.engines.yukon import Config
from tableau.engines.yukon import Phase
from tableau.engines.yukon import View
from tableau.sessions.seeds import fresh_game_number
from tableau.sessions.yukon import YukonSession
from tableau.sessions.yukon import welcome as session_welcome
from tableau.storage.stats import HELPED
from tableau.storage.store import GameRecord
from tableau.ui.apart import warm_up
from tableau.ui.controls.yukon import CANCELLED
from tableau.ui.controls.yukon import COLUMNS
from tableau.ui.controls.yukon import FOUNDATIONS
from tableau.ui.controls.yukon import YukonControls
from tableau.ui.games import Option
from tableau.ui.screens.base import ButtonActions
from tableau.ui.screens.base import GameScreen
from tableau.ui.screens.yukon_command_line import SAVE_NAME
from tableau.ui.screens.yukon_command_line import YukonCommandLine
from tableau.ui.screens.yukon_demo import YukonDemo
from tableau.ui.screens.yukon_dialogs import RULE_CHOICES
from tableau.ui.screens.yukon_dialogs import RULE_NAMES
from tableau.ui.screens.yukon_dialogs import YukonDialogs
from tableau.ui.screens.yukon_drag import YukonDrag
from tableau.ui.screens.yukon_drawing import YukonDrawing
from tableau.ui.screens.yukon_solver import LOOKED
from tableau.ui.screens.yukon_solver import LOST_HERE
from tableau.ui.screens.yukon_solver import STOPPED
from tableau.ui.screens.yukon_solver import YukonSolver
from tableau.ui.screens.yukon_solver import winnable_sentence
from tableau.ui.widgets.button_grid import ButtonGrid
from tableau.ui.widgets.command_bar import CommandBar
from tableau.ui.widgets.footer import KeysFooter
from tableau.ui.widgets.header import TitleHeader
from tableau.ui.widgets.narrow import NarrowLayout
from tableau.ui.widgets.pile import FanColumn
from tableau.ui.widgets.pile import StackPile

__all__ = [
    "LOOKED", "LOST_HERE", "RULE_CHOICES", "RULE_NAMES", "SAVE_NAME", "YukonBoard",
    "YukonScreen", "winnable_sentence",
]



def welcome(seed: int) -> str:
    """The first hint: typing it deals the game whose seed the panel shows."""
    return f"{session_welcome(seed)} ctrl+n: a new game."


Move = Binding.Group("Move", compact=True)


class YukonBoard(Horizontal, can_focus=True):
    """The table. Holds the keyboard bindings, so they work only while it has focus."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "screen.cursor(-1, 0)", "Left", group=Move, key_display="←"),
        Binding("right,l", "screen.cursor(1, 0)", "Right", group=Move, key_display="→"),
        Binding("up,k", "screen.cursor(0, -1)", "Up", group=Move, key_display="↑"),
        Binding("down,j", "screen.cursor(0, 1)", "Down", group=Move, key_display="↓"),
        # The footer shows "1-7 Col" on a large screen only: at 80×24 its cells go to the keys
        # that have no other way in (with F Finish, it ran out). The keys work at every size.
        Binding("1", "column_keys", "Col", key_display="1-7"),
        *(Binding(str(n), f"screen.jump({n})", "Col", show=False) for n in range(1, 8)),
        Binding("space,enter", "screen.activate", "Pick", key_display="␣"),
        Binding("f", "screen.home", "Home"),
        Binding("h", "screen.hint", "Hint"),
        # At 80×24 the footer has no cell for Demo while F Finish shows: then D stays in the
        # help and goes on to the hidden binding below.
        Binding("D,shift+d", "demo_key", "Demo", key_display="D"),
        Binding("D,shift+d", "screen.demo", "Demo", show=False),
        Binding("F,shift+f", "screen.finish", "Finish", key_display="F"),
        Binding("u,ctrl+z", "screen.undo", "Undo"),
        Binding("r,ctrl+y", "screen.redo", "Redo", show=False),
        Binding("colon", "screen.focus_input", "Type", key_display=":"),
        Binding("escape", "screen.cancel", "Cancel", show=False),
        Binding("n,ctrl+n", "screen.new_game", "New"),
        Binding("d", "screen.restart", "Redeal", show=False),  # the Redeal button shows it
        Binding("s", "screen.save", "Save", show=False),
        Binding("o", "screen.load", "Load", show=False),
        Binding("a", "screen.toggle_auto", "Auto-move", show=False),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "column_keys":
            # False at 80×24: hidden, and key 1 goes on to its jump(1) binding. (Asked here,
            # not of "screen.": that is the dialog on top while one is open.)
            return self.screen.has_class("-large")
        if action == "demo_key":
            screen = self.screen
            if isinstance(screen, YukonScreen) and screen.view.won:
                return False
            return screen.has_class("-large") or not (
                isinstance(screen, YukonScreen) and screen._finish_offered())
        return True

    async def action_column_keys(self) -> None:
        await self.run_action("screen.jump(1)")

    async def action_demo_key(self) -> None:
        await self.run_action("screen.demo")



class YukonScreen(NarrowLayout, YukonDrawing, YukonCommandLine, YukonDemo, YukonSolver,
                  YukonDrag, YukonDialogs, ButtonActions, GameScreen, game="yukon"):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+n", "new_game_from_input", "New game"),
    ]
    BUTTON_ACTIONS: ClassVar[dict[str, str]] = {
        "new": "new_game", "restart": "restart", "undo": "undo", "redo": "redo",
        "save": "save", "load": "load",
    }
    AUTO_FOCUS = ""  # on_mount focuses the command line or the board: focus moves once

    def __init__(
        self,
        *,
        seed: int | None = None,
        deck: str | Path | None = None,
        rules: str = "spec",
        folder: Path | None = None,
        deal: bool = False,
        demo: bool = False,
        **_ignored: Any,
    ) -> None:
        super().__init__()
        self.folder = Path(folder) if folder is not None else Path.cwd()
        self._deal_winnable = seed is None and deck is None
        """Opened from the menu: with winnable-only deals on, find one and deal it at once."""
        # Opened from the menu there is no --seed: pick one (shown, so the deal can be replayed
        # with `tableau yukon --seed N`). The engine itself never draws randomness.
        start_seed = seed if seed is not None else fresh_game_number()
        self.games_started = 0
        try:
            config = Config(seed=start_seed, rules=rules)
            problem = ""
        except ValueError as error:
            start_seed = fresh_game_number()
            config = Config(seed=start_seed)
            problem = str(error)
        deck_path = Path(deck) if deck is not None else None
        deal = deal or demo  # the set-up's demo deals the game and plays it
        extras = {"now": self._now, "start_seed": start_seed}
        if deal and deck_path is None and not problem and start_seed in GAME_NUMBERS:
            self.session = YukonSession.numbered(start_seed, config.rules, self.folder, **extras)
        else:
            self.session = YukonSession.start(config, self.folder, deck_path, **extras)
        self.note = problem or (None if self.session.message else welcome(start_seed))
        self.controls = YukonControls()
        self._covered = True
        """Another screen is over the table (or it is not shown yet): its clock stands."""
        self._seen_game: tuple[YukonSession | None, int] = (None, 0)
        """The session and its count of games begun when the store last heard of a game."""
        self._legal_for: object = None
        self._legal: frozenset[str] = frozenset()
        self._shown_stats = ""
        self._shown_status = "?"
        self._file_work: Worker[Any] | None = None
        self._waiting: list[str] = []
        self._resumed_from: tuple[float, str] | None = None
        """A resumed game's start (wall clock) and id, used on mount."""
        self._pointer: Offset | None = None
        self._init_solver()
        self._init_demo(demo)

    def _now(self) -> float:
        """The session's clock: the runtime's (a test's fake one)."""
        return self.runtime.clock()

    @property
    def note(self) -> str | None:
        """What the message line says instead of the session's message (kept in its save)."""
        return self.session.note

    @note.setter
    def note(self, text: str | None) -> None:
        self.session.note = text

    @property
    def start_seed(self) -> int:
        """The game number this table started from (new games mix it with a count)."""
        if self.session.start_seed is None:
            self.session.start_seed = fresh_game_number()
        return int(self.session.start_seed)

    @classmethod
    def resumed(cls, record: GameRecord, folder: Path) -> YukonScreen:
        """The game of an autosave (``record``, as ``record()`` wrote it), exactly as it was
        left: the position, undo and redo, the clock, the moves, the last command and message,
        the rules and the seed. A save it cannot use raises SaveFormatError with a sentence."""
        data = record.data
        if not isinstance(data, Mapping):
            raise SaveFormatError("The save holds no game.")
        session = YukonSession.from_json(data, folder)
        if session.state.phase is not Phase.PLAY:
            raise SaveFormatError("The save holds no game in play.")
        seed = session.start_seed if session.start_seed is not None else fresh_game_number()
        screen = cls(seed=seed, rules=session.state.rules, folder=folder)
        session.clock.now = screen._now
        screen.session = session
        screen._resumed_from = (record.started, record.id)
        return screen

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield TitleHeader(icon="♠")
        with YukonBoard(id="table"):
            with Horizontal(id="columns"):
                for name in COLUMNS:
                    yield FanColumn(name, name, fit=True, id=f"pile-{name}")
            with Vertical(id="side"):
                with Vertical(id="foundations"):
                    for name in FOUNDATIONS:
                        yield StackPile(name, name, id=f"pile-{name}")
                yield Static("", id="stats", markup=False)
                yield Static("", id="status", markup=False)
                yield ButtonGrid([[("New", "new"), ("Redeal", "restart")],
                                  [("Undo", "undo"), ("Redo", "redo")],
                                  [("Save", "save"), ("Load", "load")]], id="buttons")
        yield CommandBar(id="command-bar", cursor_blink=self.runtime.cursor_blink)
        yield KeysFooter(compact=True)
        yield Static("", id="drag-card", markup=False)


    def on_mount(self) -> None:
        super().on_mount()
        self.sub_title = "solitaire"
        # The solver's process server starts now, so the first hint does not wait for it.
        self.run_worker(warm_up, name="yukon-warm-up", thread=True, exit_on_error=False)
        session = self.session
        if self._resumed_from is not None:
            began_at, game_id = self._resumed_from
            self.game_began(began_at, session.seconds(), game_id)
            self._seen_game = (session, session.games_begun)
            if session.auto_move != self._auto_move:
                self.remember("yukon", "auto_move", session.auto_move)
        self._uncover()
        self._after_change(session.state)
        self.redraw()
        if self._deal_winnable and self._winnable_only:
            self.note = "Finding a winnable deal…"
            self._find_winnable(self.start_seed, self.session.state.rules)
        else:
            self._demo_once_dealt()
        if self.session.state.phase is Phase.STARTUP:
            self.query_one(CommandBar).focus_input()
        else:
            self.query_one(YukonBoard).focus()
        self.set_interval(1.0, self._tick)

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self.query_one(KeysFooter).show_command_palette = self.is_large
        self.refresh_bindings()  # "1-7 Col" shows on a large screen only
        self._cancel_drags()
        self.redraw()

    def on_screen_suspend(self) -> None:
        self._cancel_drags()
        # The clock stands still while another screen is over the table, as PySolFC's does.
        self._covered = True
        self.session.clock.cover()

    def on_screen_resume(self) -> None:
        self._uncover()

    def _uncover(self) -> None:
        self._covered = False
        self.session.clock.uncover()

    def _install(self, session: YukonSession) -> None:
        """``session`` on the table from now on, timed by the runtime's clock."""
        session.clock.now = self._now
        session.auto_move = self._auto_move
        self.session = session
        if not self._covered:
            session.clock.uncover()

    # ------------------------------------------------------------------ rendering

    @property
    def view(self) -> View:
        return self.session.view()

    def _legal_moves(self) -> frozenset[str]:
        view = self.view
        if self._legal_for is not view:
            self._legal = frozenset(str(move) for move in view.legal)
            self._legal_for = view
        return self._legal

    def game_number(self) -> int | None:
        """The number of the game on the table, or None (see ``YukonSession.game_number``)."""
        return self.session.game_number()

    def _tick(self) -> None:
        clock = self.session.clock
        if clock.in_play and not clock.won:
            self._show_stats(self.view)

    @property
    def _auto_move(self) -> bool:
        return bool(self.runtime.settings.get("yukon", "auto_move"))

    def _after_change(self, before: object) -> None:
        """After the session changed from ``before``: answers about the old table dropped,
        the cursor kept on the table, and the store told when a new game began."""
        session = self.session
        state = session.state
        seen = (session, session.games_begun)
        if state is not before:
            self._position_changed()
            self.keys_follow(self.view.won)  # Hint and Demo leave or come back
        elif state.phase is Phase.PLAY and seen == self._seen_game:
            return  # nothing changed on the table
        self.controls.clamp(self.view)
        if state.phase is not Phase.PLAY:
            self.controls.reset()
        if seen != self._seen_game:
            self._seen_game = seen
            if state.phase is Phase.PLAY:
                self.game_began()

    # ------------------------------------------------------------------ the end of a game

    def position(self) -> object:
        return self.session.state

    def record(self) -> GameRecord | None:
        """The game once a move was made: its autosave while it goes on; once it is won,
        "won", and once no legal move is left, "lost". A game the demo played in says so in
        its details, which keeps it out of the statistics."""
        if not self._move_made():
            return None
        view, session = self.view, self.session
        result = "won" if view.won else "lost" if session.is_stuck() else None
        number, seconds = self.game_number(), session.seconds()
        session.auto_move = self._auto_move
        data = None if result is not None else session.to_json()
        return GameRecord(
            "yukon", view.rules, number, {"rules": view.rules},
            self.began_at if self.began_at is not None else self.runtime.wall(), view.moves,
            seconds, label="own deck" if number is None else f"seed {number}", data=data,
            result=result, details={HELPED: True} if session.helped else {},
        )

    def _move_made(self) -> bool:
        """A game is on the table and a move was made (or undone, so redo can make it)."""
        state, timeline = self.session.state, self.session.timeline
        return state.phase is Phase.PLAY and (state.moves > 0 or timeline.can_redo)

    def new_game(self) -> None:
        self.action_new_game()

    @on(events.DescendantFocus)
    @on(events.DescendantBlur)
    def _focus_changed(self) -> None:
        self.redraw()

    # ------------------------------------------------------------------ actions

    def action_cursor(self, columns: int, cards: int) -> None:
        self.controls.move_cursor(self.view, columns, cards)
        self.redraw()

    def action_jump(self, number: int) -> None:
        self.controls.jump(number)
        self.redraw()

    def action_activate(self) -> None:
        self._apply(self.controls.activate(self.view))

    def action_home(self) -> None:
        self._apply(self.controls.home_from_cursor(self.view))

    def action_undo(self) -> None:
        self.controls.reset()
        self.run_command("U")

    def action_redo(self) -> None:
        self.controls.reset()
        self.run_command("R")

    def action_cancel(self) -> None:
        stopped = [kind for kind in ("hint", "winnable", "find") if self._stop_job(kind)]
        if stopped or self._finishing:
            self._stop_finishing()
            self.note = STOPPED
        elif self.controls.cancel():
            self._cancel_drags()
            self.note = CANCELLED
        self.redraw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "finish":
            # In the Footer only while the solver has a win to play out.
            return self._finish_offered()
        if action in ("hint", "demo") and self.view.won:
            return False  # a won table has no next move: the footer leaves them out
        if action == "new_game_from_input":
            # Shown in the Footer only while typing; on the table "n" says the same.
            return not self.query_one(YukonBoard).has_focus
        return True

    def action_new_game_from_input(self) -> None:
        self.action_new_game()

    def game_at_stake(self) -> bool:
        """Moves were made (or undone), and the deal is neither won nor stuck (no legal move
        left): the autosave holds it."""
        return self._move_made() and not self.view.won and not self.session.is_stuck()

    def action_new_game(self) -> None:
        self.ask_before_abandoning(self._new_game_now, question="Start a new game?",
                                    leave="Deal a new game")

    def _new_game_now(self) -> None:
        """A fresh seed, then LD, SR and P."""
        self.games_started += 1
        mixed = fresh_seed_from(self.start_seed, self.games_started)
        number, rules = GAME_NUMBERS[mixed % len(GAME_NUMBERS)], self.session.state.rules
        if self._winnable_only:
            self._find_winnable(number, rules)
        else:
            self._new_session(number, rules)

    def _new_session(self, seed: int, rules: str) -> None:
        if seed not in GAME_NUMBERS:  # a seed given by a caller, not by --seed or the menu
            seed = fresh_game_number()
        before = self.session.state
        self._install(YukonSession.numbered(seed, rules, self.folder, start_seed=seed))
        self.note = f"New game, seed {seed}."
        self.sub_title = "solitaire"
        self.controls.reset()
        self._after_change(before)
        self.redraw()
        self.query_one(YukonBoard).focus()

    def action_restart(self) -> None:
        self.ask_before_abandoning(self._restart_now, question="Deal the same cards again?",
                                    leave="Redeal")

    def _restart_now(self) -> None:
        """The same deal again: Q then P."""
        state = self.session.state
        if state.phase is not Phase.PLAY:
            self.note = "There is no deal to restart; type P to deal."
            self.redraw()
            return
        self.session.redeal()
        self.controls.reset()
        self._after_change(state)
        self.redraw()

    def action_toggle_auto(self) -> None:
        auto_move = not self._auto_move
        self.remember("yukon", "auto_move", auto_move)
        self.session.auto_move = auto_move
        self.note = f"Auto-move to the foundations is {'on' if auto_move else 'off'}."
        if auto_move and self.session.state.phase is Phase.PLAY:
            before = self.session.state
            self.session.send_safe_cards_home()
            self._after_change(before)
            if self.session.state is not before:
                self.note = None
        self.after_move()


# ---------------------------------------------------------------- how the app opens Yukon
# (the convention of tableau.ui.games)


def open_game(options: dict[str, Any]) -> YukonScreen:
    return YukonScreen(**options)


def setup_options() -> tuple[Option, ...]:
    rules = tuple((key, f"{key}: {text}") for key, text in RULE_NAMES.items())
    deals = ((False, "any shuffle"), (True, "winnable only (proved by the solver)"))
    demo = ((False, "you play"), (True, "demo: the hint plays the deal"))
    return (Option("rules", "Rules", rules, "spec"), Option("winnable_only", "Deals", deals, False),
            Option("demo", "Play", demo, False))


def resume_game(record: GameRecord, options: dict[str, Any]) -> YukonScreen:
    return YukonScreen.resumed(record, options["folder"])
