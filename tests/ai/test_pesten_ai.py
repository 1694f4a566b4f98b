"""Pesten CPU players: always legal, seeded, and the careful one plays as described."""

from __future__ import annotations

import dataclasses

import pytest

from tableau.ai.pesten import CPU_KINDS
from tableau.ai.pesten import careful_move
from tableau.ai.pesten import player
from tableau.ai.pesten import random_move
from tableau.cards import AnyCard
from tableau.cards import Suit
from tableau.cards import parse_any_card
from tableau.engines import pesten as p
from tableau.engines.pesten import Phase
from tableau.engines.pesten import Play
from tableau.engines.pesten import Take

NAMES = ("Anna", "Bram", "Cor", "Dirk")


def cards(text: str) -> tuple[AnyCard, ...]:
    return tuple(parse_any_card(word) for word in text.split())


def table(*hands: str, top: str, stack: int = 0, current: int = 0,
          history: tuple[p.Event, ...] = ()) -> p.State:
    players = len(hands)
    base = p.new_game(p.Config(players=players, names=NAMES[:players], seed=3))
    return dataclasses.replace(
        base,
        hands=tuple(cards(hand) for hand in hands),
        pile=cards(top),
        stock=cards("2C 3C 4C 5C 6C 7C 8C 9C TC"),
        stack=stack,
        current=current,
        history=history,
    )


def careful(state: p.State) -> p.Move:
    move, _ = careful_move(p.view(state, state.current), 0)
    return move


@pytest.mark.parametrize("kind", CPU_KINDS)
@pytest.mark.parametrize(("players", "packs"), [
    pytest.param(2, 1, id="short"),  # make test: short games, every CPU
    pytest.param(3, 2, id="long", marks=pytest.mark.exhaustive),  # make test-all
])
def test_every_cpu_move_is_legal_in_whole_games(kind: str, players: int, packs: int) -> None:
    games = 2 if kind == "expert" else 6  # the expert's rollouts make its games slow
    for game in range(games):
        state = p.new_game(p.Config(players=players, packs=packs, seed=game))
        seed = game
        choose = player(kind)
        for _ in range(3000):
            if state.phase is Phase.OVER:
                break
            seen = p.view(state, state.current)
            move, seed = choose(seen, seed)
            assert move in seen.shortlist  # legal, and never a false last-card call
            state = p.apply(state, move)
        assert state.phase is Phase.OVER


def test_the_same_view_and_seed_give_the_same_move_and_seeds_vary_it() -> None:
    state = p.new_game(p.Config(players=4, seed=11))
    seen = p.view(state, state.current)
    assert random_move(seen, 5) == random_move(seen, 5)
    assert len({random_move(seen, seed)[0] for seed in range(40)}) > 1


def test_an_unknown_cpu_or_a_seat_not_on_turn_is_refused_with_a_sentence() -> None:
    state = p.new_game(p.Config(players=4, seed=11))
    with pytest.raises(ValueError, match="no CPU player called 'genius'"):
        player("genius")
    idle = (state.current + 1) % 4
    with pytest.raises(ValueError, match=r"not Player \d's turn"):
        random_move(p.view(state, idle), 0)


def test_careful_answers_a_stack_when_it_can() -> None:
    state = table("2H 9C 5D", "7S 8S", top="2S", stack=2)
    assert careful(state) == Play(cards("2H"))


def test_careful_names_its_longest_suit_when_it_takes_a_joker_stack() -> None:
    state = table("3D 4D 9D KC", "7S 8S", top="JK", stack=5)
    assert careful(state) == Take(Suit.DIAMONDS)


def test_careful_always_calls_its_last_card() -> None:
    state = table("5H 9C", "7S 8S 3D", top="5C")
    move = careful(state)
    assert isinstance(move, Play) and move.last_card


def test_careful_keeps_its_jacks_for_the_end() -> None:
    state = table("JH 9H 4S 3D", "7S 8S 3C", top="5H")
    assert careful(state) == Play(cards("9H"))


def test_careful_plays_the_jack_when_it_is_the_last_card_and_names_its_suit() -> None:
    state = table("JH", "7S 8S 3C", top="5H")
    move = careful(state)
    assert isinstance(move, Play) and move.cards == cards("JH")


def test_careful_saves_attack_cards_until_the_next_player_is_low() -> None:
    calm = table("2H 9H 4S 3D", "7S 8S 3C KD", top="5H")
    assert careful(calm) == Play(cards("9H"))
    low = table("2H 9H 4S 3D", "7S", top="5H")
    assert careful(low) == Play(cards("2H"))


def test_careful_strikes_back_after_being_attacked() -> None:
    took = p.Event("take", 0, amount=2, asked=2, names=NAMES[:2])
    state = table("JK 9H 4S 3D", "7S 8S 3C KD", top="5H", history=(took,))
    assert careful(state) == Play(cards("JK"))


def test_careful_sheds_with_a_set() -> None:
    state = table("6D 6S 6H 9D KS", "7S 8S 3C KD", top="6C")
    move = careful(state)
    assert isinstance(move, Play) and len(move.cards) == 3


@pytest.mark.slow
def test_careful_beats_three_random_players_clearly() -> None:
    games, wins = 400, 0
    careful, random = player("careful"), player("random")
    for game in range(games):
        state = p.new_game(p.Config(players=4, seed=10_000 + game, dealer=game % 4))
        seed = game
        while state.phase is not Phase.OVER:
            seat = state.current
            choose = careful if seat == 0 else random
            move, seed = choose(p.view(state, seat), seed)
            state = p.apply(state, move)
        wins += state.winner == 0
    assert wins / games > 0.35  # a random seat wins about a quarter


def test_careful_does_not_go_out_on_a_special_card_where_the_house_forbids_it() -> None:
    state = table("6H 7H", "7S 8S 3C", top="5H")
    assert careful(state) == Play(cards("6H 7H"))  # the default house: going out wins
    strict = dataclasses.replace(state, config=dataclasses.replace(state.config,
                                                                   special_finish=False))
    assert careful(strict) == Play(cards("7H"), last_card=True)  # a 7 last would cost 5
