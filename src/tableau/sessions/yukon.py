"""Yukon's session: one player's game in progress, in the shape every game's session takes
(``tableau.sessions.protocol.Session``).

It owns the whole flow of the game: the timeline of snapshots (undo and redo), auto-move,
the clock (``yukon_clock``: start at a deal, stop on a win, run on after an undo out of it,
stand still while the table is covered, with ``now`` injected), the game number a new
game started from, the note the table shows, and the save with all of that in it
(``to_json`` / ``from_json``). A session is mutable: every change adds one to ``version``.

Moves are the engine's (``moves(0)`` lists them); ``act`` answers with events
(``yukon_events``, worded by ``describe``). The spec's command language (LD, SW, SI, SR, SD,
QQ, P, Q, moves like ``C6:4H->C4``, U, R, S, L) is a layer above, in ``yukon_commands``:
``run(line)`` runs one command line and leaves its two lines (``last_command``,
``message``) on the session, for the text view and the command bar.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from copy import copy
from pathlib import Path
from typing import Any
from typing import ClassVar
from typing import Final
from typing import TypeVar

from tableau.cards import FULL_DECK
from tableau.engines import yukon
from tableau.engines.protocol import IllegalMove
from tableau.engines.protocol import Outcome
from tableau.engines.protocol import SaveFormatError
from tableau.engines.protocol import SaveReader
from tableau.engines.yukon import GAME_NUMBERS
from tableau.engines.yukon import CardMove
from tableau.engines.yukon import Config
from tableau.engines.yukon import Move
from tableau.engines.yukon import Phase
from tableau.engines.yukon import State
from tableau.engines.yukon import View
from tableau.sessions.protocol import Answer
from tableau.sessions.protocol import CpuStep
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind
from tableau.sessions.timeline import Timeline
from tableau.sessions.yukon_clock import YukonClock
from tableau.sessions.yukon_clock import stopped
from tableau.sessions.yukon_events import OK
from tableau.sessions.yukon_events import YukonEvent
from tableau.sessions.yukon_events import describe
from tableau.sessions.yukon_events import headline
from tableau.sessions.yukon_saves import HISTORY_LIMIT
from tableau.sessions.yukon_saves import MAX_AUTO_MOVES
from tableau.sessions.yukon_saves import Step
from tableau.sessions.yukon_saves import Steps
from tableau.sessions.yukon_saves import as_step
from tableau.sessions.yukon_saves import helped_of
from tableau.sessions.yukon_saves import history_from_json
from tableau.sessions.yukon_saves import in_step
from tableau.sessions.yukon_saves import move_text
from tableau.sessions.yukon_saves import save_data
from tableau.text import shorten

__all__ = ["YukonSession", "start", "welcome"]

T = TypeVar("T")
YukonAnswer = Answer[YukonEvent]

MAX_COMMAND_SHOWN: Final = 40
MAX_NOTE: Final = 200
PLAYER: Final = SeatInfo("You", SeatKind.HUMAN)


def welcome(seed: int) -> str:
    """The first message: the commands that deal game ``seed`` (SR shuffles with it)."""
    return f"Type LD, SR, then P to deal game {seed}."


def clean_command(line: str) -> str:
    """The command as shown on the LAST Command line: one line, printable, short."""
    return shorten(line.strip(), MAX_COMMAND_SHOWN)


class YukonSession:
    """One player's game: the timeline of snapshots, the clock and what the view shows."""

    GAME: ClassVar[str] = "yukon"

    def __init__(
        self,
        timeline: Timeline[State],
        last_command: str = "",
        message: str = "",
        quit: bool = False,
        folder: Path = Path("."),
        steps: Steps | None = None,
        *,
        now: Callable[[], float] = stopped,
        start_seed: int | None = None,
        auto_move: bool = False,
        note: str | None = None,
        version: int = 0,
        helped: bool = False,
    ) -> None:
        self.timeline = timeline
        self.last_command = last_command
        self.message = message
        self.quit = quit
        """QQ was typed: the front end ends."""
        self.folder = Path(folder)
        """Where S, L, SD and LD with a file name read and write."""
        self.steps = steps
        """The moves behind each snapshot of ``timeline``, undone and redone beside it, so that
        the autosave after every move need not work them out again (None: worked out)."""
        seed = timeline.present.seed
        self.start_seed = start_seed if start_seed is not None else (
            seed if seed in GAME_NUMBERS else None)
        """The game number the player started from (a new game mixes it with a count)."""
        self.auto_move = auto_move
        """After a move, every safe move to the foundations follows in the same step."""
        self.note = note
        """What the table says instead of ``message`` (a front end's word, kept in the save)."""
        self.version = version
        self.clock = YukonClock(now)
        self.games_begun = 0
        """Counts the games that began here (a deal, a load into an empty table)."""
        self._view: tuple[State, View] | None = None
        self._number: tuple[object, int | None] | None = None
        self._follow(None)
        self.helped = helped  # after _follow, which clears it for a new game
        """The demo played a move in this game, or a winning line that looks under the cards
        was played: the game is the demo's, not the player's, and stays out of the
        statistics. Undo keeps it; only a new game clears it."""

    # ------------------------------------------------------------ making sessions

    @classmethod
    def start(cls, config: Config, folder: Path, deck_path: Path | None = None,
              **extras: Any) -> YukonSession:
        """A new session in STARTUP. With ``deck_path`` it starts as if ``LD deck_path`` was
        typed; if that fails, the message says why and no deck is loaded."""
        from tableau.sessions.yukon_commands import load_deck_file

        state = yukon.new_game(config)
        session = cls(Timeline(state), folder=Path(folder), steps=Timeline((state, None)),
                      **extras)
        if deck_path is not None:
            load_deck_file(session, str(deck_path))
        return session

    @classmethod
    def numbered(cls, number: int, rules: str, folder: Path, **extras: Any) -> YukonSession:
        """Game ``number`` dealt, as if LD, SR and P had been typed."""
        dealt = yukon.numbered_game(number, rules)
        return cls(Timeline(dealt), "LD, SR, P", OK, folder=Path(folder),
                   steps=Timeline((dealt, None)), **extras)

    def copy(self) -> YukonSession:
        """A session that changes apart from this one (its own clock)."""
        twin = copy(self)
        twin.clock = copy(self.clock)
        return twin

    # ------------------------------------------------------------ the protocol

    @property
    def state(self) -> State:
        return self.timeline.present

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        return (PLAYER,)

    @property
    def to_move(self) -> int | None:
        return None if self.outcome() is not None else 0

    def view(self, seat: int = 0) -> View:
        """The table as the player sees it (the same view while the state is the same)."""
        del seat
        state = self.state
        if self._view is None or self._view[0] is not state:
            self._view = (state, yukon.view(state))
        return self._view[1]

    def moves(self, seat: int = 0) -> tuple[Move, ...]:
        return self.view().legal if seat == 0 else ()

    def act(self, seat: int, move: Move) -> YukonAnswer:
        """Make ``move``: a STARTUP step begins a new timeline there; a card move is one undo
        step, with the auto-moves after it when auto-move is on."""
        if seat != 0:
            return Answer.refused("Yukon has one seat.")
        state = self.state
        try:
            after = yukon.apply(state, move)
        except IllegalMove as refusal:
            return Answer.refused(str(refusal))
        if not isinstance(move, CardMove):
            self.restart_from(after)
            return Answer((YukonEvent("step", source=str(move)),))
        events = list(_moved_events(state, after, move))
        made: tuple[str, ...] = (move_text(state, after, move),)
        if self.auto_move:
            after, auto, sent = _sent_home(after)
            made += auto
            events += sent
        return Answer(self._push(after, as_step(made), events))

    def describe(self, event: YukonEvent, viewer: int = 0) -> str:
        """The sentence ``viewer`` reads for ``event`` (``yukon_events.describe``)."""
        return describe(event, viewer)

    def send_safe_cards_home(self) -> YukonAnswer:
        """Auto-move on its own (the player just turned it on): one undoable step, or no
        change at all when no card can safely go home."""
        after, auto, events = _sent_home(self.state)
        if not auto:
            return Answer()
        answer: YukonAnswer = Answer(self._push(after, as_step(auto), events))
        self.say(self.last_command, answer)
        return answer

    def cpu_step(self) -> CpuStep[Move] | None:
        return None  # Yukon has no CPU seat

    def play_cpu(self, step: CpuStep[Any]) -> YukonAnswer:
        return Answer.refused("Yukon has no CPU seat.")

    @property
    def can_undo(self) -> bool:
        return self.timeline.can_undo

    @property
    def can_redo(self) -> bool:
        return self.timeline.can_redo

    def undo(self) -> YukonAnswer:
        return self._stepped(Timeline.undo, "undone")

    def redo(self) -> YukonAnswer:
        return self._stepped(Timeline.redo, "redone")

    def outcome(self) -> Outcome | None:
        return yukon.outcome(self.state)

    # ------------------------------------------------------------ the clock and the number

    def seconds(self) -> float:
        """Seconds this game has been played (0 before the deal)."""
        return self.clock.seconds()

    def game_number(self) -> int | None:
        """The number of the game on the table (``tableau yukon --seed N`` deals it again), or
        None for a deal no number gives (an own deck, other shuffles). Before the deal: the
        seed SR will shuffle with."""
        state = self.state
        key = (state.deck, state.seed, self.start_seed, state.phase)
        if self._number is None or self._number[0] != key:
            # Cached: it deals game numbers to compare, and the stats panel asks every frame.
            self._number = (key, self._number_of(state))
        return self._number[1]

    def _number_of(self, state: State) -> int | None:
        if state.phase is Phase.STARTUP and state.deck in (None, FULL_DECK):
            # SR shuffles the unshuffled deck (LD gives it) into game state.seed.
            return state.seed if state.seed in GAME_NUMBERS else self.start_seed
        # Else P deals the deck as it lies: a player's own shuffle has no number, even after Q.
        return yukon.number_of_deal(state, state.seed, *(
            () if self.start_seed is None else (self.start_seed,)))

    def is_stuck(self) -> bool:
        """A dealt game that is not won, with no legal move left."""
        return (self.state.phase is Phase.PLAY and self.outcome() is None
                and not self.view().legal)

    # ------------------------------------------------------------ changing the timeline

    def restart_from(self, state: State) -> None:
        """A new timeline that starts at ``state`` (STARTUP steps, the deal, Q)."""
        self.replace_history(Timeline(state), Timeline((state, None)))

    def replace_history(self, timeline: Timeline[State], steps: Steps | None) -> None:
        """Another game's whole timeline (L)."""
        before = self.state
        self.timeline, self.steps = timeline, steps
        self._changed(before)

    def _push(self, state: State, step: Step, events: Sequence[YukonEvent]
              ) -> tuple[YukonEvent, ...]:
        """``state`` pushed as one undo step (and, while they follow, ``step`` on the
        steps); the events, with the win when it is one."""
        before, steps = self.state, self.steps
        self.steps = (_pushed(steps, (state, step))
                      if steps is not None and in_step(steps, self.timeline) else None)
        self.timeline = _pushed(self.timeline, state)
        self._changed(before)
        if yukon.outcome(state) is not None:
            return (*events, YukonEvent("won", count=state.moves))
        return tuple(events)

    def _stepped(self, change: Callable[[Timeline[Any]], Timeline[Any]], kind: str
                 ) -> YukonAnswer:
        """Undo or redo (``change``) on the timeline and, while it follows, on its moves."""
        try:
            timeline = change(self.timeline)
        except IllegalMove as refusal:
            return Answer.refused(str(refusal))
        before, steps = self.state, self.steps
        self.steps = (change(steps) if steps is not None and in_step(steps, self.timeline)
                      else None)
        self.timeline = timeline
        self._changed(before)
        return Answer((YukonEvent("undone" if kind == "undone" else "redone"),))

    def _changed(self, before: State) -> None:
        self.version += 1
        self._follow(before)

    def _follow(self, before: State | None) -> None:
        """The clock after a change from ``before``: a new game at a deal (or a game loaded
        into an empty table), nothing in STARTUP, stopped on a win."""
        state = self.state
        if state.phase is not Phase.PLAY:
            self.clock.leave_play()
            return
        dealt = (before is not None and before.phase is Phase.STARTUP
                 and state.moves == 0 and self.timeline.undo_depth == 0)
        if not self.clock.in_play or dealt:
            self.clock.deal()
            self.games_begun += 1
            self.helped = False
        self.clock.follow_win(yukon.outcome(state) is not None)

    # ------------------------------------------------------------ the command language

    def run(self, line: str, *, auto_move: bool | None = None) -> YukonSession:
        """Run one command line of the spec's language (``yukon_commands``); its two lines
        are left in ``last_command`` and ``message``. Never raises. Returns the session
        itself, so a script may chain commands: ``session.run("LD").run("P")``.
        ``auto_move``, when given, holds for this line only."""
        from tableau.sessions.yukon_commands import run_line

        kept = self.auto_move
        self.auto_move = kept if auto_move is None else auto_move
        try:
            run_line(self, line)
        finally:
            self.auto_move = kept
        return self

    def redeal(self) -> YukonSession:
        """The same deal again, as if Q and P had been typed (a new timeline)."""
        self.run("Q").run("P")
        self.last_command = "Q, P"
        return self

    def say(self, shown: str, answer: YukonAnswer | str) -> None:
        """Leave ``shown`` and what ``answer`` says (or the sentence) on the two lines."""
        if not isinstance(answer, str):
            answer = headline(answer.events) if answer.ok else str(answer.refusal)
        self.last_command, self.message = shown, answer
        self.version += 1

    # ------------------------------------------------------------ saves

    def file_json(self) -> dict[str, Any]:
        """What S writes (``tableau.sessions.yukon_saves`` has its format)."""
        return save_data(self.timeline, self.last_command, self.message, self.steps,
                         self.helped)

    def to_json(self) -> dict[str, Any]:
        """The autosave: the save S writes, with the clock, the game number, auto-move, the
        note, the version and whether the demo played. L loads it like any save."""
        return {**self.file_json(), "clock": self.seconds(), "start_seed": self.start_seed,
                "auto_move": self.auto_move, "note": self.note,
                "session_version": self.version}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], folder: Path = Path("."),
                  now: Callable[[], float] = stopped) -> YukonSession:
        """The session an autosave holds (see ``to_json``), every step checked by the engine
        and every extra by ``SaveReader``. A save that is not one raises SaveFormatError with
        a sentence. Its clock stands still until the table shows (``clock.uncover``)."""
        save = SaveReader(data)
        clock = save.data.get("clock")
        if (not isinstance(clock, (int, float)) or isinstance(clock, bool)
                or not 0 <= clock < math.inf):
            raise SaveFormatError("The save's clock is not a number of seconds.")
        start_seed = save.data.get("start_seed")
        if start_seed is not None and (isinstance(start_seed, bool)
                                       or start_seed not in GAME_NUMBERS):
            raise SaveFormatError("The save's game number is not one tableau deals.")
        if not isinstance(save.data.get("auto_move"), bool):
            raise SaveFormatError("The save does not say whether auto-move was on.")
        note = save.data.get("note")
        if note is not None and not isinstance(note, str):
            raise SaveFormatError("The save's note is not text.")
        shown = save.data.get("last_command", ""), save.data.get("message", "")
        if not all(isinstance(line, str) for line in shown):
            raise SaveFormatError("The save's last command or message is not text.")
        version = save.optional_integer("session_version") or 0
        helped = helped_of(save.data)
        timeline, steps = history_from_json(data)
        session = cls(timeline, clean_command(shown[0]), shorten(shown[1], MAX_NOTE),
                      folder=Path(folder), steps=steps, now=now, start_seed=start_seed,
                      auto_move=save.data["auto_move"],
                      note=None if note is None else shorten(note, MAX_NOTE),
                      version=version, helped=helped)
        session.clock.resume_at(float(clock))
        return session


