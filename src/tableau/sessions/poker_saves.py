"""A Poker session's save: the table, the game, every seat's key, your tallies and the
screen's note and marks, read back through ``SaveReader`` (a damaged save is one sentence).

Version 2 names the seats; a version 1 save (you in seat 0 against ``cpus`` CPUs, before the
seats were named) is read as that table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING
from typing import Any
from typing import Final

from tableau.engines import poker as engine
from tableau.engines.names import SAVED_NAME_LENGTH
from tableau.engines.poker import MAX_CHIPS
from tableau.engines.protocol import Cpu
from tableau.engines.protocol import SaveFormatError
from tableau.engines.protocol import SaveReader
from tableau.engines.protocol import check_version
from tableau.sessions.poker_table import MAX_CPUS
from tableau.sessions.poker_table import table_seats
from tableau.sessions.poker_table import watched_seat
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind

if TYPE_CHECKING:
    from tableau.sessions.poker import PokerSession

SAVE_KIND: Final = "poker-session"
SAVE_VERSION: Final = 2


def session_json(session: PokerSession) -> dict[str, Any]:
    return {
        "game": SAVE_KIND, "version": SAVE_VERSION,
        "seats": [{"name": seat.name, "kind": seat.kind.value, "level": seat.level}
                  for seat in session.seats],
        "changes": session.version,
        "chips": session.chips, "first_seed": session.first_seed, "games": session.games,
        "rng_states": list(session.rng_states), "note": session.note,
        "marks": list(session.marks), "moves": session.your_moves,
        "hands": session.hands, "hands_won": session.hands_won,
        "biggest_pot": session.biggest_pot,
        "state": engine.to_json(session.state), **session._seating_json(),
    }


def _from_version_1(data: Mapping[str, Any]) -> dict[str, Any]:
    cpus = SaveReader(data).integer("cpus", 1, MAX_CPUS)
    seats = [{"name": seat.name, "kind": seat.kind.value, "level": ""}
             for seat in table_seats(cpus)]
    kept = {key: value for key, value in data.items() if key != "cpus"}
    return {**kept, "version": SAVE_VERSION, "seats": seats, "changes": 0}


def _seats(read: SaveReader) -> tuple[SeatInfo, ...]:
    seats = []
    for item in read.items("seats"):
        seat = SaveReader(item, "a seat")
        try:
            kind = SeatKind(seat.get("kind"))
        except (ValueError, TypeError):
            raise SaveFormatError("A seat in the save is neither a person nor a CPU.") from None
        seats.append(SeatInfo(seat.text("name", SAVED_NAME_LENGTH), kind,
                              seat.text("level", 20)))
    if not engine.MIN_PLAYERS <= len(seats) <= engine.MAX_PLAYERS:
        raise SaveFormatError("The save has the wrong number of players.")
    return tuple(seats)


def read_session(cls: type[PokerSession], data: Mapping[str, Any],
                 cpu: Cpu) -> PokerSession:
    """The session ``session_json`` gave; SaveFormatError with a sentence for a save that is
    malformed or does not fit together."""
    if not isinstance(data, Mapping) or data.get("game") != SAVE_KIND:
        raise SaveFormatError("The save is not a Poker game.")
    if check_version(data.get("version"), (1, SAVE_VERSION)) == 1:
        data = _from_version_1(data)
    read = SaveReader(data)
    seats = _seats(read)
    try:
        session = cls(seats, read.integer("first_seed"), read.optional_integer(
            "chips", 1, MAX_CHIPS), cpu, SAVED_NAME_LENGTH)
    except ValueError as problem:  # the seats' names: the engine's sentence
        raise SaveFormatError(f"The save's table cannot be dealt: {problem}") from None
    state = engine.from_json(read.get("state"))
    if (state.names != tuple(seat.name for seat in seats)
            or state.stop_when_out != watched_seat(seats)):
        raise SaveFormatError("The save's table does not match its players.")
    states = read.items("rng_states", len(seats))
    if not all(type(value) is int and 0 <= value < 2**64 for value in states):
        raise SaveFormatError("'rng_states' in the save must hold whole numbers.")
    session.go_on(read.integer("games"), read.integer("changes"), state, tuple(states))
    session.note = read.text("note", 2000)
    marks = read.items("marks")
    if (not all(type(mark) is int and 0 <= mark < 5 for mark in marks)
            or len(set(marks)) != len(marks)):
        raise SaveFormatError("'marks' in the save must hold different card places 0 to 4.")
    session.marks = tuple(marks)
    session.your_moves = read.integer("moves")
    session.hands = read.integer("hands", 0, state.hand_number)
    session.hands_won = read.integer("hands_won", 0, session.hands)
    session.biggest_pot = read.integer("biggest_pot", 0, state.total_chips)
    session._read_seating(data)
    return session
