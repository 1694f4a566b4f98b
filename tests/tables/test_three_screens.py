"""Three processes at one Pesten table on one TABLEAU_HOME: the opener (`tableau table pesten
--plain`, one hot seat and one CPU) and two friends (`tableau join CODE --plain`), all driven
through pipes with the first legal move every time, play a round to its end. One friend is
killed with SIGKILL mid-round, starts again, comes back with the password and finishes.

At every turn of every screen the table is read through the public API (TableStore, the
session's JSON): the hand the screen printed is its seat's hand, and no card in another
seat's hand at that moment is in any hand line it printed since its last turn. At the end:
every card is there, no screen printed another seat's hand line, a seed or a password.
Bounded: every wait is for what a player would see, with a deadline."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from tableau.cards import FULL_DECK
from tableau.cards import JOKER
from tableau.cli.plain import card_text
from tableau.sessions.pesten import PestenSession
from tableau.storage.table_store import TableStore

DEADLINE = 400.0
"""Seconds a wait (the whole round, at most) may take on a slow, busy machine: CI once ran
25 times slower than usual. Inside pytest's timeout."""
SEED = 987_654_321
PASSWORDS = {"Anna": "anna-Secret-41", "Zoe": "zoe-Secret-52", "Yan": "yan-Secret-63"}
CODE = re.compile(r"Table (PEST-\d{4}) is open\.")


def answer(prompt: str, name: str) -> str:
    """The scripted player: Enter for every set-up default, the first option every turn."""
    if "password" in prompt:
        return PASSWORDS[name]
    if "Your name" in prompt:
        return name
    if "Deal the next round" in prompt or "Let a CPU play" in prompt:
        return "no"  # (on a slow machine Zoe's new process may be away long enough to ask)
    if any(words in prompt for words in ("Who plays seat", "Name (Enter", "hand over", "hands over",
                                          "hold the terminal")):
        return ""
    return "1"  # a seat's number, an option's number, a suit


class Screen:
    """One process and its output, read by a thread (no pipe fills up)."""

    def __init__(self, name: str, args: list[str], home: Path,
                 on_turn: Callable[[Screen, str], None] = lambda screen, text: None,
                 answers: Callable[[str, str], str] = answer) -> None:
        self.name = name
        self.on_turn = on_turn
        self.answers = answers
        """The scripted player: the answer to a prompt, for this screen's player."""
        self.checked = 0
        """How much of the output the turn check has read."""
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tableau", *args], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            env={**os.environ, "TABLEAU_HOME": str(home)})
        self.output = bytearray()
        self.answered = 0
        self.turns = 0
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        while chunk := os.read(self.process.stdout.fileno(), 65536):
            with self.lock:
                self.output += chunk

    @property
    def text(self) -> str:
        with self.lock:
            return self.output.decode(errors="replace")

    def step(self) -> None:
        """Answer the prompt the process waits at, once."""
        text = self.text
        tail = text[text.rfind("\n") + 1:]
        if len(text) <= self.answered or not tail.endswith("> "):
            return
        self.answered = len(text)
        if tail == f"{self.name} > ":
            self.turns += 1
            self.on_turn(self, text)
        assert self.process.stdin is not None
        try:
            self.process.stdin.write((self.answers(tail, self.name) + "\n").encode())
            self.process.stdin.flush()
        except BrokenPipeError:
            pass

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()


