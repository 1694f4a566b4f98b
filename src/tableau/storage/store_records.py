"""The rows of ``tableau.db``: a game as the store keeps it (``GameRecord``), written as an
autosave (a game in progress) or a finished game (the statistics), and read back row by row, a
damaged row raising ValueError so that it is skipped alone."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from typing import Any
from typing import Final

from tableau.registry import find_game
from tableau.text import shorten

RESULTS: Final = ("won", "lost", "abandoned", "finished")
"""A finished game's result for the player: "abandoned" counts as a loss; "finished" is a
game with several people at the table (Pesten), whose details say who won."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game as the store keeps it: the autosave of a game in progress (``data`` is the
    session's save) or a finished game (``result`` says how it ended)."""

    game: str
    variant: str
    seed: int | None
    config: Mapping[str, Any]
    started: float
    """Wall-clock time (seconds since the epoch) the game began."""
    moves: int
    duration: float
    """Seconds of play (a resumed game's clock goes on from here)."""
    label: str = ""
    """The menu's words for a save, after the game's title: "seed 24611"."""
    details: Mapping[str, Any] = field(default_factory=dict)
    """The game's own figures for the statistics (Go Fish books, Poker pots, Pesten names)."""
    data: Mapping[str, Any] | None = None
    result: str | None = None
    at: float = 0.0
    """When it was written: the autosave's time, or the game's end."""
    id: str = ""
    """The game's identity (``new_id``): its autosave's row. A finished record's own id
    (a Pesten round's is its match's id and the round), which an end undone takes back."""
    held: bool = False
    """Another live tableau holds this game in progress (it is open there)."""


def text_of(value: Any) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


_AUTOSAVE_COLUMNS: Final = ("game, variant, seed, config, started, moves, duration, label, "
                            "details, saved, data, id, owner, lease")
_FINISHED_COLUMNS: Final = ("game, variant, seed, config, started, moves, duration, details, "
                            "result, ended, game_id")
_TEXT_COLUMNS: Final = frozenset({"game", "variant", "config", "label", "details", "data",
                                  "result", "id", "owner", "game_id"})


def _read(columns: str) -> str:
    """What a SELECT reads of ``columns``: the text ones as bytes, decoded row by row
    (``_decoded``), so that text which is not UTF-8 damages its row, not the whole read."""
    names = (name.strip() for name in columns.split(","))
    return ", ".join(f"CAST({name} AS BLOB)" if name in _TEXT_COLUMNS else name
                     for name in names)


AUTOSAVE_READ: Final = _read(_AUTOSAVE_COLUMNS)
FINISHED_READ: Final = _read(_FINISHED_COLUMNS)


def _decoded(row: Any) -> tuple[Any, ...]:
    """The row with its text columns as str; UnicodeDecodeError (a ValueError) if damaged."""
    return tuple(value.decode("utf-8") if isinstance(value, bytes) else value
                 for value in row)


def named(row: Any) -> str:
    """A damaged row's game, for a sentence: its title ("Go Fish"), or the key as stored."""
    game = row[0]
    text = game.decode("utf-8", "replace") if isinstance(game, bytes) else str(game)
    known = find_game(text)
    return known.title if known is not None else shorten(text, 20)


def _json(data: Mapping[str, Any] | None) -> str:
    return json.dumps(data if data is not None else {}, separators=(",", ":"))


def _mapping(text: Any) -> dict[str, Any]:
    value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError("not a JSON object")
    return value


def put_autosave(connection: sqlite3.Connection, record: GameRecord, game: str, owner: str,
                  lease: float) -> None:
    """The autosave row of ``game`` (the caller has checked no one else holds it)."""
    connection.execute(
        f"INSERT OR REPLACE INTO autosaves ({_AUTOSAVE_COLUMNS}) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (record.game, record.variant, record.seed, _json(record.config), record.started,
         record.moves, record.duration, record.label, _json(record.details), record.at,
         _json(record.data), game, owner, lease),
    )


def put_finished(connection: sqlite3.Connection, record: GameRecord, finished: str) -> None:
    connection.execute(
        f"INSERT INTO finished_games ({_FINISHED_COLUMNS}) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (record.game, record.variant, record.seed, _json(record.config), record.started,
         record.moves, record.duration, _json(record.details), record.result, record.at,
         finished),
    )


def _checked(row: Any) -> tuple[str, str, int | None, float, int, float]:
    game, variant, seed, _config, started, moves, duration = row[:7]
    if not (isinstance(game, str) and isinstance(variant, str)
            and (seed is None or isinstance(seed, int))
            and isinstance(started, (int, float)) and isinstance(moves, int)
            and isinstance(duration, (int, float))):
        raise ValueError("a column of the wrong type")
    return game, variant, seed, float(started), moves, float(duration)


def autosave_record(row: Any, *, with_data: bool) -> GameRecord:
    row = _decoded(row)
    game, variant, seed, started, moves, duration = _checked(row)
    label, details, saved, data, game_id = row[7:12]
    if (not isinstance(label, str) or not isinstance(saved, (int, float))
            or not isinstance(game_id, str)):
        raise ValueError("a column of the wrong type")
    return GameRecord(
        game, variant, seed, _mapping(row[3]), started, moves, duration, label,
        _mapping(details), _mapping(data) if with_data else None, at=float(saved), id=game_id,
    )


def finished_record(row: Any) -> GameRecord:
    row = _decoded(row)
    game, variant, seed, started, moves, duration = _checked(row)
    details, result, ended, game_id = row[7:]
    if result not in RESULTS or not isinstance(ended, (int, float)):
        raise ValueError("a column of the wrong type")
    return GameRecord(game, variant, seed, _mapping(row[3]), started, moves, duration,
                      details=_mapping(details), result=result, at=float(ended),
                      id=game_id if isinstance(game_id, str) else "")
