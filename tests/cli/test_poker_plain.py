"""`tableau poker --plain`: typed betting and draw commands on the Poker session."""

from __future__ import annotations

import pytest
from plain_games import play

from tableau.cli.poker_text import read_command
from tableau.engines.poker import CALL
from tableau.engines.poker import CHECK
from tableau.engines.poker import Draw
from tableau.engines.poker import NextHand
from tableau.engines.poker import Phase
from tableau.sessions.poker import PokerSession


def plain(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], commands: str,
          *options: str) -> tuple[int, str, str]:
    argv = ["poker", "--plain", "--seed", "5", "--cpus", "2", *options]
    return play(monkeypatch, capsys, argv, commands)


def test_the_table_names_your_hand_in_the_specs_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = plain(monkeypatch, capsys, "")
    assert code == 0
    assert "Hand 1 · betting before the draw\nPot 3 · bets of 2, 3 raises left\n" in out
    assert "Your cards: 1. 10C  2. 7S  3. 6C  4. 4C  5. 3D\n" in out
    assert ("You are carrying:\nhigh card (ten of clubs, seven of spades, six of clubs, four of "
            "clubs, three of diamonds)\n") in out
    assert out.endswith("Your turn: check or bet. > \n")


def test_a_cpus_cards_are_not_shown_before_the_showdown(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    session = PokerSession.table(2, 5)
    _, out, _ = plain(monkeypatch, capsys, "check\n")
    for seat in (1, 2):
        for card in session.state.hands[seat]:
            assert card.long_name not in out
            assert f" {card.face.translate(str.maketrans('♣♦♥♠', 'CDHS'))} " not in out


def test_help_betting_and_the_draw_by_typed_commands(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    commands = "help\nbet 10\ncheck\ndraw 9\ndraw 1 1\ndraw 4 5\nb\n\n"
    _, out, _ = plain(monkeypatch, capsys, commands)
    assert "Commands:\n  check, call, bet, raise, fold" in out
    assert "This is fixed limit: a bet is 2 now (to 2); type bet alone." in out
    assert "You check.\n" in out
    assert "Name places 1 to 5 in your hand, like draw 1 3 5 (places)" in out
    assert "Name each place once." in out
    assert "You threw away 4C 3D and drew " in out
    assert "You bet 4.\n" in out
    assert "Hand 2: Bram deals." in out  # the empty line dealt the next hand


def test_a_move_the_engine_refuses_is_answered_with_its_sentence(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = plain(monkeypatch, capsys, "call\nstand\n\nfrobnicate\nadvice\n")
    assert out.count("Your turn: check or bet. > ") == 6  # five refused, then the end
    assert "You call" not in out and "You stand pat" not in out
    assert "Nothing was typed; type a command (help lists them)." in out
    assert "'frobnicate' is not a command here; help lists them." in out
    assert "Advice: " in out


def cpus_play(session: PokerSession) -> None:
    while (step := session.cpu_step()) is not None:
        session.play_cpu(step)


def test_commands_read_as_the_tables_keys_do() -> None:
    session = PokerSession.table(2, 5)
    view = session.view(session.you)
    assert read_command("c", view) in (CHECK, CALL)
    assert read_command("next", view) == NextHand()
    cpus_play(session)
    assert session.act(session.you, CHECK).ok  # the CPUs checked too: the draw begins
    cpus_play(session)
    view = session.view(session.you)
    assert view.phase is Phase.DRAW
    assert read_command("stand", view) == Draw(())
    assert read_command("draw QH", view) != Draw(())
    with pytest.raises(ValueError, match="not a card"):
        read_command("draw QX", view)
