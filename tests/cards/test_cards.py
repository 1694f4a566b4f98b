"""Cards: values, parsing and formatting, and deck files."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tableau.cards import (
    FULL_DECK,
    JOKER,
    MAX_DECK_FILE_BYTES,
    Card,
    CardError,
    DeckError,
    FileProblem,
    Rank,
    Suit,
    atomic_write_text,
    format_deck,
    load_deck,
    parse_any_card,
    parse_card,
    parse_cards,
    parse_deck,
    read_small_text,
    save_deck,
)

DECKS = Path(__file__).resolve().parents[2] / "assets" / "decks"


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


# ---------------------------------------------------------------- deck files


def test_the_unshuffled_deck_file_lists_the_spec_order() -> None:
    lines = (DECKS / "unshuffled.txt").read_text().splitlines()
    assert lines[:3] == ["AC", "2C", "3C"]
    assert lines[12:14] == ["KC", "AD"]
    assert lines[-1] == "KS"
    assert load_deck(DECKS / "unshuffled.txt") == FULL_DECK


@pytest.mark.parametrize("name", ["shuffled-1.txt", "shuffled-2.txt", "shuffled-3.txt"])
def test_the_shuffled_decks_hold_every_card_once(name: str) -> None:
    deck = load_deck(DECKS / name)
    assert sorted(deck) == sorted(FULL_DECK)
    assert deck != FULL_DECK


def test_a_bad_card_on_line_7_is_reported_on_line_7() -> None:
    with pytest.raises(DeckError, match=r"^Line 7: '7X' is not a card\.$"):
        load_deck(DECKS / "invalid-bad-card-line-7.txt")


def test_a_duplicate_names_both_lines() -> None:
    with pytest.raises(DeckError, match=r"^Line 20: 3C appears twice \(first on line 3\)\.$"):
        load_deck(DECKS / "invalid-duplicate.txt")


def test_a_missing_card_is_reported_after_the_last_line() -> None:
    with pytest.raises(DeckError, match=r"^Line 52: the deck ends after 51 cards.*missing KS"):
        load_deck(DECKS / "invalid-missing-card.txt")


def test_too_many_cards_are_reported_on_the_first_extra_line() -> None:
    with pytest.raises(DeckError, match=r"^Line 53: too many cards"):
        load_deck(DECKS / "invalid-too-many.txt")


def test_a_blank_line_inside_the_deck_is_reported() -> None:
    with pytest.raises(DeckError, match=r"^Line 10 is empty"):
        load_deck(DECKS / "invalid-blank-line.txt")


def test_an_empty_file_is_a_deck_without_cards() -> None:
    with pytest.raises(DeckError, match=r"^Line 1: the deck ends after 0 cards"):
        load_deck(DECKS / "invalid-empty.txt")


def test_spaces_windows_line_ends_and_blank_trailing_lines_are_tolerated() -> None:
    assert load_deck(DECKS / "valid-spaces-crlf-blank-tail.txt") == FULL_DECK


def test_a_missing_file_gets_a_clear_message(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match=r"^The file nope\.txt does not exist\.$"):
        load_deck(tmp_path / "nope.txt", name="nope.txt")


def test_a_folder_is_not_a_deck(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="is a folder"):
        load_deck(tmp_path)


def test_a_binary_file_is_not_a_deck(tmp_path: Path) -> None:
    path = tmp_path / "deck.bin"
    path.write_bytes(b"AC\n\x00\x01\x02\xff")
    with pytest.raises(DeckError, match="binary"):
        load_deck(path)


def test_a_file_that_is_not_utf8_is_not_a_deck(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(b"AC\n\xff\xfe\n")
    with pytest.raises(DeckError, match="not a text file"):
        load_deck(path)


def test_a_huge_file_is_refused_without_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    path.write_text("AC\n" * (MAX_DECK_FILE_BYTES // 3 + 10))
    with pytest.raises(DeckError, match="too large"):
        load_deck(path)


def test_a_device_is_not_a_deck() -> None:
    with pytest.raises(DeckError, match="not a regular file"):
        load_deck("/dev/zero")


def test_a_file_name_with_a_nul_byte_gets_a_message() -> None:
    with pytest.raises(DeckError, match="not a usable file name"):
        load_deck("deck\x00.txt")


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_file_gets_a_message(tmp_path: Path) -> None:
    path = tmp_path / "locked.txt"
    path.write_text(format_deck(FULL_DECK))
    path.chmod(0)
    with pytest.raises(DeckError, match="cannot be read"):
        load_deck(path)


def test_messages_shorten_long_file_names(tmp_path: Path) -> None:
    with pytest.raises(DeckError) as refused:
        load_deck(tmp_path / ("x" * 200))
    assert len(str(refused.value)) < 100


def test_writing_produces_the_same_format(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    save_deck(path, FULL_DECK)
    assert path.read_text() == (DECKS / "unshuffled.txt").read_text()
    assert path.read_text().startswith("AC\n2C\n3C\n")


def test_writing_leaves_no_temporary_file(tmp_path: Path) -> None:
    save_deck(tmp_path / "out.txt", FULL_DECK)
    save_deck(tmp_path / "out.txt", tuple(reversed(FULL_DECK)))
    assert [path.name for path in tmp_path.iterdir()] == ["out.txt"]
    assert load_deck(tmp_path / "out.txt")[0] == parse_card("KS")


def test_writing_into_a_missing_folder_gets_a_message(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match=r"^Cannot write"):
        save_deck(tmp_path / "no" / "such" / "deck.txt", FULL_DECK)


def test_atomic_write_then_read_small_text(tmp_path: Path) -> None:
    atomic_write_text(tmp_path / "a.txt", "héllo\n")
    assert read_small_text(tmp_path / "a.txt", "note", 100) == "héllo\n"
    with pytest.raises(FileProblem, match="too large"):
        read_small_text(tmp_path / "a.txt", "note", 3)


@settings(max_examples=50, deadline=None)
@given(st.permutations(FULL_DECK))
def test_any_deck_survives_writing_and_reading(deck: list[Card]) -> None:
    assert parse_deck(format_deck(deck)) == tuple(deck)
