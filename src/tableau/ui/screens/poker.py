"""The Poker table: five-card draw, fixed limit, you against 1 to 5 CPU players.

The screen keeps the engine's ``State`` but renders only ``view(state, HUMAN_SEAT)``, so a
CPU's cards cannot reach the screen before the showdown. Keys, buttons and clicks become
engine moves here; the engine accepts them or answers with the sentence shown in the message
line. CPU players move one at a time after ``app.cpu_delay`` seconds (they think in a worker
thread, so the table stays responsive); with a delay of 0 (tests) they move at once.

Keys: c check/call, b bet/raise, f fold, 1-5 or space mark a card to throw away, Enter
draws (or deals the next hand), a advice, n next hand; q menu, ? help.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any, ClassVar

from textual import events, on, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Footer, Header, Static
from textual.worker import get_current_worker

from tableau.ai import poker as ai
from tableau.engines import poker as engine
from tableau.engines.poker import HUMAN_SEAT, Action, ActionKind, NextHand, Phase, State, View
from tableau.engines.protocol import IllegalMove
from tableau.engines.rng import fresh_seed_from
from tableau.ui.screens.base import GameScreen
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.screens.poker_controls import (
    BETTING,
    RUNNING,
    action_label,
    can_mark,
    capped,
    draw_label,
    draw_move,
    faces,
    is_human_turn,
    key_action,
    marks_for,
    pot_line,
    seat_action,
    standings,
    toggle_mark,
    waiting_for,
    winners,
    you_line,
)
from tableau.ui.screens.poker_seat import SeatPanel
from tableau.ui.widgets.command_bar import MessageLine
from tableau.ui.widgets.hand import Hand
from tableau.ui.widgets.history import PAGE_BINDINGS, HistoryPanel

DEFAULT_CPUS = 3
MAX_CPUS = 5
MANY_CPUS = 4
"""From this many CPUs the seats use one-line cards on a large screen too, so all fits."""
ACTIONS = ("check", "call", "bet", "raise", "fold")


def cpu_turn(state: State) -> bool:
    """A CPU seat is to act (bet or draw)."""
    return state.phase in RUNNING and state.to_act is not None and state.to_act != HUMAN_SEAT


def cpu_step(state: State) -> State:
    """The CPU to act makes its move. It sees only its own view; should it ever propose
    something the engine refuses, it plays the first legal move instead of stalling."""
    seat = state.to_act
    assert seat is not None
    try:
        return engine.apply(state, ai.choose_move(engine.view(state, seat)))
    except (IllegalMove, ValueError):
        return engine.apply(state, engine.legal_moves(state)[0])


class PokerScreen(GameScreen):
    """The table. ``PokerScreen(cpus=3, seed=7)``; other options are ignored."""

    GAME_KEY = "poker"
    TITLE = "Poker"
    CSS_PATH = "poker.tcss"
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
        **_options: Any,
    ) -> None:
        """``chips``: each player's starting stack (100 unless given)."""
        super().__init__()
        # The command line checks its options; anything else is kept in range here.
        self.cpus = DEFAULT_CPUS if cpus is None else min(max(int(cpus), 1), MAX_CPUS)
        self.chips = chips
        self.first_seed = seed if seed is not None else secrets.randbelow(2**32)
        self.games = 0
        self.state = self._new_state()
        self.marks: tuple[int, ...] = ()
        """Indices into the view's hand, in the order they were marked."""
        self.note = ""
        """What the human's last move or request told (a draw, advice); kept until their next
        move and shown before the prompt."""
        self.problem: str | None = None
        """Why the last key did nothing; cleared by the next change."""
        self._thinking: State | None = None
        self._view: tuple[State, View] | None = None
        self._end_shown = False

    def _new_state(self) -> State:
        seed = self.first_seed if self.games == 0 else fresh_seed_from(self.first_seed, self.games)
        config = engine.Config(players=self.cpus + 1, seed=seed)
        if self.chips is not None:
            config = replace(config, chips=self.chips)
        return engine.new_game(config)

    @property
    def view(self) -> View:
        """What you may see of the present state (kept until the state changes: the footer
        asks for it once per key binding)."""
        cached = self._view
        if cached is None or cached[0] is not self.state:
            cached = (self.state, engine.view(self.state, HUMAN_SEAT))
            self._view = cached
        return cached[1]

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        with Horizontal(id="poker-body"):
            with Vertical(id="table"):
                with Vertical(id="seats"):
                    for seat in range(1, self.state.players):
                        yield SeatPanel(seat, id=f"seat-{seat}")
                yield Static("", id="pot-line", markup=False)
                with Vertical(id="you"):
                    with Horizontal(id="you-info"):
                        yield Static("", id="you-turn", markup=False)
                        yield Static(self.state.names[HUMAN_SEAT], id="you-name", markup=False)
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
                    yield MessageLine("", id="message", markup=False)
            yield HistoryPanel("History", id="history")
        yield Footer()

    @staticmethod
    def _button(label: str, button_id: str) -> Button:
        button = Button(label, id=button_id, compact=True, classes="table-button")
        button.can_focus = False  # the keys act on the table; the focus stays on the hand
        return button

    def on_mount(self) -> None:
        super().on_mount()
        self.set_class(self.cpus >= MANY_CPUS, "-many")
        self.query_one("#my-hand", Hand).focus()
        self._refresh_table()
        self._after_change()

    def on_resize(self, event: events.Resize) -> None:
        # The size classes change on a resize; the seats show more words on a large screen.
        self.call_after_refresh(self._refresh_table)

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand("New game", "Deal a new game of Poker", self.action_new_game)
        yield SystemCommand(
            "Advice", "Which cards would the CPU throw away in your place?",
            lambda: self._do("advice"),
        )

    # ------------------------------------------------------------------ rendering

    def _refresh_table(self) -> None:
        view = self.view
        won = winners(view)
        for seat in view.seats[1:]:
            panel = self.query_one(f"#seat-{seat.seat}", SeatPanel)
            panel.show(
                seat,
                seat_action(view, seat),
                dealer=view.button == seat.seat,
                to_act=view.phase in RUNNING and view.to_act == seat.seat,
                winner=seat.seat in won,
                full=self.is_large,
            )
        self.query_one("#pot-line", Static).update(pot_line(view))
        me = view.seats[HUMAN_SEAT]
        my_turn = is_human_turn(view)
        self.query_one("#you-turn", Static).update("▶" if my_turn else " ")
        self.query_one("#you-dealer", Static).update(
            "(dealer)" if view.button == HUMAN_SEAT else ""
        )
        self.query_one("#you-chips", Static).update(you_line(view))
        you = self.query_one("#you", Vertical)
        you.set_class(my_turn, "-to-act")
        you.set_class(HUMAN_SEAT in won, "-winner")
        you.set_class(me.folded, "-folded")
        self._render_hand(view)
        self._render_buttons(view)
        self._render_message(view)
        history = self.query_one("#history", HistoryPanel)
        shown = history.entries
        history.update(view.history)
        if history.entries != shown:
            # Follow the newest line even after a burst of lines (a showdown writes several
            # at once, and the log's own follow check sees the old height).
            history.call_after_refresh(history.scroll_end, animate=False)
        self.sub_title = f"hand {view.hand_number} · {view.phase.label}"
        self.refresh_bindings()

    def _render_hand(self, view: View) -> None:
        me = view.seats[HUMAN_SEAT]
        if not can_mark(view):
            self.marks = ()
        cards = me.shown if me.shown is not None else view.hand
        hand = self.query_one("#my-hand", Hand)
        hand.show_cursor = can_mark(view)  # the cursor is for marking; hide it otherwise
        hand.update(cards, marked=self.marks, dimmed=set(self.marks))
        if me.shown_text:
            text = me.shown_text
        elif view.hand:
            text = view.hand_text
        elif me.folded:
            text = "You folded this hand."
        else:
            text = "You have no chips left." if me.chips == 0 else ""
        self.query_one("#hand-text", Static).update(text)

    def _render_buttons(self, view: View) -> None:
        my_turn = is_human_turn(view)
        betting = view.phase in BETTING
        legal = set(view.legal_moves) if my_turn else set()
        for key, button_id in (("c", "#act-c"), ("b", "#act-b"), ("f", "#act-f")):
            button = self.query_one(button_id, Button)
            action = key_action(view, key)
            button.display = betting and not capped(view, action)
            self._label(button, action_label(view, action))
            button.disabled = action not in legal
        draw = self.query_one("#act-draw", Button)
        draw.display = view.phase is Phase.DRAW
        self._label(draw, draw_label(len(self.marks)))
        draw.disabled = not (my_turn and view.phase is Phase.DRAW)
        advice = self.query_one("#act-advice", Button)
        advice.display = view.phase in (Phase.FIRST_BETTING, Phase.DRAW)
        advice.disabled = not self._advice_available(view)
        after = self.query_one("#act-next", Button)
        after.display = view.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        self._label(after, "Results" if view.phase is Phase.GAME_OVER else "Next hand")

    @staticmethod
    def _label(button: Button, text: str) -> None:
        if str(button.label) != text:
            button.label = text
            button.refresh(layout=True)  # an auto width follows the new label

    def _render_message(self, view: View) -> None:
        line = self.query_one("#message", MessageLine)
        if self.problem is not None:
            line.show(self.problem, error=True)
        else:
            note = self.note if view.phase in RUNNING else ""
            line.show(" ".join(part for part in (note, self._prompt(view)) if part))

    def _prompt(self, view: View) -> str:
        if view.phase in (Phase.HAND_OVER, Phase.GAME_OVER) and view.result is not None:
            return view.result.text + "."
        if not is_human_turn(view):
            return waiting_for(view)
        if view.phase is Phase.DRAW and self.marks:
            count = len(self.marks)
            return f"Enter throws {count} away and draws {count}; 1-5 or space changes the marks."
        if view.phase is Phase.DRAW:
            most = "3 cards (4 keeping your ace)" if view.max_discard == 4 else "3 cards"
            return f"Your draw: mark up to {most} with 1-5, space or a click; Enter draws."
        if view.to_call:
            return f"Your turn: {view.to_call} to call."
        return "Your turn: check or bet."

    def _say(self, text: str, *, error: bool = False) -> None:
        if error:
            self.problem = text
        else:
            self.note, self.problem = text, None
        self._render_message(self.view)

    # ------------------------------------------------------------------ keys and clicks

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action != "act" or not parameters:
            return True
        return self._offered(str(parameters[0]), self.view)

    def _offered(self, name: str, view: View) -> bool:
        """Is this named control legal now (shown in the footer)?"""
        my_turn = is_human_turn(view)
        if name in ACTIONS:
            return my_turn and Action(ActionKind(name)) in view.legal_moves
        if name.startswith("mark"):
            return can_mark(view)
        if name == "draw":
            return my_turn and view.phase is Phase.DRAW
        if name == "advice":
            return self._advice_available(view)
        if name == "next":
            return view.phase is Phase.HAND_OVER
        if name == "results":
            return view.phase is Phase.GAME_OVER
        return True

    def action_page_history(self, direction: int) -> None:
        self.query_one("#history", HistoryPanel).page(direction)

    def action_act(self, name: str) -> None:
        self._do(name)

    def action_try(self, name: str) -> None:
        self._do(name)

    def _do(self, name: str) -> None:
        """Every control ends here: a key, its button, or the palette."""
        view = self.view
        if name in ACTIONS:
            self._bet(Action(ActionKind(name)))
        elif name in ("c", "b", "f"):
            self._bet(key_action(view, name))
        elif name.startswith("mark"):
            self._mark(int(name.removeprefix("mark")) - 1)
        elif name == "draw":
            self._draw()
        elif name in ("advice", "a"):
            self._advice()
        elif name in ("next", "results", "n") or (name == "enter" and view.phase not in RUNNING):
            self._next()
        elif name == "enter":
            if view.phase is Phase.DRAW:
                self._draw()
            else:
                self._say("Betting: c to check or call, b to bet or raise, f to fold.", error=True)

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
        if view.phase in RUNNING and not is_human_turn(view):
            self._say(waiting_for(view), error=True)
        else:
            self._play(action)

    def _mark(self, index: int) -> None:
        view = self.view
        marks, problem = toggle_mark(self.marks, index, view)
        if problem is not None:
            self._say(problem, error=True)
            return
        self.marks = marks
        self.problem = None
        self._render_hand(view)
        self._render_buttons(view)
        self._render_message(view)

    def _draw(self) -> None:
        view = self.view
        if view.phase is Phase.DRAW and not is_human_turn(view):
            self._say(waiting_for(view), error=True)
            return
        if view.phase is not Phase.DRAW:
            self._play(engine.Draw(()))  # the engine explains why not
            return
        move = draw_move(view, self.marks)
        before = set(view.hand)
        if not self._play(move):
            return
        drawn = [card for card in self.view.hand if card not in before]
        if move.discards and drawn:
            self._say(f"You threw away {faces(move.discards)} and drew {faces(drawn)}.")
        elif not move.discards:
            self._say("You stand pat.")

    def _next(self) -> None:
        view = self.view
        if view.phase is Phase.GAME_OVER:
            self._show_end()
        else:
            self._play(NextHand())

    def _play(self, move: engine.Move) -> bool:
        """Apply the human's move; on refusal show the engine's sentence."""
        try:
            state = engine.apply(self.state, move)
        except IllegalMove as problem:
            self._say(str(problem), error=True)
            return False
        self.marks = ()
        self.note = ""
        self._set_state(state)
        return True

    # ------------------------------------------------------------------ advice

    def _advice_available(self, view: View) -> bool:
        me = view.seats[HUMAN_SEAT]
        if view.phase is Phase.FIRST_BETTING:
            return me.in_hand and len(view.hand) == 5
        return can_mark(view) and len(view.hand) == 5

    def _advice(self) -> None:
        view = self.view
        if not self._advice_available(view):
            self._say(
                "Advice is about the draw: ask before you draw, while you hold five cards.",
                error=True,
            )
            return
        advice = ai.advise_discard(view)
        if advice.discard:
            head = f"Advice: throw away {faces(advice.discard)}."
        else:
            head = "Advice: stand pat."
        tail = ""
        if can_mark(view):
            self.marks = marks_for(view, advice.discard)
            self._render_hand(view)
            self._render_buttons(view)
            if advice.discard:
                tail = " They are marked."
        self._say(f"{head} {advice.why}{tail}")

    # ------------------------------------------------------------------ the CPU players

    def _set_state(self, state: State) -> None:
        self.state = state
        self.problem = None
        self._refresh_table()
        self._after_change()

    def _after_change(self) -> None:
        if self.state.phase is Phase.GAME_OVER:
            if not self._end_shown:
                self._end_shown = True
                self._show_end()
            return
        if not cpu_turn(self.state) or self._thinking is self.state:
            return
        delay = float(getattr(self.app, "cpu_delay", 0.0))
        if delay <= 0:
            state = self.state
            while cpu_turn(state):
                state = cpu_step(state)
            self._set_state(state)
            return
        self._thinking = self.state
        self._think(self.state, delay)

    @work(thread=True, exclusive=True, group="poker-cpu")
    def _think(self, state: State, delay: float) -> None:
        """Choose the CPU's move away from the event loop, then show it after the pause."""
        clock = self._clock()
        started = clock()
        after = cpu_step(state)
        if get_current_worker().is_cancelled:
            return
        rest = max(0.0, delay - (clock() - started))
        self.app.call_from_thread(self._cpu_ready, state, after, rest)

    def _clock(self) -> Callable[[], float]:
        clock = getattr(self.app, "clock", None)
        return clock if callable(clock) else time.monotonic

    def _cpu_ready(self, before: State, after: State, rest: float) -> None:
        if before is not self.state:
            return  # a new game started while it was thinking
        if rest > 0:
            self.set_timer(rest, lambda: self._cpu_moved(before, after))
        else:
            self._cpu_moved(before, after)

    def _cpu_moved(self, before: State, after: State) -> None:
        if before is not self.state:
            return
        self._thinking = None
        self._set_state(after)

    # ------------------------------------------------------------------ the end of a game

    def _show_end(self) -> None:
        state = self.state
        view = self.view
        if view.winner == HUMAN_SEAT:
            title = "You win the game!"
        elif state.chips[HUMAN_SEAT] == 0:
            title = "You are out of chips"
        else:
            title = "Game over"
        lines = ["Final standings:", *standings(view), f"Hands played: {state.hand_number}"]
        if view.result is not None:
            lines.append(f"Last hand: {view.result.text}.")
        self.app.push_screen(
            EndScreen(title, lines, [("again", "Play again"), ("menu", "Menu")], numbered=True),
            self._after_end,
        )

    def _after_end(self, choice: str | None) -> None:
        if choice == "again":
            self.new_game()
        elif choice == "menu":
            self.app.call_later(self._to_menu)

    def game_at_stake(self) -> bool:
        """q asks first once you have acted (or a later hand is dealt) and until game over."""
        state = self.state
        if state.phase is Phase.GAME_OVER:
            return False
        first_move = state.hand_number == 1 and state.phase is Phase.FIRST_BETTING
        return not first_move or state.acted[HUMAN_SEAT]

    def _to_menu(self) -> None:
        show_menu = getattr(self.app, "show_menu", None)
        if show_menu is not None:
            show_menu()

    def action_new_game(self) -> None:
        """A new game from the palette: asks first while a game is under way."""
        self.ask_before_discarding(self.new_game, question="Start a new game?",
                                   leave="Deal a new game")

    def new_game(self) -> None:
        """Deal a fresh game with the same number of CPUs and a new seed."""
        self.games += 1
        self._end_shown = False
        self._thinking = None
        self.marks = ()
        self.note = ""
        self.workers.cancel_group(self, "poker-cpu")
        self._set_state(self._new_state())
