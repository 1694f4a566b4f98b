"""`tableau table` and `tableau join` in one test process: one sentence for a bad code, a
closed table, a game with no shared table; a wrong password asked again; the end of the input
leaves the seat (away) with a sentence; the opener's set-up reads here/open/cpu. Waiting for
a seat whose player has been away a while (a test clock), the opener is asked once whether a
CPU may play for them, and every screen then shows "Bram (CPU for now)"."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest

from tableau.cli import main
from tableau.cli.plain import EndOfInput
from tableau.cli.plain import Lines
from tableau.cli.table import SharedLines
from tableau.cli.table import ask_kinds
from tableau.cli.table import guest
from tableau.cli.table import run_host
from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import REMOTE
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Seat
from tableau.storage.home import database_path
from tableau.storage.table_store import AWAY_AFTER
from tableau.storage.table_store import TableStore
from tableau.tables import shared_table
from tableau.tables.shared_table import WRONG_PASSWORD
from tableau.tables.shared_table import SharedTable


@pytest.fixture
def store() -> Iterator[TableStore]:
    opened = TableStore(database_path())
    yield opened
    opened.close()


def a_table(store: TableStore) -> SharedTable:
    """Anna here, Bram's seat open (Bram begins: the dealer is seat 0), Cor a CPU."""
    seats = [Seat("Anna"), Seat("Bram", REMOTE), Seat("Cor", "careful")]
    return SharedTable.open(store, PestenSession.deal(seats, packs=1, jokers=2, dealer=0,
                                                      seed=21))


def played(shared: SharedTable, typed: str) -> str:
    out = io.StringIO()
    guest(shared, Lines(io.StringIO(typed), out), secret=lambda lines, prompt: lines.ask(prompt))
    return out.getvalue()


