"""Go Fish rules on constructed positions, through the public engine API."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

import pytest

from tableau.cards import FULL_DECK
from tableau.cards import RANKS
from tableau.cards import Card
from tableau.cards import Rank
from tableau.cards import parse_cards
from tableau.engines import IllegalMove
from tableau.engines import SaveFormatError
from tableau.engines import gofish as g
from tableau.engines.gofish import Ask
from tableau.engines.gofish import Asked
from tableau.engines.gofish import Booked
from tableau.engines.gofish import Drew
from tableau.engines.gofish import SatOut
from tableau.engines.gofish import StockEmpty

SEVEN, TWO, KING = Rank.SEVEN, Rank.TWO, Rank.KING


def position(*hands: str, stock: str = "", books: tuple[str, ...] = (), turn: int = 0) -> g.State:
    """A table mid-game. ``books`` gives each seat's books as rank letters ("7K")."""
    booked = books or ("",) * len(hands)
    return g.State(
        hands=tuple(g.sort_hand(parse_cards(hand)) for hand in hands),
        stock=parse_cards(stock),
        books=tuple(tuple(r for r in RANKS if r.letter in letters) for letters in booked),
        turn=turn,
        seed=0,
        history=(),
    )


def new_events(before: g.State, after: g.State) -> tuple[g.Event, ...]:
    return after.history[len(before.history):]


def ranks_in(hand: tuple[Card, ...], rank: Rank) -> int:
    return sum(1 for card in hand if card.rank is rank)


# ------------------------------------------------------------------ asking


def test_an_opponent_hands_over_every_card_of_the_rank_and_the_asker_goes_again() -> None:
    start = position("7H 2C", "7S 7D 9C", stock="5H 6H")
    after = g.apply(start, Ask(1, SEVEN))
    assert after.hands[0] == g.sort_hand(parse_cards("2C 7D 7H 7S"))
    assert after.hands[1] == parse_cards("9C")
    assert after.turn == 0
    assert after.stock == start.stock
    assert new_events(start, after) == (Asked(0, 1, SEVEN, 2),)


def test_go_fish_draws_one_card_and_passes_the_turn() -> None:
    start = position("7H 2C", "9C", stock="5H 6H")
    after = g.apply(start, Ask(1, TWO))
    assert after.hands[0] == g.sort_hand(parse_cards("2C 5H 7H"))
    assert after.stock == parse_cards("6H")
    assert after.turn == 1
    assert new_events(start, after) == (Asked(0, 1, TWO, 0), Drew(0, parse_cards("5H")[0],
                                                                 False, "fish"))


def test_drawing_the_rank_asked_for_is_shown_and_the_player_goes_again() -> None:
    start = position("7H 2C", "9C", stock="2D 6H")
    after = g.apply(start, Ask(1, TWO))
    assert after.turn == 0
    drew = new_events(start, after)[-1]
    assert isinstance(drew, Drew) and drew.shown
    # The other seat sees which card it was.
    seen = g.view(after, 1).history[-1]
    assert isinstance(seen, Drew) and seen.card == parse_cards("2D")[0]


def test_drawing_the_asked_rank_that_completes_a_book_lays_it_and_goes_again() -> None:
    start = position("2H 2C 2S 9D", "9C", stock="2D 6H")
    after = g.apply(start, Ask(1, TWO))
    assert after.books[0] == (TWO,)
    assert ranks_in(after.hands[0], TWO) == 0
    assert after.turn == 0
    assert Booked(0, TWO) in new_events(start, after)


def test_go_fish_with_an_empty_stock_just_passes_the_turn() -> None:
    start = position("7H 2C", "9C 9D", stock="", books=("", ""))
    after = g.apply(start, Ask(1, TWO))
    assert after.hands == start.hands
    assert after.turn == 1
    assert new_events(start, after) == (Asked(0, 1, TWO, 0), StockEmpty(0))


