"""A game of Poker in progress without a screen: your moves, the CPUs' steps through the CPU
contract, advice, new games, what is at stake, and the end of a game."""

from __future__ import annotations

from typing import Any

import pytest

from tableau.ai.poker import advise_discard
from tableau.engines.poker import BET
from tableau.engines.poker import CHECK
from tableau.engines.poker import Config
from tableau.engines.poker import Move
from tableau.engines.poker import NextHand
from tableau.engines.poker import Phase
from tableau.engines.poker import View
from tableau.engines.poker import legal_moves
from tableau.engines.poker import new_game
from tableau.engines.protocol import IllegalMove
from tableau.sessions.poker import HUMAN
from tableau.sessions.poker import CpuStep
from tableau.sessions.poker import PokerSession
from tableau.sessions.poker import first_rng_states
from tableau.sessions.poker import standings


def cpus_play(session: PokerSession) -> None:
    while session.cpu_to_move():
        state = session.state
        session.cpu_play(session.cpu_choose(state))


def test_a_session_deals_you_in_seat_0_and_the_game_stops_when_you_are_out() -> None:
    session = PokerSession(cpus=3, seed=7)
    assert session.state == new_game(Config(players=4, seed=7, stop_when_out=HUMAN))
    assert session.view.seat == HUMAN and session.view.name == "You"
    assert session.rng_states == first_rng_states(7, 4)
    assert session.view is session.view  # one view per state


def test_the_cpus_play_until_it_is_your_turn_and_you_play_through_the_session() -> None:
    session = PokerSession(cpus=3, seed=7)
    cpus_play(session)
    assert session.view.my_turn and not session.cpu_to_move()
    before = session.state
    with pytest.raises(IllegalMove):
        session.play(NextHand())
    assert session.state is before
    session.play(session.view.legal[0])
    assert session.state is not before


def test_a_cpu_step_is_chosen_from_a_position_and_keeps_the_seats_rng_state() -> None:
    calls: list[tuple[int, int]] = []

    def cpu(view: Any, rng_state: int) -> tuple[Move, int]:
        calls.append((view.seat, rng_state))
        return view.legal[0], rng_state + 1

    session = PokerSession(cpus=2, seed=4, cpu=cpu)
    state = session.state
    assert session.cpu_to_move()
    step = session.cpu_choose(state)
    assert session.state is state, "choosing changes nothing"
    assert step.seat == state.to_act and calls == [(step.seat, first_rng_states(4, 3)[step.seat])]
    session.cpu_play(step)
    assert session.rng_states[step.seat] == calls[0][1] + 1


def test_a_move_the_engine_refuses_becomes_the_first_legal_move() -> None:
    def stubborn(view: View, rng_state: int) -> tuple[Move, int]:
        raise ValueError("no idea")

    session = PokerSession(cpus=1, seed=2, cpu=stubborn)
    if not session.cpu_to_move():
        session.play(CHECK)
    seat = session.state.to_act
    assert seat is not None and seat != HUMAN
    step = session.cpu_choose(session.state)
    assert step.move == legal_moves(session.state)[0]  # the CPU had no answer
    session.cpu_play(CpuStep(step.seat, NextHand(), step.rng_state))
    assert session.state.acted[seat]


def test_advice_is_the_cpus_discard_in_your_place() -> None:
    session = PokerSession(cpus=3, seed=11)
    advice = session.advice()
    assert advice == advise_discard(session.view, first_rng_states(11, 4)[HUMAN])


def test_leaving_is_at_stake_once_you_have_acted() -> None:
    session = PokerSession(cpus=1, seed=7)
    cpus_play(session)
    assert not session.at_stake()
    session.play(session.view.legal[0])
    assert session.at_stake()


def test_a_new_game_has_a_new_seed_and_the_same_table() -> None:
    session = PokerSession(cpus=2, seed=3, chips=9)
    first = session.state
    session.new_game()
    assert session.games == 1 and session.state != first
    assert session.state.players == 3 and sum(session.state.chips) + session.state.pot == 27


def test_the_end_of_a_game_gives_the_title_the_standings_and_the_last_hand() -> None:
    session = PokerSession(cpus=1, seed=3, chips=3)
    for _ in range(200):
        if session.is_over():
            break
        cpus_play(session)
        if session.is_over():
            break
        view = session.view
        if view.phase is Phase.HAND_OVER:
            session.play(NextHand())
        else:
            session.play(BET if BET in view.legal else view.legal[0])
    assert session.is_over() and not session.at_stake()
    title, lines = session.ending()
    assert title in ("You win the game!", "You are out of chips")
    assert lines[0] == "Final standings:" and lines[1:3] == standings(session.view)
    assert lines[3] == f"Hands played: {session.view.hand_number}"
    assert lines[4] == f"Last hand: {session.view.result_text}."
    assert any(line.startswith("1. You: 6 chips") for line in lines) == (
        title == "You win the game!")
