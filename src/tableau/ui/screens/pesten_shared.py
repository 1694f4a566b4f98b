"""A remote seat at a shared Pesten table: the table as one friend sees it at their own screen.

The screen is the hot-seat table (``PestenScreen``: its panels, keys, clicks and drags)
drawn for one seat: that seat's hand shows at once and stays (no lock, no hand-over), and
only its cards; every other seat is the public table, kept live by ``live_table.LiveTable``
(another screen's change shows within a tenth of a second; the CPUs move under the table's
lease). When the turn comes the terminal bell rings once and the
screen says "Your turn." A move is one transaction at the table: refused with a sentence when
the table moved on since. A closed table, or a seat taken back at another screen, is said in
one sentence and the menu follows. Leaving (q) leaves the seat waiting ("away") for its
player's password.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Mapping
from contextlib import suppress
from functools import partial
from typing import Any
from typing import ClassVar
from typing import cast

from textual.app import SystemCommand
from textual.binding import Binding
from textual.binding import BindingType
from textual.widgets import Static

from tableau.engines.pesten import MAX_NAME_LENGTH
from tableau.engines.pesten import Move
from tableau.engines.pesten import View
from tableau.engines.pesten.wording import describe
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Stage
from tableau.storage.passwords import SeatLock as PasswordLock
from tableau.storage.store import GameRecord
from tableau.storage.table_store import TableProblem
from tableau.tables.pesten_table import TableSession
from tableau.tables.shared_table import LOST
from tableau.tables.shared_table import SCREEN_GONE
from tableau.tables.shared_table import SharedTable
from tableau.tables.waits import away_waited_for
from tableau.tables.waits import end_wait
from tableau.tables.waits import waiting_for
from tableau.ui.controls.pesten import NEWS_SEPARATOR
from tableau.ui.controls.pesten import hand_title
from tableau.ui.controls.pesten import hint
from tableau.ui.controls.pesten import public
from tableau.ui.controls.pesten import round_end
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.screens.live_table import LiveTable
from tableau.ui.screens.pesten import PestenScreen
from tableau.ui.widgets.pesten_hand import PestenHand

AWAY = " (away)"
YOUR_TURN = "Your turn."


def with_away(view: View, away: frozenset[int]) -> View:
    """``view`` with "(away)" beside the name of each away seat (the seat list draws it)."""
    room = MAX_NAME_LENGTH - len(AWAY)
    return view._replace(names=tuple(name[:room] + AWAY if seat in away else name
                                     for seat, name in enumerate(view.names)))


class SeatSession(TableSession):
    """The table for a remote seat's screen: its hand is always the one revealed, and there
    is nothing to review or undo (its plays stay: the whole table saw them)."""

    review = None
    can_undo = False

    @property
    def revealed(self) -> int | None:
        return self.shared.seat


class LiveTableScreen(LiveTable, PestenScreen):
    """The Pesten table live (``LiveTable``): both screens of a shared Pesten table. Each
    offers c, "Let a CPU play", while the table waits for an away player this screen may
    let a CPU play for (``SharedTable.may_let_cpu_play``: the opener's screen, or any seated
    one once the opener's screen is gone)."""

    SAVES_PROGRESS = False
    NEWS_SEPARATOR = NEWS_SEPARATOR
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "let_cpu_play", "Let a CPU play"),
    ]

    def __init__(self, shared: SharedTable, session: TableSession, **options: Any) -> None:
        super().__init__(cast(PestenSession, session), **options)
        self._live_init(shared)
        self._gone = False
        self._offer: int | None = None
        """The away player's seat a CPU may play for now, as last drawn."""

    def _look(self) -> None:
        if self._gone:
            return
        super()._look()
        if self.is_attached and not self._gone and self._stand_in_offer() != self._offer:
            self.redraw()  # a player who left has now been away long enough, or is back

    def _leave_with(self, sentence: str) -> None:
        self._gone = True
        super()._leave_with(sentence)

    def _seats_changed(self) -> None:
        self.redraw()  # the wait may now offer a CPU for an away player, or no more

    # ------------------------------------------------------------------ an away player

    def _stand_in_offer(self) -> int | None:
        """The away player's seat the table waits for, if this screen may let a CPU play
        for them now (they have been away for ``AWAY_AFTER`` seconds)."""
        session = self.shared.session
        seat = session.state.current
        if session.stage is Stage.REMOTE and self.shared.may_let_cpu_play(seat):
            return seat
        return None

    def _offer_line(self, *, short: bool = False) -> str:
        """The offer of c as drawn now (and remembered, so a change redraws)."""
        seat = self._offer = self._stand_in_offer()
        if seat is None:
            return ""
        name = self.shared.session.chairs[seat].name
        if short:
            return f" c: a CPU plays for {name}."
        return f" Press c to let a CPU play for {name} until they come back."

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "let_cpu_play":
            return self._stand_in_offer() is not None
        return super().check_action(action, parameters)

    def action_let_cpu_play(self) -> None:
        """c or the palette: a careful CPU plays the away player's seat until they are back
        (they keep their name and hand, and take the seat back with their password)."""
        seat = self._stand_in_offer()
        if seat is None:
            return
        answer = self.shared.let_cpu_play(seat)
        if not answer.ok:
            self._message(answer.refusal or "", error=True)
            return
        self._moved_now()
        self._news = self.NEWS_SEPARATOR.join(self.shared.news(self._news_viewer())[-2:])
        self.after_move()

    def _cpu_command(self) -> Iterable[SystemCommand]:
        seat = self._stand_in_offer()
        if seat is not None:
            name = self.shared.session.chairs[seat].name
            yield SystemCommand(f"Let a CPU play for {name}",
                                f"{name} is away; they take the seat back when they return",
                                self.action_let_cpu_play)


