"""YukonSession in the one session shape (``tableau.sessions.protocol``): seats, moves, act with
events, undo and redo, the clock with a fake ``now``, the game number, and the autosave with
its extras read back through ``from_json``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tableau.cards import FULL_DECK
from tableau.cards import Card
from tableau.cards import Rank
from tableau.cards import Suit
from tableau.engines import yukon
from tableau.engines.protocol import SaveFormatError
from tableau.engines.yukon import DEAL
from tableau.engines.yukon import CardMove
from tableau.engines.yukon import Config
from tableau.engines.yukon import LoadDeck
from tableau.engines.yukon import Phase
from tableau.engines.yukon import ShuffleInterleaved
from tableau.engines.yukon import Slot
from tableau.engines.yukon import State
from tableau.engines.yukon import legal_moves
from tableau.sessions.protocol import CpuStep
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind
from tableau.sessions.timeline import Timeline
from tableau.sessions.yukon import YukonSession
from tableau.sessions.yukon import start
from tableau.sessions.yukon_events import YukonEvent
from tableau.sessions.yukon_events import describe
from tableau.sessions.yukon_events import headline

ME = SeatInfo("Me", SeatKind.HUMAN)


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def almost_won() -> State:
    """Every card home but the king of spades, which lies alone in C1."""
    king = Card(Rank.KING, Suit.SPADES)
    piles = tuple(tuple(card for card in FULL_DECK if card.suit is suit) for suit in Suit)
    foundations = tuple(pile if pile[-1] != king else pile[:-1] for pile in piles)
    columns = ((Slot(king, True),), (), (), (), (), (), ())
    return State(Phase.PLAY, FULL_DECK, columns, foundations, 0, "spec", 51)


def snapshot(session: YukonSession) -> tuple[int, dict[str, Any]]:
    return session.version, session.to_json()


# ---------------------------------------------------------------- start and seats


def test_start_deals_a_game_number_for_one_person() -> None:
    session = start([ME], 1234)
    assert session.seats == (SeatInfo("You", SeatKind.HUMAN),)
    assert session.state.phase is Phase.PLAY and session.game_number() == 1234
    assert session.to_move == 0 and session.outcome() is None
    assert session.moves(0) == legal_moves(session.state) and session.moves(1) == ()


def test_start_with_a_seed_no_game_has_starts_in_startup() -> None:
    session = start([ME], 0, rules="classic")
    assert session.state.phase is Phase.STARTUP and session.state.rules == "classic"
    assert session.moves(0) == (LoadDeck(),)


@pytest.mark.parametrize("seats", [[], [ME, ME], [SeatInfo("Cpu", SeatKind.CPU)]])
def test_yukon_is_played_by_one_person(seats: list[SeatInfo]) -> None:
    with pytest.raises(ValueError, match="one person"):
        start(seats, 1)


def test_there_is_no_cpu_step() -> None:
    session = start([ME], 1)
    before = snapshot(session)
    assert session.cpu_step() is None
    answer = session.play_cpu(CpuStep(0, session.moves(0)[0], 0, session.version))
    assert not answer.ok and answer.refusal and snapshot(session) == before


# ---------------------------------------------------------------- act, events, refusals


def test_a_listed_move_is_made_with_its_events_and_counts_one_change() -> None:
    session = start([ME], 1234)
    version = session.version
    move = session.moves(0)[0]
    answer = session.act(0, move)
    assert answer.ok and session.version == version + 1 and session.state.moves == 1
    moved = answer.events[0]
    assert (moved.kind, moved.source, moved.target) == ("moved", move.source, move.target)
    assert describe(moved, 0).endswith(f"from {move.source} to {move.target}.")
    assert headline(answer.events) == "OK"


def test_turning_a_card_up_is_an_event_naming_that_card() -> None:
    for seed in range(1, 40):
        session = start([ME], seed)
        for move in session.moves(0):
            trial = session.copy()
            turned = [event for event in trial.act(0, move).events if event.kind == "turned"]
            if turned:
                column = trial.state.columns[int(move.source[1:]) - 1]
                assert turned[0].cards == (column[-1].card,)
                assert describe(turned[0]) == f"{column[-1].card} turned face up in {move.source}."
                return
    pytest.fail("no move in 39 games turns a card up")


@pytest.mark.parametrize("move", [None, "C1->C2", 7, LoadDeck(), ShuffleInterleaved()])
def test_anything_but_a_listed_move_is_refused_and_changes_nothing(move: Any) -> None:
    session = start([ME], 1234)
    before = snapshot(session)
    answer = session.act(0, move)
    assert not answer.ok and answer.events == () and str(answer.refusal).strip()
    assert snapshot(session) == before


def test_a_move_naming_the_bottom_card_is_refused_by_act_and_played_by_the_interpreter() -> None:
    session = start([ME], 1234)
    bare = next(move for move in session.moves(0)
                if isinstance(move, CardMove) and move.card is None
                and move.source[0] == move.target[0] == "C")
    bottom = session.state.columns[int(bare.source[1:]) - 1][-1].card
    named = CardMove(bare.source, bare.target, bottom)
    before = snapshot(session)
    assert session.act(0, named).refusal == f"Play that move as {bare}."
    assert snapshot(session) == before
    assert yukon.listed_form(session.state, named) == bare
    session.run(str(named))
    assert session.message == "OK" and session.state.moves == 1


def test_a_startup_step_begins_a_new_timeline() -> None:
    session = start([ME], 0)
    for step in (LoadDeck(), DEAL):
        assert session.act(0, step).events == (YukonEvent("step", source=str(step)),)
    assert session.state.phase is Phase.PLAY and not session.can_undo


def test_auto_move_events_say_how_many_cards_went_home() -> None:
    session = start([ME], 1, auto_move=True)
    answer = session.send_safe_cards_home()
    sent = [event for event in answer.events if event.kind == "sent_home"]
    assert sent == [YukonEvent("sent_home", count=1, auto=True)]
    assert all(event.auto for event in answer.events)
    assert headline(answer.events) == session.message == "OK (auto-moved 1 card home)"


def test_the_winning_move_ends_in_a_won_event() -> None:
    session = YukonSession(Timeline(almost_won()))
    answer = session.act(0, CardMove("C1", "F4"))
    assert answer.events[-1] == YukonEvent("won", count=52)
    assert headline(answer.events) == "All 52 cards are home: you won in 52 moves."
    assert session.outcome() is not None and session.to_move is None and session.moves(0) == ()


# ---------------------------------------------------------------- undo and redo


def test_undo_and_redo_through_the_protocol() -> None:
    session = start([ME], 1234)
    refused = session.undo()
    assert refused.refusal == "There is nothing to undo." and session.version == 0
    dealt = session.state
    session.act(0, session.moves(0)[0])
    moved = session.state
    assert session.undo().events == (YukonEvent("undone"),) and session.state is dealt
    assert session.can_redo and session.redo().ok and session.state is moved
    assert session.version == 3 and not session.redo().ok


# ---------------------------------------------------------------- the clock


def test_the_clock_runs_from_the_deal_while_the_table_shows() -> None:
    clock = FakeClock()
    session = start([ME], 0, now=clock)
    session.clock.uncover()
    clock.now = 50.0
    assert session.seconds() == 0.0  # STARTUP: no game yet
    session.run("LD")
    session.run("P")
    clock.now = 80.0
    assert session.seconds() == 30.0 and session.games_begun == 1
    session.clock.cover()  # help is open: it stands still
    clock.now = 200.0
    session.clock.uncover()
    clock.now = 205.0
    assert session.seconds() == 35.0


def test_the_clock_stops_on_a_win_and_runs_on_after_undoing_out_of_it() -> None:
    clock = FakeClock()
    session = YukonSession(Timeline(almost_won()), now=clock)
    session.clock.uncover()
    clock.now = 10.0
    session.run("C1->F4")
    clock.now = 99.0
    assert session.seconds() == 10.0
    session.run("U")
    clock.now = 104.0
    assert session.seconds() == 15.0


def test_a_redeal_starts_a_new_game_on_a_new_clock() -> None:
    clock = FakeClock()
    session = start([ME], 1234, now=clock)
    session.clock.uncover()
    session.act(0, session.moves(0)[0])
    clock.now = 40.0
    session.redeal()
    clock.now = 45.0
    assert session.seconds() == 5.0 and session.games_begun == 2
    assert session.last_command == "Q, P" and session.state.moves == 0


def test_the_clock_is_kept_in_the_autosave_and_runs_on_from_it() -> None:
    clock = FakeClock()
    session = start([ME], 1234, now=clock)
    session.clock.uncover()
    clock.now = 95.0
    data = json.loads(json.dumps(session.to_json()))
    assert data["clock"] == 95.0
    clock.now = 1000.0
    resumed = YukonSession.from_json(data, now=clock)
    assert resumed.seconds() == 95.0  # standing, until the table shows
    resumed.clock.uncover()
    clock.now = 1005.0
    assert resumed.seconds() == 100.0


# ---------------------------------------------------------------- the game number


def test_after_q_an_own_shuffle_still_has_no_number() -> None:
    session = start([ME], 4)
    for line in ("Q", "SI 26", "SR", "P"):
        session.run(line)
    assert session.game_number() is None
    session.run("Q")
    assert session.state.phase is Phase.STARTUP and session.game_number() is None


def test_after_q_a_numbered_game_keeps_its_number() -> None:
    session = start([ME], 4)
    session.run("Q")
    assert session.state.phase is Phase.STARTUP and session.game_number() == 4


# ---------------------------------------------------------------- the autosave


def test_the_autosave_holds_every_extra_and_reads_back_the_same() -> None:
    session = start([ME], 1234, auto_move=True)
    session.note = "A note for the table."
    session.act(0, session.moves(0)[0])
    data = json.loads(json.dumps(session.to_json()))
    assert {key: data[key] for key in ("start_seed", "auto_move", "note", "session_version")} == {
        "start_seed": 1234, "auto_move": True, "note": "A note for the table.",
        "session_version": session.version}
    again = YukonSession.from_json(data)
    assert json.loads(json.dumps(again.to_json())) == data
    assert again.timeline == session.timeline


def test_s_writes_the_save_without_the_autosaves_extras(tmp_path: Path) -> None:
    session = start([ME], 1234, folder=tmp_path)
    session.run("S game.json")
    saved = json.loads((tmp_path / "game.json").read_text())
    assert saved == session.file_json() and "clock" not in saved


@pytest.mark.parametrize(("junk", "sentence"), [
    ({"clock": -1}, "The save's clock is not a number of seconds."),
    ({"clock": "3"}, "The save's clock is not a number of seconds."),
    ({"start_seed": True}, "The save's game number is not one tableau deals."),
    ({"start_seed": 0}, "The save's game number is not one tableau deals."),
    ({"auto_move": "yes"}, "The save does not say whether auto-move was on."),
    ({"note": ["x"]}, "The save's note is not text."),
    ({"last_command": 7}, "The save's last command or message is not text."),
    ({"session_version": -2}, "'session_version' in the save must be a whole number"),
    ({"past": "C1->C2"}, "The save has no complete timeline."),
])
def test_an_autosave_with_a_bad_extra_is_refused_with_a_sentence(
    junk: dict[str, Any], sentence: str
) -> None:
    session = start([ME], 1234)
    with pytest.raises(SaveFormatError, match=sentence.replace("(", r"\(")):
        YukonSession.from_json({**session.to_json(), **junk})


def test_a_session_is_made_from_the_engines_config_too(tmp_path: Path) -> None:
    session = YukonSession.start(Config(seed=3), tmp_path)
    assert session.start_seed == 3 and session.folder == tmp_path
    assert YukonSession.start(Config(seed=0), tmp_path).start_seed is None
