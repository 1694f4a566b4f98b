"""Go Fish with several people: hot seats at one screen behind locks, a remote seat played
through ``act``, a CPU standing in for an away player, and the save of all of it."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

from tableau.cards import Card
from tableau.sessions.gofish import GoFishSession
from tableau.sessions.gofish import NextGame
from tableau.sessions.gofish import against_cpus
from tableau.sessions.gofish import start
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind
from tableau.sessions.seating import LOCKED
from tableau.sessions.seating import ONLY_REMOTE_STOOD_IN
from tableau.sessions.seating import OPEN_LOCK
from tableau.sessions.seating import Stage

H, R, C = SeatKind.HUMAN, SeatKind.REMOTE, SeatKind.CPU


def cards_in(value: Any) -> set[Card]:
    """Every card anywhere in ``value`` (a view, its tuples and records)."""
    if isinstance(value, Card):
        return {value}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return set().union(*(cards_in(getattr(value, field.name))
                             for field in dataclasses.fields(value)))
    if isinstance(value, (tuple, list)):
        return set().union(*(cards_in(item) for item in value))
    return set()


def private_part(session: GoFishSession, seat: int) -> set[Card]:
    """The cards a seat's view shows outside the public history."""
    return cards_in(dataclasses.replace(session.view(seat), history=()))


def play_out(session: GoFishSession, picker: random.Random, *, open_locks: bool = True,
             limit: int = 3000) -> list[tuple[int, Stage]]:
    """Play the game to its end: CPUs by their steps, people by a random move. The stages
    met at each person's turn, in order."""
    met: list[tuple[int, Stage]] = []
    for _ in range(limit):
        seat = session.to_move
        if seat is None or session.outcome() is not None:
            return met
        step = session.cpu_step()
        if step is not None:
            assert session.play_cpu(step).ok
            continue
        met.append((seat, session.stage))
        for other in range(len(session.seats)):
            assert private_part(session, other) <= set(session.state.hands[other])
        if session.stage is Stage.LOCK:
            assert session.moves(seat) == (OPEN_LOCK,) and session.locked == seat
            version = session.version
            ask = session.view(seat).legal[0]
            assert session.act(seat, ask).refusal == LOCKED and session.version == version
            if not open_locks:
                return met
        answer = session.act(seat, picker.choice(session.moves(seat)))
        assert answer.ok, answer.refusal
    raise AssertionError("the game did not end")


def test_two_hot_seats_each_open_their_lock_when_the_turn_comes_to_them() -> None:
    session = start((SeatInfo("Ann", H), SeatInfo("Bob", H), SeatInfo("Cas", C)), 11)
    met = play_out(session, random.Random(3))
    assert session.outcome() is not None
    # A hot seat's turn begins behind its lock whenever the turn came from another seat,
    # and stays open while the same seat asks on.
    for (before, _), (seat, stage) in zip([(-1, Stage.OVER), *met], met, strict=False):
        if seat != before:
            assert stage is Stage.LOCK
    assert {seat for seat, stage in met if stage is Stage.LOCK} == {0, 1}
    assert session.moves(session.to_move or 0) == (NextGame(),)  # no lock between games


def test_one_person_against_cpus_never_meets_a_lock() -> None:
    session = against_cpus(2, "easy", 5)
    met = play_out(session, random.Random(1))
    assert met and all(stage is Stage.HAND for _, stage in met)


def test_a_remote_seat_plays_through_act_without_a_lock() -> None:
    session = start((SeatInfo("Ann", H), SeatInfo("Bob", R), SeatInfo("Cas", H)), 7)
    met = play_out(session, random.Random(2))
    assert (1, Stage.REMOTE) in met and all(stage is not Stage.LOCK for seat, stage in met
                                            if seat == 1)


def test_a_cpu_stands_in_for_an_away_remote_seat_until_its_player_comes_back() -> None:
    session = start((SeatInfo("Ann", C, "easy"), SeatInfo("Bob", R)), 4)
    assert session.stand_in(0).refusal == ONLY_REMOTE_STOOD_IN
    assert session.stand_in(1, "nobody").refusal is not None
    assert session.come_back(1).refusal == "No CPU plays for that seat."
    version = session.version
    assert session.stand_in(1).ok and session.version == version + 1
    assert session.stand_ins == {1: "pro"}
    assert session.stand_in(1).refusal == "A CPU plays for Bob already."
    while session.to_move != 1:
        step = session.cpu_step()
        assert step is not None and session.play_cpu(step).ok
    assert session.stage is Stage.CPU and session.moves(1) == ()
    assert session.act(1, session.view(1).legal[0]).refusal == "A CPU plays for Bob for now."
    step = session.cpu_step()
    assert step is not None and step.seat == 1 and session.play_cpu(step).ok
    assert session.come_back(1).ok and session.stand_ins == {}
    while session.to_move != 1 and session.outcome() is None:
        step = session.cpu_step()
        assert step is not None and session.play_cpu(step).ok
    assert session.outcome() is not None or session.stage is Stage.REMOTE


def test_a_remote_seat_takes_its_players_name() -> None:
    session = start((SeatInfo("Ann", H), SeatInfo("Seat 2", R)), 8)
    assert session.name_seat(0, "Kim").refusal is not None  # a hot seat keeps its name
    assert session.name_seat(1, "ann").refusal == "Another seat is called ann; pick another name."
    assert session.name_seat(1, " ").refusal == "Every player needs a name."
    assert session.name_seat(1, " Zoe ").ok and session.names == ("Ann", "Zoe")
    assert session.seats[1] == SeatInfo("Zoe", R)
    assert any("Zoe" in line for line in session.score_lines())


def test_the_save_keeps_the_open_lock_and_the_stand_ins() -> None:
    session = start((SeatInfo("Ann", H), SeatInfo("Bob", H), SeatInfo("Cas", R)), 21)
    seat = session.to_move
    assert seat is not None and session.act(seat, OPEN_LOCK).ok
    assert session.stand_in(2, "easy").ok
    again = GoFishSession.from_json(json.loads(json.dumps(session.to_json())))
    assert again.to_json() == session.to_json()
    assert again.stage is Stage.HAND and again.stand_ins == {2: "easy"}
    older = {key: value for key, value in session.to_json().items()
             if key not in ("stand_ins", "open_seat")}
    assert GoFishSession.from_json(older).stage is Stage.LOCK  # a save from before
