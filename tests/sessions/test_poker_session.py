"""A game of Poker in progress without a screen: your moves, the CPUs' steps through the CPU
contract, advice, new games, what is at stake, and the end of a game."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import example
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from session_saves import JSON_JUNK
from session_saves import load_or_refuse

from tableau.ai.poker import advise_discard
from tableau.engines.poker import BET
from tableau.engines.poker import CHECK
from tableau.engines.poker import FOLD
from tableau.engines.poker import Config
from tableau.engines.poker import Move
from tableau.engines.poker import NextHand
from tableau.engines.poker import Phase
from tableau.engines.poker import View
from tableau.engines.poker import legal_moves
from tableau.engines.poker import new_game
from tableau.engines.protocol import IllegalMove
from tableau.engines.protocol import SaveFormatError
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


# ---------------------------------------------------------------------- saving and resuming

def step(session: PokerSession, choice: int) -> None:
    """One step of an evening: a CPU's step, your legal move number ``choice``, or a new game
    once this one is over."""
    if session.is_over():
        session.new_game()
    elif session.cpu_to_move():
        session.cpu_play(session.cpu_choose(session.state))
    else:
        legal = legal_moves(session.state)
        session.play(legal[choice % len(legal)])


def through_json(session: PokerSession) -> PokerSession:
    return PokerSession.from_json(json.loads(json.dumps(session.to_json())))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), cpus=st.integers(1, 5), chips=st.sampled_from([None, 8, 30]),
       choices=st.lists(st.integers(0, 40), min_size=1, max_size=200), data=st.data())
def test_an_evening_saved_and_resumed_anywhere_goes_on_as_if_never_interrupted(
    seed: int, cpus: int, chips: int | None, choices: list[int], data: st.DataObject,
) -> None:
    played = PokerSession(cpus, seed, chips)
    cut = data.draw(st.integers(0, len(choices)), label="saved after step")
    for choice in choices[:cut]:
        step(played, choice)
    played.note = "You stand pat."
    resumed = through_json(played)
    assert resumed.to_json() == played.to_json()
    assert resumed.view == played.view and resumed.chip_result == played.chip_result
    for choice in choices[cut:]:
        step(played, choice)
        step(resumed, choice)
    assert resumed.to_json() == played.to_json()
    assert (resumed.state, resumed.rng_states, resumed.seed) == (
        played.state, played.rng_states, played.seed)


def _folding_cpu(view: Any, rng_state: int) -> tuple[Move, int]:
    """Folds whenever it may (so you win every hand), else checks or draws."""
    legal = view.legal
    return (FOLD if FOLD in legal else legal[0]), rng_state


def test_the_session_tallies_your_hands_won_the_biggest_pot_and_the_chip_result() -> None:
    session = PokerSession(cpus=2, seed=3, cpu=_folding_cpu)
    assert (session.hands, session.hands_won, session.biggest_pot, session.moves) == (0, 0, 0, 0)
    while session.state.phase is not Phase.HAND_OVER:
        cpus_play(session)
        if session.state.phase is not Phase.HAND_OVER:
            session.play(BET if BET in session.view.legal else session.view.legal[0])
    result = session.state.result
    assert result is not None and result.by_fold
    won = sum(award.amount for award in result.awards
              if award.seat == HUMAN and award.pot != "returned")
    assert (session.hands, session.hands_won, session.biggest_pot) == (1, 1, won)
    assert session.chip_result == session.state.chips[HUMAN] - 100 > 0
    assert session.moves >= 1
    assert through_json(session).biggest_pot == won
    session.new_game()
    assert (session.hands, session.hands_won, session.biggest_pot) == (0, 0, 0)
    assert session.chip_result == -1  # the ante of the first hand is in the pot


def test_a_hand_you_lose_is_played_but_not_won() -> None:
    session = PokerSession(cpus=1, seed=4)
    while session.state.phase is not Phase.HAND_OVER:
        cpus_play(session)
        if session.state.phase is not Phase.HAND_OVER:
            session.play(FOLD if FOLD in session.view.legal else session.view.legal[0])
    assert (session.hands, session.hands_won, session.biggest_pot) == (1, 0, 0)


@pytest.mark.parametrize(("change", "sentence"), [
    (lambda data: data.update(game="gofish-session"), "not a Poker game"),
    (lambda data: data.update(cpus=9), "'cpus'"),
    (lambda data: data.update(cpus=2), "does not match"),
    (lambda data: data.update(rng_states=[1]), "'rng_states'"),
    (lambda data: data.update(rng_states=[1, 2.5, 3, 4]), "whole numbers"),
    (lambda data: data.update(hands_won=5), "'hands_won'"),
    (lambda data: data.pop("note"), "no 'note'"),
    (lambda data: data.update(marks=[1, 1]), "'marks'"),
    (lambda data: data.update(marks=[5]), "'marks'"),
    (lambda data: data["state"]["hands"][0].pop(), "one full deck"),
])
def test_a_malformed_save_is_refused_with_a_sentence(
    change: Callable[[dict[str, Any]], object], sentence: str,
) -> None:
    data = PokerSession(cpus=3, seed=7).to_json()
    change(data)
    with pytest.raises(SaveFormatError) as refusal:
        PokerSession.from_json(data)
    assert sentence in str(refusal.value)


@settings(max_examples=60, deadline=None)
@given(key=st.sampled_from(sorted(PokerSession(cpus=1, seed=1).to_json())), junk=JSON_JUNK)
@example(key="marks", junk=[[]])  # found once: a list in a list cannot go in a set
def test_junk_in_any_field_is_a_save_format_error_or_a_working_session(
    key: str, junk: object,
) -> None:
    data = PokerSession(cpus=1, seed=1).to_json()
    data[key] = junk
    load_or_refuse(PokerSession.from_json, data, play_on)


def play_on(session: PokerSession) -> None:
    for choice in range(60):
        step(session, choice)
