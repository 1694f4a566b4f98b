"""Issue 28 items 19 and 23: in `tableau poker --plain` a bare `draw` (or `draw 0`) is refused
with the usage, since standing pat is `stand`; and a command out of its phase gets the phase's
sentence first, before anything about its cards or amount."""

from __future__ import annotations

import pytest
from plain_games import play

DRAW_PROMPT = "Your draw: draw 1 3 5 throws away up to 3; stand keeps all > \n"
HAND_OVER_PROMPT = "Hand over: next (or Enter) deals the next hand > \n"
BETTING_PROMPT = "Your turn: check or bet. > \n"
USAGE = "like draw 1 3 5 (places) or draw QH 4C (cards); stand keeps all five."
NOT_TIME = "It is not time to draw; the players are betting."


def plain(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
          commands: str) -> str:
    """Seed 5, two CPUs: you speak first with no bet; after check, the CPUs check and you
    draw; stand, check ends hand 1; in hand 2 you face a bet."""
    code, out, _ = play(monkeypatch, capsys,
                        ["poker", "--plain", "--seed", "5", "--cpus", "2"], commands)
    assert code == 0
    return out


def answers(out: str, prompt: str) -> list[str]:
    """The line written after each time ``prompt`` was asked (none after a prompt the end
    of the input answered)."""
    written = [part.split("\n", 1)[0] for part in out.split(prompt)[1:]]
    return written[:-1] if out.endswith(prompt) else written


def test_a_bare_draw_or_draw_0_is_refused_with_the_usage_and_stand_stands_pat(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = plain(monkeypatch, capsys, "check\ndraw\ndraw 0\nstand\n")
    assert answers(out, DRAW_PROMPT) == [
        f"Say which cards to throw away, {USAGE}",
        f"Name places 1 to 5 in your hand, {USAGE}",
        "You stand pat.",
    ]


def test_help_tells_that_a_bare_draw_is_refused_and_stand_keeps_all_five(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = plain(monkeypatch, capsys, "help\n")
    assert "draw alone is refused" in out
    assert "stand (or pat)                  in the draw: keep all five cards" in out


def test_after_a_hand_you_folded_a_draw_is_told_the_hand_is_over(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = plain(monkeypatch, capsys, "check\nstand\ncheck\nnext\nfold\ndraw 1\ndraw 1 1\n")
    assert "You fold." in out
    assert answers(out, HAND_OVER_PROMPT)[-2:] == ["This hand is over; deal the next one."] * 2
    assert "Name places" not in out


@pytest.mark.parametrize("command", ["raise 5", "raise 2", "call 2"])
def test_with_no_bet_a_raise_or_call_with_an_amount_gets_the_reason_not_the_amount(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = plain(monkeypatch, capsys, f"{command}\n")
    word = command.split()[0]
    reason = {"raise": "There is no bet to raise; bet instead.",
              "call": "There is no bet to call; check or bet."}[word]
    assert answers(out, BETTING_PROMPT) == [reason]


@pytest.mark.parametrize("command", ["draw 1 1", "draw 1.5", "draw 9", "draw QX", "draw",
                                     "draw 0", "draw 1 3", "discard 2", "stand", "stand 3"])
def test_during_the_betting_every_draw_command_is_told_it_is_not_time_to_draw(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = plain(monkeypatch, capsys, f"{command}\n")
    assert answers(out, BETTING_PROMPT) == [NOT_TIME]
