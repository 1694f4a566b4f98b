"""A Pesten session to and from a sealed save (``tableau.storage.sealed``).

``sealed_data(table)`` is the save of the round as it stands; to resume, ``saved_seats(data)``
says who sits where and gives each human seat a lock rebuilt from the save, each human opens
theirs with ``SeatLock.unseal(password)``, and ``table_from_sealed(data, locks)`` rebuilds the
table. Pure: the randomness of sealing and the key derivation live in ``tableau.storage``.

``session_data`` (the session's ``to_json``) is the sealed save when the table can be sealed,
and otherwise the open form, which names every hand and the stock: it is never written (the
table screen keeps only ``can_seal`` tables), it serves the session contract and tests. A
table across screens (``tableau.tables``) keeps its open form (``open_data``) in the host's
``tableau.db``, whose owner can read it (docs/security.md). Both carry the session's
``version`` beside the save.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from typing import TYPE_CHECKING
from typing import Any

from tableau.cards import CardError
from tableau.cards import parse_any_card
from tableau.engines import pesten as engine
from tableau.engines.protocol import SaveFormatError
from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import REMOTE
from tableau.sessions.pesten import Seat
from tableau.storage import sealed
from tableau.storage.passwords import PasswordScheme
from tableau.storage.passwords import SeatLock
from tableau.storage.sealed import Public
from tableau.storage.sealed import SealError
from tableau.storage.sealed import SeatInfo

if TYPE_CHECKING:
    from tableau.sessions.pesten import PestenSession

OPEN_FORM = "pesten-open"
"""The ``format`` of a session save that is not sealed (see the module's docstring)."""
OPEN_DAMAGED = "The saved Pesten table has been changed or damaged; it cannot be opened."


def _infos(table: PestenSession) -> tuple[list[SeatInfo], dict[int, bytes]]:
    """The seats as a save shows them, and each password holder's sealing key."""
    infos, keys = [], {}
    for index, seat in enumerate(table.chairs):
        lock = seat.lock
        if not seat.is_human:
            infos.append(SeatInfo(seat.name, seat.plays, False))
        elif lock is None or not lock.has_password:
            infos.append(SeatInfo(seat.name, seat.plays, True))
        else:
            infos.append(SeatInfo(seat.name, seat.plays, True, lock.encoded_hash, lock.key_salt,
                                  lock.key_cost))
            if lock.key is not None:
                keys[index] = lock.key
    return infos, keys


def can_seal(table: PestenSession) -> bool:
    """The round can be saved so that no single player can read another hand, a CPU's hand,
    the stock or the seed (``sealed.can_seal``: two or more password holders, or no human),
    and every password holder's key is at hand. A table with remote seats is never sealed:
    it lives in the shared table's row, in its open form."""
    if any(seat.is_remote for seat in table.chairs):
        return False
    infos, keys = _infos(table)
    holders = sum(info.holds_password for info in infos)
    return sealed.can_seal(infos) and len(keys) == holders


def sealed_data(table: PestenSession) -> dict[str, Any]:
    """The sealed save of the round as it stands (see ``can_seal``; ValueError otherwise)."""
    if not can_seal(table):
        raise ValueError("This round cannot be saved sealed.")
    infos, keys = _infos(table)
    data = sealed.seal(table.state, infos, keys, table.cpu_seed, table.table_id)
    data["session"] = {"version": table.version}
    return data


def session_data(table: PestenSession) -> dict[str, Any]:
    """The session's ``to_json``: sealed when it can be, else the open form."""
    return sealed_data(table) if can_seal(table) else open_data(table)


def open_data(table: PestenSession) -> dict[str, Any]:
    """The open form: every hand, the stock and the hand-over, as they stand."""
    return {
        "format": OPEN_FORM, "table": table.table_id, "cpu_seed": table.cpu_seed,
        "seats": [_seat_json(table, index) for index in range(len(table.chairs))],
        "state": engine.to_json(table.state), "session": {"version": table.version},
        "flow": _flow_json(table),
    }


def _seat_json(table: PestenSession, index: int) -> dict[str, Any]:
    """A seat of the open form; a remote seat a CPU plays for now says which kind."""
    seat = table.chairs[index]
    data = {"name": seat.name, "plays": seat.plays}
    stand_in = table.stand_ins.get(index)
    return data if stand_in is None else data | {"stand_in": stand_in}


def _flow_json(table: PestenSession) -> dict[str, Any]:
    """The hand-over as it stands (the open form only: a review names cards; a sealed round
    resumes at the lock of the seat to move, as the table may have been watched)."""
    review = table.review
    return {
        "open_seat": table._open_seat, "opened": sorted(table._opened),
        "review": None if review is None else {
            "seat": review.seat, "new": [card.code for card in review.new],
            "played": review.played},
        "undo": [engine.to_json(state) for state in table._undo], "no_undo": table._no_undo,
    }


def _restore_flow(table: PestenSession, flow: Any) -> None:
    from tableau.sessions.pesten import UNDO_REFUSALS
    from tableau.sessions.pesten import Review

    if not isinstance(flow, Mapping):
        raise SaveFormatError(OPEN_DAMAGED)
    try:
        review = flow["review"]
        table.review = None if review is None else Review(
            int(review["seat"]), tuple(parse_any_card(code) for code in review["new"]),
            bool(review["played"]))
        open_seat = flow["open_seat"]
        table._open_seat = None if open_seat is None else int(open_seat)
        table._opened = {int(seat) for seat in flow["opened"]}
        table._undo = [engine.from_json(state) for state in flow["undo"]]
        table._no_undo = flow["no_undo"]
        if table._no_undo not in UNDO_REFUSALS:
            raise ValueError("not one of the session's sentences")
        # Only a person at this screen opens a hand or reviews taken cards: a CPU's or a
        # remote seat there would wait for a move nobody makes.
        people = {seat for seat, chair in enumerate(table.chairs) if chair.is_hot_seat}
        if any(seat is not None and seat not in people for seat in
               {table._open_seat, *table._opened}) or (
                table.review is not None and table.review.seat not in people):
            raise ValueError("a seat that is not a person's")
    except (KeyError, TypeError, ValueError, CardError):
        raise SaveFormatError(OPEN_DAMAGED) from None


def _version(data: Mapping[str, Any]) -> int:
    session = data.get("session", {})
    version = session.get("version", 0) if isinstance(session, Mapping) else None
    if type(version) is not int or version < 0:
        raise SealError(sealed.DAMAGED)
    return version


def session_from(data: Mapping[str, Any], seats: Sequence[Seat] | None) -> PestenSession:
    """The session of ``session_data``: an open one alone, a sealed one with ``seats`` whose
    locks are unsealed (else SealError with a sentence)."""
    if not isinstance(data, Mapping) or data.get("format") != OPEN_FORM:
        return table_from_sealed(data, tuple(seats) if seats is not None else _cpu_seats(data))
    try:
        return _open_session(data)
    except SaveFormatError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, CardError):
        raise SaveFormatError(OPEN_DAMAGED) from None


