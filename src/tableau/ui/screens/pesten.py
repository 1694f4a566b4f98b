"""The Pesten table for several people at one terminal.

The screen only draws the session (``tableau.sessions.pesten``) and turns keys and clicks
into its moves: the session owns the hand-over (whose lock shows, the open hand, the hand
kept on show until Done, undo before it, rounds and matches). The screen keeps what is
visual: which panel shows, the selection, the cursor, and the Last card! toggle that goes
with the next play.

The table (seats, pile, stock, pending effect, history) shows public facts only and is drawn
from ``public(view)`` (``pesten_drawing``). A human's hand appears only after their password
opened their lock (``SeatLock``); it is emptied from the screen the moment their turn ends
(at Done), and the next human's lock appears. CPU seats move by themselves after the
runtime's ``cpu_delay``; their cards are never shown. The turn flow is GameScreen's: every
change ends in ``after_move()``.

Undo before the hand-off (the ruling): a play that ends a human's turn does not hand over at
once. The hand stays, with the played cards on the pile, until Done (Enter); Undo (u, the
button, the palette) takes the play back, and each earlier play of the same turn (after a 7).
The turn passes only at Done, whoever sits next, human or CPU: nothing moves before it, and
after it the play stays. Never undone: a draw, a take, a play that gave the player cards (a
penalty), nor the play that wins the round (the round ends at once); the play of a card just
drawn may be taken back, the draw stays. Keeping a drawn card or taking hands over as before
(new cards lit until Done).

Saving (``pesten_keeping``): a move that shows the player new cards is saved before they show.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import partial
from typing import Any
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.app import SystemCommand
from textual.binding import Binding
from textual.binding import BindingType
from textual.containers import Container
from textual.containers import Horizontal
from textual.containers import Vertical
from textual.markup import escape
from textual.widgets import Button
from textual.widgets import ContentSwitcher
from textual.widgets import Static

from tableau.cards import AnyCard
from tableau.engines.pesten import Move
from tableau.engines.pesten import Phase
from tableau.engines.pesten.wording import describe
from tableau.sessions.pesten import DONE
from tableau.sessions.pesten import NEW_MATCH
from tableau.sessions.pesten import NEXT_ROUND
from tableau.sessions.pesten import OPEN
from tableau.sessions.pesten import PENALTY_STAYS
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Stage
from tableau.sessions.protocol import CpuStep
from tableau.storage.store import GameRecord
from tableau.ui.controls.pesten import NEWS_SEPARATOR
from tableau.ui.controls.pesten import WRONG_PASSWORD
from tableau.ui.controls.pesten import arranged
from tableau.ui.controls.pesten import hint
from tableau.ui.controls.pesten import round_end
from tableau.ui.screens.base import ButtonActions
from tableau.ui.screens.base import GameScreen
from tableau.ui.screens.base import TableauScreen
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.screens.pesten_drawing import PestenDrawing
from tableau.ui.screens.pesten_input import PestenInput
from tableau.ui.screens.pesten_keeping import PestenKeeping
from tableau.ui.widgets.command_bar import MessageLine
from tableau.ui.widgets.command_bar import screen_foot
from tableau.ui.widgets.header import TitleHeader
from tableau.ui.widgets.history import HistoryPanel
from tableau.ui.widgets.narrow import NarrowLayout
from tableau.ui.widgets.pesten_hand import PestenHand
from tableau.ui.widgets.pile import StackPile
from tableau.ui.widgets.seat_lock import SeatLock


class RoundEndScreen(EndScreen):
    """A round's end: ``n`` deals the next round here too, as the table and its footer say."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('next')", "Next round", show=False),
    ]

    def action_choose(self, key: str) -> None:
        if any(choice == key for choice, _label in self.choices):
            self.dismiss(key)


