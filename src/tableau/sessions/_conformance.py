"""Checked by ``mypy --strict`` (``make lint``), never imported by the app: every game's session
class conforms to the ``Session`` protocol, and its module's ``start(seats, seed, **options)``
makes one. (The functions are never called: mypy checks their types.)"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from typing import Any

from tableau.sessions import gofish
from tableau.sessions import pesten
from tableau.sessions import poker
from tableau.sessions import yukon
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import Session

AnySession = Session[Any, Any, Any]


def _yukon(start: Callable[[Sequence[SeatInfo], int], yukon.YukonSession]) -> AnySession:
    return start([], 0)


def _pesten(start: Callable[[Sequence[SeatInfo], int], pesten.PestenSession]) -> AnySession:
    return start([], 0)


def _gofish(start: Callable[[Sequence[SeatInfo], int], gofish.GoFishSession]) -> AnySession:
    return start([], 0)


def _poker(start: Callable[[Sequence[SeatInfo], int], poker.PokerSession]) -> AnySession:
    return start([], 0)

