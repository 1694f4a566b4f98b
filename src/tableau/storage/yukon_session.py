"""The Yukon command interpreter: the spec's command language over the pure engine.

Line mode and the UI both drive a game through ``YukonSession.run(line)``, so every path
goes through the same code. A session is an immutable value; ``run`` returns a new one and
never raises. This module does the file work (LD file, SD, S, L) the engine must not do.

Commands (case does not matter):

- STARTUP: ``LD [file]``, ``SW``, ``SI [split]``, ``SR``, ``SD [file]``, ``QQ``, ``P``.
- PLAY: moves (``C6:4H->C4``, ``C6->C4``, ``F4->C6``, ``C7->F2``), ``U``, ``R``, ``Q``.
- Both: ``S file``, ``L file``.

A STARTUP command in PLAY answers "Command not available in the PLAY phase", and a PLAY
command in STARTUP "Command not available in the STARTUP phase". Only moves are undoable
steps; ``P`` starts a new timeline at the deal.

The text view (``render_text``) follows the seed's figures. Ruling on its exact layout:

- the header is ``C1`` to ``C7`` separated by tabs;
- then one row per card depth, at least 7 rows, each with exactly 7 tab-separated cells:
  a card such as ``AC``, ``[]`` for a face-down card, or nothing;
- rows 1, 3, 5 and 7 go on after the seventh cell with an empty cell, the foundation's top
  card (``[]`` when empty) and its label: ``AC\\t[]\\t[]\\t[]\\t[]\\t[]\\t[]\\t\\t[]\\tF1``;
- in STARTUP the deck is laid out 7 cards to a row in deck order, face down (``[]``) after
  LD and face up after SW; with no deck the cells are empty;
- then ``LAST Command: <command>``, ``Message: <message>`` and the prompt ``INPUT > ``.

``S file`` writes a save (version 2), a JSON object:

- ``"game": "yukon"``, ``"version": 2``;
- ``"start"``: the oldest snapshot the history keeps (the deal, the STARTUP state, or, in a
  game longer than the undo history, the position where the kept history begins);
- ``"past"``: the steps from ``start`` to the present, oldest first;
- ``"present"``: the present snapshot, checked against the replayed steps;
- ``"future"``: the steps that redo would replay;
- ``"last_command"``, ``"message"``: the two lines of the view.

A step is a move in the spec's notation (``"C6:4H->C4"``), or a list of moves that undo takes
back together (a move and the auto-moves it set off). ``L file`` checks ``start`` as a position
play can reach from its deck (see ``yukon.from_json``), then replays every step through the
engine, so the save is refused at the first step no legal move reaches. Version 1 saves
(where a step could also be a whole snapshot) still load; such a snapshot must be one legal
move away from the step before.

The undo history keeps at least the newest ``HISTORY_LIMIT`` steps: when it reaches twice
that, the oldest steps are dropped (trimming in batches keeps a move O(1)). So a save stays
small (about 250 kB at most) and loads in a fraction of a second, however long the game.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from pathlib import Path
from typing import Any, Final

from tableau.cards import shorten
from tableau.engines import yukon
from tableau.engines.protocol import IllegalMove, SaveFormatError, Timeline
from tableau.engines.yukon import Config, Move, Phase, State
from tableau.storage.decks import DeckError, save_deck
from tableau.storage.decks import load_deck as read_deck_file
from tableau.storage.files import FileProblem, atomic_write_text, read_small_text, resolve

__all__ = ["HISTORY_LIMIT", "MAX_SAVE_BYTES", "SAVE_VERSION", "YukonSession", "render_text"]

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
DEFAULT_DECK_FILE: Final = "cards.txt"
MAX_COMMAND_SHOWN: Final = 40
OK: Final = "OK"

_STARTUP_ONLY: Final = frozenset({"LD", "SW", "SI", "SR", "SD", "QQ", "P"})
_PLAY_ONLY: Final = frozenset({"Q", "U", "R"})
_KNOWN: Final = _STARTUP_ONLY | _PLAY_ONLY | {"S", "L"}
_HELP: Final = "Commands: LD, SW, SI, SR, SD, P, QQ; in a game moves like C6->C4, U, R, Q; S, L."


def _clean_command(line: str) -> str:
    """The command as shown on the LAST Command line: one line, printable, short."""
    return shorten(line.strip(), MAX_COMMAND_SHOWN)


@dataclass(frozen=True)
class YukonSession:
    """One player's session: the timeline of snapshots plus what the view shows."""

    timeline: Timeline[State]
    last_command: str = ""
    message: str = ""
    quit: bool = False
    folder: Path = Path(".")

    @property
    def state(self) -> State:
        return self.timeline.present

    @classmethod
    def start(
        cls, config: Config, folder: Path, deck_path: Path | None = None
    ) -> YukonSession:
        """A new session in STARTUP. With ``deck_path`` it starts as if ``LD deck_path`` was
        typed; if that fails, the message says why and no deck is loaded."""
        session = cls(Timeline(yukon.new_game(config)), folder=Path(folder))
        if deck_path is not None:
            shown = _clean_command(f"LD {deck_path}")
            try:
                session = session._load_deck_file(str(deck_path), shown)
            except (IllegalMove, DeckError, FileProblem) as error:
                session = session._say(shown, str(error))
        return session

    # ------------------------------------------------------------ the interpreter

    def run(self, line: str, *, auto_move: bool = False) -> YukonSession:
        """Run one command line. Never raises; on an error only the message changes.

        With ``auto_move``, a move (or the deal) is followed by every safe move to the
        foundations, and undo takes them back together with it, in one step. U and R never
        auto-move: they show the table exactly as it was."""
        shown = _clean_command(line)
        try:
            return self._run(line.strip(), shown, auto_move)
        except (IllegalMove, DeckError, FileProblem, SaveFormatError) as error:
            return self._say(shown, str(error))
        except Exception as error:  # the interpreter must never crash the program
            return self._say(shown, f"That command failed unexpectedly ({type(error).__name__}).")

    def _say(self, shown: str, message: str, **changes: Any) -> YukonSession:
        return replace(self, last_command=shown, message=message, **changes)

    def _resolve(self, name: str) -> Path:
        return resolve(self.folder, name)

    def send_safe_cards_home(self) -> YukonSession:
        """Auto-move on its own (the player just turned it on): one undoable step, or no
        change at all when no card can safely go home."""
        state, count = _sent_home(self.state)
        if not count:
            return self
        return self._say(
            self.last_command, _auto_message(count), timeline=_pushed(self.timeline, state)
        )

    def _run(self, line: str, shown: str, auto_move: bool) -> YukonSession:
        if not line:
            return self._say(shown, f"Type a command. {_HELP}")
        word, _, rest = line.partition(" ")
        command, argument = word.upper(), _unquoted(rest.strip())
        state = self.state
        if command not in _KNOWN and "->" in line:
            if state.phase is not Phase.PLAY:
                return self._say(shown, yukon.NOT_IN_STARTUP)
            new = yukon.apply(state, yukon.parse_move(line))
            return self._played(shown, self.timeline, new, auto_move)
        if command in _STARTUP_ONLY and state.phase is Phase.PLAY:
            return self._say(shown, yukon.NOT_IN_PLAY)
        if command in _PLAY_ONLY and state.phase is Phase.STARTUP:
            return self._say(shown, yukon.NOT_IN_STARTUP)
        if command in ("SW", "SR", "P", "Q", "U", "R", "QQ") and argument:
            return self._say(shown, f"{command} takes no argument.")
        if command == "LD":
            if not argument:
                return self._fresh(yukon.load_deck(state, None), shown)
            return self._load_deck_file(argument, shown)
        if command == "SW":
            return self._fresh(yukon.show_deck(state), shown)
        if command == "SI":
            return self._fresh(yukon.shuffle_interleaved(state, _split(argument)), shown)
        if command == "SR":
            return self._fresh(yukon.shuffle_random(state), shown)
        if command == "SD":
            if state.deck is None:
                return self._say(shown, yukon.NO_DECK)
            name = argument or DEFAULT_DECK_FILE
            save_deck(self._resolve(name), state.deck, name=name)
            return self._say(shown, OK)
        if command == "QQ":
            return self._say(shown, OK, quit=True)
        if command == "P":
            return self._played(shown, Timeline(yukon.deal(state)), None, auto_move)
        if command == "Q":
            return self._fresh(yukon.quit_game(state), shown)
        if command == "U":
            return self._say(shown, OK, timeline=self.timeline.undo())
        if command == "R":
            return self._say(shown, OK, timeline=self.timeline.redo())
        if command == "S":
            if not argument:
                return self._say(shown, "S needs a file name, like S game.json.")
            return self._save(argument, shown)
        if command == "L":
            if not argument:
                return self._say(shown, "L needs a file name, like L game.json.")
            return self._load(argument, shown)
        return self._say(shown, f"Unknown command '{shorten(word, 12)}'. {_HELP}")

    def _played(
        self, shown: str, timeline: Timeline[State], new: State | None, auto_move: bool
    ) -> YukonSession:
        """``new`` (when given) and, with ``auto_move``, the auto-moves after it, pushed onto
        ``timeline`` as one step."""
        state, count = (new, 0)
        if auto_move:
            state, count = _sent_home(timeline.present if new is None else new)
        if state is not None and state is not timeline.present:
            timeline = _pushed(timeline, state)
        return self._say(shown, _auto_message(count), timeline=timeline)

    def _fresh(self, state: State, shown: str) -> YukonSession:
        """A new timeline that starts at ``state`` (STARTUP steps and the deal)."""
        return self._say(shown, OK, timeline=Timeline(state))

    def _load_deck_file(self, name: str, shown: str) -> YukonSession:
        state = self.state
        if state.phase is Phase.PLAY:
            return self._say(shown, yukon.NOT_IN_PLAY)
        cards = read_deck_file(self._resolve(name), name=name)
        return self._fresh(yukon.load_deck(state, cards), shown)

    # ------------------------------------------------------------ saves

    def to_json(self) -> dict[str, Any]:
        """The save: the whole timeline and the last command/message (see the module doc)."""
        snapshots = [*self.timeline.past(), self.timeline.present, *self.timeline.future()]
        steps = [_step(before, after, number) for number, (before, after) in
                 enumerate(pairwise(snapshots), start=1)]
        undo_depth = len(snapshots) - 1 - len(self.timeline.future())
        return {
            "game": "yukon",
            "version": SAVE_VERSION,
            "start": yukon.to_json(snapshots[0]),
            "past": steps[:undo_depth],
            "present": yukon.to_json(self.timeline.present),
            "future": steps[undo_depth:],
            "last_command": self.last_command,
            "message": self.message,
        }

    def _save(self, name: str, shown: str) -> YukonSession:
        saved = self._say(shown, OK)
        text = json.dumps(saved.to_json(), separators=(",", ":"))
        atomic_write_text(self._resolve(name), text, name=name)
        return saved

    def _load(self, name: str, shown: str) -> YukonSession:
        text = read_small_text(self._resolve(name), "Yukon save", MAX_SAVE_BYTES, name=name)
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise SaveFormatError(f"{shorten(name, 40)} is not a Yukon save (not JSON).") from None
        timeline = _timeline_from_json(data)
        return self._say(shown, OK, timeline=timeline)


