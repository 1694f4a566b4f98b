"""A short fuzz run: junk into the Yukon line mode and the command line finds no traceback.

(Every engine gets junk moves and mutated saves in tests/engines/test_contract.py.)
File names stay inside the test's temporary folder: a line or argument naming a path outside
it is never generated, so nothing is written to or read from a real device.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import tableau.cli
from tableau.cli import main as tableau_main
from tableau.cli import pesten
from tableau.cli import plain
from tableau.cli import yukon
from tableau.engines.yukon import Config
from tableau.sessions.yukon import YukonSession

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])

# Only plain names: no separators, no "..", no "~", so every file is in the temp folder.
_NAME = st.text(alphabet="abcxyz019._-", min_size=1, max_size=8).filter(
    lambda name: ".." not in name and name not in (".", "-")
)
_WORD = st.one_of(
    st.sampled_from(["LD", "SW", "SI", "SR", "SD", "P", "Q", "QQ", "U", "R", "S", "L", "?",
                     "C1", "C7", "F1", "F4", "->", ":", "AH", "10S", "KD", "0", "52", "-1",
                     "C6:4H->C4", "C7->F2", "F4->C6", "999999999999999999999"]),
    _NAME,
    st.text(alphabet=st.characters(blacklist_characters="/\\~\n\r"), max_size=12),
)
_LINE = st.lists(_WORD, max_size=5).map(" ".join).filter(
    lambda line: ".." not in line and "~" not in line
)


@FUZZ
@given(lines=st.lists(_LINE, max_size=30))
def test_junk_lines_in_yukon_line_mode_never_crash(lines: list[str], tmp_path: Path) -> None:
    session = YukonSession.start(Config(seed=7), tmp_path, None)
    stdout = io.StringIO()
    assert yukon.run_plain(session, io.StringIO("\n".join(lines) + "\n"), stdout) == 0
    assert stdout.getvalue().count("INPUT > ") >= 1


_OPTION = st.sampled_from([
    "--seed", "--rules", "--plain", "--deck", "--cpus", "--level", "--delay", "--simulate",
    "--players", "--packs", "--jokers", "--cpu", "--json", "--describe", "--help", "-h", "--",
    "--frobnicate",
])
_VALUE = st.one_of(
    st.sampled_from(["0", "1", "2", "3", "-1", "-3", "9" * 25, "x" * 500, "", "nan", "inf",
                     "1e9", "pro,easy", "careful,random", "easy,,pro", "spec", "russian",
                     "QH QS TD 7S 4C", "\x00", "é"]),
    _NAME,
    st.text(alphabet=st.characters(blacklist_characters="/\\~\x00"), max_size=10),
)
_SIMULATE_LIMIT = 3


def _small_simulations(arguments: list[str]) -> bool:
    """Keep simulations to a few games so the run stays within seconds."""
    for index, argument in enumerate(arguments):
        if argument.startswith("--sim"):
            value = arguments[index + 1] if index + 1 < len(arguments) else ""
            if "=" in argument:
                value = argument.split("=", 1)[1]
            if value.strip().isdigit() and int(value) > _SIMULATE_LIMIT:
                return False
    return True


_ARGUMENTS = st.tuples(
    st.sampled_from(["yukon", "pesten", "gofish", "poker", "chess", ""]),
    st.lists(st.one_of(_OPTION, _VALUE), max_size=6),
).map(lambda parts: [parts[0], *parts[1]] if parts[0] else parts[1]).filter(_small_simulations)


@pytest.fixture
def no_screen(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[tuple[Any, ...]]:
    """The full-screen app is replaced by a note of how it was asked for."""
    opened: list[tuple[Any, ...]] = []

    def open_app(start: str | None = None, **options: Any) -> int:
        opened.append((start, options))
        return 0

    for module in (tableau.cli, pesten, plain, yukon):
        monkeypatch.setattr(module, "open_app", open_app)
    monkeypatch.chdir(tmp_path)
    return opened


@FUZZ
@given(arguments=_ARGUMENTS)
def test_junk_arguments_never_crash(
    arguments: list[str], no_screen: list[tuple[Any, ...]],
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("LD\nP\nQQ\n"))
    code = tableau_main(arguments)
    err = capsys.readouterr().err
    assert code in (0, 2)
    assert "Traceback" not in err
    if code == 2:
        assert err.strip() and len(err) < 400
