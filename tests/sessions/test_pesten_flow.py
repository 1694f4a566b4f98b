"""The Pesten flow through the session alone (no Textual): whole rounds and matches played
with the moves a screen sends (OPEN, engine moves, DONE, NEXT_ROUND, NEW_MATCH), the scores
they add up to, when a CPU may move, and what a finished round is recorded with.

These hold the rules and flow steps the Pilot tests in tests/ui/test_pesten.py once checked by
playing through the screen (a points match played to its end, a jack that goes out, the next
round keeping seats and locks); test_pesten_session.py holds the single steps."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from tableau.cards import FULL_DECK
from tableau.cards import JOKER
from tableau.cards import parse_any_card
from tableau.engines import pesten as engine
from tableau.engines.pesten import Play
from tableau.sessions.pesten import DONE
from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import NEW_MATCH
from tableau.sessions.pesten import NEXT_ROUND
from tableau.sessions.pesten import OPEN
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Seat
from tableau.sessions.pesten import Stage
from tableau.storage.passwords import PasswordScheme
from tableau.storage.stats import figures
from tableau.storage.store import GameRecord
from tableau.ui.controls.pesten import round_details
from tableau.ui.scenes.pesten import BRAM
from tableau.ui.scenes.pesten import COR
from tableau.ui.scenes.pesten import arranged_table


def step(hot: PestenSession) -> Stage:
    """One move of whoever is to move, as the screen would send it: a CPU's chosen step, or a
    human's first offered move (OPEN, DONE, an engine move). Returns the stage it was made in."""
    stage = hot.stage
    cpu = hot.cpu_step()
    if cpu is not None:
        answer = hot.play_cpu(cpu)
    else:
        seat = hot.to_move
        assert seat is not None
        answer = hot.act(seat, hot.moves(seat)[0])
    assert answer.ok, answer.refusal
    return stage


def play_round(hot: PestenSession) -> int:
    """Play the round in progress to its end; the number of moves made."""
    for made in range(5_000):
        if hot.over:
            return made
        step(hot)
    raise AssertionError("the round did not end")


# ------------------------------------------------------------------ a match to its end


def test_a_points_match_is_played_round_by_round_to_its_end_then_a_new_match() -> None:
    """Each round's end offers only NEXT_ROUND, the cards left add to each seat's points
    (the winner's stay), the next round keeps the seats and their locks and moves the deal
    on; once a seat passes the target the match is over, the lowest wins it, only NEW_MATCH is
    offered, and the new match has the same seats, rules and table, a fresh seed, no points."""
    scheme = PasswordScheme(cheap=True, retry_delays=(0.0,))
    seats = [Seat("Anna", HUMAN, scheme.lock("Anna", "a")), Seat("Bram", "random"),
             Seat("Cor", "careful")]
    config = engine.Config(players=3, packs=1, jokers=2, seed=31, dealer=2,
                           names=("Anna", "Bram", "Cor"), match="points", target=150)
    hot = PestenSession(seats, engine.new_game(config), new_seed=lambda: 77)
    chairs, table_id = hot.chairs, hot.table_id
    totals = [0, 0, 0]
    rounds = 0
    while True:
        dealer = hot.state.dealer
        assert hot.stage in (Stage.LOCK, Stage.CPU)  # a round starts locked (or with a CPU)
        play_round(hot)
        rounds += 1
        outcome = hot.outcome()
        assert outcome is not None and hot.stage is Stage.OVER and hot.cpu_step() is None
        left = engine.round_points(hot.state)
        winner = hot.state.winner
        assert winner is not None and left[winner] == 0
        assert all(points > 0 for seat, points in enumerate(left) if seat != winner)
        totals = [total + points for total, points in zip(totals, left, strict=True)]
        assert list(hot.state.points) == totals
        details = round_details(hot)
        assert details["points"] == list(left) and details["totals"] == totals
        if hot.match_over:
            break
        assert max(totals) < 150 and hot.moves(0) == (NEXT_ROUND,)
        assert hot.act(0, NEW_MATCH).refusal == "The round is over; deal the next round."
        assert hot.act(0, NEXT_ROUND).ok
        assert hot.state.round == rounds + 1 and hot.state.dealer == (dealer + 1) % 3
        assert hot.chairs == chairs and hot.chairs[0].lock is chairs[0].lock
        assert list(hot.state.points) == totals and hot.stage is not Stage.OVER
    assert rounds >= 2  # a match of several rounds
    assert max(totals) >= 150
    champion = engine.match_winner(hot.state)
    assert champion is not None and totals[champion] == min(totals)
    assert round_details(hot)["match"] == {"kind": "points", "target": 150, "ended": True,
                                           "winner": ("Anna", "Bram", "Cor")[champion]}
    assert hot.moves(0) == (NEW_MATCH,)
    assert hot.act(0, NEXT_ROUND).refusal == "The match is over; start a new match."
    assert hot.act(0, NEW_MATCH).ok
    assert hot.state.round == 1 and hot.state.points == (0, 0, 0) and not hot.over
    assert hot.state.config == dataclasses.replace(config, seed=77) and config.seed != 77
    assert hot.chairs == chairs and hot.table_id == table_id


