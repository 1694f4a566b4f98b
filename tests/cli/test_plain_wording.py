"""Line mode's wording: a suit named in words has no letter before it, and a list of one
choice asks for that one."""

from __future__ import annotations

import pytest

from tableau.cli.pesten_text import options
from tableau.cli.pesten_text import read_command
from tableau.cli.plain import in_letters
from tableau.engines.pesten import Config
from tableau.engines.pesten import new_game
from tableau.engines.pesten import view


def test_a_named_suit_reads_as_its_word_and_cards_keep_their_letters() -> None:
    assert in_letters("Anna takes 5 and names ♠ spades.") == "Anna takes 5 and names spades."
    assert in_letters("Bea plays J♥ and names ♣ clubs; 10♦ is on top.") == (
        "Bea plays JH and names clubs; 10D is on top.")


def test_one_choice_is_asked_for_as_one() -> None:
    state = new_game(Config(players=2, seed=8))
    seen = view(state, state.current)
    alone = next(seen._replace(legal=(move,)) for move in seen.legal
                 if len(options(seen._replace(legal=(move,)))) == 1)
    with pytest.raises(ValueError, match=r"^9 is not on the list; choose 1\.$"):
        read_command("9", alone)
    many = len(options(seen))
    with pytest.raises(ValueError, match=rf"choose 1 to {many}\.$"):
        read_command("99", seen)