def test_a_bad_code_a_closed_table_and_another_game_are_one_sentence_each(
        store: TableStore, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["join", "PEST-0000", "--plain"]) == 2
    assert capsys.readouterr().err == "tableau join: There is no table PEST-0000 here.\n"
    assert main(["join", "x" * 500, "--plain"]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1
    shared = a_table(store)
    shared.close()
    assert main(["join", shared.code.lower(), "--plain"]) == 2
    assert capsys.readouterr().err == f"tableau join: The table {shared.code} is closed.\n"
    assert main(["table", "yukon", "--plain"]) == 2
    assert "only Pesten, Go Fish and Poker" in capsys.readouterr().err
    assert main(["table", "poker", "--players", "9", "--plain"]) == 2
    assert capsys.readouterr().err == ("tableau table poker: --players must be 2 to 6 for "
                                       "Poker, not 9.\n")
    assert main(["table", "--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: tableau table pesten")


def test_a_friend_sits_down_plays_and_leaves_at_the_end_of_the_input(
        store: TableStore) -> None:
    shared = a_table(store)
    code = shared.code
    text = played(SharedTable.join(store, code), "1\nZoe\nsecret\nsecret\n")
    assert "1. Seat 2, open (Bram until somebody sits down)" in text
    assert "You sit at seat 2 as Zoe." in text and "Your turn." in text
    assert "Zoe's hand (7 cards):" in text and "Anna's hand" not in text
    assert text.rstrip().endswith(f"You left the table; your seat waits for you: tableau join "
                                  f"{code}")
    assert "secret" not in text
    row = store.load(code)
    assert store.away(row) == frozenset({1})
    assert PestenSession.from_json(row.state).chairs[1].name == "Zoe"


def test_coming_back_asks_again_after_a_wrong_password(store: TableStore) -> None:
    shared = a_table(store)
    played(SharedTable.join(store, shared.code), "1\nZoe\nsecret\nsecret\n")
    text = played(SharedTable.join(store, shared.code), "1\nguess\n")
    assert "1. Seat 2, Zoe's (away): come back to it with its password" in text
    assert WRONG_PASSWORD in text
    assert text.count("Which seat? >") == 2  # asked again
    assert text.rstrip().endswith("You left the table without a seat.")


def test_the_set_up_asks_who_plays_each_seat() -> None:
    out = io.StringIO()
    lines = Lines(io.StringIO("\n\nrobot\ncpu\nhere\n"), out)
    assert ask_kinds(lines, 4, ("random",)) == [HUMAN, REMOTE, "careful", HUMAN]
    text = out.getvalue()
    assert "Who plays seat 1: here, open or cpu? (Enter for here) >" in text
    assert "Who plays seat 4: here, open or cpu? (Enter for random) >" in text
    assert text.count("Answer here (a player at this screen), open (a friend joins)") == 1


# ---------------------------------------------------------------- an away seat, a CPU for now


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Typed(io.StringIO):
    """Typed lines that note the clock when each is read."""

    def __init__(self, text: str, clock: Clock) -> None:
        super().__init__(text)
        self.clock = clock
        self.read_at: list[float] = []

    def readline(self, size: int | None = -1) -> str:
        self.read_at.append(self.clock.now)
        return super().readline(size)


class Waits:
    """The screen's waits between two reads of the table, on the test's clock: each a
    second; after ``most`` of them the opener presses Ctrl-C."""

    def __init__(self, clock: Clock, most: int = 60) -> None:
        self.clock, self.most, self.count = clock, most, 0

    def __call__(self, seconds: float) -> None:
        self.count += 1
        if self.count > self.most:
            raise KeyboardInterrupt
        self.clock.now += 1.0


@pytest.fixture
def clocked(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Clock, TableStore, TableStore]]:
    """A test clock, and two stores on it (the opener's and a friend's "process")."""
    monkeypatch.setattr(shared_table, "HEARTBEAT_EVERY", 3600.0)  # the test beats, if at all
    clock = Clock()
    first, second = (TableStore(database_path(), wall=clock) for _ in range(2))
    yield clock, first, second
    first.close()
    second.close()


def bram_left(clock: Clock, host: TableStore, friend: TableStore,
              kinds: tuple[str, str, str] = (HUMAN, REMOTE, "careful")) -> SharedTable:
    """The opener's handle on a table where Bram (seat 2, who begins) sat down and left."""
    seats = [Seat(name, kind) for name, kind in zip(("Anna", "Bram", "Cor"), kinds, strict=True)]
    shared = SharedTable.open(host, PestenSession.deal(seats, packs=1, jokers=2, dealer=0,
                                                       seed=21), wall=clock)
    bram = SharedTable.join(friend, shared.code, wall=clock)
    assert bram.sit(1, "Bram", "bram-pw").ok
    bram.leave()
    return shared


def test_the_opener_is_asked_once_bram_has_been_away_a_while_and_a_cpu_plays_for_him(
        clocked: tuple[Clock, TableStore, TableStore]) -> None:
    clock, host, friend = clocked
    shared = bram_left(clock, host, friend)
    left = clock.now
    typed, out = Typed("y\n\n", clock), io.StringIO()
    table = SharedLines(shared, Lines(typed, out), lambda lines, prompt: lines.ask(prompt),
                        sleep=Waits(clock))
    with pytest.raises(EndOfInput):  # at Anna's turn, after the CPU played Bram's
        run_host(table)
    text = out.getvalue()
    away = text.index("Bram is away; the table waits for them to come back.")
    offer = text.index("Bram is away. Let a CPU play for Bram? (y/n) >")
    assert away < offer and text.count("Let a CPU play") == 1
    assert left + AWAY_AFTER < typed.read_at[0] <= left + AWAY_AFTER + 2
    said = text.index("Bram is away: a CPU plays for them for now.")
    assert offer < said < text.index("Bram plays", offer)  # said before the CPU's move
    assert "  Bram (CPU for now): " in text  # the table as Anna sees it at her turn
    row = host.load(shared.code)
    assert row.closed and PestenSession.from_json(row.state).stand_ins == {1: "careful"}


def test_the_opener_may_say_no_and_is_not_asked_again_for_the_same_absence(
        clocked: tuple[Clock, TableStore, TableStore]) -> None:
    clock, host, friend = clocked
    shared = bram_left(clock, host, friend)
    out = io.StringIO()
    table = SharedLines(shared, Lines(io.StringIO("maybe\nn\n"), out), sleep=Waits(clock, 40))
    with pytest.raises(KeyboardInterrupt):
        run_host(table)
    text = out.getvalue()
    assert text.count("Let a CPU play for Bram? (y/n) >") == 2  # "maybe" is asked again
    assert "Please answer yes or no." in text and "The table waits for Bram." in text
    assert text.rstrip().endswith(f"You closed table {shared.code}.")
    row = host.load(shared.code)
    assert PestenSession.from_json(row.state).stand_ins == {}
    assert row.state == shared.session.to_json()  # nobody moved for Bram


def test_every_screen_says_a_cpu_plays_for_bram_for_now(
        clocked: tuple[Clock, TableStore, TableStore]) -> None:
    clock, host, friend = clocked
    shared = bram_left(clock, host, friend, (HUMAN, REMOTE, REMOTE))
    clock.now += AWAY_AFTER + 1
    assert shared.let_cpu_play(1).ok
    text = played(SharedTable.join(friend, shared.code, wall=clock), "1\nZoe\npw\npw\n")
    assert "2. Seat 2, Bram's (away; a CPU plays it for now): come back to it" in text
    assert "Bram is away: a CPU plays for them for now." in text
    assert "Your turn." in text and "  Bram (CPU for now): " in text
    assert "Zoe's hand" in text and "Bram's hand" not in text and "Anna's hand" not in text


def test_bram_comes_back_with_his_password_and_plays_his_turn_himself(
        clocked: tuple[Clock, TableStore, TableStore]) -> None:
    clock, host, friend = clocked
    shared = bram_left(clock, host, friend)
    clock.now += AWAY_AFTER + 1
    assert shared.let_cpu_play(1).ok  # Bram is to move; no CPU has moved for him yet
    text = played(SharedTable.join(friend, shared.code, wall=clock), "1\nbram-pw\n")
    assert "A CPU played for you while you were away; from now on you play again." in text
    assert "You sit at seat 2 as Bram." in text and "Your turn." in text
    assert "  Bram: 7 cards" in text and "(CPU for now)" not in text.split("Your turn.")[1]
    assert PestenSession.from_json(host.load(shared.code).state).stand_ins == {}


def test_a_seat_named_a_moment_after_it_was_taken_is_waited_for_by_its_name(
        store: TableStore) -> None:
    """A friend sitting down takes the seat, then names it (two writes): an opener who read
    the table between them says the wait again once the name is in."""
    shared = a_table(store)
    out = io.StringIO()
    table = SharedLines(shared, Lines(io.StringIO(""), out))
    friend_store = TableStore(database_path())
    try:
        friend = SharedTable.join(friend_store, shared.code)
        friend_store.sit(shared.code, 1, friend.token, "", name="Zoe")  # taken, not named
        shared.refresh()
        table.say_waiting()
        friend.refresh()
        assert friend.change(lambda session: session.name_seat(1, "Zoe")).ok  # named
        shared.refresh()
        table.say_waiting()
    finally:
        friend_store.close()
    assert out.getvalue().splitlines()[-1] == "Waiting for Zoe, who plays at their own screen."


def test_a_taken_name_is_refused_before_any_password_is_asked(store: TableStore) -> None:
    shared = a_table(store)
    friend_store = TableStore(database_path())
    try:
        text = played(SharedTable.join(friend_store, shared.code), "1\nanna\nZoe\npw\npw\n")
    finally:
        friend_store.close()
    refused = text.index("Another seat is called anna; pick another name.")
    assert refused < text.index("A password, to come back")
    assert "You sit at seat 2 as Zoe." in text