def test_a_round_of_a_wins_match_counts_toward_the_target_and_the_last_one_ends_it() -> None:
    """First to 2 round wins: Anna's first win leaves the match open, her second ends it."""
    hot = arranged_table(["7D", BRAM, COR], "5C 7C", rules={"match": "wins", "target": 2})
    assert hot.act(0, OPEN).ok and hot.act(0, Play((parse_any_card("7D"),))).ok
    assert hot.over and hot.state.wins == (1, 0, 0) and not hot.match_over
    assert round_details(hot)["match"] == {"kind": "wins", "target": 2, "ended": False,
                                           "winner": None}
    hot = arranged_table(["7D", BRAM, COR], "5C 7C", rules={"match": "wins", "target": 2},
                         wins=(1, 0, 0))
    assert hot.act(0, OPEN).ok and hot.act(0, Play((parse_any_card("7D"),))).ok
    assert hot.match_over and engine.match_winner(hot.state) == 0


# ------------------------------------------------------------------ single rules of the flow


def test_going_out_with_a_jack_wins_at_once_without_asking_a_suit() -> None:
    hot = arranged_table(["JD", BRAM, COR], "5C 7D")
    assert hot.act(0, OPEN).ok
    answer = hot.act(0, Play((parse_any_card("JD"),)))
    assert answer.ok and answer.needs is None
    assert hot.over and hot.state.winner == 0 and hot.stage is Stage.OVER


def test_no_cpu_moves_while_a_human_holds_the_terminal() -> None:
    """Anna's 8 skips Bram, so a CPU (Cor) is next; until her Done it may not move."""
    hot = arranged_table(["8H 3H 9S", BRAM, COR], "5C 8C",
                         kinds=(HUMAN, "random", "careful"))
    assert hot.act(0, OPEN).ok and hot.act(0, Play((parse_any_card("8H"),))).ok
    assert hot.state.current == 2 and hot.stage is Stage.REVIEW
    assert not hot.cpu_to_move and hot.cpu_step() is None
    assert hot.act(0, DONE).ok and hot.cpu_to_move
    while hot.cpu_to_move:
        step(hot)
    assert hot.state.current == 0 and not hot.over
    # A lone human opened the lock this round: her hand opens again without it.
    assert hot.stage is Stage.HAND and hot.revealed == 0


def test_with_two_humans_each_hand_shows_only_between_its_open_and_its_done() -> None:
    """Several full turns of two humans and a CPU: at every lock no hand is revealed, after
    OPEN only the seat to move, and the hand leaves as soon as the turn is handed over."""
    hot = arranged_table(["3H 7H 7C 7S JD 9S QH", BRAM, COR], "5C 7D")
    turns = 0
    while turns < 12 and not hot.over:
        stage = hot.stage
        if stage is Stage.LOCK:
            assert hot.revealed is None and hot.moves(hot.state.current) == (OPEN,)
            seat = hot.state.current
            step(hot)
            assert hot.revealed == seat
            while hot.revealed == seat and not hot.over:
                step(hot)
            assert hot.revealed is None or hot.over
            turns += 1
        else:
            assert stage is Stage.CPU and hot.revealed is None
            step(hot)
    assert turns >= 4


# ------------------------------------------------------------------ what is recorded


def test_a_finished_round_is_recorded_with_seats_winner_points_and_rules_and_no_card() -> None:
    hot = arranged_table(["7D", BRAM, COR], "5C 7C", rules={"match": "wins", "target": 2},
                         wins=(1, 0, 0))
    assert hot.act(0, OPEN).ok and hot.act(0, Play((parse_any_card("7D"),))).ok
    details = round_details(hot)
    bram, cor = (engine.hand_points(hot.state.config, hand) for hand in hot.state.hands[1:])
    assert details == {
        "players": ["Anna", "Bram", "Cor"], "kinds": ["human", "human", "careful"],
        "winner": "Anna", "points": [0, bram, cor], "totals": [0, bram, cor],
        "rules": {"forgot_penalty": 2, "sets_are_series": True, "wrap_runs": False,
                  "either_order": False, "special_finish": True},
        "match": {"kind": "wins", "target": 2, "ended": True, "winner": "Anna"},
    }
    text = json.dumps(details, ensure_ascii=False)
    assert not [card.code for card in (*FULL_DECK, JOKER) if f'"{card.code}"' in text]
    assert not [card.face for card in FULL_DECK if card.face in text]
    record: Any = GameRecord("pesten", "3 players", None, {"players": 3}, started=0.0,
                             moves=1, duration=1.0, details=details, result="finished")
    anna, *others = figures([record]).pesten
    assert (anna.name, anna.wins, anna.matches, anna.matches_won) == ("Anna", 1, 1, 1)
    assert all(row.matches == 1 and row.matches_won == 0 for row in others)