class PestenScreen(NarrowLayout, PestenInput, PestenKeeping, PestenDrawing, ButtonActions,
                   GameScreen, game="pesten"):
    """One round after another at one table, until the players go back to the menu."""

    SAVES_PROGRESS = True

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "play", "Play"),
        Binding("enter", "done", "Done"),  # the footer says what Enter means now
        Binding("d", "draw", "Draw"),
        Binding("t", "take", "Take", show=False),
        Binding("p", "pass_turn", "Keep", show=False),
        Binding("l", "last_card", "Last card!"),
        Binding("escape", "escape", "Clear / leave", show=False),
        Binding("u", "undo", "Undo", show=False),
        Binding("n", "next_round", "Next round"),
    ]
    BUTTON_ACTIONS: ClassVar[dict[str, str]] = {
        "play": "play", "draw": "draw", "take": "take", "pass": "pass_turn",
        "last": "last_card", "done": "done", "undo": "undo",
    }

    def __init__(self, session: PestenSession, **_options: Any) -> None:
        super().__init__()
        self.session = session
        self.mode = "wait"
        """Which panel the turn area shows: "lock", "hand" or "wait"."""
        self.selected: list[int] = []
        """Indices into ``shown``, in the order they were selected (= play order)."""
        self.shown: tuple[AnyCard, ...] = ()
        self.last_armed = False
        """Last card! is called with the next play (the toggle goes with the play)."""
        self._drawn_seat: int | None = None
        """The seat whose hand the screen shows (a new one starts with the cursor at 0)."""
        self._news = ""
        """What the last move did, shown once the table is drawn (before any CPU turn)."""
        self._news_at_done = ""
        """What the move of a hand on show did, shown once Done hands over."""

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield TitleHeader(icon="♠")
        with Container(id="main"):
            with Horizontal(id="table"):
                with Vertical(id="seats"):
                    yield Static("", id="seats-head", markup=False)
                    for seat in range(self.session.state.config.players):
                        yield Static("", id=f"seat-line-{seat}", classes="seat-line", markup=False)
                    yield Static("", id="direction", markup=False)
                yield StackPile("stock", "Stock", show_count=True, id="stock")
                yield StackPile("discard", "Discard", show_count=True, id="discard")
                with Vertical(id="info"):
                    yield Static("", id="asked", markup=False)
            yield Static("", id="pending", markup=False)
            yield HistoryPanel("History", id="history")
            with ContentSwitcher(initial="lock", id="turn"):
                with Vertical(id="lock"):
                    yield Static("", id="lock-title", markup=False)
                    yield SeatLock(field_id="unlock", wrong=WRONG_PASSWORD,
                                   ready_note="You may try again.", id="lock-row")
                    yield Static("", id="lock-note", markup=False)
                with Vertical(id="hand"):
                    yield Static("", id="hand-title", markup=False)
                    yield PestenHand(id="cards")
                    with Horizontal(id="actions"):
                        yield Button("Play ⏎", id="play", compact=True)
                        yield Button("Draw d", id="draw", compact=True)
                        yield Button("Take t", id="take", compact=True)
                        yield Button("Keep p", id="pass", compact=True)
                        yield Button("Last card! l", id="last", compact=True)
                        yield Button("Done ⏎", id="done", compact=True, classes="-offered")
                        yield Button("Undo u", id="undo", compact=True)
                with Vertical(id="wait"):
                    yield Static("", id="wait-text", markup=False)
        yield from screen_foot()

    def on_mount(self) -> None:
        super().on_mount()
        self.game_began()
        self.after_move()

    # ------------------------------------------------------------------ the turn flow

    def position(self) -> object:
        return self.session.state

    def redraw(self) -> None:
        """Show what the session shows after every change: a lock, a hand, or a wait."""
        session = self.session
        stage = session.stage
        seat = session.revealed
        if seat is not None and seat != self._drawn_seat:
            self._reveal(seat)
        elif seat is not None:
            self._set_mode("hand")
            self._render_table()
            self._render_hand()
        elif stage is Stage.OVER:
            self._hide_hand()
            self._set_mode("wait")
            title, _lines = round_end(self._public_view())
            if session.match_over:
                wait = ("The match is over. The palette (ctrl+p) starts a new match; q goes "
                        "back to the menu.")
                said = f"{title} ctrl+p: new match; q: menu."
            else:
                wait = "The round is over. n deals the next round; q goes back to the menu."
                said = f"{title} Press n for the next round, q for the menu."
            self.query_one("#wait-text", Static).update(wait)
            self._render_table()
            self._message(said)
        elif stage is Stage.CPU:
            self._hide_hand()
            self._set_mode("wait")
            self._render_table()
            name = session.chairs[session.state.current].name
            self.query_one("#wait-text", Static).update(f"{name} (CPU) is thinking…")
        else:
            self._hide_hand()
            self._show_lock(session.state.current)
        if self._news:
            self._message(self._news)
            self._news = ""

    def end_dialog(self) -> EndScreen | None:
        if not self.session.over:
            return None
        title, lines = round_end(self._public_view())
        choices = [("new-match", "New match") if self.session.match_over
                   else ("next", "Next round"), ("menu", "Menu")]
        return RoundEndScreen(escape(title), [escape(line) for line in lines], choices)

    def end_chosen(self, choice: str | None) -> None:
        if choice == "next":
            self._start_next_round()
        elif choice == "new-match":
            self._new_match()
        else:
            super().end_chosen(choice)

    def cpu_to_move(self) -> bool:
        """A CPU is to move (never while a human still holds the terminal before Done)."""
        return self.session.cpu_to_move

    def cpu_choose(self, position: object) -> CpuStep[Any] | None:
        return self.session.cpu_step()

    def cpu_play(self, position: object, step: object) -> None:
        if isinstance(step, CpuStep):
            self.session.play_cpu(step)

    def _set_mode(self, mode: str) -> None:
        self.mode = mode
        self.query_one("#turn", ContentSwitcher).current = mode
        self.refresh_bindings()  # the footer says what Enter means now: Play, or Done
        if mode != "lock":
            self.query_one(SeatLock).hide()

    # ------------------------------------------------------------------ the lock

    def _show_lock(self, seat: int) -> None:
        self._set_mode("lock")
        self._render_table()
        chair = self.session.chairs[seat]
        name = chair.name
        self.query_one("#lock-title", Static).update(f"Pass the terminal to {name}.")
        lock = self.query_one(SeatLock)
        # Keys the last player typed after Done are not this player's password.
        lock.show(seat, chair.lock, self.session.table_id, deaf=True)
        if chair.lock is None:
            lock.named(name)
        self.query_one("#lock-note", Static).update(
            f"{name}: type your password to see your cards. Everyone else, look away."
            if lock.has_password else
            f"{name} has no password: press the button when you hold the terminal."
        )

    @on(SeatLock.Said)
    def _lock_said(self, event: SeatLock.Said) -> None:
        event.stop()
        if self.mode == "lock":
            self._message(event.text, error=event.error)

    @on(SeatLock.Opened)
    def _lock_opened(self, event: SeatLock.Opened) -> None:
        event.stop()
        if self.session.act(event.seat, OPEN).ok:
            self._reveal(event.seat)

    def _reveal(self, seat: int) -> None:
        """A hand newly on the screen: nothing selected, the cursor on its first card."""
        self._drawn_seat = seat
        self.selected = []
        self.last_armed = False
        self._set_mode("hand")
        hand = self.query_one("#cards", PestenHand)
        hand.cursor = 0
        self._render_table()
        self._render_hand()
        self._message(hint(self.session.view(seat)))
        # At once (not after a refresh), so keys typed right after Enter reach the hand.
        self.set_focus(self.query_one("#cards", PestenHand))

    def _hide_hand(self) -> None:
        """Take every card of the hand off the screen at once."""
        self._drawn_seat = None
        self.selected = []
        self.shown = ()
        self.last_armed = False
        self._show_done(False)
        self.query_one("#cards", PestenHand).update(())
        self.query_one("#hand-title", Static).update("")

    # ------------------------------------------------------------------ selecting

    # ------------------------------------------------------------------ actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("play", "draw", "take", "pass_turn", "last_card"):
            return self.mode == "hand" and self.session.review is None
        if action == "done":
            return self.mode == "hand" and self.session.review is not None
        if action == "next_round":
            return self.session.over and not self.session.match_over
        if action == "undo":
            return self.mode == "hand"
        return True

    def action_undo(self) -> None:
        """u, the Undo button or the palette: take back the open hand's last play (also one
        that ended the turn, until Done)."""
        session = self.session
        seat = session.revealed
        if self.mode != "hand" or seat is None:
            return
        if session.review is not None and not session.review.played:
            return  # new cards are on show: nothing of this turn can be taken back
        answer = session.undo()
        if not answer.ok:
            self._message(answer.refusal or "", error=True)
            return
        self._news_at_done = ""
        self.selected = []
        self.last_armed = False
        self.after_move()
        self._message("Play taken back: it is your turn again. " + hint(session.view(seat)))

    def action_escape(self) -> None:
        """Escape clears a selection; in an open hand with nothing selected it does nothing
        (q leaves, asking first); at the lock it offers to leave (the lock's way out)."""
        if self.mode == "hand":
            if self.selected:
                self.selected = []
                self._render_hand()
                self._message("Selection cleared.")
            return
        self.action_leave()

    def action_leave(self) -> None:
        """q: back to the menu. From an open hand always asks first (a stray q closes it, and
        playing on needs every password again); elsewhere only if the round would be lost."""
        question = {"question": "Leave the table?", "leave": "Leave to the menu",
                    "stay": "Stay and play on"}
        if self.mode == "hand" and not self.session.over:
            self._confirm(self.to_menu, note=self._leaving_note(), **question)
            return
        self.ask_before_leaving(self.to_menu, note=self._leaving_note(), **question)

    def action_next_round(self) -> None:
        self._start_next_round()

    # ------------------------------------------------------------------ answers

    def _act(self, move: Move) -> None:
        """Ask the session to make ``move`` for the open hand, and show its answer."""
        session = self.session
        seat = session.revealed
        if seat is None:
            return
        before = session.state
        answer = session.act(seat, move)
        if answer.needs == "suit":
            # A joker stack's taker names the suit as they take (one engine step), so no
            # card is seen before it is theirs: Escape at the chooser leaves nothing known.
            self._ask_suit(move)
            return
        if not answer.ok:
            self._message(answer.refusal or "", error=True)
            return
        self.selected = []
        self.last_armed = False
        news = NEWS_SEPARATOR.join(describe(event, seat) for event in answer.events)
        if Counter(session.state.hands[seat]) - Counter(before.hands[seat]):
            # Cards once seen are the player's: the move is saved before they show, so
            # quitting and Continue never land before it.
            self._keep_now()
        if session.stage is Stage.HAND and session.revealed == seat:
            self.after_move()
            view = session.view(seat)
            if view.phase is Phase.DRAWN and view.drawn is not None:
                # Enter plays the card under the cursor: put it on the card just drawn.
                self.query_one("#cards", PestenHand).cursor = self.shown.index(view.drawn)
            self._message(hint(view))
        elif session.review is not None:
            self._news_at_done = news
            self._show_review()
        else:
            self._news = news
            self.after_move()

    # ------------------------------------------------------------------ the hand on show

    def _show_review(self) -> None:
        """The turn has passed, but the hand stays until Done (Enter): the cards the move
        gave it lit, or after a play that ended the turn, with Undo."""
        review = self.session.review
        assert review is not None
        self._set_mode("hand")
        self._render_table()
        self._render_hand()
        self.set_focus(self.query_one("#cards", PestenHand))
        faces = " ".join(card.face for card in arranged(list(review.new)))
        if review.new:
            text = f"New in your hand: {faces}. Enter or Done when you have seen them."
            if review.played and not self.session.can_undo:
                text = f"{PENALTY_STAYS} {text}"  # why there is no Undo
        elif self.session.can_undo:
            text = "Enter or Done hands the turn over; u or Undo takes the play back."
        else:
            text = "Enter or Done hands the turn over."
        self._message(text)

    def action_done(self) -> None:
        session = self.session
        if session.review is None or session.to_move is None:
            return
        self._show_done(False)
        session.act(session.to_move, DONE)
        self._news, self._news_at_done = self._news_at_done, ""
        self.after_move()

    # ------------------------------------------------------------------ rounds and matches

    def _start_next_round(self) -> None:
        session = self.session
        if session.to_move is None or not session.act(session.to_move, NEXT_ROUND).ok:
            return
        self.game_began(game_id=self.game_id)  # the match goes on: one game in progress
        self._message(f"Round {session.state.round} is dealt.")
        self.after_move()

    def _new_match(self) -> None:
        """The same seats (and passwords) and rules, a fresh deal from a fresh seed."""
        session = self.session
        if session.to_move is None or not session.act(session.to_move, NEW_MATCH).ok:
            return
        self.game_began()
        self._message("A new match: round 1 is dealt.")
        self.after_move()

    # ------------------------------------------------------------------ messages

    def _message(self, text: str, *, error: bool = False) -> None:
        self.query_one("#message", MessageLine).show(text, error=error)

    def palette_commands(self) -> Iterable[SystemCommand]:
        """What a hot-seat table offers: undo of the open hand's own play, no variant after
        the deal (packs, jokers and house rules are chosen at set-up)."""
        if self.session.match_over:
            yield SystemCommand("New match", "The same seats and rules, a new deal",
                                self._new_match)
        elif self.session.over:
            yield SystemCommand("Next round", "Deal the next round", self._start_next_round)
        if self.mode == "hand" and self.session.can_undo:
            yield SystemCommand("Undo", "Take back your last play (before Done)",
                                self.action_undo)
        yield SystemCommand(
            "Rules and controls", "Pesten's rules, rulings and keys",
            partial(self.app.run_action, "help"),
        )
        yield SystemCommand(
            "Leave the table", "Back to the menu (asks first during a round)", self.action_leave
        )


# ---------------------------------------------------------------- how the app opens Pesten
# (the convention of tableau.ui.games): its own set-up first, and a save opens behind its lock.


def open_game(options: dict[str, Any]) -> GameScreen:
    from tableau.ui.screens.pesten_setup import open_pesten

    return open_pesten(options)


def resume_game(record: GameRecord, options: dict[str, Any]) -> TableauScreen:
    from tableau.ui.screens.pesten_unseal import PestenUnsealScreen

    return PestenUnsealScreen(record)
