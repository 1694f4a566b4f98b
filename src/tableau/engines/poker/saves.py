"""Poker saves: ``to_json`` and ``from_json``, versioned, lossless, and read through the one
``SaveReader``: a damaged or edited save is refused with one sentence, never half-read.

Version 3 keeps the history in fields; a version 2 save (the history as sentence patterns)
is read through ``saves_v2``.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import replace
from typing import Any
from typing import Final

from tableau.cards import FULL_DECK
from tableau.cards import Card
from tableau.cards import CardError
from tableau.cards import parse_card
from tableau.engines.names import SAVED_NAME_LENGTH
from tableau.engines.poker.events import EVENT_KINDS
from tableau.engines.poker.events import Award
from tableau.engines.poker.events import Event
from tableau.engines.poker.events import HandResult
from tableau.engines.poker.events import Showdown
from tableau.engines.poker.game import _game_over
from tableau.engines.poker.game import _holders
from tableau.engines.poker.game import _live
from tableau.engines.poker.game import _owes_action
from tableau.engines.poker.moves import sort_key
from tableau.engines.poker.saves_v2 import from_version_2
from tableau.engines.poker.state import BETTING
from tableau.engines.poker.state import MAX_CHIPS
from tableau.engines.poker.state import MAX_PLAYERS
from tableau.engines.poker.state import MIN_PLAYERS
from tableau.engines.poker.state import Phase
from tableau.engines.poker.state import State
from tableau.engines.poker.wording import describe
from tableau.engines.protocol import SaveFormatError
from tableau.engines.protocol import SaveReader
from tableau.engines.protocol import check_version

__all__ = ["SAVE_VERSION", "from_json", "to_json"]

SAVE_VERSION: Final = 3


def _cards_json(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def to_json(state: State) -> dict[str, Any]:
    result = state.result
    return {
        "game": "poker",
        "version": SAVE_VERSION,
        "names": list(state.names),
        "ante": state.ante,
        "small_bet": state.small_bet,
        "big_bet": state.big_bet,
        "max_raises": state.max_raises,
        "stop_when_out": state.stop_when_out,
        "seed": state.seed,
        "hand_number": state.hand_number,
        "button": state.button,
        "phase": state.phase.value,
        "chips": list(state.chips),
        "pot": state.pot,
        "hands": [_cards_json(hand) for hand in state.hands],
        "stock": _cards_json(state.stock),
        "muck": _cards_json(state.muck),
        "dealt": list(state.dealt),
        "folded": list(state.folded),
        "put_in": list(state.put_in),
        "bets": list(state.bets),
        "acted": list(state.acted),
        "raises": state.raises,
        "to_act": state.to_act,
        "drew": list(state.drew),
        "last_actions": list(state.last_actions),
        "history": [_event_json(event) for event in state.history],
        "out_places": list(state.out_places),
        "result": None if result is None else _result_json(result),
    }


def _result_json(result: HandResult) -> dict[str, Any]:
    return {
        "hand_number": result.hand_number,
        "pot": result.pot,
        "by_fold": result.by_fold,
        "shown": [{"seat": item.seat, "cards": _cards_json(item.cards), "text": item.text,
                   "value": item.value} for item in result.shown],
        "awards": [{"seat": award.seat, "amount": award.amount, "pot": award.pot}
                   for award in result.awards],
    }


def _event_json(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": event.kind, "seat": event.seat, "count": event.count,
                            "pot": event.pot, "all_in": event.all_in,
                            "cards": _cards_json(event.cards)}
    if event.result is not None:
        data["result"] = _result_json(event.result)
    return data


def _each(save: SaveReader, key: str, length: int | None, kind: str) -> list[SaveReader]:
    """The objects of a list, each read with its own name in the sentences."""
    return [SaveReader(item, kind) for item in save.items(key, length)]


def _values(save: SaveReader, key: str, length: int | None, fits: Callable[[Any], bool],
            wanted: str) -> tuple[Any, ...]:
    """A list of plain values that each ``fits`` (``wanted`` says what they must be)."""
    items = save.items(key, length)
    if not all(fits(item) for item in items):
        raise SaveFormatError(f"'{key}' in {save.where} must hold {wanted}.")
    return tuple(items)


def _number(item: Any, high: int = MAX_CHIPS * MAX_PLAYERS) -> bool:
    return type(item) is int and 0 <= item <= high  # not a bool: type(True) is bool


def _numbers(save: SaveReader, key: str, length: int) -> tuple[int, ...]:
    return _values(save, key, length, _number, "whole numbers of chips")


def _flags(save: SaveReader, key: str, length: int) -> tuple[bool, ...]:
    return _values(save, key, length, lambda item: type(item) is bool, "true or false")


def _texts(save: SaveReader, key: str, length: int | None, limit: int) -> tuple[str, ...]:
    return _values(save, key, length, lambda item: isinstance(item, str) and len(item) <= limit,
                   f"texts of at most {limit} characters")


def _codes(items: object, what: str) -> tuple[Card, ...]:
    """Cards from a list of codes ("QH"); ``what`` names the list in the sentence."""
    try:
        if isinstance(items, list) and all(isinstance(item, str) for item in items):
            return tuple(parse_card(item) for item in items)
    except CardError:
        pass
    raise SaveFormatError(f"{what} in the save must be a list of cards like \"QH\".")


def _cards(save: SaveReader, key: str) -> tuple[Card, ...]:
    return _codes(save.get(key), f"'{key}' in {save.where}")


def _result(raw: SaveReader, last_seat: int) -> HandResult:
    shown = tuple(
        Showdown(item.integer("seat", 0, last_seat), _cards(item, "cards"), item.text("text"),
                 item.integer("value", 1, 7462))
        for item in _each(raw, "shown", None, "a hand shown")
    )
    awards = tuple(
        Award(item.integer("seat", 0, last_seat), item.integer("amount"), item.text("pot"))
        for item in _each(raw, "awards", None, "an award")
    )
    return HandResult(raw.integer("hand_number"), raw.integer("pot"), raw.boolean("by_fold"),
                      shown, awards)


def _event(line: SaveReader, names: tuple[str, ...]) -> Event:
    """A line of history in fields, refused unless it can be worded."""
    kind = line.text("kind", 20)
    last_seat = len(names) - 1
    result = None
    if line.data.get("result") is not None:
        result = _result(line.part("result", "the hand's result"), last_seat)
    event = Event(kind, names, line.optional_integer("seat", 0, last_seat),
                  line.integer("count", 0, MAX_CHIPS * MAX_PLAYERS),
                  line.integer("pot", 0, MAX_CHIPS * MAX_PLAYERS), line.boolean("all_in"),
                  _cards(line, "cards"), result)
    needs_seat = kind not in ("ante", "reshuffle", "win")
    if kind not in EVENT_KINDS or (event.seat is None) == needs_seat or (
            (result is None) == (kind == "win")):
        raise SaveFormatError("A line of history in the save is not one of Poker's.")
    return worded(event, "A line of history in the save")


def worded(event: Event, what: str) -> Event:
    """``event``, refused unless it can be worded (``what`` names it in the sentence)."""
    try:
        describe(event, None)
    except (ValueError, IndexError, KeyError, TypeError, AttributeError, AssertionError):
        raise SaveFormatError(f"{what} is not a line of history.") from None
    return event


def from_json(data: Mapping[str, Any]) -> State:
    """Rebuild a state from ``to_json``; raises SaveFormatError on anything malformed."""
    if not isinstance(data, Mapping) or data.get("game") != "poker":
        raise SaveFormatError("The save is not a Poker game.")
    if check_version(data.get("version"), (2, SAVE_VERSION)) == 2:
        data = from_version_2(data)  # a save from before the history had fields
    save = SaveReader(data)
    names = _texts(save, "names", None, SAVED_NAME_LENGTH)
    players = len(names)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SaveFormatError("The save has the wrong number of players.")
    if any(not name.strip() for name in names):
        raise SaveFormatError("A name in the save is empty.")
    seat = players - 1
    try:
        phase = Phase(save.get("phase"))
    except ValueError:
        raise SaveFormatError("The save's phase is unknown.") from None
    history = tuple(_event(line, names)
                    for line in _each(save, "history", None, "a line of history"))
    result = None
    if save.get("result") is not None:
        result = _result(save.part("result", "the hand's result"), seat)
        worded(Event("win", names, result=result), "The hand's result in the save")
    state = State(
        names=names,
        ante=save.integer("ante", 0, MAX_CHIPS),
        small_bet=save.integer("small_bet", 1, MAX_CHIPS),
        big_bet=save.integer("big_bet", 1, MAX_CHIPS),
        max_raises=save.integer("max_raises", 0, 10),
        stop_when_out=save.optional_integer("stop_when_out", 0, seat),
        seed=save.integer("seed"),
        hand_number=save.integer("hand_number"),
        button=save.integer("button", 0, seat),
        phase=phase,
        chips=_numbers(save, "chips", players),
        pot=save.integer("pot", 0, MAX_CHIPS * MAX_PLAYERS),
        hands=tuple(_codes(hand, "A hand") for hand in save.items("hands", players)),
        stock=_cards(save, "stock"),
        muck=_cards(save, "muck"),
        dealt=_flags(save, "dealt", players),
        folded=_flags(save, "folded", players),
        put_in=_numbers(save, "put_in", players),
        bets=_numbers(save, "bets", players),
        acted=_flags(save, "acted", players),
        raises=save.integer("raises", 0, 11),
        to_act=save.optional_integer("to_act", 0, seat),
        drew=_values(save, "drew", players, lambda item: item is None or _number(item, 5),
                     "numbers of cards drawn, or null"),
        last_actions=_texts(save, "last_actions", players, 40),
        history=history,
        result=result,
        out_places=_values(save, "out_places", players, lambda item: item is None or (
            type(item) is int and 1 <= item <= players), f"places 1 to {players}, or null")
        if "out_places" in save.data else (None,) * players,
    )
    if "out_places" not in save.data:  # a save from before places were kept: shared
        shared = 1 + len(_holders(state))
        state = replace(state, out_places=tuple(shared if _is_out(state, seat) else None
                                                for seat in range(players)))
    _check_consistent(state)
    return state


def _check_consistent(state: State) -> None:
    """Refuse a save the game could not go on from (a hand edited into nonsense)."""
    every = [card for hand in state.hands for card in hand] + list(state.stock) + list(state.muck)
    if sorted(every, key=sort_key) != sorted(FULL_DECK, key=sort_key):
        raise SaveFormatError("The save's cards do not make one full deck.")
    if any((place is not None) != _is_out(state, seat)
           for seat, place in enumerate(state.out_places)):
        raise SaveFormatError("The save's places do not fit the players who are out.")
    if state.phase in BETTING or state.phase is Phase.DRAW:
        _check_running_hand(state)
    else:
        _check_between_hands(state)


def _is_out(state: State, seat: int) -> bool:
    """Out of the game: no chips, and not all-in in a hand still running."""
    between_hands = state.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    return state.chips[seat] == 0 and (between_hands or not state.dealt[seat])


def _check_between_hands(state: State) -> None:
    if state.pot != 0 or state.to_act is not None:
        raise SaveFormatError("The save's hand is over, but chips or a turn are still open.")
    if _game_over(state) != (state.phase is Phase.GAME_OVER):
        raise SaveFormatError("The save's phase does not fit the players' chips.")


def _check_running_hand(state: State) -> None:
    live = [seat for seat in range(state.players) if _live(state, seat)]
    if len(live) < 2:
        raise SaveFormatError("The save's hand has fewer than two players left in it.")
    if state.pot != sum(state.put_in):
        raise SaveFormatError("The save's pot does not match the chips put in.")
    if state.raises > state.max_raises + 1:
        raise SaveFormatError("The save's betting has more raises than the cap allows.")
    for seat in range(state.players):
        in_hand = _live(state, seat)
        if len(state.hands[seat]) != (5 if in_hand else 0):
            raise SaveFormatError("A player in the save holds the wrong number of cards.")
        if not state.dealt[seat] and (state.folded[seat] or state.put_in[seat]):
            raise SaveFormatError("A player in the save folded or bet without being dealt in.")
        if state.bets[seat] > state.put_in[seat]:
            raise SaveFormatError("A bet in the save is larger than the chips put in.")
        drawn = state.drew[seat] is not None
        if in_hand and state.phase in BETTING and drawn != (state.phase is Phase.SECOND_BETTING):
            raise SaveFormatError("The save's draws do not fit the phase of the hand.")
    actor = state.to_act
    if actor is None or not _live(state, actor):
        raise SaveFormatError("The save's player to act is not in the hand.")
    if state.phase is Phase.DRAW and (state.drew[actor] is not None or any(state.bets)):
        raise SaveFormatError("The save's player to draw has drawn already.")
    if state.phase in BETTING and not _owes_action(state, actor):
        raise SaveFormatError("The save's player to act has nothing to do.")
