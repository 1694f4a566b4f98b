"""The one place Poker's history is put into words: ``describe(event, viewer)``.

A sentence names every seat by its name, except the reader's own, which is "You" where a
sentence (or a heading's text) begins and "you" elsewhere, with the verb agreeing ("You
fold.", "2 unmatched goes back to you"). ``viewer`` None words every seat by name (the
outcome's sentence). Only public facts are worded: a hand's cards appear once shown down.

Inside, an event becomes a pattern whose seat fields are filled for the reader: ``{2}`` is
seat 2's name, ``{2:folds}`` its name and the verb, ``{2:-is}`` the verb alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import groupby
from string import Formatter
from typing import Any

from tableau.engines.poker.evaluator import describe as describe_hand
from tableau.engines.poker.events import Event
from tableau.engines.poker.events import HandResult
from tableau.engines.poker.events import chips_text
from tableau.engines.poker.state import View

__all__ = ["describe", "history_lines", "result_said", "result_text", "word"]


class _Wording(Formatter):
    def __init__(self, names: Sequence[str], reader: int | None) -> None:
        super().__init__()
        self.names = names
        self.reader = reader

    def format_field(self, value: Any, format_spec: str) -> str:
        you = value == self.reader
        name = "you" if you else self.names[value]  # "You" only where a sentence begins
        if not format_spec:
            return name
        verb = format_spec.removeprefix("-")
        if you:
            verb = _agreeing(verb)
        return verb if format_spec.startswith("-") else f"{name} {verb}"


def _agreeing(verb: str) -> str:
    """ "bets" -> "bet", "is" -> "are": the verb after "You"."""
    if verb == "is":
        return "are"
    return verb[:-2] if verb.endswith(("ches", "shes", "sses")) else verb[:-1]


@lru_cache(maxsize=4096)
def word(pattern: str, names: tuple[str, ...], reader: int | None = None) -> str:
    """A pattern in words, for ``reader`` (None: every seat by its name)."""
    wording = _Wording(names, reader)
    text = ""
    for literal, field, spec, _ in wording.parse(pattern):
        text += literal
        if field is None:
            continue
        seat = int(field)
        said = wording.format_field(seat, spec or "")
        if seat == reader and (not text.strip() or text.rstrip().endswith((".", ":"))):
            said = "Y" + said[1:]
        text += said
    return text


def _seat(seat: int | None, verb: str = "") -> str:
    """A seat's field in a pattern: its name, followed by ``verb`` when one is given."""
    return f"{{{seat}:{verb}}}" if verb else f"{{{seat}}}"


def _names_list(seats: Sequence[int]) -> str:
    names = [_seat(seat) for seat in seats]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def result_said(result: HandResult) -> str:
    """Who won what, as a pattern: each pot in turn, in the order of the awards."""
    if result.by_fold:
        award = result.awards[0]
        return f"{_seat(award.seat, 'wins')} {result.pot}; everyone else folded"
    texts = {item.seat: item.text for item in result.shown}
    parts = []
    for label, group in groupby(result.awards, key=lambda award: award.pot):
        awards = list(group)
        amount = sum(award.amount for award in awards)
        if label == "returned":
            parts.append(f"{amount} unmatched goes back to {_seat(awards[0].seat)}")
            continue
        winners = [award.seat for award in awards]
        where = "" if label == "main pot" else f" {label} of"
        with_hand = f"{amount} with {texts[winners[0]]}"
        if len(winners) == 1:
            parts.append(f"{_seat(winners[0], 'wins')}{where} {with_hand}")
            continue
        text = f"{_names_list(winners)} split{where} {with_hand}"
        if amount % len(winners):
            text += f"; {_seat(winners[0], 'gets')} the odd chip"
        parts.append(text)
    return "; ".join(parts)


def _all_in(event: Event) -> str:
    return f" and {_seat(event.seat, '-is')} all-in" if event.all_in else ""


def _pattern(event: Event) -> str:
    seat, count = event.seat, event.count
    match event.kind:
        case "deal":
            return f"Hand {count}: {_seat(seat, 'deals')}."
        case "ante":
            return f"Everyone antes {count}; the pot is {event.pot}."
        case "fold" | "check":
            return f"{_seat(seat, event.kind + 's')}."
        case "call" | "bet":
            return f"{_seat(seat, event.kind + 's')} {count}{_all_in(event)}."
        case "raise":
            return f"{_seat(seat, 'raises')} to {count}{_all_in(event)}."
        case "reshuffle":
            return "The stock ran short: the discards are shuffled in."
        case "draw":
            return f"{_seat(seat, 'draws')} {count}." if count else f"{_seat(seat, 'stands')} pat."
        case "show":
            return f"{_seat(seat, 'shows')} {describe_hand(event.cards)}."
        case "win":
            assert event.result is not None
            return result_said(event.result) + "."
        case "out":
            return f"{_seat(seat, 'is')} out of chips."
        case "champion":
            return f"{_seat(seat, 'wins')} the game with all {chips_text(count)}."
    raise ValueError(f"There is no Poker event '{event.kind}'.")


@lru_cache(maxsize=8192)
def describe(event: Event, viewer: int | None) -> str:
    """The sentence ``viewer`` reads for this event ("You fold.", "Bram bets 2.")."""
    return word(_pattern(event), event.names, viewer)


def history_lines(view: View) -> tuple[str, ...]:
    """A view's history in its seat's words."""
    return tuple(describe(event, view.seat) for event in view.history)


def result_text(view: View) -> str:
    """Who won what in the last hand, in the view's seat's words ("" before any result)."""
    result = view.result
    return "" if result is None else word(result_said(result), view.names, view.seat)