def _sent_home(state: State) -> tuple[State, int]:
    """The state after every safe move to the foundations, and how many there were."""
    count = 0
    while count < MAX_AUTO_MOVES:
        moves = yukon.safe_foundation_moves(state)
        if not moves:
            break
        state = yukon.apply(state, moves[0])
        count += 1
    return state, count


def _auto_message(count: int) -> str:
    if not count:
        return OK
    return f"OK (auto-moved {count} card{'s' if count != 1 else ''} home)"


def _pushed(timeline: Timeline[State], state: State) -> Timeline[State]:
    """``timeline`` with a new present; at 2 * HISTORY_LIMIT steps the oldest are dropped
    down to HISTORY_LIMIT (in batches, so a move stays cheap)."""
    timeline = timeline.push(state)
    if timeline.undo_depth < 2 * HISTORY_LIMIT:
        return timeline
    return Timeline.from_sequences(timeline.past()[-HISTORY_LIMIT:], timeline.present, ())


def _unquoted(argument: str) -> str:
    """A file name may be quoted to show its spaces: LD "my deck.txt"."""
    if len(argument) >= 2 and argument[0] == argument[-1] and argument[0] in "'\"":
        return argument[1:-1]
    return argument


def _split(argument: str) -> int | None:
    if not argument:
        return None
    # At most two digits: a longer number is never from 1 to 51, and is never cut short.
    if not argument.isascii() or not argument.isdigit() or len(argument) > 2:
        raise IllegalMove(f"The split must be a whole number from 1 to {yukon.DECK_SIZE - 1}.")
    return int(argument)