class RemoteSeatScreen(LiveTableScreen):
    """One remote seat's table. It owns the table's store and closes it when it goes."""

    CSS_PATH: ClassVar[Any] = ["pesten.tcss", "pesten_shared.tcss"]

    def __init__(self, shared: SharedTable, **options: Any) -> None:
        super().__init__(shared, SeatSession(shared), **options)
        self._my_turn = False
        """The turn was this seat's at the last look (the bell rings as it comes)."""

    @property
    def seat(self) -> int:
        seat = self.shared.seat
        assert seat is not None
        return seat

    def on_mount(self) -> None:
        # Textual calls LiveTableScreen's and PestenScreen's on_mount after this one.
        self.sub_title = f"table {self.shared.code}"

    def on_unmount(self) -> None:
        # Textual calls GameScreen's on_unmount too. The seat waits for its password.
        with suppress(TableProblem):  # the table or its file is gone: away anyway
            self.shared.leave()
        self.shared.store.close()

    # ------------------------------------------------------------------ the live table

    def _left_the_table(self) -> bool:
        if self.shared.closed:
            self._leave_with(f"The table {self.shared.code} is closed. Thank you for playing.")
        elif self.shared.lost:
            self._leave_with(LOST)
        return self._gone

    # ------------------------------------------------------------------ drawing

    def redraw(self) -> None:
        """This seat's hand always, the public table, and whose turn it is; at the round's
        end the scores, until the opener deals the next round."""
        shared = self.shared
        shared.news(self.seat)  # what is drawn now is news no more
        my_turn = shared.my_turn()
        self._offer = self._stand_in_offer()
        if self.session.stage is Stage.OVER:
            self._show_round_end()
        else:
            self._show_hand(my_turn)
        if my_turn and not self._my_turn:
            self.app.bell()
            said = hint(self.session.view(self.seat))  # it may begin with "Your turn" already
            self._message(said if said.startswith("Your turn") else f"{YOUR_TURN} {said}")
        elif self._news:
            self._message(self._news)
        self._news = ""
        self._my_turn = my_turn
        self.refresh_bindings()  # the footer offers the turn's keys only on this seat's turn

    def _show_hand(self, my_turn: bool) -> None:
        if self._drawn_seat != self.seat:  # a new round, or the first look
            self._drawn_seat = self.seat
            self._set_mode("hand")
            self.query_one("#cards", PestenHand).cursor = 0
            self.call_after_refresh(self.set_focus, self.query_one("#cards", PestenHand))
        if not my_turn or not self._my_turn:
            self.selected, self.last_armed = [], False
        self._render_hand()
        view = self.session.view(self.seat)
        self.query_one("#hand-title", Static).update(f"{hand_title(view)} · {self._status()}")

    def _show_round_end(self) -> None:
        self._hide_hand()
        self._set_mode("wait")
        self._render_table()
        title, lines = round_end(self._public_view())
        self.query_one("#wait-text", Static).update(
            "\n".join((title, *lines, end_wait(self.shared, "the next round"))))

    def _status(self) -> str:
        """Whom the table waits for, in a few words (and c, when this screen may let a CPU
        play for an away player)."""
        session, shared = self.shared.session, self.shared
        if shared.my_turn():
            return YOUR_TURN
        if session.stage is Stage.OVER:
            return "The round is over."
        return (waiting_for(shared, session.state.current, short=True)
                + self._offer_line(short=True))

    def _public_view(self) -> View:
        """The public table as this seat sees it, with "(away)" beside an away seat's name."""
        return with_away(public(self.session.view(self.seat)), away_waited_for(self.shared))

    # ------------------------------------------------------------------ moves

    def _hand_open(self) -> bool:
        return self.shared.my_turn()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("play", "draw", "take", "pass_turn", "last_card"):
            return self.shared.my_turn()
        if action == "let_cpu_play":
            return super().check_action(action, parameters)
        return action not in ("next_round", "undo", "done")

    def _act(self, move: Move) -> None:
        """``move`` made at the table for this seat, and its answer shown."""
        if not self.shared.my_turn():
            return
        seat = self.seat
        answer = self.shared.act(seat, move)
        if answer.needs == "suit":
            self._ask_suit(move)
            return
        if not answer.ok:
            self.after_move()
            self._message(answer.refusal or "", error=True)
            return
        self.selected, self.last_armed = [], False
        self._moved_now()
        self._news = NEWS_SEPARATOR.join(describe(event, seat) for event in answer.events)
        self._my_turn = False  # a turn that goes on (a seven, a draw) is said again
        self.after_move()

    # ------------------------------------------------------------------ what is not here

    def cpu_to_move(self) -> bool:
        return False  # the CPUs move at the table, under its lease (``_look``)

    def end_dialog(self) -> EndScreen | None:
        return None  # the round's end is said on the message line; the opener deals on

    def record(self) -> GameRecord | None:
        return None

    def game_at_stake(self) -> bool:
        return False

    def action_leave(self) -> None:
        """q: back to the menu; the seat waits for this player (asked first in a round)."""
        note = f"Your seat waits for you: tableau join {self.shared.code}, with your password."
        question = {"question": "Leave the table?", "leave": "Leave to the menu",
                    "stay": "Stay and play on"}
        if self.session.stage is Stage.OVER:
            self.to_menu()
        else:
            self._confirm(self.to_menu, note=note, **question)

    def action_undo(self) -> None:
        return None

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand("Rules and controls", "Pesten's rules, rulings and keys",
                            partial(self.app.run_action, "help"))
        yield from self._cpu_command()
        yield SystemCommand("Leave the table", "Back to the menu; your seat waits for you",
                            self.action_leave)


