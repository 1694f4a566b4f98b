"""Issue 27 C8: the seed of a game with hidden hands deals every hand, so the line modes of
Go Fish, Poker and Pesten never show it while a game goes on: not on stdout, not on stderr.
Once the games are over it is told (on stderr) for a replay. ``--seed`` at a Pesten table of
two or more humans is warned about once, before play.

Everything a line mode writes is caught in one stream, in the order it was written, so "after
the end" means after the game's last words."""

from __future__ import annotations

import io
import secrets
import sys
from collections.abc import Iterator

import pytest
from plain_games import Interrupted

from tableau.cli import main as tableau

SEED = 7312945861234567891
"""A seed whose digits cannot turn up by chance in a game's text."""
RANDOM_SEED = 208517369401733
"""What the operating system's randomness is made to pick."""

GAMES = {
    # game: (options, answers that play on and never stop (then the input ends), answers
    # that play whole games and then stop, the last words of those games)
    "gofish": (["--cpus", "1"], "1\n" * 40, "0\n" * 400, "Thanks for playing.\n"),
    # (Poker's whole games call to the showdown: big pots end a game sooner than folds.)
    "poker": (["--cpus", "1"], "fold\ncheck\nstand\n\n" * 10,
              "call\ncheck\nstand\ncall\ncheck\n\nno\n" * 600, "Thanks for playing.\n"),
    "pesten": (["--players", "2", "--cpu", "careful"], "\n\n\n" + "1\n1 last\n\n" * 10,
               "\n\n\n" + "1\n1 last\n\nno\n" * 400, "Game over.\n"),
}
WARNING = "anyone who knows it knows every hand"
"""The heart of the warning about --seed at a table of humans."""
PLAYED = {"gofish": "You ask CPU 1 for", "poker": "You fold", "pesten": "Anna's hand ("}
"""Words that show a game was really played."""


def everything_shown(monkeypatch: pytest.MonkeyPatch, argv: list[str],
                     stdin: io.StringIO) -> tuple[int, str]:
    """``tableau ARGV``: its exit status and stdout and stderr together, in order."""
    shown = io.StringIO()
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setattr(sys, "stdout", shown)
    monkeypatch.setattr(sys, "stderr", shown)
    code = tableau(argv)
    return code, shown.getvalue()


@pytest.fixture
def chosen_at_random(monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    """The operating system's randomness picks RANDOM_SEED, however it is asked."""
    monkeypatch.setattr(secrets, "randbits", lambda bits: RANDOM_SEED)
    monkeypatch.setattr(secrets, "randbelow", lambda top: RANDOM_SEED)
    yield RANDOM_SEED


@pytest.mark.parametrize("game", GAMES)
def test_a_given_seed_is_never_shown_while_the_game_goes_on(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    options, going_on, _, _ = GAMES[game]
    code, shown = everything_shown(
        monkeypatch, [game, "--plain", "--seed", str(SEED), *options],
        io.StringIO(going_on),
    )
    assert code == 0
    assert PLAYED[game] in shown
    assert str(SEED) not in shown


@pytest.mark.parametrize("game", GAMES)
def test_a_seed_picked_at_random_is_never_shown_while_the_game_goes_on(
    game: str, monkeypatch: pytest.MonkeyPatch, chosen_at_random: int
) -> None:
    options, going_on, _, _ = GAMES[game]
    code, shown = everything_shown(monkeypatch, [game, "--plain", *options],
                                   io.StringIO(going_on))
    assert code == 0
    assert PLAYED[game] in shown
    assert str(chosen_at_random) not in shown


@pytest.mark.parametrize("game", GAMES)
def test_ctrl_c_in_the_middle_of_a_game_does_not_show_the_seed(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    options, going_on, _, _ = GAMES[game]
    code, shown = everything_shown(
        monkeypatch, [game, "--plain", "--seed", str(SEED), *options],
        Interrupted(going_on),
    )
    assert code == 130
    assert shown.endswith("tableau: stopped (Ctrl-C).\n")
    assert str(SEED) not in shown


@pytest.mark.parametrize("game", GAMES)
def test_the_seed_is_told_for_a_replay_only_once_the_games_are_over(
    game: str, monkeypatch: pytest.MonkeyPatch, chosen_at_random: int
) -> None:
    options, _, answers, last_words = GAMES[game]
    code, shown = everything_shown(monkeypatch, [game, "--plain", *options],
                                   io.StringIO(answers))
    assert code == 0
    end = shown.index(last_words) + len(last_words)
    assert str(chosen_at_random) not in shown[:end]
    assert shown[end:] == (f"tableau {game}: these games were dealt from seed "
                           f"{chosen_at_random}; --seed {chosen_at_random} deals them again.\n")


def test_a_seed_given_to_a_table_of_two_humans_is_warned_about_once_before_play(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    seating = "\n\n\n\n\n"  # Anna and Bram, no passwords; Bram takes the terminal
    code, shown = everything_shown(
        monkeypatch, ["pesten", "--plain", "--seed", "8", "--players", "3", "--cpu", "careful"],
        io.StringIO(seating),
    )
    assert code == 0
    assert shown.count(WARNING) == 1
    assert shown.index(WARNING) < shown.index("Seat 1 is a player.")


@pytest.mark.parametrize(
    "options",
    [
        ["--seed", "8", "--players", "2", "--cpu", "careful"],  # one human: nobody to tell
        ["--players", "3", "--cpu", "careful"],  # two humans, no seed given
    ],
)
def test_no_seed_warning_without_a_given_seed_and_two_humans(
    options: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, shown = everything_shown(monkeypatch, ["pesten", "--plain", *options],
                                   io.StringIO("\n\n\n\n\n"))
    assert code == 0
    assert "Seat 1 is a player." in shown
    assert WARNING not in shown


@pytest.mark.parametrize("game", GAMES)
def test_a_seed_picked_at_random_comes_from_the_whole_range(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Too many seeds to search for the one that deals the cards a player holds: the largest
    the operating system can give is 2**63-1 (Poker took 2**32 before, 2**48 the others)."""
    monkeypatch.setattr(secrets, "randbits", lambda bits: 2**bits - 1)
    monkeypatch.setattr(secrets, "randbelow", lambda top: top - 1)
    options, _, answers, _ = GAMES[game]
    code, shown = everything_shown(monkeypatch, [game, "--plain", *options],
                                   io.StringIO(answers))
    assert code == 0
    assert shown.endswith(f"--seed {2**63 - 1} deals them again.\n")
