"""Go Fish and Poker at a table across screens, in one test process: the opener's handle (a
hot seat and the CPU, under the lease) and a friend's (a remote seat, sat down with a
password), each its own TableStore on one tableau.db, play a whole Go Fish game and a Poker
hand through the table. Every card is conserved at every step, and no line of the friend's
news names a card of another hand that the friend has not seen."""

from __future__ import annotations

import random
import re
import time
from collections import Counter
from collections.abc import Callable
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tableau.cards import FULL_DECK
from tableau.cards import Card
from tableau.engines.poker import Phase
from tableau.sessions.gofish import GoFishSession
from tableau.sessions.poker import PokerSession
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind
from tableau.sessions.seating import Stage
from tableau.storage.lockouts import Lockouts
from tableau.storage.table_store import TableProblem
from tableau.storage.table_store import TableStore
from tableau.tables.shared_table import SharedTable

H, R, C = SeatKind.HUMAN, SeatKind.REMOTE, SeatKind.CPU
FRIEND = 1


@pytest.fixture
def stores(tmp_path: Path) -> Iterator[tuple[TableStore, TableStore]]:
    # The clock stands still: a heartbeat thread a loaded machine holds up never makes the
    # opener look gone (so the friend's side would stand in for it) in the middle of a game.
    opened_at = time.time()
    first, second = (TableStore(tmp_path / "tableau.db", wall=lambda: opened_at)
                     for _ in range(2))
    yield first, second
    first.close()
    second.close()


def seen_cards(value: Any, into: set[Card]) -> None:
    """Add every card in ``value`` (a view: records, tuples) to ``into``."""
    if isinstance(value, Card):
        into.add(value)
    elif isinstance(value, (tuple, list)):
        for item in value:
            seen_cards(item, into)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            seen_cards(getattr(value, name), into)


def names_of(card: Card) -> re.Pattern[str]:
    short = "|".join(re.escape(name) for name in (card.code, card.face))
    return re.compile(rf"(?i:\b{re.escape(card.long_name)}\b)|(?<!\w)(?:{short})(?!\w)")


def seated(store: TableStore, other: TableStore, session: Any,
           tmp_path: Path) -> tuple[SharedTable[Any], SharedTable[Any]]:
    lockouts = Lockouts(tmp_path / "lockouts.json")
    host = SharedTable.open(store, session, lockouts=lockouts)
    friend = SharedTable.join(other, host.code, game=session.GAME, lockouts=lockouts)
    assert friend.sit(FRIEND, "Zoe", "zoe's secret").ok
    assert host.refresh() and host.session.seats[FRIEND] == SeatInfo("Zoe", R)
    return host, friend


def play(host: SharedTable[Any], friend: SharedTable[Any], done: Callable[[Any], bool],
         cards: Callable[[Any], list[list[Card]]], seed: int) -> list[str]:
    """Play through the two handles until ``done``; ``cards(session)`` is every place the
    cards are, the friend's hand first among the hands. The friend's news, line by line."""
    picker, seen, heard = random.Random(seed), set[Card](), []
    for _ in range(3000):
        friend.refresh()
        seen_cards(friend.session.view(FRIEND), seen)
        places = cards(host.session)
        assert Counter(card for place in places for card in place) == Counter(FULL_DECK)
        hidden = {card for place in places for card in place} - seen
        for line in friend.news(FRIEND):
            heard.append(line)
            assert not [card for card in hidden if names_of(card).search(line)], line
        session = host.session
        if done(session):
            return heard
        seat = session.to_move
        if session.stage is Stage.CPU:
            assert host.run_cpus()
        elif session.stage is Stage.REMOTE:
            assert seat == FRIEND and friend.my_turn()
            assert friend.act(FRIEND, picker.choice(friend.session.moves(FRIEND))).ok
        else:
            assert seat != FRIEND and host.act(seat, picker.choice(session.moves(seat))).ok
        host.refresh()
    raise AssertionError("the game did not end")


def test_a_whole_go_fish_game_at_a_table_across_screens(
        stores: tuple[TableStore, TableStore], tmp_path: Path) -> None:
    session = GoFishSession((SeatInfo("Ann", H), SeatInfo("Seat 2", R),
                             SeatInfo("Cas", C, "easy")), 31)
    host, friend = seated(*stores, session, tmp_path)
    assert host.code.startswith("GOFI-")

    def cards(table: GoFishSession) -> list[list[Card]]:
        state = table.state
        books = [card for card in FULL_DECK if any(card.rank in ranks for ranks in state.books)]
        hands = [list(state.hands[FRIEND]), *(list(hand) for seat, hand
                                              in enumerate(state.hands) if seat != FRIEND)]
        return [*hands, list(state.stock), books]

    heard = play(host, friend, lambda table: table.outcome() is not None, cards, 5)
    assert friend.session.outcome() == host.session.outcome()
    assert any("Zoe" in line or "You" in line for line in heard)
    with pytest.raises(TableProblem, match="is not a Poker table"):
        SharedTable.join(stores[1], host.code, game="poker")
    with pytest.raises(TableProblem, match="is not a Pesten table"):
        SharedTable.join(stores[1], host.code)  # the table screens play Pesten only


def test_a_poker_hand_at_a_table_across_screens(
        stores: tuple[TableStore, TableStore], tmp_path: Path) -> None:
    session = PokerSession((SeatInfo("Ann", H), SeatInfo("Seat 2", R), SeatInfo("Cas", C)), 8,
                           chips=20)
    host, friend = seated(*stores, session, tmp_path)
    assert host.code.startswith("POKE-")

    def cards(table: PokerSession) -> list[list[Card]]:
        state = table.state
        assert sum(state.chips) + state.pot == state.total_chips
        hands = [list(state.hands[FRIEND]), *(list(hand) for seat, hand
                                              in enumerate(state.hands) if seat != FRIEND)]
        return [*hands, list(state.stock), list(state.muck)]

    heard = play(host, friend, lambda table: table.state.phase is Phase.HAND_OVER, cards, 3)
    assert friend.session.state.result == host.session.state.result is not None
    assert heard
