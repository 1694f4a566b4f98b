"""`tableau gofish --plain`: the seed's table layout and prompts, on the Go Fish session."""

from __future__ import annotations

import re

import pytest
from plain_games import play

from tableau.sessions.gofish import YOU
from tableau.sessions.gofish import against_cpus


def plain(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], commands: str,
          *options: str) -> tuple[int, str, str]:
    return play(monkeypatch, capsys, ["gofish", "--plain", *options], commands)


def test_the_table_follows_the_seeds_layout(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = plain(monkeypatch, capsys, "", "--seed", "3")
    session = against_cpus(1, "pro", 3)
    cards = " ".join(f"[{card.face.translate(str.maketrans('♣♦♥♠', 'CDHS'))}]"
                     for card in session.view(YOU).hand)
    assert out.startswith("Dealt 7 cards each. You play first.\n#=~\n\nCPU 1's:\n"
                          "Cards: [] [] [] [] [] [] []\nBooks: none\n\n[[[38]]]\n\nYour:\n"
                          f"Cards: {cards}\n")
    assert "(0)  (1)" in out and "\nBooks: none\n\n#=~\n" in out
    assert out.endswith("Which card do you ask for? (0-6) > \n")


def test_the_cpus_cards_are_never_named(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = plain(monkeypatch, capsys, "0\n" * 30, "--seed", "7")
    for block in re.findall(r"CPU 1's:\nCards: (.*)\n", out):
        assert set(block.split()) <= {"[]", "none"}
    assert "CPU 1 draws a card" in out  # a hidden draw is told without its card


def test_each_bad_answer_gets_its_own_sentence_and_the_question_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The seed's test plan: empty, words, out of range, fractions; then a good answer."""
    _, out, _ = plain(monkeypatch, capsys, "\nyep\n7\n0.5\n6\n", "--seed", "3")
    assert out.count("Which card do you ask for? (0-6) > ") == 5
    for sentence in ("Nothing was typed;", "'yep' is not a whole number;", "7 is out of range;",
                     "'0.5' is not a whole number;"):
        assert sentence in out
    assert "You ask CPU 1 for jacks" in out  # card 6 was the jack of hearts


def test_against_several_cpus_you_also_choose_whom_to_ask(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = plain(monkeypatch, capsys, "0\n\n4\n2\n", "--seed", "3", "--cpus", "2")
    assert "CPU 1's:" in out and "CPU 2's:" in out
    assert "Whom do you ask? (1 = CPU 1, 2 = CPU 2) > " in out
    assert "4 is out of range; type an opponent's number" in out
    assert "You ask CPU 2 for" in out


def test_one_more_game_is_dealt_on_1_and_0_stops(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = plain(monkeypatch, capsys, "0\n" * 18 + "1\n" + "0\n" * 40 + "0\n",
                         "--seed", "7")
    assert code == 0
    assert out.count("Game over.") == 2
    assert out.count("Dealt 7 cards each.") == 2
    assert out.endswith("Thanks for playing.\n")
