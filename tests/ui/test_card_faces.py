"""Card faces (issue 17): ascii faces with no suit glyph or box line anywhere a card is drawn
or named, four colours, the palette command that redraws at once and is remembered, and the
locale rule that never overrides a face the player asked for."""

from __future__ import annotations

import html
import os
import re
import tomllib
from pathlib import Path

import pytest
from textual.command import CommandInput
from textual.command import CommandPalette
from ui_helpers import press
from ui_helpers import settled
from ui_helpers import started
from ui_helpers import type_lines

from tableau.ui import app as app_module
from tableau.ui.app import TableauApp
from tableau.ui.faces import ASCII_TABLE
from tableau.ui.faces import ascii_text
from tableau.ui.faces import chosen_face
from tableau.ui.faces import shows_glyphs
from tableau.ui.scenes import still_app

GLYPHS = {chr(code) for code in ASCII_TABLE}
SUITS = set("♣♦♥♠")
CARD_CODE = re.compile(r"\b(?:10|[2-9AJQK])[CDHS]\b")


def drawn(app: TableauApp) -> str:
    """Every character on the screen, as the terminal gets it (the SVG export runs through
    the same line filters)."""
    svg = app.export_screenshot()
    texts = re.findall(r"<text [^>]*>(.*?)</text>", svg)
    return " ".join(html.unescape(text) for text in texts).replace("\xa0", " ")


def test_ascii_text_names_cards_with_letters_one_cell_for_one() -> None:
    assert ascii_text("10♦ on J♣, 7♥ ♠") == "10D on JC, 7H S"
    assert ascii_text("╭──╮│░▔·×") == "+--+|#=.x"
    assert all(len(ascii_text(glyph)) == 1 for glyph in GLYPHS)


@pytest.mark.parametrize(("encoding", "glyphs"), [
    ("utf-8", True), ("UTF8", True), ("ascii", False), ("latin-1", False), ("cp1252", False),
    (None, False), ("no-such-encoding", False),
])
def test_only_an_encoding_that_carries_the_glyphs_shows_them(encoding: str | None,
                                                             glyphs: bool) -> None:
    assert shows_glyphs(encoding) is glyphs


def test_the_face_asked_for_wins_then_the_remembered_then_the_locale() -> None:
    assert chosen_face(None, None, glyphs_shown=True) == "unicode"
    assert chosen_face(None, None, glyphs_shown=False) == "ascii"
    assert chosen_face(None, "four-colour", glyphs_shown=False) == "four-colour"
    assert chosen_face("unicode", "ascii", glyphs_shown=False) == "unicode"
    assert chosen_face("four-colour", "ascii", glyphs_shown=True) == "four-colour"


async def test_ascii_yukon_draws_no_glyph_even_in_its_messages(tmp_path: Path) -> None:
    """Compact cards at 80×24, then boxed ones once the terminal is 120×40."""
    app = still_app("yukon", folder=tmp_path, seed=3, cards="ascii")
    async with started(app, (80, 24)) as pilot:
        await type_lines(pilot, "LD", "P", "C7->F1")  # refused: the message names the cards
        for size in ((80, 24), (120, 40)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert app.size == size and app.screen.has_class("-large") == (size == (120, 40))
            text = drawn(app)
            assert not GLYPHS & set(text), (size, sorted(GLYPHS & set(text)))
            assert len(CARD_CODE.findall(text)) >= 20
            assert "does not go on F1" in text  # the refusal is on the screen


async def test_ascii_pesten_and_the_menu_draw_no_glyph(tmp_path: Path) -> None:
    app = still_app("pesten", folder=tmp_path, cards="ascii")
    async with started(app, (120, 40)) as pilot:
        assert not GLYPHS & set(drawn(app))
        await press(pilot, "escape")
        app.show_menu()
        await pilot.pause()
        text = drawn(app)
        assert not GLYPHS & set(text) and "S H  t a b l e a u  D C" in text


def search(app: TableauApp, words: str) -> None:
    """Write ``words`` in the open palette's search field at once (each typed key would
    start a search of its own)."""
    assert isinstance(app.screen, CommandPalette)
    app.screen.query_one(CommandInput).value = words


async def test_the_palette_changes_the_faces_at_once_and_the_next_run_keeps_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The faces chosen in the palette show at once and are kept: the next run shows them,
    even in a terminal without UTF-8 (the player chose; once the last run of
    test_a_terminal_without_utf8_gets_ascii_unless_the_player_chose, merged here)."""
    app = still_app("yukon", folder=tmp_path, persist=True, seed=3)
    async with started(app, (80, 24)) as pilot:
        assert app.card_face == "unicode" and SUITS & set(drawn(app))
        await press(pilot, "ctrl+p")
        assert isinstance(app.screen, CommandPalette)
        search(app, "Cards: ascii")  # filled, not typed: typing in it is tested elsewhere
        await settled(pilot)  # the palette's search (a worker) has found it
        await press(pilot, "enter")
        assert app.card_face == "ascii"
        assert not GLYPHS & set(drawn(app))  # redrawn without another key
        await press(pilot, "ctrl+p")
        search(app, "Cards: four")
        await settled(pilot)  # the palette's search (a worker) has found it
        await press(pilot, "enter")
        assert app.card_face == "four-colour" and app.has_class("-four-colour")
        assert SUITS & set(drawn(app))
    saved = tomllib.loads((Path(os.environ["TABLEAU_HOME"]) / "settings.toml").read_text())
    assert saved["app"]["cards"] == "four-colour"
    monkeypatch.setattr(app_module, "terminal_shows_glyphs", lambda: False)
    again = still_app(folder=tmp_path, persist=True)
    async with started(again, (80, 24)):
        assert again.card_face == "four-colour"


async def test_a_terminal_without_utf8_gets_ascii_unless_the_player_chose(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(Faces the player chose in the palette, kept in settings.toml, over such a terminal:
    test_the_palette_changes_the_faces_at_once_and_the_next_run_keeps_them.)"""
    monkeypatch.setattr(app_module, "terminal_shows_glyphs", lambda: False)
    plain = still_app(folder=tmp_path, persist=True)
    async with started(plain, (80, 24)):
        assert plain.card_face == "ascii"
    asked = still_app(folder=tmp_path, persist=True, cards="unicode")
    async with started(asked, (80, 24)):
        assert asked.card_face == "unicode"
