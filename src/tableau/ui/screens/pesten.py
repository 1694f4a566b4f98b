"""The Pesten table for several people at one terminal.

The table (seats, pile, stock, pending effect, history) shows public facts only and is drawn
from ``public(view)``. A human's hand appears only after their password opened their lock;
it is emptied from the screen the moment their turn ends (at Done), and the next human's lock
appears.
CPU seats move by themselves after the runtime's ``cpu_delay``; their cards are never shown.
The turn flow is GameScreen's: every change ends in ``after_move()``.

Undo before the hand-off (the ruling): a play that ends a human's turn does not hand over at
once. The hand stays, with the played cards on the pile, until Done (Enter); Undo (u, the
button, the palette) takes the play back, and each earlier play of the same turn (after a 7).
The turn passes only at Done, whoever sits next, human or CPU: nothing moves before it, and
after it the play stays. Never undone: a draw, a take, a play that gave the player cards (a
penalty), nor the play that wins the round (the round ends at once); the play of a card just
drawn may be taken back, the draw stays. Keeping a drawn card or taking hands over as before
(new cards lit until Done).

A round in progress is autosaved after every turn, sealed (``sessions.pesten_saves``): every
hand, the stock and the seeds are encrypted under keys from the players' passwords, so no one
player can read from the file more than the table and their own hand show. That takes two or
more players with a password; any other round is not saved (the set-up says so before play),
and leaving it asks first. A move that shows the player new cards is saved before they show.
A finished round is recorded for the statistics with the players' names and kinds, the
winner, the points, the house rules and the match, never a card or the seed; between the
rounds of a match the finished round stays saved, so "Continue" deals the next one.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from collections.abc import Iterable
from dataclasses import replace
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
from textual.content import Content
from textual.markup import escape
from textual.timer import Timer
from textual.widgets import Button
from textual.widgets import ContentSwitcher
from textual.widgets import Footer
from textual.widgets import Header
from textual.widgets import Input
from textual.widgets import Static

from tableau.cards import AnyCard
from tableau.cards import Suit
from tableau.engines.pesten import Phase
from tableau.engines.pesten import State
from tableau.engines.pesten import View
from tableau.engines.pesten import match_over
from tableau.sessions.pesten import PENALTY_STAYS
from tableau.sessions.pesten import Answer
from tableau.sessions.pesten import CpuStep
from tableau.sessions.pesten import HotSeat
from tableau.sessions.pesten_saves import can_seal
from tableau.sessions.pesten_saves import sealed_data
from tableau.sessions.pesten_saves import title
from tableau.sessions.seeds import fresh_seed
from tableau.storage.lockouts import Lockouts
from tableau.storage.passwords import RETRY_DELAYS
from tableau.storage.passwords import SeatLock
from tableau.storage.passwords import Secret
from tableau.storage.store import GameRecord
from tableau.ui.controls.pesten import WRONG_PASSWORD
from tableau.ui.controls.pesten import arranged
from tableau.ui.controls.pesten import can_pass
from tableau.ui.controls.pesten import can_take
from tableau.ui.controls.pesten import clicked
from tableau.ui.controls.pesten import counts_points
from tableau.ui.controls.pesten import declared_last_card
from tableau.ui.controls.pesten import direction_text
from tableau.ui.controls.pesten import hand_title
from tableau.ui.controls.pesten import hint
from tableau.ui.controls.pesten import is_pointed
from tableau.ui.controls.pesten import lit
from tableau.ui.controls.pesten import on_enter
from tableau.ui.controls.pesten import only_draw
from tableau.ui.controls.pesten import only_keep
from tableau.ui.controls.pesten import pending_text
from tableau.ui.controls.pesten import plays
from tableau.ui.controls.pesten import public
from tableau.ui.controls.pesten import refusal
from tableau.ui.controls.pesten import round_details
from tableau.ui.controls.pesten import round_end
from tableau.ui.controls.pesten import seat_line
from tableau.ui.controls.pesten import seats_head
from tableau.ui.screens.base import ButtonActions
from tableau.ui.screens.base import GameScreen
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.screens.dialogs import SuitChooser
from tableau.ui.widgets.command_bar import MessageLine
from tableau.ui.widgets.hand import Hand
from tableau.ui.widgets.history import HistoryPanel
from tableau.ui.widgets.password import LockButton
from tableau.ui.widgets.password import PasswordInput
from tableau.ui.widgets.pesten_hand import PestenHand
from tableau.ui.widgets.pile import Pile
from tableau.ui.widgets.pile import StackPile


class RoundEndScreen(EndScreen):
    """A round's end: ``n`` deals the next round here too, as the table and its footer say."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('next')", "Next round", show=False),
    ]

    def action_choose(self, key: str) -> None:
        if any(choice == key for choice, _label in self.choices):
            self.dismiss(key)


