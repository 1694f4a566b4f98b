"""The Go Fish controls on their own (no Textual): which ask, cursor or note a key or click means.

The views come from the real engine, on tables built card by card.
"""

from __future__ import annotations

from tableau.cards import RANKS
from tableau.cards import Rank
from tableau.cards import parse_card
from tableau.cards import parse_cards
from tableau.engines import gofish as g
from tableau.engines.gofish import Ask
from tableau.ui.controls.gofish import RANK_KEYS
from tableau.ui.controls.gofish import Point
from tableau.ui.controls.gofish import Said
from tableau.ui.controls.gofish import Target
from tableau.ui.controls.gofish import activated
from tableau.ui.controls.gofish import choose_seat
from tableau.ui.controls.gofish import opponent_of
from tableau.ui.controls.gofish import pick_rank
from tableau.ui.controls.gofish import prompt
from tableau.ui.controls.gofish import step_target
from tableau.ui.controls.gofish import target_for

NAMES = ("You", "CPU 1", "CPU 2", "CPU 3")


def seen(*hands: str, turn: int = 0, books: tuple[str, ...] = ()) -> g.View:
    """Seat 0's view of a table mid-game; ``books`` gives each seat's books as rank letters."""
    booked = books or ("",) * len(hands)
    state = g.State(
        hands=tuple(g.sort_hand(parse_cards(hand)) for hand in hands),
        stock=parse_cards("5H 6H"),
        books=tuple(tuple(r for r in RANKS if r.letter in letters) for letters in booked),
        turn=turn,
        seed=0,
        history=(),
    )
    return g.view(state, 0)


def test_every_rank_has_a_key_and_lower_case_q_is_left_for_the_menu() -> None:
    assert set(RANK_KEYS.values()) == set(RANKS)
    assert "q" not in RANK_KEYS
    assert RANK_KEYS["0"] is RANK_KEYS["t"] is RANK_KEYS["T"] is Rank.TEN


def test_a_rank_key_points_at_the_first_card_of_that_rank() -> None:
    mine = seen("2C 7H 7S KD", "9C")
    assert pick_rank(mine, Rank.SEVEN) == Point(1)
    assert pick_rank(mine, Rank.KING) == Point(3)


def test_a_rank_key_for_a_rank_you_lack_is_refused_with_a_sentence() -> None:
    assert pick_rank(seen("2C 7H", "9C"), Rank.QUEEN) == Said(
        "You hold no queens; you may only ask for a rank you hold.", error=True)


def test_enter_or_one_click_on_a_card_asks_the_chosen_opponent_for_its_rank() -> None:
    card = parse_card("7H")
    assert activated(card, 1, target=2) == Ask(2, Rank.SEVEN)


def test_the_second_click_of_a_double_click_asks_nothing_and_neither_does_no_card() -> None:
    assert activated(parse_card("7H"), 2, target=1) is None
    assert activated(None, 1, target=1) is None


def test_the_arrows_step_round_the_opponents_who_hold_cards() -> None:
    mine = seen("7H", "9C", "", "4S")  # CPU 2 has no cards
    assert step_target(mine, 1, 1, NAMES) == Target(3)
    assert step_target(mine, 3, 1, NAMES) == Target(1)
    assert step_target(mine, 1, -1, NAMES) == Target(3)


def test_with_one_opponent_to_ask_the_arrows_say_so() -> None:
    assert step_target(seen("7H", "9C", ""), 1, 1, NAMES) == Said(
        "CPU 1 is the only player you can ask.")


def test_the_arrows_do_nothing_on_another_players_turn() -> None:
    assert step_target(seen("7H", "9C", "4S", turn=1), 1, 1, NAMES) is None


def test_the_chosen_opponent_moves_on_when_their_hand_empties() -> None:
    assert target_for(seen("7H", "", "4S"), 1) == 2
    assert target_for(seen("7H", "9C", "4S"), 2) == 2
    assert target_for(seen("7H", "", "4S", turn=2), 1) == 1  # not your turn: left alone


def test_a_click_on_an_opponent_names_their_seat_and_the_stock_names_none() -> None:
    assert opponent_of("seat-2") == 2
    assert opponent_of("stock") is None


def test_clicking_an_opponent_chooses_them_unless_they_hold_no_cards() -> None:
    mine = seen("7H", "9C", "")
    assert choose_seat(mine, 1, NAMES) == Target(1)
    assert choose_seat(mine, 2, NAMES) == Said("CPU 2 has no cards to ask for.", error=True)
    assert choose_seat(seen("7H", "9C", "4S", turn=2), 1, NAMES) is None


def test_the_prompt_says_what_enter_asks_and_whose_turn_it_is() -> None:
    two = seen("2C 7H", "9C", "4S")
    assert prompt(two, NAMES, 2, 1) == "Your turn · Enter: ask CPU 2 for 7s · ↑↓: whom"
    assert prompt(seen("2C 7H", "9C"), NAMES, 1, 0) == "Your turn · Enter: ask CPU 1 for 2s"
    assert prompt(seen("2C", "9C", "4S", turn=2), NAMES, 1, 0) == "CPU 2 is playing…"
    over = seen("", "", books=("A23456K", "789TJQ"))
    assert prompt(over, NAMES, 1, 0) == "Game over · n: new game"
