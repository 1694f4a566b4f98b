"""The Yukon screen: seven columns, four foundations, the spec's command bar, mouse and keys.

Widgets post messages; ``YukonControls`` turns them into command lines; the one interpreter
(``YukonSession.run``) applies them; the screen renders the new view or shows the refusal, and
``GameScreen.after_move`` shows the end of a game (won, or no move left) once per position.

After every move ``record()`` gives the store the game: its autosave (the session's save, as
``S`` writes it, plus the clock, the seed and auto-move) while it goes on, and once it is won
("won") or stuck ("lost") the finished game. ``YukonScreen.resumed`` rebuilds the screen from
that autosave exactly as it was left.

The solver (``tableau.ai.yukon``) works in a child process beside the table (``ui/apart.py``),
one job per kind, so moves go on meanwhile, barely slower: the hint (h,
``tableau.ai.yukon_hint``, never looking at face-down cards), "Is this deal winnable?"
(looking at them, and saying so), winnable-only new games, and a quiet check of every table
with all cards face up, which offers F (finish) for a win and says "No way to win from here"
for a proved loss. Escape stops the first three; an answer for a table that has changed
meanwhile is dropped.
"""

from __future__ import annotations

import dataclasses
import math
import secrets
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any
from typing import ClassVar
from typing import TypeVar

from rich.cells import cell_len
from textual import events
from textual import on
from textual.app import ComposeResult
from textual.app import SystemCommand
from textual.binding import Binding
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Offset
from textual.widgets import Footer
from textual.widgets import Header
from textual.widgets import Static
from textual.worker import Worker
from textual.worker import get_current_worker

from tableau.ai.yukon import Verdict
from tableau.ai.yukon import first_won
from tableau.ai.yukon import solve
from tableau.ai.yukon import solve_deal_and_table
from tableau.ai.yukon_hint import Hint
from tableau.ai.yukon_hint import hint
from tableau.cards import FULL_DECK
from tableau.engines import yukon
from tableau.engines.protocol import SaveFormatError
from tableau.engines.rng import fresh_seed_from
from tableau.engines.yukon import GAME_NUMBERS
from tableau.engines.yukon import Config
from tableau.engines.yukon import Phase
from tableau.engines.yukon import View
from tableau.sessions.yukon import YukonSession
from tableau.sessions.yukon import welcome as session_welcome
from tableau.storage.store import GameRecord
from tableau.text import clock_text
from tableau.text import shorten
from tableau.ui.apart import Stopped
from tableau.ui.apart import run_apart
from tableau.ui.apart import warm_up
from tableau.ui.controls.yukon import CANCELLED
from tableau.ui.controls.yukon import COLUMNS
from tableau.ui.controls.yukon import FOUNDATIONS
from tableau.ui.controls.yukon import Action
from tableau.ui.controls.yukon import YukonControls
from tableau.ui.controls.yukon import move_pick
from tableau.ui.screens.base import ButtonActions
from tableau.ui.screens.base import GameScreen
from tableau.ui.screens.dialogs import ChooserScreen
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.widgets.button_grid import ButtonGrid
from tableau.ui.widgets.command_bar import CommandBar
from tableau.ui.widgets.pile import MARKS
from tableau.ui.widgets.pile import FanColumn
from tableau.ui.widgets.pile import Pile
from tableau.ui.widgets.pile import Shown
from tableau.ui.widgets.pile import StackPile

SAVE_NAME = "yukon-save.json"
FILE_COMMANDS = frozenset({"S", "L"})
RULE_NAMES = {
    "spec": "different suit (the course spec)",
    "classic": "alternating colours",
    "russian": "same suit only",
}
RULE_CHOICES = {
    "spec": "a different suit",
    "classic": "the other colour",
    "russian": "the same suit",
}
"""The rules chooser's answers to "Of which suit?", short enough for one line at 80×24."""


T = TypeVar("T")

HINT_SECONDS = 1.5
"""How long a hint may think: its first answer shows within 2 s."""
WINNABLE_SECONDS = 10.0
"""How long "Is this deal winnable?" may think (the deal, then the position on the table)."""
CHECK_SECONDS = 5.0
"""How long the quiet check of a table with every card face up may think (finish or lost)."""
FIND_SECONDS = 2.0
"""How long a winnable-only new game may think about each deal before trying the next."""
FIND_TRIES = 40
FINISH_PACE = 0.5
"""Auto-finish plays a move every FINISH_PACE × the app's CPU pace (at once when that is 0)."""
LOOKED = "The solver looked under the face-down cards: "
LOST_HERE = "No way to win from here. u: undo, n: new game"
STOPPED = "Stopped."
MIN_STATUS_LINES = 2
"""The status line's min-height in yukon.tcss."""
STATUS_LOOKS: dict[str, str] = {
    "": "",
    "busy": "$text-accent",
    "finish": "$text-success",
    "stuck": "bold $text-warning",
    "won": "bold $text-success",
}
"""The status line's look in each state (theme variables, so every theme keeps its colours)."""


