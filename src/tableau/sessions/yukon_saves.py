"""Yukon saves: the codec of a game's timeline and the file work of S and L.

``S file`` writes a save (version 2), a JSON object:

- ``"game": "yukon"``, ``"version": 2``;
- ``"start"``: the oldest snapshot the history keeps (the deal, the STARTUP state, or, in a
  game longer than the undo history, the position where the kept history begins);
- ``"past"``: the steps from ``start`` to the present, oldest first;
- ``"present"``: the present snapshot, checked against the replayed steps;
- ``"future"``: the steps that redo would replay;
- ``"last_command"``, ``"message"``: the two lines of the view;
- ``"helped": true`` only when the demo played in the game (``YukonSession.helped``), so
  that loading a game the demo helped never makes it the player's own.

A step is a move in the spec's notation (``"C6:4H->C4"``), or a list of moves that undo takes
back together (a move and the auto-moves it set off). ``L file`` checks ``start`` as a position
play can reach from its deck (see ``yukon.from_json``), then replays every step through the
engine, so the save is refused at the first step no legal move reaches. Version 1 saves
(where a step could also be a whole snapshot) still load; such a snapshot must be one legal
move away from the step before.

The undo history keeps at least the newest ``HISTORY_LIMIT`` steps: when it reaches twice
that, the oldest steps are dropped (trimming in batches keeps a move O(1)). So a save stays
small (about 250 kB at most) and loads in a fraction of a second, however long the game.

The app autosaves this same format after every move. So that a save need not work out every
step from the snapshots again (O(n) diffs a move), a session keeps a ``Steps`` timeline beside
its snapshots: each snapshot with the moves that led to it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any
from typing import Final

from tableau.engines import yukon
from tableau.engines.protocol import IllegalMove
from tableau.engines.protocol import SaveFormatError
from tableau.engines.protocol import check_version
from tableau.engines.yukon import CardMove
from tableau.engines.yukon import Move
from tableau.engines.yukon import Phase
from tableau.engines.yukon import State
from tableau.sessions.timeline import Timeline
from tableau.storage.files import Kind
from tableau.storage.files import atomic_write_text
from tableau.storage.files import read_small_text
from tableau.text import shorten

__all__ = [
    "DAMAGED_HELP", "HISTORY_LIMIT", "MAX_AUTO_MOVES", "MAX_SAVE_BYTES", "SAVE_VERSION", "Step",
    "Stepped", "Steps", "as_step", "helped_of", "history_from_json", "in_step", "move_text",
    "read_save", "save_data", "write_save",
]

SAVE_VERSION: Final = 2
READABLE_VERSIONS: Final = (1, 2)
HISTORY_LIMIT: Final = 10_000
"""Undo reaches back at least this many steps (and at most twice as many)."""
MAX_SAVE_BYTES: Final = 32 * 1024 * 1024
"""A save of today holds at most 20,000 steps (about 250 kB); the limit is for version 1
saves, which kept a game's whole history (1,450,000 moves made 17.4 MB)."""
MAX_AUTO_MOVES: Final = 52
MAX_STEP_MOVES: Final = MAX_AUTO_MOVES + 1
"""A step of the history: a player's move and the auto-moves after it."""

Step = str | tuple[str, ...]
"""A step as a save writes it: one move, or the moves undo takes back together."""
Stepped = tuple[State, Step | None]
"""A snapshot and the step that led to it from the snapshot before (None: the oldest one, or
not known, in which case a save works it out)."""
Steps = Timeline[Stepped]
"""A timeline's snapshots with their moves, undone and redone beside it."""


def in_step(steps: Steps, timeline: Timeline[State]) -> bool:
    """``steps`` follows ``timeline``: the same present, the same undo and redo depths."""
    return (steps.present[0] is timeline.present
            and steps.undo_depth == timeline.undo_depth
            and steps.redo_depth == timeline.redo_depth)


def move_text(before: State, after: State, move: CardMove) -> str:
    """``move`` (from ``before`` to ``after``) as a save writes it: a move between columns
    names the card that moved (a bare ``C6->C4`` moves the bottom card), any other none."""
    if move.source[0] == "C" and move.target[0] == "C":
        target = int(move.target[1:]) - 1
        moved = after.columns[target][len(before.columns[target])].card
        return str(CardMove(move.source, move.target, moved))
    return str(CardMove(move.source, move.target))


