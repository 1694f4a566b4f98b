"""Poker with several people: hot seats at one screen behind locks, a remote seat played
through ``act``, a CPU standing in for an away player, and the save of all of it."""

from __future__ import annotations

import dataclasses
import json
import random

from test_gofish_remote import cards_in

from tableau.engines.poker import RUNNING
from tableau.engines.poker import NextHand
from tableau.engines.poker import Phase
from tableau.sessions.poker import PokerSession
from tableau.sessions.poker import start
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind
from tableau.sessions.seating import LOCKED
from tableau.sessions.seating import OPEN_LOCK
from tableau.sessions.seating import Stage

H, R, C = SeatKind.HUMAN, SeatKind.REMOTE, SeatKind.CPU


def play(session: PokerSession, picker: random.Random, steps: int) -> list[tuple[int, Stage]]:
    """``steps`` changes (or to the game's end): CPUs by their steps, people by a random move
    (never a fold while a check is allowed). The stages met at each person's turn."""
    met: list[tuple[int, Stage]] = []
    for _ in range(steps):
        seat = session.to_move
        if seat is None:
            break
        step = session.cpu_step()
        if step is not None:
            assert session.play_cpu(step).ok
            continue
        met.append((seat, session.stage))
        if session.state.phase in RUNNING:
            for other in range(len(session.seats)):
                shown = cards_in(dataclasses.replace(session.view(other), history=()))
                assert shown <= set(session.state.hands[other])
        if session.stage is Stage.LOCK:
            version, legal = session.version, session.view(seat).legal
            assert session.moves(seat) == (OPEN_LOCK,)
            assert session.act(seat, legal[0]).refusal == LOCKED and session.version == version
        moves = [move for move in session.moves(seat) if str(move) != "fold"]
        assert session.act(seat, picker.choice(moves or session.moves(seat))).ok
    return met


def test_two_hot_seats_each_open_their_lock_and_the_next_hand_needs_none() -> None:
    session = start((SeatInfo("Ann", H), SeatInfo("Bob", H), SeatInfo("Cas", C)), 5, chips=20)
    met = play(session, random.Random(4), 400)
    for (before, _), (seat, stage) in zip([(-1, Stage.OVER), *met], met, strict=False):
        if seat != before and stage is not Stage.OVER:
            assert stage is Stage.LOCK
    assert {seat for seat, stage in met if stage is Stage.LOCK} == {0, 1}
    over = [seat for seat, stage in met if stage is Stage.OVER]
    assert over and set(over) <= {0, 1}  # a hot seat deals the next hand, with no lock


def test_one_person_against_cpus_never_meets_a_lock() -> None:
    session = PokerSession.table(2, 9, chips=20)
    met = play(session, random.Random(2), 200)
    assert met and all(stage is not Stage.LOCK for _, stage in met)


def test_a_remote_seat_plays_through_act_and_a_hot_seat_deals_before_it() -> None:
    session = start((SeatInfo("Bob", R), SeatInfo("Ann", H), SeatInfo("Cas", C)), 3, chips=20)
    met = play(session, random.Random(5), 300)
    assert (0, Stage.REMOTE) in met
    assert all(stage is not Stage.LOCK for _, stage in met)
    assert {seat for seat, stage in met if stage is Stage.OVER} <= {1}


def test_a_cpu_stands_in_for_an_away_remote_seat_until_its_player_comes_back() -> None:
    session = start((SeatInfo("Ann", C), SeatInfo("Bob", R)), 6, chips=20)
    assert session.stand_in(0).refusal is not None and session.stand_in(1, "pro").refusal
    assert session.stand_in(1).ok and session.stand_ins == {1: ""}
    for _ in range(50):
        step = session.cpu_step()
        assert step is not None  # every seat is played by a CPU now
        assert session.play_cpu(step).ok
        if session.to_move == 1 and session.state.phase in RUNNING:
            break
    assert session.stage is Stage.CPU and session.moves(1) == ()
    assert session.act(1, NextHand()).refusal == "A CPU plays for Bob for now."
    assert session.come_back(1).ok and session.stage is Stage.REMOTE
    assert session.cpu_step() is None and session.moves(1)


def test_a_remote_seat_takes_its_players_name_everywhere_the_table_names_it() -> None:
    session = start((SeatInfo("Ann", H), SeatInfo("Seat 2", R)), 8)
    assert session.name_seat(0, "Kim").refusal is not None
    assert session.name_seat(1, "ANN").refusal == "Another seat is called ANN; pick another name."
    assert session.name_seat(1, "Zoe").ok
    assert session.state.names == ("Ann", "Zoe") and session.view(0).names[1] == "Zoe"
    assert all(event.names == ("Ann", "Zoe") for event in session.state.history)


def test_the_save_keeps_the_open_lock_and_the_stand_ins() -> None:
    session = start((SeatInfo("Ann", H), SeatInfo("Bob", H), SeatInfo("Cas", R)), 2)
    seat = session.to_move
    assert seat is not None and session.act(seat, OPEN_LOCK).ok and session.stand_in(2).ok
    again = PokerSession.from_json(json.loads(json.dumps(session.to_json())))
    assert again.to_json() == session.to_json()
    assert again.stage is Stage.HAND and again.stand_ins == {2: ""}
    assert again.state.phase is Phase.FIRST_BETTING
