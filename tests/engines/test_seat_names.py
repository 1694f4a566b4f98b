"""One seat-name rule for every game (issue 29): ``tableau.engines.names``. Pesten and Poker
refuse a bad name with the same sentence, at one limit of 14 columns; a Poker save from an
older version, which allowed 20 characters, still loads and plays on."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tableau.engines import pesten
from tableau.engines import poker
from tableau.engines.names import MAX_NAME_LENGTH
from tableau.engines.names import SAVED_NAME_LENGTH
from tableau.engines.names import name_problem
from tableau.engines.names import names_problem
from tableau.engines.protocol import SaveFormatError
from tableau.sessions import poker as poker_session
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind
from tableau.ui.preferences import SCHEMA

FOURTEEN = "Alexandra-Mari"
TWENTY = "Maximiliaan van Dijk"
TOO_LONG = "A name may have at most 14 characters, so the table shows it whole."

BAD_NAMES = [
    (FOURTEEN + "a", TOO_LONG),
    ("Kim" * 4 + "金金", "A name may have at most 14 characters (a wide character counts as two), "
                        "so the table shows it whole."),
    ("   ", "Every player needs a name."),
    ("a\tb", "A name may only hold printable characters."),
]


def _pesten(names: tuple[str, ...]) -> object:
    return pesten.Config(players=len(names), names=names)


def _poker(names: tuple[str, ...]) -> object:
    return poker.Config(players=len(names), names=names)


def _poker_table(names: tuple[str, ...]) -> object:
    return poker_session.start([SeatInfo(name, SeatKind.HUMAN) for name in names], seed=7)


GAMES = [_pesten, _poker, _poker_table]


def test_the_rule_has_one_limit_and_the_games_share_it() -> None:
    assert MAX_NAME_LENGTH == pesten.MAX_NAME_LENGTH == 14
    assert pesten.name_problem is name_problem
    assert len(TWENTY) == SAVED_NAME_LENGTH == 20


@pytest.mark.parametrize("make", GAMES)
def test_every_game_takes_a_fourteen_column_name(make: Any) -> None:
    make((FOURTEEN, "Bram"))


@pytest.mark.parametrize("make", GAMES)
@pytest.mark.parametrize(("name", "sentence"), BAD_NAMES)
def test_every_game_refuses_a_bad_name_with_the_rules_sentence(make: Any, name: str,
                                                                sentence: str) -> None:
    assert name_problem(name.strip()) == sentence
    with pytest.raises(ValueError) as refused:
        make((name, "Bram"))
    assert str(refused.value) == sentence


@pytest.mark.parametrize("make", GAMES)
def test_every_game_refuses_two_names_alike_but_for_case(make: Any) -> None:
    with pytest.raises(ValueError) as refused:
        make(("Anna", "ANNA "))
    assert str(refused.value) == "Two players are called ANNA; every name must differ."


def test_the_settings_keep_only_names_the_rule_allows() -> None:
    check = SCHEMA["pesten"]["seats"].check
    for name, allowed in [(FOURTEEN, True), *((bad, False) for bad, _ in BAD_NAMES)]:
        seats = [{"name": name, "kind": "human"}, {"name": "Bram", "kind": "careful"}]
        assert (check(seats) is None) is allowed, name
        assert (names_problem((name, "Bram"), 2) is None) is allowed


def _old_poker_save(name: str) -> dict[str, Any]:
    """A Poker save as an older version wrote it, seat 1 named ``name`` (it allowed 20)."""
    session = poker_session.PokerSession.table(cpus=2, seed=11)
    data: dict[str, Any] = json.loads(json.dumps(session.to_json()))
    data["seats"][1]["name"] = name
    data["state"]["names"][1] = name
    return data


def test_an_old_poker_save_with_a_twenty_character_name_loads_and_plays_on() -> None:
    with pytest.raises(ValueError, match="at most 14 characters"):
        poker.Config(players=3, names=("You", TWENTY, "Cato"))  # a new table refuses it
    session = poker_session.PokerSession.from_json(_old_poker_save(TWENTY))
    assert session.seats[1].name == TWENTY
    assert session.state.names[1] == TWENTY
    assert TWENTY in " ".join(poker_session.standings(session.view(0)))
    session.new_game()  # the next game deals the same table, the name kept
    assert session.state.names[1] == TWENTY
    again = poker_session.PokerSession.from_json(json.loads(json.dumps(session.to_json())))
    assert again.state == session.state


def test_a_poker_save_with_a_name_no_version_wrote_is_refused() -> None:
    with pytest.raises(SaveFormatError):
        poker_session.PokerSession.from_json(_old_poker_save(TWENTY + "y"))
