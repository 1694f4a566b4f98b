"""The Yukon command interpreter: the spec's command language over a ``YukonSession``.

Line mode and the UI both drive a game through ``run_line`` (``YukonSession.run``), so every
path goes through the same code. It never raises: an error becomes the message.

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

Moves and the steps without a parameter (LD, SW, SI, SR, P) are the session's ``act``; a
deck file (LD file), a chosen split (SI n) and leaving a deal (Q) are this interpreter's,
through the engine's ``load_deck``, ``shuffle_interleaved`` and ``quit_deal``.

File work goes through ``tableau.storage``: deck files (LD file, SD) and saves (S, L, whose
format ``tableau.sessions.yukon_saves`` describes). SD and S never write over a file the player
could not write to, nor one that is not a deck file or a Yukon save; in a tab of ``tableau
serve``, every name stays in one folder (``tableau.storage.files.resolve``). S and L come in
two halves (``file_work``), so the TUI does the reading and writing in a thread. The text
view is ``tableau.cli.yukon_text.render_text``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from tableau.cards import Suit
from tableau.engines import yukon
from tableau.engines.protocol import IllegalMove
from tableau.engines.protocol import SaveFormatError
from tableau.engines.yukon import DEAL
from tableau.engines.yukon import SHOW_DECK
from tableau.engines.yukon import SHUFFLE_RANDOM
from tableau.engines.yukon import LoadDeck
from tableau.engines.yukon import Phase
from tableau.engines.yukon import ShuffleInterleaved
from tableau.sessions.yukon import YukonSession
from tableau.sessions.yukon import clean_command
from tableau.sessions.yukon_events import OK
from tableau.sessions.yukon_saves import read_save
from tableau.sessions.yukon_saves import save_data
from tableau.sessions.yukon_saves import write_save
from tableau.storage.decks import DeckError
from tableau.storage.decks import load_deck
from tableau.storage.decks import save_deck
from tableau.storage.files import FileProblem
from tableau.storage.files import resolve
from tableau.text import shorten

__all__ = ["FILE_COMMANDS", "file_work", "load_deck_file", "run_line"]

DEFAULT_DECK_FILE: Final = "cards.txt"
FILE_COMMANDS: Final = frozenset({"S", "L"})

_STARTUP_ONLY: Final = frozenset({"LD", "SW", "SI", "SR", "SD", "QQ", "P"})
_PLAY_ONLY: Final = frozenset({"Q", "U", "R"})
_KNOWN: Final = _STARTUP_ONLY | _PLAY_ONLY | FILE_COMMANDS
_HELP: Final = "Commands: LD, SW, SI, SR, SD, P, QQ; in a game moves like C6->C4, U, R, Q; S, L."
_QUIT_FROM_PLAY: Final = f"{yukon.NOT_IN_PLAY}: type Q to end the deal, then QQ to quit."
_STEPS: Final = {"SW": SHOW_DECK, "SR": SHUFFLE_RANDOM, "P": DEAL}

Finish = Callable[[YukonSession], None]
"""The second half of S or L: what the command leaves on the session."""


_SUIT_LETTERS: Final = str.maketrans({suit.glyph: suit.letter for suit in Suit})

def run_line(session: YukonSession, line: str) -> None:
    """Run one command line. Never raises; on an error only the two lines change."""
    shown = clean_command(line)
    _guarded(session, shown, lambda: _run(session, line.strip(), shown))


def load_deck_file(session: YukonSession, name: str, shown: str | None = None) -> None:
    """LD with a file: that deck, face down; or the message says why not."""
    shown = clean_command(f"LD {name}") if shown is None else shown

    def load() -> None:
        state = session.state
        if state.phase is Phase.PLAY:
            session.say(shown, yukon.NOT_IN_PLAY)
            return
        cards = load_deck(resolve(session.folder, name), name=name)
        session.restart_from(yukon.load_deck(state, cards))
        session.say(shown, OK)

    _guarded(session, shown, load)


def _guarded(session: YukonSession, shown: str, work: Callable[[], None]) -> None:
    try:
        work()
    except (IllegalMove, DeckError, FileProblem, SaveFormatError) as error:
        session.say(shown, str(error))
    except Exception as error:  # the interpreter must never crash the program
        session.say(shown, f"That command failed unexpectedly ({type(error).__name__}).")


def _run(session: YukonSession, line: str, shown: str) -> None:
    if not line:
        session.say(shown, f"Type a command. {_HELP}")
        return
    word, _, rest = line.partition(" ")
    command, argument = word.upper(), _unquoted(rest.strip())
    state = session.state
    if command not in _KNOWN and "->" in line:
        if state.phase is not Phase.PLAY:
            session.say(shown, yukon.NOT_IN_STARTUP)
            return
        typed = line.translate(_SUIT_LETTERS)  # the hint's C3:10♥->C1 may be typed back
        session.say(shown, session.act(0, yukon.listed_form(session.state,
                                                            yukon.parse_move(typed))))
        return
    if command in _STARTUP_ONLY and state.phase is Phase.PLAY:
        session.say(shown, _QUIT_FROM_PLAY if command == "QQ" else yukon.NOT_IN_PLAY)
    elif command in _PLAY_ONLY and state.phase is Phase.STARTUP:
        session.say(shown, yukon.NOT_IN_STARTUP)
    elif command in ("SW", "SR", "P", "Q", "U", "R", "QQ") and argument:
        session.say(shown, f"{command} takes no argument.")
    elif command == "LD" and argument:
        load_deck_file(session, argument, shown)
    elif command == "LD":
        session.say(shown, session.act(0, LoadDeck()))
    elif command in _STEPS:
        session.say(shown, session.act(0, _STEPS[command]))
    elif command == "SI" and argument:
        session.restart_from(yukon.shuffle_interleaved(state, _split(argument)))
        session.say(shown, OK)
    elif command == "SI":
        session.say(shown, session.act(0, ShuffleInterleaved()))
    elif command == "SD":
        _save_deck(session, argument, shown)
    elif command == "QQ":
        session.quit = True
        session.say(shown, OK)
    elif command == "Q":
        session.restart_from(yukon.quit_deal(state))
        session.say(shown, OK)
    elif command in ("U", "R"):
        session.say(shown, session.undo() if command == "U" else session.redo())
    elif command in FILE_COMMANDS:
        file_work(session, line)()(session)
    else:
        session.say(shown, f"Unknown command '{shorten(word, 12)}'. {_HELP}")


def _save_deck(session: YukonSession, argument: str, shown: str) -> None:
    deck = session.state.deck
    if deck is None:
        session.say(shown, yukon.NO_DECK)
        return
    name = argument or DEFAULT_DECK_FILE
    save_deck(resolve(session.folder, name), deck, name=name)
    session.say(shown, OK)


def file_work(session: YukonSession, line: str) -> Callable[[], Finish]:
    """S or L (``line``) in two halves: the work, which reads or writes the file and may run
    in a thread (it only reads what it took from ``session`` now), and what it returns,
    which finishes the command on the session (the one it came from, or the one that took
    its place meanwhile)."""
    shown = clean_command(line)
    word, _, rest = line.strip().partition(" ")
    command, name = word.upper(), _unquoted(rest.strip())
    if not name:
        example = "S game.json" if command == "S" else "L game.json"
        return _said(shown, f"{command} needs a file name, like {example}.")
    folder, timeline, steps, helped = (session.folder, session.timeline, session.steps,
                                       session.helped)

    def work() -> Finish:
        try:
            path = resolve(folder, name)
            if command == "S":
                write_save(path, save_data(timeline, shown, OK, steps, helped), name=name)
                return _said(shown, OK)()
            loaded = read_save(path, name=name)
        except (FileProblem, SaveFormatError, IllegalMove) as error:
            return _said(shown, str(error))()
        except Exception as error:  # the interpreter must never crash the program
            return _said(shown, f"That command failed unexpectedly ({type(error).__name__}).")()

        def finish(session: YukonSession) -> None:
            history, moves, loaded_helped = loaded
            session.replace_history(history, moves)  # another deal clears helped; the same keeps it
            session.helped = session.helped or loaded_helped  # and the save's own mark holds
            session.say(shown, OK)

        return finish

    return work


def _said(shown: str, message: str) -> Callable[[], Finish]:
    return lambda: lambda session: session.say(shown, message)


def _unquoted(argument: str) -> str:
    """A file name may be quoted to show its spaces: LD "my deck.txt"."""
    if len(argument) >= 2 and argument[0] == argument[-1] and argument[0] in "'\"":
        return argument[1:-1]
    return argument


def _split(argument: str) -> int:
    # At most two digits: a longer number is never from 1 to 51, and is never cut short.
    if not argument.isascii() or not argument.isdigit() or len(argument) > 2:
        raise IllegalMove(f"The split must be a whole number from 1 to {yukon.DECK_SIZE - 1}.")
    return int(argument)
