"""The seats of the Poker table: one other seat's panel (``SeatPanel``: name, dealer
button, chips, last action and cards), and which seats a screen plays (``ScreenSeats``).

A panel shows card backs (one per card the view counts) until a showdown turns the hand
face up; it never sees more than its ``SeatView``. Cards are the shared ``CardView``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING
from typing import Any
from typing import Protocol

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Static

from tableau.engines.poker import SeatView
from tableau.engines.poker import View
from tableau.engines.poker import chips_text
from tableau.sessions.poker import PokerSession
from tableau.sessions.protocol import Answer
from tableau.sessions.seating import OPEN_LOCK
from tableau.ui.controls.poker import public_view
from tableau.ui.controls.poker import waiting_for
from tableau.ui.screens import table_screens
from tableau.ui.widgets.card import CardView
from tableau.ui.widgets.hand import Hand
from tableau.ui.widgets.seat_lock import SeatLock

if TYPE_CHECKING:
    from tableau.ui.screens.base import GameScreen

    _Screen = GameScreen
else:
    _Screen = object

CARDS = 5


class SeatPanel(Widget):
    """Update with ``panel.show(seat, action, dealer=..., to_act=..., winner=...)``."""

    def __init__(self, seat: int, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="seat")
        self.seat = seat

    def compose(self) -> ComposeResult:
        with Horizontal(classes="seat-info"):
            for part in ("turn", "name", "dealer", "chips", "action"):
                yield Static("", classes=f"seat-{part}", markup=False)
        with Horizontal(classes="seat-cards"):
            for _ in range(CARDS):
                yield CardView(None, face_up=False, classes="seat-card")
            yield Static("", classes="seat-text", markup=False)

    def show(
        self,
        seat: SeatView,
        action: str,
        *,
        dealer: bool,
        to_act: bool,
        winner: bool,
        full: bool = False,
    ) -> None:
        """``full`` shows a shown hand's whole description, not only its name."""
        self.query_one(".seat-turn", Static).update("▶" if to_act else " ")
        self.query_one(".seat-name", Static).update(seat.name)
        self.query_one(".seat-dealer", Static).update("(dealer)" if dealer else "")
        self.query_one(".seat-chips", Static).update(chips_text(seat.chips))
        self.query_one(".seat-action", Static).update(action)
        cards = list(self.query(".seat-card").results(CardView))
        shown = seat.shown
        for index, view in enumerate(cards):
            if shown is not None:
                view.display = index < len(shown)
                view.card = shown[index] if index < len(shown) else None
                view.face_up = True
            else:
                view.display = index < seat.card_count
                view.card = None
                view.face_up = False
        text = ""
        if shown is not None and seat.shown_text:
            text = seat.shown_text if full else seat.shown_text.split(" (", 1)[0]
        self.query_one(".seat-text", Static).update(text)
        self.query_one(".seat-cards").display = shown is not None or seat.card_count > 0
        self.set_class(to_act, "-to-act")
        self.set_class(winner, "-winner")
        self.set_class(seat.folded, "-folded")
        self.set_class(seat.out and not seat.in_hand, "-out")
        self.set_class(shown is not None, "-shown")


class Scratch(Protocol):
    """What a screen keeps of the open hand between two moves: the marked cards and the
    last note (a game at one screen keeps them in its session, so its save has them)."""

    marks: tuple[int, ...]
    note: str


@dataclass
class TableScratch:
    """A shared table screen's own marks and note (the table's row is everyone's)."""

    marks: tuple[int, ...] = ()
    note: str = ""


class ScreenSeats(_Screen):
    """Which seats a Poker screen plays, whose hand is open now, and the lock of the hot
    seat to move (a mixin of ``PokerScreen``). At one screen: its hot seats, the one hot
    seat's hand always, or each of several behind its lock; a shared table's screens
    override the hooks (``my_seats``, ``shown_names``, ``act``, ``scratch``, ...)."""

    session: PokerSession
    problem: str | None

    @property
    def scratch(self) -> Scratch:
        return self.session

    @property
    def view(self) -> View:
        """What the seat whose hand is open may see; with no hand open, the public table."""
        viewer = self.viewer()
        if viewer is None:
            return public_view(self.session.view(0), self.shown_names())
        return self.session.view(viewer)

    def my_seats(self) -> tuple[int, ...]:
        """The seats played at this screen: its hot seats."""
        return table_screens.hot_seats(self.session)

    def own_seat(self) -> int | None:
        """The seat whose hand this screen always shows (None: several people share it)."""
        return table_screens.lone_hot_seat(self.session)

    def viewer(self) -> int | None:
        """The seat whose hand is on the screen now (None: no hand is)."""
        return table_screens.open_hand(self.session, self.own_seat())

    def lockable(self) -> bool:
        """Hands at this screen are behind locks (several people share it)."""
        return self.own_seat() is None and any(
            self.session.must_unlock(seat) for seat in self.my_seats())

    def shown_names(self) -> tuple[str, ...]:
        """Every seat's name as the table shows it."""
        return self.session.state.names

    def act(self, seat: int, move: object) -> Answer[Any]:
        """A person's move (a bet, a draw, the next hand, opening a lock)."""
        return self.session.act(seat, move)

    def tell(self, text: str, error: bool = False) -> None:
        """A sentence on the message line (the shared tables' news)."""
        self._say(text, error=error)

    def game_over(self) -> bool:
        return self.session.is_over()

    def waiting(self) -> str:
        """Why no key of this screen's people plays now, in one sentence."""
        if self.viewer() is not None:
            return waiting_for(self.view)
        locked = self.session.locked
        if locked is not None:
            return f"Open the lock first: it is {self.shown_names()[locked]}'s turn."
        return self.waiting_line() or "No hand is open now."

    def waiting_line(self) -> str:
        """Whom the table waits for while no hand of this screen is open."""
        seat = self.session.to_move
        return "" if seat is None else f"Waiting for {self.shown_names()[seat]}…"

    # Handlers by name: Textual finds them on a mixin too (an @on handler it does not).
    def on_seat_lock_said(self, event: SeatLock.Said) -> None:
        self._say(event.text, error=event.error)
        event.stop()

    def on_seat_lock_opened(self, event: SeatLock.Opened) -> None:
        """The hot seat to move opened its lock: its hand is drawn, its turn said."""
        event.stop()
        answer = self.act(event.seat, OPEN_LOCK)
        if not answer.ok:
            self._say(answer.refusal or "", error=True)
            return
        self.problem = None
        self.after_move()
        self.query_one("#my-hand", Hand).focus()
        self._say(f"{self.shown_names()[event.seat]}, it is your turn.")

    if TYPE_CHECKING:
        def _say(self, text: str, *, error: bool = False) -> None: ...
