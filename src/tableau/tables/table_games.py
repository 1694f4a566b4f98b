"""What a shared table must know of each game (``TABLE_GAMES``): how its session goes into the
table's row and back, which deal its history belongs to, and what a move is chosen against.
Everything else a ``SharedTable`` does is the same for Pesten, Go Fish and Poker."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from typing import Final
from typing import Protocol

from tableau.sessions.gofish import GoFishSession
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten_saves import open_data
from tableau.sessions.poker import PokerSession
from tableau.sessions.protocol import Answer
from tableau.sessions.protocol import CpuStep
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.seating import Stage


class SeatedSession(Protocol):
    """What a shared table asks of a session (Pesten's, Go Fish's and Poker's have it)."""

    GAME: str

    @property
    def seats(self) -> tuple[SeatInfo, ...]: ...

    @property
    def stage(self) -> Stage: ...

    @property
    def to_move(self) -> int | None: ...

    @property
    def stand_ins(self) -> dict[int, str]: ...

    @property
    def state(self) -> Any: ...

    def act(self, seat: int, move: Any) -> Answer[Any]: ...

    def undo(self) -> Answer[Any]: ...

    def describe(self, event: Any, viewer: Any) -> str: ...

    def cpu_step(self) -> CpuStep[Any] | None: ...

    def play_cpu(self, step: CpuStep[Any]) -> Answer[Any]: ...

    def name_seat(self, seat: int, name: str) -> Answer[Any]: ...

    def stand_in(self, seat: int) -> Answer[Any]: ...

    def come_back(self, seat: int) -> Answer[Any]: ...

    def seat_elsewhere(self, seat: int) -> Answer[Any]: ...

    def moves(self, seat: int) -> tuple[Any, ...]: ...


@dataclass(frozen=True, slots=True)
class TableGame:
    """One game at a shared table."""

    title: str
    read: Callable[[Mapping[str, Any]], Any]
    """The session of the row's state (SaveFormatError with a sentence)."""
    write: Callable[[Any], dict[str, Any]]
    """The session's open form, every hand in it (never a sealed save)."""
    deal: Callable[[Any], int]
    """Which deal the state's history belongs to: the news starts again at a new one."""
    position: Callable[[Any], tuple[Any, ...]]
    """What a move is chosen against: the cards, the turn and the hand-over, but not who sits
    where (a seat's name, a CPU standing in), which other screens change at any time."""


def _pesten_position(session: PestenSession) -> tuple[Any, ...]:
    state = session.state
    unnamed = dataclasses.replace(state, config=dataclasses.replace(state.config, names=()),
                                  history=())
    return unnamed, len(state.history), session.review, session.stage, session.can_undo


def _gofish_position(session: GoFishSession) -> tuple[Any, ...]:
    return session.state, session.games, session.stage, session.locked


def _poker_position(session: PokerSession) -> tuple[Any, ...]:
    state = session.state
    unnamed = dataclasses.replace(state, names=(), history=())
    return unnamed, len(state.history), session.games, session.stage, session.locked


def _games(session: GoFishSession | PokerSession) -> int:
    return session.games


TABLE_GAMES: Final[Mapping[str, TableGame]] = {
    PestenSession.GAME: TableGame("Pesten", PestenSession.from_json, open_data,
                                  lambda session: session.state.round, _pesten_position),
    GoFishSession.GAME: TableGame("Go Fish", GoFishSession.from_json,
                                  GoFishSession.to_json, _games, _gofish_position),
    PokerSession.GAME: TableGame("Poker", PokerSession.from_json, PokerSession.to_json,
                                 _games, _poker_position),
}
