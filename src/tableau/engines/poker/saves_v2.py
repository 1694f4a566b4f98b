"""Reading a Poker save of version 2, whose history was kept as sentence patterns
("{2:raises} to 4 and {2:-is} all-in."): each line is turned back into its event's fields, so
an evening saved before the history had fields goes on exactly as it was."""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Mapping
from typing import Any
from typing import Final

from tableau.cards import CardError
from tableau.cards import parse_card
from tableau.engines.poker.evaluator import hand_info
from tableau.engines.protocol import SaveFormatError
from tableau.engines.protocol import SaveReader

__all__ = ["from_version_2"]

LONG_TEXT: Final = 4000
"""A line of history: a showdown of 6 players with 20-character names and 5 side pots
stays under 2,000 characters."""

Fields = dict[str, Any]


def _fields(kind: str, seat: int | None = None, count: int = 0, pot: int = 0,
            all_in: bool = False, cards: list[str] | None = None) -> Fields:
    return {"kind": kind, "seat": seat, "count": count, "pot": pot, "all_in": all_in,
            "cards": cards or []}


def _show(match: re.Match[str]) -> Fields:
    names = match[2].split(", ")
    cards = [str(parse_card(name)) for name in names]  # CardError: not a line of history
    return _fields("show", int(match[1]), cards=cards)


_ALL_IN: Final = r"( and \{\1:-is\} all-in)?"
_LINES: Final[tuple[tuple[str, Callable[[re.Match[str]], Fields]], ...]] = (
    (r"Hand (\d+): \{(\d+):deals\}\.", lambda m: _fields("deal", int(m[2]), int(m[1]))),
    (r"Everyone antes (\d+); the pot is (\d+)\.",
     lambda m: _fields("ante", count=int(m[1]), pot=int(m[2]))),
    (r"\{(\d+):(fold|check)s\}\.", lambda m: _fields(m[2], int(m[1]))),
    (r"\{(\d+):(call|bet)s\} (\d+)" + _ALL_IN + r"\.",
     lambda m: _fields(m[2], int(m[1]), int(m[3]), all_in=bool(m[4]))),
    (r"\{(\d+):raises\} to (\d+)" + _ALL_IN + r"\.",
     lambda m: _fields("raise", int(m[1]), int(m[2]), all_in=bool(m[3]))),
    (r"The stock ran short: the discards are shuffled in\.", lambda m: _fields("reshuffle")),
    (r"\{(\d+):draws\} (\d+)\.", lambda m: _fields("draw", int(m[1]), int(m[2]))),
    (r"\{(\d+):stands\} pat\.", lambda m: _fields("draw", int(m[1]))),
    (r"\{(\d+):shows\} [^(]*\((.*)\)\.", _show),
    (r"\{(\d+):is\} out of chips\.", lambda m: _fields("out", int(m[1]))),
    (r"\{(\d+):wins\} the game with all (\d+) chips?\.",
     lambda m: _fields("champion", int(m[1]), int(m[2]))),
)

_SINGLE: Final = re.compile(r"\{(\d+):wins\}(?: (side pot \d+) of)? (\d+) with .+")
_SPLIT: Final = re.compile(r"((?:\{\d+\}, )*\{\d+\} and \{\d+\}) split(?: (side pot \d+) of)? "
                           r"(\d+) with .+?(?:; \{\d+:gets\} the odd chip)?")
_RETURNED: Final = re.compile(r"(\d+) unmatched goes back to \{(\d+)\}")
_BY_FOLD: Final = re.compile(r"\{(\d+):wins\} (\d+); everyone else folded")


def _award(seat: int, amount: int, pot: str) -> Fields:
    return {"seat": seat, "amount": amount, "pot": pot}


def _awards(said: str) -> list[Fields]:
    """The awards a showdown's sentence pattern names, pot by pot."""
    awards = []
    for part in re.split(r"; (?!\{\d+:gets\})", said):
        if match := _RETURNED.fullmatch(part):
            awards.append(_award(int(match[2]), int(match[1]), "returned"))
        elif match := _SINGLE.fullmatch(part):
            awards.append(_award(int(match[1]), int(match[3]), match[2] or "main pot"))
        elif match := _SPLIT.fullmatch(part):
            winners = [int(seat) for seat in re.findall(r"\{(\d+)\}", match[1])]
            share, odd = divmod(int(match[3]), len(winners))
            awards += [_award(seat, share + (index < odd), match[2] or "main pot")
                       for index, seat in enumerate(winners)]
        else:
            raise SaveFormatError("A line of history in the save is not one of Poker's.")
    return awards


def _win(said: str, hand: int, shown: list[Fields]) -> Fields:
    """A hand's result line; the hands shown are the show lines of the hand before it."""
    said = said.removesuffix(".")
    if match := _BY_FOLD.fullmatch(said):
        seat, pot = int(match[1]), int(match[2])
        awards, by_fold, shown = [_award(seat, pot, "main pot")], True, []
    else:
        awards, by_fold = _awards(said), False
    result = {"hand_number": hand, "pot": sum(award["amount"] for award in awards),
              "by_fold": by_fold, "shown": shown, "awards": awards}
    return {**_fields("win"), "result": result}


def _line(said: str, hand: int, shown: list[Fields], kind: object) -> Fields:
    if kind == "win":
        return _win(said, hand, shown)
    for pattern, fields in _LINES:
        if match := re.fullmatch(pattern, said):
            return fields(match)
    raise SaveFormatError("A line of history in the save is not one of Poker's.")


def _shown(fields: Fields) -> Fields:
    info = hand_info([parse_card(code) for code in fields["cards"]])
    return {"seat": fields["seat"], "cards": [str(card) for card in info.cards],
            "text": info.text, "value": info.value}


def from_version_2(data: Mapping[str, Any]) -> dict[str, Any]:
    """The same save in version 3 (its history in fields); SaveFormatError for a line that
    was never Poker's."""
    save = SaveReader(data)
    history: list[Fields] = []
    hand = 0
    shown: list[Fields] = []
    for item in save.items("history"):
        line = SaveReader(item, "a line of history")
        try:
            fields = _line(line.text("said", LONG_TEXT), hand, shown, line.data.get("kind"))
            if fields["kind"] == "show":
                shown = [*shown, _shown(fields)]
        except (CardError, ValueError) as error:
            if isinstance(error, SaveFormatError):
                raise
            raise SaveFormatError("A line of history in the save is not one of Poker's.") from None
        if fields["kind"] == "deal":
            hand, shown = fields["count"], []
        history.append(fields)
    converted = {**data, "version": 3, "history": history}
    result = data.get("result")
    if isinstance(result, Mapping):
        converted["result"] = {key: value for key, value in result.items() if key != "said"}
    return converted
