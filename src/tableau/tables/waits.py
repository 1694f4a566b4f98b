"""Whom a shared table waits for, in the words every screen uses (the line mode's
``cli.table_lines``, the Pesten table screens of ``ui.screens.pesten_shared``): worded once
here, so a wait reads the same at every screen."""

from __future__ import annotations

from typing import Any

from tableau.tables.shared_table import SharedTable


def waiting_for(shared: SharedTable[Any], seat: int, *, short: bool = False) -> str:
    """The sentence for a table waiting at ``seat``: an open seat, an away player (one whose
    screen, the opener's too, is gone), a player at the opener's screen or at their own, a
    CPU. ``short``: the few words of a status line."""
    name = shared.session.seats[seat].name
    kind = shared.shared_seat(seat).kind
    if kind == "open":
        return (f"Seat {seat + 1} waits for a friend to join." if short else
                f"Seat {seat + 1} is open: the table waits for a friend to join "
                f"(tableau join {shared.code}).")
    if seat in shared.away() and seat not in shared.session.stand_ins:
        return (f"{name} is away; the table waits." if short else
                f"{name} is away; the table waits for them to come back.")
    if short or kind == "cpu" or seat in shared.session.stand_ins:
        return f"Waiting for {shared.shown_name(seat)}" + (" (CPU)…" if kind == "cpu" else "…")
    where = "the opener's screen" if kind == "human" else "their own screen"
    return f"Waiting for {name}, who plays at {where}."


def end_wait(shared: SharedTable[Any], next_one: str) -> str:
    """What a friend's screen says at an end: who deals ``next_one`` ("the next round")."""
    if shared.opener_gone:
        return f"{next_one[0].upper()}{next_one[1:]} is dealt in a few seconds."
    return f"Waiting for the opener to deal {next_one}."


def away_waited_for(shared: SharedTable[Any]) -> frozenset[int]:
    """The away seats no CPU plays for: the ones screens mark "(away)" (a seat a CPU plays
    for now shows "(CPU for now)" instead)."""
    stood_in: frozenset[int] = frozenset(shared.session.stand_ins)
    return shared.away() - stood_in
