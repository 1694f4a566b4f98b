"""What the screens of a shared Go Fish or Poker table do alike, whatever the game.

- Reads of a ``SharedTable`` or a session: the names as every screen shows them, whom the
  table waits for, when the opener may let a CPU play for an away friend, and (at one
  screen or a table) whose hand is on show.
- ``HandLocks``: the lock of the hot seat to move, when several people share a screen.
- ``SharedGameScreen``: a game screen kept live at a table (``LiveTable``): moves go to the
  table, the news and the wait are said, "c" lets a CPU play for an away friend.
- ``SeatSide`` and ``HostSide``: what a friend's seat and the opener's screen add to it.

A game's table screen is ``class XTableScreen(SharedGameScreen, XScreen)``; its seat screen
``class XSeatScreen(SeatSide, XTableScreen)``, its host ``class XHostScreen(HostSide,
XTableScreen)``. The game screen gives ``viewer()``, ``redraw()``, ``tell(text, error)``,
``game_over()`` and draws ``waiting_line()`` where it shows whom the table waits for.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from contextlib import suppress
from typing import Any
from typing import ClassVar
from typing import Final

from textual.app import SystemCommand
from textual.widgets import Static

from tableau.sessions.protocol import Answer
from tableau.sessions.protocol import SeatKind
from tableau.sessions.seating import Stage
from tableau.storage import passwords
from tableau.storage.stats import PEOPLE
from tableau.storage.store import GameRecord
from tableau.storage.table_store import TableProblem
from tableau.tables.shared_table import LOST
from tableau.tables.shared_table import SCREEN_GONE
from tableau.tables.shared_table import SharedTable
from tableau.tables.waits import away_waited_for
from tableau.tables.waits import end_wait
from tableau.tables.waits import waiting_for
from tableau.ui.screens.live_table import LiveTable
from tableau.ui.widgets.seat_lock import SeatLock

AWAY: Final = " (away)"
YOUR_TURN: Final = "Your turn."


def join_line(shared: SharedTable[Any]) -> str:
    return f"Friends join with: tableau join {shared.code}"


def shown_names(shared: SharedTable[Any]) -> tuple[str, ...]:
    """Every seat's name as the screens show it: "(CPU for now)" while a CPU stands in,
    "(away)" while a friend is not at their screen."""
    away = away_waited_for(shared)
    return tuple(shared.shown_name(seat) + (AWAY if seat in away else "")
                 for seat in range(len(shared.session.seats)))


def waited_for(shared: SharedTable[Any]) -> int | None:
    """The friend's seat the table waits for now (None: a hot seat, a CPU, or nobody)."""
    session = shared.session
    return session.to_move if session.stage is Stage.REMOTE else None


def stand_in_offer(shared: SharedTable[Any]) -> int | None:
    """The seat the table waits for, if a CPU may play for its away player now."""
    seat = waited_for(shared)
    return seat if seat is not None and shared.may_let_cpu_play(seat) else None


def wait_line(shared: SharedTable[Any]) -> str:
    """One sentence naming whom the table waits for ("" when nobody is, or a hot seat's turn
    is at this very screen), with the offer of a CPU for an away player when there is one."""
    session = shared.session
    seat = session.to_move
    if seat is None or shared.seat == seat or session.stage is Stage.OVER:
        return ""
    if session.stage not in (Stage.REMOTE, Stage.CPU) and shared.seat is None:
        return ""  # a hot seat's turn at the opener's own screen
    line = waiting_for(shared, seat)
    if stand_in_offer(shared) == seat:
        name = session.seats[seat].name
        line += f" Press c to let a CPU play for {name} until they come back."
    return line


# ---------------------------------------------------------------- hands at one screen
# (a Go Fish or Poker session, ``sessions.seating.Seated``, at one screen or at a table)


def hot_seats(session: Any) -> tuple[int, ...]:
    """The seats played at this screen (``SeatKind.HUMAN``)."""
    return tuple(seat for seat, info in enumerate(session.seats)
                 if info.kind is SeatKind.HUMAN)


def lone_hot_seat(session: Any) -> int | None:
    """The seat whose hand a screen always shows: its one hot seat (None when several people
    share the screen: each hand shows only behind its lock)."""
    hot = hot_seats(session)
    return hot[0] if len(hot) == 1 else None


def open_hand(session: Any, own: int | None) -> int | None:
    """The seat whose hand is on the screen now: ``own`` if the screen has one, else the
    hot seat to move once its lock is open (None: no hand is)."""
    if own is not None:
        return own
    return session.to_move if session.stage is Stage.HAND else None


# ---------------------------------------------------------------- the screens' mixins

STAY: Final = "Stay and play on"
WRONG_PASSWORD: Final = "Wrong password; the hand stays hidden."
"""A hot seat's lock after a wrong password (as Pesten's)."""


