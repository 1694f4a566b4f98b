"""Pesten positions for the rules tests: cards by their faces and a table mid-round, built
with ``dataclasses.replace`` on a dealt state (so only the public API makes them)."""

from __future__ import annotations

import dataclasses
from typing import Any

from tableau.cards import AnyCard
from tableau.cards import Suit
from tableau.cards import parse_any_card
from tableau.engines import pesten as p
from tableau.engines.pesten import Play

NAMES = ("Anna", "Bram", "Cor", "Dirk")
HEARTS, SPADES, CLUBS, DIAMONDS = Suit.HEARTS, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS


def cards(text: str) -> tuple[AnyCard, ...]:
    return tuple(parse_any_card(word) for word in text.split())


def card(text: str) -> AnyCard:
    return parse_any_card(text)


def table(
    *hands: str,
    top: str,
    below: str = "",
    stock: str = "",
    current: int = 0,
    suit: Suit | None = None,
    stack: int = 0,
    direction: int = 1,
    series: bool = False,
    **house: Any,
) -> p.State:
    """A position mid-round. ``stock`` lists the cards in the order they will be drawn;
    ``house`` sets Config fields (the house rules and the match)."""
    players = len(hands)
    base = p.new_game(p.Config(players=players, names=NAMES[:players], seed=1, **house))
    return dataclasses.replace(
        base,
        hands=tuple(cards(hand) for hand in hands),
        pile=(*cards(below), card(top)),
        stock=cards(stock)[::-1],
        current=current,
        suit=suit,
        stack=stack,
        direction=direction,
        series=series,
        history=(),
    )


def play(*faces: str, suit: Suit | None = None, last: bool = False) -> Play:
    return Play(tuple(card(face) for face in faces), suit, last)


def texts(before: p.State, after: p.State) -> list[str]:
    """The history lines ``after`` added to ``before``."""
    return [p.describe(event, 0) for event in after.history[len(before.history) :]]
