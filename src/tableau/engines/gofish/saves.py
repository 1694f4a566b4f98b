"""Go Fish saves: a game's state as versioned, lossless JSON, read through ``SaveReader``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from typing import Final

from tableau.cards import FULL_DECK
from tableau.cards import RANKS
from tableau.cards import Card
from tableau.cards import CardError
from tableau.cards import Rank
from tableau.cards import parse_card
from tableau.engines.gofish.events import Asked
from tableau.engines.gofish.events import Booked
from tableau.engines.gofish.events import Dealt
from tableau.engines.gofish.events import Drew
from tableau.engines.gofish.events import Event
from tableau.engines.gofish.events import SatOut
from tableau.engines.gofish.events import StockEmpty
from tableau.engines.gofish.rules import GAME
from tableau.engines.gofish.rules import MAX_PLAYERS
from tableau.engines.gofish.rules import MIN_PLAYERS
from tableau.engines.gofish.rules import State
from tableau.engines.gofish.rules import count_rank
from tableau.engines.gofish.rules import settle
from tableau.engines.gofish.rules import sort_hand
from tableau.engines.protocol import SaveFormatError
from tableau.engines.protocol import SaveReader
from tableau.engines.protocol import read_header

VERSION: Final = 1


def event_json(event: Event) -> dict[str, Any]:
    """An event as JSON-ready data, its ``kind`` first."""
    if isinstance(event, Dealt):
        return {"kind": event.kind, "players": event.players, "each": event.each}
    if isinstance(event, Asked):
        return {"kind": event.kind, "asker": event.asker, "target": event.target,
                "rank": event.rank.letter, "given": event.given}
    if isinstance(event, Drew):
        return {"kind": event.kind, "seat": event.seat,
                "card": None if event.card is None else event.card.code,
                "shown": event.shown, "reason": event.reason}
    if isinstance(event, Booked):
        return {"kind": event.kind, "seat": event.seat, "rank": event.rank.letter}
    return {"kind": event.kind, "seat": event.seat}


def to_json(state: State) -> dict[str, Any]:
    """A versioned, lossless, JSON-ready dict."""
    return {
        "game": GAME,
        "version": VERSION,
        "hands": [[card.code for card in hand] for hand in state.hands],
        "stock": [card.code for card in state.stock],
        "books": [[rank.letter for rank in books] for books in state.books],
        "turn": state.turn,
        "seed": state.seed,
        "history": [event_json(event) for event in state.history],
    }


_RANK_BY_LETTER: Final = {rank.letter: rank for rank in RANKS}


def _card(value: Any, where: str) -> Card:
    if not isinstance(value, str):
        raise SaveFormatError(f"A card in {where} is not text.")
    try:
        return parse_card(value)
    except CardError:
        raise SaveFormatError(f"'{value[:20]}' in {where} is not a card.") from None


def _rank(value: Any, where: str) -> Rank:
    if not isinstance(value, str) or value not in _RANK_BY_LETTER:
        raise SaveFormatError(f"A rank in {where} is not one of A 2-9 T J Q K.")
    return _RANK_BY_LETTER[value]


def _event(value: Any, players: int) -> Event:
    read = SaveReader(value, "an entry of the history")
    kind = read.get("kind")
    last = players - 1
    if kind == "dealt":
        return Dealt(read.integer("players", MIN_PLAYERS, MAX_PLAYERS), read.integer("each", 0, 52))
    if kind == "asked":
        return Asked(read.integer("asker", 0, last), read.integer("target", 0, last),
                     _rank(read.get("rank"), "the history"), read.integer("given", 0, 3))
    if kind == "drew":
        card = read.get("card")
        shown = read.boolean("shown")
        reason = read.get("reason")
        if reason not in ("fish", "empty", "alone"):
            raise SaveFormatError("A draw in the history is malformed.")
        return Drew(read.integer("seat", 0, last),
                    None if card is None else _card(card, "the history"), shown, reason)
    if kind == "booked":
        return Booked(read.integer("seat", 0, last), _rank(read.get("rank"), "the history"))
    if kind == "sat_out":
        return SatOut(read.integer("seat", 0, last))
    if kind == "stock_empty":
        return StockEmpty(read.integer("seat", 0, last))
    raise SaveFormatError("An entry of the history is of an unknown kind.")


def from_json(data: Mapping[str, Any]) -> State:
    """Rebuild a state from ``to_json`` output. Raises SaveFormatError on anything wrong."""
    read = read_header(data, GAME, "Go Fish", VERSION)
    raw_hands = read.items("hands")
    if not MIN_PLAYERS <= len(raw_hands) <= MAX_PLAYERS:
        raise SaveFormatError(f"A Go Fish save has {MIN_PLAYERS} to {MAX_PLAYERS} hands.")
    players = len(raw_hands)
    hands: list[tuple[Card, ...]] = []
    for raw in raw_hands:
        if not isinstance(raw, list):
            raise SaveFormatError("Each hand in the save must be a list of cards.")
        hands.append(sort_hand(_card(value, "a hand") for value in raw))
    stock = tuple(_card(value, "the stock") for value in read.items("stock"))
    raw_books = read.items("books", players)
    if not all(isinstance(raw, list) for raw in raw_books):
        raise SaveFormatError("The save needs one list of books per hand.")
    books = tuple(tuple(_rank(value, "the books") for value in raw) for raw in raw_books)
    state = State(
        hands=tuple(hands),
        stock=stock,
        books=books,
        turn=read.integer("turn", 0, players - 1),
        seed=read.integer("seed", 0, 2**64),
        history=tuple(_event(value, players) for value in read.items("history")),
    )
    _check_cards(state)
    return settle(state)


def _check_cards(state: State) -> None:
    held = [card for hand in state.hands for card in hand] + list(state.stock)
    booked = [rank for books in state.books for rank in books]
    if len(set(booked)) != len(booked):
        raise SaveFormatError("The save has the same book twice.")
    if len(set(held)) != len(held):
        raise SaveFormatError("The save holds the same card twice.")
    if any(card.rank in booked for card in held):
        raise SaveFormatError("The save holds a card of a rank already booked.")
    if len(held) + 4 * len(booked) != len(FULL_DECK):
        raise SaveFormatError("The save's cards do not make up one full deck.")
    for hand in state.hands:
        if any(count_rank(hand, rank) == 4 for rank in RANKS):
            raise SaveFormatError("The save has a full book still in a hand.")
