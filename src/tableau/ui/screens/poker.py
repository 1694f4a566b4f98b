"""The Poker table: five-card draw, fixed limit, you against 1 to 5 CPU players.

The game in progress is a ``PokerSession``; the screen draws only its view, yours
(``poker_draw``), so a CPU's cards cannot reach the screen before the showdown. Keys, buttons
and clicks become moves through ``ui.controls.poker``; the session accepts them or answers
with the sentence shown in the message line. CPU players move through GameScreen's one flow,
one at a time after the runtime's ``cpu_delay`` (they think in a worker thread, so the table
stays responsive); with a delay of 0 (tests) they move at once.

Keys: c check/call, b bet/raise, f fold, 1-5 or space mark a card to throw away, Enter
draws (or deals the next hand), a advice, n next hand; q menu, ? help.

The store keeps one record per game, an evening until game over (``record``): its autosave
after every move, resumed exactly by ``PokerScreen.from_record``, and at game over the result
with the session's tallies.

With two or more people at this screen (hot seats) a hand is drawn only once its seat opened
its lock (``SeatLock``; the session's ``Stage.LOCK``): between their turns no hand is on the
screen, every seat is drawn as an onlooker sees it, and nothing is recorded. The shared-table
screens (``poker_table``) draw the same table for their own seat through the hooks
``own_seat``, ``my_seats``, ``shown_names`` and ``act``.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any
from typing import ClassVar

from textual import events
from textual import on
from textual.app import ComposeResult
from textual.app import SystemCommand
from textual.binding import Binding
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button
from textual.widgets import Static

from tableau.engines.poker import Action
from tableau.engines.poker import Draw
from tableau.engines.poker import Move
from tableau.engines.poker import NextHand
from tableau.engines.poker import Phase
from tableau.engines.poker import State
from tableau.engines.poker import chips_text
from tableau.sessions.poker import DEFAULT_CPUS
from tableau.sessions.poker import MAX_CPUS
from tableau.sessions.poker import CpuStep
from tableau.sessions.poker import PokerSession
from tableau.sessions.poker import standings
from tableau.sessions.seeds import fresh_seed
from tableau.storage import passwords
from tableau.storage.store import GameRecord
from tableau.ui.controls.poker import NO_ADVICE
from tableau.ui.controls.poker import RUNNING
from tableau.ui.controls.poker import Mark
from tableau.ui.controls.poker import Refusal
from tableau.ui.controls.poker import Request
from tableau.ui.controls.poker import advice_available
from tableau.ui.controls.poker import advice_text
from tableau.ui.controls.poker import can_mark
from tableau.ui.controls.poker import command
from tableau.ui.controls.poker import draw_move
from tableau.ui.controls.poker import drew_text
from tableau.ui.controls.poker import is_human_turn
from tableau.ui.controls.poker import marks_for
from tableau.ui.controls.poker import offered
from tableau.ui.controls.poker import toggle_mark
from tableau.ui.games import Option
from tableau.ui.games import cpus_option
from tableau.ui.games import speed_option
from tableau.ui.screens.base import GameScreen
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.screens.poker_draw import PokerDrawing
from tableau.ui.screens.poker_seat import ScreenSeats
from tableau.ui.screens.poker_seat import SeatPanel
from tableau.ui.screens.table_screens import HandLocks
from tableau.ui.widgets.command_bar import MessageLine
from tableau.ui.widgets.footer import KeysFooter
from tableau.ui.widgets.hand import Hand
from tableau.ui.widgets.header import TitleHeader
from tableau.ui.widgets.history import PAGE_BINDINGS
from tableau.ui.widgets.history import HistoryPanel
from tableau.ui.widgets.narrow import NarrowLayout
from tableau.ui.widgets.seat_lock import SeatLock

__all__ = ["DEFAULT_CPUS", "MAX_CPUS", "NO_LOCKS", "PokerScreen"]

NO_LOCKS: Mapping[int, passwords.SeatLock] = MappingProxyType({})
WRONG_PASSWORD = "That is not the password. Nothing changed."

MANY_CPUS = 4
"""From this many CPUs the seats use one-line cards on a large screen too, so all fits."""


class PokerScreen(HandLocks, ScreenSeats, NarrowLayout, PokerDrawing, GameScreen,
                  game="poker"):
    """The table. ``PokerScreen(cpus=3, seed=7)``, or ``PokerScreen(session=...,
    locks=...)`` for a table of several people; other options are ignored."""

    SESSION = PokerSession
    WAITS = False
    """A line under the hand names whom the table waits for (a shared table)."""

    # Shown bindings are offered only when legal (check_action); the hidden ones after them
    # catch the same key otherwise, so a key that is not allowed now gets a sentence.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "act('check')", "Check"),
        Binding("c", "act('call')", "Call"),
        Binding("b", "act('bet')", "Bet"),
        Binding("b", "act('raise')", "Raise"),
        Binding("f", "act('fold')", "Fold"),
        Binding("1", "act('mark1')", "Mark", key_display="1-5"),
        Binding("enter", "act('draw')", "Draw", priority=True),
        Binding("a", "act('advice')", "Advice"),
        Binding("n", "act('next')", "Next hand"),
        Binding("n", "act('results')", "Results"),
        Binding("enter", "try('enter')", "Next hand", show=False, priority=True),
        *(Binding(key, f"try('{key}')", show=False) for key in ("c", "b", "f", "a", "n")),
        *(Binding(str(n), f"try('mark{n}')", show=False) for n in range(1, 6)),
        *PAGE_BINDINGS,
    ]

    def __init__(
        self,
        *,
        cpus: int | None = None,
        seed: int | None = None,
        chips: int | None = None,
        session: PokerSession | None = None,
        locks: Mapping[int, passwords.SeatLock] = NO_LOCKS,
        **_options: Any,
    ) -> None:
        """``chips``: each player's starting stack (100 unless given). ``session``: a game to
        go on with (a resumed one, or a table of several people) instead of a new one;
        ``locks``: the hot seats' passwords (a seat without one opens with "I am …")."""
        super().__init__()
        if session is None:
            # The command line checks its options; anything else is kept in range here.
            cpus = DEFAULT_CPUS if cpus is None else min(max(int(cpus), 1), MAX_CPUS)
            # A seed from the whole 63-bit range: too many to search for the one that deals
            # the cards you hold (and with them every other hand).
            session = PokerSession.table(cpus, seed if seed is not None else fresh_seed(), chips)
        self.session = session
        self.problem: str | None = None
        """Why the last key did nothing; cleared by the next change."""
        self.resumed: GameRecord | None = None
        """The autosave this screen goes on from (None: a new game)."""
        self.locks = dict(locks)
        self._locks_id = f"poker-{secrets.token_hex(4)}"
        """The waits after wrong passwords are this screen's (its games are not resumed)."""

    @property
    def state(self) -> State:
        """The present position (the whole table, for tests and the flow)."""
        return self.session.state

    @property
    def cpus(self) -> int:
        """CPU players at this table."""
        return len(self.session.seats) - 1

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield TitleHeader(icon="♠")
        with Horizontal(id="poker-body"):
            with Vertical(id="table"):
                with Vertical(id="seats"):
                    for seat in range(len(self.session.seats)):
                        if seat != self.own_seat():
                            yield SeatPanel(seat, id=f"seat-{seat}")
                yield Static("", id="pot-line", markup=False)
                with Vertical(id="you"):
                    with Horizontal(id="you-info"):
                        yield Static("", id="you-turn", markup=False)
                        yield Static(self.view.name, id="you-name", markup=False)
                        yield Static("", id="you-dealer", markup=False)
                        yield Static("", id="you-chips", markup=False)
                    yield Hand(id="my-hand")
                    yield Static("", id="hand-text", markup=False)
                    with Horizontal(id="buttons"):
                        yield self._button("", "act-c")
                        yield self._button("", "act-b")
                        yield self._button("Fold", "act-f")
                        yield self._button("Stand pat", "act-draw")
                        yield self._button("Advice", "act-advice")
                        yield self._button("Next hand", "act-next")
                    if self.lockable():  # in place of the hand while it is locked
                        with Vertical(id="lock"):
                            yield Static("", id="lock-title", markup=False)
                            yield SeatLock(field_id="unlock", wrong=WRONG_PASSWORD,
                                           ready_note="You may try again.", id="lock-row")
                    yield MessageLine("", id="message", markup=False)
                if self.WAITS:
                    yield Static("", id="wait", markup=False)
            yield HistoryPanel("History", id="history")
        yield KeysFooter()

    @staticmethod
    def _button(label: str, button_id: str) -> Button:
        button = Button(label, id=button_id, compact=True, classes="table-button")
        button.can_focus = False  # the keys act on the table; the focus stays on the hand
        return button

    def on_mount(self) -> None:
        super().on_mount()
        self.set_class(self.cpus >= MANY_CPUS, "-many")
        self.query_one("#my-hand", Hand).focus()
        record = self.resumed
        if record is None:
            self.game_began()
        else:
            self.game_began(record.started, record.duration, record.id)
        self.after_move()

    _resized = False

    def on_resize(self, event: events.Resize) -> None:
        # The size classes change on a resize; the seats show more words on a large screen.
        # One redraw for a burst of resizes, once they are laid out.
        if not self._resized:
            self._resized = True
            self.call_after_refresh(self._redraw_resized)

    def _redraw_resized(self) -> None:
        self._resized = False
        self.redraw()

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand("New game", "Deal a new game of Poker", self.action_new_game)
        yield SystemCommand(
            "Advice", "Which cards would the CPU throw away in your place?",
            lambda: self._do("advice"),
        )

    # ------------------------------------------------------------------ messages

    def _say(self, text: str, *, error: bool = False) -> None:
        if error:
            self.problem = text
        else:
            self.scratch.note, self.problem = text, None
            self.keep_game()  # the note is part of the save (a draw's note follows its move)
        self._render_message(self.view)

    # ------------------------------------------------------------------ keys and clicks

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("act", "try") and self.lockable() and self.session.locked is not None:
            return False  # the keys are the password's (Enter too), not the table's
        if action != "act" or not parameters:
            return True
        return offered(str(parameters[0]), self.view)

    def action_page_history(self, direction: int) -> None:
        self.query_one("#history", HistoryPanel).page(direction)

    def action_act(self, name: str) -> None:
        self._do(name)

    def action_try(self, name: str) -> None:
        self._do(name)

    def _do(self, name: str) -> None:
        """Every control ends here: a key, its button, or the palette."""
        match command(name, self.view):
            case Action() as action:
                self._bet(action)
            case Mark(index):
                self._mark(index)
            case Request("draw"):
                self._draw()
            case Request("advice"):
                self._advice()
            case Request("next"):
                self._next()
            case Refusal(text):
                self._say(text, error=True)

    @on(Button.Pressed, ".table-button")
    def _button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        name = (event.button.id or "").removeprefix("act-")
        self._do(name)

    @on(Hand.Activated, "#my-hand")
    def _card_chosen(self, event: Hand.Activated) -> None:
        event.stop()
        self._mark(event.index)

    # ------------------------------------------------------------------ the human's moves

    def _bet(self, action: Action) -> None:
        view = self.view
        if self.viewer() is None or (view.phase in RUNNING and not is_human_turn(view)):
            self._say(self.waiting(), error=True)
        else:
            self._play(action)

    def _mark(self, index: int) -> None:
        view = self.view
        if self.viewer() is None:
            self._say(self.waiting(), error=True)
            return
        marks, problem = toggle_mark(self.scratch.marks, index, view)
        if problem is not None:
            self._say(problem, error=True)
            return
        self.scratch.marks = marks
        self.problem = None
        self.keep_game()  # the marks are part of the save
        self._render_hand(view)
        self._render_buttons(view)
        self._render_message(view)

    def _draw(self) -> None:
        view = self.view
        if self.viewer() is None or (view.phase is Phase.DRAW and not is_human_turn(view)):
            self._say(self.waiting(), error=True)
            return
        if view.phase is not Phase.DRAW:
            self._play(Draw(()))  # the engine explains why not
            return
        move = draw_move(view, self.scratch.marks)
        before = set(view.hand)
        if not self._play(move):
            return
        drawn = [card for card in self.view.hand if card not in before]
        if move.discards and drawn:
            self._say(drew_text(move.discards, drawn))
        elif not move.discards:
            self._say("You stand pat.")

    def _next(self) -> None:
        view = self.view
        if view.phase is Phase.GAME_OVER:
            self.app.push_screen(self._end_screen(), self.end_chosen)
            return
        dealer = self.session.to_move
        if view.phase is Phase.HAND_OVER and dealer is not None and (
                dealer not in self.my_seats()):
            self._say(f"{self.shown_names()[dealer]} deals the next hand.", error=True)
        else:
            self._play(NextHand(), dealer)

    def _play(self, move: Move, seat: int | None = None) -> bool:
        """Make the move of the open hand's seat (or ``seat``'s); on refusal show the
        session's sentence."""
        seat = self.viewer() if seat is None else seat
        if seat is None:
            self._say(self.waiting(), error=True)
            return False
        answer = self.act(seat, move)
        if answer.refusal is not None:
            self._say(answer.refusal, error=True)
            return False
        self.scratch.marks, self.scratch.note, self.problem = (), "", None
        self.after_move()
        return True

    # ------------------------------------------------------------------ advice

    def _advice(self) -> None:
        view, seat = self.view, self.viewer()
        if seat is None or not advice_available(view):
            self._say(NO_ADVICE, error=True)
            return
        advice = self.session.advice(seat)
        tail = ""
        if can_mark(view):
            self.scratch.marks = marks_for(view, advice.discard)
            self._render_hand(view)
            self._render_buttons(view)
            if advice.discard:
                tail = " They are marked."
        self._say(advice_text(advice) + tail)

    # ------------------------------------------------------------------ GameScreen's flow

    def position(self) -> object:
        return self.session.state

    def cpu_to_move(self) -> bool:
        return self.session.cpu_to_move()

    def cpu_choose(self, position: object) -> CpuStep[Move] | None:
        return self.session.cpu_step()  # for the present version: a later one refuses it

    def cpu_play(self, position: object, step: object) -> None:
        if isinstance(step, CpuStep) and self.session.play_cpu(step).ok:
            self.problem = None

    def end_dialog(self) -> ModalScreen[str | None] | None:
        return self._end_screen() if self.session.is_over() else None

    def _end_screen(self) -> EndScreen:
        title, lines = self.ending()
        return EndScreen(title, lines, [("again", "Play again"), ("menu", "Menu")], numbered=True)

    def ending(self) -> tuple[str, list[str]]:
        """The game's end in the words of this screen's seat (several people: anyone's)."""
        own = self.own_seat()
        if own is not None:
            return self.session.ending(own)
        view = self.view
        lines = ["Final standings:", *standings(view), f"Hands played: {view.hand_number}"]
        won = "Game over" if view.winner is None else f"{view.names[view.winner]} wins the game!"
        return won, lines

    def leaving_keeps_game(self) -> bool:
        """Only a game of one person is kept (no autosave holds every hand unsealed)."""
        return super().leaving_keeps_game() and self.own_seat() is not None

    def game_at_stake(self) -> bool:
        """Once you have acted (or a later hand is dealt), until game over. A new game then
        asks first; q and ctrl+q ask only when the store cannot keep the game."""
        return self.session.at_stake()

    def record(self) -> GameRecord | None:
        """The evening's autosave once you have acted, its result at game over (won: you hold
        every chip; lost: you are out), with the hands, the biggest pot and the chips."""
        session = self.session
        over = session.is_over()
        if self.own_seat() is None:
            return self.record_people()
        if not over and not session.at_stake():
            return None
        view = self.view
        return GameRecord(
            "poker", "draw", session.seed, {"cpus": self.cpus, "chips": session.start_chips},
            started=self.runtime.wall() if self.began_at is None else self.began_at,
            moves=session.your_moves, duration=self.played_seconds(),
            label=f"hand {view.hand_number} · {chips_text(view.seats[view.seat].chips)}",
            details={"hands": session.hands, "hands_won": session.hands_won,
                     "biggest_pot": session.biggest_pot, "chips": session.chip_result},
            data=None if over else session.to_json(),
            result=("won" if view.winner == view.seat else "lost") if over else None,
        )

    def record_people(self) -> GameRecord | None:
        """A game of several people, once over: who sat and who won (chips are no points:
        the winner holds them all)."""
        return self.people_record()

    def action_new_game(self) -> None:
        """A new game from the palette: asks first while a game is under way."""
        self.ask_before_abandoning(self.new_game, question="Start a new game?",
                                    leave="Deal a new game")

    def new_game(self) -> None:
        """Deal a fresh game with the same number of CPUs and a new seed."""
        self.stop_cpu()
        self.session.new_game()
        self.game_began()
        self.problem = None
        self.after_move()


# ---------------------------------------------------------------- how the app opens Poker
# (the convention of tableau.ui.games)


def open_game(options: dict[str, Any]) -> PokerScreen:
    return PokerScreen(**options)


def setup_options() -> tuple[Option, ...]:
    return (cpus_option(MAX_CPUS, DEFAULT_CPUS), speed_option())


def resume_game(record: GameRecord, options: dict[str, Any]) -> PokerScreen:
    return PokerScreen.from_record(record)
