"""The Go Fish table: you against one to four computer players, or several people at one
screen (and CPUs).

The screen draws your seat's view (``GoFishSession.view(seat)``) only: the CPUs' hands are
backs with a count, the books of every player, the stock count and the public history. Your
hand is sorted by rank. Choose a card (←/→ or its rank key, or click it) and Enter asks the
chosen opponent for its rank; ↑/↓ or Tab (or a click on an opponent) choose whom to ask
(``tableau.ui.controls.gofish``), and the screen hands the ask to ``session.act``. The session
plays the game and words its events (``session.news``, ``session.describe``); the CPU turns
(``cpu_step``, ``play_cpu``) follow one ask at a time through GameScreen's one flow, the
runtime's ``cpu_delay`` seconds apart. The screen keeps only whom you are about to ask.

The store keeps each game (``record``): its autosave after every move, resumed exactly by
``GoFishScreen.from_record``, and once it ends, the result with your books.

With two or more people at this screen (hot seats) the screen draws the hand of the seat to
move only once it has opened its lock (``SeatLock``; the session's ``Stage.LOCK``): between
two of their turns no hand is on the screen, the table is drawn as an onlooker sees it, and
nothing is recorded (no autosave holds every hand unsealed). The shared-table screens
(``gofish_table``) draw the same table for their own seat through the hooks ``own_seat``,
``shown_names`` and ``act``.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any
from typing import ClassVar
from typing import cast

from textual import on
from textual.app import ComposeResult
from textual.app import SystemCommand
from textual.binding import Binding
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from tableau.ai.gofish import parse_level
from tableau.cards import Rank
from tableau.engines.gofish import Ask
from tableau.engines.gofish import Event
from tableau.engines.gofish import View
from tableau.engines.gofish import rank_label
from tableau.engines.gofish import rank_words
from tableau.sessions.gofish import GoFishSession
from tableau.sessions.gofish import NextGame
from tableau.sessions.gofish import against_cpus
from tableau.sessions.protocol import Answer
from tableau.sessions.protocol import CpuStep
from tableau.sessions.seating import OPEN_LOCK
from tableau.sessions.seeds import fresh_seed
from tableau.storage import passwords
from tableau.storage.store import GameRecord
from tableau.ui.controls import gofish as controls
from tableau.ui.controls.gofish import RANK_KEYS
from tableau.ui.controls.gofish import Point
from tableau.ui.controls.gofish import Said
from tableau.ui.controls.gofish import Target
from tableau.ui.games import Option
from tableau.ui.games import cpus_option
from tableau.ui.games import speed_option
from tableau.ui.screens import table_screens
from tableau.ui.screens.base import GameScreen
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.screens.table_screens import WRONG_PASSWORD
from tableau.ui.screens.table_screens import HandLocks
from tableau.ui.widgets.command_bar import MessageLine
from tableau.ui.widgets.footer import KeysFooter
from tableau.ui.widgets.hand import Hand
from tableau.ui.widgets.hand import hand_bindings
from tableau.ui.widgets.header import TitleHeader
from tableau.ui.widgets.history import HistoryPanel
from tableau.ui.widgets.narrow import NarrowLayout
from tableau.ui.widgets.pile import Pile
from tableau.ui.widgets.pile import StackPile
from tableau.ui.widgets.seat_lock import SeatLock

NO_LOCKS: Mapping[int, passwords.SeatLock] = MappingProxyType({})


class GoFishHand(Hand, inherit_bindings=False):
    """The shared Hand, with Enter and space labelled "Ask" in the footer."""

    BINDINGS: ClassVar[list[BindingType]] = hand_bindings("enter,space", "Ask")


def books_text(books: Iterable[Rank]) -> str:
    """ "Books: 7 Q K" or "No books"."""
    labels = [rank_label(rank) for rank in sorted(books)]
    return f"Books: {' '.join(labels)}" if labels else "No books"


class GoFishScreen(HandLocks, NarrowLayout, GameScreen, game="gofish"):
    """One game after another against ``cpus`` computer players."""

    SESSION = GoFishSession
    AUTO_FOCUS = "GoFishHand"  # the hand at once, not the history first: focus moves once

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "choose(-1)", "Whom", key_display="↑↓"),
        Binding("down", "choose(1)", "Whom", show=False),
        Binding("tab", "choose(1)", "Next opponent", show=False, priority=True),
        Binding("shift+tab", "choose(-1)", "Previous opponent", show=False, priority=True),
        Binding("n", "new_game", "New game"),
        Binding("pageup", "scroll_history(-1)", "History up", show=False),
        Binding("pagedown", "scroll_history(1)", "History down", show=False),
        *(Binding(key, f"pick_rank({int(rank)})", f"Choose {rank_words(rank)}", show=False)
          for key, rank in RANK_KEYS.items()),
    ]

    WAITS: ClassVar[bool] = False
    """A line under the message names whom the table waits for (a shared table)."""

    def __init__(
        self, *, seed: int | None = None, cpus: int = 1, level: str = "pro",
        session: GoFishSession | None = None,
        locks: Mapping[int, passwords.SeatLock] = NO_LOCKS, **_ignored: object
    ) -> None:
        """``session``: a run to go on with (a resumed game, or a table of several people)
        instead of a new one; ``locks``: the hot seats' passwords (a seat without one opens
        with "I am …")."""
        super().__init__()
        if session is None:
            first_seed = seed if seed is not None else fresh_seed()
            session = against_cpus(cpus, parse_level(level), first_seed)
        self.session = session
        self.locks = dict(locks)
        self.target = 1
        """The opponent you are about to ask."""
        self.resumed: GameRecord | None = None
        """The autosave this screen goes on from (None: a new game)."""
        self._locks_id = f"gofish-{secrets.token_hex(4)}"
        """The waits after wrong passwords are this screen's (its games are not resumed)."""

    # ------------------------------------------------------------------ whose hand

    def own_seat(self) -> int | None:
        """The seat whose hand this screen always shows (None: several people share it)."""
        return table_screens.lone_hot_seat(self.session)

    def viewer(self) -> int | None:
        """The seat whose hand is on the screen now (None: no hand is)."""
        return table_screens.open_hand(self.session, self.own_seat())

    def shown_names(self) -> tuple[str, ...]:
        return self.session.names

    def act(self, seat: int, move: object) -> Answer[Event]:
        """A person's move (an ask, the next deal, opening a lock)."""
        return self.session.act(seat, move)

    def _lockable(self) -> bool:
        return any(self.session.must_unlock(seat) for seat in range(len(self.session.seats)))

    def _boxed(self) -> tuple[int, ...]:
        """The seats drawn as boxes on top: everyone but the screen's own seat."""
        own = self.own_seat()
        return tuple(seat for seat in range(len(self.session.seats)) if seat != own)

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        names = self.shown_names()
        yield TitleHeader(icon="♣")
        with Horizontal(id="table"):
            for seat in self._boxed():
                with Vertical(id=f"seat-{seat}", classes="seat") as box:
                    box.border_title = names[seat]
                    yield StackPile(f"seat-{seat}", show_count=True, id=f"hand-{seat}",
                                    classes="opponent")
                    yield Static("", id=f"books-{seat}", classes="books", markup=False)
            with Vertical(id="stock-box", classes="seat") as box:
                box.border_title = "Stock"
                yield StackPile("stock", show_count=True, id="stock")
        yield HistoryPanel("History", id="history")
        yield MessageLine("", id="message", markup=False)
        if self.WAITS:
            yield Static("", id="wait", markup=False)
        with Vertical(id="you"):
            yield GoFishHand(id="hand")
        if self._lockable():
            with Vertical(id="lock"):
                yield Static("", id="lock-title", markup=False)
                yield SeatLock(field_id="unlock", wrong=WRONG_PASSWORD,
                               ready_note="You may try again.", id="lock-row")
        yield KeysFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(HistoryPanel).can_focus = False
        record = self.resumed
        if record is None:
            self._begin()
            return
        self.game_began(record.started, record.duration, record.id)
        self._play_on(Said(self.session.news()))

    def on_unmount(self) -> None:
        self.stop_cpu()

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand("New game", "Deal a new game of Go Fish", self.action_new_game)

    # ------------------------------------------------------------------ the game

    def _begin(self) -> None:
        self.game_began()
        self._play_on(Said(self.session.opening(self.viewer())))  # type: ignore[arg-type]

    def _play_on(self, said: Said) -> None:
        """Show the table from the start of your hand with ``said``, and let play go on."""
        self.target = 1
        hand = self.query_one(GoFishHand)
        hand.cursor = 0
        hand.focus()
        self._say(said)
        self.after_move()

    def _ask(self, move: Ask) -> None:
        seat = self.viewer()
        if seat is not None and self._tell(self.act(seat, move)):
            self.after_move()

    def _tell(self, answer: Answer[Event]) -> bool:
        """Show the news of a move, or why it was refused; whether it was made."""
        if answer.refusal is not None:
            self._say(Said(answer.refusal, error=True))
            return False
        # In the words of the hand on show after it: an onlooker's once the turn has passed.
        self._say(Said(self.session.news(self.viewer())))  # type: ignore[arg-type]
        return True

    def _do(self, action: Point | Target | Said | None) -> None:
        """What a key or click means, from ``tableau.ui.controls.gofish``."""
        if isinstance(action, Said):
            self._say(action)
        elif isinstance(action, Point):
            self.query_one(GoFishHand).cursor = action.index
            self.redraw()
        elif isinstance(action, Target):
            self.target = action.seat
            self.redraw()

    def _say(self, said: Said) -> None:
        self.query_one(MessageLine).show(said.text, error=said.error)

    # ------------------------------------------------------------------ GameScreen's flow

    def position(self) -> object:
        return self.session.state

    def cpu_to_move(self) -> bool:
        return self.session.cpu_to_move()

    def cpu_choose(self, position: object) -> CpuStep[Ask] | None:
        # The session's present position: a step chosen after it moved on is refused.
        return self.session.cpu_step()

    def cpu_play(self, position: object, step: object) -> None:
        if step is not None:
            self._tell(self.session.play_cpu(cast(CpuStep[Ask], step)))

    def end_dialog(self) -> ModalScreen[str | None] | None:
        result = self.session.outcome()
        if result is None:
            return None
        headline = self.session.headline(result, self.own_seat())  # type: ignore[arg-type]
        return EndScreen(headline, self.session.score_lines(),
                         [("again", "Play again"), ("menu", "Menu")])

    def end_chosen(self, choice: str | None) -> None:
        super().end_chosen(choice)
        if choice is None:
            self._say(Said("Game over. Press n for a new game, q for the menu."))

    def new_game(self) -> None:
        self.stop_cpu()
        dealer = self.session.to_move
        if self.session.outcome() is not None and dealer is not None:
            self.act(dealer, NextGame())
        else:  # the game under way was abandoned (ask_before_abandoning)
            self.session.new_game()
        self._begin()

    def game_at_stake(self) -> bool:
        return self.session.at_stake()

    def record(self) -> GameRecord | None:
        """The autosave once you have asked, the result (a shared win counts as won) once the
        game is over, with your books."""
        session, you = self.session, self.own_seat()
        result = session.outcome()
        if you is None:
            return self.record_people()
        if result is None and not session.at_stake():
            return None
        cpus, level = session.cpus, session.level
        return GameRecord(
            "gofish", level, session.seed, {"cpus": cpus, "level": level},
            started=self.runtime.wall() if self.began_at is None else self.began_at,
            moves=session.asks(you), duration=self.played_seconds(),
            label=f"{cpus} CPU{'' if cpus == 1 else 's'} · {level}",
            details={"books": len(session.state.books[you])},
            data=session.to_json() if result is None else None,
            result=None if result is None else "won" if you in result.winners else "lost",
        )

    def record_people(self) -> GameRecord | None:
        """A game of several people, once over, with each seat's books."""
        return self.people_record([len(books) for books in self.session.state.books])

    # ------------------------------------------------------------------ drawing

    def redraw(self) -> None:
        session, viewer = self.session, self.viewer()
        # No hand open (a lock, a CPU's turn between two people): the table as an onlooker
        # sees it; a view is any seat's, of which only the public parts are drawn.
        seen = session.view(0 if viewer is None else viewer)
        names = self.shown_names()
        self.target = controls.target_for(seen, self.target)
        my_turn = viewer is not None and seen.to_move == viewer
        boxed = self._boxed()
        for seat in boxed:
            count = seen.hand_counts[seat]
            chosen = my_turn and seat == self.target
            self.query_one(f"#hand-{seat}", StackPile).update(
                None, count=count, face_up=False, cursor=chosen and len(boxed) > 1)
            box = self.query_one(f"#seat-{seat}")
            box.display = seat != viewer
            box.border_title = names[seat]
            box.set_class(chosen, "-chosen")
            box.set_class(seen.to_move == seat, "-turn")
            box.set_class(count == 0, "-empty")
            self.query_one(f"#books-{seat}", Static).update(books_text(seen.books[seat]))
        self.query_one("#stock", StackPile).update(None, count=seen.stock_count, face_up=False)
        self._draw_hand(seen if viewer is not None else None, names, my_turn)
        self.keys_follow(self.game_over())  # ↑↓ whom leaves the footer, or comes back
        if self.WAITS:
            line = self.waiting_line()
            wait = self.query_one("#wait", Static)
            wait.update(line)
            wait.display = bool(line)
        history = self.query_one(HistoryPanel)
        history.update([session.describe(event, viewer) for event in seen.history])  # type: ignore[arg-type]
        # Follow the newest line (also when many lines arrive before the first layout).
        self.call_after_refresh(history.scroll_end, animate=False)

    def _draw_hand(self, seen: View | None, names: tuple[str, ...], my_turn: bool) -> None:
        """The open hand under the table, or the lock of the hot seat to move (or neither)."""
        hand, you = self.query_one(GoFishHand), self.query_one("#you")
        locked = self.session.locked
        you.display = locked is None
        if self._lockable():
            self.query_one("#lock").display = locked is not None
            self._draw_lock(locked)
            self.refresh_bindings()  # ↑↓ whom: only with a hand open
        if seen is None:
            hand.update(())
            you.border_title = "No hand is open"
            you.border_subtitle = self.waiting_for()
            you.set_class(False, "-turn")
            return
        hand.update(seen.hand)
        who = "You" if self.own_seat() is not None else names[seen.seat]
        you.border_title = f"{who} · {books_text(seen.books[seen.seat])}"
        you.border_subtitle = self.prompt(seen, names, hand.cursor)
        you.set_class(my_turn, "-turn")

    def waiting_line(self) -> str:
        """Whom a shared table waits for (shown when ``WAITS``)."""
        return ""

    def tell(self, text: str, error: bool = False) -> None:
        self._say(Said(text, error))

    def game_over(self) -> bool:
        return self.session.outcome() is not None

    def prompt(self, seen: View, names: tuple[str, ...], cursor: int) -> str:
        """The line under the open hand: whose turn, and what Enter would ask."""
        return controls.prompt(seen, names, self.target, cursor)

    def waiting_for(self) -> str:
        """What the table waits for while no hand is open."""
        to_move = self.session.to_move
        if self.session.outcome() is not None:
            return "Game over · n: new game"
        return "" if to_move is None else f"{self.shown_names()[to_move]} is playing…"

    @on(SeatLock.Said)
    def _lock_said(self, event: SeatLock.Said) -> None:
        event.stop()
        self._say(Said(event.text, error=event.error))

    @on(SeatLock.Opened)
    def _lock_opened(self, event: SeatLock.Opened) -> None:
        event.stop()
        answer = self.act(event.seat, OPEN_LOCK)
        if not answer.ok:
            self._say(Said(answer.refusal or "", error=True))
            return
        self.query_one(GoFishHand).cursor = 0
        self.after_move()
        self.query_one(GoFishHand).focus()
        self._say(Said(f"{self.session.names[event.seat]}, it is your turn."))

    # ------------------------------------------------------------------ input

    @on(Hand.Activated, "#hand")
    def _card_chosen(self, event: Hand.Activated) -> None:
        event.stop()
        move = controls.activated(event.card, event.chain, self.target)
        if move is not None:
            self._ask(move)

    @on(Hand.CursorMoved, "#hand")
    def _cursor_moved(self, event: Hand.CursorMoved) -> None:
        event.stop()
        self.redraw()

    @on(Pile.Clicked)
    def _opponent_clicked(self, event: Pile.Clicked) -> None:
        event.stop()
        seat = controls.opponent_of(event.pile_id)
        if seat is None:
            return
        viewer = self.viewer()
        if viewer is not None:
            self._do(controls.choose_seat(self.session.view(viewer), seat, self.shown_names()))
        self.query_one(GoFishHand).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # No hand open (a lock, between two people's turns), or the game over: nothing to
        # choose or ask.
        return action not in ("choose", "pick_rank") or (
            self.viewer() is not None and not self.game_over())

    def action_choose(self, step: int) -> None:
        viewer = self.viewer()
        if viewer is not None:
            self._do(controls.step_target(self.session.view(viewer), self.target, step,
                                          self.shown_names()))

    def action_pick_rank(self, number: int) -> None:
        viewer = self.viewer()
        if viewer is not None:
            self._do(controls.pick_rank(self.session.view(viewer), Rank(number)))

    def action_scroll_history(self, step: int) -> None:
        history = self.query_one(HistoryPanel)
        if step < 0:
            history.scroll_page_up(animate=False)
        else:
            history.scroll_page_down(animate=False)

    def action_leave(self) -> None:
        self.ask_before_leaving(
            self.to_menu, question="Leave this game?", leave="Leave to the menu",
            note="The game under way is not saved. (Shift+Q chooses queens.)",
        )

    def action_new_game(self) -> None:
        self.ask_before_abandoning(self.new_game, question="Start a new game?",
                                    leave="Deal a new game")


# ---------------------------------------------------------------- how the app opens Go Fish
# (the convention of tableau.ui.games)


def open_game(options: dict[str, Any]) -> GoFishScreen:
    return GoFishScreen(**options)


def setup_options() -> tuple[Option, ...]:
    from tableau.ai.gofish import LEVELS
    from tableau.engines.gofish import MAX_PLAYERS

    return (
        cpus_option(MAX_PLAYERS - 1, 1),
        Option("level", "Level", tuple((level, level) for level in LEVELS), "pro"),
        speed_option(),
    )


def resume_game(record: GameRecord, options: dict[str, Any]) -> GoFishScreen:
    return GoFishScreen.from_record(record)
