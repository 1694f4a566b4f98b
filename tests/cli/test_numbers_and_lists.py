"""Issue 27 F: every number on the command line is read one way (the digits 0 to 9, as
--seed always was), every comma list one way (no empty entries), and `yukon --solve` says
what is missing."""

from __future__ import annotations

import pytest

from tableau.cli import main as tableau
from tableau.cli.plain import whole_number

NOT_ASCII = ["٣", "３", "३", "1_0"]
"""Arabic-Indic, fullwidth and Devanagari three, and an underscore: Python's int() takes
them all."""

NUMBER_OPTIONS = [
    ["gofish", "--cpus"],
    ["gofish", "--simulate"],
    ["gofish", "--simulate", "3", "--players"],
    ["pesten", "--simulate"],
    ["pesten", "--players"],
    ["pesten", "--packs"],
    ["pesten", "--jokers"],
    ["poker", "--cpus"],
]


@pytest.fixture(autouse=True)
def no_app(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, object]]:
    """A command that would open the full-screen app records its options instead."""
    opened: list[dict[str, object]] = []

    def run_app(**options: object) -> int:
        opened.append(options)
        return 0

    monkeypatch.setattr("tableau.ui.app.run_app", run_app)
    return opened


@pytest.mark.parametrize("digit", NOT_ASCII)
@pytest.mark.parametrize("option", NUMBER_OPTIONS, ids=" ".join)
def test_every_number_option_refuses_digits_that_are_not_0_to_9_as_seed_does(
    option: list[str], digit: str, capsys: pytest.CaptureFixture[str],
    no_app: list[dict[str, object]],
) -> None:
    assert tableau([*option, digit]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and no_app == []
    assert (f"argument {option[-1]}: '{digit}' is not a whole number; write it with the "
            "digits 0 to 9, like 3.") in captured.err
    assert tableau([option[0], "--seed", digit]) == 2
    assert "is not a seed" in capsys.readouterr().err


@pytest.mark.parametrize("option", [["gofish", "--delay"],
                                    ["yukon", "--solve", "--seed", "1", "--budget-s"]],
                         ids=" ".join)
def test_seconds_are_read_with_the_digits_0_to_9_too(
    option: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    for written in ("٣", "1e1", "inf"):
        assert tableau([*option, written]) == 2
        assert f"'{written}' is not a" in capsys.readouterr().err


def test_numbers_in_ascii_digits_are_still_taken(no_app: list[dict[str, object]]) -> None:
    assert tableau(["gofish", "--cpus", "3", "--delay", ".5"]) == 0
    assert tableau(["poker", "--cpus", " 2 "]) == 0
    assert tableau(["pesten", "--players", "4", "--packs", "2", "--jokers", "0"]) == 0
    assert [(run.get("cpus"), run.get("players")) for run in no_app] == [
        (3, None), (2, None), (None, 4)]
    assert no_app[0]["cpu_delay"] == 0.5


def test_one_reader_for_every_whole_number() -> None:
    from tableau.cli.args import MAX_DIGITS  # here: the base code has no such reader
    from tableau.cli.args import whole

    assert whole(" 42 ") == 42 and whole("-3") == -3 and whole("+7") == 7
    for text in (*NOT_ASCII, "", "4.5", "seven", "--3", "0x10"):
        assert whole(text) is None
    assert whole("9" * 5000) == 10**MAX_DIGITS  # beyond every range, without reading it
    with pytest.raises(ValueError, match="is not a whole number"):
        whole_number("٣", range(7), "a card")  # the line modes read typed numbers alike


@pytest.mark.parametrize(
    "argv",
    [
        ["pesten", "--simulate", "2", "--cpu", "careful,,random"],
        ["pesten", "--simulate", "2", "--cpu", ","],
        ["pesten", "--cpu", "careful,"],
        ["gofish", "--simulate", "2", "--cpu", ","],
        ["gofish", "--simulate", "2", "--cpu", "pro,,easy"],
        ["gofish", "--simulate", "2", "--cpu", ""],
    ],
    ids=" ".join,
)
def test_every_cpu_list_refuses_an_empty_entry_with_one_sentence(
    argv: list[str], capsys: pytest.CaptureFixture[str], no_app: list[dict[str, object]]
) -> None:
    assert tableau(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and no_app == []
    assert captured.err == (f"tableau {argv[0]}: argument --cpu: '{argv[-1]}' has an empty "
                            "name; separate the names with single commas.\n")


def test_a_cpu_list_with_spaces_after_the_commas_is_taken(
    capsys: pytest.CaptureFixture[str]
) -> None:
    assert tableau(["pesten", "--simulate", "1", "--cpu", "careful, random"]) == 0
    assert "(random)" in capsys.readouterr().out
    assert tableau(["gofish", "--simulate", "1", "--cpu", "pro, easy"]) == 0
    assert "(easy)" in capsys.readouterr().out


def test_yukon_solve_without_a_deal_says_what_is_missing(
    capsys: pytest.CaptureFixture[str]
) -> None:
    assert tableau(["yukon", "--solve"]) == 2
    err = capsys.readouterr().err
    assert err == "tableau yukon: --solve needs a deal to solve: give --seed N or --deck FILE.\n"
    assert tableau(["yukon", "--solve", "--seed", "2", "--deck", "x.txt"]) == 2
    assert "not both" in capsys.readouterr().err
