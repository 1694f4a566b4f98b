"""Shared fixtures for UI tests: still apps (frozen clock, no blink, no animations, no CPU
pauses) whose files go to a temporary folder; and a Pilot as patient as the tests' waits."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from ui_helpers import AWAY_IN_TESTS
from ui_helpers import PATIENCE

from tableau.storage import table_store
from tableau.tables import shared_table
from tableau.ui.app import TableauApp
from tableau.ui.scenes import still_app


@pytest.fixture
def make_app(tmp_path: Path) -> Callable[..., TableauApp]:
    """``make_app("yukon", seed=7)``: a still app that saves and loads in ``tmp_path``."""

    def factory(start: str | None = None, **options: Any) -> TableauApp:
        return still_app(start, folder=tmp_path, **options)

    return factory


@pytest.fixture(autouse=True)
def patient_pilot(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pilot gives up when the screen has not handled its messages within 30 s (raising
    WaitForScreenTimeout). On CI once running 25 times slower than usual, a table screen's
    first frame took longer than that. A pilot now waits as long as a test waits for what a
    player would see (ui_helpers.PATIENCE): a loaded machine makes a step slower, not false."""
    wait_for_screen = Pilot._wait_for_screen

    async def patient(self: Pilot[Any], timeout: float = PATIENCE) -> bool:
        return await wait_for_screen(self, max(timeout, PATIENCE))

    monkeypatch.setattr(Pilot, "_wait_for_screen", patient)


@pytest.fixture(autouse=True)
def patient_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """A shared table's player is away after AWAY_IN_TESTS without a heartbeat (see there)."""
    for module in (table_store, shared_table):
        monkeypatch.setattr(module, "AWAY_AFTER", AWAY_IN_TESTS)
