"""Pesten's events carry fields, and ``describe`` is the one place they become sentences.

The sentences are the ones the history has always shown; a save written when the history
held sentences (``pesten_save_with_sentences.json``, made by that engine) still loads, its
entries read back into fields that word the same way.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from pesten_positions import NAMES

from tableau.cards import FULL_DECK
from tableau.cards import JOKER
from tableau.cards import Suit
from tableau.cards import parse_any_card
from tableau.engines import SaveFormatError
from tableau.engines import pesten as p
from tableau.engines.pesten import Event
from tableau.engines.pesten import Phase

OLD_SAVE = Path(__file__).with_name("pesten_save_with_sentences.json")


def _event(kind: str, seat: int | None, codes: str = "", **fields: object) -> Event:
    cards = tuple(parse_any_card(code) for code in codes.split())
    return Event(kind, seat, cards, names=NAMES, **fields)  # type: ignore[arg-type]


SENTENCES = [
    (_event("deal", 0, "5H", other=1, round=1),
     "Round 1: Anna deals. 5♥ starts the pile; Bram begins."),
    (_event("deal", 3, "5H", amount=2, other=0, round=4),
     "Round 4: Dirk deals. A joker was turned and went back into the stock. 5♥ starts the "
     "pile; Anna begins."),
    (_event("reshuffle", None, amount=1), "The pile is shuffled into a new stock of 1 card."),
    (_event("reshuffle", None, amount=12), "The pile is shuffled into a new stock of 12 cards."),
    (_event("draw", 1, amount=1), "Bram draws a card."),
    (_event("draw", 1), "Bram cannot play and there is nothing left to draw."),
    (_event("pass", 2), "Cor keeps the drawn card."),
    (_event("take", 0, amount=4, asked=4), "Anna takes 4."),
    (_event("take", 0, amount=3, asked=7), "Anna takes 3 (only 3 of 7 were left)."),
    (_event("take", 0, amount=5, asked=5, suit=Suit.HEARTS), "Anna takes 5 and names ♥ hearts."),
    (_event("play", 0, "5H"), "Anna plays 5♥"),
    (_event("play", 0, "2H", amount=2, other=1), "Anna plays 2♥ — Bram must take 2 or answer"),
    (_event("play", 0, "JK", amount=10, other=1),
     "Anna plays JK — Bram must take 10 or play a joker"),
    (_event("play", 0, "7H", other=0), "Anna plays 7♥ — Anna plays again"),
    (_event("play", 0, "6C 7C 8C", other=1), "Anna plays 6♣ 7♣ 8♣ — Bram is skipped"),
    (_event("play", 1, "TH", other=0), "Bram plays 10♥ — back to Anna"),
    (_event("play", 0, "KH", other=3), "Anna plays K♥ — the direction reverses; Dirk is next"),
    (_event("play", 0, "JH", suit=Suit.SPADES), "Anna plays J♥ and names ♠ spades"),
    (_event("play", 0, "7H"), "Anna plays 7♥"),  # a forgotten last card: it goes back
    (_event("win", 2, "4C 4D 4S", round=3), "Cor plays 4♣ 4♦ 4♠ and wins round 3!"),
    (_event("blocked", 1, round=2),
     "Nobody can play and nothing is left to draw: Bram wins round 2 with the fewest cards."),
    (_event("penalty", 0, amount=5, reason="special"),
     "Anna may not go out on a special card: Anna takes 5 and the round goes on."),
    (_event("penalty", 0, "7H", amount=2, reason="forgot_back"),
     "Anna forgot to call last card: 7♥ goes back, Anna takes 2 and the turn ends."),
    (_event("penalty", 0, amount=5, reason="forgot"),
     "Anna forgot to call last card and takes 5."),
    (_event("penalty", 0, amount=2, reason="false_call"),
     "Anna called last card falsely and takes 2."),
    (_event("last_card", 3), "Dirk: last card!"),
]


@pytest.mark.parametrize(("event", "sentence"), SENTENCES)
def test_each_event_reads_as_the_history_has_always_shown_it(event: Event, sentence: str) -> None:
    assert p.describe(event, 0) == sentence
    assert p.describe(event, 2) == sentence  # every Pesten event is public


def test_every_kind_and_penalty_reason_has_its_sentence() -> None:
    assert {event.kind for event, _ in SENTENCES} == set(p.EVENT_KINDS)
    assert {event.reason for event, _ in SENTENCES} - {""} == set(p.PENALTY_REASONS)


def _played(seed: int) -> p.State:
    """A 3-player round under varied house rules, played by random moves (false calls now
    and then), to its end."""
    chooser = random.Random(seed)
    config = p.Config(players=3, jokers=2, seed=seed, names=NAMES[:3],
                      special_finish=seed % 2 == 0, forgot_penalty=5 if seed % 3 else 2)
    state = p.new_game(config)
    while state.phase is not Phase.OVER:
        pool = p.legal_moves(state) if chooser.random() < 0.2 else p.shortlist(state)
        state = p.apply(state, chooser.choice(pool))
    return state


def test_a_sentence_names_only_the_cards_its_event_shows() -> None:
    faces = {card.face: card for card in (*FULL_DECK, JOKER)}
    for seed in range(6):
        for event in _played(seed).history:
            sentence = p.describe(event, 0)
            named = {face for face in faces if face in sentence}
            assert named <= {card.face for card in event.cards}, sentence


def _with_sentences(data: dict[str, object]) -> dict[str, object]:
    """A save as it was written before events had fields: each entry's sentence in "text",
    and no cards with a penalty."""
    state = p.from_json(data)
    data = json.loads(json.dumps(data))
    data["history"] = [
        {"kind": event.kind, "seat": event.seat, "text": p.describe(event, 0),
         "cards": [] if event.kind == "penalty" else [card.code for card in event.cards]}
        for event in state.history
    ]
    return data


def test_a_save_whose_history_holds_sentences_reads_back_into_the_same_events() -> None:
    kinds: set[str] = set()
    for seed in range(12):
        state = _played(seed)
        kinds |= {event.kind + event.reason for event in state.history}
        assert p.from_json(_with_sentences(p.to_json(state))) == state
    penalties = {"penalty" + reason for reason in p.PENALTY_REASONS}
    assert kinds >= set(p.EVENT_KINDS) - {"blocked", "penalty"} | penalties


def test_a_save_written_before_events_had_fields_still_loads_and_plays_on() -> None:
    data = json.loads(OLD_SAVE.read_text(encoding="utf-8"))
    state = p.from_json(data)
    said = [entry["text"] for entry in data["history"]]
    assert [p.describe(event, 0) for event in state.history] == said
    assert p.from_json(json.loads(json.dumps(p.to_json(state)))) == state  # now in fields
    following = p.next_round(state)
    moved = p.apply(following, p.legal_moves(following)[0])
    assert len(moved.history) == len(following.history) + 1


def test_a_sentence_no_event_words_so_is_refused_with_a_sentence() -> None:
    data = json.loads(OLD_SAVE.read_text(encoding="utf-8"))
    data["history"][1]["text"] = "Bram plays the tuba"
    with pytest.raises(SaveFormatError, match="does not read as Pesten's own"):
        p.from_json(data)


def test_an_event_missing_a_part_its_sentence_needs_is_refused() -> None:
    data = p.to_json(_played(1))
    assert isinstance(data["history"], list)
    data["history"][0] = {"kind": "deal", "seat": 0, "cards": []}
    with pytest.raises(SaveFormatError, match="missing a part"):
        p.from_json(data)