@pytest.mark.parametrize(
    ("hands", "stock", "asked", "book", "left", "turn"),
    [
        pytest.param(("KH KC KS 2D", "9C"), "KD 6H", TWO, KING, "2D", 1,
                     id="a drawn card of another rank that completes a book is laid but the "
                        "turn passes"),
        pytest.param(("7H 7C 7S 3D", "7D 9C"), "5H", SEVEN, SEVEN, "3D", 0,
                     id="receiving the fourth card lays a book at once"),
    ],
)
def test_a_completed_book_is_laid_at_once(
    hands: tuple[str, ...], stock: str, asked: Rank, book: Rank, left: str, turn: int
) -> None:
    start = position(*hands, stock=stock)
    after = g.apply(start, Ask(1, asked))
    assert after.books[0] == (book,)
    assert after.hands[0] == parse_cards(left)
    assert after.turn == turn


# ------------------------------------------------------------------ refusals


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (Ask(0, SEVEN), "cannot ask yourself"),
        (Ask(1, KING), "hold no kings"),
        (Ask(2, SEVEN), "has no cards"),
        (Ask(5, SEVEN), "no player 5"),
        (Ask(True, SEVEN), "no player True"),  # a flag is not a seat number
    ],
)
def test_a_refused_ask_says_why_and_changes_nothing(move: Ask, message: str) -> None:
    start = position("7H 2C", "9C", "", stock="5H")
    with pytest.raises(IllegalMove, match=message):
        g.apply(start, move)
    assert start == position("7H 2C", "9C", "", stock="5H")


def test_only_opponents_holding_cards_may_be_asked_for_ranks_in_hand() -> None:
    state = position("7H 2C 2D", "9C", "", "4S", stock="5H")
    assert set(g.legal_moves(state)) == {Ask(1, SEVEN), Ask(1, TWO), Ask(3, SEVEN), Ask(3, TWO)}
    assert g.view(state, 0).askable() == (1, 3)


# ------------------------------------------------------------------ empty hands


def test_a_player_whose_hand_emptied_draws_one_card_when_their_turn_comes() -> None:
    start = position("7H 2C", "7S", "9C 9D", stock="5H 6H 8C")
    after = g.apply(start, Ask(1, SEVEN))  # player 1 hands over their last card
    assert after.hands[1] == ()
    after2 = g.apply(after, Ask(2, TWO))  # go fish: 5H to player 0, turn passes
    assert after2.turn == 1
    assert after2.hands[1] == parse_cards("6H")
    assert Drew(1, parse_cards("6H")[0], False, "empty") in new_events(after, after2)


def test_a_player_with_an_empty_hand_and_no_stock_sits_out() -> None:
    start = position("7H 2C", "", "9C 9D 2S", stock="", books=("", "", ""))
    after = g.apply(start, Ask(2, SEVEN))  # go fish, stock empty: the turn passes
    assert after.turn == 2
    assert SatOut(1) in new_events(start, after)


def test_an_asker_whose_hand_empties_by_a_book_draws_before_asking_again() -> None:
    start = position("7H 7C 7D", "7S 3C", stock="5H 6H")
    after = g.apply(start, Ask(1, SEVEN))
    assert after.books[0] == (SEVEN,)
    assert after.turn == 0
    assert after.hands[0] == parse_cards("5H")
    assert new_events(start, after)[-1] == Drew(0, parse_cards("5H")[0], False, "empty")


def test_with_no_opponent_holding_cards_the_player_draws_one_and_the_turn_passes() -> None:
    start = position("7H 2C", "7S", stock="5H 6H")
    after = g.apply(start, Ask(1, SEVEN))  # player 1 is now empty: nobody to ask
    assert Drew(0, parse_cards("5H")[0], False, "alone") in new_events(start, after)
    # Player 1 then starts their turn by drawing, and may ask.
    assert after.turn == 1
    assert after.hands[1] == parse_cards("6H")
    assert g.legal_moves(after) == (Ask(0, Rank.SIX),)


