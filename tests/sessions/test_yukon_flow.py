"""Yukon's flow at the session level, moved from the Pilot tests (tests/ui/test_yukon_flows.py
keeps one app start per key group): every command of the spec's language typed in one game
through the interpreter (``tableau.sessions.yukon_commands.run_line``), junk in play, auto-move
as the table's a key asks for it, and a loaded game's win, with the clock on injected time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tableau.cards import Card
from tableau.cards import Rank
from tableau.cards import Suit
from tableau.cards import parse_card
from tableau.engines.yukon import Config
from tableau.engines.yukon import Phase
from tableau.sessions.yukon import YukonSession
from tableau.sessions.yukon_commands import run_line

AC = parse_card("AC")


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _unshuffled_deal(folder: Path, **extras: object) -> YukonSession:
    """LD, P: the spec's Figure 6 (C1 holds the A♣, C6 ends in the J♠, C7 in the K♠)."""
    session = YukonSession.start(Config(), folder, **extras)  # type: ignore[arg-type]
    for line in ("LD", "P"):
        run_line(session, line)
    assert session.message == "OK" and session.state.phase is Phase.PLAY
    return session


def test_every_command_works_when_typed(tmp_path: Path) -> None:
    """LD, SW, SI n, P, a move, U, R, S file, L file, Q and QQ, in one game, each answered."""
    session = YukonSession.start(Config(), tmp_path)
    run_line(session, "LD")
    assert session.message == "OK" and session.view().deck_shown == (None,) * 52
    run_line(session, "SW")
    assert session.view().deck_shown[:2] == (AC, Card(Rank.TWO, Suit.CLUBS))
    run_line(session, "SI 26")
    run_line(session, "sw")  # case does not matter
    # Interleaving the halves at 26: A♣, then the first card of the second half (A♥).
    assert session.view().deck_shown[:2] == (AC, Card(Rank.ACE, Suit.HEARTS))
    run_line(session, "P")
    assert session.state.phase is Phase.PLAY and session.last_command == "P"
    dealt = session.view()
    run_line(session, "C1->F1")
    assert session.message == "OK" and session.view().foundations[0] == (AC,)
    moved = session.view()
    run_line(session, "U")
    assert session.view() == dealt
    run_line(session, "R")
    assert session.view() == moved
    run_line(session, "S game.json")
    assert session.message == "OK"
    assert json.loads((tmp_path / "game.json").read_text())["game"] == "yukon"
    run_line(session, "U")
    assert session.view() == dealt
    run_line(session, "L game.json")
    assert session.message == "OK" and session.view() == moved
    run_line(session, "U")  # the loaded game keeps its history
    assert session.view() == dealt
    run_line(session, "Q")
    assert session.state.phase is Phase.STARTUP and not session.quit
    run_line(session, "QQ")
    assert session.quit


@pytest.mark.parametrize("line", ["HELLO", "C9->C1", "C1:ZZ->C2", "L missing.json",
                                  "x" * 10_000])
def test_junk_in_play_leaves_the_game_unchanged(tmp_path: Path, line: str) -> None:
    session = _unshuffled_deal(tmp_path)
    before = session.view()
    run_line(session, line)
    assert session.view() == before
    assert session.message not in ("", "OK")
    assert len(session.last_command) < 100


def test_switching_auto_move_on_sends_the_safe_cards_home_in_one_step(tmp_path: Path) -> None:
    session = _unshuffled_deal(tmp_path)
    dealt = session.view()
    assert session.send_safe_cards_home().ok
    assert AC in {card for pile in session.view().foundations for card in pile}
    assert session.view().moves > 0
    session.undo()
    assert session.view() == dealt


def test_a_loaded_win_is_said_in_words_stops_the_clock_and_undo_takes_it_back(
    tmp_path: Path,
) -> None:
    from tableau.ui.scenes.yukon import almost_won_save

    (tmp_path / "end.json").write_text(almost_won_save())
    clock = FakeClock()
    session = YukonSession.start(Config(), tmp_path, now=clock)
    session.clock.uncover()
    run_line(session, "L end.json")
    assert session.message == "OK" and session.seconds() == 0.0
    clock.now = 10.0
    run_line(session, "C1->F4")
    assert session.view().won and session.outcome() is not None
    assert session.message.startswith("All 52 cards are home")
    clock.now = 50.0
    assert session.seconds() == 10.0
    run_line(session, "C1->F1")  # nothing moves after the win
    assert session.view().won
    run_line(session, "U")
    assert not session.view().won and session.outcome() is None
    clock.now = 55.0
    assert session.seconds() == 15.0
