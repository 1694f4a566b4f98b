"""Keys in one table per screen (issue 29, item 6): every key a screen binds is named in the
help that screen shows (``docs/rules/<game>.md``; the app's own keys in the menu's help), and
every key the help names is bound.

The keys are read from the live screens (the scenes the snapshot tests draw), so bindings that
move into mixins or widgets are still found. The help is read as a player reads it: the first
column of its key tables, and the bold words that are keys (``**Enter**``, ``**←/→**``).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen

from tableau.ui.screens.help import MENU_HELP
from tableau.ui.screens.help import rules_text


@dataclass(frozen=True)
class KeyTable:
    """Where one screen's keys are bound and where its help names them."""

    game: str
    """The game whose help and scenes these are ("menu": the menu's help and scenes)."""
    sections: tuple[str, ...]
    """The headings of the help whose text names the keys."""
    screens: tuple[str, ...]
    """Scenes whose own keys must all be in the help."""
    dialogs: tuple[str, ...] = ()
    """Scenes of dialogs the screen opens: the help may name their keys, need not name all."""
    app_keys: bool = False
    """The app's own keys (ctrl+q, F1) belong to this help."""
    opened_from: tuple[tuple[str, str], ...] = ()
    """(dialog, screen): the dialog's scene opens it from the screen's scene, so the screen's
    keys are read beneath the dialog, one app for both (the same nodes, the same keys)."""

    def help_text(self) -> str:
        text = MENU_HELP if self.game == "menu" else rules_text(self.game)
        return "\n".join(section(text, title) for title in self.sections)


TABLES = (
    KeyTable("menu", ("tableau",), ("main",), app_keys=True),
    KeyTable("yukon", ("Playing with the keyboard",), ("deal",)),
    KeyTable("pesten", ("Controls",), ("setup", "hand"), dialogs=("suit-chooser",),
             opened_from=(("suit-chooser", "hand"),)),
    KeyTable("gofish", ("Controls",), ("start",)),
    KeyTable("poker", ("Controls",), ("deal",)),
)

MENU_NUMBERS = "1 2 3 4"
"""The menu numbers its four games: its help says "a number key"."""

# ----------------------------------------------------------------------- reading the help

_PHRASES = {
    "Page Up/Down": "pageup pagedown",
    "Page Up": "pageup",
    "Page Down": "pagedown",
    "PageUp": "pageup",
    "PageDown": "pagedown",
    "number key": MENU_NUMBERS,
    "a click": "",
}
_WORDS = {
    "←": "left", "→": "right", "↑": "up", "↓": "down",
    "Enter": "enter", "Escape": "escape", "space": "space", "Space": "space", "Tab": "tab",
    "Home": "home", "End": "end", "?": "question_mark", ":": "colon", "F1": "f1",
    "pageup": "pageup", "pagedown": "pagedown",
}
_JOINING_WORDS = {"or", "and", "anywhere"}


def section(text: str, title: str) -> str:
    """The text under the heading ``title``, up to the next heading of its level or higher."""
    lines = text.splitlines()
    for index, line in enumerate(lines):
        heading = re.match(r"(#+) (.+)", line)
        if heading and heading.group(2).strip() == title:
            level = len(heading.group(1))
            body = []
            for later in lines[index + 1:]:
                next_heading = re.match(r"(#+) ", later)
                if next_heading and len(next_heading.group(1)) <= level:
                    break
                body.append(later)
            return "\n".join(body)
    raise AssertionError(f"the help has no section {title!r}")


def key_names(text: str) -> set[str] | None:
    """The Textual key names that ``text`` ("u or ctrl+z / r or ctrl+y") names, or None
    when a word of it is not a key."""
    text = text.replace("`", "")
    for phrase, keys in _PHRASES.items():
        text = text.replace(phrase, f" {keys} ")
    text = re.sub(r"(\d)\s*[–-]\s*(\d)", r"\1–\2", text)  # "1 – 7" is one range
    names: set[str] = set()
    for word in re.split(r"[\s/,()]+", text):
        if not word or word in _JOINING_WORDS:
            continue
        if word in _WORDS:
            names.add(_WORDS[word])
        elif span := re.fullmatch(r"(\d)–(\d)", word):
            names |= {str(n) for n in range(int(span.group(1)), int(span.group(2)) + 1)}
        elif re.fullmatch(r"ctrl\+\w", word):
            names.add(word.lower())
        elif word.lower() == "shift+tab":
            names.add("shift+tab")
        elif re.fullmatch(r"shift\+[a-z]", word):
            names.add(word[-1].upper())
        elif re.fullmatch(r"[A-Za-z0-9]", word):
            names.add(word)
        else:
            return None
    return names