def welcome(seed: int) -> str:
    """The first hint: typing it deals the game whose seed the panel shows."""
    return f"{session_welcome(seed)} ctrl+n: a new game."


def random_game_number() -> int:
    return GAME_NUMBERS[secrets.randbelow(len(GAME_NUMBERS))]


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
        return True

    async def action_column_keys(self) -> None:
        await self.run_action("screen.jump(1)")


class YukonScreen(ButtonActions, GameScreen, game="yukon"):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+n", "new_game_from_input", "New game"),
    ]
    BUTTON_ACTIONS: ClassVar[dict[str, str]] = {
        "new": "new_game", "restart": "restart", "undo": "undo", "redo": "redo",
        "save": "save", "load": "load",
    }

    def __init__(
        self,
        *,
        seed: int | None = None,
        deck: str | Path | None = None,
        rules: str = "spec",
        folder: Path | None = None,
        deal: bool = False,
        **_ignored: Any,
    ) -> None:
        super().__init__()
        self.folder = Path(folder) if folder is not None else Path.cwd()
        self._deal_winnable = seed is None and deck is None
        """Opened from the menu: with winnable-only deals on, find one and deal it at once."""
        # Opened from the menu there is no --seed: pick one (shown, so the deal can be replayed
        # with `tableau yukon --seed N`). The engine itself never draws randomness.
        self.start_seed = seed if seed is not None else random_game_number()
        self.games_started = 0
        try:
            config = Config(seed=self.start_seed, rules=rules)
            problem = ""
        except ValueError as error:
            self.start_seed = random_game_number()
            config = Config(seed=self.start_seed)
            problem = str(error)
        deck_path = Path(deck) if deck is not None else None
        if deal and deck_path is None and not problem and self.start_seed in GAME_NUMBERS:
            self.session = YukonSession.numbered(self.start_seed, config.rules, self.folder)
        else:
            self.session = YukonSession.start(config, self.folder, deck_path)
        self.note: str | None = problem or (
            None if self.session.message else welcome(self.start_seed)
        )
        self.controls = YukonControls()
        self.started_at: float | None = None
        self.finished_after: float | None = None
        self._paused_at: float | None = None
        """When another screen (help, a question, the palette) came over the table: the
        clock stands still until the table is back, as PySolFC's does."""
        self._view_for: object = None
        self._view: View | None = None
        self._legal_for: object = None
        self._legal: frozenset[str] = frozenset()
        self._shown_stats = ""
        self._shown_status = "?"
        self._file_work: Worker[YukonSession] | None = None
        self._file_work_from = self.session
        self._waiting: list[str] = []
        self._number_for: tuple[object, int | None] = (None, None)
        self._resumed_from: tuple[float, float, bool, str] | None = None
        """A resumed game's start (wall clock), seconds played and auto-move, used on mount."""
        self._jobs: dict[str, tuple[object, str]] = {}
        """The solver's work under way, by kind ("hint", "winnable", "find", "check"): a token
        that tells its answer from a stopped one's, and what the status line says meanwhile."""
        self._hint: tuple[yukon.State, Hint] | None = None
        self._proof: tuple[yukon.State, Verdict] | None = None
        """The quiet check's verdict on a table with every card face up."""
        self._finishing: list[yukon.CardMove] = []
        self._finish_playing = False
        self._pointer: Offset | None = None
        """Where the mouse was last seen on the screen: a drag's cards are shown beside it."""

    @classmethod
    def resumed(cls, record: GameRecord, folder: Path) -> YukonScreen:
        """The game of an autosave (``record``, as ``record()`` wrote it), exactly as it was
        left: the position, undo and redo, the clock, the moves, the last command and message,
        the rules and the seed. A save it cannot use raises SaveFormatError with a sentence."""
        data = record.data
        if not isinstance(data, Mapping):
            raise SaveFormatError("The save holds no game.")
        clock, start_seed, auto_move, note = (data.get(key) for key in
                                              ("clock", "start_seed", "auto_move", "note"))
        if (not isinstance(clock, (int, float)) or isinstance(clock, bool)
                or not 0 <= clock < math.inf):
            raise SaveFormatError("The save's clock is not a number of seconds.")
        if start_seed not in GAME_NUMBERS or isinstance(start_seed, bool):
            raise SaveFormatError("The save's game number is not one tableau deals.")
        if not isinstance(auto_move, bool):
            raise SaveFormatError("The save does not say whether auto-move was on.")
        if note is not None and not isinstance(note, str):
            raise SaveFormatError("The save's note is not text.")
        session = YukonSession.from_json(data, folder)
        if session.state.phase is not Phase.PLAY:
            raise SaveFormatError("The save holds no game in play.")
        screen = cls(seed=start_seed, rules=session.state.rules, folder=folder)
        screen.session = session
        screen.note = None if note is None else shorten(note, 200)
        screen._resumed_from = (record.started, float(clock), auto_move, record.id)
        return screen

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
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
        yield Footer(compact=True)
        yield Static("", id="drag-card", markup=False)

    def on_mount(self) -> None:
        super().on_mount()
        self.sub_title = "solitaire"
        # The solver's process server starts now, so the first hint does not wait for it.
        self.run_worker(warm_up, name="yukon-warm-up", thread=True, exit_on_error=False)
        if self._resumed_from is not None:
            began_at, played, auto_move, game_id = self._resumed_from
            # The clock goes on from the saved seconds; _after_change then keeps it.
            self.started_at = self.runtime.clock() - played
            self.game_began(began_at, played, game_id)
            if auto_move != self._auto_move:
                self.remember("yukon", "auto_move", auto_move)
        self._after_change(self.session.state)
        self.redraw()
        if self._deal_winnable and self._winnable_only:
            self.note = "Finding a winnable deal…"
            self._find_winnable(self.start_seed, self.session.state.rules)
        if self.session.state.phase is Phase.STARTUP:
            self.query_one(CommandBar).focus_input()
        else:
            self.query_one(YukonBoard).focus()
        self.set_interval(1.0, self._tick)

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self.query_one(Footer).show_command_palette = self.is_large
        self.refresh_bindings()  # "1-7 Col" shows on a large screen only
        self._cancel_drags()
        self.redraw()

    def on_screen_suspend(self) -> None:
        self._cancel_drags()
        self._paused_at = self.runtime.clock()

    def on_screen_resume(self) -> None:
        paused_at, self._paused_at = self._paused_at, None
        if paused_at is not None and self.started_at is not None:
            # The time under the other screen does not count (a game dealt meanwhile counts
            # from its deal).
            self.started_at += self.runtime.clock() - max(paused_at, self.started_at)

    def _cancel_drags(self) -> None:
        for pile in self.query(Pile):
            pile.cancel_drag()
        self.controls.drag_source = None
        self.controls.drag_target = None
        self._show_drag_card()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """The mouse moved (over the table, or held by a pile during a drag)."""
        self._pointer = event.screen_offset
        if self.controls.drag_source is not None:
            self._show_drag_card()

    def _show_drag_card(self) -> None:
        """During a drag, beside the pointer: the cards it takes and the mark of the pile under
        it ("10♣ +4 ✓"). Never under the pointer, so it hides no pile from the drop."""
        label = self.query_one("#drag-card", Static)
        carried = self.controls.carried(self.view) if self.controls.drag_source else ()
        if not carried or self._pointer is None:
            label.display = False
            return
        look = self.controls.target_state(self.view, self._legal_moves())
        more = f" +{len(carried) - 1}" if len(carried) > 1 else ""
        text = f"{carried[0].face}{more} {MARKS[look]}"
        if str(label.content) != text:
            label.update(text)
        width = cell_len(text) + label.styles.gutter.width
        x, y = self._pointer
        x = x + 2 if x + 2 + width <= self.size.width else max(x - 1 - width, 0)
        label.styles.offset = (x, y)
        label.display = True

    # ------------------------------------------------------------------ rendering

    @property
    def view(self) -> View:
        state = self.session.state
        if self._view is None or self._view_for is not state:
            self._view, self._view_for = yukon.view(state), state
        return self._view

    def _legal_moves(self) -> frozenset[str]:
        view = self.view
        if self._legal_for is not view:
            self._legal = frozenset(str(move) for move in view.legal)
            self._legal_for = view
        return self._legal

    def redraw(self) -> None:
        if not self.is_mounted:
            return
        view = self.view
        controls = self.controls
        large = self.is_large
        keyboard = self.query_one(YukonBoard).has_focus
        # Every pile the picked or dragged card may go to is marked, from the legal moves.
        looks = controls.target_looks(view, self._legal_moves())
        picked = controls.drag_source or controls.picked
        shown_hint = self._hint_here()
        if picked is None and shown_hint is not None and shown_hint.move is not None:
            # The hint's card shows as picked and its target as a good drop, until a move.
            picked = move_pick(view, shown_hint.move)
            looks = {shown_hint.move.target: "legal"}
        if view.phase is Phase.STARTUP:
            laid_out: list[list[Shown]] = [[] for _ in COLUMNS]
            for position, card in enumerate(view.deck_shown):
                laid_out[position % len(COLUMNS)].append(Shown(card, card is not None))
            columns = [tuple(cards) for cards in laid_out]
        else:
            columns = [
                tuple(Shown(card, card is not None) for card in column) for column in view.columns
            ]
        for number, name in enumerate(COLUMNS):
            cards = columns[number]
            cursor: int | None = None
            if keyboard and controls.cursor_name == name:
                index = controls.cursor_card(view)
                cursor = -1 if index is None else index
            self.query_one(f"#pile-{name}", FanColumn).update(
                cards,
                picked_from=picked.index if picked is not None and picked.pile == name else None,
                cursor=cursor,
                target=looks.get(name),
                large=large,
            )
        for number, name in enumerate(FOUNDATIONS):
            foundation = view.foundations[number]
            self.query_one(f"#pile-{name}", StackPile).update(
                foundation[-1] if foundation else None,
                count=len(foundation),
                target=looks.get(name),
                picked=picked is not None and picked.pile == name,
                cursor=keyboard and controls.cursor_name == name,
            )
        self._show_drag_card()
        self._show_stats(view)
        bar = self.query_one(CommandBar)
        if self.note is not None:
            bar.show(self.session.last_command, self.note, error=False)
        else:
            # The win is announced in words, not as a refusal.
            bar.show(self.session.last_command, self.session.message,
                     error=False if view.won else None)

    def _elapsed(self) -> float:
        if self.started_at is None:
            return 0.0
        if self.finished_after is not None:
            return self.finished_after
        now = self._paused_at if self._paused_at is not None else self.runtime.clock()
        return max(0.0, now - self.started_at)

    def _show_stats(self, view: View) -> None:
        auto = "on" if self._auto_move else "off"
        phase = "STARTUP" if view.phase is Phase.STARTUP else "PLAY"
        number = self.game_number()
        seed = "none" if number is None else str(number)
        lines = [
            f"Moves {view.moves:<5} {clock_text(self._elapsed()):>7}",
            f"Seed  {seed}" if len(seed) <= 13 else f"Seed\n{seed}",
            f"Rules {view.rules}",
            f"Auto  {auto}",
            f"Phase {phase}",
        ]
        text = "\n".join(lines)
        if text != self._shown_stats:
            stats = self.query_one("#stats", Static)
            stats.update(text, layout=text.count("\n") != self._shown_stats.count("\n"))
            self._shown_stats = text
        if view.won:
            message, look = "Won! n: new game", "won"
        elif self._is_stuck():
            message, look = "Stuck: no legal move. u: undo, n: new game", "stuck"
        else:
            message, look = self._solver_status()
        if message != self._shown_status:
            status = self.query_one("#status", Static)
            # A layout of the whole screen costs a move about 10 ms at 120x40 (bench
            # yukon_hint), so only when the status needs more lines than it keeps.
            width = status.content_size.width
            lines = [max(MIN_STATUS_LINES, Content(text).get_height(status.styles, width))
                     for text in (message, self._shown_status)]
            # Styled here rather than by a CSS class: changing a class restyles the widget
            # through the stylesheet, about 1 ms of every move that stops a hint.
            status.update(Content.styled(message, STATUS_LOOKS[look]),
                          layout=not width or lines[0] != lines[1])
            self._shown_status = message

    def game_number(self) -> int | None:
        """The number of the game on the table (``tableau yukon --seed N`` deals it again), or
        None for a deal no number gives (an own deck, other shuffles). Before the deal: the
        seed SR will shuffle with."""
        state = self.session.state
        key = (state.deck, state.seed, self.start_seed, state.phase)
        if self._number_for[0] != key:
            self._number_for = (key, self._number_of(state))
        return self._number_for[1]

    def _number_of(self, state: yukon.State) -> int | None:
        if state.phase is Phase.STARTUP and state.deck in (None, FULL_DECK):
            # SR shuffles the unshuffled deck (LD gives it) into game state.seed.
            return state.seed if state.seed in GAME_NUMBERS else self.start_seed
        # Else P deals the deck as it lies: a player's own shuffle has no number, even after Q.
        return yukon.number_of_deal(state, state.seed, self.start_seed)

    def _tick(self) -> None:
        if self.started_at is not None and self.finished_after is None:
            self._show_stats(self.view)

    @property
    def _auto_move(self) -> bool:
        return bool(self.runtime.settings.get("yukon", "auto_move"))

    def _is_stuck(self) -> bool:
        state = self.session.state
        return (
            state.phase is Phase.PLAY
            and yukon.outcome(state) is None
            and not self._legal_moves()
        )

    # ------------------------------------------------------------------ running commands

    def run_command(self, line: str) -> None:
        """Run one command line through the interpreter, as if typed in INPUT.

        S and L run in a thread, so a big file never freezes the table; lines typed
        meanwhile wait their turn."""
        if self._file_work is not None:
            self._waiting.append(line)
            return
        if line.strip().partition(" ")[0].upper() in FILE_COMMANDS:
            self._run_file_command(line)
            return
        self._take(self.session.run(line, auto_move=self._auto_move))

    def _take(self, session: YukonSession) -> None:
        before = self.session.state
        self.session = session
        self.note = None
        if session.quit:
            self.app.exit(0)
            return
        if session.state is not before and session.message == "OK":
            command = session.last_command.strip().partition(" ")[0].upper()
            if command in ("L", "P") and session.state.phase is Phase.PLAY:
                # The cards are out (P, or L of a game): arrows and space play on the table.
                self.query_one(YukonBoard).focus()
        self._after_change(before)
        self.after_move()

    def _run_file_command(self, line: str) -> None:
        session = self.session
        self._file_work = self.run_worker(
            partial(session.run, line), name="yukon-file", description="Yukon S or L",
            thread=True, exit_on_error=False,
        )
        self._file_work_from = session
        self.note = "Saving…" if line.strip()[:1].upper() == "S" else "Loading…"
        self.redraw()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is not self._file_work or not event.worker.is_finished:
            return
        result = event.worker.result
        self._file_work = None
        if isinstance(result, YukonSession):
            if self.session is not self._file_work_from and (
                result.timeline is self._file_work_from.timeline
            ):
                # A save does not change the game: keep what happened meanwhile (a new deal).
                result = dataclasses.replace(
                    self.session, last_command=result.last_command, message=result.message
                )
            self._take(result)
        waiting, self._waiting = self._waiting, []
        for line in waiting:
            self.run_command(line)

    def _after_change(self, before: object) -> None:
        state = self.session.state
        if state is not before:
            self._position_changed()
        if state is before and self.started_at is not None:
            return
        self.controls.clamp(self.view)
        if state.phase is not Phase.PLAY:
            self.started_at = None
            self.finished_after = None
            self.controls.reset()
        elif self.started_at is None or (state.moves == 0 and self.session.timeline.undo_depth
                                         == 0 and getattr(before, "phase", None) is Phase.STARTUP):
            self.started_at = self.runtime.clock()
            self.finished_after = None
            self.game_began()
        won = yukon.outcome(state) is not None
        if won and self.finished_after is None:
            self.finished_after = self._elapsed()
        elif not won and self.finished_after is not None:
            # Undone out of a win: the clock runs on from where it stopped.
            self.started_at = self.runtime.clock() - self.finished_after
            self.finished_after = None

    # ------------------------------------------------------------------ the end of a game

    def position(self) -> object:
        return self.session.state

    def record(self) -> GameRecord | None:
        """The game once a move was made: its autosave while it goes on; once it is won,
        "won", and once no legal move is left, "lost"."""
        if not self._move_made():
            return None
        view = self.view
        result = "won" if view.won else "lost" if self._is_stuck() else None
        number, seconds = self.game_number(), self._elapsed()
        data = None if result is not None else {
            **self.session.to_json(), "clock": seconds, "start_seed": self.start_seed,
            "auto_move": self._auto_move, "note": self.note,
        }
        return GameRecord(
            "yukon", view.rules, number, {"rules": view.rules},
            self.began_at if self.began_at is not None else self.runtime.wall(), view.moves,
            seconds, label="own deck" if number is None else f"seed {number}", data=data,
            result=result,
        )

    def _move_made(self) -> bool:
        """A game is on the table and a move was made (or undone, so redo can make it)."""
        state, timeline = self.session.state, self.session.timeline
        return state.phase is Phase.PLAY and (state.moves > 0 or timeline.can_redo)

    def end_dialog(self) -> EndScreen | None:
        ended = yukon.outcome(self.session.state)
        if ended is not None:
            view = self.view
            return EndScreen(
                ended.sentence,
                [f"Moves: {view.moves}", f"Time: {clock_text(self._elapsed())}",
                 f"Seed: {self.game_number() or 'none (not a numbered deal)'}"],
                [("again", "Play again"), ("menu", "Menu"), ("winnable", "Winnable?")],
            )
        if self._is_stuck():
            return EndScreen(
                "No moves left",
                ["No legal move is left in this deal."],
                [("undo", "Undo"), ("new", "New game"), ("winnable", "Winnable?"),
                 ("stay", "Look at the table")],
            )
        return None

    def end_chosen(self, choice: str | None) -> None:
        if choice == "undo":
            self.action_undo()
        elif choice == "new":
            self.action_new_game()
        elif choice == "winnable":
            self.action_winnable()
        else:
            super().end_chosen(choice)

    def new_game(self) -> None:
        self.action_new_game()

    def _apply(self, action: Action) -> None:
        if action.command is not None:
            self.run_command(action.command)
        else:
            if action.note is not None:
                self.note = action.note
            self.redraw()

    # ------------------------------------------------------------------ widget messages

    @on(CommandBar.Submitted)
    def _typed(self, event: CommandBar.Submitted) -> None:
        self.controls.reset()
        self.run_command(event.text)

    @on(CommandBar.Escaped)
    def _escaped(self, event: CommandBar.Escaped) -> None:
        self.query_one(YukonBoard).focus()
        self.redraw()

    @on(Pile.Clicked)
    def _clicked(self, event: Pile.Clicked) -> None:
        self._apply(self.controls.click(self.view, event.pile_id, event.index, event.chain))

    @on(Pile.DragStarted)
    def _drag_started(self, event: Pile.DragStarted) -> None:
        self._apply(self.controls.drag_start(self.view, event.pile_id, event.index))

    @on(Pile.DragOver)
    def _drag_over(self, event: Pile.DragOver) -> None:
        self.controls.drag_over(event.target_id)
        self.redraw()

    @on(Pile.Dropped)
    def _dropped(self, event: Pile.Dropped) -> None:
        self._apply(self.controls.drop(self.view, event.target_id))

    @on(Pile.DragCancelled)
    def _drag_cancelled(self, event: Pile.DragCancelled) -> None:
        self.controls.drag_source = None
        self.controls.drag_target = None
        self.redraw()

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

    def action_focus_input(self) -> None:
        self.query_one(CommandBar).focus_input()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "finish":
            # In the Footer only while the solver has a win to play out.
            return self._finish_offered()
        if action == "new_game_from_input":
            # Shown in the Footer only while typing; on the table "n" says the same.
            return not self.query_one(YukonBoard).has_focus
        return True

    def action_new_game_from_input(self) -> None:
        self.action_new_game()

    def game_at_stake(self) -> bool:
        """Moves were made (or undone), and the deal is neither won nor stuck (no legal move
        left): the autosave holds it."""
        return self._move_made() and not self.view.won and not self._is_stuck()

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
            seed = random_game_number()
        self.start_seed = seed
        before = self.session.state
        self.session = YukonSession.numbered(seed, rules, self.folder)
        self.note = f"New game, seed {seed}."
        self.sub_title = "solitaire"
        self.controls.reset()
        self.started_at = None
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
        before = state
        self.session = self.session.redeal()
        self.controls.reset()
        self.started_at = None
        self._after_change(before)
        self.redraw()

    def action_save(self) -> None:
        self.query_one(CommandBar).focus_input(f"S {SAVE_NAME}")
        self.note = "Press Enter to save (edit the file name first if you like)."
        self.redraw()

    def action_load(self) -> None:
        self.query_one(CommandBar).focus_input(f"L {SAVE_NAME}")
        self.note = "Press Enter to load (edit the file name first if you like)."
        self.redraw()

    def action_toggle_auto(self) -> None:
        auto_move = not self._auto_move
        self.remember("yukon", "auto_move", auto_move)
        self.note = f"Auto-move to the foundations is {'on' if auto_move else 'off'}."
        if auto_move and self.session.state.phase is Phase.PLAY:
            before = self.session.state
            self.session = self.session.send_safe_cards_home()
            self._after_change(before)
            if self.session.state is not before:
                self.note = None
        self.after_move()

    def action_rules(self) -> None:
        def new_rules(key: str) -> None:
            # Remembered, as the set-up does: the next game (and the set-up) use these rules.
            self.remember("yukon", "rules", key)
            self._new_session(self.start_seed, key)
            self.note = f"Rules: {key} ({RULE_NAMES[key]}). New deal, seed {self.start_seed}."
            self.redraw()

        def chosen(key: str | None) -> None:
            if key in RULE_NAMES:
                self.ask_before_abandoning(
                    lambda: new_rules(key), question="Change the rules?",
                    leave=f"Deal game {self.start_seed} again with {key} rules")

        self.app.push_screen(
            ChooserScreen(
                "Rules variant",
                [(key, f"{key}: {text}") for key, text in RULE_CHOICES.items()],
                "A card goes on a column card one rank higher. Of which suit?",
            ),
            chosen,
        )

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand("New game", "Shuffle with a fresh seed and deal", self.action_new_game)
        yield SystemCommand("Restart deal", "Deal the same cards again", self.action_restart)
        yield SystemCommand("Undo", "Take back the last move", self.action_undo)
        yield SystemCommand("Redo", "Make the undone move again", self.action_redo)
        yield SystemCommand("Save game", f"Save to a file ({SAVE_NAME})", self.action_save)
        yield SystemCommand("Load game", f"Load a saved game ({SAVE_NAME})", self.action_load)
        yield SystemCommand(
            "Rules variant", "Spec, classic or russian building rules", self.action_rules
        )
        state = "off" if self._auto_move else "on"
        yield SystemCommand(
            f"Auto-move: turn {state}", "Move safe cards to the foundations by themselves",
            self.action_toggle_auto,
        )
        yield SystemCommand("Hint", "The best move, judged without looking at face-down cards",
                            self.action_hint)
        yield SystemCommand(
            "Is this deal winnable?", "The solver looks under the face-down cards",
            self.action_winnable,
        )
        state = "off" if self._winnable_only else "on"
        yield SystemCommand(
            f"Winnable deals only: turn {state}",
            "New games deal only seeds the solver has proved can be won",
            self.action_toggle_winnable_only,
        )
        if self._finish_offered():
            yield SystemCommand("Finish the game", "Play the solver's win to the foundations",
                                self.action_finish)

    # ------------------------------------------------------------------ the solver

    def _solver_job(
        self, kind: str, status: str, job: Callable[..., T], done: Callable[[T], None],
    ) -> None:
        """Run ``job`` (picklable: see ``ui/apart.py``) in a child process, waited for by a
        thread, so the table keeps taking moves; a new job of a kind replaces the old one.
        ``status`` shows meanwhile; ``done(result)`` runs back on the event loop, unless the
        job was stopped first."""
        token = object()
        self._jobs[kind] = (token, status)

        def run() -> None:
            worker = get_current_worker()
            try:
                result = run_apart(job, lambda: worker.is_cancelled)
            except Stopped:
                return
            except Exception as error:  # a solver bug must not leave "Thinking…" for ever
                self.from_thread(finished, None, error)
                return
            if not worker.is_cancelled:
                self.from_thread(finished, result)

        def finished(result: T, error: Exception | None = None) -> None:
            if self._jobs.get(kind, (None, ""))[0] is token:
                del self._jobs[kind]
                if error is None:
                    done(result)
                else:
                    self.note = f"The solver stopped unexpectedly ({type(error).__name__})."
                self.redraw()

        self.run_worker(run, name=f"yukon-{kind}", group=f"yukon-{kind}", thread=True,
                        exclusive=True, exit_on_error=False)
        self.redraw()

    def _stop_job(self, kind: str) -> bool:
        """Stop the job of ``kind``; True when one was under way."""
        if self._jobs.pop(kind, None) is None:
            return False
        self.workers.cancel_group(self, f"yukon-{kind}")
        return True

    def on_unmount(self) -> None:
        for kind in list(self._jobs):
            self._stop_job(kind)

    def _position_changed(self) -> None:
        """A move, an undo, a new deal: answers about the old table are of no use any more."""
        self._stop_job("hint")
        self._stop_job("check")
        if not self._finish_playing:
            self._stop_finishing()

    def _hint_here(self) -> Hint | None:
        found = self._hint
        return found[1] if found is not None and found[0] is self.session.state else None

    def _proof_here(self) -> Verdict | None:
        proof = self._proof
        return proof[1] if proof is not None and proof[0] is self.session.state else None

    def _finish_offered(self) -> bool:
        proof = self._proof_here()
        return proof is not None and proof.kind == "won" and not self._finishing

    def _solver_status(self) -> tuple[str, str]:
        """The status line while the solver works, or what its check found."""
        if self._finishing:
            return "Finishing… any key stops.", "busy"
        for kind in ("find", "winnable", "hint"):
            if kind in self._jobs:
                return self._jobs[kind][1], "busy"
        proof = self._proof_here()
        if proof is not None and proof.kind == "won":
            return "F: finish (the solver found the win)", "finish"
        if proof is not None and proof.kind == "lost":
            return LOST_HERE, "stuck"
        return "", ""

    def action_hint(self) -> None:
        """h: the best move judged from what the player sees (tableau.ai.yukon_hint)."""
        state, view = self.session.state, self.view
        known = self._hint_here()
        if known is not None:
            self.note = known.sentence
        elif state.phase is not Phase.PLAY:
            self.note = "Deal first: a hint needs cards on the table."
        elif view.won or not view.legal:
            self.note = "No hint: no move is left to make."
        else:
            seed = fresh_seed_from(self.start_seed, state.moves)

            def done(found: Hint) -> None:
                if self.session.state is state:  # else the table moved on: drop it
                    self._hint = (state, found)
                    self.note = found.sentence

            self._solver_job("hint", "Thinking of a hint… Esc stops.",
                             partial(hint, view, seed=seed, seconds=HINT_SECONDS), done)
            return
        self.redraw()

    def action_winnable(self) -> None:
        """Is this deal winnable? The solver solves the deal (face-down cards included, and
        it says so), then, when the deal can be won, the table as it is now."""
        state = self.session.state
        if state.phase is not Phase.PLAY or state.deck is None:
            self.note = "Deal first: the solver judges a deal on the table."
            self.redraw()
            return
        deal = yukon.apply(yukon.apply(state, yukon.QUIT), yukon.DEAL)
        moved = (deal.columns, deal.foundations) != (state.columns, state.foundations)
        asks_table = moved and yukon.outcome(state) is None  # a won table needs no solver

        def done(verdicts: tuple[Verdict, Verdict | None]) -> None:
            of_deal, of_table = verdicts
            if self.session.state is not state:
                of_table = None  # about a table that is gone
            self.note = winnable_sentence(of_deal, of_table)
            if of_table is not None and not yukon.unseen_cards(self.view):
                self._proof = (state, of_table)  # what the quiet check would have found
                self.refresh_bindings()

        self._solver_job(
            "winnable", f"Solving the deal (up to {WINNABLE_SECONDS:g} s)… Esc stops.",
            partial(solve_deal_and_table, deal, state if asks_table else None,
                    seconds=WINNABLE_SECONDS),
            done,
        )

    def after_move(self) -> None:
        super().after_move()
        self._check_position()

    def _check_position(self) -> None:
        """Once every card is face up, quietly solve the table: a win is offered as F
        (finish), a proved loss is said on the status line."""
        state, view = self.session.state, self.view
        if (self._finishing or state.phase is not Phase.PLAY or view.won or not view.legal
                or self._proof_here() is not None or "check" in self._jobs
                or yukon.unseen_cards(view)):
            return

        def done(verdict: Verdict) -> None:
            if self.session.state is state:
                self._proof = (state, verdict)
                if verdict.kind == "lost":
                    self.note = "The solver has proved it: " + LOST_HERE.partition(".")[0] + "."
                self.refresh_bindings()

        self._solver_job("check", "", partial(solve, state, seconds=CHECK_SECONDS), done)

    def action_finish(self) -> None:
        """F: play the solver's win to the end, one real (undoable) move at a time."""
        proof = self._proof_here()
        if proof is None or proof.kind != "won" or self._finishing:
            self.note = "F finishes a game once every card is face up and the solver has its win."
            self.redraw()
            return
        self._finishing = list(proof.moves)
        self.controls.reset()
        self.refresh_bindings()
        self._next_finish_move()

    def _next_finish_move(self) -> None:
        self.redraw()
        delay = self.runtime.cpu_delay * FINISH_PACE
        if delay > 0:
            self.set_timer(delay, self._finish_move)
        else:
            self.call_after_refresh(self._finish_move)

    def _finish_move(self) -> None:
        if not self._finishing or not self.is_attached:
            return
        move = self._finishing.pop(0)
        self._finish_playing = True
        try:
            self._take(self.session.run(str(move)))
        finally:
            self._finish_playing = False
        if self.session.message != "OK" or not self._finishing:
            self._stop_finishing()
            self.redraw()
        else:
            self._next_finish_move()

    def _stop_finishing(self) -> None:
        if self._finishing:
            self._finishing = []
            self.refresh_bindings()

    def on_key(self, event: events.Key) -> None:
        """Any key stops auto-finish (and does nothing else)."""
        if self._finishing:
            event.stop()
            event.prevent_default()
            self._stop_finishing()
            self.note = STOPPED
            self.redraw()
            self._check_position()  # offers F again for the table where it stopped

    @property
    def _winnable_only(self) -> bool:
        return bool(self.runtime.settings.get("yukon", "winnable_only"))

    def action_toggle_winnable_only(self) -> None:
        on = not self._winnable_only
        self.remember("yukon", "winnable_only", on)
        self.note = ("New games deal only deals the solver has proved can be won." if on
                     else "New games deal any shuffle.")
        self.redraw()

    def _find_winnable(self, first: int, rules: str) -> None:
        """A new game from the first game number, from ``first`` on, that the solver proves
        won within FIND_SECONDS; the table stays as it is meanwhile."""

        def done(number: int | None) -> None:
            if number is None:
                self.note = f"No deal was proved winnable in {FIND_TRIES} tries; n tries again."
                return
            self._new_session(number, rules)
            self.note = f"Winnable deal, seed {number}."
            self.sub_title = f"winnable deal, seed {number}"

        self._solver_job("find", "Finding a winnable deal… Esc stops.",
                         partial(first_won, first, rules, FIND_TRIES, seconds=FIND_SECONDS),
                         done)


def winnable_sentence(of_deal: Verdict, of_table: Verdict | None) -> str:
    """What "Is this deal winnable?" says: the deal's verdict, then the table's (if any)."""
    said = {
        "won": "this deal can be won.",
        "lost": "this deal cannot be won, whatever is played.",
        "unknown": f"it could not tell within {WINNABLE_SECONDS:g} s whether this deal can be won.",
    }[of_deal.kind]
    if of_table is not None:
        said += {
            "won": " From here it can still be won.",
            "lost": " From here it cannot be won any more.",
            "unknown": " Whether it can still be won from here, it could not tell in time.",
        }[of_table.kind]
    return LOOKED + said


__all__ = ["YukonScreen"]