def _step(before: State, after: State, number: int) -> str | list[str]:
    """The move, or the moves undo takes back together, that lead from ``before`` to
    ``after``. A history that no legal move explains cannot be saved."""
    moves = _moves_between(before, after)
    if moves is None:
        raise SaveFormatError(
            f"Step {number} of this game's history is not a legal move, so it cannot be saved."
        )
    return str(moves[0]) if len(moves) == 1 else [str(move) for move in moves]


def _moves_between(before: State, after: State) -> list[Move] | None:
    """One move, or a move (or none) followed by the auto-moves it set off."""
    move = _move_between(before, after)
    if move is not None:
        return [move]
    if before.phase is not Phase.PLAY or not 1 < after.moves - before.moves <= MAX_STEP_MOVES:
        return None
    home = _home_path(before, after)
    if home is not None:
        return home
    for move in yukon.legal_moves(before):
        home = _home_path(yukon.apply(before, move), after)
        if home is not None:
            return [move, *home]
    return None


def _home_path(state: State, after: State) -> list[Move] | None:
    """The auto-moves from ``state`` to ``after``, when auto-move leads exactly there."""
    path: list[Move] = []
    while state.moves < after.moves:
        moves = yukon.safe_foundation_moves(state)
        if not moves:
            return None
        path.append(moves[0])
        state = yukon.apply(state, moves[0])
    return path if path and state == after else None


