"""What Yukon's autosave keeps, checked on the session (``YukonSession.to_json`` /
``from_json``): the position with its undo and redo, the two lines, the clock, the game
number, auto-move, the note and the version; and how a resumed session goes on (undo, redo,
the clock, auto-move, an undo out of a dead end). tests/ui/test_yukon_resume.py keeps one
Pilot flow for each: quit, start again, Continue."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tableau.engines.yukon import Config
from tableau.engines.yukon import Phase
from tableau.sessions.yukon import MAX_COMMAND_SHOWN
from tableau.sessions.yukon import MAX_NOTE
from tableau.sessions.yukon import YukonSession
from tableau.ui.scenes.yukon import played_save

SEED = 24611


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def autosave(session: YukonSession) -> dict[str, Any]:
    """The autosave as the store keeps it: through JSON text."""
    data: dict[str, Any] = json.loads(json.dumps(session.to_json()))
    return data


def play(session: YukonSession, count: int) -> YukonSession:
    """``count`` legal moves (the first the engine lists each time), typed."""
    for _ in range(count):
        session.run(str(session.view().legal[0]))
        assert session.message == "OK"
    return session


def test_a_resumed_game_has_its_position_undo_redo_lines_and_clock_and_goes_on() -> None:
    clock = FakeClock()
    session = YukonSession.numbered(SEED, "spec", Path("."), now=clock, start_seed=SEED)
    session.clock.uncover()
    play(session, 3)
    clock.now = 95.0
    session.run("U")
    data = autosave(session)
    assert data["clock"] == 95.0 and data["start_seed"] == SEED
    clock.now += 600  # tableau started again ten minutes later
    resumed = YukonSession.from_json(data, now=clock)
    assert resumed.view() == session.view() and resumed.timeline == session.timeline
    assert (resumed.last_command, resumed.message) == ("U", session.message)
    assert (resumed.timeline.undo_depth, resumed.timeline.redo_depth) == (2, 1)
    assert resumed.game_number() == SEED and resumed.start_seed == SEED
    assert resumed.seconds() == 95.0  # standing until the table shows
    resumed.clock.uncover()
    clock.now += 5
    assert resumed.seconds() == 100.0  # and on from the saved 1:35
    undone = resumed.view()
    resumed.run("R")
    assert resumed.message == "OK" and resumed.view().moves == 3
    resumed.run("U").run("U")
    assert resumed.view().moves == 1 and resumed.view() != undone


def test_the_version_goes_on_from_the_saved_one() -> None:
    session = play(YukonSession.numbered(SEED, "spec", Path(".")), 2)
    resumed = YukonSession.from_json(autosave(session))
    assert resumed.version == session.version > 0
    play(resumed, 1)
    assert resumed.version > session.version


def test_auto_move_is_kept_and_acts_on_the_next_move_after_resuming() -> None:
    """Game 1 just dealt: after C3->C2 a card can safely go home."""
    dealt = YukonSession.start(Config(seed=1), Path(".")).run("LD").run("SR").run("P")
    answers: dict[bool, tuple[str, int]] = {}
    for auto_move in (False, True):
        twin = dealt.copy()
        twin.auto_move = auto_move
        resumed = YukonSession.from_json(autosave(twin))
        assert resumed.auto_move is auto_move
        resumed.run("C3->C2")
        answers[auto_move] = resumed.message, resumed.view().moves
    assert answers[False] == ("OK", 1)
    said, moves = answers[True]
    assert said.startswith("OK (auto-moved ") and moves > 1


def test_the_note_is_kept_and_a_long_note_or_command_is_shortened() -> None:
    session = play(YukonSession.numbered(SEED, "spec", Path(".")), 1)
    session.note = "Auto-move to the foundations is on."
    assert YukonSession.from_json(autosave(session)).note == session.note
    session.note = None
    assert YukonSession.from_json(autosave(session)).note is None
    data = {**autosave(session), "note": "n" * 5000, "last_command": "C" * 5000}
    resumed = YukonSession.from_json(data)
    assert resumed.note is not None and 0 < len(resumed.note) <= MAX_NOTE
    assert 0 < len(resumed.last_command) <= MAX_COMMAND_SHOWN


def test_an_own_shuffle_keeps_its_start_seed_and_has_no_number() -> None:
    session = YukonSession.numbered(4, "spec", Path("."), start_seed=4)
    for line in ("Q", "SI 26", "SR", "P"):
        session.run(line)
    play(session, 1)
    resumed = YukonSession.from_json(autosave(session))
    assert resumed.start_seed == 4 and resumed.game_number() is None
    assert resumed.state == session.state


def test_undo_out_of_a_dead_end_leaves_a_game_with_a_move_to_redo() -> None:
    """Game 201 under Russian rules has one legal move, and none after it: stuck; an undo
    reopens it (the move can be redone, so the autosave holds it), and the resumed game is
    the same dead end again after the same move."""
    session = YukonSession.numbered(201, "russian", Path("."))
    assert [str(move) for move in session.view().legal] == ["C4:9H->C1"]
    session.run("C4:9H->C1")
    assert session.is_stuck() and session.outcome() is None and session.view().moves == 1
    session.run("U")
    assert not session.is_stuck() and session.view().moves == 0 and session.can_redo
    resumed = YukonSession.from_json(autosave(session))
    assert resumed.can_redo and resumed.state.seed == 201 and resumed.state.rules == "russian"
    resumed.run("C4:9H->C1")
    assert resumed.is_stuck() and not resumed.can_redo


def test_a_deal_with_no_legal_move_is_stuck_with_nothing_made() -> None:
    """Game 318 under Russian rules is dealt with no legal move at all: stuck, yet no move
    was made and none can be redone (the app keeps no autosave and records no loss)."""
    session = YukonSession.from_json({**json.loads(played_save(318, 0, rules="russian")),
                                      "clock": 0.0, "start_seed": None, "auto_move": False,
                                      "note": None})
    assert session.state.phase is Phase.PLAY and session.is_stuck()
    assert session.view().moves == 0 and not session.can_undo and not session.can_redo


def test_the_autosave_is_a_save_file_l_can_load(tmp_path: Path) -> None:
    session = play(YukonSession.numbered(SEED, "spec", tmp_path, start_seed=SEED), 3)
    (tmp_path / "copy.json").write_text(json.dumps(autosave(session)))
    loaded = YukonSession.start(Config(seed=7), tmp_path).run("L copy.json")
    assert loaded.message == "OK"
    assert loaded.view() == session.view() and loaded.timeline == session.timeline
