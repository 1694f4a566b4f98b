"""A human-editable ``settings.toml``: read with ``tomllib``, written atomically with
``tomli-w``, checked against a schema the caller gives (the app's lives in the ui layer).

The file is a table per section (``[yukon]``, ``[gofish]``, ...). Reading never fails: a
missing file means the defaults; a file that is not TOML, or a value the schema refuses, gives
one sentence each in ``problems``, and the default is used in its place. The file itself is
left untouched: a later change reads the file again and rewrites only the value that changed,
keeping what the player wrote (unknown keys, refused values, edits made while tableau runs);
a file that could not be read is never written over.
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
        self._writable = True
        self._values: dict[tuple[str, str], Any] = {
            (section, key): field.default
            for section, fields in schema.items() for key, field in fields.items()
        }
        self._chosen: set[tuple[str, str]] = set()
        if path is not None:
            self._read(path)

    def _read(self, path: Path) -> None:
        name = path.name
        try:
            raw = _load(path)
        except FileProblem as error:
            self._writable = False
            reason = str(error).rstrip(".")
            self.problems.append(
                f"{name} could not be read ({reason}), so the defaults are used and the file "
                "is left as it is (changes are kept for this run only)."
            )
            return
        for section in self.schema:
            if section in raw and not isinstance(raw[section], dict):
                self.problems.append(f"In {name}, {section} must be a table ([{section}]), so "
                                     "its defaults are used.")
        for (section, key), default in self._values.items():
            table = raw.get(section)
            if not isinstance(table, dict) or key not in table:
                continue
            value = table[key]
            why = self.schema[section][key].check(value)
            if why is None:
                self._values[section, key] = copy.deepcopy(value)
                self._chosen.add((section, key))
            else:
                self.problems.append(
                    f"In {name}, {section}.{key} {why}, so the default ({_shown(default)}) "
                    "is used."
                )

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
        try:  # again: the player may have edited it since, and their edits stay
            raw = _load(self.path) if self._writable else None
        except FileProblem:
            raw = None
        if raw is None:
            raise FileProblem(
                f"{self.path.name} could not be read, so it is not written over; "
                "the change holds for this run."
            )
        if _has(raw, section, key, value):
            return
        table = raw.setdefault(section, {})
        if not isinstance(table, dict):  # a hand-written "yukon = 3": the table wins now
            table = raw[section] = {}
        table[key] = copy.deepcopy(value)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise FileProblem(
                f"The folder of {self.path.name} cannot be made ({error.strerror}); "
                "the change holds for this run."
            ) from None
        import tomli_w  # only when something changes: start-up stays fast

        atomic_write_text(self.path, tomli_w.dumps(raw), name=self.path.name)


def _load(path: Path) -> dict[str, Any]:
    """The TOML of ``path``; nothing there is an empty file. FileProblem if it cannot be
    read or is not TOML."""
    if not path.exists() and not path.is_symlink():
        return {}
    text = read_small_text(path, "settings file", MAX_SETTINGS_BYTES, name=path.name)
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