def _open_session(data: Mapping[str, Any]) -> PestenSession:
    from tableau.ai.pesten import CPU_KINDS
    from tableau.sessions.pesten import PestenSession

    raw_seats, cpu_seed, table_id = data["seats"], data["cpu_seed"], data["table"]
    if not isinstance(raw_seats, list) or type(cpu_seed) is not int or not isinstance(
            table_id, str):
        raise SaveFormatError(OPEN_DAMAGED)
    chairs: list[Seat] = []
    stand_ins: dict[int, str] = {}
    for index, seat in enumerate(raw_seats):
        name, plays, stand_in = seat["name"], seat["plays"], seat.get("stand_in")
        if not isinstance(name, str) or plays not in (HUMAN, REMOTE, *CPU_KINDS) or (
                stand_in is not None and (plays != REMOTE or stand_in not in CPU_KINDS)):
            raise SaveFormatError(OPEN_DAMAGED)
        chairs.append(Seat(name, plays))
        if stand_in is not None:
            stand_ins[index] = stand_in
    state = engine.from_json(data["state"])  # SaveFormatError with its sentence
    if len(chairs) != state.config.players:
        raise SaveFormatError(OPEN_DAMAGED)
    table = PestenSession(chairs, state, cpu_seed, table_id, version=_version(data))
    table._stand_ins = stand_ins
    _restore_flow(table, data["flow"])
    return table


def saved_seats(data: object, scheme: PasswordScheme) -> tuple[Public, tuple[Seat, ...]]:
    """The save's public part and its seats, each human's with a rebuilt (still sealed) lock.
    Raises SealError with a sentence for what is not a sealed Pesten save."""
    public = sealed.read_public(data)
    seats = []
    for info in public.seats:
        lock = None
        cost = info.cost
        if info.human and cost is None:
            lock = SeatLock(info.name, None, scheme)  # no password: nothing sealed under it
        elif info.human and cost is not None:
            try:
                lock = SeatLock.rebuilt(info.name, info.verifier, info.salt, cost, scheme)
            except ValueError:
                raise SealError(sealed.DAMAGED) from None
        seats.append(Seat(info.name, HUMAN if info.human else info.kind, lock))
    return public, tuple(seats)


def _cpu_seats(data: object) -> tuple[Seat, ...]:
    """The seats of a round of CPUs alone, which is saved openly: it needs no password."""
    public = sealed.read_public(data)
    if any(info.human for info in public.seats):
        raise SealError("A sealed round needs every player's password to be opened.")
    return tuple(Seat(info.name, info.kind, None) for info in public.seats)


def title(round_number: int, names: Iterable[str]) -> str:
    """"Round 3 · Ann, Bob, CPU 1": the menu's and the resume screen's words for a save."""
    return f"Round {round_number} · " + ", ".join(names)


def table_from_sealed(data: object, seats: tuple[Seat, ...]) -> PestenSession:
    """The table, once every human seat's lock was unsealed. SealError with a sentence for
    a changed or damaged save (nothing is restored then)."""
    from tableau.sessions.pesten import CONTINUED_STAYS
    from tableau.sessions.pesten import PestenSession

    keys: Mapping[int, bytes] = {
        index: seat.lock.key for index, seat in enumerate(seats)
        if seat.is_human and seat.lock is not None and seat.lock.key is not None
    }
    opened = sealed.unseal(data, keys)
    if opened.state.config.players != len(seats):
        raise SealError(sealed.DAMAGED)
    table_id = sealed.read_public(data).table or None
    version = _version(data) if isinstance(data, Mapping) else 0
    return PestenSession(seats, opened.state, cpu_seed=opened.cpu_seed, table_id=table_id,
                         version=version, no_undo=CONTINUED_STAYS)
