"""Two processes at one Go Fish table on one TABLEAU_HOME: the opener (`tableau table gofish
--plain`: a hot seat, a seat open for a friend and a CPU) and a friend (`tableau join CODE
--plain`), driven through pipes, play a whole game to its end; the opener then stops, which
closes the table, and both processes end with status 0.

At the end, read through the public API: every card is in a book, the friend's screen named
its own seat's cards only (every other seat's hand is a row of "[]"), and no screen printed
the seed or the password. Bounded: every wait is for what a player would see, with a
deadline."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_three_screens import Screen
from test_three_screens import drive

from tableau.sessions.gofish import GoFishSession
from tableau.storage.table_store import TableStore

PASSWORD = "zoe-Secret-52"
CODE = re.compile(r"Table (GOFI-\d{4}) is open\.")
CHOICES = re.compile(r"\((\d+) = ")


def answer(prompt: str, name: str) -> str:
    """The scripted player: Enter for the set-up's defaults, the first card and the first
    opponent every turn, and no more games after the first."""
    if "password" in prompt:
        return PASSWORD
    if "Your name" in prompt:
        return name
    if "Deal on" in prompt or "Let a CPU play" in prompt:
        return "no"
    if "Whom do you ask" in prompt:
        found = CHOICES.search(prompt)
        assert found is not None, prompt
        return found[1]
    if "Which card" in prompt:
        return "0"
    if "Which seat" in prompt:
        return "1"
    return ""  # who plays a seat, a name: the defaults


# Real processes play by the real clock (a seat is away after 10 s without a heartbeat). Under
# make test's six workers on a machine 30 to 50 times slower than usual, the process running
# the CPUs writes their moves back to back and the other process's heartbeats wait past that
# (CI, then a fresh clone here, 2026-11-28: "Zoe is away", then "Anna's screen is gone"), so
# make test-all runs it, as it does test_three_screens.py and test_opener_killed.py.
@pytest.mark.exhaustive
def test_an_opener_and_a_friend_play_a_go_fish_game_to_its_end(tmp_path: Path) -> None:
    opener = Screen("Anna", ["table", "gofish", "--plain", "--players", "3"], tmp_path,
                    answers=answer)
    screens = [opener]
    try:
        drive(screens, lambda: CODE.search(opener.text) is not None, "table code")
        found = CODE.search(opener.text)
        assert found is not None
        friend = Screen("Zoe", ["join", found[1], "--plain"], tmp_path, answers=answer)
        screens.append(friend)
        drive(screens, lambda: all(s.process.poll() is not None for s in screens),
              "end of both processes")
    finally:
        for screen in screens:
            screen.stop()
    assert [screen.process.returncode for screen in screens] == [0, 0]
    assert "Game over." in opener.text and "Game over." in friend.text
    assert "\aAnna's turn." in opener.text  # the bell as the turn came back to the opener
    assert "The table is closed." in friend.text
    store = TableStore(tmp_path / "tableau.db")
    try:
        row = store.load(found[1])
    finally:
        store.close()
    session = GoFishSession.from_json(row.state)
    assert row.closed and session.outcome() is not None
    assert sum(len(books) for books in session.state.books) == 13
    seed = str(session.first_seed)
    for screen in screens:
        assert PASSWORD not in screen.text and seed not in screen.text
    # The friend's screen shows the others' hands as counts only: each "'s:" block of
    # another seat is followed by a row of "[]" (or none), never a card.
    for block in re.findall(r"^(?!Your)\S.*'s:\nCards: (.*)$", friend.text, re.MULTILINE):
        assert set(block.split()) <= {"[]", "none"}, block
