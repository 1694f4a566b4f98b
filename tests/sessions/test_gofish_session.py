"""A Go Fish session on its own (no Textual): the deals of a run, your asks, the CPU steps and
the end, as the screen drives them."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from session_saves import JSON_JUNK
from session_saves import load_or_refuse

from tableau.ai import gofish as ai
from tableau.cards import RANKS
from tableau.cards import Rank
from tableau.engines import gofish as g
from tableau.engines import rng
from tableau.engines.gofish import Ask
from tableau.engines.protocol import Outcome
from tableau.engines.protocol import SaveFormatError
from tableau.sessions.gofish import YOU
from tableau.sessions.gofish import GoFishSession
from tableau.sessions.gofish import Said

MAX_STEPS = 2000


def your_turn(session: GoFishSession) -> None:
    """Let the CPUs play until it is your turn or the game is over."""
    while session.cpu_to_move():
        session.cpu_play(session.cpu_choose(session.state))


def to_a_cpus_turn(session: GoFishSession) -> g.State:
    """Ask for your first legal ask until a CPU is to move; that state."""
    while not session.cpu_to_move():
        session.ask(session.seen().legal[0])
    return session.state


def play_out(session: GoFishSession) -> Outcome:
    """Ask for your first legal ask each turn until the game ends."""
    for _ in range(MAX_STEPS):
        your_turn(session)
        result = session.outcome()
        if result is not None:
            return result
        said = session.ask(session.seen().legal[0])
        assert not said.error, said.text
    raise AssertionError("the game did not end")


def test_each_game_of_a_run_is_dealt_from_the_runs_seed() -> None:
    session = GoFishSession(2, "pro", seed=11)
    assert session.names == ("You", "CPU 1", "CPU 2")
    assert session.state == g.new_game(g.Config(players=3, seed=rng.fresh_seed_from(11, 0)))
    assert session.seed == rng.fresh_seed_from(11, 0)
    assert session.opening() == "Dealt 7 cards each. You play first."
    session.new_game()
    assert session.state == g.new_game(g.Config(players=3, seed=rng.fresh_seed_from(11, 1)))
    assert GoFishSession(4, "easy", seed=3).opening() == "Dealt 5 cards each. You play first."


@pytest.mark.parametrize("cpus", [0, 5])
def test_a_table_of_the_wrong_size_is_refused(cpus: int) -> None:
    with pytest.raises(ValueError, match="1 to 4 CPUs"):
        GoFishSession(cpus, "pro", seed=1)


def test_your_ask_tells_the_news_from_your_seat() -> None:
    session = GoFishSession(1, "pro", seed=11)
    before = session.state
    move = session.seen().legal[0]
    said = session.ask(move)
    assert not said.error
    assert said.text.startswith(f"You ask CPU 1 for {g.rank_words(move.rank)} — ")
    assert session.state == g.apply(before, move)


def test_a_refused_ask_says_why_and_changes_nothing() -> None:
    session = GoFishSession(1, "pro", seed=11)
    before = session.state
    held = {card.rank for card in session.seen().hand}
    missing = next(rank for rank in RANKS if rank not in held)
    said = session.ask(Ask(1, missing))
    assert said == Said(f"You may only ask for a rank you hold, and you hold no "
                        f"{g.rank_words(missing)}.", error=True)
    assert session.state is before


def test_on_a_cpus_turn_your_ask_waits() -> None:
    session = GoFishSession(1, "pro", seed=11)
    before = to_a_cpus_turn(session)
    said = session.ask(Ask(1, Rank.SEVEN))
    assert said == Said("Wait: it is CPU 1's turn.", error=True)
    assert session.state is before


def test_a_cpu_chooses_from_its_own_view_with_its_seats_rng_state() -> None:
    session = GoFishSession(2, "easy", seed=8)
    state = to_a_cpus_turn(session)
    seat = state.turn
    expected = ai.player("easy")(g.view(state, seat), rng.fresh_seed_from(state.seed, seat))
    assert session.cpu_choose(state) == session.cpu_choose(state) == expected
    assert session.state is state  # choosing changes nothing
    session.cpu_play(expected)
    assert session.cpu_seeds[seat] == expected[1]
    assert session.state != state


def test_only_cpu_seats_choose() -> None:
    session = GoFishSession(1, "pro", seed=11)
    assert not session.cpu_to_move()
    with pytest.raises(ValueError, match="not a CPU"):
        session.cpu_choose(session.state)


def test_a_whole_game_ends_with_a_headline_and_each_players_books() -> None:
    session = GoFishSession(2, "pro", seed=5)
    assert not session.at_stake()
    result = play_out(session)
    assert not session.at_stake()
    assert session.ask(Ask(1, Rank.ACE)) == Said("The game is over: press n for a new game.",
                                                  error=True)
    lines = session.score_lines()
    assert [line.split()[0] for line in lines] == ["You", "CPU", "CPU"]
    assert sum(len(books) for books in session.state.books) == 13
    assert session.headline(result) in {"You win!", "CPU 1 wins", "CPU 2 wins"} or (
        session.headline(result).startswith("A shared win: "))


def test_the_same_seed_plays_the_same_run() -> None:
    first, second = GoFishSession(3, "pro", seed=21), GoFishSession(3, "pro", seed=21)
    assert play_out(first) == play_out(second)
    assert first.state == second.state


def test_the_end_texts_name_the_winners_and_say_book_or_books() -> None:
    session = GoFishSession(2, "pro", seed=1)
    session.state = g.State(
        hands=((), (), ()), stock=(), turn=0, seed=0, history=(),
        books=tuple(tuple(r for r in RANKS if r.letter in letters)
                    for letters in ("A23456", "789TJQ", "K")),
    )
    result = session.outcome()
    assert result is not None
    assert session.headline(result) == "A shared win: You and CPU 1"
    assert session.score_lines() == ["You     6 books  A 2 3 4 5 6",
                                     "CPU 1   6 books  7 8 9 10 J Q",
                                     "CPU 2   1 book   K"]
    assert session.headline(Outcome((YOU,), ("won", "lost", "lost"), "")) == "You win!"
    assert session.headline(Outcome((2,), ("lost", "lost", "won"), "")) == "CPU 2 wins"


# ---------------------------------------------------------------------- saving and resuming

def step(session: GoFishSession, choice: int) -> None:
    """One step of a run: a CPU's ask, your ask number ``choice`` (of the legal ones), or the
    next game once this one is over."""
    if session.outcome() is not None:
        session.new_game()
    elif session.cpu_to_move():
        session.cpu_play(session.cpu_choose(session.state))
    else:
        legal = session.seen().legal
        assert not session.ask(legal[choice % len(legal)]).error


def through_json(session: GoFishSession) -> GoFishSession:
    return GoFishSession.from_json(json.loads(json.dumps(session.to_json())))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**48), cpus=st.integers(1, 4), level=st.sampled_from(ai.LEVELS),
       choices=st.lists(st.integers(0, 50), min_size=1, max_size=150), data=st.data())
def test_a_run_saved_and_resumed_anywhere_goes_on_as_if_never_interrupted(
    seed: int, cpus: int, level: ai.Level, choices: list[int], data: st.DataObject,
) -> None:
    played = GoFishSession(cpus, level, seed)
    cut = data.draw(st.integers(0, len(choices)), label="saved after step")
    for choice in choices[:cut]:
        step(played, choice)
    resumed = through_json(played)
    assert resumed.to_json() == played.to_json()
    assert (resumed.news, resumed.seen()) == (played.news, played.seen())
    for choice in choices[cut:]:
        step(played, choice)
        step(resumed, choice)
    assert resumed.to_json() == played.to_json()
    assert resumed.state == played.state and resumed.cpu_seeds == played.cpu_seeds


def test_the_save_keeps_the_last_news_and_counts_your_asks() -> None:
    session = GoFishSession(2, "easy", seed=5)
    assert session.news == session.opening() and session.your_asks() == 0
    said = session.ask(session.seen().legal[0])
    assert session.news == said.text and session.your_asks() == 1
    your_turn(session)
    assert through_json(session).news == session.news


def _broken(change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    data = GoFishSession(2, "pro", seed=9).to_json()
    change(data)
    return data


@pytest.mark.parametrize(("change", "sentence"), [
    (lambda data: data.update(game="poker-session"), "not a Go Fish game"),
    (lambda data: data.update(version=99), "version 99"),
    (lambda data: data.update(level="expert"), "not easy or pro"),
    (lambda data: data.update(cpus=3), "one hand per player"),
    (lambda data: data.update(cpu_seeds=[1, 2]), "'cpu_seeds'"),
    (lambda data: data.update(cpu_seeds=[1, "2", 3]), "whole numbers"),
    (lambda data: data.pop("games"), "no 'games'"),
    (lambda data: data["state"]["hands"][0].append(data["state"]["hands"][1][0]),
     "same card twice"),
    (lambda data: data.update(state=[]), "Go Fish"),
])
def test_a_malformed_save_is_refused_with_a_sentence(
    change: Callable[[dict[str, Any]], object], sentence: str,
) -> None:
    with pytest.raises(SaveFormatError) as refusal:
        GoFishSession.from_json(_broken(change))
    assert sentence in str(refusal.value)


@settings(max_examples=60, deadline=None)
@given(key=st.sampled_from(sorted(GoFishSession(1, "pro", seed=1).to_json())), junk=JSON_JUNK)
def test_junk_in_any_field_is_a_save_format_error_or_a_working_session(
    key: str, junk: object,
) -> None:
    data = GoFishSession(1, "pro", seed=1).to_json()
    data[key] = junk
    load_or_refuse(GoFishSession.from_json, data, play_out)
