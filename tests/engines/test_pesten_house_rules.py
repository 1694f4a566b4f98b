"""The Pesten house-rule switches, each in both settings, on constructed positions through
the public engine API. Each test names the paragraph of "House rules" in
docs/rules/pesten.md it checks.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from pesten_positions import HEARTS
from pesten_positions import SPADES
from pesten_positions import card
from pesten_positions import cards
from pesten_positions import play
from pesten_positions import table
from pesten_positions import texts

from tableau.cards import SUITS
from tableau.cards import AnyCard
from tableau.cards import Card
from tableau.engines import IllegalMove
from tableau.engines import pesten as p
from tableau.engines.pesten import Phase
from tableau.engines.pesten import Play
from tableau.engines.pesten._fast import _CANON as CANON

STOCK = "3C 4C 5C 9D TD QD 3D 4D"


def listed(state: p.State, faces: str, suit: object = None, last: bool = False) -> bool:
    """Whether legal_moves lists exactly this play (these cards in this order)."""
    wanted = cards(faces)
    return any(
        isinstance(move, Play) and move.cards == wanted and move.suit == suit
        and move.last_card == last
        for move in p.legal_moves(state)
    )


def hand_codes(state: p.State, seat: int) -> Counter[str]:
    return Counter(c.code for c in state.hands[seat])


# ------------------------------------------------------------------ forgot_penalty


@pytest.mark.parametrize("penalty", [2, 5])
def test_a_forgotten_call_costs_the_house_penalty_in_the_plain_branch(penalty: int) -> None:
    state = table("5H 9C", "KC KD", top="5S", stock=STOCK, forgot_penalty=penalty)
    after = p.apply(state, play("5H"))
    assert len(after.hands[0]) == 1 + penalty
    assert after.top == card("5H")
    assert f"Anna forgot to call last card and takes {penalty}." in texts(state, after)


@pytest.mark.parametrize("penalty", [2, 5])
def test_a_forgotten_call_in_a_series_costs_the_house_penalty(penalty: int) -> None:
    state = table("7H 9C", "KC KD", top="7S", stock=STOCK, forgot_penalty=penalty)
    after = p.apply(state, play("7H"))
    assert len(after.hands[0]) == 2 + penalty  # the 7 went back
    assert after.top == card("7S") and after.current == 1
    assert texts(state, after)[-1] == (
        f"Anna forgot to call last card: 7♥ goes back, Anna takes {penalty} and the turn ends."
    )


@pytest.mark.parametrize("penalty", [2, 5])
def test_a_false_call_always_costs_two(penalty: int) -> None:
    state = table("5H 9C 3D", "KC KD", top="5S", stock=STOCK, forgot_penalty=penalty)
    after = p.apply(state, play("5H", last=True))
    assert len(after.hands[0]) == 2 + p.PENALTY
    assert "Anna called last card falsely and takes 2." in texts(state, after)


def test_forgot_penalty_other_than_2_or_5_is_refused_with_a_sentence() -> None:
    with pytest.raises(ValueError, match="2 or 5 cards"):
        p.Config(forgot_penalty=3)


# ------------------------------------------------------------------ sets_are_series


def test_with_sets_as_series_a_forgotten_call_after_a_set_takes_the_last_card_back() -> None:
    state = table("8H 8D 8C 9S", "KC KD", "QC QD", top="8S", stock=STOCK)
    after = p.apply(state, play("8H", "8D", "8C"))
    assert hand_codes(after, 0) == Counter(["9S", "8C", "3C", "4C"])
    assert after.top == card("8D")  # the rest of the set stays, without effect
    assert after.current == 1  # no skip: the 8 went back


def test_without_sets_as_series_a_forgotten_call_after_a_set_keeps_the_set_and_its_effect(
) -> None:
    state = table("8H 8D 8C 9S", "KC KD", "QC QD", top="8S", stock=STOCK,
                  sets_are_series=False)
    after = p.apply(state, play("8H", "8D", "8C"))
    assert hand_codes(after, 0) == Counter(["9S", "3C", "4C"])
    assert after.top == card("8C")
    assert after.current == 2  # the 8 skipped Bram
    assert texts(state, after)[-1] == "Anna forgot to call last card and takes 2."


def test_without_sets_as_series_the_forgotten_penalty_is_the_house_one() -> None:
    state = table("6H 6D 6C 9S", "KC KD", top="6S", stock=STOCK, sets_are_series=False,
                  forgot_penalty=5)
    after = p.apply(state, play("6H", "6D", "6C"))
    assert len(after.hands[0]) == 1 + 5 and after.top == card("6C")


@pytest.mark.parametrize("sets_are_series", [True, False])
def test_a_seven_and_the_turn_after_a_seven_stay_a_series_either_way(
    sets_are_series: bool,
) -> None:
    # A single 7 that would give another turn.
    state = table("7H 9C", "KC KD", top="7S", stock=STOCK, sets_are_series=sets_are_series)
    after = p.apply(state, play("7H"))
    assert after.top == card("7S") and len(after.hands[0]) == 4
    # A set that ends on a 7.
    state = table("5H 6H 7H 9C", "KC KD", top="4H", stock=STOCK,
                  sets_are_series=sets_are_series)
    after = p.apply(state, play("5H", "6H", "7H"))
    assert after.top == card("6H") and "7H" in hand_codes(after, 0)
    # A single card in the turn after a 7.
    state = table("5H 9C", "KC KD", top="7H", stock=STOCK, series=True,
                  sets_are_series=sets_are_series)
    after = p.apply(state, play("5H"))
    assert after.top == card("7H") and "5H" in hand_codes(after, 0)


# ------------------------------------------------------------------ wrap_runs


@pytest.mark.parametrize("wrap", [False, True])
def test_a_run_round_the_corner_is_a_set_only_with_wrap_runs(wrap: bool) -> None:
    state = table("KH AH 2H 9C", "KC KD", top="5H", stock=STOCK, wrap_runs=wrap)
    for faces in ("KH AH 2H", "2H AH KH"):
        move = play(*faces.split())
        assert p.is_legal(state, move) is wrap
        assert listed(state, faces) is wrap
    if not wrap:
        assert p.why_illegal(state, play("KH", "AH", "2H")) == (
            "K♥ A♥ 2♥ is not a set: play 3 or more of one rank, or 3 or more in a row of one "
            "suit."
        )
    else:
        after = p.apply(state, play("2H", "AH", "KH", last=True))
        assert after.top == card("KH") and after.direction == -1  # the king's effect


@pytest.mark.parametrize("wrap", [False, True])
def test_ace_high_and_ace_low_runs_are_sets_either_way(wrap: bool) -> None:
    state = table("QH KH AH 2H 3H 9C", "KC KD", top="5H", stock=STOCK, wrap_runs=wrap)
    assert listed(state, "QH KH AH") and listed(state, "AH 2H 3H")
    assert listed(state, "QH KH AH 2H 3H") is wrap
    assert listed(state, "3H 2H AH KH QH") is wrap
    assert p.is_legal(state, play("KH", "AH", "2H", "3H")) is wrap


@pytest.mark.parametrize("wrap", [False, True])
def test_two_cards_round_the_corner_with_the_top_card_need_wrap_runs(wrap: bool) -> None:
    state = table("AH 2H 9C", "KC KD", top="KH", stock=STOCK, wrap_runs=wrap)
    assert p.is_legal(state, play("AH", "2H")) is wrap and listed(state, "AH 2H") is wrap
    state = table("AH KH 9C", "KC KD", top="2H", stock=STOCK, wrap_runs=wrap)
    assert p.is_legal(state, play("AH", "KH")) is wrap and listed(state, "AH KH") is wrap
    state = table("KH QH 2H 3H 9C", "KC KD", top="AH", stock=STOCK, wrap_runs=wrap)
    assert listed(state, "KH QH") and listed(state, "2H 3H")  # the ace is high and low


@pytest.mark.parametrize("wrap", [False, True])
def test_the_screen_lights_a_run_round_the_corner_only_with_wrap_runs(wrap: bool) -> None:
    state = table("KH AH 2H 9C", "KC KD", top="5H", stock=STOCK, wrap_runs=wrap)
    seen = p.view(state, 0)
    assert p.starts_a_play(seen, cards("KH AH")) is wrap
    assert p.starts_a_play(seen, cards("KH"))


def test_a_stack_does_not_wrap_from_king_to_ace() -> None:
    state = table("AS 2S KH 9C", "KC KD", top="KS", stack=8, stock=STOCK, wrap_runs=True)
    assert not p.is_legal(state, play("AS", "2S")) and not listed(state, "AS 2S")
    assert listed(state, "KH") and not listed(state, "AS")


def test_a_run_never_holds_the_same_ace_twice() -> None:
    # All thirteen hearts: A..K is a run, and A..K..A would need a second ace.
    hearts = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    state = table(hearts + " 9C", "KC KD", top="5D", stock=STOCK)
    assert p.legal_moves(state)  # nothing listed may fail to apply
    for move in p.legal_moves(state):
        p.apply(state, move)


# ------------------------------------------------------------------ either_order


@pytest.mark.parametrize("either", [False, True])
def test_two_cards_with_the_top_card_may_come_in_either_order_only_with_the_switch(
    either: bool,
) -> None:
    state = table("8H 7H 9C 4C", "KC KD", "QC QD", top="6H", stock=STOCK, either_order=either)
    assert listed(state, "7H 8H")
    assert listed(state, "8H 7H") is either
    assert p.is_legal(state, play("8H", "7H")) is either
    assert p.starts_a_play(p.view(state, 0), cards("8H 7H")) is either
    if either:
        # The last card played takes effect: the 7 gives another turn, the 8 skips.
        again = p.apply(state, play("8H", "7H"))
        assert again.top == card("7H") and again.current == 0 and again.series
        skipped = p.apply(state, play("7H", "8H"))
        assert skipped.top == card("8H") and skipped.current == 2
    else:
        assert p.why_illegal(state, play("8H", "7H")) == (
            "Two cards are only a set together with the top card: three of one rank, or "
            "three in a row of one suit."
        )


@pytest.mark.parametrize("either", [False, True])
def test_in_either_order_the_first_card_must_still_fit(either: bool) -> None:
    # On a 2-stack 4S does not answer 2S, so only 3S 4S may be played.
    state = table("4S 3S 9C", "KC KD", top="2S", stack=2, stock=STOCK, either_order=either)
    assert p.is_legal(state, play("3S", "4S"))
    assert not p.is_legal(state, play("4S", "3S"))
    assert not listed(state, "4S 3S")
    # After a jack that named clubs, 7H 6H on 5H is no play at all.
    state = table("7H 6H 9D", "KC KD", top="JH", suit=SUITS[0], stock=STOCK,
                  either_order=either)
    assert not p.is_legal(state, play("7H", "6H"))


def test_either_order_and_wrap_runs_together() -> None:
    state = table("2H AH 9C", "KC KD", top="KH", stock=STOCK, either_order=True,
                  wrap_runs=True)
    assert listed(state, "AH 2H") and listed(state, "2H AH")


# ------------------------------------------------------------------ special_finish


def test_the_specials_are_two_seven_eight_ten_jack_king_and_the_joker() -> None:
    specials = {c.rank.letter for c in CANON if isinstance(c, Card) and p.is_special(c)}
    assert specials == {"2", "7", "8", "T", "J", "K"}
    assert p.is_special(card("JK")) and not p.is_special(card("5H"))


@pytest.mark.parametrize("special_finish", [True, False])
def test_going_out_on_a_special_card_wins_only_when_the_house_allows_it(
    special_finish: bool,
) -> None:
    state = table("8H", "KC KD", "QC QD", top="8S", stock=STOCK,
                  special_finish=special_finish)
    assert listed(state, "8H")  # listed either way: legal, only costly
    after = p.apply(state, play("8H"))
    if special_finish:
        assert after.phase is Phase.OVER and after.winner == 0
        return
    assert after.phase is Phase.PLAY and after.winner is None
    assert after.top == card("8H") and after.current == 2  # the 8 still skips
    assert len(after.hands[0]) == p.SPECIAL_FINISH_PENALTY
    assert texts(state, after)[-1] == (
        "Anna may not go out on a special card: Anna takes 5 and the round goes on."
    )


@pytest.mark.parametrize("special_finish", [True, False])
def test_going_out_on_an_ordinary_card_always_wins(special_finish: bool) -> None:
    state = table("6H 7H 8H", "KC KD", top="5H", stock=STOCK, special_finish=special_finish)
    after = p.apply(state, play("8H", "7H", "6H"))
    assert after.winner == 0
    # The same set ending on the 8 goes out on a special card.
    after = p.apply(state, play("6H", "7H", "8H"))
    assert (after.winner == 0) is special_finish


def test_going_out_on_a_jack_names_a_suit_when_it_does_not_win() -> None:
    state = table("JH", "KC KD", top="5H", stock=STOCK, special_finish=False)
    assert all(listed(state, "JH", suit) for suit in SUITS)
    assert not listed(state, "JH")
    assert p.why_illegal(state, play("JH")) == "Name a suit for your jack."
    after = p.apply(state, play("JH", suit=SPADES))
    assert after.suit is SPADES and after.current == 1 and len(after.hands[0]) == 5
    won = p.apply(table("JH", "KC KD", top="5H", stock=STOCK), play("JH"))
    assert won.winner == 0
    with pytest.raises(IllegalMove, match="no suit is named"):
        p.apply(table("JH", "KC KD", top="5H", stock=STOCK), play("JH", suit=HEARTS))


def test_going_out_on_a_seven_that_does_not_win_plays_again_with_the_penalty_cards() -> None:
    state = table("7H", "KC KD", top="5H", stock=STOCK, special_finish=False)
    after = p.apply(state, play("7H", last=True))  # the call changes nothing
    assert after.current == 0 and after.series and len(after.hands[0]) == 5
    assert not any("falsely" in line for line in texts(state, after))


def test_going_out_on_a_joker_that_does_not_win_starts_a_joker_stack() -> None:
    state = table("JK", "KC KD", top="5H", stock=STOCK, special_finish=False)
    after = p.apply(state, play("JK"))
    assert after.stack == p.JOKER_TAKE and after.current == 1
    assert len(after.hands[0]) == 5 and after.winner is None


# ------------------------------------------------------------------ listing = rules


def accepted_plays(state: p.State) -> set[tuple[str, str, str, int]]:
    """Every play of 1 to 4 cards the rules accept (by why_illegal), as (cards, first, last,
    length), found by trying every order of every choice of cards."""
    hand = state.hands[state.current]
    found = set()
    for size in range(1, 5):
        for chosen in itertools.permutations(hand, size):
            move = Play(tuple(chosen), None, False)
            if p.is_legal(state, move) or p.is_legal(state, Play(move.cards, SUITS[0])):
                found.add(signature(chosen))
    return found


def signature(chosen: tuple[AnyCard, ...]) -> tuple[str, str, str, int]:
    return ("".join(sorted(c.code for c in chosen)), chosen[0].code, chosen[-1].code,
            len(chosen))


@pytest.mark.parametrize("wrap", [False, True])
@pytest.mark.parametrize("either", [False, True])
@pytest.mark.parametrize(("hand", "top", "stack"), [
    ("KH AH 2H 3H QH 5C 5D", "AS", 0),
    ("AH 2H QH KH 3D 4D", "KH", 0),
    ("2H AH QH 3H 4H 9C", "KH", 0),
    ("7H 6H 4H 3H 5D 5C", "5H", 0),
    ("3S 4S 2D 2C AS KS", "2S", 2),
])
def test_legal_moves_list_every_play_the_rules_accept_under_every_switch(
    wrap: bool, either: bool, hand: str, top: str, stack: int
) -> None:
    state = table(hand, "KC KD", top=top, stack=stack, stock=STOCK, wrap_runs=wrap,
                  either_order=either)
    listing = {signature(move.cards) for move in p.legal_moves(state)
               if isinstance(move, Play) and len(move.cards) <= 4}
    assert listing == accepted_plays(state)
    for move in p.legal_moves(state):
        assert p.is_legal(state, move)


# Runs and sets turn up often among few ranks of two suits; the top card may be any card.
near_cards = st.sampled_from([c for c in CANON if isinstance(c, Card)
                              and c.suit in SUITS[:2] and c.rank.letter in "A23QKJT"])


@settings(max_examples=60, deadline=None)
@given(hand=st.lists(near_cards, min_size=2, max_size=6, unique=True),
       top=st.sampled_from(CANON[:-1]), stack=st.booleans(),
       wrap=st.booleans(), either=st.booleans(), special_finish=st.booleans())
def test_legal_moves_list_every_accepted_play_of_random_hands(
    hand: list[AnyCard], top: AnyCard, stack: bool, wrap: bool, either: bool,
    special_finish: bool,
) -> None:
    if stack and not (isinstance(top, Card) and top.rank.letter != "A"):
        stack = False  # a stack lies on a 2 to a king
    state = table(" ".join(c.code for c in hand), "KC KD", top=top.code, stack=2 * stack,
                  stock=STOCK, wrap_runs=wrap, either_order=either,
                  special_finish=special_finish)
    listing = {signature(move.cards) for move in p.legal_moves(state)
               if isinstance(move, Play) and len(move.cards) <= 4}
    assert listing == accepted_plays(state)
