"""Issue 28 item 24: `--describe` reads the card words seed 003 understands, and a card given
twice is named the way the player wrote it."""

import pytest

from tableau.cli.poker import main

JACKS = ("pair of jacks (jack of hearts, jack of spades, ace of hearts, queen of hearts, "
         "deuce of clubs)\n")


@pytest.mark.parametrize(
    "cards",
    [
        "one of hearts, knave of hearts, J of spades, queen of heart, 2C",
        "A of hearts, J of hearts, jack of spades, Q of hearts, two of club",
        "ace of hearts knave of hearts knave of spades queen of hearts deuce of clubs",
    ],
)
def test_describe_reads_the_seeds_card_words(capsys: pytest.CaptureFixture[str],
                                             cards: str) -> None:
    assert main(["--describe", cards]) == 0
    assert capsys.readouterr().out == JACKS


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("10H 10S 10C 10D 10H", "10H appears twice; a hand holds each card once."),
        ("TH 10S 10C 10D 10h", "TH and 10h are the same card; a hand holds each card once."),
        ("knave of hearts, JH", "knave of hearts and JH are the same card"),
    ],
)
def test_a_card_given_twice_is_named_as_the_player_wrote_it(
    capsys: pytest.CaptureFixture[str], cards: str, message: str
) -> None:
    assert main(["--describe", cards]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err
    assert "TH appears" not in captured.err
