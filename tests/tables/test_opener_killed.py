"""The opener's process killed with SIGKILL mid-round, and the table goes on: real processes on
one TABLEAU_HOME, driven through pipes as in ``test_three_screens`` (its ``Screen``, ``drive``
and per-turn ``TurnCheck``). The opener (`tableau table pesten --plain`: Anna here, an open
seat, a CPU) and a friend (`tableau join CODE --plain`: Zoe) play; the opener is killed. Once
its heartbeat is AWAY_AFTER seconds old, Zoe's screen says Anna's screen is gone, and Zoe lets
a CPU play for Anna; Anna comes back with `tableau join CODE --plain` and her password and
plays her seat at her own screen until the round is over (then dealt on by the table itself).
Every card is conserved, no screen printed another seat's hand, a seed or a password.

Exhaustive: it waits out AWAY_AFTER (10 s) of real time."""

from __future__ import annotations

import signal
from collections import Counter
from pathlib import Path

import pytest
from test_three_screens import CODE
from test_three_screens import HAND_LINE
from test_three_screens import PASSWORDS
from test_three_screens import SEED
from test_three_screens import Screen
from test_three_screens import TurnCheck
from test_three_screens import answer
from test_three_screens import drive

from tableau.cards import FULL_DECK
from tableau.cards import JOKER
from tableau.sessions.pesten import PestenSession
from tableau.storage.table_store import TableStore


def zoe_lets_a_cpu_play(prompt: str, name: str) -> str:
    return "yes" if "Let a CPU play for Anna" in prompt else answer(prompt, name)


@pytest.mark.exhaustive
def test_the_opener_killed_mid_round_comes_back_at_a_seat_and_the_round_ends(
        tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    check = TurnCheck(home, {"Anna": 0, "Zoe": 1})
    opener = Screen("Anna", ["table", "pesten", "--plain", "--players", "3", "--cpu", "careful",
                             "--seed", str(SEED)], home, check)
    screens = [opener]
    store: TableStore | None = None
    try:
        drive(screens, lambda: CODE.search(opener.text) is not None, "table code")
        found = CODE.search(opener.text)
        assert found is not None
        code = check.code = found[1]
        zoe = Screen("Zoe", ["join", code, "--plain"], home, check, answers=zoe_lets_a_cpu_play)
        screens.append(zoe)
        drive(screens, lambda: zoe.turns >= 1 and opener.turns >= 2, "a turn each")
        opener.process.send_signal(signal.SIGKILL)
        opener.process.wait()
        drive(screens, lambda: "Anna's screen is gone" in zoe.text, "the opener seen gone")
        drive(screens, lambda: "Anna is away: a CPU plays for them" in zoe.text,
              "a CPU for Anna")
        anna = Screen("Anna", ["join", code, "--plain"], home, check)
        screens.append(anna)
        drive(screens, lambda: "from now on you play again" in anna.text, "Anna back")
        store = TableStore(home / "tableau.db")

        def round_over() -> bool:
            state = PestenSession.from_json(store.load(code).state).state
            return state.round > 1 or state.winner is not None

        drive(screens, lambda: anna.turns >= 1 and round_over(), "the round's end")
        row = store.load(code)
    finally:
        for screen in screens:
            screen.stop()
        if store is not None:
            store.close()
    assert not row.closed and row.opener == ""  # nobody closed it: the table went on
    assert "Anna plays" in anna.text  # ... and Anna played at her own screen
    assert anna.turns >= 1  # Anna played at her own screen after coming back
    state = PestenSession.from_json(row.state).state
    cards = Counter(card.code for card in (*[c for hand in state.hands for c in hand],
                                           *state.stock, *state.pile))
    assert cards == Counter(card.code for card in (*FULL_DECK, JOKER, JOKER))
    outputs = {"Anna": opener.text + anna.text, "Zoe": zoe.text}
    for name, text in outputs.items():
        assert {hand for hand, _ in HAND_LINE.findall(text)} <= {name}
        assert str(SEED) not in text
        assert not any(password in text for password in PASSWORDS.values())
