"""Cards: values, parsing and formatting."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tableau.cards import FULL_DECK
from tableau.cards import JOKER
from tableau.cards import Card
from tableau.cards import CardError
from tableau.cards import Rank
from tableau.cards import Suit
from tableau.cards import parse_any_card
from tableau.cards import parse_card
from tableau.cards import parse_cards

# ---------------------------------------------------------------- values and notation


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("AC", Rank.ACE, Suit.CLUBS),
        ("TD", Rank.TEN, Suit.DIAMONDS),
        ("KS", Rank.KING, Suit.SPADES),
        ("5h", Rank.FIVE, Suit.HEARTS),
        (" qs ", Rank.QUEEN, Suit.SPADES),
        ("10H", Rank.TEN, Suit.HEARTS),
    ],
)
def test_the_two_letter_form_parses(text: str, rank: Rank, suit: Suit) -> None:
    assert parse_card(text) == Card(rank, suit)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("ten of diamonds", "TD"),
        ("deuce of clubs", "2C"),
        ("two of clubs", "2C"),
        ("Queen of Hearts", "QH"),
        ("ace  of   spades", "AS"),
    ],
)
def test_long_names_parse(text: str, code: str) -> None:
    assert str(parse_card(text)) == code


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("one of hearts", "AH"), ("A of hearts", "AH"), ("ace of hearts", "AH"),
        ("knave of hearts", "JH"), ("J of hearts", "JH"), ("jack of hearts", "JH"),
        ("queen of heart", "QH"), ("Q of spade", "QS"), ("k of club", "KC"),
        ("two of diamond", "2D"), ("10 of clubs", "TC"), ("7 of spades", "7S"),
    ],
)
def test_long_names_read_the_words_of_the_poker_seed(text: str, code: str) -> None:
    """Issue 28 item 24: ace/A/one, jack/knave/J, queen/Q, king/K, and "heart" for hearts."""
    assert parse_card(text) == parse_card(code)
    assert parse_cards(f"{text}, 5C") == (parse_card(code), parse_card("5C"))


def test_cards_format_in_both_forms() -> None:
    ten = Card(Rank.TEN, Suit.DIAMONDS)
    assert str(ten) == "TD"
    assert ten.code == "TD"
    assert ten.long_name == "ten of diamonds"
    assert Card(Rank.TWO, Suit.CLUBS).long_name == "deuce of clubs"
    assert ten.face == "10♦"


@pytest.mark.parametrize("text", ["", "  ", "1X", "1C", "ZZ", "A", "KSS", "eleven of clubs", "JK"])
def test_text_that_is_not_a_card_is_refused_with_a_sentence(text: str) -> None:
    with pytest.raises(CardError) as refused:
        parse_card(text)
    assert str(refused.value).endswith(".")


def test_a_refusal_shortens_huge_text() -> None:
    with pytest.raises(CardError) as refused:
        parse_card("X" * 10_000)
    assert len(str(refused.value)) < 120


def test_the_joker_parses_only_where_jokers_are_allowed() -> None:
    assert parse_any_card("JK") is JOKER
    assert parse_any_card("joker") is JOKER
    assert parse_any_card("7S") == Card(Rank.SEVEN, Suit.SPADES)
    assert str(JOKER) == "JK"
    assert JOKER.long_name == "joker"


def test_several_cards_parse_from_one_line() -> None:
    assert [str(card) for card in parse_cards("QH QS, TD 7s 4C")] == ["QH", "QS", "TD", "7S", "4C"]


def test_cards_are_frozen_values() -> None:
    card = parse_card("AC")
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.rank = Rank.KING  # type: ignore[misc]
    assert card == Card(Rank.ACE, Suit.CLUBS)
    assert len({card, Card(Rank.ACE, Suit.CLUBS)}) == 1


def test_cards_sort_by_rank_then_suit_in_deck_order() -> None:
    cards = parse_cards("AS KC AC 2D AH 2C")
    assert [str(card) for card in sorted(cards)] == ["AC", "AH", "AS", "2C", "2D", "KC"]
    assert parse_card("AC") < parse_card("AD") < parse_card("2C")


def test_red_and_black() -> None:
    assert parse_card("5H").is_red and parse_card("5D").is_red
    assert not parse_card("5C").is_red and not parse_card("5S").is_red


def test_the_full_deck_is_in_the_spec_order() -> None:
    codes = [str(card) for card in FULL_DECK]
    assert codes[:13] == [
        "AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC",
    ]
    assert codes[13:15] == ["AD", "2D"]
    assert codes[26] == "AH"
    assert codes[39:] == [
        "AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS",
    ]
    assert len(set(codes)) == 52


@given(st.sampled_from(FULL_DECK))
def test_both_forms_read_back_as_the_same_card(card: Card) -> None:
    assert parse_card(str(card)) == card
    assert parse_card(card.long_name) == card
    assert parse_card(card.long_name.upper()) == card


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=30))
def test_any_text_is_a_card_or_a_card_error(text: str) -> None:
    try:
        card = parse_card(text)
    except CardError as error:
        assert str(error)
    else:
        assert card in FULL_DECK
