"""One process's handle on a shared table of Pesten, Go Fish or Poker (``SharedTable``).

The table's row in ``tableau.db`` holds the session's open form (``TABLE_GAMES``: Pesten's
``pesten_saves.open_data``, the others' ``to_json``):
every change (a move, an undo, a CPU's move, a new name) is one ``TableStore.act``, which
rebuilds the session from the row, makes the change and writes it back as version + 1 in one
transaction. A change made against an old version is refused with the store's sentence; one
made while only the seats changed (somebody sat down, left or came back, a CPU began or
stopped playing for an away player) is made again at once, as the round it was chosen for is
still the round on the table.

Seats: the opener's hot seats are "human" (held by the opener's token), CPUs "cpu", and a seat
for a friend "open" until somebody sits down with a name and a password (then "remote", held by
that process's token, ``secrets.token_hex(8)``). The password is hashed at once (Argon2id,
``PasswordScheme``); a process that comes back to a remote seat must give it again, with the
back-off after wrong tries kept per table and seat (``Lockouts``). A thread beats the seat's
heartbeat, so a seat whose player is thinking is never "away". Any seated process runs the CPUs
while it holds the lease, so a ``kill -9`` of any process, the opener's too, does not stop
them.

A seat whose player has been gone for ``AWAY_AFTER`` seconds (no heartbeat since: the process
left, or was killed) may be played by a CPU for now, if the opener lets it
(``let_cpu_play``): the seat keeps its name and its hand. Its player takes it back by coming
back with the password (``come_back``), or, if their process was only stalled and still
holds the seat, by being at the table again (``take_back``).

The opener's screen may be killed too. It holds its hot seats in the row (each with its lock's
hash, never a password) and its CPUs, and beats their heartbeat; once that is ``AWAY_AFTER``
seconds old, the first seated screen to look (``refresh``) makes the hot seats remote seats
nobody holds, in one transaction that reads the row again, so it is done once
(``TableStore.opener_gone``). From then on the table has no opener: each of the opener's
players comes back to their own seat with ``come_back`` and their password (a seat that had no
password cannot be taken, only played for by a CPU), any seated screen may let a CPU play for
an away player, and the lease's holder deals on after an end has been on show ``DEAL_ON_AFTER``
seconds (``run_cpus``: no screen needs a key for it). A graceful quit still closes the table
for all; an opener's process that was only stalled finds itself ``screen_gone`` and closes
nothing.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from collections.abc import Mapping
from contextlib import suppress
from typing import Any
from typing import Final
from typing import Generic
from typing import TypeVar

from tableau.engines.protocol import SaveFormatError
from tableau.sessions.pesten import REMOTE_STAYS
from tableau.sessions.protocol import Answer
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind
from tableau.sessions.seating import Stage
from tableau.storage.lockouts import Lockouts
from tableau.storage.passwords import PasswordScheme
from tableau.storage.passwords import SeatLock
from tableau.storage.table_store import AWAY_AFTER
from tableau.storage.table_store import GONE
from tableau.storage.table_store import SharedSeat
from tableau.storage.table_store import StaleMove
from tableau.storage.table_store import TableProblem
from tableau.storage.table_store import TableRow
from tableau.storage.table_store import TableStore
from tableau.storage.table_store import opener_last_seen
from tableau.tables.table_games import TABLE_GAMES
from tableau.tables.table_games import SeatedSession

HEARTBEAT_EVERY: Final = 2.0
"""Seconds between two heartbeats of a held seat (well inside ``AWAY_AFTER``)."""
CLOSE_TRIES: Final = 3
"""How often the opener tries to close the table while the database stays busy (each try
waits out the store's busy timeout)."""
SAME_ROUND_RETRIES: Final = 3
"""How often a change is made again when only the seats moved on under it."""
NEEDS_PASSWORD: Final = ("A seat at a shared table needs a password, so that only you can "
                         "come back to it.")
WRONG_PASSWORD: Final = "Wrong password; the seat stays as it is."
"""A wrong password changes nothing (the back-off after it is ``Lockouts``')."""
NOT_TAKEN: Final = "Nobody has sat down in that seat yet; take it as a new seat."
TAKEN_BACK: Final = "A play was taken back at the opener's screen."
LOST: Final = "Your seat was taken back at another screen, with its password."
"""Told to a process whose seat another process came back to."""
OPENER_ONLY: Final = ("Only the table's opener may let a CPU play for a seat, while their "
                      "screen is at the table.")
SCREEN_GONE: Final = ("This screen was gone too long, so the table went on without it: its "
                      "players come back to their seats with tableau join {code}.")
"""Told at an opener's screen that comes back to life after ``opener_gone``."""
NO_PASSWORD: Final = ("That seat was played at the opener's screen without a password, so it "
                      "cannot be taken from another screen; a CPU may play for it.")
OPENER_GONE: Final = "The opener's screen is gone; the table goes on without it."
DEAL_ON_AFTER: Final = 5.0
"""Seconds a round's (game's, hand's) end stays on show before it is dealt on at a table
whose opener's screen is gone (``run_cpus``)."""
CPU_FOR_NOW: Final = " (CPU for now)"
"""Beside the name of a seat a CPU plays while its player is away."""


S = TypeVar("S", bound=SeatedSession)
Change = Callable[[S], Answer[Any]]
"""A change to the session: its answer (a refusal writes nothing)."""
Check = Callable[[TableRow], str | None]
"""A condition on the table as the change's transaction reads it: why not, or None."""


def new_token() -> str:
    """This process's token: who holds a seat or the CPU lease."""
    return secrets.token_hex(8)


_SHARED_KINDS: Final = {SeatKind.REMOTE: "open", SeatKind.HUMAN: "human", SeatKind.CPU: "cpu"}
"""A session's seat as the table's row keeps it at the opening."""


class SharedTable(Generic[S]):
    """One table as one process sees it: the row it last read, the session in it, and the
    remote seat this process shows (``seat``; None at the opener's screen)."""

    def __init__(self, store: TableStore, row: TableRow, token: str, *,
                 scheme: PasswordScheme | None = None, lockouts: Lockouts | None = None,
                 wall: Callable[[], float] = time.time) -> None:
        self.store = store
        self.token = token
        self.scheme = scheme or PasswordScheme()
        self.lockouts = lockouts or Lockouts.at_home()
        self.wall = wall
        self.row = row
        self.code: Final = row.code
        """The table's code (a table keeps its code for good)."""
        self.session: S = _session_of(row)
        self.seat: int | None = None
        self._news_round = 0
        self._printed = 0
        """Events of the round's history given as news so far."""
        self._stand_ins_told: dict[int, str] = {}
        """The CPUs standing in for away players, as the news last told them."""
        self._away_told: frozenset[int] = frozenset()
        """The away seats, as the news last told them (one back with no CPU is said back)."""
        self._hot_told = self._hot_seats()
        """The opener's hot seats, as the news last told them (one gone elsewhere is said)."""
        self._opener_gone_told = self.opener_gone
        """Whether the news last told of a table whose opener's screen is gone."""
        self._end_seen: tuple[tuple[int, int], float] | None = None
        """The end on show (its deal and history), and since when by ``wall``."""
        self.opened_here = False
        """This process opened the table (its hot seats are here)."""
        self._beating: threading.Event | None = None

    @classmethod
    def open(cls, store: TableStore, session: S, locks: Mapping[int, SeatLock] | None = None,
             **options: Any) -> SharedTable[S]:
        """A new table of this dealt session: its remote seats are open to friends, and its
        hot seats are held by this process, which beats their heartbeat; each keeps its
        lock's hash (``locks``, else a Pesten seat's own lock), so that its player can come
        back to it from another screen should this one be gone (``opener_gone``)."""
        token = new_token()
        now = store.wall()
        locks = locks or {}
        # The opener's screen holds its hot seats and its CPUs; its heartbeat says it is there.
        seats = [SharedSeat(seat, info.name, "open") if info.kind is SeatKind.REMOTE else
                 SharedSeat(seat, info.name, _SHARED_KINDS[info.kind],
                            _hash_of(locks.get(seat, info)), token, now)
                 for seat, info in enumerate(session.seats)]
        data = TABLE_GAMES[session.GAME].write(session)
        code = store.open_table(session.GAME, data, seats, token)
        table = cls(store, store.load(code), token, **options)
        table.opened_here = True
        table._start_heartbeat()  # for its hot seats and CPUs, and for itself
        return table

    @classmethod
    def join(cls, store: TableStore, code: str, *, game: str | None = "pesten",
             **options: Any) -> SharedTable[Any]:
        """The table with this code, to sit down at (NoSuchTable, or closed: TableProblem);
        refused unless it is a table of ``game`` (None: of any game). Pesten unless told: the
        table screens play Pesten only, so far."""
        row = store.load(code)
        if row.closed:
            raise TableProblem(f"The table {row.code} is closed.")
        if row.game not in TABLE_GAMES or (game is not None and row.game != game):
            wanted = TABLE_GAMES.get(game or "")
            title = "known game's" if wanted is None else wanted.title
            raise TableProblem(f"The table {row.code} is not a {title} table.")
        return cls(store, row, new_token(), **options)

    # -------------------------------------------------------------- reads

    @property
    def closed(self) -> bool:
        return self.row.closed

    def shared_seat(self, seat: int) -> SharedSeat:
        return next(shared for shared in self.row.seats if shared.seat == seat)

    def seats_of(self, kind: str) -> tuple[SharedSeat, ...]:
        """The seats of this kind ("open": free to take; "remote": to come back to)."""
        return tuple(shared for shared in self.row.seats if shared.kind == kind)

    def away(self) -> frozenset[int]:
        """The remote seats whose player is not at their screen now. Never the seat this
        process holds: it is here, and its own heartbeats (its own commits) do not move the
        data_version it reads the table by, so its copy of its last-seen time grows old."""
        here = {self.seat} if self.seat is not None and not self.lost else set()
        return self.store.away(self.row) - here

    def may_let_cpu_play(self, seat: int) -> bool:
        """This process may let a CPU play for ``seat`` now (``let_cpu_play``): it is the
        opener's, or a seated one's while the opener's screen is gone."""
        return (self._may_stand_in() and seat != self.seat
                and seat not in self.session.stand_ins
                and self._why_no_stand_in(self.row, seat) is None)

    def _may_stand_in(self) -> bool:
        if self.row.opener:
            return self.token == self.row.opener
        return self.seat is not None and not self.lost

    @property
    def opener_gone(self) -> bool:
        """The opener's screen is gone: its players' seats wait for them as remote seats, and
        any seated screen deals on and may let a CPU play for an away player."""
        return not self.row.opener

    @property
    def screen_gone(self) -> bool:
        """This process opened the table, but was gone so long that its hot seats were seated
        elsewhere (a stalled process come back to life): it is the table's screen no more."""
        return self.opened_here and self.token != self.row.opener

    def shown_name(self, seat: int) -> str:
        """The seat's name as every screen shows it: "Bram (CPU for now)" while a CPU plays
        for an away player."""
        name = self.session.seats[seat].name
        return name + CPU_FOR_NOW if seat in self.session.stand_ins else name

    def my_turn(self) -> bool:
        session = self.session
        return (self.seat is not None and session.stage is Stage.REMOTE
                and session.to_move == self.seat and not self.lost and not self.closed)

    @property
    def lost(self) -> bool:
        """This process's seat was taken back at another screen (with its password)."""
        return self.seat is not None and self.shared_seat(self.seat).holder != self.token

    def refresh(self) -> bool:
        """Read the table again if another process changed the database; True when the
        table itself changed (a move, a seat, its end)."""
        moved = self._reload() if self.store.changed() else False
        if self._opener_stale():
            moved = self._seat_opener_elsewhere() or moved
        return moved

    def _opener_stale(self) -> bool:
        """A seated screen's first look, on the row it last read: the opener's heartbeat is
        older than AWAY_AFTER (its own heartbeats moved the data_version, so the row read last
        holds the newest of them)."""
        if self.seat is None or self.lost or self.closed or not self.row.opener:
            return False
        return self.wall() - opener_last_seen(self.row) > AWAY_AFTER

    def _seat_opener_elsewhere(self) -> bool:
        """The opener's hot seats become seats that wait for their players, once, whichever
        screen notices first (the store's transaction reads the row again)."""

        def elsewhere(row: TableRow, seats: tuple[int, ...]) -> dict[str, Any]:
            session = _session_of(row)
            for seat in seats:
                session.seat_elsewhere(seat)
            return TABLE_GAMES[row.game].write(session)

        row = self.store.opener_gone(self.code, elsewhere)
        return self._see(row) if row is not None else self._reload()

    def _reload(self) -> bool:
        """Read the row again (its seats' heartbeats too); True when its version moved."""
        return self._see(self.store.load(self.code))

    def _see(self, row: TableRow) -> bool:
        """Take ``row`` as the table this process last read, with the session in it whenever
        its version moved: a row a seat change hands back may hold moves made meanwhile."""
        moved = row.version != self.row.version
        self.row = row
        if moved:
            self.session = _session_of(row)
        return moved

    def news(self, viewer: int | None) -> list[str]:
        """The deal's events not given yet, as ``viewer`` reads them."""
        state = self.session.state
        lines = self._stand_in_news()  # it came before the moves it made
        deal = TABLE_GAMES[self.row.game].deal(self.session)
        if deal != self._news_round:
            self._news_round, self._printed = deal, 0
        elif len(state.history) < self._printed:
            lines.append(TAKEN_BACK)
            self._printed = len(state.history)
        lines += [self.session.describe(event, viewer)
                  for event in state.history[self._printed:]]
        self._printed = len(state.history)
        return lines

    def _stand_in_news(self) -> list[str]:
        """Who a CPU began or stopped playing for, and who came back, since the last news."""
        now, told = self.session.stand_ins, self._stand_ins_told
        names = [info.name for info in self.session.seats]
        lines = [f"{names[seat]} is away: a CPU plays for them for now." for seat in now
                 if seat not in told]
        lines += [f"{names[seat]} is back and plays again." for seat in told if seat not in now]
        # Back with no CPU having stood in: said too, once, at the other screens.
        away = self.away()
        lines += [f"{names[seat]} is back." for seat in sorted(self._away_told - away)
                  if seat not in told and seat != self.seat]
        hot = self._hot_seats()
        lines += [f"{names[seat]}'s screen is gone; the seat waits for them (tableau join "
                  f"{self.code})." for seat in sorted(self._hot_told - hot)]
        if self.opener_gone and not self._opener_gone_told and not self._hot_told - hot:
            lines.append(OPENER_GONE)  # an opener who played no seat
        self._stand_ins_told, self._away_told, self._hot_told = now, away, hot
        self._opener_gone_told = self.opener_gone
        return lines

    def _hot_seats(self) -> frozenset[int]:
        return frozenset(seat for seat, info in enumerate(self.session.seats)
                         if info.kind is SeatKind.HUMAN)

    # -------------------------------------------------------------- changes

    def act(self, seat: int, move: Any) -> Answer[Any]:
        """``move`` for ``seat``, made at the table (or refused with a sentence)."""
        if self.lost:
            return Answer.refused(LOST)
        return self.change(lambda session: session.act(seat, move))

    def undo(self) -> Answer[Any]:
        """Take back the opener's hot seat's last play; a remote seat's plays stay."""
        if self.seat is not None:
            return Answer.refused(REMOTE_STAYS)
        answer = self.change(lambda session: session.undo())
        if answer.ok:  # this screen says it was taken back; a play made again is news again
            self._printed = min(self._printed, len(self.session.state.history))
        return answer

    def change(self, change: Change[S], check: Check | None = None) -> Answer[Any]:
        """``change`` made to the table as this process last saw it, in one transaction (if
        ``check`` finds nothing against the table as it is then). Refused with the store's
        sentence when the round moved on since (this process then reads it again), or the
        table closed or could not be written; made again when only the seats moved on."""
        position = TABLE_GAMES[self.row.game].position
        for _ in range(SAME_ROUND_RETRIES):
            seen = position(self.session)
            try:
                row, answer, session = self._write(change, check)
            except StaleMove as stale:
                self._reload()
                if position(self.session) != seen:
                    return Answer.refused(str(stale))
                continue
            except TableProblem as problem:  # closed meanwhile, or the database failed
                with suppress(TableProblem):
                    self._reload()
                return Answer.refused(str(problem))
            self.row = row
            if answer.ok:
                self.session = session
            return answer
        return Answer.refused(str(StaleMove()))

    def _write(self, change: Change[S],
               check: Check | None) -> tuple[TableRow, Answer[Any], S]:
        """One transaction: the session rebuilt from the row, changed, written if it agreed."""
        made: list[tuple[Answer[Any], S]] = []

        def write(row: TableRow) -> dict[str, Any] | None:
            session: S = _session_of(row)
            problem = None if check is None else check(row)
            answer = change(session) if problem is None else Answer.refused(problem)
            made.append((answer, session))
            return TABLE_GAMES[row.game].write(session) if answer.ok else None

        row = self.store.act(self.code, self.row.version, write)
        return row, *made[-1]

    @property
    def runs_now(self) -> bool:
        """``run_cpus`` has something to do: a CPU is to move, or (the opener's screen gone)
        an end waits to be dealt on. A screen's timer asks this before ``run_cpus``."""
        stage = self.session.stage
        return not self.closed and (stage is Stage.CPU
                                    or (stage is Stage.OVER and self.opener_gone))

    def run_cpus(self) -> bool:
        """One CPU move if a CPU is to move and this process holds the lease; True if made.
        At a table whose opener's screen is gone, the lease's holder also deals on once an
        end has been on show DEAL_ON_AFTER seconds (as the opener would; no screen needs a
        key for it)."""
        stage = self.session.stage
        if stage is Stage.OVER and self.opener_gone and not self.closed:
            return self._deal_on()
        if stage is not Stage.CPU or self.closed:
            return False
        if not self.store.take_lease(self.code, self.token):
            return False
        step = self.session.cpu_step()
        if step is None:
            return False
        return self.change(lambda session: session.play_cpu(step)).ok

    def _deal_on(self) -> bool:
        """The next round, game or hand, dealt by the lease's holder once this end has been
        on show here DEAL_ON_AFTER seconds; True if dealt."""
        session = self.session
        end = (TABLE_GAMES[self.row.game].deal(session), len(session.state.history))
        now = self.wall()
        if self._end_seen is None or self._end_seen[0] != end:
            self._end_seen = (end, now)
        seat = session.to_move
        if now - self._end_seen[1] < DEAL_ON_AFTER or seat is None:
            return False
        moves = session.moves(seat)
        if len(moves) != 1 or not self.store.take_lease(self.code, self.token):
            return False  # no deal to make (a game over for good): the table rests
        return self.change(lambda table: table.act(seat, moves[0])).ok

    def let_cpu_play(self, seat: int) -> Answer[Any]:
        """The opener (or, while the opener's screen is gone, any seated screen) lets a CPU
        (the game's stand-in) play for the away player of ``seat`` until they come back:
        refused unless nobody has shown the seat for ``AWAY_AFTER`` seconds (read in the same
        transaction, so a player who came back meanwhile keeps their seat)."""
        if not self._may_stand_in():
            return Answer.refused(OPENER_ONLY)
        return self._on_the_latest(lambda session: session.stand_in(seat),
                                   lambda row: self._why_no_stand_in(row, seat))

    def _why_no_stand_in(self, row: TableRow, seat: int) -> str | None:
        shared = next((shared for shared in row.seats if shared.seat == seat), None)
        if shared is None or shared.kind != "remote":
            return "A CPU can stand in only for a seat a friend sat down in."
        if seat not in self.store.away(row) or self.wall() - shared.seen <= AWAY_AFTER:
            return (f"{shared.name} has not been away for {AWAY_AFTER:g} seconds; the table "
                    "waits for them.")
        return None

    def take_back(self) -> Answer[Any]:
        """This process's player is at the table again: the CPU standing in for them stops
        (a move made meanwhile is waited out, a few times)."""
        seat = self.seat
        if seat is None or self.lost:
            return Answer.refused(LOST)
        return self._on_the_latest(lambda session: session.come_back(seat))

    def _on_the_latest(self, change: Change[S], check: Check | None = None) -> Answer[Any]:
        """``change`` (which does not depend on the round, as a move does) made to the table
        as it is now: a table that moved on meanwhile is read again and the change made again,
        a few times."""
        stale = str(StaleMove())
        answer: Answer[Any] = Answer.refused(stale)
        for _ in range(SAME_ROUND_RETRIES):
            answer = self.change(change, check)
            if answer.refusal != stale:
                break
        return answer

    def close(self) -> None:
        """The opener ends the table: no move is taken any more. Nothing from a process
        that is not (or no more) the table's opener: the table goes on without it."""
        with suppress(TableProblem):
            self._reload()
        if self.token != self.row.opener:
            self._stop_heartbeat()
            return
        for tries_left in reversed(range(CLOSE_TRIES)):
            try:
                self.store.close_table(self.code)
                break
            except GONE:
                raise
            except TableProblem:
                if not tries_left:  # the friends then see the opener's screen go
                    raise
        self._reload()

    # -------------------------------------------------------------- seats

    def name_refusal(self, seat: int, name: str) -> str | None:
        """Why ``seat`` cannot take ``name`` at the table as last read (another seat's name,
        too long...), before any password is asked; None when it can."""
        named = _session_of(self.row).name_seat(seat, name)
        return None if named.ok else named.refusal

    def sit(self, seat: int, name: str, password: str) -> Answer[Any]:
        """Take an open seat under ``name`` with ``password`` (hashed at once). TableProblem
        for a taken seat or no password; the answer of giving the seat its name (a refused
        name is said before the seat is taken)."""
        if not password:
            raise TableProblem(NEEDS_PASSWORD)
        check: S = _session_of(self.row)
        named = check.name_seat(seat, name)
        if not named.ok:
            return named
        name = check.seats[seat].name  # as the session keeps it (trimmed)
        encoded = self.scheme.lock(name, password).encoded_hash or ""
        self._see(self.store.sit(self.code, seat, self.token, encoded, name=name))
        self.seat = seat
        self._start_heartbeat()
        return self.change(lambda session: session.name_seat(seat, name))

    def come_back(self, seat: int, password: str) -> None:
        """Take back a remote seat with its password (TableProblem with a sentence if not);
        a CPU that played for it meanwhile stops."""
        shared = self.shared_seat(seat)
        if shared.kind != "remote":
            raise TableProblem(NOT_TAKEN)
        if not shared.password:
            raise TableProblem(NO_PASSWORD)
        wait = self.lockouts.wait_left(self.code, seat, self.wall())
        if wait > 0:
            raise TableProblem(f"Wait {wait:.0f} s, then try again.")
        try:
            lock = SeatLock(shared.name, shared.password or None, self.scheme)
        except ValueError:
            raise TableProblem(f"The table {self.code} is damaged; it cannot be played.") from None
        if not lock.verify(password):
            delay = self.lockouts.wrong(self.code, seat, self.wall())
            raise TableProblem(WRONG_PASSWORD + (f" Wait {delay:g} s, then try again."
                                                 if delay else ""))
        self.lockouts.opened(self.code, seat)
        self._see(self.store.come_back(self.code, seat, self.token))
        self.seat = seat
        self._start_heartbeat()
        if seat in self.session.stand_ins:
            self.take_back()

    def leave(self) -> None:
        """This process shows its seat no more: it is away at once (the table waits)."""
        self._stop_heartbeat()
        if self.seat is not None:
            self.store.leave(self.code, self.seat, self.token)

    def _start_heartbeat(self) -> None:
        """Beat for this process's remote seat, or at the opener's screen for every hot seat
        it holds (``seat`` None)."""
        self._stop_heartbeat()
        stop = self._beating = threading.Event()
        code, seat, token = self.code, self.seat, self.token

        def beat() -> None:
            while not stop.wait(HEARTBEAT_EVERY):
                try:
                    self.store.heartbeat(code, seat, token)
                except GONE:
                    return  # the table or this process's store is gone: the seat shows away
                except TableProblem:
                    # A database busy past its timeout on a loaded machine: missing one beat is
                    # harmless, but a thread that stopped here would let the seat go away.
                    continue

        threading.Thread(target=beat, name="tableau-heartbeat", daemon=True).start()

    def _stop_heartbeat(self) -> None:
        if self._beating is not None:
            self._beating.set()
            self._beating = None


def _hash_of(lock_or_seat: SeatLock | SeatInfo) -> str:
    """A hot seat's password hash: its lock's ("" for a seat without a password)."""
    lock = getattr(lock_or_seat, "lock", lock_or_seat)
    return (lock.encoded_hash or "") if isinstance(lock, SeatLock) else ""


def _session_of(row: TableRow) -> Any:
    """The session in the row (TableProblem with a sentence if it cannot be read)."""
    game = TABLE_GAMES.get(row.game)
    if game is None:
        raise TableProblem(f"The table {row.code} is of a game this tableau does not know.")
    try:
        return game.read(row.state)
    except SaveFormatError:
        raise TableProblem(f"The table {row.code} is damaged; it cannot be played.") from None
