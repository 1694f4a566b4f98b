"""A Go Fish session on its own (no Textual), through the session protocol: the deals of a run,
asks and their events, the CPU steps, the next game as a move, the end and the saves."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tableau.ai import gofish as ai
from tableau.cards import RANKS
from tableau.cards import Rank
from tableau.engines import gofish as g
from tableau.engines import rng
from tableau.engines.gofish import Ask
from tableau.engines.protocol import Outcome
from tableau.engines.protocol import SaveFormatError
from tableau.sessions.gofish import SEPARATOR
from tableau.sessions.gofish import YOU
from tableau.sessions.gofish import GoFishSession
from tableau.sessions.gofish import NextGame
from tableau.sessions.gofish import against_cpus
from tableau.sessions.gofish import start
from tableau.sessions.protocol import Answer
from tableau.sessions.protocol import CpuStep
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind

MAX_STEPS = 2000
HUMAN = SeatKind.HUMAN
CPU = SeatKind.CPU


def your_turn(session: GoFishSession) -> None:
    """Let the CPUs play until a person is to move or the game is over."""
    while (step := session.cpu_step()) is not None:
        assert session.play_cpu(step).ok


def to_a_cpus_turn(session: GoFishSession) -> g.State:
    """Make your first legal ask until a CPU is to move; that state."""
    while not session.cpu_to_move():
        assert session.act(YOU, session.moves(YOU)[0]).ok
    return session.state


def play_out(session: GoFishSession) -> Outcome:
    """Every person makes their first move each turn until the game ends."""
    for _ in range(MAX_STEPS):
        your_turn(session)
        result = session.outcome()
        if result is not None:
            return result
        seat = session.to_move
        assert seat is not None
        answer = session.act(seat, session.moves(seat)[0])
        assert answer.ok, answer.refusal
    raise AssertionError("the game did not end")


def test_each_game_of_a_run_is_dealt_from_the_runs_seed() -> None:
    session = against_cpus(2, "pro", seed=11)
    assert session.names == ("You", "CPU 1", "CPU 2")
    assert session.seats == (SeatInfo("You", HUMAN), SeatInfo("CPU 1", CPU, "pro"),
                             SeatInfo("CPU 2", CPU, "pro"))
    assert session.state == g.new_game(g.Config(players=3, seed=rng.fresh_seed_from(11, 0)))
    assert session.seed == rng.fresh_seed_from(11, 0)
    assert session.news() == session.opening() == "Dealt 7 cards each. You play first."
    session.new_game()
    assert session.state == g.new_game(g.Config(players=3, seed=rng.fresh_seed_from(11, 1)))
    assert against_cpus(4, "easy", seed=3).opening() == "Dealt 5 cards each. You play first."


def test_the_opening_names_the_first_player_for_the_others() -> None:
    session = start([SeatInfo("Ann", HUMAN), SeatInfo("Bo", HUMAN)], seed=4)
    assert session.opening(0) == "Dealt 7 cards each. You play first."
    assert session.opening(1) == "Dealt 7 cards each. Ann plays first."


@pytest.mark.parametrize("cpus", [0, 5])
def test_a_table_of_the_wrong_size_is_refused(cpus: int) -> None:
    with pytest.raises(ValueError, match="1 to 4 CPUs"):
        against_cpus(cpus, "pro", seed=1)
    with pytest.raises(ValueError, match="2 to 5 players"):
        start([SeatInfo("CPU", CPU)] * (cpus + 1), seed=1)


def test_start_takes_any_mix_of_people_and_cpus_and_no_options() -> None:
    session = start([SeatInfo("A", CPU), SeatInfo("B", HUMAN), SeatInfo("C", CPU, "easy")], 5)
    assert [seat.level for seat in session.seats] == ["pro", "", "easy"]  # pro unless named
    with pytest.raises(ValueError, match="not a CPU level"):
        start([SeatInfo("A", CPU, "expert"), SeatInfo("B", HUMAN)], 5)
    with pytest.raises(ValueError, match="no options"):
        start([SeatInfo("A", CPU), SeatInfo("B", HUMAN)], 5, jokers=True)


def test_your_ask_answers_with_its_events_and_counts_a_change() -> None:
    session = against_cpus(1, "pro", seed=11)
    before = session.state
    move = session.view(YOU).legal[0]
    assert session.moves(YOU) == session.view(YOU).legal
    answer = session.act(YOU, move)
    assert answer.ok and session.version == 1
    assert session.state == g.apply(before, move)
    assert answer.events == session.state.history[len(before.history):]
    assert session.news().startswith(f"You ask CPU 1 for {g.rank_words(move.rank)} — ")
    assert session.news() == SEPARATOR.join(session.describe(e, YOU) for e in answer.events)


def test_a_refused_ask_says_why_and_changes_nothing() -> None:
    session = against_cpus(1, "pro", seed=11)
    before, saved = session.state, session.to_json()
    held = {card.rank for card in session.view(YOU).hand}
    missing = next(rank for rank in RANKS if rank not in held)
    assert session.act(YOU, Ask(1, missing)) == Answer.refused(
        f"You may only ask for a rank you hold, and you hold no {g.rank_words(missing)}.")
    assert session.act(YOU, NextGame()) == Answer.refused(
        "The game is not over yet: ask for a rank.")
    assert session.act(YOU, "ask 1 7").refusal == (
        "In Go Fish a move is asking another player for a rank.")
    assert session.act(7, Ask(1, missing)).refusal == "There is no seat 7 at this table."
    assert session.state is before and session.to_json() == saved and session.version == 0


def test_on_a_cpus_turn_your_ask_waits_and_you_have_no_moves() -> None:
    session = against_cpus(1, "pro", seed=11)
    before = to_a_cpus_turn(session)
    assert session.to_move == 1 and session.moves(YOU) == ()
    assert session.act(YOU, Ask(1, Rank.SEVEN)) == Answer.refused("Wait: it is CPU 1's turn.")
    assert session.state is before


def test_a_cpu_chooses_from_its_own_view_with_its_seats_rng_state() -> None:
    session = against_cpus(2, "easy", seed=8)
    state = to_a_cpus_turn(session)
    seat, version = state.turn, session.version
    move, after = ai.choose_easy(g.view(state, seat), rng.fresh_seed_from(state.seed, seat))
    expected = CpuStep(seat, move, after, version)
    assert session.cpu_step() == session.cpu_step() == expected
    assert session.state is state and session.version == version  # choosing changes nothing
    assert session.play_cpu(expected).ok
    assert session.rng_states[seat] == after and session.version == version + 1
    assert session.state != state


def test_a_step_chosen_before_the_table_changed_is_refused() -> None:
    session = against_cpus(1, "pro", seed=11)
    to_a_cpus_turn(session)
    step = session.cpu_step()
    assert step is not None
    stale = CpuStep(step.seat, step.move, step.rng_state, step.version - 1)
    saved = session.to_json()
    assert session.play_cpu(stale).refusal == (
        "The table has changed since that CPU chose its ask.")
    assert session.to_json() == saved


def test_only_cpu_seats_step() -> None:
    session = against_cpus(1, "pro", seed=11)
    assert not session.cpu_to_move() and session.cpu_step() is None
    assert session.play_cpu(CpuStep(0, session.moves(YOU)[0], 1, 0)).refusal == (
        "It is not You's turn.")


def test_go_fish_has_no_undo() -> None:
    session = against_cpus(1, "pro", seed=11)
    session.act(YOU, session.moves(YOU)[0])
    assert not session.can_undo and not session.can_redo
    assert session.undo().refusal == session.redo().refusal == (
        "Go Fish has no undo: an ask cannot be taken back.")
    assert session.version == 1


def test_a_whole_game_ends_then_the_next_game_is_your_move() -> None:
    session = against_cpus(2, "pro", seed=5)
    assert not session.at_stake()
    result = play_out(session)
    assert not session.at_stake()
    assert session.to_move == YOU and session.moves(YOU) == (NextGame(),)
    assert session.moves(1) == ()
    assert session.act(YOU, Ask(1, Rank.ACE)) == Answer.refused(
        "The game is over: press n for a new game.")
    lines = session.score_lines()
    assert [line.split()[0] for line in lines] == ["You", "CPU", "CPU"]
    assert sum(len(books) for books in session.state.books) == 13
    assert session.headline(result) in {"You win!", "CPU 1 wins", "CPU 2 wins"} or (
        session.headline(result).startswith("A shared win: "))
    version = session.version
    answer = session.act(YOU, NextGame())
    assert answer.ok and answer.events == session.state.history
    assert session.games == 1 and session.version == version + 1
    assert session.state == g.new_game(g.Config(players=3, seed=rng.fresh_seed_from(5, 1)))
    assert session.news() == session.opening()


def test_a_table_of_cpus_plays_to_the_end_and_waits_there() -> None:
    session = start([SeatInfo(f"CPU {n}", CPU, level) for n, level in
                     enumerate(["pro", "easy", "pro", "easy"])], seed=9)
    assert session.to_move is not None and session.moves(session.to_move)
    result = play_out(session)
    assert result is not None and session.to_move is None and session.cpu_step() is None
    assert all(session.moves(seat) == () for seat in range(4))
    assert session.act(0, NextGame()).refusal == "The game is over: press n for a new game."


@pytest.mark.parametrize("seed", range(6))
def test_no_sentence_names_a_card_its_reader_could_not_see(seed: int) -> None:
    """Every seat reads the news of every move: a card is named only to its drawer, or to
    all when it was the rank asked for (shown)."""
    players = 2 + seed % 4
    session = start([SeatInfo(f"CPU {n}", CPU, ai.LEVELS[n % 2]) for n in range(players)], seed)
    while (cpu := session.cpu_step()) is not None:
        answer = session.play_cpu(cpu)
        for viewer in range(players):
            seen = session.view(viewer).history[-len(answer.events):]
            named = {event.card.face for event in seen
                     if isinstance(event, g.Drew) and event.card is not None}
            for event in answer.events:
                if isinstance(event, g.Drew) and event.card is not None:
                    sentence = session.describe(event, viewer)
                    assert (event.card.face in sentence) == (event.card.face in named), sentence
            assert session.news(viewer) == SEPARATOR.join(
                session.describe(event, viewer) for event in seen)
    assert session.outcome() is not None


def test_the_same_seed_plays_the_same_run() -> None:
    first, second = against_cpus(3, "pro", seed=21), against_cpus(3, "pro", seed=21)
    assert play_out(first) == play_out(second)
    assert first.state == second.state


def test_the_end_texts_name_the_winners_and_say_book_or_books() -> None:
    session = against_cpus(2, "pro", seed=1)
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
    assert session.headline(Outcome((2,), ("lost", "lost", "won"), ""), 2) == "You win!"


# ---------------------------------------------------------------------- saving and resuming

def step(session: GoFishSession, choice: int) -> None:
    """One step of a run: a CPU's ask, a person's move number ``choice`` (of the legal ones;
    the next game once this one is over)."""
    cpu = session.cpu_step()
    if cpu is not None:
        assert session.play_cpu(cpu).ok
        return
    seat = session.to_move
    assert seat is not None
    legal = session.moves(seat)
    assert session.act(seat, legal[choice % len(legal)]).ok


def through_json(session: GoFishSession) -> GoFishSession:
    return GoFishSession.from_json(json.loads(json.dumps(session.to_json())))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**48), cpus=st.integers(1, 4), level=st.sampled_from(ai.LEVELS),
       choices=st.lists(st.integers(0, 50), min_size=1, max_size=150), data=st.data())
def test_a_run_saved_and_resumed_anywhere_goes_on_as_if_never_interrupted(
    seed: int, cpus: int, level: ai.Level, choices: list[int], data: st.DataObject,
) -> None:
    played = against_cpus(cpus, level, seed)
    cut = data.draw(st.integers(0, len(choices)), label="saved after step")
    for choice in choices[:cut]:
        step(played, choice)
    resumed = through_json(played)
    assert resumed.to_json() == played.to_json()
    assert (resumed.news(), resumed.view(YOU)) == (played.news(), played.view(YOU))
    assert (resumed.version, resumed.seats) == (played.version, played.seats)
    for choice in choices[cut:]:
        step(played, choice)
        step(resumed, choice)
    assert resumed.to_json() == played.to_json()
    assert resumed.state == played.state and resumed.rng_states == played.rng_states


def test_the_save_keeps_the_last_news_and_counts_your_asks() -> None:
    session = against_cpus(2, "easy", seed=5)
    assert session.asks(YOU) == 0
    session.act(YOU, session.moves(YOU)[0])
    assert session.asks(YOU) == 1
    your_turn(session)
    assert through_json(session).news() == session.news() != session.opening()


def version_1_save(session: GoFishSession) -> dict[str, Any]:
    """The save as this program wrote it before seats had names (tableau 0.x)."""
    return {"game": "gofish-session", "version": 1, "cpus": session.cpus,
            "level": session.level, "first_seed": session.first_seed, "games": session.games,
            "cpu_seeds": list(session.rng_states), "news": session.news(),
            "state": g.to_json(session.state)}


@pytest.mark.parametrize("asks", [0, 1, 6])
def test_a_save_from_version_1_resumes_with_its_news(asks: int) -> None:
    session = against_cpus(3, "easy", seed=17)
    for _ in range(asks):
        your_turn(session)
        session.act(YOU, session.moves(YOU)[-1])
    resumed = GoFishSession.from_json(version_1_save(session))
    assert resumed.seats == session.seats and resumed.news() == session.news()
    assert resumed.state == session.state and resumed.rng_states == session.rng_states
    assert play_out(resumed) == play_out(session)


def _broken(change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    data = against_cpus(2, "pro", seed=9).to_json()
    change(data)
    return data


@pytest.mark.parametrize(("change", "sentence"), [
    (lambda data: data.update(game="poker-session"), "not a Go Fish game"),
    (lambda data: data.update(version=99), "version 99"),
    (lambda data: data["seats"][1].update(level="expert"), "not easy or pro"),
    (lambda data: data["seats"][1].update(kind="dog"), "not a person or a CPU"),
    (lambda data: data["seats"].pop(), "one hand per player"),
    (lambda data: data["seats"].pop(0) and data["seats"].pop(0), "2 to 5 players"),
    (lambda data: data.update(rng_states=[1, 2]), "rng states"),
    (lambda data: data.update(rng_states=[1, "2", 3]), "rng states"),
    (lambda data: data.pop("games"), "no 'games'"),
    (lambda data: data.update(news_from=999), "'news_from'"),
    (lambda data: data["state"]["hands"][0].append(data["state"]["hands"][1][0]),
     "same card twice"),
    (lambda data: data.update(state=[]), "Go Fish"),
    (lambda data: data.update(version=1, level="expert", cpus=2), "not easy or pro"),
])
def test_a_malformed_save_is_refused_with_a_sentence(
    change: Callable[[dict[str, Any]], object], sentence: str,
) -> None:
    with pytest.raises(SaveFormatError) as refusal:
        GoFishSession.from_json(_broken(change))
    assert sentence in str(refusal.value)


