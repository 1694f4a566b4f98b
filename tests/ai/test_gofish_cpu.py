"""Go Fish CPUs: the pro remembers only public events, never peeks, and beats easy."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tableau.ai import gofish as ai
from tableau.cards import RANKS
from tableau.cards import Rank
from tableau.cards import parse_card
from tableau.cards import parse_cards
from tableau.cli.gofish import simulate
from tableau.engines import gofish as g
from tableau.engines.gofish import Ask
from tableau.engines.gofish import Asked
from tableau.engines.gofish import Drew

SEVEN, THREE = Rank.SEVEN, Rank.THREE


def position(*hands: str, stock: str, history: tuple[g.Event, ...] = ()) -> g.State:
    return g.State(
        hands=tuple(g.sort_hand(parse_cards(hand)) for hand in hands),
        stock=parse_cards(stock),
        books=tuple(() for _ in hands),
        turn=0,
        seed=0,
        history=history,
    )


def pro_choices(state: g.State, seeds: range = range(40)) -> set[Ask]:
    return {ai.player("pro")(g.view(state, 0), seed)[0] for seed in seeds}


def test_pro_asks_the_player_who_asked_for_a_rank_it_now_holds() -> None:
    # Player 2 asked player 1 for sevens and had to fish, so player 2 still holds a seven.
    history = (Asked(2, 1, SEVEN, 0), Drew(2, parse_card("4D"), False, "fish"))
    state = position("7H 3D 3S 3C", "KH 9D", "7C 4D", stock="2C 8D JH", history=history)
    assert pro_choices(state) == {Ask(2, SEVEN)}


def test_pro_counts_the_cards_handed_over_when_it_remembers() -> None:
    # Player 1 took two queens from player 2 earlier: it holds at least three.
    history = (Asked(1, 2, Rank.QUEEN, 2),)
    state = position("QH 3D 3S", "QC QD QS 5C", "9H", stock="2C", history=history)
    memory = ai.remember(g.view(state, 0))
    assert memory.known(1, Rank.QUEEN) == 3
    assert memory.known(2, Rank.QUEEN) == 0
    assert pro_choices(state) == {Ask(1, Rank.QUEEN)}


def test_without_knowledge_pro_asks_for_the_rank_it_holds_most() -> None:
    state = position("7H 3D 3S 3C 9C", "KH 9D", stock="2C 8D JH")
    assert pro_choices(state) == {Ask(1, THREE)}


def test_pro_skips_a_player_seen_to_hold_none_who_has_not_drawn_since() -> None:
    # Our own earlier ask showed player 1 has no threes; player 2 is unknown.
    history = (Asked(0, 1, THREE, 0), Drew(0, parse_card("3C"), False, "fish"))
    state = position("7H 3D 3S 3C", "KH 9D 4C", "5H 6H", stock="2C 8D JH", history=history)
    assert pro_choices(state) == {Ask(2, THREE)}


def test_two_tables_that_look_alike_from_the_pro_seat_get_the_same_ask() -> None:
    # Same public history and counts; the opponents' hands and the stock differ.
    def table(one: str, two: str, stock: str, hidden_draw: str) -> g.State:
        history = (Asked(1, 0, Rank.NINE, 0), Drew(1, parse_card(hidden_draw), False, "fish"),
                   Asked(2, 0, Rank.KING, 1))
        return position("7H 3D 3S 5C", one, two, stock=stock, history=history)

    first = table("9D 4C 8S", "KH KC 6H", "2C 8D JH 5D", hidden_draw="4C")
    second = table("9S 5D 2C", "KH KC 7S", "4C 8D JH 6H", hidden_draw="5D")
    assert g.view(first, 0) == g.view(second, 0)
    for seed in range(40):
        assert (ai.player("pro")(g.view(first, 0), seed)
                == ai.player("pro")(g.view(second, 0), seed))


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=2, max_value=5), st.integers(min_value=0, max_value=2**32))
def test_what_pro_remembers_is_always_true_of_the_hidden_hands(players: int, seed: int) -> None:
    state = g.new_game(g.Config(players=players, seed=seed))
    picker = random.Random(seed)
    while g.outcome(state) is None:
        memory = ai.remember(g.view(state, state.turn))
        for seat, hand in enumerate(state.hands):
            for rank in RANKS:
                held = sum(1 for card in hand if card.rank is rank)
                assert memory.known(seat, rank) <= held
                if memory.lacks(seat, rank):
                    assert held == 0
        state = g.apply(state, picker.choice(g.legal_moves(state)))


def test_easy_asks_for_ranks_it_holds_and_its_randomness_comes_from_the_seed() -> None:
    state = position("7H 3D 3S 3C 9C", "KH 9D", "4S", stock="2C 8D JH")
    seen = g.view(state, 0)
    easy = ai.player("easy")
    picks = [easy(seen, seed) for seed in range(60)]
    assert {move for move, _ in picks} <= set(seen.legal)
    assert {move.rank for move, _ in picks} == {SEVEN, THREE, Rank.NINE}
    assert {move.target for move, _ in picks} == {1, 2}
    assert picks == [easy(seen, seed) for seed in range(60)]


def test_pro_beats_easy_in_clearly_more_than_half_of_300_games() -> None:
    # The 2,000-game figure is in bench/bench_gofish.py (64.6% when measured).
    tally = simulate(300, ("pro", "easy"), seed=7)
    assert tally.wins[0] / tally.games >= 0.56
    assert sum(tally.books) == 13 * 300


def test_a_level_name_is_read_in_any_case_and_junk_is_refused() -> None:
    assert ai.parse_level(" PRO ") == "pro"
    try:
        ai.parse_level("expert")
    except ValueError as problem:
        assert "easy or pro" in str(problem)
    else:
        raise AssertionError("expert was accepted")