class HostTableScreen(LiveTableScreen):
    """The opener's table: its hot seats play exactly as at one screen (a lock between two
    of them), the friends' seats and the CPUs move at the table, and the code is on show.
    Leaving closes the table (nobody deals on), asked first; it owns the table's store."""

    def __init__(self, shared: SharedTable, locks: Mapping[int, PasswordLock],
                 **options: Any) -> None:
        super().__init__(shared, TableSession(shared, locks), **options)
        self._position_key: tuple[Any, ...] = ()
        self._position: object = object()
        self._lock_for: int | None = None
        """The hot seat whose lock is on show (redrawn only when another's is due)."""

    @property
    def join_line(self) -> str:
        return f"Friends join with: tableau join {self.shared.code}"

    def on_mount(self) -> None:
        # Textual calls LiveTableScreen's and PestenScreen's on_mount after this one.
        self.sub_title = self.join_line

    def on_unmount(self) -> None:
        with suppress(TableProblem):  # already gone: the friends' screens say so anyway
            self.shared.close()
        self.shared.store.close()

    def position(self) -> object:
        """The same object while the round stands where it is: a seat that sits down or
        leaves gives the table a new version, not a new position (its end shows once)."""
        state = self.shared.session.state
        key = (state.round, state.turns, state.phase, self.shared.session.review)
        if key != self._position_key:
            self._position_key, self._position = key, object()
        return self._position

    def redraw(self) -> None:
        """As at one screen; a friend's turn is a wait, which says whom for."""
        self.shared.news(0)  # what is drawn now is news no more
        offer = self._offer_line()
        session = self.shared.session
        if session.stage is Stage.LOCK and self.mode == "lock" and (
                self._lock_for == session.state.current):
            self._render_table()  # a friend sat down or left: the password typed stays
            return
        self._lock_for = session.state.current if session.stage is Stage.LOCK else None
        self.refresh_bindings()  # c (a CPU for an away friend) comes and goes with the wait
        if session.stage is not Stage.REMOTE:
            super().redraw()
            return
        self._hide_hand()
        self._set_mode("wait")
        self._render_table()
        wait = waiting_for(self.shared, session.state.current) + offer
        self.query_one("#wait-text", Static).update(wait)
        if self._news:
            self._message(self._news)
            self._news = ""

    def _public_view(self) -> View:
        return with_away(super()._public_view(), away_waited_for(self.shared))

    def _left_the_table(self) -> bool:
        if self.shared.screen_gone:  # this process stalled so long the table went on
            self._leave_with(SCREEN_GONE.format(code=self.shared.code))
        return self._gone

    def cpu_to_move(self) -> bool:
        return False  # the CPUs move at the table, under its lease (``_look``)

    def record(self) -> GameRecord | None:
        """A finished round, as at one screen: every seat's name, the winner and the points,
        so each player's statistics count it under their name. Only the opener's screen
        records (every screen of the table shares the host's tableau.db: a round counts once);
        a round under way lives in the table, never in a save."""
        return super().record() if self.session.over else None

    def action_leave(self) -> None:
        """q: back to the menu, which closes the table for everyone (asked first)."""
        self._confirm(self.to_menu, question="Close the table?", leave="Close it",
                      stay="Stay and play on",
                      note="Nobody can play on at it, and the friends at it are told.")

    def palette_commands(self) -> Iterable[SystemCommand]:
        for command in super().palette_commands():
            if command.title != "Leave the table":
                yield command
        yield from self._cpu_command()
        yield SystemCommand("Close the table", "Back to the menu; the table ends for all",
                            self.action_leave)
