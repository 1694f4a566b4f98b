"""Issue 28 item 17: `tableau gofish --plain` answers every bad number in one wording, names
the only choice when one card is left, lists its commands on `help`, and leaves on `q` or
`quit` (asking first during a game, since the line mode keeps no save)."""

from __future__ import annotations

import pytest
from plain_games import play

CARD_PROMPT = "Your turn. Which card do you ask for? "
LEAVE = "Leave this game? It ends here: the line mode keeps no save to resume it. (yes/no) > "
ONE_CARD_LEFT = 23
"""On seed 3, always asking with 0, your 24th turn begins with one card in your hand."""


def plain(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
          answers: str, seed: int = 3) -> tuple[int, str, str]:
    return play(monkeypatch, capsys, ["gofish", "--plain", "--seed", str(seed)], answers)


@pytest.mark.parametrize("typed", ["3.0", "nan", "inf", "-inf", "yep", "0.5", "1e3"])
def test_every_answer_that_is_not_a_whole_number_gets_the_same_sentence(
    typed: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = plain(monkeypatch, capsys, f"{typed}\n")
    assert (f"\n'{typed}' is not a whole number; type the number under a card, a whole number "
            "from 0 to 6.\n") in out


def test_with_one_card_left_the_prompt_names_the_only_choice(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = plain(monkeypatch, capsys, "0\n" * ONE_CARD_LEFT + "5\n")
    assert "(0-0)" not in out
    assert out.count(CARD_PROMPT) == ONE_CARD_LEFT + 2  # the last one asked again
    assert f"{CARD_PROMPT}(0, your only card) > \n5 is out of range; type 0 (the number under a " \
           "card).\n" in out


@pytest.mark.parametrize("word", ["help", "HELP", "?"])
def test_help_lists_the_answers_and_the_commands_then_asks_again(
    word: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = plain(monkeypatch, capsys, f"{word}\n")
    answer = out.split(f"{CARD_PROMPT}(0-6) > \n", 1)[1]
    assert "is not" not in answer
    for line in ("the number under a card asks for its rank", "help (or ?)", "q (or quit)"):
        assert line in answer
    assert answer.endswith(f"{CARD_PROMPT}(0-6) > \n")


@pytest.mark.parametrize("word", ["q", "quit", "Quit"])
def test_q_or_quit_during_a_game_asks_first_and_no_plays_on(
    word: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = plain(monkeypatch, capsys, f"{word}\nmaybe\nno\n0\n")
    assert code == 0
    assert out.count(LEAVE) == 2  # "maybe" is asked again
    assert "Please answer yes or no." in out
    assert "You ask CPU 1 for " in out.split(LEAVE)[-1]  # the game went on
    assert "Thanks for playing." not in out and "seed" not in err


def test_yes_leaves_cleanly_and_tells_the_seed_of_the_game_given_up(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = plain(monkeypatch, capsys, "0\nquit\nyes\n0\n0\n")
    assert code == 0
    assert out.endswith(f"{LEAVE}\nThanks for playing.\n")  # nothing asked after the yes
    assert "--seed 3 deals them again" in err


def test_q_after_a_game_stops_at_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = plain(monkeypatch, capsys, "0\n" * 18 + "q\n", seed=7)
    assert code == 0
    assert out.endswith("Play again? (1 = yes, 0 = no) > \nThanks for playing.\n")
    assert LEAVE not in out
