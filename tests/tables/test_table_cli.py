"""`tableau table` and `tableau join` in one test process: one sentence for a bad code, a
closed table, a table without --plain; a wrong password asked again; the end of the input
leaves the seat (away) with a sentence; the opener's set-up reads here/open/cpu."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest

from tableau.cli import main
from tableau.cli.plain import Lines
from tableau.cli.table import ask_kinds
from tableau.cli.table import guest
from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import REMOTE
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Seat
from tableau.storage.home import database_path
from tableau.storage.table_store import TableStore
from tableau.tables.pesten_table import WRONG_PASSWORD
from tableau.tables.pesten_table import SharedTable


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


def test_a_bad_code_a_closed_table_and_no_plain_are_one_sentence_each(
        store: TableStore, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["join", "PEST-0000", "--plain"]) == 2
    assert capsys.readouterr().err == "tableau join: There is no table PEST-0000 here.\n"
    assert main(["join", "x" * 500, "--plain"]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1
    shared = a_table(store)
    shared.close()
    assert main(["join", shared.code.lower(), "--plain"]) == 2
    assert capsys.readouterr().err == f"tableau join: The table {shared.code} is closed.\n"
    assert main(["join", shared.code]) == 2
    assert "--plain" in capsys.readouterr().err
    assert main(["table", "pesten"]) == 2
    assert capsys.readouterr().err == ("tableau table pesten: the table screen is not built "
                                       "yet; play a shared table in line mode with --plain.\n")
    assert main(["table", "poker", "--plain"]) == 2
    assert "only Pesten" in capsys.readouterr().err
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