def start(seats: Sequence[SeatInfo], seed: int, **options: Any) -> YukonSession:
    """The uniform constructor: one human seat; game ``seed`` dealt when it is a game
    number, else STARTUP shuffling with ``seed``. Options: ``rules``, ``folder``, ``now``,
    ``auto_move``."""
    if len(seats) != 1 or seats[0].kind is not SeatKind.HUMAN:
        raise ValueError("Yukon is played by one person, in one seat.")
    rules = str(options.pop("rules", "spec"))
    folder = Path(options.pop("folder", "."))
    if seed in GAME_NUMBERS:
        return YukonSession.numbered(seed, rules, folder, **options)
    return YukonSession.start(Config(seed=seed, rules=rules), folder, **options)


def _moved_events(before: State, after: State, move: CardMove) -> tuple[YukonEvent, ...]:
    """What one card move did: the cards that went, and the card it turned face up."""
    target_is_column = move.target[0] == "C"
    index = int(move.target[1:]) - 1
    if target_is_column:
        cards = tuple(slot.card for slot in after.columns[index][len(before.columns[index]):])
    else:
        cards = (after.foundations[index][-1],)
    events = [YukonEvent("moved", cards=cards, source=move.source, target=move.target)]
    if move.source[0] == "C":
        column = int(move.source[1:]) - 1
        old, new = before.columns[column], after.columns[column]
        if new and not old[len(new) - 1].face_up:
            events.append(YukonEvent("turned", cards=(new[-1].card,), source=move.source))
    return tuple(events)


def _sent_home(state: State) -> tuple[State, tuple[str, ...], tuple[YukonEvent, ...]]:
    """The state after every safe move to the foundations, those moves, and their events
    (each move's, then how many went home)."""
    made: list[str] = []
    events: list[YukonEvent] = []
    while len(made) < MAX_AUTO_MOVES:
        moves = yukon.safe_foundation_moves(state)
        if not moves:
            break
        after = yukon.apply(state, moves[0])
        events += (YukonEvent(event.kind, cards=event.cards, source=event.source,
                              target=event.target, auto=True)
                   for event in _moved_events(state, after, moves[0]))
        state = after
        made.append(str(moves[0]))
    if made:
        events.append(YukonEvent("sent_home", count=len(made), auto=True))
    return state, tuple(made), tuple(events)


def _pushed(timeline: Timeline[T], state: T) -> Timeline[T]:
    """``timeline`` with a new present; at 2 * HISTORY_LIMIT steps the oldest are dropped
    down to HISTORY_LIMIT (in batches, so a move stays cheap)."""
    timeline = timeline.push(state)
    if timeline.undo_depth < 2 * HISTORY_LIMIT:
        return timeline
    return Timeline.from_sequences(timeline.past()[-HISTORY_LIMIT:], timeline.present, ())