class PestenScreen(ButtonActions, GameScreen, game="pesten"):
    """One round after another at one table, until the players go back to the menu."""

    SAVES_PROGRESS = True

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "play", "Play"),
        Binding("d", "draw", "Draw"),
        Binding("t", "take", "Take", show=False),
        Binding("p", "pass_turn", "Keep", show=False),
        Binding("l", "last_card", "Last card!"),
        Binding("escape", "escape", "Clear / leave", show=False),
        Binding("u", "undo", "Undo", show=False),
        Binding("n", "next_round", "Next round"),
    ]
    BUTTON_ACTIONS: ClassVar[dict[str, str]] = {
        "open": "unlock", "i-am": "i_am",
        "play": "play", "draw": "draw", "take": "take", "pass": "pass_turn",
        "last": "last_card", "done": "done", "undo": "undo",
    }

    def __init__(self, table: HotSeat, **_options: Any) -> None:
        super().__init__()
        self.table = table
        self.mode = "wait"
        """What the turn area shows: "lock", "hand" or "wait"."""
        self.revealed: int | None = None
        """The seat whose hand is on the screen, or None."""
        self.selected: list[int] = []
        """Indices into ``shown``, in the order they were selected (= play order)."""
        self.shown: tuple[AnyCard, ...] = ()
        self.last_armed = False
        self._retry_timer: Timer | None = None
        self._lockout_record: Lockouts | None = None
        self._news = ""
        """What the last move did, shown once the table is drawn (before any CPU turn)."""
        self.reviewing: tuple[tuple[AnyCard, ...], Counter[AnyCard], Callable[[], None]] | None
        self.reviewing = None
        """While new cards or a play that ended the turn are shown: the hand to show, the
        new cards, and what Done does."""
        self.played = False
        """The hand on show (``reviewing``) has just played: Undo may take the play back."""

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        with Container(id="main"):
            with Horizontal(id="table"):
                with Vertical(id="seats"):
                    yield Static("", id="seats-head", markup=False)
                    for seat in range(self.table.state.config.players):
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
                    with Horizontal(id="lock-row"):
                        yield Static("Password", id="unlock-label")
                        yield PasswordInput(
                            id="unlock", placeholder=PasswordInput.READY,
                            compact=True, max_length=200,
                        )
                        yield Button("Open", id="open", compact=True)
                        yield LockButton("I am …", id="i-am", compact=True, variant="primary")
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
        yield MessageLine("", id="message", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#unlock", Input).cursor_blink = self.runtime.cursor_blink
        self.game_began()
        self.after_move()

    def on_unmount(self) -> None:
        if self._retry_timer is not None:
            self._retry_timer.stop()

    # ------------------------------------------------------------------ the turn flow

    def position(self) -> object:
        return self.table.state

    def redraw(self) -> None:
        """Show what the table shows after every change: a lock, a hand, or a CPU's turn."""
        table = self.table
        seat = table.current
        if self.reviewing is not None and self.revealed is not None:
            # The player still holds the terminal (new cards, or Done/Undo after a play).
            self._set_mode("hand")
            self._render_table()
            self._render_hand()
        elif table.over:
            self._hide_hand()
            self._set_mode("wait")
            title, _lines = round_end(self._public_view())
            if table.match_over:
                wait = ("The match is over. The palette (ctrl+p) starts a new match; q goes "
                        "back to the menu.")
                said = f"{title} ctrl+p: new match; q: menu."
            else:
                wait = "The round is over. n deals the next round; q goes back to the menu."
                said = f"{title} Press n for the next round, q for the menu."
            self.query_one("#wait-text", Static).update(wait)
            self._render_table()
            self._message(said)
        elif not table.human_to_move:
            self._hide_hand()
            self._set_mode("wait")
            self._render_table()
            name = table.seats[seat].name
            self.query_one("#wait-text", Static).update(f"{name} (CPU) is thinking…")
        elif self.revealed == seat:
            self._set_mode("hand")
            self._render_table()
            self._render_hand()
        else:
            self._hide_hand()
            if table.must_unlock(seat):
                self._show_lock(seat)
            else:
                self._reveal(seat)
        if self._news:
            self._message(self._news)
            self._news = ""

    def end_dialog(self) -> EndScreen | None:
        if not self.table.over:
            return None
        title, lines = round_end(self._public_view())
        choices = [("new-match", "New match") if self.table.match_over
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
        """A CPU is to move and no human still holds the terminal (Done not yet pressed)."""
        return self.table.cpu_to_move and self.reviewing is None

    def cpu_choose(self, position: object) -> CpuStep:
        return self.table.cpu_choose()

    def cpu_play(self, position: object, step: object) -> None:
        if isinstance(step, CpuStep):
            self.table.cpu_play(step)

    def _set_mode(self, mode: str) -> None:
        self.mode = mode
        self.query_one("#turn", ContentSwitcher).current = mode

    # ------------------------------------------------------------------ the lock

    def _show_lock(self, seat: int) -> None:
        self._set_mode("lock")
        self._render_table()
        lock = self.table.seats[seat].lock
        name = self.table.seats[seat].name
        self.query_one("#lock-title", Static).update(f"Pass the terminal to {name}.")
        has_password = lock is not None and lock.has_password
        field = self.query_one("#unlock", Input)
        field.clear()
        field.display = has_password
        self.query_one("#unlock-label", Static).display = has_password
        self.query_one("#open", Button).display = has_password
        i_am = self.query_one("#i-am", LockButton)
        i_am.display = not has_password
        i_am.label = Content(f"I am {name}")  # a name is text, never markup
        if has_password:
            self.query_one("#lock-note", Static).update(
                f"{name}: type your password to see your cards. Everyone else, look away."
            )
            # Keys the last player typed after Done are not this player's password.
            self.query_one("#unlock", PasswordInput).deaf_until_shown()
            self._wait_or_ready(seat)
        else:
            self.query_one("#lock-note", Static).update(
                f"{name} has no password: press the button when you hold the terminal."
            )
            i_am.deaf_until_shown()  # an Enter typed after Done must not open this hand
            i_am.focus()

    def _lockouts(self) -> Lockouts:
        """The seats' waits after wrong passwords, kept across screens and restarts."""
        if self._lockout_record is None:
            delays = next((seat.lock.retry_delays for seat in self.table.seats
                           if seat.lock is not None), RETRY_DELAYS)
            self._lockout_record = Lockouts.at_home(delays)
        return self._lockout_record

    def _wait_or_ready(self, seat: int) -> bool:
        """Ready the field for the next try. While the seat still waits after wrong passwords
        (the wall clock and the kept record decide, so neither leaving the table nor a
        restart starts the wait over) say how long; a try until then is refused, uncounted.
        True when a try may be made now."""
        if self._retry_timer is not None:
            self._retry_timer.stop()
        self._retry_ready()
        left = self._lockouts().wait_left(self.table.table_id, seat, self.runtime.wall())
        if left <= 0:
            return True
        field = self.query_one("#unlock", PasswordInput)
        self._message(WRONG_PASSWORD + field.wrong(math.ceil(left)), error=True)
        self._retry_timer = self.set_timer(left, self._wait_over)
        return False

    def _wait_over(self) -> None:
        self._retry_ready()
        if self.mode == "lock":
            self._message(f"{WRONG_PASSWORD} You may try again.")

    def _retry_ready(self) -> None:
        self._retry_timer = None
        field = self.query_one("#unlock", PasswordInput)
        field.ready()
        if self.mode == "lock":
            field.focus()

    @on(PasswordInput.Submitted, "#unlock")
    def _unlock_submitted(self, event: PasswordInput.Submitted) -> None:
        event.stop()
        self.action_unlock()

    def action_i_am(self) -> None:
        """The "I am …" button: open a lock that has no password."""
        seat = self.table.current
        lock = self.table.seats[seat].lock
        if self.mode == "lock" and (lock is None or lock.verify("")):
            self._reveal(seat)

    def action_unlock(self) -> None:
        """Enter in the password field or the Open button: check the password."""
        if self.mode != "lock":
            return
        field = self.query_one("#unlock", PasswordInput)
        if field.disabled:
            return
        seat = self.table.current
        lock = self.table.seats[seat].lock
        typed_nothing = not field.value
        typed = field.take()
        if lock is None:
            self._reveal(seat)
            return
        if lock.has_password and not self._wait_or_ready(seat):
            return  # still waiting after wrong tries (the wall clock says so)
        if lock.has_password and typed_nothing:
            self._message(f"Type {self.table.seats[seat].name}'s password, then press Enter.")
            return
        # Argon2id takes a noticeable moment: check in a thread while the field says so. The
        # worker gets a one-shot Secret and its own description, so neither the worker (kept
        # after it ends) nor the debug log holds the password.
        field.checking()
        self._message("Checking the password…")
        self.run_worker(
            partial(self._verify_in_thread, lock, typed, seat),
            name="unlock", description=f"checking seat {seat + 1}'s password",
            thread=True, group="unlock", exit_on_error=False,
        )

    def _verify_in_thread(self, lock: SeatLock, typed: Secret, seat: int) -> None:
        opened = lock.verify(typed.reveal())
        self.app.call_from_thread(self._verified, seat, opened)

    def _verified(self, seat: int, opened: bool) -> None:
        if not self.is_attached:
            return
        field = self.query_one("#unlock", PasswordInput)
        if self.mode != "lock" or self.table.current != seat:
            return
        table_id = self.table.table_id
        if opened:
            self._lockouts().opened(table_id, seat)
            field.ready()
            self._message("")
            self._reveal(seat)
            return
        self._lockouts().wrong(table_id, seat, self.runtime.wall())
        if self._wait_or_ready(seat):
            self._message(WRONG_PASSWORD, error=True)

    def _reveal(self, seat: int) -> None:
        self.revealed = seat
        self.table.opened(seat)
        self.selected = []
        self.last_armed = False
        self._set_mode("hand")
        hand = self.query_one("#cards", PestenHand)
        hand.cursor = 0
        self._render_table()
        self._render_hand()
        view = self.table.view(seat)
        self._message(hint(view))
        # At once (not after a refresh), so keys typed right after Enter reach the hand.
        self.set_focus(self.query_one("#cards", PestenHand))

    def _hide_hand(self) -> None:
        """Take every card of the hand off the screen at once."""
        self.revealed = None
        self.selected = []
        self.shown = ()
        self.last_armed = False
        self.reviewing = None
        self.played = False
        self.query_one("#done", Button).display = False
        self.query_one("#undo", Button).display = False
        self.query_one("#cards", PestenHand).update(())
        self.query_one("#hand-title", Static).update("")

    # ------------------------------------------------------------------ drawing the table

    def _public_view(self) -> View:
        """What anybody at the table may see (the table is drawn from this alone)."""
        return public(self.table.view(self.table.current))

    def _render_table(self) -> None:
        view = self._public_view()
        marks = declared_last_card(view)
        self.set_class(counts_points(view), "-points")
        self.query_one("#seats-head", Static).update(seats_head(view))
        for seat, chair in enumerate(self.table.seats):
            widget = self.query_one(f"#seat-line-{seat}", Static)
            widget.update(seat_line(view, seat, human=chair.is_human, last=marks[seat]))
            widget.set_class(is_pointed(view, seat), "-current")
            widget.set_class(marks[seat], "-last")
        self.query_one("#direction", Static).update(
            f"Round {view.round} · {direction_text(view)}"
        )
        stock = self.query_one("#stock", StackPile)
        draw_offered = self.mode == "hand" and self._revealed_view_only_draws()
        stock.update(
            None, count=view.stock_count, face_up=False,
            target="legal" if draw_offered else None,
        )
        self.query_one("#discard", StackPile).update(view.top, count=view.pile_size)
        asked = ""
        if view.suit is not None:
            asked = f"Suit asked:\n{view.suit.glyph} {view.suit.noun}"
        self.query_one("#asked", Static).update(asked)
        pending = self.query_one("#pending", Static)
        pending.update(pending_text(view))
        pending.set_class(bool(view.stack), "-stack")
        history = self.query_one("#history", HistoryPanel)
        history.update(view.history)
        # The panel changes height between lock and hand: keep the newest line in view.
        self.call_after_refresh(history.scroll_end, animate=False)

    def _revealed_view_only_draws(self) -> bool:
        return self.revealed is not None and only_draw(self.table.view(self.revealed))

    # ------------------------------------------------------------------ drawing the hand

    def _render_hand(self) -> None:
        if self.revealed is None:
            return
        if self.reviewing is not None:
            self._render_review(*self.reviewing[:2])
            return
        view = self.table.view(self.revealed)
        self.shown = arranged(view.hand)
        legal, dimmed = lit(view, self.shown, self.selected)
        hand = self.query_one("#cards", PestenHand)
        hand.update(self.shown, marked=tuple(self.selected), legal=legal, dimmed=dimmed)
        self.query_one("#hand-title", Static).update(hand_title(view))
        draw_only = only_draw(view)
        can_play = bool(plays(view))
        self._button("play", can_play, lit=bool(self.selected))
        self._button("draw", draw_only, lit=draw_only)
        self._relabel("take", f"Take {view.stack} t" if view.stack else "Take t")
        self._button("take", can_take(view), lit=can_take(view) and not can_play)
        self._button("pass", can_pass(view), lit=only_keep(view))
        self._show_last_button(enabled=can_play)
        self._render_table()

    def _show_last_button(self, *, enabled: bool) -> None:
        """The Last card! button, with its ✓ while armed (a play disarms it)."""
        last = self._relabel("last", "Last card! ✓ l" if self.last_armed else "Last card! l")
        last.set_class(self.last_armed, "-armed")
        last.disabled = not enabled

    def _render_review(self, hand: tuple[AnyCard, ...], new: Counter[AnyCard]) -> None:
        self.shown = arranged(hand)
        fresh, left = set(), Counter(new)
        for index, card in enumerate(self.shown):
            if left[card]:
                left[card] -= 1
                fresh.add(index)
        self.query_one("#cards", PestenHand).update(self.shown, legal=fresh)
        assert self.revealed is not None
        name = self.table.seats[self.revealed].name
        note = "the new ones are lit" if new else "Done hands over"
        cards = f"{len(hand)} card{'' if len(hand) == 1 else 's'}"
        self.query_one("#hand-title", Static).update(f"{name}'s hand — {cards} ({note})")
        for button_id in ("play", "draw", "take", "pass"):
            self._button(button_id, False)
        self._show_last_button(enabled=False)
        self.query_one("#done", Button).display = True
        # Undo only while the play can be taken back (not after penalty cards were seen).
        self.query_one("#undo", Button).display = self.played and self.table.can_undo

    def _relabel(self, button_id: str, label: str) -> Button:
        """Give a button a new label and its width with it (a label alone only repaints)."""
        button = self.query_one(f"#{button_id}", Button)
        if str(button.label) != label:
            button.label = label
            button.refresh(layout=True)
        return button

    def _button(self, button_id: str, enabled: bool, *, lit: bool = False) -> None:
        button = self.query_one(f"#{button_id}", Button)
        button.disabled = not enabled
        button.set_class(lit and enabled, "-offered")

    # ------------------------------------------------------------------ selecting

    @on(Hand.Activated, "#cards")
    def _card_activated(self, event: Hand.Activated) -> None:
        event.stop()
        if not self._hand_open():
            return
        if event.index not in self.selected and self.revealed is not None:
            # Only lit cards are selected: any other is refused at once, with the reason.
            chosen = [self.shown[index] for index in self.selected]
            problem = refusal(self.table.view(self.revealed), chosen, self.shown[event.index])
            if problem is not None:
                self._message(problem, error=True)
                return
        self.selected, play_now = clicked(self.selected, event.index, event.chain)
        self._render_hand()
        if play_now:
            self.action_play()
        elif self.selected:
            faces = " ".join(self.shown[i].face for i in self.selected)
            self._message(f"Selected, in play order: {faces}. Enter plays.")

    @on(PestenHand.Dropped)
    def _card_dropped(self, event: PestenHand.Dropped) -> None:
        event.stop()
        if not self._hand_open() or event.target_id != "discard":
            return
        added = event.index not in self.selected
        if added:
            self.selected.append(event.index)
        before = self.table.state
        self.action_play()
        if added and self.table.state is before and event.index in self.selected:
            # Refused: the dragged card goes back to where it was, not into the selection.
            self.selected.remove(event.index)
            self._render_hand()

    @on(Pile.Clicked)
    def _pile_clicked(self, event: Pile.Clicked) -> None:
        event.stop()
        if event.pile_id == "stock":
            self.action_draw()
        elif event.pile_id == "discard" and self.selected:
            self.action_play()

    # ------------------------------------------------------------------ actions

    def _hand_open(self) -> bool:
        """A hand is on the screen to play from (not the lock, a CPU's turn or new cards)."""
        return self.mode == "hand" and self.reviewing is None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("play", "draw", "take", "pass_turn", "last_card"):
            return self.mode == "hand" and (self.reviewing is None or action == "play")
        if action == "next_round":
            return self.table.over and not self.table.match_over
        if action == "undo":
            return self.mode == "hand"
        return True

    def action_play(self) -> None:
        if self.reviewing is not None:
            self.action_done()
            return
        if self.mode != "hand" or self.revealed is None:
            return
        cursor = self.query_one("#cards", PestenHand).cursor
        means = on_enter(self.table.view(self.revealed), self.shown, self.selected, cursor)
        if means is None:
            return
        if isinstance(means, str):
            {"draw": self.action_draw, "pass_turn": self.action_pass_turn,
             "take": self.action_take}[means]()
            return
        cards = list(means)
        before = self.table.state
        self._answer(self.table.play(cards, last_card=self.last_armed), cards=cards,
                     before=before)

    def action_undo(self) -> None:
        """u, the Undo button or the palette: take back the open hand's last play (also one
        that ended the turn, until Done)."""
        if self.mode != "hand" or self.revealed is None:
            return
        if self.reviewing is not None and not self.played:
            return  # new cards are on show: nothing of this turn can be taken back
        answer = self.table.undo()
        if not answer.ok:
            self._message(answer.message, error=True)
            return
        self.reviewing = None
        self.played = False
        self.query_one("#done", Button).display = False
        self.query_one("#undo", Button).display = False
        self.selected = []
        self.last_armed = False
        self.after_move()
        self._message("Play taken back: it is your turn again. " + hint(
            self.table.view(self.revealed)))

    def _hand_move(self, move: Callable[[], Answer], *, take: bool = False) -> None:
        """Make ``move`` (a draw, take or pass) for the open hand and show the answer."""
        if not self._hand_open():
            return
        before = self.table.state  # before the move
        self._answer(move(), take=take, before=before)

    def action_draw(self) -> None:
        self._hand_move(self.table.draw)

    def action_take(self) -> None:
        self._hand_move(self.table.take, take=True)

    def action_pass_turn(self) -> None:
        self._hand_move(self.table.pass_turn)

    def action_last_card(self) -> None:
        if not self._hand_open():
            return
        self.last_armed = not self.last_armed
        self._render_hand()
        self._message(
            "Last card! is armed: it is called with your next play." if self.last_armed
            else "Last card! is no longer armed."
        )

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

    def record(self) -> GameRecord | None:
        """A round in progress: its sealed save. A round once it is over: who sat at the
        table and who won (nothing of a hand)."""
        state = self.table.state
        if not self.table.over:
            return self._sealed_record()
        if state.winner is None:
            return None
        config = state.config
        return GameRecord(
            "pesten", f"{config.players} players", None,
            {"players": config.players, "packs": config.packs, "jokers": config.jokers},
            started=self.runtime.wall() if self.began_at is None else self.began_at,
            moves=state.turns, duration=self.played_seconds(),
            details=round_details(self.table),
            result="finished",
            id=f"{self.game_id}/{state.round}",  # one end per round of the match
        )

    def _sealed_record(self) -> GameRecord | None:
        """The round as it stands, sealed: no card, stock order or seed in the clear (the
        config has no seed; the label and details name only the seats)."""
        table = self.table
        state = table.state
        if state.turns == 0 or not can_seal(table):
            return None  # nothing to keep before the first move, as in every game
        data = sealed_data(table)
        return GameRecord(
            "pesten", f"{state.config.players} players", None, data["public"]["config"],
            started=self.runtime.wall() if self.began_at is None else self.began_at,
            moves=state.turns, duration=self.played_seconds(),
            label=title(state.round, (seat.name for seat in table.seats)),
            details={"players": [seat.name for seat in table.seats],
                     "kinds": [seat.kind for seat in table.seats]},
            data=data,
        )

    resumed: GameRecord | None = None
    """The save this table was resumed from (set by the resume screen before it mounts)."""

    def game_began(self, began_at: float | None = None, played: float = 0.0,
                   game_id: str | None = None) -> None:
        """A resumed round goes on with its clock and its match's id; one resumed after its
        end was recorded already (it was saved between the rounds of a match)."""
        record, self.resumed = self.resumed, None
        if record is not None:
            began_at, played, game_id = record.started, record.duration, record.id
        super().game_began(began_at, played, game_id)
        if record is not None and self.table.over:
            self._end_kept = True

    def _keep_now(self) -> None:
        """Between the rounds of a match the finished round stays saved (after its record),
        so "Continue" deals the next round; once the match is over, nothing stays."""
        super()._keep_now()
        table = self.table
        if table.over and self._end_kept and not match_over(table.state):
            record = self._sealed_record()
            if record is not None:
                # No names in its details: the round counts once in the statistics, as the
                # finished round, even if this save is later abandoned.
                self.runtime.store.keep(replace(record, details={}), self.game_id)

    def game_at_stake(self) -> bool:
        """A round is under way: leaving (q, Escape, ctrl+q) asks first, as in every game."""
        return not self.table.over

    def leaving_keeps_game(self) -> bool:
        """Only a table that can be sealed is kept (two or more password holders): leaving
        any other round in progress asks first, since it is lost."""
        return super().leaving_keeps_game() and can_seal(self.table)

    def action_leave(self) -> None:
        """q: back to the menu. From an open hand always asks first (a stray q closes it, and
        playing on needs every password again); elsewhere only if the round would be lost."""
        question = {"question": "Leave the table?", "leave": "Leave to the menu",
                    "stay": "Stay and play on"}
        if self.mode == "hand" and not self.table.over:
            self._confirm(self.to_menu, note=self._leaving_note(), **question)
            return
        self.ask_before_leaving(self.to_menu, note=self._leaving_note(), **question)

    def _leaving_note(self) -> str:
        if not self.leaving_keeps_game():
            return "The round in progress cannot be saved, so it would be lost."
        if self.table.state.turns == 0:
            return "No move has been made yet, so this deal is not kept."
        return "Continue in the menu resumes the round; each player types their password again."

    def action_next_round(self) -> None:
        if self.table.over and not self.table.match_over:
            self._start_next_round()

    # ------------------------------------------------------------------ answers

    def _answer(
        self,
        answer: Answer,
        *,
        cards: list[AnyCard] | None = None,
        take: bool = False,
        before: State,
        reviewed: bool = False,
    ) -> None:
        """Show the engine's answer to a move asked for in the state ``before``."""
        if answer.needs_suit:
            # A joker stack's taker names the suit as they take (one engine step), so no
            # card is seen before it is theirs: Escape at the chooser leaves nothing known.
            self._ask_suit(cards=cards, take=take)
            return
        if not answer.ok:
            self._message(answer.message, error=True)
            return
        self._after_move(before, reviewed=reviewed, played=cards is not None)

    def _ask_suit(self, *, cards: list[AnyCard] | None, take: bool) -> None:
        text = "Your jack names the suit to go on with." if not take else (
            f"Name the suit to go on with; then you take the {self.table.state.stack} cards."
        )
        text += "\nKeys 1–4 or c d h s."
        self.app.push_screen(
            SuitChooser(text),
            lambda key: self._suit_chosen(key, cards=cards, take=take),
        )

    def _suit_chosen(
        self, key: str | None, *, cards: list[AnyCard] | None, take: bool
    ) -> None:
        if key is None:
            self._render_hand()
            self._message("No suit named; nothing happened. Choose again when ready.")
            return
        suit = Suit(key)
        before = self.table.state
        if take:
            answer = self.table.take(suit)
        else:
            answer = self.table.play(cards or [], last_card=self.last_armed, suit=suit)
        self._answer(answer, before=before, cards=None if take else cards)

    def _after_move(self, before: State, *, reviewed: bool = False, played: bool = False) -> None:
        """After a move: play on, or (once any new cards have been seen, and after a play
        once Done is pressed) hand over. The round's end comes at once."""
        seat = self.revealed
        self.selected = []
        self.last_armed = False
        state = self.table.state
        mine = [event.text for event in state.history[len(before.history):]]
        if seat is not None and Counter(state.hands[seat]) - Counter(before.hands[seat]):
            # Cards once seen are the player's: the move is saved before they show, so
            # quitting and Continue never land before it.
            self._keep_now()
        if seat is not None and self.table.current == seat and not self.table.over:
            self.after_move()
            view = self.table.view(seat)
            if view.phase is Phase.DRAWN and view.drawn is not None:
                # Enter plays the card under the cursor: put it on the card just drawn.
                self.query_one("#cards", PestenHand).cursor = self.shown.index(view.drawn)
            self._message(hint(view))
            return
        if seat is not None and not reviewed and not self.table.over:
            self._review(seat, before.hands[seat], state.hands[seat],
                         partial(self._hand_over, mine), played=played)
            return
        self._hand_over(mine)

    def _hand_over(self, news: list[str]) -> None:
        self._news = " ".join(news)
        self.after_move()

    # ------------------------------------------------------------------ new cards

    def _review(
        self,
        seat: int,
        hand_before: tuple[AnyCard, ...],
        hand_after: tuple[AnyCard, ...],
        then: Callable[[], None],
        *,
        played: bool = False,
    ) -> None:
        """Show the cards a move gave ``seat`` (taken, drawn or penalty cards), lit, until
        Done (Enter); then carry on with ``then``. After a play that ended the turn the hand
        stays too, with Undo. Otherwise carry on at once."""
        new = Counter(hand_after) - Counter(hand_before)
        if not new and not played:
            then()
            return
        self.reviewing = (hand_after, new, then)
        self.played = played
        self._set_mode("hand")
        self._render_table()
        self._render_hand()
        self.set_focus(self.query_one("#cards", PestenHand))
        faces = " ".join(card.face for card in arranged(list(new.elements())))
        if new:
            text = f"New in your hand: {faces}. Enter or Done when you have seen them."
            if played and not self.table.can_undo:
                text = f"{PENALTY_STAYS} {text}"  # why there is no Undo
        elif self.table.can_undo:
            text = "Enter or Done hands the turn over; u or Undo takes the play back."
        else:
            text = "Enter or Done hands the turn over."
        self._message(text)

    def action_done(self) -> None:
        if self.reviewing is None:
            return
        then = self.reviewing[2]
        self.reviewing = None
        self.played = False
        self.query_one("#done", Button).display = False
        self.query_one("#undo", Button).display = False
        self.table.hand_over()
        then()

    # ------------------------------------------------------------------ next round

    def _start_next_round(self) -> None:
        if not self.table.over or self.table.match_over:
            return
        self.table.next_round()
        self.game_began(game_id=self.game_id)  # the match goes on: one game in progress
        self._message(f"Round {self.table.state.round} is dealt.")
        self.after_move()

    def _new_match(self) -> None:
        """The same seats (and passwords) and rules, a fresh deal from a fresh seed."""
        if not self.table.match_over:
            return
        self.table = self.table.new_match(fresh_seed())
        self.game_began()
        self._message("A new match: round 1 is dealt.")
        self.after_move()

    # ------------------------------------------------------------------ messages

    def _message(self, text: str, *, error: bool = False) -> None:
        self.query_one("#message", MessageLine).show(text, error=error)

    def palette_commands(self) -> Iterable[SystemCommand]:
        """What a hot-seat table offers: undo of the open hand's own play, no variant after
        the deal (packs, jokers and house rules are chosen at set-up)."""
        if self.table.match_over:
            yield SystemCommand("New match", "The same seats and rules, a new deal",
                                self._new_match)
        elif self.table.over:
            yield SystemCommand("Next round", "Deal the next round", self._start_next_round)
        if self.mode == "hand" and self.table.can_undo:
            yield SystemCommand("Undo", "Take back your last play (before Done)",
                                self.action_undo)
        yield SystemCommand(
            "Rules and controls", "Pesten's rules, rulings and keys",
            partial(self.app.run_action, "help"),
        )
        yield SystemCommand(
            "Leave the table", "Back to the menu (asks first during a round)", self.action_leave
        )