class HandLocks:
    """The lock of the hot seat to move (a ``SeatLock`` with a ``#lock-title`` above it).
    The screen gives ``locks``, ``_locks_id`` and ``shown_names()``."""

    locks: dict[int, passwords.SeatLock]
    _locks_id: str
    _lock_for: int | None = None
    """The hot seat whose lock is on show (its field is cleared only for another's)."""

    def people_record(self, points: Sequence[int] = ()) -> GameRecord | None:
        """A game several people played, once it is over, as Pesten keeps a round: every
        seat's name and kind, who won and ``points`` (one per seat), so each player's
        statistics count it under their name. Nothing of a hand, and no seed: the game
        stays nobody's to replay. None while it goes on (no save holds every hand)."""
        screen: Any = self
        session = screen.session
        result = session.outcome()
        if result is None:
            return None
        names = [seat.name for seat in session.seats]
        details: dict[str, object] = {
            "players": names, "kinds": [str(seat.kind) for seat in session.seats],
            "winners": [names[seat] for seat in result.winners]}
        if points:
            details["points"] = list(points)
        return GameRecord(
            session.GAME, PEOPLE, None, {"players": len(names)},
            started=screen.runtime.wall() if screen.began_at is None else screen.began_at,
            moves=len(session.state.history), duration=screen.played_seconds(),
            label=", ".join(names), details=details, result="finished",
            id=f"{screen.game_id}/{session.games}")  # a table deals game after game

    def _draw_lock(self, seat: int | None) -> None:
        """Show ``seat``'s lock (None: hide it); a lock on show already keeps what is typed."""
        screen: Any = self
        lock = screen.query_one(SeatLock)
        if seat is None:
            self._lock_for = None
            lock.hide()
            return
        if seat == self._lock_for:
            return
        self._lock_for = seat
        name = screen.shown_names()[seat]
        screen.query_one("#lock-title", Static).update(
            f"Pass the terminal to {name}. Everyone else, look away.")
        # Keys the last player typed are not this player's password.
        lock.show(seat, self.locks.get(seat), self._locks_id, deaf=True)
        if seat not in self.locks:
            lock.named(name)


class SharedGameScreen(LiveTable):
    """A game screen at a shared table: the session is the table's (read anew whenever
    another screen changed it), moves go to the table, and nothing is recorded here. The
    game screen gives ``viewer()``, ``tell(text, error)`` and ``game_over()``, and the table
    screen binds a key to ``let_cpu_play`` (Textual reads no BINDINGS of a mixin)."""

    SAVES_PROGRESS: ClassVar[bool] = False
    WAITS: ClassVar[bool] = True
    NEWS_SEPARATOR: ClassVar[str] = " "
    _offer: int | None = None
    """The away friend's seat a CPU may play for, as last drawn."""
    _position_key: tuple[Any, ...] = ()
    _position: object = None

    @property
    def session(self) -> Any:
        return self.shared.session

    @session.setter
    def session(self, _session: Any) -> None:
        pass  # the table's session is the one (the game screen's constructor sets it)

    def shown_names(self) -> tuple[str, ...]:
        return shown_names(self.shared)

    def act(self, seat: int, move: object) -> Answer[Any]:
        answer = self.shared.act(seat, move)
        if answer.ok:
            self._moved_now()
        return answer

    def _table_moved(self, news: list[str]) -> None:
        self._news = self.NEWS_SEPARATOR.join(news[-2:])
        self._screen.after_move()

    def _news_viewer(self) -> int:
        return self._screen.viewer()  # type: ignore[return-value]  # None: an onlooker's words

    def steady_position(self, key: tuple[Any, ...]) -> object:
        """The same object while ``key`` (where the game stands) stays: a seat that sits
        down or leaves gives the table a new version, not a new position (an end shows
        once)."""
        if key != self._position_key or self._position is None:
            self._position_key, self._position = key, object()
        return self._position

    def redraw(self) -> None:
        self.shared.news(self._screen.viewer())  # what is drawn now is news no more
        self._offer = stand_in_offer(self.shared)
        super().redraw()  # type: ignore[misc]  # the game screen's
        if self._news:
            self._screen.tell(self._news)
            self._news = ""
        self._screen.refresh_bindings()  # c comes and goes with the wait

    def waiting_line(self) -> str:
        return wait_line(self.shared)

    def _look(self) -> None:
        if self._left_the_table():
            return  # gone to the menu: no more looks at the table
        super()._look()
        if self._screen.is_attached and stand_in_offer(self.shared) != self._offer:
            self.redraw()  # a friend who left has been away long enough now, or is back

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "let_cpu_play":
            return stand_in_offer(self.shared) is not None
        return super().check_action(action, parameters)  # type: ignore[misc]

    def action_let_cpu_play(self) -> None:
        """c or the palette: a CPU plays the away friend's seat until they come back."""
        seat = stand_in_offer(self.shared)
        if seat is None:
            return
        answer = self.shared.let_cpu_play(seat)
        if not answer.ok:
            self._screen.tell(answer.refusal or "", error=True)
            return
        self._moved_now()
        self._news = self.NEWS_SEPARATOR.join(self.shared.news(self._screen.viewer())[-2:])
        self._screen.after_move()

    def palette_commands(self) -> Iterable[SystemCommand]:
        seat = stand_in_offer(self.shared)
        if seat is not None:
            name = self.session.seats[seat].name
            yield SystemCommand(f"Let a CPU play for {name}",
                                f"{name} is away; they take the seat back when they return",
                                self.action_let_cpu_play)

    def cpu_to_move(self) -> bool:
        return False  # the CPUs move at the table, under its lease (``_look``)

    def record(self) -> GameRecord | None:
        return None  # only the opener's screen records (``HostSide``)

    def game_at_stake(self) -> bool:
        return False


