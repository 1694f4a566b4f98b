"""A game of Poker in progress without a screen: your moves, the CPUs' steps through the CPU
contract, advice, new games, what is at stake, the end of a game and the saves; and the
session protocol's Poker side (tables of any mix, the next hand as a move, refusals)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

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
from tableau.engines.poker.wording import result_text
from tableau.engines.protocol import SaveFormatError
from tableau.sessions.poker import HUMAN
from tableau.sessions.poker import NO_UNDO
from tableau.sessions.poker import STALE_STEP
from tableau.sessions.poker import CpuStep
from tableau.sessions.poker import PokerSession
from tableau.sessions.poker import first_rng_states
from tableau.sessions.poker import standings
from tableau.sessions.poker import start
from tableau.sessions.protocol import Answer
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind

H, C = SeatKind.HUMAN, SeatKind.CPU


def cpus_play(session: PokerSession) -> None:
    while (step := session.cpu_step()) is not None:
        assert session.play_cpu(step).ok


def you(session: PokerSession) -> View:
    return session.view(HUMAN)


def play(session: PokerSession, move: Move) -> None:
    answer = session.act(HUMAN, move)
    assert answer.ok, answer.refusal


def test_a_session_deals_you_in_seat_0_and_the_game_stops_when_you_are_out() -> None:
    session = PokerSession.table(cpus=3, seed=7)
    assert session.state == new_game(Config(players=4, seed=7, stop_when_out=HUMAN))
    assert you(session).seat == HUMAN and you(session).name == "You"
    assert session.rng_states == first_rng_states(7, 4)
    assert you(session) is you(session)  # one view per state
    assert [seat.kind for seat in session.seats] == [H, C, C, C] and session.version == 0


def test_the_cpus_play_until_it_is_your_turn_and_you_play_through_the_session() -> None:
    session = PokerSession.table(cpus=3, seed=7)
    cpus_play(session)
    assert you(session).my_turn and not session.cpu_to_move()
    before, version = session.state, session.version
    assert session.act(HUMAN, NextHand()) == Answer.refused("Finish this hand first.")
    assert session.state is before and session.version == version
    answer = session.act(HUMAN, you(session).legal[0])
    assert answer.ok and session.state is not before and session.version == version + 1
    assert answer.events == session.state.history[len(before.history):]
    assert session.describe(answer.events[0], HUMAN).startswith("You ")


def test_a_cpu_step_is_chosen_from_a_position_and_keeps_the_seats_rng_state() -> None:
    calls: list[tuple[int, int]] = []

    def cpu(view: Any, rng_state: int) -> tuple[Move, int]:
        calls.append((view.seat, rng_state))
        return view.legal[0], rng_state + 1

    session = PokerSession.table(cpus=2, seed=4, cpu=cpu)
    state = session.state
    assert session.cpu_to_move()
    step = session.cpu_step()
    assert step is not None and session.state is state, "choosing changes nothing"
    assert step.seat == state.to_act and calls == [(step.seat, first_rng_states(4, 3)[step.seat])]
    assert step.version == session.version
    assert session.play_cpu(step).ok
    assert session.rng_states[step.seat] == calls[0][1] + 1
    assert session.play_cpu(step).refusal == STALE_STEP, "a step is played once"


def test_a_move_the_engine_refuses_becomes_the_first_legal_move() -> None:
    def stubborn(view: View, rng_state: int) -> tuple[Move, int]:
        raise ValueError("no idea")

    session = PokerSession.table(cpus=1, seed=2, cpu=stubborn)
    if not session.cpu_to_move():
        play(session, CHECK)
    seat = session.state.to_act
    assert seat is not None and seat != HUMAN
    step = session.cpu_step()
    assert step is not None and step.move == legal_moves(session.state)[0]  # no answer
    assert session.play_cpu(CpuStep(step.seat, NextHand(), step.rng_state, step.version)).ok
    assert session.state.acted[seat]


def test_advice_is_the_cpus_discard_in_your_place() -> None:
    session = PokerSession.table(cpus=3, seed=11)
    advice = session.advice()
    assert advice == advise_discard(you(session), first_rng_states(11, 4)[HUMAN])


def test_leaving_is_at_stake_once_you_have_acted() -> None:
    session = PokerSession.table(cpus=1, seed=7)
    cpus_play(session)
    assert not session.at_stake()
    play(session, you(session).legal[0])
    assert session.at_stake()


def test_a_new_game_has_a_new_seed_and_the_same_table() -> None:
    session = PokerSession.table(cpus=2, seed=3, chips=9)
    first = session.state
    session.new_game()
    assert session.games == 1 and session.state != first and session.version == 1
    assert session.state.players == 3 and sum(session.state.chips) + session.state.pot == 27


def test_the_end_of_a_game_gives_the_title_the_standings_and_the_last_hand() -> None:
    session = PokerSession.table(cpus=1, seed=3, chips=3)
    for _ in range(200):
        if session.is_over():
            break
        cpus_play(session)
        if session.is_over():
            break
        view = you(session)
        if view.phase is Phase.HAND_OVER:
            play(session, NextHand())
        else:
            play(session, BET if BET in view.legal else view.legal[0])
    assert session.is_over() and not session.at_stake()
    assert session.outcome() is not None and session.to_move is None
    title, lines = session.ending()
    assert title in ("You win the game!", "You are out of chips")
    assert lines[0] == "Final standings:" and lines[1:3] == standings(you(session))
    assert lines[3] == f"Hands played: {you(session).hand_number}"
    assert lines[4] == f"Last hand: {result_text(you(session))}."
    assert any(line.startswith("1. You: 6 chips") for line in lines) == (
        title == "You win the game!")


# ---------------------------------------------------------------------- saving and resuming

def step(session: PokerSession, choice: int) -> None:
    """One step of an evening: a CPU's step, your legal move number ``choice``, or a new game
    once this one is over."""
    if session.is_over():
        session.new_game()
    elif (cpu := session.cpu_step()) is not None:
        assert session.play_cpu(cpu).ok
    else:
        legal = session.moves(HUMAN)
        play(session, legal[choice % len(legal)])


def through_json(session: PokerSession) -> PokerSession:
    return PokerSession.from_json(json.loads(json.dumps(session.to_json())))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), cpus=st.integers(1, 5), chips=st.sampled_from([None, 8, 30]),
       choices=st.lists(st.integers(0, 40), min_size=1, max_size=200), data=st.data())
def test_an_evening_saved_and_resumed_anywhere_goes_on_as_if_never_interrupted(
    seed: int, cpus: int, chips: int | None, choices: list[int], data: st.DataObject,
) -> None:
    played = PokerSession.table(cpus, seed, chips)
    cut = data.draw(st.integers(0, len(choices)), label="saved after step")
    for choice in choices[:cut]:
        step(played, choice)
    played.note = "You stand pat."
    resumed = through_json(played)
    assert resumed.to_json() == played.to_json()
    assert you(resumed) == you(played) and resumed.chip_result == played.chip_result
    assert resumed.version == played.version
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
    session = PokerSession.table(cpus=2, seed=3, cpu=_folding_cpu)
    assert (session.hands, session.hands_won, session.biggest_pot, session.your_moves) == (
        0, 0, 0, 0)
    while session.state.phase is not Phase.HAND_OVER:
        cpus_play(session)
        if session.state.phase is not Phase.HAND_OVER:
            play(session, BET if BET in you(session).legal else you(session).legal[0])
    result = session.state.result
    assert result is not None and result.by_fold
    won = sum(award.amount for award in result.awards
              if award.seat == HUMAN and award.pot != "returned")
    assert (session.hands, session.hands_won, session.biggest_pot) == (1, 1, won)
    assert session.chip_result == session.state.chips[HUMAN] - 100 > 0
    assert session.your_moves >= 1
    assert through_json(session).biggest_pot == won
    session.new_game()
    assert (session.hands, session.hands_won, session.biggest_pot) == (0, 0, 0)
    assert session.chip_result == -1  # the ante of the first hand is in the pot


def test_a_hand_you_lose_is_played_but_not_won() -> None:
    session = PokerSession.table(cpus=1, seed=4)
    while session.state.phase is not Phase.HAND_OVER:
        cpus_play(session)
        if session.state.phase is not Phase.HAND_OVER:
            play(session, FOLD if FOLD in you(session).legal else you(session).legal[0])
    assert (session.hands, session.hands_won, session.biggest_pot) == (1, 0, 0)


@pytest.mark.parametrize(("change", "sentence"), [
    (lambda data: data.update(game="gofish-session"), "not a Poker game"),
    (lambda data: data.update(seats=data["seats"] * 3), "wrong number of players"),
    (lambda data: data.update(seats=data["seats"][:3]), "does not match"),
    (lambda data: data["seats"][1].update(kind="dog"), "neither a person nor a CPU"),
    (lambda data: data["seats"][1].update(kind="human"), "does not match"),
    (lambda data: data["seats"][2].update(name="Bram"), "cannot be dealt"),
    (lambda data: data.update(changes=-1), "'changes'"),
    (lambda data: data.update(rng_states=[1]), "'rng_states'"),
    (lambda data: data.update(rng_states=[1, 2.5, 3, 4]), "whole numbers"),
    (lambda data: data.update(hands_won=5), "'hands_won'"),
    (lambda data: data.pop("note"), "no 'note'"),
    (lambda data: data.update(marks=[1, 1]), "'marks'"),
    (lambda data: data.update(marks=[5]), "'marks'"),
    (lambda data: data.update(marks=[[]]), "'marks'"),  # once a crash: a list in a set
    (lambda data: data["state"]["hands"][0].pop(), "one full deck"),
])
def test_a_malformed_save_is_refused_with_a_sentence(
    change: Callable[[dict[str, Any]], object], sentence: str,
) -> None:
    data = PokerSession.table(cpus=3, seed=7).to_json()
    change(data)
    with pytest.raises(SaveFormatError) as refusal:
        PokerSession.from_json(data)
    assert sentence in str(refusal.value)


@pytest.mark.parametrize(("damaged", "sentence"), [
    ({"game": "poker-session", "version": 7},
     "The save has version 7; this program reads versions 1 and 2."),
    ({"game": "gofish-session"}, "The save is not a Poker game."),
])
def test_a_save_of_another_version_or_game_is_refused_with_the_whole_sentence(
    damaged: dict[str, Any], sentence: str,
) -> None:
    """The sentence the menu shows whole ("The saved Poker game could not be continued.
    <this> It is left as it is."; the flow: tests/ui/test_gofish_poker_resume.py)."""
    with pytest.raises(SaveFormatError) as refusal:
        PokerSession.from_json(damaged)
    assert str(refusal.value) == sentence


# ---------------------------------------------------------------------- the session protocol

def test_a_move_out_of_turn_or_of_no_seat_or_no_move_is_refused_and_changes_nothing() -> None:
    session = PokerSession.table(cpus=2, seed=5)
    cpus_play(session)
    save, version = session.to_json(), session.version
    legal = session.moves(HUMAN)
    assert legal and session.moves(1) == () and session.moves(2) == ()
    refusals = [session.act(1, legal[0]), session.act(3, legal[0]),
                session.act(HUMAN, "raise"), session.act(HUMAN, None)]
    assert [answer.refusal for answer in refusals] == [
        "It is not your turn.", "There is no seat 3 at this table.",
        *["That is not a poker move; try check, bet, call, raise, fold, draw CARDS or "
          "stand pat."] * 2]
    assert all(answer.events == () for answer in refusals)
    assert session.to_json() == save and session.version == version


def test_poker_has_no_undo_and_says_so() -> None:
    session = PokerSession.table(cpus=1, seed=5)
    assert not session.can_undo and not session.can_redo
    assert session.undo().refusal == session.redo().refusal == NO_UNDO


def test_a_cpu_step_chosen_before_a_change_is_refused() -> None:
    session = PokerSession.table(cpus=2, seed=5)
    step = session.cpu_step()
    assert step is not None
    session.new_game()
    before = session.to_json()
    assert session.play_cpu(step).refusal == STALE_STEP and session.to_json() == before


def test_a_table_of_cpus_deals_its_own_next_hands_and_plays_to_one_winner() -> None:
    seats = tuple(SeatInfo(name, C) for name in ("Ann", "Bob", "Cas"))
    session = start(seats, 9, chips=4)
    assert session.state.stop_when_out is None and session.state.names == ("Ann", "Bob", "Cas")
    nexts = 0
    for _ in range(2000):
        step = session.cpu_step()
        if step is None:
            break
        nexts += isinstance(step.move, NextHand)
        answer = session.play_cpu(step)
        assert answer.ok and answer.events
    outcome = session.outcome()
    assert outcome is not None and len(outcome.winners) == 1 and nexts >= 1
    assert outcome.sentence.endswith("wins the game with all 12 chips.")
    assert session.to_move is None and session.cpu_step() is None


def test_at_a_table_of_several_people_the_first_with_chips_deals_the_next_hand() -> None:
    seats = (SeatInfo("Ann", C), SeatInfo("Bob", H), SeatInfo("Cas", H))
    session = start(seats, 4, chips=30)
    assert session.state.stop_when_out is None  # nobody's running out ends the game
    while session.state.phase is not Phase.HAND_OVER:
        seat = session.to_move
        assert seat is not None
        step = session.cpu_step()
        answer = (session.play_cpu(step) if step is not None
                  else session.act(seat, FOLD if FOLD in session.moves(seat) else
                                   session.moves(seat)[0]))
        assert answer.ok
    assert session.to_move == 1 and session.moves(1) == (NextHand(),)
    assert session.cpu_step() is None and session.act(2, NextHand()).refusal == (
        "It is not your turn.")
    assert session.act(1, NextHand()).events[0].kind == "deal"
    again = PokerSession.from_json(json.loads(json.dumps(session.to_json())))
    assert again.seats == seats and again.version == session.version


def test_a_save_from_before_the_seats_were_named_is_you_against_the_cpus() -> None:
    session = PokerSession.table(cpus=2, seed=8)
    cpus_play(session)
    play(session, you(session).legal[0])
    old = {key: value for key, value in session.to_json().items()
           if key not in ("seats", "changes")}
    old.update(version=1, cpus=2)
    resumed = PokerSession.from_json(old)
    assert resumed.seats == session.seats and resumed.state == session.state
    assert resumed.version == 0 and you(resumed) == you(session)
    old.update(cpus=3)
    with pytest.raises(SaveFormatError, match="does not match"):
        PokerSession.from_json(old)
