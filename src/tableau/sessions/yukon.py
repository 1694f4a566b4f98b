"""The Yukon command interpreter: the spec's command language over the pure engine.

Line mode and the UI both drive a game through ``YukonSession.run(line)``, so every path
goes through the same code. A session is an immutable value; ``run`` returns a new one and
never raises.

Commands (case does not matter):

- STARTUP: ``LD [file]``, ``SW``, ``SI [split]``, ``SR``, ``SD [file]``, ``QQ``, ``P``.
- PLAY: moves (``C6:4H->C4``, ``C6->C4``, ``F4->C6``, ``C7->F2``), ``U``, ``R``, ``Q``.
- Both: ``S file``, ``L file``.

A STARTUP command in PLAY answers "Command not available in the PLAY phase" (``QQ`` adds
that ``Q`` ends the deal first), and a PLAY command in STARTUP "Command not available in the
STARTUP phase". Only moves are undoable steps; ``P`` starts a new timeline at the deal. The
move that wins says so in words ("All 52 cards are home: you won in 87 moves."), for
screen readers. Auto-move follows moves only, never the deal itself, so the table ``P``
deals is the one its game number names (and ``--solve`` and hints start from).

File work goes through ``tableau.storage``: deck files (LD file, SD) and saves (S, L, whose
format ``tableau.storage.yukon_saves`` describes). SD and S never write over a file the player
could not write to, nor one that is not a deck file or a Yukon save; in a tab of ``tableau
serve``, every name stays in one folder (``tableau.storage.files.resolve``). The text view is
``tableau.cli.yukon_text.render_text``.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from pathlib import Path
from typing import Any
from typing import Final
from typing import TypeVar

from tableau.engines import yukon
from tableau.engines.protocol import IllegalMove
from tableau.engines.protocol import SaveFormatError
from tableau.engines.protocol import Timeline
from tableau.engines.yukon import DEAL
from tableau.engines.yukon import QUIT
from tableau.engines.yukon import SHOW_DECK
from tableau.engines.yukon import SHUFFLE_RANDOM
from tableau.engines.yukon import Config
from tableau.engines.yukon import LoadDeck
from tableau.engines.yukon import Phase
from tableau.engines.yukon import ShuffleInterleaved
from tableau.engines.yukon import State
from tableau.storage.decks import DeckError
from tableau.storage.decks import load_deck
from tableau.storage.decks import save_deck
from tableau.storage.files import FileProblem
from tableau.storage.files import resolve
from tableau.storage.yukon_saves import HISTORY_LIMIT
from tableau.storage.yukon_saves import MAX_AUTO_MOVES
from tableau.storage.yukon_saves import Step
from tableau.storage.yukon_saves import Steps
from tableau.storage.yukon_saves import as_step
from tableau.storage.yukon_saves import history_from_json
from tableau.storage.yukon_saves import in_step
from tableau.storage.yukon_saves import move_text
from tableau.storage.yukon_saves import read_save
from tableau.storage.yukon_saves import save_data
from tableau.storage.yukon_saves import write_save
from tableau.text import shorten

__all__ = ["YukonSession", "welcome"]

T = TypeVar("T")

DEFAULT_DECK_FILE: Final = "cards.txt"
MAX_COMMAND_SHOWN: Final = 40
OK: Final = "OK"

_STARTUP_ONLY: Final = frozenset({"LD", "SW", "SI", "SR", "SD", "QQ", "P"})
_PLAY_ONLY: Final = frozenset({"Q", "U", "R"})
_KNOWN: Final = _STARTUP_ONLY | _PLAY_ONLY | {"S", "L"}
_HELP: Final = "Commands: LD, SW, SI, SR, SD, P, QQ; in a game moves like C6->C4, U, R, Q; S, L."
_QUIT_FROM_PLAY: Final = f"{yukon.NOT_IN_PLAY}: type Q to end the deal, then QQ to quit."


def welcome(seed: int) -> str:
    """The first message: the commands that deal game ``seed`` (SR shuffles with it)."""
    return f"Type LD, SR, then P to deal game {seed}."


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
    steps: Steps | None = field(default=None, compare=False, repr=False)
    """The moves behind each snapshot of ``timeline``, undone and redone beside it, so that
    the autosave after every move need not work them out again (None: worked out)."""

    @property
    def state(self) -> State:
        return self.timeline.present

    @classmethod
    def from_json(cls, data: Mapping[str, Any], folder: Path) -> YukonSession:
        """The session a save holds (see ``to_json``), every step checked by the engine. A
        save that is not one raises SaveFormatError with a sentence."""
        timeline, steps = history_from_json(data)
        shown = data.get("last_command", ""), data.get("message", "")
        if not all(isinstance(line, str) for line in shown):
            raise SaveFormatError("The save's last command or message is not text.")
        return cls(timeline, _clean_command(shown[0]), shorten(shown[1], 200),
                   folder=Path(folder), steps=steps)

    @classmethod
    def start(
        cls, config: Config, folder: Path, deck_path: Path | None = None
    ) -> YukonSession:
        """A new session in STARTUP. With ``deck_path`` it starts as if ``LD deck_path`` was
        typed; if that fails, the message says why and no deck is loaded."""
        state = yukon.new_game(config)
        session = cls(Timeline(state), folder=Path(folder), steps=Timeline((state, None)))
        if deck_path is not None:
            shown = _clean_command(f"LD {deck_path}")
            try:
                session = session._load_deck_file(str(deck_path), shown)
            except (IllegalMove, DeckError, FileProblem) as error:
                session = session._say(shown, str(error))
        return session

    @classmethod
    def numbered(cls, number: int, rules: str, folder: Path) -> YukonSession:
        """Game ``number`` dealt, as if LD, SR and P had been typed."""
        dealt = yukon.numbered_game(number, rules)
        return cls(Timeline(dealt), "LD, SR, P", OK, folder=Path(folder),
                   steps=Timeline((dealt, None)))

    def redeal(self) -> YukonSession:
        """The same deal again, as if Q and P had been typed (a new timeline)."""
        return replace(self.run("Q").run("P"), last_command="Q, P")

    # ------------------------------------------------------------ the interpreter

    def run(self, line: str, *, auto_move: bool = False) -> YukonSession:
        """Run one command line. Never raises; on an error only the message changes.

        With ``auto_move``, a move is followed by every safe move to the
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
        state, moves = _sent_home(self.state)
        if not moves:
            return self
        return self._say(self.last_command, _moved_message(state, len(moves)),
                         **self._with_step(state, as_step(moves)))

    def _run(self, line: str, shown: str, auto_move: bool) -> YukonSession:
        if not line:
            return self._say(shown, f"Type a command. {_HELP}")
        word, _, rest = line.partition(" ")
        command, argument = word.upper(), _unquoted(rest.strip())
        state = self.state
        if command not in _KNOWN and "->" in line:
            if state.phase is not Phase.PLAY:
                return self._say(shown, yukon.NOT_IN_STARTUP)
            move = yukon.parse_move(line)
            new = yukon.apply(state, move)
            return self._played(shown, (new, (move_text(state, new, move),)), auto_move)
        if command in _STARTUP_ONLY and state.phase is Phase.PLAY:
            return self._say(shown, _QUIT_FROM_PLAY if command == "QQ" else yukon.NOT_IN_PLAY)
        if command in _PLAY_ONLY and state.phase is Phase.STARTUP:
            return self._say(shown, yukon.NOT_IN_STARTUP)
        if command in ("SW", "SR", "P", "Q", "U", "R", "QQ") and argument:
            return self._say(shown, f"{command} takes no argument.")
        if command == "LD":
            if not argument:
                return self._fresh(yukon.apply(state, LoadDeck()), shown)
            return self._load_deck_file(argument, shown)
        if command == "SW":
            return self._fresh(yukon.apply(state, SHOW_DECK), shown)
        if command == "SI":
            return self._fresh(yukon.apply(state, ShuffleInterleaved(_split(argument))), shown)
        if command == "SR":
            return self._fresh(yukon.apply(state, SHUFFLE_RANDOM), shown)
        if command == "SD":
            if state.deck is None:
                return self._say(shown, yukon.NO_DECK)
            name = argument or DEFAULT_DECK_FILE
            save_deck(self._resolve(name), state.deck, name=name)
            return self._say(shown, OK)
        if command == "QQ":
            return self._say(shown, OK, quit=True)
        if command == "P":
            return self._fresh(yukon.apply(state, DEAL), shown)
        if command == "Q":
            return self._fresh(yukon.apply(state, QUIT), shown)
        if command == "U":
            return self._say(shown, OK, **self._stepped(Timeline.undo))
        if command == "R":
            return self._say(shown, OK, **self._stepped(Timeline.redo))
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
        self, shown: str, new: tuple[State, tuple[str, ...]], auto_move: bool
    ) -> YukonSession:
        """``new`` (a state and the move to it) and, with ``auto_move``, the auto-moves after
        it, pushed onto the timeline as one step."""
        state, moves = new
        auto: tuple[str, ...] = ()
        if auto_move:
            state, auto = _sent_home(state)
        return self._say(shown, _moved_message(state, len(auto)),
                         **self._with_step(state, as_step(moves + auto)))

    def _stepped(self, change: Callable[[Timeline[Any]], Timeline[Any]]) -> dict[str, Any]:
        """Undo or redo (``change``) on the timeline and, while it follows, on its moves."""
        steps = self.steps
        return {"timeline": change(self.timeline),
                "steps": change(steps) if steps is not None and in_step(steps, self.timeline)
                else None}

    def _with_step(self, state: State, step: Step) -> dict[str, Any]:
        """The timeline with ``state`` pushed and, while they follow it, the steps with
        ``step``."""
        steps = self.steps
        return {"timeline": _pushed(self.timeline, state),
                "steps": _pushed(steps, (state, step))
                if steps is not None and in_step(steps, self.timeline) else None}

    def _fresh(self, state: State, shown: str) -> YukonSession:
        """A new timeline that starts at ``state`` (STARTUP steps and the deal)."""
        return self._say(shown, OK, timeline=Timeline(state), steps=Timeline((state, None)))

    def _load_deck_file(self, name: str, shown: str) -> YukonSession:
        state = self.state
        if state.phase is Phase.PLAY:
            return self._say(shown, yukon.NOT_IN_PLAY)
        cards = load_deck(self._resolve(name), name=name)
        return self._fresh(yukon.apply(state, LoadDeck(cards)), shown)

    # ------------------------------------------------------------ saves

    def to_json(self) -> dict[str, Any]:
        """The save of this session (``tableau.storage.yukon_saves`` has its format)."""
        return save_data(self.timeline, self.last_command, self.message, self.steps)

    def _save(self, name: str, shown: str) -> YukonSession:
        saved = self._say(shown, OK)
        write_save(self._resolve(name), saved.to_json(), name=name)
        return saved

    def _load(self, name: str, shown: str) -> YukonSession:
        timeline, steps = read_save(self._resolve(name), name=name)
        return self._say(shown, OK, timeline=timeline, steps=steps)


def _sent_home(state: State) -> tuple[State, tuple[str, ...]]:
    """The state after every safe move to the foundations, and those moves."""
    made: list[str] = []
    while len(made) < MAX_AUTO_MOVES:
        moves = yukon.safe_foundation_moves(state)
        if not moves:
            break
        state = yukon.apply(state, moves[0])
        made.append(str(moves[0]))
    return state, tuple(made)


def _moved_message(state: State, auto_moved: int) -> str:
    """What a move says: the win in words, else OK and how many cards auto-move sent home."""
    if yukon.outcome(state) is not None:
        return f"All {yukon.DECK_SIZE} cards are home: you won in {state.moves} moves."
    if not auto_moved:
        return OK
    return f"OK (auto-moved {auto_moved} card{'s' if auto_moved != 1 else ''} home)"


def _pushed(timeline: Timeline[T], state: T) -> Timeline[T]:
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
