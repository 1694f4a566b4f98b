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

from tableau.sessions.gofish import GoFishSession
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten_saves import open_data
from tableau.sessions.poker import PokerSession


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
