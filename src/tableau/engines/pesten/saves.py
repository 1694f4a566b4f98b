"""Pesten saves: ``to_json(state)`` and ``from_json(mapping)``, versioned and lossless.

A history entry is saved as its event's fields (``kind``, ``seat``, ``cards`` and those of
the other fields that are not their defaults). Saves written before events had fields hold
each entry's sentence in ``text`` instead; ``_old_event`` reads those back by finding the
fields that ``wording.describe`` words the same way, so such saves (sealed ones too) still
load, with the CPUs able to read their history.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Mapping
from typing import Any
from typing import Final

from tableau.cards import FULL_DECK
from tableau.cards import JOKER
from tableau.cards import SUITS
from tableau.cards import AnyCard
from tableau.cards import Card
from tableau.engines.pesten.config import GAME
from tableau.engines.pesten.config import HOUSE_RULES
from tableau.engines.pesten.config import VERSION
from tableau.engines.pesten.config import Config
from tableau.engines.pesten.config import whole
from tableau.engines.pesten.rules import _deck
from tableau.engines.pesten.values import _ACE
from tableau.engines.pesten.values import _DRAWN
from tableau.engines.pesten.values import _OVER
from tableau.engines.pesten.values import EVENT_KINDS
from tableau.engines.pesten.values import PENALTY_REASONS
from tableau.engines.pesten.values import Event
from tableau.engines.pesten.values import Phase
from tableau.engines.pesten.values import State
from tableau.engines.pesten.wording import describe
from tableau.engines.protocol import SaveFormatError
from tableau.engines.protocol import SaveReader
from tableau.engines.protocol import read_header

_BY_CODE: Final[dict[str, AnyCard]] = {card.code: card for card in FULL_DECK}
_BY_CODE["JK"] = JOKER
_SUITS: Final = {suit.value: suit for suit in SUITS}


def _codes(cards: Iterable[AnyCard]) -> list[str]:
    return [card.code for card in cards]


def to_json(state: State) -> dict[str, object]:
    config = state.config
    return {
        "game": GAME,
        "version": VERSION,
        "config": {
            "players": config.players,
            "packs": config.packs,
            "jokers": config.jokers,
            "seed": config.seed,
            "names": list(config.names),
            "dealer": config.dealer,
            **{field: getattr(config, field) for field in _HOUSE_FIELDS},
            "card_points": list(config.card_points),
        },
        "seed": state.seed,
        "round": state.round,
        "wins": list(state.wins),
        "dealer": state.dealer,
        "hands": [_codes(hand) for hand in state.hands],
        "stock": _codes(state.stock),
        "pile": _codes(state.pile),
        "current": state.current,
        "direction": state.direction,
        "suit": None if state.suit is None else state.suit.value,
        "stack": state.stack,
        "phase": state.phase.value,
        "series": state.series,
        "passes": state.passes,
        "turns": state.turns,
        "winner": state.winner,
        "points": list(state.points or (0,) * config.players),
        "history": [_event_json(event) for event in state.history],
    }


def _cards_from(value: object, what: str) -> tuple[AnyCard, ...]:
    if not isinstance(value, list):
        raise SaveFormatError(f"The {what} in the save must be a list of cards.")
    cards: list[AnyCard] = []
    for code in value:
        if not isinstance(code, str) or code not in _BY_CODE:
            shown = str(code)[:12]
            raise SaveFormatError(f"The {what} in the save holds '{shown}', which is not a card.")
        cards.append(_BY_CODE[code])
    return tuple(cards)


_HOUSE_FIELDS: Final = (*HOUSE_RULES, "match", "target")


def _house_rules(conf: SaveReader) -> dict[str, Any]:
    """The house rules and match of a saved set-up; a save from before they existed has
    none, and gets the defaults (the Config checks the values)."""
    found = {field: conf.data[field] for field in _HOUSE_FIELDS if field in conf.data}
    if "card_points" in conf.data:
        found["card_points"] = tuple(conf.items("card_points"))
    return found


def from_json(data: Mapping[str, Any]) -> State:
    """Rebuild a state from ``to_json`` output (the mapping; text is parsed by its reader).

    Raises SaveFormatError with a sentence on anything that is not a sound Pesten save.
    """
    top = read_header(data, GAME, "Pesten", VERSION)
    conf = top.part("config", "the set-up")
    try:
        config = Config(
            players=conf.integer("players"),
            packs=conf.integer("packs"),
            jokers=conf.integer("jokers"),
            seed=conf.integer("seed"),
            names=tuple(conf.items("names")),
            dealer=conf.integer("dealer"),
            **_house_rules(conf),
        )
    except ValueError as error:
        if isinstance(error, SaveFormatError):
            raise
        raise SaveFormatError(f"The save's set-up is not playable: {error}") from None
    players = config.players
    hands = tuple(_cards_from(hand, "hand") for hand in top.items("hands", players))
    stock = _cards_from(top.get("stock"), "stock")
    pile = _cards_from(top.get("pile"), "pile")
    if not pile:
        raise SaveFormatError("The save's discard pile is empty.")
    everything = [card for hand in hands for card in hand] + list(stock) + list(pile)
    if sorted(_codes(everything)) != sorted(_codes(_deck(config))):
        raise SaveFormatError("The cards in the save do not add up to the packs in play.")
    wins = top.items("wins", players)
    if not all(whole(w) and w >= 0 for w in wins):
        raise SaveFormatError(f"'wins' in the save must hold {players} counts.")
    points = top.items("points", players) if "points" in data else [0] * players
    if not all(whole(p) and p >= 0 for p in points):
        raise SaveFormatError(f"'points' in the save must hold {players} counts.")
    suit_raw = top.get("suit")
    suits = {suit.value: suit for suit in SUITS}
    if suit_raw is not None and (not isinstance(suit_raw, str) or suit_raw not in suits):
        raise SaveFormatError("'suit' in the save is not a suit.")
    phases = {phase.value: phase for phase in Phase}
    phase_raw = top.get("phase")
    if not isinstance(phase_raw, str) or phase_raw not in phases:
        raise SaveFormatError("'phase' in the save is not a phase of Pesten.")
    direction = top.integer("direction", -1, 1)
    if direction == 0:
        raise SaveFormatError("'direction' in the save must be 1 or -1.")
    winner = top.optional_integer("winner", 0, players - 1)
    phase = phases[phase_raw]
    if (phase is _OVER) != (winner is not None):
        raise SaveFormatError("The save's winner does not match its phase.")
    if phase is not _OVER and not all(hands):
        raise SaveFormatError("A player without cards has won, yet the save's round runs on.")
    current = top.integer("current", 0, players - 1)
    stack = top.integer("stack")
    if phase is _DRAWN and (stack or not hands[current]):
        raise SaveFormatError("The save's drawn card is missing.")
    if stack and isinstance(pile[-1], Card) and pile[-1].rank is _ACE:
        raise SaveFormatError("The save's stack does not match its top card.")
    history = _history(top.items("history"), config)
    return State(
        config=config,
        seed=top.integer("seed"),
        round=top.integer("round", 1),
        wins=tuple(wins),
        dealer=top.integer("dealer", 0, players - 1),
        hands=hands,
        stock=stock,
        pile=pile,
        current=current,
        direction=direction,
        suit=None if suit_raw is None else suits[suit_raw],
        stack=stack,
        phase=phase,
        series=top.boolean("series"),
        passes=top.integer("passes"),
        turns=top.integer("turns"),
        winner=winner,
        history=tuple(history),
        points=tuple(points),
    )


# ------------------------------------------------------------------ the history


_NUMBERS: Final = ("amount", "round", "asked")
"""The event fields saved as whole numbers when they are not 0."""


def _event_json(event: Event) -> dict[str, object]:
    saved: dict[str, object] = {"kind": event.kind, "seat": event.seat,
                                "cards": _codes(event.cards)}
    for field in _NUMBERS:
        value = getattr(event, field)
        if value:
            saved[field] = value
    if event.other is not None:
        saved["other"] = event.other
    if event.suit is not None:
        saved["suit"] = event.suit.value
    if event.reason:
        saved["reason"] = event.reason
    return saved


def _history(entries: list[Any], config: Config) -> tuple[Event, ...]:
    players = config.players
    history: list[Event] = []
    for raw in entries:
        entry = SaveReader(raw, "a history entry")
        kind = entry.text("kind", 20)
        if kind not in EVENT_KINDS:
            raise SaveFormatError("A history entry in the save is of no kind Pesten knows.")
        seat = entry.optional_integer("seat", 0, players - 1)
        cards = _cards_from(entry.get("cards"), "history")
        if "text" in entry.data:
            event = _old_event(kind, seat, cards, entry.text("text", 2000), config, history)
        else:
            event = _new_event(kind, seat, cards, entry, config)
        if not _sayable(event):
            raise SaveFormatError("A history entry in the save is missing a part.")
        history.append(event)
    return tuple(history)


def _new_event(
    kind: str, seat: int | None, cards: tuple[AnyCard, ...], entry: SaveReader, config: Config
) -> Event:
    numbers = {field: entry.integer(field, 0, 100_000) if field in entry.data else 0
               for field in _NUMBERS}
    suit_raw = entry.data.get("suit")
    if suit_raw is not None and suit_raw not in _SUITS:
        raise SaveFormatError("'suit' in a history entry of the save is not a suit.")
    reason = entry.data.get("reason", "")
    if reason not in ("", *PENALTY_REASONS):
        raise SaveFormatError("'reason' in a history entry of the save is not a penalty's.")
    other = entry.optional_integer("other", 0, config.players - 1)
    return Event(kind, seat, cards, numbers["amount"], None if suit_raw is None
                 else _SUITS[suit_raw], other, numbers["round"], reason, numbers["asked"],
                 config.names)


def _sayable(event: Event) -> bool:
    """Whether the event has every part its sentence needs."""
    kind = event.kind
    if kind != "reshuffle" and event.seat is None:
        return False
    if kind in ("deal", "play", "win") or event.reason == "forgot_back":
        return bool(event.cards) and (kind != "deal" or event.other is not None)
    return kind != "penalty" or event.reason != ""


def _old_event(
    kind: str, seat: int | None, cards: tuple[AnyCard, ...], text: str, config: Config,
    before: list[Event],
) -> Event:
    """The event whose sentence is ``text`` (a save from before events had fields): the
    first guess at its fields that ``describe`` words exactly so."""
    for guess in _guesses(kind, seat, cards, text, config, before):
        if _sayable(guess) and describe(guess, 0) == text:
            return guess
    raise SaveFormatError("A history entry in the save does not read as Pesten's own.")


def _guesses(
    kind: str, seat: int | None, cards: tuple[AnyCard, ...], text: str, config: Config,
    before: list[Event],
) -> Iterator[Event]:
    """The events that may have been worded as ``text``: few, as the words narrow them."""
    numbers = [int(number) for number in re.findall(r"\d+", text)] or [0]
    seats: list[int | None] = [None, *range(config.players)]
    suits = [None, *SUITS] if " names " in text else [None]
    reasons = PENALTY_REASONS if kind == "penalty" else ("",)
    # A card that went back is the last of the play just before (a reshuffle may come between).
    plays = [event for event in before[-2:] if event.kind == "play"]
    gone_back = plays[-1].cards[-1:] if plays else ()
    for amount in [0, 1, *numbers]:
        for asked in ([0, *numbers] if kind == "take" else [0]):
            for other in (seats if kind in ("deal", "play") else [None]):
                for suit in suits:
                    for round_number in (numbers if kind in ("deal", "win", "blocked") else [0]):
                        for reason in reasons:
                            shown = gone_back if reason == "forgot_back" else cards
                            yield Event(kind, seat, shown, amount, suit, other, round_number,
                                        reason, max(asked, amount) if kind == "take" else 0,
                                        config.names)
