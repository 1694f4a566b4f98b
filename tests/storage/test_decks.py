"""Deck files (reading, checking, writing) and the small-file helpers under them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tableau.cards import FULL_DECK
from tableau.cards import Card
from tableau.cards import parse_card
from tableau.storage.decks import MAX_DECK_FILE_BYTES
from tableau.storage.decks import DeckError
from tableau.storage.decks import format_deck
from tableau.storage.decks import load_deck
from tableau.storage.decks import parse_deck
from tableau.storage.decks import save_deck
from tableau.storage.files import FileProblem
from tableau.storage.files import atomic_write_text
from tableau.storage.files import read_small_text

DECKS = Path(__file__).resolve().parents[2] / "assets" / "decks"


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


@pytest.mark.parametrize(
    ("name", "message"),
    [
        pytest.param("invalid-bad-card-line-7.txt", r"^Line 7: '7X' is not a card\.$",
                     id="a bad card on line 7 is reported on line 7"),
        pytest.param("invalid-duplicate.txt",
                     r"^Line 20: 3C appears twice \(first on line 3\)\.$",
                     id="a duplicate names both lines"),
        pytest.param("invalid-missing-card.txt",
                     r"^Line 52: the deck ends after 51 cards.*missing KS",
                     id="a missing card is reported after the last line"),
        pytest.param("invalid-too-many.txt", r"^Line 53: too many cards",
                     id="too many cards are reported on the first extra line"),
        pytest.param("invalid-blank-line.txt", r"^Line 10 is empty",
                     id="a blank line inside the deck is reported"),
        pytest.param("invalid-empty.txt", r"^Line 1: the deck ends after 0 cards",
                     id="an empty file is a deck without cards"),
    ],
)
def test_a_broken_deck_file_is_refused_with_its_line(name: str, message: str) -> None:
    with pytest.raises(DeckError, match=message):
        load_deck(DECKS / name)


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


def test_a_short_deck_names_every_missing_card(tmp_path: Path) -> None:
    # Issue 28: a 50-card deck without QS and KS said "(missing QS)" only.
    kept = [card for card in FULL_DECK if str(card) not in ("5H", "KS")]
    (tmp_path / "short.txt").write_text(format_deck(kept))
    with pytest.raises(DeckError, match=r"ends after 50 cards; it needs 52 \(missing 5H KS\)\.$"):
        load_deck(tmp_path / "short.txt")
