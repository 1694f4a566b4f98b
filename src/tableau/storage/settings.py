"""A human-editable ``settings.toml``: read with ``tomllib``, edited with ``tomlkit`` and
written atomically, checked against a schema the caller gives (the app's lives in the ui
layer).

The file is a table per section (``[yukon]``, ``[gofish]``, ...). Reading never fails: a
missing file means the defaults; a file that is not TOML, or a value the schema refuses, gives
one sentence each in ``problems``, and the default is used in its place. The file itself is
left untouched: a later change reads the file again and changes only the value that changed,
keeping the file as the player wrote it (comments, order, layout, unknown keys, refused
values, edits made while tableau runs). A file that could not be read, or that the player
could not write (read-only), is never written over.

The file and its folder are private (0600, 0700): they are made so, and made so on reading.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from typing import Final

from tableau.storage.files import FileProblem
from tableau.storage.files import atomic_write_text
from tableau.storage.files import read_small_text
from tableau.storage.home import make_private
from tableau.storage.home import private_folder
from tableau.storage.home import tighten_folder

MAX_SETTINGS_BYTES: Final = 256 * 1024

Check = Callable[[Any], str | None]
"""Why a value is refused ("must be one of spec, classic, russian"), or None."""


@dataclass(frozen=True, slots=True)
class Field:
    default: Any
    check: Check


Schema = Mapping[str, Mapping[str, Field]]
"""section -> key -> Field."""


def one_of(*choices: Any) -> Check:
    def check(value: Any) -> str | None:
        if value in choices and type(value) is type(choices[0]):
            return None
        return "must be one of " + ", ".join(str(choice) for choice in choices)

    return check


def whole(low: int, high: int) -> Check:
    def check(value: Any) -> str | None:
        if type(value) is int and low <= value <= high:
            return None
        return f"must be a whole number from {low} to {high}"

    return check


def number(low: float, high: float) -> Check:
    def check(value: Any) -> str | None:
        if type(value) in (int, float) and low <= value <= high:
            return None
        return f"must be a number from {low:g} to {high:g}"

    return check


def boolean(value: Any) -> str | None:
    return None if type(value) is bool else "must be true or false"


def text(longest: int) -> Check:
    def check(value: Any) -> str | None:
        if isinstance(value, str) and 0 < len(value) <= longest and value.isprintable():
            return None
        return f"must be a text of 1 to {longest} printable characters"

    return check


class Settings:
    """The settings of one file. ``get`` gives a checked value; ``set`` checks, keeps and
    writes at once (raising FileProblem with a sentence if it cannot write)."""

    def __init__(self, path: Path | None, schema: Schema) -> None:
        """``path`` None: settings for this run only (nothing read or written)."""
        self.path = path
        self.schema = schema
        self.problems: list[str] = []
        """One sentence for each thing in the file that was not used."""
        self._lines: list[str] = []
        """The same problems, each as a line of ``notice``."""
        self._writable = True
        self._values: dict[tuple[str, str], Any] = {
            (section, key): field.default
            for section, fields in schema.items() for key, field in fields.items()
        }
        self._chosen: set[tuple[str, str]] = set()
        if path is not None:
            self._read(path)

    @property
    def _name(self) -> str:
        return self.path.name if self.path is not None else "the settings"

    def _problem(self, sentence: str, line: str) -> None:
        self.problems.append(sentence)
        self._lines.append(line)

    def _unused(self, section: str, key: str, why: str) -> None:
        default = _shown(self.schema[section][key].default)
        self._problem(f"In {self._name}, {section}.{key} {why}, so the default ({default}) is "
                      "used.", f"{section}.{key} {why}")

    def notice(self) -> str | None:
        """All the problems as one notice (the one sentence, or a list of them), or None."""
        if len(self.problems) <= 1:
            return self.problems[0] if self.problems else None
        return (f"In {self._name}, {len(self.problems)} things are not used, so their defaults "
                "are:\n" + "\n".join(f"• {line}" for line in self._lines))

    def refuse(self, section: str, key: str, why: str) -> None:
        """The caller cannot use the file's value (a theme it does not know): the default
        holds and it is one more problem."""
        self._values[section, key] = copy.deepcopy(self.schema[section][key].default)
        self._chosen.discard((section, key))
        self._unused(section, key, why)

    def _read(self, path: Path) -> None:
        name = path.name
        if path.exists():  # a file from before tableau kept it private
            tighten_folder(path.parent)
            make_private(path)
        try:
            raw = _load(path)
        except FileProblem as error:
            self._writable = False
            reason = str(error).rstrip(".")
            self._problem(
                f"{name} could not be read ({reason}), so the defaults are used and the file "
                "is left as it is (changes are kept for this run only).",
                f"{name} could not be read ({reason})",
            )
            return
        for section in self.schema:
            if section in raw and not isinstance(raw[section], dict):
                self._problem(f"In {name}, {section} must be a table ([{section}]), so its "
                              "defaults are used.", f"{section} must be a table ([{section}])")
        for section, key in list(self._values):
            table = raw.get(section)
            if not isinstance(table, dict) or key not in table:
                continue
            value = table[key]
            why = self.schema[section][key].check(value)
            if why is None:
                self._values[section, key] = copy.deepcopy(value)
                self._chosen.add((section, key))
            else:
                self._unused(section, key, why)

    def get(self, section: str, key: str) -> Any:
        return copy.deepcopy(self._values[section, key])

    def chosen(self, section: str, key: str) -> bool:
        """Whether the value is the player's (read from the file or set), not the default."""
        return (section, key) in self._chosen

    def section(self, section: str) -> dict[str, Any]:
        return {key: self.get(section, key) for key in self.schema[section]}

    def set(self, section: str, key: str, value: Any) -> None:
        """Keep ``value`` and write the file at once. A value the schema refuses raises
        ValueError (a bug in the caller); a file that cannot be written, FileProblem (the
        value is still kept for this run)."""
        why = self.schema[section][key].check(value)
        if why is not None:
            raise ValueError(f"{section}.{key} {why}.")
        self._values[section, key] = copy.deepcopy(value)
        self._chosen.add((section, key))
        if self.path is None:
            return
        try:
            self._write(self.path, section, key, value)
        except FileProblem as problem:
            raise FileProblem(
                f"{str(problem).rstrip('.')}; the change holds for this run."
            ) from None

    def _write(self, path: Path, section: str, key: str, value: Any) -> None:
        """Change ``key`` in the file as it is now (the player may have edited it since, and
        their edits stay), and nothing else in it."""
        name = path.name
        try:
            document = _edited(path) if self._writable else None
        except FileProblem:
            document = None
        if document is None:
            raise FileProblem(f"{name} could not be read, so it is not written over.")
        if _has(document, section, key, value):
            return
        if section not in document:
            document.add(section, _tomlkit().table())
        elif not isinstance(document[section], dict):  # a hand-written "yukon = 3"
            document[section] = _tomlkit().table()  # the table wins now
        document[section][key] = copy.deepcopy(value)
        text = _tomlkit().dumps(document)
        try:  # never write what cannot be read back
            kept = _has(_parsed(text), section, key, value)
        except FileProblem:
            kept = False
        if not kept:
            raise FileProblem(f"{name} cannot take this change without breaking it.")
        try:
            private_folder(path.parent)
        except OSError as error:
            raise FileProblem(f"The folder of {name} cannot be made ({error.strerror})") from None
        atomic_write_text(path, text, name=name, private=True)