def documented_keys(text: str) -> set[str]:
    """The keys named in the first column of the tables and in bold words."""
    lines = text.splitlines()
    keys: set[str] = set()
    for index, line in enumerate(lines):
        if line.startswith("|"):
            follows = lines[index + 1] if index + 1 < len(lines) else ""
            cell = line.split("|")[1]
            is_rule = "-" in cell and set(cell.strip()) <= set("-: ")
            is_heading = bool(re.fullmatch(r"\|[-:| ]+", follows.strip()))
            if not (is_rule or is_heading):
                named = key_names(cell)
                assert named is not None, f"a key table cell that is not keys: {cell!r}"
                keys |= named
        for bold in re.findall(r"\*\*(.+?)\*\*", line):
            keys |= key_names(bold) or set()  # bold words that are not keys are labels
    return keys


# ----------------------------------------------------------------------- reading the screens


def _key(binding: Binding) -> str:
    key = binding.key
    return key[-1].upper() if re.fullmatch(r"shift\+[a-z]", key) else key


def merged_bindings(node: DOMNode, *, tableau_only: bool = False) -> list[Binding]:
    """``node``'s bindings merged over its classes as Textual merges them; ``tableau_only``
    leaves out what Textual's own classes bind (such as Tab on every screen)."""
    found: list[Binding] = []
    for cls in reversed(type(node).__mro__):
        if not (isinstance(cls, type) and issubclass(cls, DOMNode)):
            continue
        if not cls._inherit_bindings:
            found.clear()
        if cls.__module__.startswith("tableau.") or not tableau_only:
            found.extend(Binding.make_bindings(cls.__dict__.get("BINDINGS", [])))
    return found


def keys_to_document(bindings: list[Binding]) -> set[str]:
    """A capital that does what its small letter does (A and a: aces) needs no word of its
    own; a capital that does something else (Q: queens, q: leave) does."""
    actions = {(binding.key, binding.action) for binding in bindings}
    return {
        _key(binding) for binding in bindings
        if not (binding.key.isupper() and (binding.key.lower(), binding.action) in actions)
    }


def _nodes(screen: Screen[Any]) -> Iterator[DOMNode]:
    yield screen
    yield from screen.walk_children()


@dataclass
class SceneKeys:
    screen: list[Binding]
    """What tableau binds on the screen and its widgets."""
    app: list[Binding]
    """What tableau binds on the app."""
    working: set[str]
    """Every key bound there (Textual's own included, and the command palette's)."""


def _screen_keys(app: App[Any], screen: Screen[Any]) -> SceneKeys:
    nodes = [app, *_nodes(screen)]
    return SceneKeys(
        screen=[binding for node in _nodes(screen)
                for binding in merged_bindings(node, tableau_only=True)],
        app=merged_bindings(app, tableau_only=True),
        working={_key(binding) for node in nodes for binding in merged_bindings(node)}
        | {app.COMMAND_PALETTE_BINDING},
    )


async def scene_keys(game: str, name: str) -> list[SceneKeys]:
    """The keys of each screen the scene shows, the top one first."""
    scenes = importlib.import_module(f"tableau.ui.scenes.{game}").SCENES
    scene = next(scene for scene in scenes if scene.name == name)
    app = scene.make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await scene.setup(pilot)
        await pilot.pause()
        return [_screen_keys(app, screen) for screen in reversed(app.screen_stack)]


def _names(keys: Iterable[str]) -> str:
    return ", ".join(sorted(keys))


# ----------------------------------------------------------------------- the tests


def test_the_help_reader_reads_key_cells_and_refuses_other_words() -> None:
    assert key_names("u or ctrl+z / r or ctrl+y") == {"u", "ctrl+z", "r", "ctrl+y"}
    assert key_names("← → ↑ ↓ (or l k j)") == {"left", "right", "up", "down", "l", "k", "j"}
    assert key_names("`1`–`5`, space, or a click") == {"1", "2", "3", "4", "5", "space"}
    assert key_names("Page Up/Down") == {"pageup", "pagedown"}
    assert key_names("F (shift+f)") == {"F"}
    assert key_names("House rules & scoring") is None
    assert documented_keys("| Key | What |\n|---|---|\n| 1 – 3 | jump |\n**d** draws") == {
        "1", "2", "3", "d"}


@pytest.mark.parametrize("table", TABLES, ids=lambda table: table.game)
async def test_the_help_names_every_key_of_the_screen_and_no_other(table: KeyTable) -> None:
    required: set[str] = set()
    working: set[str] = set()
    beneath = {screen for _dialog, screen in table.opened_from}
    for name in table.screens + table.dialogs:
        if name in beneath:
            continue  # read beneath the dialog its scene opens
        stack = await scene_keys(table.game, name)
        shown = [(name, stack[0])] + [(screen, stack[1]) for dialog, screen in table.opened_from
                                      if dialog == name]
        for scene, keys in shown:
            if scene in table.screens:
                required |= keys_to_document(keys.screen + (keys.app if table.app_keys else []))
            working |= keys.working
    documented = documented_keys(table.help_text())

    assert required, "the screen binds keys"
    assert not required - documented, f"bound, not in the help: {_names(required - documented)}"
    assert not documented - working, f"in the help, not bound: {_names(documented - working)}"