# ------------------------------------------------------------------ deal and end


@pytest.mark.parametrize(("players", "each"), [(2, 7), (3, 7), (4, 5), (5, 5)])
def test_the_deal_gives_seven_cards_to_two_or_three_players_and_five_to_more(
    players: int, each: int
) -> None:
    state = g.new_game(g.Config(players=players, seed=11))
    for seat in range(players):
        assert len(state.hands[seat]) + 4 * len(state.books[seat]) == each
    assert len(state.stock) == 52 - each * players


def test_a_book_in_the_deal_is_laid_down_before_the_first_ask() -> None:
    for seed in range(2000):
        state = g.new_game(g.Config(players=2, seed=seed))
        if any(state.books):
            break
    else:
        pytest.fail("no deal with a book in 2000 seeds")
    seat = next(seat for seat in range(2) if state.books[seat])
    rank = state.books[seat][0]
    assert Booked(seat, rank) in state.history
    assert not any(isinstance(event, Asked) for event in state.history)
    assert all(ranks_in(hand, rank) == 0 for hand in state.hands)
    assert len(state.hands[seat]) == 7 - 4 * len(state.books[seat])


def test_the_last_book_ends_the_game_and_the_most_books_wins() -> None:
    start = position("KH KC KS", "KD", books=("A23456", "789TJQ"))
    assert g.outcome(start) is None
    end = g.apply(start, Ask(1, KING))
    result = g.outcome(end)
    assert result is not None
    assert tuple(len(books) for books in g.view(end, 1).books) == (7, 6)
    assert result.winners == (0,)
    assert result.results == ("won", "lost")
    assert result.sentence == "Player 1 wins with 7 of the 13 books."
    assert g.view(end, 0).to_move is None
    assert g.legal_moves(end) == ()
    with pytest.raises(IllegalMove, match="game is over"):
        g.apply(end, Ask(1, KING))


def test_a_tie_for_the_most_books_is_shared() -> None:
    start = position("KH KC KS", "KD", "", books=("A2345", "6789TJ", "Q"))
    end = g.apply(start, Ask(1, KING))
    result = g.outcome(end)
    assert result is not None
    assert tuple(len(books) for books in end.books) == (6, 6, 1)
    assert result.winners == (0, 1)
    assert result.results == ("shared", "shared", "lost")
    assert result.sentence == "Player 1 and Player 2 share the win with 6 books each."


# ------------------------------------------------------------------ config, views, saves


