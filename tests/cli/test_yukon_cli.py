"""`tableau yukon --plain`: line mode on stdin and stdout, and its options."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from tableau.cli.yukon import main

DECKS = Path(__file__).resolve().parents[2] / "assets" / "decks"
ROOT = Path(__file__).resolve().parents[2]


def plain(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    commands: str,
    *options: str,
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(commands))
    code = main(["--plain", *options])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def views(out: str) -> list[str]:
    """The printed views, one per command plus the first one."""
    return out.split("INPUT > ")[:-1]


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_line_mode_prints_a_view_before_and_after_each_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = plain(monkeypatch, capsys, "LD\nP\n", "--seed", "1")
    assert code == 0
    shown = views(out)
    assert len(shown) == 3
    assert shown[0].startswith("C1\tC2\tC3\tC4\tC5\tC6\tC7\n")
    after_p = shown[2].strip("\n").split("\n")
    assert after_p[1] == "AC\t[]\t[]\t[]\t[]\t[]\t[]\t\t[]\tF1"
    assert after_p[-2:] == ["LAST Command: P", "Message: OK"]
    assert out.endswith("INPUT > \n")


def test_line_mode_stops_on_qq(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], in_tmp: Path
) -> None:
    code, out, _ = plain(monkeypatch, capsys, "LD\nQQ\nSD\n")
    assert code == 0
    assert len(views(out)) == 3
    assert "LAST Command: QQ\nMessage: OK\nINPUT > \n" in out
    assert not (in_tmp / "cards.txt").exists()


def test_line_mode_plays_moves_and_reports_refusals(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = plain(monkeypatch, capsys, "LD\nP\nc1 -> f1\nC2->C3\nQQ\nQ\nQQ\n")
    assert "LAST Command: c1 -> f1\nMessage: OK\n" in out
    assert "Message: 6H does not go on QH: it needs a jack.\n" in out
    assert "LAST Command: QQ\nMessage: Command not available in the PLAY phase: type Q" in out
    assert out.count("INPUT > ") == 8


def test_the_deck_option_loads_a_deck(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = plain(monkeypatch, capsys, "P\n", "--deck", str(DECKS / "figure2.txt"))
    assert code == 0
    assert "\n5H\t[]\t[]\t[]\t[]\t[]\t[]\t\t[]\tF1\n" in out


def test_a_bad_deck_option_exits_2_with_the_reason(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = str(DECKS / "invalid-bad-card-line-7.txt")
    code, out, err = plain(monkeypatch, capsys, "", "--deck", bad)
    assert code == 2 and out == ""
    assert "Line 7:" in err and "Traceback" not in err


@pytest.mark.parametrize(
    "seed", ["", "-1", "abc", "1.5", "99999999999999999999999", "0", "1000000", "749976000"]
)
def test_a_bad_seed_exits_2_with_a_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], seed: str
) -> None:
    code, out, err = plain(monkeypatch, capsys, "", f"--seed={seed}")
    assert code == 2 and out == ""
    assert "seed" in err and "Traceback" not in err


def test_bad_rules_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = plain(monkeypatch, capsys, "", "--rules", "spider")
    assert code == 2 and "invalid choice" in err


def test_the_seed_reproduces_a_game_and_is_told_on_stderr(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, first, err = plain(monkeypatch, capsys, "LD\nSR\nSW\n", "--seed", "42")
    _, again, _ = plain(monkeypatch, capsys, "LD\nSR\nSW\n", "--seed", "42")
    _, other, _ = plain(monkeypatch, capsys, "LD\nSR\nSW\n", "--seed", "43")
    assert first == again != other
    assert "seed 42" in err


def test_the_rules_option_changes_what_may_move(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # In the unshuffled deal, 5S (black) may go on 6H (red) in every variant but Russian.
    _, spec, _ = plain(monkeypatch, capsys, "LD\nP\nC5:5S->C2\n")
    _, russian, _ = plain(monkeypatch, capsys, "LD\nP\nC5:5S->C2\n", "--rules", "russian")
    assert spec.rstrip().endswith("Message: OK\nINPUT >")
    assert "Message: 5S does not go on 6H: Russian rules need the same suit." in russian


def test_a_10_kb_junk_line_and_binary_input_never_crash(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    junk = "Q" * 10_000 + "\n" + "\x00\x1b[2J\x7f\n" + "LD\n"
    code, out, err = plain(monkeypatch, capsys, junk)
    assert code == 0 and "Traceback" not in err
    assert max(len(line) for line in out.split("\n")) < 200
    assert "\x1b" not in out
    assert out.count("Message: OK") == 1


def test_the_output_is_the_same_whatever_size_the_terminal_says_it_is(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Piped (as here, and as tests/cli/test_plain_modes.py runs the installed command), line
    mode prints the same table whatever COLUMNS, LINES and TERM say."""
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("COLUMNS", "30")
    monkeypatch.setenv("LINES", "5")
    code, narrow, _ = plain(monkeypatch, capsys, "LD\nSW\nP\n", "--seed", "1")
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("LINES", "60")
    _, wide, _ = plain(monkeypatch, capsys, "LD\nSW\nP\n", "--seed", "1")
    assert code == 0
    assert narrow == wide
    assert "\x1b" not in narrow
    assert "\nAC\t[]\t[]\t[]\t[]\t[]\t[]\t\t[]\tF1\n" in narrow


def test_the_seed_range_is_the_menus_and_is_in_the_help(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tableau.engines.yukon import GAME_NUMBERS

    code, _, err = plain(monkeypatch, capsys, "", "--seed", "0")
    assert code == 2 and "from 1 to 999999" in err
    assert main(["--help"]) == 0
    assert "from 1 to 999999" in " ".join(capsys.readouterr().out.split())
    assert (GAME_NUMBERS[0], GAME_NUMBERS[-1]) == (1, 999_999)


def test_seed_n_opens_game_n_dealt_in_the_tui(monkeypatch: pytest.MonkeyPatch) -> None:
    import tableau.ui.app

    opened: dict[str, object] = {}

    def fake_run_app(**options: object) -> int:
        opened.update(options)
        return 0

    monkeypatch.setattr(tableau.ui.app, "run_app", fake_run_app)
    assert main(["--seed", "2"]) == 0
    assert opened["seed"] == 2 and opened["deal"] is True
    opened.clear()
    assert main([]) == 0
    assert opened["deal"] is False and opened["seed"] in range(1, 1_000_000)


def test_ld_sr_p_in_line_mode_deals_the_tuis_game_n(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tableau.cli.yukon_text import render_text
    from tableau.engines.yukon import numbered_game
    from tableau.sessions.timeline import Timeline
    from tableau.sessions.yukon import YukonSession

    _, out, _ = plain(monkeypatch, capsys, "LD\nSR\nP\n", "--seed", "2")
    game_two = YukonSession(Timeline(numbered_game(2)), "P", "OK")
    assert views(out)[-1].lstrip("\n") + "INPUT > " == render_text(game_two)
    assert numbered_game(2).seed == 2


def test_line_mode_keeps_the_specs_card_letters_in_messages(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = plain(monkeypatch, capsys, "LD\nP\nC7->C6\n")
    assert "Message: KS does not go on JS: it needs a ten." in out
    assert "♠" not in out
