"""Yukon sessions: auto-moves undo as one step, the capped history, and checked saves
(issue 11, items 7 to 10)."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from tableau.engines import yukon
from tableau.engines.protocol import SaveFormatError
from tableau.engines.protocol import read_header
from tableau.engines.yukon import Config
from tableau.engines.yukon import Phase
from tableau.engines.yukon import legal_moves
from tableau.sessions.timeline import Timeline
from tableau.sessions.yukon import YukonSession
from tableau.sessions.yukon_saves import DAMAGED_HELP
from tableau.sessions.yukon_saves import HISTORY_LIMIT


def in_play(folder: Path, seed: int) -> YukonSession:
    return YukonSession.start(Config(seed=seed), folder).run("LD").run("SR").run("P")


def fresh(folder: Path) -> YukonSession:
    return YukonSession.start(Config(), folder)


def random_play(session: YukonSession, moves: int, seed: int) -> YukonSession:
    chooser = random.Random(seed)
    for _ in range(moves):
        choices = legal_moves(session.state)
        session = session.copy().run(str(choices[chooser.randrange(len(choices))]))
    return session


def write(folder: Path, name: str, data: Any) -> None:
    (folder / name).write_text(json.dumps(data))


# ---------------------------------------------------------------- item 7: auto-move and undo


@pytest.fixture
def before_auto_move(tmp_path: Path) -> YukonSession:
    """Game 1 with auto-move just switched on (one card went home): C3->C2 then lets one
    more card go home by itself."""
    session = in_play(tmp_path, 1)
    assert session.send_safe_cards_home().ok
    assert session.message == "OK (auto-moved 1 card home)" and session.state.moves == 1
    return session


def test_undo_takes_back_a_move_and_its_auto_moves_in_one_step(
    before_auto_move: YukonSession,
) -> None:
    moved = before_auto_move.copy().run("C3->C2", auto_move=True)
    assert moved.message == "OK (auto-moved 1 card home)" and moved.state.moves == 3
    undone = moved.copy().run("U", auto_move=True)
    assert undone.message == "OK"
    assert undone.state == before_auto_move.state
    redone = undone.copy().run("R", auto_move=True)
    assert redone.message == "OK" and redone.state == moved.state


def test_undo_and_redo_never_auto_move(before_auto_move: YukonSession) -> None:
    undone = before_auto_move.copy().run("U", auto_move=True)
    assert undone.state.moves == 0 and yukon.safe_foundation_moves(undone.state)
    assert undone.copy().run("R", auto_move=True).run("U", auto_move=True).state == undone.state


def test_a_move_and_its_auto_moves_save_as_one_step_and_load_back(
    before_auto_move: YukonSession, tmp_path: Path
) -> None:
    moved = before_auto_move.copy().run("C3->C2", auto_move=True).run("S game.json")
    data = json.loads((tmp_path / "game.json").read_text())
    # Auto-move's own step (one card) and the player's move with the card it sent home; a move
    # between columns names the card that moved.
    assert data["past"] == ["C1->F1", ["C3:5H->C2", "C3->F2"]]
    loaded = fresh(tmp_path).run("L game.json")
    assert loaded.message == "OK"
    assert loaded.timeline.past() == moved.timeline.past()
    assert loaded.copy().run("U").state == before_auto_move.state


# ---------------------------------------------------------------- item 8: where S and SD write


@pytest.mark.parametrize("command", ["S pipe", "SD pipe"])
def test_s_and_sd_refuse_a_fifo_and_leave_it_alone(tmp_path: Path, command: str) -> None:
    os.mkfifo(tmp_path / "pipe")
    session = YukonSession.start(Config(seed=3), tmp_path).run("LD")
    after = session.copy().run(command)
    assert after.message == (
        "pipe is not a regular file (a device, FIFO or socket), so nothing is written."
    )
    assert after.timeline == session.timeline
    assert [path.name for path in tmp_path.iterdir()] == ["pipe"]


# ---------------------------------------------------------------- item 9: the capped history


@pytest.fixture(scope="module")
def long_game(tmp_path_factory: pytest.TempPathFactory) -> YukonSession:
    """Game 0 after 2 * HISTORY_LIMIT + 10 random legal moves (it never gets stuck)."""
    folder = tmp_path_factory.mktemp("long")
    return random_play(in_play(folder, 0), 2 * HISTORY_LIMIT + 10, seed=0)


def test_the_undo_history_is_capped(long_game: YukonSession) -> None:
    assert long_game.state.moves == 2 * HISTORY_LIMIT + 10
    assert HISTORY_LIMIT <= long_game.timeline.undo_depth < 2 * HISTORY_LIMIT


def test_what_s_writes_after_a_long_game_loads_back(long_game: YukonSession) -> None:
    saved = long_game.copy().run("S long.json")
    assert saved.message == "OK"
    assert (long_game.folder / "long.json").stat().st_size < 300_000
    loaded = fresh(long_game.folder).run("L long.json")
    assert loaded.message == "OK"
    assert loaded.state == long_game.state
    assert loaded.timeline.past() == long_game.timeline.past()


def test_a_version_1_save_with_a_long_history_loads_its_newest_steps(
    long_game: YukonSession, tmp_path: Path
) -> None:
    # Version 1 kept every step from the deal: write one the way it did, 20,010 moves long.
    # long_game is this deal after these moves (the same seeds): its kept steps are the newest.
    deal = in_play(tmp_path, 0)
    steps = [str(yukon.parse_move(step)) for step in long_game.to_json()["past"]]
    first = long_game.timeline.past()[0].moves
    chooser = random.Random(0)
    state, history = deal.state, []
    for _ in range(first):
        choices = legal_moves(state)
        move = choices[chooser.randrange(len(choices))]
        history.append(str(move))
        state = yukon.apply(state, move)
    write(tmp_path, "old.json", {
        "game": "yukon", "version": 1, "start": yukon.to_json(deal.state),
        "past": history + steps, "present": yukon.to_json(long_game.state), "future": [],
        "last_command": "", "message": "",
    })
    loaded = fresh(tmp_path).run("L old.json")
    assert loaded.message == "OK"
    assert loaded.state == long_game.state
    assert loaded.timeline.undo_depth == HISTORY_LIMIT
    assert loaded.timeline.past() == long_game.timeline.past()[-HISTORY_LIMIT:]


# ---------------------------------------------------------------- item 10: checked saves


def version_1_save(session: YukonSession, past: list[Any]) -> dict[str, Any]:
    data = session.to_json()
    data.update(version=1, past=past, future=[])
    data.pop("present")
    return data


def won_table(state: yukon.State) -> dict[str, Any]:
    data = yukon.to_json(state)
    data["columns"] = [""] * 7
    data["foundations"] = [
        " ".join(f"{rank}{suit}" for rank in "A23456789TJQK") for suit in "CDHS"
    ]
    data["moves"] = state.moves + 1
    return data


def all_face_up(state: yukon.State) -> dict[str, Any]:
    data = yukon.to_json(state)
    data["columns"] = [text.replace("[", "").replace("]", "") for text in data["columns"]]
    data["moves"] = state.moves + 1
    return data


def huge_move_count(state: yukon.State) -> dict[str, Any]:
    data = yukon.to_json(state)
    data["moves"] = int("9" * 4000)
    return data


@pytest.mark.parametrize("forge", [won_table, all_face_up, huge_move_count])
def test_a_version_1_snapshot_step_no_legal_move_reaches_is_refused(
    tmp_path: Path, forge: Any
) -> None:
    played = random_play(in_play(tmp_path, 5), 3, seed=5)
    past = [*played.to_json()["past"], forge(played.state)]
    write(tmp_path, "forged.json", version_1_save(in_play(tmp_path, 5), past))
    before = fresh(tmp_path)
    after = before.copy().run("L forged.json")
    assert after.message.startswith("Step 4 of the save is refused: ")
    assert after.timeline == before.timeline


def test_a_version_1_snapshot_step_one_legal_move_away_still_loads(tmp_path: Path) -> None:
    played = random_play(in_play(tmp_path, 5), 3, seed=5)
    past = [*played.to_json()["past"][:2], yukon.to_json(played.state)]
    write(tmp_path, "old.json", version_1_save(in_play(tmp_path, 5), past))
    loaded = fresh(tmp_path).run("L old.json")
    assert loaded.message == "OK" and loaded.state == played.state


@pytest.mark.parametrize("forge", [won_table, all_face_up])
def test_a_start_position_play_cannot_reach_is_refused(tmp_path: Path, forge: Any) -> None:
    played = random_play(in_play(tmp_path, 5), 3, seed=5)
    data = played.to_json()
    data.update(start=forge(played.state), past=[], present=forge(played.state))
    write(tmp_path, "forged.json", data)
    message = fresh(tmp_path).run("L forged.json").message
    assert message.startswith("The save's table cannot come from its deck: ")


def test_a_4000_digit_move_count_is_refused(tmp_path: Path) -> None:
    data = in_play(tmp_path, 5).to_json()
    data["start"] = data["present"] = huge_move_count(in_play(tmp_path, 5).state)
    write(tmp_path, "forged.json", data)
    message = fresh(tmp_path).run("L forged.json").message
    assert message == "The save's move count is too large for a Yukon game."


def test_a_save_is_refused_at_its_first_bad_step(tmp_path: Path) -> None:
    played = random_play(in_play(tmp_path, 5), 6, seed=5)
    data = played.to_json()
    data["past"][3] = data["past"][1]
    write(tmp_path, "forged.json", data)
    assert fresh(tmp_path).run("L forged.json").message.startswith(
        "Step 4 of the save is refused: "
    )


def test_a_history_step_that_is_a_snapshot_is_refused_in_a_version_2_save(
    tmp_path: Path,
) -> None:
    played = random_play(in_play(tmp_path, 5), 2, seed=5)
    data = played.to_json()
    data["past"][1] = yukon.to_json(played.state)
    write(tmp_path, "forged.json", data)
    assert fresh(tmp_path).run("L forged.json").message == (
        "Step 2 of the save is refused: it is not a move."
    )


@pytest.mark.parametrize("argument", ["0000051", "051", "000005", "5" * 5000])
def test_si_refuses_a_split_written_with_more_than_two_digits(
    tmp_path: Path, argument: str
) -> None:
    before = YukonSession.start(Config(seed=3), tmp_path).run("LD")
    after = before.copy().run(f"SI {argument}")
    assert after.message == "The split must be a whole number from 1 to 51."
    assert after.timeline == before.timeline


def test_si_takes_a_one_or_two_digit_split(tmp_path: Path) -> None:
    loaded = YukonSession.start(Config(seed=3), tmp_path).run("LD")
    assert loaded.copy().run("SI 05").state == loaded.copy().run("SI 5").state
    assert loaded.copy().run("SI 51").message == "OK"


def test_a_timeline_a_session_was_given_by_hand_starts_at_a_checked_position(
    tmp_path: Path,
) -> None:
    # The history's oldest kept step is checked as a position when loaded, like any start.
    played = random_play(in_play(tmp_path, 8), 30, seed=8)
    trimmed = YukonSession(
        Timeline.from_sequences(played.timeline.past()[-5:], played.state, ()), folder=tmp_path
    ).run("S trimmed.json")
    loaded = fresh(tmp_path).run("L trimmed.json")
    assert loaded.message == "OK" and loaded.state == played.state
    assert loaded.timeline.undo_depth == 5 and loaded.state.phase is Phase.PLAY
    assert trimmed.message == "OK"


# ---------------------------------------------------------------- issue 27: a version that is text


@pytest.mark.parametrize(("version", "said"), [
    ("2", "The save's version is '2', not a whole number, so it is not a save this program "
          "can read."),
    (True, "The save's version is 'True', not a whole number, so it is not a save this "
           "program can read."),
    (None, "The save's version is missing, so it is not a save this program can read."),
    (3, "The save has version 3; this program reads versions 1 and 2."),
])
def test_l_says_plainly_why_a_save_s_version_cannot_be_read(
    tmp_path: Path, version: Any, said: str
) -> None:
    data = in_play(tmp_path, 4).to_json()
    data["version"] = version
    write(tmp_path, "game.json", data)
    assert in_play(tmp_path, 4).run("L game.json").message == said


def test_every_game_s_save_reader_names_a_text_version_as_such() -> None:
    with pytest.raises(SaveFormatError) as refused:
        read_header({"game": "poker", "version": "1"}, "poker", "Poker", 1)
    assert str(refused.value) == ("The save's version is '1', not a whole number, so it is "
                                  "not a save this program can read.")
    with pytest.raises(SaveFormatError, match=r"^The save has version 2; this program reads "
                                              r"version 1\.$"):
        read_header({"game": "poker", "version": 2}, "poker", "Poker", 1)


# ---------------------------------------------------------------- a game the demo played in


def test_a_game_the_demo_helped_stays_helped_through_undo_autosave_s_and_l(
    tmp_path: Path,
) -> None:
    session = random_play(in_play(tmp_path, 5), 3, seed=5)
    session.helped = True  # as the demo's move sets it
    session.run("U")
    assert session.helped  # undo does not take the demo's help back
    assert YukonSession.from_json(json.loads(json.dumps(session.to_json())), tmp_path).helped
    session.run("S helped.json")
    assert json.loads((tmp_path / "helped.json").read_text())["helped"] is True
    plain = fresh(tmp_path).run("L helped.json")
    assert plain.message == "OK" and plain.state == session.state and plain.helped


def test_a_new_deal_is_the_players_own_again_and_a_plain_save_says_nothing_of_help(
    tmp_path: Path,
) -> None:
    session = in_play(tmp_path, 5)
    session.helped = True
    session.redeal()
    assert not session.helped
    session.run("S plain.json")
    assert "helped" not in json.loads((tmp_path / "plain.json").read_text())  # the spec's form
    assert not YukonSession.from_json(session.to_json(), tmp_path).helped


@pytest.mark.parametrize("helped", ["yes", 1, None])
def test_a_save_with_an_odd_helped_is_refused_with_a_sentence(tmp_path: Path, helped: Any) -> None:
    session = in_play(tmp_path, 5)
    write(tmp_path, "odd.json", {**session.file_json(), "helped": helped})
    before = session.state
    session.run("L odd.json")
    assert session.message == DAMAGED_HELP
    assert session.state is before and not session.helped