def _tomlkit() -> Any:
    import tomlkit  # only when something changes: start-up stays fast

    return tomlkit


def _edited(path: Path) -> Any:
    """The TOML document of ``path`` for editing, comments and layout kept; nothing there is
    an empty one. FileProblem if it cannot be read or is not TOML."""
    text = _text(path)
    _parsed(text)  # what tomllib refuses is not edited either
    try:
        return _tomlkit().parse(text)
    except Exception:  # tomlkit's ParseError and its kin: the file is left as it is
        raise FileProblem(f"{path.name} is not valid TOML") from None


def _load(path: Path) -> dict[str, Any]:
    """The TOML of ``path``; nothing there is an empty file. FileProblem if it cannot be
    read or is not TOML."""
    return _parsed(_text(path))


def _text(path: Path) -> str:
    """The text of ``path``; nothing there is an empty file."""
    if not path.exists() and not path.is_symlink():
        return ""
    return read_small_text(path, "settings file", MAX_SETTINGS_BYTES, name=path.name)


def _parsed(text: str) -> dict[str, Any]:
    import tomllib  # only when there is a file: start-up stays fast

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise FileProblem(f"not valid TOML: {str(error).rstrip('.')}") from None


def _has(raw: Mapping[str, Any], section: str, key: str, value: Any) -> bool:
    table = raw.get(section)
    return isinstance(table, dict) and key in table and table[key] == value


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    return str(value)