class SeatSide(SharedGameScreen):
    """A friend's seat at their own screen: its hand always open, the bell as the turn
    comes, q leaves the seat waiting; it owns the table's store and closes it."""

    _my_turn = False
    """The turn was this seat's at the last look (the bell rings as it comes)."""
    _gone = False

    def own_seat(self) -> int | None:
        return self.shared.seat

    def _left_the_table(self) -> bool:
        shared = self.shared
        if not self._gone and (shared.closed or shared.lost):
            self._gone = True  # no more looks at the table: the menu follows
            self._leave_with(f"The table {shared.code} is closed. Thank you for playing."
                             if shared.closed else LOST)
        return self._gone

    def redraw(self) -> None:
        news = self._news  # said by the table's redraw, or with the turn
        super().redraw()
        my_turn = self.shared.my_turn()
        if my_turn and not self._my_turn:
            self._screen.app.bell()
            self._screen.tell(f"{YOUR_TURN} {news}".strip())
        self._my_turn = my_turn

    def waiting_line(self) -> str:
        if self._screen.game_over():
            return end_wait(self.shared, "the next game")
        return super().waiting_line()

    def end_dialog(self) -> None:
        return None  # the game's end is said on the wait line; the opener deals on

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "new_game" and super().check_action(action, parameters)

    def action_leave(self) -> None:
        """q: back to the menu; the seat waits for this player (asked first in a game)."""
        screen = self._screen
        if self._screen.game_over():
            screen.to_menu()
            return
        screen._confirm(screen.to_menu, "Leave the table?", "Leave to the menu", STAY,
                        f"Your seat waits for you: tableau join {self.shared.code}, "
                        "with your password.")

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield from super().palette_commands()
        yield SystemCommand("Leave the table", "Back to the menu; your seat waits for you",
                            self.action_leave)

    def on_mount(self) -> None:
        # Textual calls LiveTable's and the game screen's on_mount after this one.
        self._screen.sub_title = f"table {self.shared.code}"

    def on_unmount(self) -> None:
        try:
            self.shared.leave()  # the seat waits for its player's password
        except TableProblem:
            pass  # the table or its file is gone: the seat is away anyway
        finally:
            self.shared.store.close()


class HostSide(SharedGameScreen):
    """The opener's screen: the code on show; leaving closes the table (asked first)."""

    _gone = False

    def _left_the_table(self) -> bool:
        shared = self.shared
        if not self._gone and shared.screen_gone:  # stalled so long the table went on
            self._gone = True
            self._leave_with(SCREEN_GONE.format(code=shared.code))
        return self._gone

    def record(self) -> GameRecord | None:
        """Each finished game, with every seat's name (``HandLocks.people_record``). Only the
        opener's screen records: every screen of the table shares the host's tableau.db,
        and a game must count once. A game under way lives in the table, never in a save."""
        return self._screen.record_people()  # type: ignore[no-any-return]

    def action_leave(self) -> None:
        """q: back to the menu, which closes the table for everyone (asked first)."""
        screen = self._screen
        screen._confirm(screen.to_menu, "Close the table?", "Close it", STAY,
                        "Nobody can play on at it, and the friends at it are told.")

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield from super().palette_commands()
        if self._screen.game_over():
            yield SystemCommand("Next game", "Deal the next game at this table",
                                self._screen.action_new_game)
        yield SystemCommand("Close the table", "Back to the menu; the table ends for all",
                            self.action_leave)

    def on_mount(self) -> None:
        self._screen.sub_title = join_line(self.shared)

    def on_unmount(self) -> None:
        with suppress(TableProblem):  # already gone: the friends' screens say so anyway
            self.shared.close()
        self.shared.store.close()