def _move_between(before: State, after: State) -> Move | None:
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
        move = Move(source, target, first.card)
    else:
        move = Move(source, target)
    try:
        return move if yukon.apply(before, move) == after else None
    except IllegalMove:
        return None


def _timeline_from_json(data: Any) -> Timeline[State]:
    if not isinstance(data, dict) or data.get("game") != "yukon":
        raise SaveFormatError("The file is not a Yukon save.")
    version = data.get("version")
    if version not in READABLE_VERSIONS or isinstance(version, bool):
        raise SaveFormatError(
            f"The save has version {shorten(str(version), 10)}; "
            f"this program reads versions 1 and {SAVE_VERSION}."
        )
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
    kept = [start] if first_kept == 0 else []
    for number, state in enumerate(_replayed(start, [*past, *future], version), start=1):
        if first_kept <= number <= last_kept:
            kept.append(state)
    present = kept[now - first_kept]
    if "present" in data and yukon.from_json(data["present"]) != present:
        raise SaveFormatError("The save's present position does not match its history.")
    now -= first_kept
    return Timeline.from_sequences(tuple(kept[:now]), present, tuple(kept[now + 1 :]))


def _replayed(state: State, steps: Sequence[Any], version: int) -> Iterator[State]:
    """The state after each step, each checked by the engine; the first bad step is named."""
    parsed: dict[str, Move] = {}  # a long game repeats its moves: parse each text once
    for number, step in enumerate(steps, start=1):
        try:
            state = _replay(state, step, version, parsed)
        except (IllegalMove, SaveFormatError) as refusal:
            raise SaveFormatError(f"Step {number} of the save is refused: {refusal}") from None
        yield state


def _replay(before: State, step: Any, version: int, parsed: dict[str, Move]) -> State:
    if isinstance(step, str):
        step = [step]
    if isinstance(step, list) and 0 < len(step) <= MAX_STEP_MOVES:
        state = before
        for text in step:
            if not isinstance(text, str):
                raise SaveFormatError("it is not a move.")
            move = parsed.get(text)
            if move is None:
                move = parsed[text] = yukon.parse_move(text)
            state = yukon.apply(state, move)
        return state
    if isinstance(step, dict) and version == 1:
        after = yukon.from_json(step)
        if _move_between(before, after) is None:
            raise SaveFormatError("no legal move leads there from the step before.")
        return after
    raise SaveFormatError("it is not a move.")


# ---------------------------------------------------------------- the text view

_HEADER: Final = "\t".join(f"C{number}" for number in range(1, 8))
_FOUNDATION_ROWS: Final = {0: 0, 2: 1, 4: 2, 6: 3}
_MIN_ROWS: Final = 7


def _cell(card: object | None) -> str:
    return "[]" if card is None else str(card)


def render_text(session: YukonSession) -> str:
    """The spec's text view of the session (see the module docstring for the layout)."""
    shown = yukon.view(session.state)
    if shown.phase is Phase.STARTUP:
        deck = shown.deck_shown
        rows_of_cells = [
            [_cell(card) for card in deck[start : start + 7]] for start in range(0, len(deck), 7)
        ]
    else:
        depth = max(len(column) for column in shown.columns)
        rows_of_cells = [
            [_cell(column[row]) if row < len(column) else "" for column in shown.columns]
            for row in range(depth)
        ]
    while len(rows_of_cells) < _MIN_ROWS:
        rows_of_cells.append([])
    lines = [_HEADER]
    for row, cells in enumerate(rows_of_cells):
        cells = cells + [""] * (7 - len(cells))
        line = "\t".join(cells)
        if row in _FOUNDATION_ROWS:
            number = _FOUNDATION_ROWS[row]
            pile = shown.foundations[number]
            line += f"\t\t{_cell(pile[-1] if pile else None)}\tF{number + 1}"
        lines.append(line)
    lines.append(f"LAST Command: {session.last_command}")
    lines.append(f"Message: {session.message}")
    lines.append("INPUT > ")
    return "\n".join(lines)