def save_data(
    timeline: Timeline[State], last_command: str = "", message: str = "",
    steps: Steps | None = None, helped: bool = False,
) -> dict[str, Any]:
    """The save: the whole timeline and the last command/message (see the module doc).
    ``steps``, when it follows ``timeline``, gives the moves; else they are worked out."""
    entries: list[Stepped]
    if steps is not None and in_step(steps, timeline):
        entries = [*steps.past(), steps.present, *steps.future()]
    else:
        entries = [(state, None) for state in
                   (*timeline.past(), timeline.present, *timeline.future())]
    moves = [step for _, step in entries[1:]]
    if None in moves:
        moves = [_step(before, after, number) if step is None else step
                 for number, ((before, _), (after, step)) in enumerate(pairwise(entries), 1)]
    undo_depth = timeline.undo_depth
    return {
        "game": "yukon",
        "version": SAVE_VERSION,
        "start": yukon.to_json(entries[0][0]),
        "past": moves[:undo_depth],
        "present": yukon.to_json(timeline.present),
        "future": moves[undo_depth:],
        "last_command": last_command,
        "message": message,
        **({"helped": True} if helped else {}),
    }


def _is_save(text: str) -> bool:
    """A Yukon save of any version, even one this program cannot load."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and data.get("game") == "yukon"


YUKON_SAVE: Final = Kind("Yukon save", MAX_SAVE_BYTES, _is_save)
"""S writes over a Yukon save only, never over another file that has the name."""


def write_save(path: Path, data: dict[str, Any], *, name: str) -> None:
    """S: ``data`` written atomically to ``path`` (``name`` is how messages call it), over
    nothing but a Yukon save."""
    atomic_write_text(path, json.dumps(data, separators=(",", ":")), name=name,
                      kind=YUKON_SAVE)


def read_save(path: Path, *, name: str) -> tuple[Timeline[State], Steps, bool]:
    """L: the timeline a save file holds, every step checked by the engine, its moves, and
    whether the demo played in it."""
    text = read_small_text(path, "Yukon save", MAX_SAVE_BYTES, name=name)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise SaveFormatError(f"{shorten(name, 40)} is not a Yukon save (not JSON).") from None
    return (*history_from_json(data), helped_of(data))


DAMAGED_HELP: Final = "The save is damaged: it does not say clearly whether the demo played."


def helped_of(data: Any) -> bool:
    """Whether the demo played in the game a save (the parsed JSON) holds."""
    helped = data.get("helped", False) if isinstance(data, dict) else False
    if not isinstance(helped, bool):
        raise SaveFormatError(DAMAGED_HELP)
    return helped


def _step(before: State, after: State, number: int) -> Step:
    """The move, or the moves undo takes back together, that lead from ``before`` to
    ``after``, worked out from the two. A history no legal move explains cannot be saved."""
    moves = _moves_between(before, after)
    if moves is None:
        raise SaveFormatError(
            f"Step {number} of this game's history is not a legal move, so it cannot be saved."
        )
    return as_step(tuple(str(move) for move in moves))


def as_step(moves: tuple[str, ...]) -> Step:
    """A step as a save writes it: one move alone, several as a list (JSON's tuple)."""
    return moves[0] if len(moves) == 1 else moves


def _moves_between(before: State, after: State) -> list[Move] | None:
    """One move, or a move (or none) followed by the auto-moves it set off."""
    single = _move_between(before, after)
    if single is not None:
        return [single]
    if before.phase is not Phase.PLAY or not 1 < after.moves - before.moves <= MAX_STEP_MOVES:
        return None
    home = _home_path(before, after)
    if home is not None:
        return [*home]
    for move in yukon.legal_moves(before):
        home = _home_path(yukon.apply(before, move), after)
        if home is not None:
            return [move, *home]
    return None


def _home_path(state: State, after: State) -> list[CardMove] | None:
    """The auto-moves from ``state`` to ``after``, when auto-move leads exactly there."""
    path: list[CardMove] = []
    while state.moves < after.moves:
        moves = yukon.safe_foundation_moves(state)
        if not moves:
            return None
        path.append(moves[0])
        state = yukon.apply(state, moves[0])
    return path if path and state == after else None


def _move_between(before: State, after: State) -> CardMove | None:
    if before.phase is not Phase.PLAY or after.phase is not Phase.PLAY:
        return None
    shrunk: list[str] = []
    grown: list[tuple[str, int]] = []
    for kind, old_piles, new_piles in (
        ("C", before.columns, after.columns),
        ("F", before.foundations, after.foundations),
    ):
        for number, (old, new) in enumerate(zip(old_piles, new_piles, strict=True), start=1):
            if old is new or old == new:
                continue
            if len(new) > len(old):
                grown.append((f"{kind}{number}", len(old)))
            else:
                shrunk.append(f"{kind}{number}")
    if len(shrunk) != 1 or len(grown) != 1:
        return None
    (source,), ((target, old_length),) = shrunk, grown
    if source.startswith("C") and target.startswith("C"):
        first = after.columns[int(target[1]) - 1][old_length]
        move = yukon.bare_form(before, CardMove(source, target, first.card))
    else:
        move = CardMove(source, target)
    try:
        return move if yukon.apply(before, move) == after else None
    except IllegalMove:
        return None


def history_from_json(data: Any) -> tuple[Timeline[State], Steps]:
    """The timeline a save holds (the parsed JSON), every step checked by the engine, and its
    moves. A save that is not one raises SaveFormatError with a sentence."""
    if not isinstance(data, dict) or data.get("game") != "yukon":
        raise SaveFormatError("The file is not a Yukon save.")
    version = check_version(data.get("version"), READABLE_VERSIONS)
    past, future = data.get("past"), data.get("future")
    if not isinstance(past, list) or not isinstance(future, list) or "start" not in data:
        raise SaveFormatError("The save has no complete timeline.")
    start = yukon.from_json(data["start"])
    if (past or future) and start.phase is not Phase.PLAY:
        raise SaveFormatError("The save has an undo history outside a game.")
    # Every step is replayed and checked; a history longer than a session keeps (a version 1
    # save) keeps HISTORY_LIMIT steps either side of the present.
    now = len(past)
    first_kept, last_kept = 0, now + len(future)
    if last_kept >= 2 * HISTORY_LIMIT:
        first_kept, last_kept = max(now - HISTORY_LIMIT, 0), now + HISTORY_LIMIT
    kept: list[Stepped] = [(start, None)] if first_kept == 0 else []
    for number, entry in enumerate(_replayed(start, [*past, *future], version), start=1):
        if first_kept <= number <= last_kept:
            kept.append(entry)
    present = kept[now - first_kept]
    if "present" in data and yukon.from_json(data["present"]) != present[0]:
        raise SaveFormatError("The save's present position does not match its history.")
    now -= first_kept
    steps = Timeline.from_sequences(tuple(kept[:now]), present, tuple(kept[now + 1 :]))
    states = Timeline.from_sequences(tuple(state for state, _ in kept[:now]), present[0],
                                     tuple(state for state, _ in kept[now + 1 :]))
    return states, steps


def _replayed(state: State, steps: Sequence[Any], version: int) -> Iterator[Stepped]:
    """The state after each step with its moves, each checked by the engine; the first bad
    step is named."""
    parsed: dict[str, CardMove] = {}  # a long game repeats its moves: parse each text once
    for number, step in enumerate(steps, start=1):
        try:
            entry = _replay(state, step, version, parsed)
        except (IllegalMove, SaveFormatError) as refusal:
            raise SaveFormatError(f"Step {number} of the save is refused: {refusal}") from None
        state = entry[0]
        yield entry


def _replay(before: State, step: Any, version: int, parsed: dict[str, CardMove]) -> Stepped:
    if isinstance(step, str):
        step = [step]
    if isinstance(step, (list, tuple)) and 0 < len(step) <= MAX_STEP_MOVES:
        state = before
        for text in step:
            if not isinstance(text, str):
                raise SaveFormatError("it is not a move.")
            move = parsed.get(text)
            if move is None:
                move = parsed[text] = yukon.parse_move(text)
            state = yukon.apply(state, yukon.listed_form(state, move))
        return state, as_step(tuple(step))
    if isinstance(step, dict) and version == 1:
        after = yukon.from_json(step)
        move_between = _move_between(before, after)
        if move_between is None:
            raise SaveFormatError("no legal move leads there from the step before.")
        return after, str(move_between)
    raise SaveFormatError("it is not a move.")