@pytest.mark.parametrize("players", [0, 1, 6, -3])
def test_a_table_of_the_wrong_size_is_refused(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 5 players"):
        g.Config(players=players)


def test_a_negative_seed_or_a_missing_first_seat_is_refused() -> None:
    with pytest.raises(ValueError, match="seed"):
        g.Config(seed=-1)
    with pytest.raises(ValueError, match="first player"):
        g.Config(players=3, first=3)


def test_a_view_shows_only_counts_of_the_other_hands() -> None:
    state = position("7H 2C", "9C 9D 4S", stock="5H 6H")
    seen = g.view(state, 0)
    assert seen.hand == state.hands[0]
    assert seen.hand_counts == (2, 3)
    assert seen.stock_count == 2
    assert (seen.seat, seen.to_move) == (0, 0)
    assert g.view(state, 1).legal == ()


def test_another_players_hidden_draw_carries_no_card_in_a_view() -> None:
    start = position("7H 2C", "9C", stock="5H 6H")
    after = g.apply(start, Ask(1, TWO))
    own, other = g.view(after, 0).history[-1], g.view(after, 1).history[-1]
    assert isinstance(own, Drew) and own.card == parse_cards("5H")[0]
    assert isinstance(other, Drew) and other.card is None
    assert g.describe(other, 0, ["You", "CPU 1"]) == "You draw a card"


def test_history_sentences_name_you_and_the_cpus() -> None:
    names = ["You", "CPU 1", "CPU 2"]
    assert g.describe(Asked(2, 0, SEVEN, 2), 0, names) == "CPU 2 asks you for 7s — you give 2"
    assert g.describe(Asked(0, 1, KING, 1), 0, names) == "You ask CPU 1 for kings — CPU 1 gives 1"
    assert g.describe(Asked(1, 2, Rank.ACE, 0), 0, names) == "CPU 1 asks CPU 2 for aces — Go fish!"
    assert g.describe(Booked(0, Rank.TEN), 0, names) == "You lay down a book of 10s"
    assert g.describe(Drew(1, None, False, "fish"), 0, names) == "CPU 1 draws a card"


def test_a_drawn_card_is_worded_only_for_the_drawer_unless_it_was_shown() -> None:
    names = ["You", "CPU 1", "CPU 2"]
    five = parse_cards("5H")[0]
    hidden = Drew(1, five, False, "fish")
    assert g.describe(hidden, 1, names) == "You draw the 5♥"
    assert g.describe(hidden, 0, names) == "CPU 1 draws a card"
    assert g.describe(hidden, None) == "Player 2 draws a card"  # an onlooker
    shown = Drew(1, five, True, "fish")
    assert g.describe(shown, 2, names) == (
        "CPU 1 draws the 5♥, the rank asked for, and goes again")
    assert g.describe(Drew(0, five, False, "empty"), 0, names) == (
        "You have no cards and draw the 5♥")
    assert g.describe(Drew(2, five, False, "alone"), 0, names) == (
        "Nobody else holds cards; CPU 2 draws a card")


def test_every_kind_of_event_has_its_sentence() -> None:
    names = ["You", "CPU 1"]
    assert g.describe(g.Dealt(2, 7), 0, names) == "7 cards dealt to each of 2 players."
    assert g.describe(SatOut(1), 0, names) == (
        "CPU 1 has no cards and the stock is empty; sits out")
    assert g.describe(SatOut(0), 0, names) == "You have no cards and the stock is empty; sit out"
    assert g.describe(StockEmpty(0), 0, names) == "The stock is empty; the turn passes"
    assert {g.Dealt.kind, Asked.kind, Drew.kind, Booked.kind, SatOut.kind, StockEmpty.kind} == {
        "dealt", "asked", "drew", "booked", "sat_out", "stock_empty"}


def test_a_save_round_trips_and_junk_is_refused_with_a_sentence() -> None:
    state = g.new_game(g.Config(players=3, seed=4))
    state = g.apply(state, g.legal_moves(state)[0])
    assert g.from_json(g.to_json(state)) == state
    assert g.from_json(MappingProxyType(g.to_json(state))) == state  # any mapping reads
    junk: Any
    for junk in (None, [], {"game": "yukon"}, {**g.to_json(state), "version": 99},
                 {**g.to_json(state), "hands": "x"}, {**g.to_json(state), "turn": 7}):
        with pytest.raises(SaveFormatError):
            g.from_json(junk)
    with pytest.raises(SaveFormatError, match="not a Go Fish game"):
        g.from_json({"game": "yukon"})
    doubled = g.to_json(state)
    doubled["stock"] = [*doubled["stock"], doubled["stock"][0]]
    with pytest.raises(SaveFormatError, match="same card twice"):
        g.from_json(doubled)
    short = g.to_json(state)
    short["stock"] = short["stock"][1:]
    with pytest.raises(SaveFormatError, match="full deck"):
        g.from_json(short)


def test_the_full_deck_is_dealt_out_between_hands_and_stock() -> None:
    state = g.new_game(g.Config(players=4, seed=9))
    cards = [card for hand in state.hands for card in hand] + list(state.stock)
    booked = [card for card in FULL_DECK if card.rank in {r for b in state.books for r in b}]
    assert sorted(map(str, cards + booked)) == sorted(map(str, FULL_DECK))