def drive(screens: list[Screen], until: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not until():
        if time.monotonic() > deadline:
            pytest.fail(f"No {what} within {DEADLINE:.0f} s: " + "\n\n".join(
                f"{s.name} (exit status {s.process.poll()}):\n{s.text[-3000:]}"
                for s in screens))
        for screen in screens:
            screen.step()
        time.sleep(0.02)  # a poll's pause, not a wait for an outcome


HAND_LINE = re.compile(r"^(\S+)'s hand \(\d+ cards?\): (.*)$", re.MULTILINE)
DREW = re.compile(r"^You drew (\S+)\.$", re.MULTILINE)


def table_now(home: Path, code: str) -> PestenSession:
    store = TableStore(home / "tableau.db")
    try:
        return PestenSession.from_json(store.load(code).state)
    finally:
        store.close()


class TurnCheck:
    """At a screen's turn: what it printed since its last turn against the table now."""

    def __init__(self, home: Path, seats: dict[str, int]) -> None:
        self.home = home
        self.seats = seats
        self.code = ""
        self.checks: Counter[str] = Counter()

    def __call__(self, screen: Screen, text: str) -> None:
        segment, screen.checked = text[screen.checked:], len(text)
        hands = table_now(self.home, self.code).state.hands
        seat = self.seats[screen.name]
        own = Counter(card_text(card) for card in hands[seat])
        others = {card_text(card) for other, hand in enumerate(hands) if other != seat
                  for card in hand} - set(own)
        lines = HAND_LINE.findall(segment)
        assert lines and {name for name, _ in lines} == {screen.name}, segment
        assert Counter(lines[-1][1].split()) == own, (lines[-1], own)
        printed = {word for _, cards in lines for word in cards.split()}
        printed |= set(DREW.findall(segment))
        assert not printed & others, (screen.name, printed & others)
        self.checks[screen.name] += 1


# Three real processes play by the real clock (a seat is away after 10 s): on a machine many
# times slower than usual they cannot keep up, so make test-all runs it, as it does the kill -9
# of an opener (test_opener_killed.py).
@pytest.mark.exhaustive
def test_three_screens_play_a_round_and_no_hand_leaves_its_owner(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    check = TurnCheck(home, {"Anna": 0, "Zoe": 1, "Yan": 2})
    opener = Screen("Anna", ["table", "pesten", "--plain", "--players", "4", "--cpu", "careful",
                             "--seed", str(SEED)], home, check)
    screens = [opener]
    try:
        drive(screens, lambda: CODE.search(opener.text) is not None, "table code")
        found = CODE.search(opener.text)
        assert found is not None
        code = check.code = found[1]
        zoe = Screen("Zoe", ["join", code, "--plain"], home, check)
        screens.append(zoe)
        drive(screens, lambda: "You sit at seat 2 as Zoe." in zoe.text, "seat for Zoe")
        yan = Screen("Yan", ["join", code, "--plain"], home, check)
        screens.append(yan)
        drive(screens, lambda: zoe.turns >= 2, "second turn for Zoe")
        # Killed mid-round: the table waits; a new process comes back with the password.
        zoe.process.send_signal(signal.SIGKILL)
        zoe.process.wait()
        again = Screen("Zoe", ["join", code, "--plain"], home, check)
        screens.append(again)
        drive(screens, lambda: all(screen.process.poll() is not None for screen in
                                   (opener, yan, again)), "end of the round")
    finally:
        for screen in screens:
            screen.stop()
    assert "Game over." in opener.text and "wins round 1" in opener.text
    assert "Zoe's (away)" in again.text or "Zoe's:" in again.text
    assert "The table is closed." in yan.text and "The table is closed." in again.text
    assert all(screen.process.returncode == 0 for screen in (opener, yan, again))

    store = TableStore(home / "tableau.db")
    try:
        row = store.load(code)
    finally:
        store.close()
    assert row.closed
    session = PestenSession.from_json(row.state)
    assert session.outcome() is not None
    state = session.state
    cards = Counter(card.code for card in (*[c for hand in state.hands for c in hand],
                                           *state.stock, *state.pile))
    assert cards == Counter(card.code for card in (*FULL_DECK, JOKER, JOKER))
    assert min(check.checks[name] for name in ("Anna", "Zoe", "Yan")) >= 2, check.checks
    assert again.turns >= 1  # the screen that came back played on
    outputs = {"Anna": opener.text, "Zoe": zoe.text + again.text, "Yan": yan.text}
    for name, text in outputs.items():
        assert {hand for hand, _ in HAND_LINE.findall(text)} == {name}
        assert str(SEED) not in text
        assert not any(password in text for password in PASSWORDS.values())
