"""Pesten rulings on constructed positions, through the public engine API.

Each test names the ruling of docs/rules/pesten.md it checks.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter

import pytest
from pesten_positions import CLUBS
from pesten_positions import DIAMONDS
from pesten_positions import HEARTS
from pesten_positions import NAMES
from pesten_positions import SPADES
from pesten_positions import card
from pesten_positions import cards
from pesten_positions import play
from pesten_positions import table
from pesten_positions import texts

from tableau.cards import JOKER
from tableau.cards import SUITS
from tableau.engines import IllegalMove
from tableau.engines import Outcome
from tableau.engines import SaveFormatError
from tableau.engines import pesten as p
from tableau.engines.pesten import DRAW
from tableau.engines.pesten import PASS
from tableau.engines.pesten import TAKE
from tableau.engines.pesten import Phase
from tableau.engines.pesten import Play
from tableau.engines.pesten import Take


def single_plays(state: p.State) -> set[str]:
    """The cards that may be played alone now, as codes."""
    return {
        str(move.cards[0])
        for move in p.legal_moves(state)
        if isinstance(move, Play) and len(move.cards) == 1
    }


# ------------------------------------------------------------------ set-up


def test_one_pack_cannot_deal_to_eight_players_and_says_so() -> None:
    with pytest.raises(ValueError, match="cannot deal 7 cards to 8 players"):
        p.Config(players=8, packs=1)
    assert p.config_problem(8, 2) is None
    assert p.Config(players=8, packs=2).players == 8


@pytest.mark.parametrize(
    ("players", "packs", "jokers", "words"),
    [
        (-3, 1, 2, "2 to 8 players"),
        (1, 1, 2, "2 to 8 players"),
        (10**12, 1, 2, "2 to 8 players"),
        (4, -1, 2, "1 to 4 packs"),
        (4, 10**9, 2, "1 to 4 packs"),
        (4, 1, 3, "0 to 2 jokers"),
        (4, 1, -1, "0 to 2 jokers"),
    ],
)
def test_negative_and_absurd_numbers_are_refused_with_a_sentence(
    players: int, packs: int, jokers: int, words: str
) -> None:
    with pytest.raises(ValueError, match=words):
        p.Config(players=players, packs=packs, jokers=jokers)
    assert words in (p.config_problem(players, packs, jokers) or "")


def test_names_must_match_the_seats_and_differ() -> None:
    with pytest.raises(ValueError, match="one name for each"):
        p.Config(players=3, names=("Anna", "Bram"))
    with pytest.raises(ValueError, match="must differ"):
        p.Config(players=2, names=("Anna", "anna"))
    with pytest.raises(ValueError, match="dealer"):
        p.Config(players=2, dealer=-1)
    assert p.Config(players=3).names == ("Player 1", "Player 2", "Player 3")


def test_each_player_gets_seven_cards_and_the_player_after_the_dealer_starts() -> None:
    config = p.Config(players=5, packs=2, jokers=1, seed=9, dealer=3)
    state = p.new_game(config)
    assert [len(hand) for hand in state.hands] == [7] * 5
    assert state.current == 4
    assert len(state.pile) == 1
    total = Counter(
        [c for hand in state.hands for c in hand] + list(state.stock) + list(state.pile)
    )
    assert total[JOKER] == 2
    assert sum(total.values()) == 2 * 53


def test_the_starting_card_has_no_effect() -> None:
    for seed in range(60):
        state = p.new_game(p.Config(players=3, seed=seed))
        assert state.stack == 0
        assert state.suit is None
        assert state.direction == 1
        assert state.current == 1
        assert state.top is not JOKER


def test_a_turned_joker_goes_back_into_the_stock_and_another_card_is_turned() -> None:
    for seed in range(3000):
        state = p.new_game(p.Config(players=2, packs=4, jokers=2, seed=seed))
        if state.history[0].amount:  # jokers turned and sent back
            break
    else:
        pytest.fail("no deal in 3000 seeds turned a joker")
    assert state.top is not JOKER
    assert state.stock[0] is JOKER  # it went to the bottom of the stock
    assert "A joker was turned and went back into the stock." in p.describe(state.history[0], 0)


# ------------------------------------------------------------------ playing a card


def test_a_card_fits_on_the_same_suit_or_rank_and_a_joker_always_fits() -> None:
    state = table("5C 9H JK 8C", "2D", top="5H")
    assert single_plays(state) == {"5C", "9H", "JK"}
    with pytest.raises(IllegalMove, match="8♣ does not go on 5♥"):
        p.apply(state, play("8C"))


def test_a_refusal_reads_as_english_with_an_before_ace_and_eight() -> None:
    on_an_ace = table("5C 9H", "2D", top="AH")
    with pytest.raises(IllegalMove, match="play hearts, an ace or a joker"):
        p.apply(on_an_ace, play("5C"))
    on_an_eight = table("5C 9H", "2D", top="8H")
    with pytest.raises(IllegalMove, match="play hearts, an 8 or a joker"):
        p.apply(on_an_eight, play("5C"))


def test_after_a_jack_the_named_suit_any_jack_or_a_joker_fits() -> None:
    state = table("9H JC JK 9S", "2D", top="JS", suit=HEARTS)
    assert single_plays(state) == {"9H", "JC", "JK"}


def test_after_a_taken_joker_the_named_suit_or_a_joker_fits() -> None:
    state = table("4D JC JK 4S", "2D", top="JK", suit=DIAMONDS)
    assert single_plays(state) == {"4D", "JK"}


def test_a_player_who_can_play_may_not_draw() -> None:
    state = table("9H 3C", "2D", top="5H", stock="KS")
    assert DRAW not in p.legal_moves(state)
    with pytest.raises(IllegalMove, match="you must play"):
        p.apply(state, DRAW)


def test_a_player_who_cannot_play_draws_and_may_play_a_fitting_card_or_keep_it() -> None:
    state = table("3C 4C", "2D", top="5H", stock="9H KS")
    assert p.legal_moves(state) == (DRAW,)
    drawn = p.apply(state, DRAW)
    assert drawn.phase is Phase.DRAWN and drawn.current == 0
    assert set(p.shortlist(drawn)) == {play("9H"), PASS}
    assert set(p.legal_moves(drawn)) == {play("9H"), PASS, play("9H", last=True)}
    with pytest.raises(IllegalMove, match="only play the card you drew"):
        p.apply(drawn, play("3C"))
    played = p.apply(drawn, play("9H"))
    assert played.top == card("9H") and played.current == 1
    kept = p.apply(drawn, PASS)
    assert kept.current == 1 and card("9H") in kept.hands[0]


def test_a_drawn_card_that_does_not_fit_can_only_be_kept_and_then_the_turn_ends() -> None:
    state = table("3C 4C", "2D", top="5H", stock="KS")
    drawn = p.apply(state, DRAW)
    assert drawn.phase is Phase.DRAWN and drawn.current == 0
    assert p.legal_moves(drawn) == (PASS,)
    with pytest.raises(IllegalMove, match="does not go on 5♥"):
        p.apply(drawn, play("KS"))
    kept = p.apply(drawn, PASS)
    assert kept.current == 1 and kept.phase is Phase.PLAY
    assert kept.hands[0] == cards("3C 4C KS")


def test_the_history_of_a_kept_card_reads_the_same_whether_or_not_it_fits() -> None:
    fitting = table("3C 4C", "2D", top="5H", stock="9H")
    misfit = table("3C 4C", "2D", top="5H", stock="KS")
    seen = []  # everything Bram may know, after the draw and after the keep
    for state in (fitting, misfit):
        drawn = p.apply(state, DRAW)
        kept = p.apply(drawn, PASS)
        seen.append((p.view(drawn, 1), p.view(kept, 1)))
    assert seen[0] == seen[1]
    assert [p.describe(event, 1) for event in seen[0][1].history] == [
        "Anna draws a card.", "Anna keeps the drawn card."
    ]


# ------------------------------------------------------------------ special cards


def test_a_joker_makes_the_next_player_take_five_or_play_a_joker_which_adds_five() -> None:
    state = table("JK 3C 4C", "JK 5D 6D", "7S 8S", top="5H", stock="AC 2C 3D 4D 5S 6S 7D")
    after = p.apply(state, play("JK"))
    assert after.stack == 5 and after.current == 1
    assert set(p.shortlist(after)) == {play("JK"), *(Take(s) for s in SUITS)}
    answered = p.apply(after, play("JK"))
    assert answered.stack == 10 and answered.current == 2
    assert p.view(answered, 2).stack_kind == "joker"


def test_the_taker_of_a_joker_stack_names_the_suit_and_does_not_play() -> None:
    state = table("3C 4C", "7S 8S", "9D", top="JK", stack=10, current=1,
                  stock="AC 2C 3D 4D 5S 6S 7D 8D 9C TD KD")
    with pytest.raises(IllegalMove, match="Name a suit"):
        p.apply(state, TAKE)
    with pytest.raises(IllegalMove, match="joker"):
        p.apply(state, play("7S"))
    after = p.apply(state, Take(CLUBS))
    assert len(after.hands[1]) == 12
    assert after.suit is CLUBS and after.stack == 0
    assert after.current == 2
    assert single_plays(after) == set()  # 9♦ does not go on a joker that named clubs


def test_a_two_makes_the_next_player_take_two_who_then_does_not_play() -> None:
    state = table("2S 9C 8C", "3H 4H", "5C", top="7S", stock="KD QD JD")
    after = p.apply(state, play("2S"))
    assert after.stack == 2 and after.current == 1
    assert texts(state, after) == ["Anna plays 2♠ — Bram must take 2 or answer"]
    assert p.legal_moves(after) == (TAKE,)
    taken = p.apply(after, TAKE)
    assert len(taken.hands[1]) == 4 and taken.current == 2 and taken.stack == 0
    assert taken.top == card("2S")


def test_a_two_stack_escalates_with_the_next_rank_of_the_top_suit() -> None:
    state = table("2H 4H", "3H 4C", "4S 9S", top="2S", stack=2)
    assert single_plays(state) == {"2H"}  # 4♥ is no answer to a 2
    state = p.apply(state, play("2H"))
    assert state.stack == 4
    assert single_plays(state) == {"3H"}
    state = p.apply(state, play("3H"))
    assert state.stack == 7
    assert single_plays(state) == set()  # 4♠ and 9♠: neither a 3 nor the 4♥
    assert p.legal_moves(state) == (TAKE,)
    state = dataclasses.replace(state, hands=(cards("4H 9C"), cards("3C"), cards("3D 4S")))
    assert single_plays(state) == {"3D"}  # another 3 answers too


def test_a_two_stack_adds_the_value_of_each_answer() -> None:
    state = table("4H 7C", "4S 8D", "4D 9H", top="3H", stack=5)
    state = p.apply(state, play("4H"))
    assert state.stack == 9
    state = p.apply(state, play("4S"))
    assert state.stack == 13
    state = p.apply(state, play("4D"))
    assert state.stack == 17


def test_escalation_ends_at_the_king() -> None:
    state = table("KD AS QS 9C", "2D", top="KS", stack=20)
    assert single_plays(state) == {"KD"}


def test_no_joker_may_be_played_on_a_two_stack() -> None:
    state = table("JK 5C", "2D", top="2S", stack=2)
    assert p.legal_moves(state) == (TAKE,)
    with pytest.raises(IllegalMove, match="No joker"):
        p.apply(state, play("JK"))


def test_answers_on_a_two_stack_have_no_other_effect() -> None:
    state = table("7H 9C", "8S 9D", "5C", top="6H", stack=20)
    after = p.apply(state, play("7H"))
    assert after.current == 1 and not after.series and after.stack == 27
    kings = table("KH 9C", "8S 9D", "5C", top="KS", stack=13)
    reversed_ = p.apply(kings, play("KH"))
    assert reversed_.direction == 1 and reversed_.current == 1


def test_a_seven_gives_the_same_player_another_turn_and_then_a_draw_if_stuck() -> None:
    state = table("7H 3C 4C", "9D", top="5H", stock="AS 8D")
    after = p.apply(state, play("7H"))
    assert after.current == 0 and after.series
    assert p.legal_moves(after) == (DRAW,)
    drawn = p.apply(after, DRAW)
    assert p.legal_moves(drawn) == (PASS,)
    kept = p.apply(drawn, PASS)
    assert kept.current == 1 and not kept.series
    assert kept.hands[0] == cards("3C 4C AS")


def test_an_eight_skips_the_next_player() -> None:
    state = table("8H 3C", "9D", "5S", "6S", top="5H")
    after = p.apply(state, play("8H"))
    assert after.current == 2
    assert "Bram is skipped" in texts(state, after)[0]


def test_a_ten_gives_the_turn_to_the_player_before_and_play_carries_on_from_them() -> None:
    state = table("9H 9C", "TH 3C", "5S", "6S", top="5H", current=1)
    after = p.apply(state, play("TH"))
    assert after.current == 0 and after.direction == 1
    later = p.apply(after, play("9H"))
    assert later.current == 1


def test_a_ten_going_anticlockwise_passes_back_the_other_way() -> None:
    state = table("9D 9C", "TH 3C", "5S", "6S", top="5H", current=1, direction=-1)
    after = p.apply(state, play("TH"))
    assert after.current == 2 and after.direction == -1


def test_a_jack_names_a_suit() -> None:
    state = table("JC 3C", "9D", top="5C")
    with pytest.raises(IllegalMove, match="Name a suit"):
        p.apply(state, play("JC"))
    moves = {move for move in p.legal_moves(state) if isinstance(move, Play)}
    assert {move.suit for move in moves if move.cards == cards("JC")} == set(SUITS)
    after = p.apply(state, play("JC", suit=DIAMONDS))
    assert after.suit is DIAMONDS
    assert "Anna plays J♣ and names ♦" in texts(state, after)[0]
    with pytest.raises(IllegalMove, match="Only a jack"):
        p.apply(state, play("3C", suit=DIAMONDS))


def test_a_king_reverses_the_direction() -> None:
    state = table("9D", "KH 3C", "5S", "6S", top="5H", current=1)
    after = p.apply(state, play("KH"))
    assert after.direction == -1 and after.current == 0


# ------------------------------------------------------------------ sets


def test_three_of_a_rank_make_a_set_and_only_the_last_card_counts() -> None:
    state = table("6D 6S 6H 2C", "9D", "5S", top="9D")
    after = p.apply(state, play("6D", "6S", "6H", last=True))
    assert after.hands[0] == cards("2C")
    assert after.top == card("6H") and after.current == 1
    eights = table("8D 8S 8H 2C", "9D", "5S", top="9D")
    skipped = p.apply(eights, play("8D", "8S", "8H", last=True))
    assert skipped.current == 2  # one skip, not three


def test_a_run_of_one_suit_may_go_up_or_down_and_only_its_last_card_counts() -> None:
    state = table("9S 8S 7S 2C", "9D", top="5S")
    down = p.apply(state, play("9S", "8S", "7S", last=True))
    assert down.current == 0 and down.series  # ends on a 7: another turn
    up = p.apply(table("7S 8S 9S 2C", "9D", "4D", top="5S"), play("7S", "8S", "9S", last=True))
    assert up.current == 1 and not up.series
    with pytest.raises(IllegalMove, match="not a set"):
        p.apply(state, play("9S", "7S", "8S"))


def test_the_ace_is_low_or_high_in_a_run_but_never_wraps() -> None:
    low = table("AH 2H 3H 9C", "9D", top="5H")
    assert p.is_legal(low, play("AH", "2H", "3H"))
    assert p.is_legal(low, play("3H", "2H", "AH"))
    high = table("QH KH AH 9C", "9D", top="5H")
    assert p.is_legal(high, play("QH", "KH", "AH"))
    assert p.is_legal(high, play("AH", "KH", "QH"))
    wrap = table("KH AH 2H 9C", "9D", top="5H")
    assert not p.is_legal(wrap, play("KH", "AH", "2H"))
    assert "not a set" in (p.why_illegal(wrap, play("KH", "AH", "2H")) or "")


def test_two_cards_may_be_played_when_they_make_a_set_with_the_top_card() -> None:
    state = table("6D 6S 7C 8C 5C 4C 9H", "9D", top="6C")
    for pair in (("6D", "6S"), ("7C", "8C"), ("5C", "4C")):
        assert p.is_legal(state, play(*pair)), pair
        assert play(*pair) in p.legal_moves(state)
    assert not p.is_legal(state, play("8C", "7C"))  # 6-8-7 is not a run
    assert not p.is_legal(state, play("6D", "9H"))
    after = p.apply(state, play("7C", "8C"))
    assert after.current == 0  # the 8 at the end skips Bram, so Anna plays again


def test_the_first_card_of_a_set_must_fit_on_the_top_card() -> None:
    state = table("9C 9H 9D 2S", "9D", top="5H")
    assert p.is_legal(state, play("9H", "9C", "9D"))
    problem = p.why_illegal(state, play("9C", "9H", "9D"))
    assert problem is not None and "9♣ does not go on 5♥" in problem


def test_sets_are_listed_in_play_order_and_any_other_order_is_accepted() -> None:
    state = table("4C 4D 4S 4H 9C", "9D", top="4H")
    listed = [
        m for m in p.legal_moves(state) if isinstance(m, Play) and len(m.cards) == 4 and m.last_card
    ]
    firsts_lasts = {(m.cards[0], m.cards[-1]) for m in listed}
    assert len(listed) == len(firsts_lasts) == 12  # every first card and last card once
    assert p.is_legal(state, play("4S", "4H", "4C", "4D"))
    assert p.is_legal(state, play("4S", "4C", "4H", "4D"))


def test_on_a_two_stack_a_set_counts_only_its_last_card() -> None:
    state = table("2H 2D 2C 9S", "9D", top="2S", stack=2)
    after = p.apply(state, play("2H", "2D", "2C", last=True))
    assert after.stack == 4
    run = table("3S 4S 5S 9C", "9D", top="2S", stack=2)
    escalated = p.apply(run, play("3S", "4S", "5S", last=True))
    assert escalated.stack == 7 and escalated.current == 1
    assert not p.is_legal(run, play("5S", "4S", "3S"))


def test_duplicate_cards_from_several_packs_are_listed_once() -> None:
    state = table("6D 6D 6S 9C", "9D", top="6C")
    singles = [m for m in p.shortlist(state) if isinstance(m, Play) and len(m.cards) == 1]
    assert len(singles) == len(set(singles)) == 3  # 6♦, 6♠ and 9♣, each once
    moves = p.legal_moves(state)
    assert len(moves) == len(set(moves))
    assert play("6D", "6D") in moves and play("6D", "6S", "6D") in moves


def test_a_play_beyond_the_cpus_cap_is_listed_and_offered_card_by_card() -> None:
    base = p.new_game(p.Config(players=2, packs=4, seed=1))
    hand = cards("6C 6C 6C 6C 6D 6D 6D 6D 6S 6S 7C 8C")
    state = dataclasses.replace(
        base, hands=(hand, base.hands[1]), pile=cards("6H"), current=0
    )
    listed = {move.cards for move in p.legal_moves(state) if isinstance(move, Play)}
    short = {move.cards for move in p.shortlist(state) if isinstance(move, Play)}
    run = cards("6C 7C 8C")
    assert run in listed  # every legal play is listed
    assert run not in short  # the CPUs weigh at most SET_CAP sets
    assert len({cards for cards in short if len(cards) > 1}) == p.SET_CAP
    view = p.view(state, 0)
    assert p.is_legal(state, Play(run))
    assert p.starts_a_play(view, run[:1]) and p.starts_a_play(view, run[:2])
    assert p.starts_a_play(view, run)
    assert not p.starts_a_play(view, cards("6C 8C"))  # a run goes in order
    assert not p.starts_a_play(view, cards("7C 8C 6C"))


def test_a_start_of_a_play_needs_the_cards_in_hand_and_the_turn() -> None:
    state = table("6D 6S 7C 9H", "9D 3S", top="6C")
    view = p.view(state, 0)
    assert p.starts_a_play(view, cards("6D 6S"))  # a set together with the top card
    assert p.starts_a_play(view, cards("7C"))
    assert not p.starts_a_play(view, cards("7C 6D"))
    assert not p.starts_a_play(view, cards("6D 6D"))  # only one 6♦ in the hand
    assert not p.starts_a_play(view, cards("9H"))
    assert not p.starts_a_play(p.view(state, 1), cards("9D"))  # not Bram's turn
    drawn = p.apply(table("3C 4C", "2D", top="5H", stock="9H"), DRAW)
    assert p.starts_a_play(p.view(drawn, 0), cards("9H"))
    assert not p.starts_a_play(p.view(drawn, 0), cards("3C"))


# ------------------------------------------------------------------ last card


def test_a_play_that_leaves_one_card_must_call_last_card() -> None:
    state = table("5H 9C", "9D 3S", top="5C", stock="KD QD JD")
    called = p.apply(state, play("5H", last=True))
    assert called.hands[0] == cards("9C")
    assert texts(state, called)[-1] == "Anna: last card!"
    forgot = p.apply(state, play("5H"))
    assert len(forgot.hands[0]) == 3
    assert forgot.top == card("5H") and forgot.current == 1
    assert "forgot to call last card" in texts(state, forgot)[-1]


def test_forgetting_in_a_series_takes_the_card_back_adds_two_and_ends_the_turn() -> None:
    state = table("7H 9H 3C", "9D 3S", top="5H", stock="KD QD JD")
    series = p.apply(state, play("7H"))
    assert series.series and series.current == 0
    forgot = p.apply(series, play("9H"))
    assert forgot.top == card("7H")
    assert sorted(map(str, forgot.hands[0])) == sorted(["9H", "3C", "KD", "QD"])
    assert forgot.current == 1 and not forgot.series
    called = p.apply(series, play("9H", last=True))
    assert called.hands[0] == cards("3C") and called.top == card("9H")


def test_forgetting_on_a_set_takes_its_last_card_back_without_effect_and_ends_the_turn() -> None:
    # 8♣ would skip Bram; taken back, it does nothing and Bram is next.
    state = table("6C 7C 8C 3D", "9D 3S", "4S", top="6H", stock="KD QD JD")
    forgot = p.apply(state, play("6C", "7C", "8C"))
    assert forgot.pile[-2:] == cards("6C 7C")
    assert sorted(map(str, forgot.hands[0])) == sorted(["3D", "8C", "KD", "QD"])
    assert forgot.current == 1 and not forgot.series and forgot.stack == 0
    assert texts(state, forgot)[-1] == (
        "Anna forgot to call last card: 8♣ goes back, Anna takes 2 and the turn ends."
    )


def test_forgetting_on_a_two_card_set_keeps_the_first_card_on_the_pile() -> None:
    state = table("6D 6S 3D", "9D 3S", top="6C", stock="KD QD JD")
    forgot = p.apply(state, play("6D", "6S"))
    assert forgot.top == card("6D") and card("6S") in forgot.hands[0]
    assert len(forgot.hands[0]) == 4 and forgot.current == 1


def test_forgetting_on_a_set_that_answers_a_stack_leaves_the_stack_as_it_was() -> None:
    state = table("2H 2D 2C 3D", "9D 3S", top="2S", stack=2, stock="KD QD JD")
    forgot = p.apply(state, play("2H", "2D", "2C"))
    assert forgot.pile[-2:] == cards("2H 2D") and card("2C") in forgot.hands[0]
    assert forgot.stack == 2 and forgot.current == 1


def test_forgetting_on_a_seven_takes_it_back_and_the_turn_ends_without_another_go() -> None:
    state = table("7H 3C", "9D 3S", top="5H", stock="KD QD JD", suit=HEARTS)
    forgot = p.apply(state, play("7H"))
    assert forgot.top == card("5H") and forgot.suit is HEARTS  # the pile is as it was
    assert sorted(map(str, forgot.hands[0])) == sorted(["7H", "3C", "KD", "QD"])
    assert forgot.current == 1 and not forgot.series
    called = p.apply(state, play("7H", last=True))
    assert called.current == 0 and called.series and called.hands[0] == cards("3C")


def test_a_single_card_that_is_no_seven_keeps_its_effect_when_last_card_is_forgotten() -> None:
    state = table("8H 3C", "9D 3S", "4S", top="5H", stock="KD QD JD")
    forgot = p.apply(state, play("8H"))
    assert forgot.top == card("8H") and forgot.current == 2  # Bram is still skipped
    assert len(forgot.hands[0]) == 3


def test_calling_last_card_falsely_costs_two_cards() -> None:
    state = table("5H 9C 8C", "9D 3S", top="5C", stock="KD QD JD")
    assert play("5H", last=True) in p.legal_moves(state)  # a choice, though a costly one
    assert play("5H", last=True) not in p.shortlist(state)  # no CPU makes it
    after = p.apply(state, play("5H", last=True))
    assert len(after.hands[0]) == 4
    assert "falsely" in texts(state, after)[-1]


def test_going_out_wins_whatever_was_called() -> None:
    state = table("5H", "9D 3S", top="5C")
    for last in (False, True):
        after = p.apply(state, play("5H", last=last))
        assert after.winner == 0 and after.phase is Phase.OVER
        assert after.wins == (1, 0)


# ------------------------------------------------------------------ running out


def test_going_out_with_a_jack_wins_at_once_without_naming_a_suit() -> None:
    state = table("JH", "9D 3S", top="5H")
    assert p.legal_moves(state) == (play("JH"), play("JH", last=True))
    won = p.apply(state, play("JH"))
    assert won.phase is Phase.OVER and won.winner == 0 and won.suit is None
    with pytest.raises(IllegalMove, match="no suit is named"):
        p.apply(state, play("JH", suit=SPADES))
    jacks = table("JH JS JD", "9D 3S", top="5H")
    assert play("JH", "JS", "JD") in p.legal_moves(jacks)
    assert p.apply(jacks, play("JH", "JS", "JD")).winner == 0


def test_an_empty_stock_is_refilled_from_the_pile_under_its_top_card() -> None:
    state = table("3C 4C", "9D", top="5H", below="9S 8S 7S 6S")
    after = p.apply(state, DRAW)
    assert after.top == card("5H") and len(after.pile) == 1
    assert len(after.stock) == 3
    everything = sorted(map(str, after.stock + after.hands[0]))
    assert everything == sorted(["3C", "4C", "9S", "8S", "7S", "6S"])
    assert any("shuffled into a new stock" in line for line in texts(state, after))


def test_a_reshuffle_into_a_single_card_says_1_card() -> None:
    state = table("3C 4C", "9D", top="5H", below="9S")
    after = p.apply(state, DRAW)
    assert "The pile is shuffled into a new stock of 1 card." in texts(state, after)


def test_the_reshuffle_comes_from_the_game_seed() -> None:
    state = table("3C 4C", "9D", top="5H", below="9S 8S 7S 6S 5S 4S")
    assert p.apply(state, DRAW) == p.apply(state, DRAW)
    stocks = {p.apply(dataclasses.replace(state, seed=s), DRAW).stock for s in range(10)}
    assert len(stocks) > 1


def test_with_stock_and_pile_used_up_a_player_takes_what_there_is() -> None:
    nothing = table("3C 4C", "9D", top="5H")
    after = p.apply(nothing, DRAW)
    assert after.hands[0] == cards("3C 4C") and after.current == 1
    stack = table("3C", "9D", top="2H", below="8H", stack=6, current=1)
    taken = p.apply(stack, TAKE)
    assert sorted(map(str, taken.hands[1])) == ["8H", "9D"]
    assert taken.stack == 0 and taken.current == 0
    assert "only 1 of 6" in texts(stack, taken)[-1]


def test_a_round_where_nobody_can_play_or_draw_ends_with_the_fewest_cards_winning() -> None:
    state = table("3C 4C", "9D", "KS QS 2D", top="5H")
    for _ in range(3):
        assert p.legal_moves(state) == (DRAW,)
        state = p.apply(state, DRAW)
    assert state.phase is Phase.OVER and state.winner == 1
    outcome = p.outcome(state)
    assert outcome == Outcome(
        (1,), ("lost", "won", "lost"),
        "Nobody can play and nothing is left to draw: Bram wins round 1 with the fewest cards.",
    )
    assert p.round_blocked(state) and p.round_blocked(p.view(state, 0))
    assert p.describe(state.history[-1], 0) == outcome.sentence  # the history says it so
    assert p.view(state, 0).to_move is None  # nobody moves once the round is over
    assert p.legal_moves(state) == ()


# ------------------------------------------------------------------ winning


def test_the_first_player_without_cards_wins_and_new_rounds_keep_seats_and_count_wins() -> None:
    state = table("5H", "9D 3S", "4C", top="5C", current=0)
    over = p.apply(state, play("5H"))
    outcome = p.outcome(over)
    assert outcome == Outcome((0,), ("won", "lost", "lost"), "Anna wins round 1!")
    assert not p.round_blocked(over)
    assert "Anna plays 5♥ and wins round 1!" in texts(state, over)
    with pytest.raises(IllegalMove, match="round is over"):
        p.apply(over, DRAW)
    with pytest.raises(IllegalMove, match="still being played"):
        p.next_round(state)
    second = p.next_round(over)
    assert second.round == 2 and second.wins == (1, 0, 0)
    assert second.names == over.names and second.dealer == 1 and second.current == 2
    assert p.outcome(second) is None
    assert [len(hand) for hand in second.hands] == [7, 7, 7]


# ------------------------------------------------------------------ engine surface


def test_a_view_shows_only_its_own_hand_and_the_public_facts() -> None:
    state = table("5H 9C", "9D 3S 4S", top="5C", stock="KD QD", suit=None)
    seen = p.view(state, 1)
    assert seen.hand == cards("9D 3S 4S")
    assert seen.hand_counts == (2, 3)
    assert seen.top == card("5C") and seen.stock_count == 2
    assert seen.to_move == 0 and seen.seat == 1
    assert seen.legal == ()  # not Bram's turn
    assert p.view(state, 0).legal == p.legal_moves(state)
    assert "HEARTS" not in repr(seen)  # Anna's 5♥ appears nowhere in Bram's view
    with pytest.raises(ValueError, match="no seat"):
        p.view(state, 2)


def test_a_drawn_card_is_shown_to_its_owner_only() -> None:
    state = p.apply(table("3C 4C", "9D", top="5H", stock="9H"), DRAW)
    assert p.view(state, 0).drawn == card("9H")
    assert p.view(state, 1).drawn is None
    assert all("9♥" not in p.describe(event, 1) for event in state.history)


def test_moves_read_like_the_notation() -> None:
    assert str(play("7H", "7S", "7D", last=True)) == "play 7♥ 7♠ 7♦ !last"
    assert str(play("JC", suit=HEARTS)) == "play J♣ name ♥"
    assert str(Take(SPADES)) == "take, name ♠"
    assert str(TAKE) == "take" and str(DRAW) == "draw" and str(PASS) == "pass"
    assert str(play("JK")) == "play JK"


def test_a_state_survives_json_and_bad_saves_are_refused_with_a_sentence() -> None:
    state = p.new_game(p.Config(players=3, packs=2, seed=4, names=NAMES[:3]))
    for _ in range(12):
        state = p.apply(state, p.legal_moves(state)[-1])
    data = json.loads(json.dumps(p.to_json(state)))
    assert p.from_json(data) == state
    with pytest.raises(SaveFormatError, match="not a Pesten"):
        p.from_json(json.dumps(data))  # type: ignore[arg-type]  # text is parsed by its reader
    broken = dict(data, hands=[["7H", "ZZ"], [], []])
    with pytest.raises(SaveFormatError, match="not a card"):
        p.from_json(broken)
    with pytest.raises(SaveFormatError, match="not a Pesten"):
        p.from_json(dict(data, game="yukon"))
    with pytest.raises(SaveFormatError, match="version 2"):
        p.from_json(dict(data, version=2))
    with pytest.raises(SaveFormatError, match="'kind' in a history entry"):
        p.from_json(dict(data, history=[{"seat": None, "text": "", "cards": []}]))
    with pytest.raises(SaveFormatError, match="no 'stock'"):
        p.from_json({k: v for k, v in data.items() if k != "stock"})


def test_a_save_where_a_player_has_no_cards_but_the_round_runs_on_is_refused() -> None:
    data = p.to_json(p.new_game(p.Config(players=3, seed=5)))
    hands = data["hands"]
    assert isinstance(hands, list) and isinstance(data["stock"], list)
    data["stock"] += hands[1]
    hands[1] = []
    with pytest.raises(SaveFormatError, match="without cards has won"):
        p.from_json(data)
