"""A seat's name has one rule, the engine's (issue 27 F): the set-up screen, line mode and
``Config`` give the same answer, and the README's 14 columns (8 for a CPU) hold everywhere."""

from __future__ import annotations

import io

import pytest

from tableau.cli.pesten import seat_players
from tableau.cli.plain import Lines
from tableau.engines import pesten
from tableau.storage.passwords import PasswordScheme

FOURTEEN = "Alexandra-Mari"
FIFTEEN = FOURTEEN + "a"


def test_a_name_may_take_fourteen_columns_and_no_more() -> None:
    assert pesten.MAX_NAME_LENGTH == 14
    assert pesten.name_problem(FOURTEEN) is None
    assert pesten.name_problem(FIFTEEN) == (
        "A name may have at most 14 characters, so the table shows it whole.")
    assert pesten.name_problem("Kim" * 4 + "金金") == (
        "A name may have at most 14 characters (a wide character counts as two), "
        "so the table shows it whole.")
    assert pesten.name_problem("Computer", cpu=True) is None
    assert pesten.name_problem("Computer1", cpu=True) == (
        "A CPU's name may have at most 8 characters: the table adds “(CPU)”.")
    assert pesten.name_problem("") == "Every player needs a name."
    assert pesten.name_problem("a\tb") == "A name may only hold printable characters."


def test_a_table_refuses_a_name_the_seat_list_could_not_show_whole() -> None:
    pesten.Config(players=2, names=(FOURTEEN, "Bram"))
    with pytest.raises(ValueError, match="at most 14 characters"):
        pesten.Config(players=2, names=(FIFTEEN, "Bram"))


def test_line_mode_refuses_a_fifteen_character_name_as_the_set_up_does() -> None:
    answers = io.StringIO(f"{'x' * 20}\n{FIFTEEN}\n{FOURTEEN}\n\n")
    out = io.StringIO()
    seats = seat_players(Lines(answers, out), ("human", "careful"), PasswordScheme(cheap=True),
                         lambda lines, prompt: lines.ask(prompt))
    assert [seat.name for seat in seats] == [FOURTEEN, "Bram"]
    assert out.getvalue().count(
        "A name may have at most 14 characters, so the table shows it whole.") == 2

