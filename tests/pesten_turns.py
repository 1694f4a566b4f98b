"""One Pesten turn played through the session API, for tests that need a table some turns on.
(A plain module beside conftest.py: test folders have no __init__.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tableau.engines.pesten import DRAW
from tableau.sessions.pesten import DONE
from tableau.sessions.pesten import OPEN
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Stage


def draw_first(table: PestenSession, seat: int) -> Any:
    """Draw when drawing is offered, else the first move offered."""
    moves = table.moves(seat)
    return DRAW if DRAW in moves else moves[0]


def turn(table: PestenSession, choose: Callable[[PestenSession, int], Any] = draw_first,
         *, cpus_after: bool = True) -> None:
    """The seat to move opens its lock, makes the move ``choose`` picks and hands over (Done),
    until another seat is to move; a CPU plays its own turn, and with ``cpus_after`` the CPUs
    after it play at once too, as at the table."""
    seat = table.to_move
    for _ in range(12):
        passed = table.to_move != seat and (
            table.stage is not Stage.CPU if cpus_after else table.review is None)
        if table.over or passed:
            return
        step = table.cpu_step()
        if step is not None:
            assert table.play_cpu(step).ok
            continue
        now = table.to_move
        assert now is not None
        stage = table.stage
        move = (OPEN if stage is Stage.LOCK else DONE if stage is Stage.REVIEW
                else choose(table, now))
        answer = table.act(now, move)
        assert answer.ok, answer
    raise AssertionError("The turn did not pass.")
