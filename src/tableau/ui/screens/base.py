"""Base classes every tableau screen shares: the size classes, the common keys, the runtime,
and for games the one way back to the menu, the one CPU scheduler and the one end flow."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Mapping
from dataclasses import replace
from typing import Any
from typing import ClassVar
from typing import Self

from textual import events
from textual import work
from textual.app import SystemCommand
from textual.binding import ActiveBinding
from textual.binding import Binding
from textual.binding import BindingType
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button
from textual.widgets import Input
from textual.worker import get_current_worker

from tableau.registry import find_game
from tableau.storage.store import GameRecord
from tableau.storage.store import new_id
from tableau.ui.runtime import Host
from tableau.ui.runtime import Runtime
from tableau.ui.widgets.button_grid import ButtonGrid

_NO_HOST = Runtime(cpu_delay=0.0)
"""For a screen run outside TableauApp (a widget test's bare App)."""
_NOTHING_SHOWN = object()
_NOT_THINKING = object()

SHORTEST_TIMER = 0.001
"""Seconds: the shortest timer a screen sets (see ``TableauScreen.set_timer``)."""

LARGE_SIZE = Size(100, 32)
"""At this terminal size or larger, screens get the class ``-large`` (else ``-compact``)."""


def _size_class(size: Size) -> str:
    large = size.width >= LARGE_SIZE.width and size.height >= LARGE_SIZE.height
    return "-large" if large else "-compact"


class ButtonActions:
    """A mixin for screens whose buttons do what a key does: ``BUTTON_ACTIONS`` maps a
    button's id (or a ``ButtonGrid`` button's name) to the name of the screen's action
    (``{"play": "play"}`` runs ``action_play``). Other buttons are left to the screen's own
    handlers."""

    BUTTON_ACTIONS: ClassVar[Mapping[str, str]] = {}

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self._button_action(event.button.id or "")

    def on_button_grid_pressed(self, event: ButtonGrid.Pressed) -> None:
        self._button_action(event.name)

    def _button_action(self, button: str) -> None:
        name = self.BUTTON_ACTIONS.get(button)
        if name is not None:
            getattr(self, f"action_{name}")()


class TableauScreen(Screen[Any]):
    """Adds ``-large``/``-compact`` to the screen as the terminal resizes.

    Style both looks in .tcss: ``YukonScreen.-large CardView { height: 5; }``.
    """

    _runtime: Runtime | None = None

    def __init__(
        self, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        # Set the size class before the first styling pass: restyling a mounted screen is slow.
        with contextlib.suppress(Exception):  # no running app: on_mount sets it
            self.add_class(_size_class(self.app.size), update=False)

    def on_mount(self) -> None:
        self._apply_size(self.app.size)
        # Every text field follows the blink setting (off in the tests' pictures, where a
        # blinking cursor would be on or off by the time the picture is taken).
        blink = self.runtime.cursor_blink
        for field in self.query(Input):
            field.cursor_blink = blink

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The keys as this screen would take them. Under a dialog Textual asks each
        "screen." key of the dialog on top, which allows them all: the table's footer, still
        seen under a won game's dialog, offered F Finish and overflowed 80 columns."""
        if self.is_active:
            return super().active_bindings
        found: dict[str, ActiveBinding] = {}
        for namespace, bindings in self._modal_binding_chain:
            for key, binding in bindings:
                target, action, parameters = self.app._parse_action(
                    binding.action, namespace, {"screen": self})
                state = target.check_action(action, parameters)
                if state is False:
                    continue  # hidden, as Textual does
                there = found.get(key)
                if there is None or (binding.priority and not there.binding.priority):
                    found[key] = ActiveBinding(namespace, binding, bool(state), binding.tooltip)
        return found

    def on_resize(self, event: events.Resize) -> None:
        # The latest size, not the event's: a burst of resizes queues events for sizes long
        # gone, and restyling a table for each of them (-large, -compact, -large...) kept
        # Poker busy for minutes. Against the latest size, an old event changes nothing.
        self._apply_size(self.app.size)

    def _apply_size(self, size: Size) -> None:
        wanted = _size_class(size)
        if not self.has_class(wanted):
            self.remove_class("-large", "-compact", update=False)
            self.add_class(wanted)

    # ------------------------------------------------------------------ work that ends later

    @property
    def is_gone(self) -> bool:
        """The screen was closed (it may still be taking its widgets down)."""
        try:
            return not self.is_attached or self not in self.app.screen_stack
        except Exception:  # no app any more
            return True

    def while_here(self, callback: Callable[..., Any]) -> Callable[..., Any]:
        """``callback``, doing nothing once this screen is gone. A screen's timers, its own
        deferred methods and its workers' answers (``from_thread``) go through here: one
        that ends after its screen was closed would find its widgets gone (NoMatches) and
        end the app."""

        @functools.wraps(callback)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            return None if self.is_gone else callback(*args, **kwargs)

        return guarded

    def from_thread(self, callback: Callable[..., Any], *args: Any) -> None:
        """From a worker's thread: run ``callback(*args)`` on the event loop (while here)."""
        with contextlib.suppress(RuntimeError):  # the app has stopped: nothing to show
            self.app.call_from_thread(self.while_here(callback), *args)

    def set_timer(
        self, delay: float, callback: Callable[..., Any] | None = None, **options: Any
    ) -> Timer:
        # Never 0 s: Textual 8.2.8's one-shot timer then divides by its delay
        # (ZeroDivisionError) whenever it starts late.
        guarded = None if callback is None else self.while_here(callback)
        return super().set_timer(max(delay, SHORTEST_TIMER), guarded, **options)

    def set_interval(
        self, interval: float, callback: Callable[..., Any] | None = None, **options: Any
    ) -> Timer:
        guarded = None if callback is None else self.while_here(callback)
        return super().set_interval(max(interval, SHORTEST_TIMER), guarded, **options)

    def call_later(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> bool:
        return super().call_later(self._own_guarded(callback), *args, **kwargs)

    def call_after_refresh(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> bool:
        return super().call_after_refresh(self._own_guarded(callback), *args, **kwargs)

    def _own_guarded(self, callback: Callable[..., Any]) -> Callable[..., Any]:
        # Only the screen's own methods (a redraw, a save): Textual's callbacks (its test
        # pilot's among them) must run even on a screen that is closing.
        own = getattr(callback, "__self__", None) is self
        return self.while_here(callback) if own else callback

    @property
    def is_large(self) -> bool:
        return self.has_class("-large")

    @property
    def runtime(self) -> Runtime:
        """The app's clock, CPU pace, cursor blink, folder and settings (one shared object,
        so a later change, say of the CPU pace, shows here too)."""
        if self._runtime is None:
            # Asked once: isinstance against a runtime-checkable Protocol is slow, and a move
            # asks for the runtime several times.
            app = self.app
            self._runtime = app.runtime if isinstance(app, Host) else _NO_HOST
        return self._runtime

    def to_menu(self) -> None:
        """Back to the menu, dropping every screen above it (no question asked)."""
        app = self.app
        if isinstance(app, Host):
            app.show_menu()

    def remember(self, section: str, key: str, value: object) -> None:
        """Keep a setting in settings.toml at once, or say why it could not be."""
        problem = self.runtime.remember(section, key, value)
        if problem is not None:
            self.notify(problem, title="Settings", severity="warning", markup=False)


class GameScreen(TableauScreen):
    """A game. Subclasses name their game's key in ``tableau.registry.REGISTRY``
    (``class YukonScreen(GameScreen, game="yukon")``) and say in ``game_at_stake`` when
    leaving would lose something.

    After every change a game calls ``after_move()``: it redraws, then shows the end of the
    game once (``end_dialog``), or lets the CPUs play one step at a time, each after the
    runtime's ``cpu_delay`` (all at once when it is 0). A game configures this by overriding
    ``redraw``, ``end_dialog``, ``end_chosen``, ``cpu_to_move``, ``cpu_choose``, ``cpu_play``
    and ``position``.

    ``after_move`` also keeps the game in the runtime's store: ``record()`` gives the game's
    autosave while it goes on and its finished record once it has ended (kept once per
    game). Each game has its own id (``game_id``): ``game_began`` makes a new one for a new
    game, or takes the resumed game's; the store's writer thread writes the records, off the
    event loop, and leaving the screen releases the game for other tableaus. While the store
    keeps games, leaving (q, ctrl+q) asks nothing, since "Continue" in the menu resumes the
    game; a new game over one under way asks first and counts that game as abandoned, a loss
    (``ask_before_abandoning``).
    """

    GAME_KEY: ClassVar[str] = ""
    SAVES_PROGRESS: ClassVar[bool] = True
    """The game in progress is autosaved (False: only its end is recorded, as Pesten's)."""
    ALLOW_SELECT = False
    """No text selection on a table: its cards, hands, counts and messages stay off the
    clipboard (a hand is its owner's alone)."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "leave", "Menu"),
        Binding("question_mark", "app.help", "Help", key_display="?"),
    ]

    SESSION: ClassVar[Any] = None
    """The game's session class, for ``from_record`` (its ``from_json`` reads an autosave)."""

    @classmethod
    def from_record(cls, record: GameRecord) -> Self:
        """The game an autosave kept, exactly as it was left; SaveFormatError if damaged.
        For a screen built as ``cls(session=...)`` whose ``SESSION`` is set."""
        screen = cls(session=cls.SESSION.from_json(record.data or {}))
        screen.resumed = record
        return screen

    def __init_subclass__(cls, game: str = "", **options: Any) -> None:
        """``game`` sets GAME_KEY, the registry's title as TITLE and, unless the class names
        its own CSS_PATH, ``<game>.tcss`` beside the class's module."""
        super().__init_subclass__(**options)
        if game:
            found = find_game(game)
            if found is None:
                raise ValueError(f"There is no game called '{game}'.")
            cls.GAME_KEY = game
            cls.TITLE = found.title
            if "CSS_PATH" not in cls.__dict__:
                cls.CSS_PATH = f"{game}.tcss"

    def palette_commands(self) -> Iterable[SystemCommand]:
        """Commands for the command palette (ctrl+p): new game, undo, ... Override."""
        return ()

    def game_at_stake(self) -> bool:
        """A game is under way: moves were made and it has not ended. Override."""
        return False

    def ask_before_leaving(
        self,
        go_on: Callable[[], object],
        *,
        question: str,
        leave: str,
        stay: str = "Keep playing",
        note: str = "The game under way is not saved.",
    ) -> None:
        """Leaving the game (q, ctrl+q): go at once when nothing is at stake or the store
        keeps the game for "Continue"; else only after the player says yes to ``question``
        (``leave`` labels the yes, ``stay`` the way back, ``note`` says what is lost)."""
        if self.game_at_stake() and not self.leaving_keeps_game():
            self._confirm(go_on, question, leave, stay, note)
        else:
            go_on()

    def ask_before_abandoning(
        self, go_on: Callable[[], object], *, question: str, leave: str,
        stay: str = "Keep playing",
    ) -> None:
        """A new game, a redeal or new rules over a game under way: ask first. With a yes
        the game is recorded as abandoned, which counts as a loss, and the question says so."""
        if not self.game_at_stake():
            go_on()
            return
        if not self.runtime.store.enabled:
            self._confirm(go_on, question, leave, stay, "The game under way is not saved.")
            return

        def abandon_then_go_on() -> None:
            self.abandon()
            go_on()

        self._confirm(abandon_then_go_on, question, leave, stay,
                      "The game under way will count as a loss in your statistics.")

    def leaving_keeps_game(self) -> bool:
        """The store has the game as it stands, so leaving loses nothing."""
        store = self.runtime.store
        return self.SAVES_PROGRESS and store.enabled and not store.failing

    def action_leave(self) -> None:
        """q: back to the menu (asking first only if the game under way would be lost)."""
        self.ask_before_leaving(
            self.to_menu, question="Leave this game?", leave="Leave to the menu",
        )

    # ------------------------------------------------------------------ keeping the game

    began_at: float | None = None
    """Wall-clock time the game on the table began (None: no game yet)."""
    game_id: str = ""
    """The identity of the game on the table in the store (``""``: no game yet)."""
    _played_before: float = 0.0
    _clock_mark: float = 0.0
    _end_kept = False
    """The game's end was kept (so it is kept once; a game undone out of it goes on)."""
    _keep_pending = False

    def record(self) -> GameRecord | None:
        """The game as the store keeps it: its autosave while it goes on (``result`` None)
        or, once it has ended, the finished game (``result`` "won", "lost" or "finished").
        None: nothing to keep (no move made yet). Override."""
        return None

    def game_began(self, began_at: float | None = None, played: float = 0.0,
                   game_id: str | None = None) -> None:
        """Call when a game begins: a new deal (now, a new id), or a resumed one (its start,
        the seconds already played and its id). The game before, if any, is let go: it stays
        in the store as it was, for "Continue"."""
        self.began_at = self.runtime.wall() if began_at is None else began_at
        self._played_before = played
        self._clock_mark = self.runtime.clock()
        self._end_kept = False
        game_id = game_id or new_id()
        if self.game_id and self.game_id != game_id:
            self.runtime.store.release(self.game_id)
        self.game_id = game_id

    def on_unmount(self) -> None:
        """The screen is gone: the last move is kept (its deferred keep may never run now),
        and the game is let go, for another tableau to continue."""
        if self._keep_pending:
            self._keep_now()
        self.runtime.store.release(self.game_id)

    def played_seconds(self) -> float:
        """Seconds of play in this game, across resumes."""
        return self._played_before + max(0.0, self.runtime.clock() - self._clock_mark)

    def keep_game(self) -> None:
        """Keep the game in the store once the move's frame is painted: the player sees the
        move first, and the record (a few ms in a game of thousands of moves) follows; the
        store's writer thread writes it. Textual runs an after-refresh callback on the screen
        on top when it is handled: should that be a dialog closed before its first frame, the
        callback goes with it. So every move asks again (the first call keeps, the others
        find nothing pending), and the table keeps what is pending when it is back on top."""
        self._keep_pending = True
        self.call_after_refresh(self._keep_if_pending)

    def _keep_if_pending(self) -> None:
        if self._keep_pending:
            self._keep_now()

    def on_screen_resume(self) -> None:
        self._keep_if_pending()

    def _keep_now(self) -> None:
        """Hand the game's record to the store's writer: the autosave, or once the end. A
        game undone out of its end goes on (the store takes the end back), so it counts once,
        as it really ends. The writer says when writing fails, and when it works again."""
        self._keep_pending = False
        store = self.runtime.store
        record = self.record() if store.enabled and self.game_id else None
        if record is None or record.result is None:
            # Under way (or not begun): its end is still to come, even where a table deals
            # the next game or round on the same screen, with no game_began.
            self._end_kept = False
            if record is not None and self.SAVES_PROGRESS:
                store.keep(record, self.game_id)
        elif not self._end_kept:
            store.keep(record, self.game_id)
            self._end_kept = True

    def abandon(self) -> None:
        """Record the game under way as abandoned (a loss) and drop its autosave."""
        record = self.record()
        if record is None or record.result is not None or self._end_kept or not self.game_id:
            return
        self.runtime.store.keep(replace(record, data=None, result="abandoned"), self.game_id)
        # Over for good: what is played next is another game, even before game_began (so a
        # save of it can never take this end back, as an undo out of a win does).
        self.game_id = new_id()
        self._end_kept = True

    # ------------------------------------------------------------------ the hooks

    def position(self) -> object:
        """The present position (for example the state): a CPU's step chosen for another
        position is thrown away, and the end is shown once per position. Override."""
        return None

    def redraw(self) -> None:
        """Show the present position. Override."""

    def end_dialog(self) -> ModalScreen[str | None] | None:
        """The dialog for a game (or round) that has just ended, or None while it goes on."""
        return None

    def end_chosen(self, choice: str | None) -> None:
        """What the end dialog's answer does: "again" deals anew, "menu" leaves. Override
        for other answers (call super for these two)."""
        if choice == "again":
            self.new_game()
        elif choice == "menu":
            self.app.call_later(self.to_menu)

    def new_game(self) -> None:
        """Deal a new game with the same set-up. Override."""

    def cpu_to_move(self) -> bool:
        """A CPU seat is to move now (never once the game is over). Override in games with
        CPUs."""
        return False

    def cpu_choose(self, position: object) -> object:
        """The CPU's step for ``position``. Pure: it may run away from the event loop."""
        raise NotImplementedError

    def cpu_play(self, position: object, step: object) -> None:
        """Make the step ``cpu_choose`` chose (the scheduler redraws afterwards)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ the one flow

    _cpu_timer: Timer | None = None
    _thinking_for: object = _NOT_THINKING
    """The position a CPU is choosing a step for, in a worker (kept on the event loop: the
    worker's own state says "running" a moment after it has handed its step over)."""
    _end_shown_for: object = _NOTHING_SHOWN
    _keys_shown_for: object = False

    def keys_follow(self, shown: object) -> None:
        """Ask the footer's keys again when ``shown``, what some of them depend on (a game
        won or over), changed since the last call: a refresh on every redraw would cost a
        footer's layout each time."""
        if shown != self._keys_shown_for:
            self._keys_shown_for = shown
            self.refresh_bindings()

    def after_move(self) -> None:
        """Call after every change: redraw, keep the game in the store, then the end of the
        game, or the CPUs' turns."""
        self.redraw()
        self.keep_game()
        dialog = self.end_dialog()
        if dialog is not None:
            if self._end_shown_for is not self.position():
                self._end_shown_for = self.position()
                self.stop_cpu()
                self._keep_now()  # the end at once, before its dialog can be closed
                self.app.push_screen(dialog, self.end_chosen)
        elif self.cpu_to_move():
            self._schedule_cpu()

    def stop_cpu(self) -> None:
        """Forget any CPU step under way (a new game, an undo, leaving)."""
        if self._cpu_timer is not None:
            self._cpu_timer.stop()
            self._cpu_timer = None
        self._thinking_for = _NOT_THINKING
        self.workers.cancel_group(self, "cpu")

    def _schedule_cpu(self) -> None:
        if self._cpu_timer is not None or self._thinking_for is self.position():
            return
        delay = self.runtime.cpu_delay
        if delay <= 0:
            # No pause wanted (tests, snapshots): play every CPU turn now, then show it once.
            # (No CPU is to move once the game is over, so the end needs no check here.)
            while self.cpu_to_move():
                position = self.position()
                self.cpu_play(position, self.cpu_choose(position))
            self.after_move()
            return
        self._thinking_for = self.position()
        self._think(self._thinking_for, delay)

    @work(thread=True, exclusive=True, group="cpu")
    def _think(self, position: object, delay: float) -> None:
        """Choose away from the event loop, then show the step after the rest of the pause."""
        clock = self.runtime.clock
        started = clock()
        step = self.cpu_choose(position)
        if get_current_worker().is_cancelled:
            return
        rest = max(0.0, delay - (clock() - started))
        self.from_thread(self._cpu_ready, position, step, rest)

    def _cpu_ready(self, position: object, step: object, rest: float) -> None:
        if position is not self._thinking_for:
            return  # chosen for a position the game has left (stop_cpu, a new game)
        self._thinking_for = _NOT_THINKING
        if self._cpu_timer is not None:
            self._cpu_timer.stop()
        self._cpu_timer = self.set_timer(rest, lambda: self._cpu_step(position, step))

    def _cpu_step(self, position: object, step: object) -> None:
        self._cpu_timer = None
        if not self.is_attached or position is not self.position() or not self.cpu_to_move():
            return  # the game moved on (a new game, an undo) while the CPU was thinking
        self.cpu_play(position, step)
        self.after_move()

    def _confirm(
        self, go_on: Callable[[], object], question: str, leave: str, stay: str, note: str
    ) -> None:
        from tableau.ui.screens.dialogs import ConfirmScreen  # lazy: keeps the menu start fast

        def answered(choice: str | None) -> None:
            if choice == "leave":
                go_on()

        self.app.push_screen(ConfirmScreen(question, note, leave=leave, stay=stay), answered)
