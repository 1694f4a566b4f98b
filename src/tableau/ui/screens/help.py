"""The help screen: a game's rules and controls from ``docs/rules/<game>.md``.

The rules folder is packaged as ``tableau/rules`` (a symlink to ``docs/rules``), so the
text is read with importlib.resources and works from a wheel too.
"""

from __future__ import annotations

from importlib.resources import files
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from tableau.registry import find_game
from tableau.ui.screens.base import TableauScreen
from tableau.ui.widgets.footer import KeysFooter
from tableau.ui.widgets.header import TitleHeader

MENU_HELP = """\
# tableau

A card table in your terminal. Pick a game from the list:

- **↑ ↓** (or **j k**) move, **Enter** or a **number key** starts the game, or click it.
- **?** or **F1** shows the rules and controls of the game you are in.
- **ctrl+p** opens the command palette: new game, undo, themes and more.
- **q** leaves a game and comes back here; **ctrl+q** quits from anywhere.
- **Continue** entries at the top resume a game where you left it: Yukon, Go Fish and
  Poker save after every move. Starting a new game over one in progress asks first, and
  the unfinished game counts as a loss in your statistics.
- **o** opens a Pesten, Go Fish or Poker table for friends at other screens: a seat may be
  open, and the table's code (such as PEST-4821) is on show for them.
- **t** joins a table a friend opened: type its code, then take a seat with your name and
  a password (you need it only to come back to the seat).
- **s** shows the statistics of every game.
"""


def rules_text(game: str | None) -> str:
    """The Markdown help for ``game`` (None = the menu), or a short note if it is missing."""
    if game is None:
        return MENU_HELP
    try:
        return (files("tableau") / "rules" / f"{game}.md").read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError, UnicodeDecodeError):
        return f"# {game}\n\nThe rules for this game are not written yet."


class HelpText(VerticalScroll):
    """The rules, scrolled by the keys as a pager: arrows, Page Up/Down, Home/End, Space."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "page_down", "Page down", show=False),
        Binding("shift+space", "page_up", "Page up", show=False),
    ]


class HelpScreen(TableauScreen):
    """Scroll with the arrows, Page Up/Down, Space or the mouse; Escape, q or ? closes it."""

    CSS_PATH = "help.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("q", "close", "Close", show=False),
        Binding("question_mark", "close", "Close", show=False),
        Binding("f1", "close", "Close", show=False),
    ]

    def __init__(self, game: str | None) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        yield TitleHeader(icon="?")
        with HelpText(id="help-text"):
            yield Markdown(rules_text(self.game))
        yield KeysFooter()

    def on_mount(self) -> None:
        super().on_mount()
        game = find_game(self.game) if self.game else None
        self.sub_title = f"{game.title} — rules and controls" if game else "help"
        self.query_one("#help-text").focus()

    def action_close(self) -> None:
        self.dismiss()
