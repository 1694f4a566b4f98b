"""Shared fixtures for UI tests: still apps (frozen clock, no blink, no animations, no CPU
pauses) whose files go to a temporary folder."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tableau.ui.app import TableauApp
from tableau.ui.scenes import still_app


@pytest.fixture
def make_app(tmp_path: Path) -> Callable[..., TableauApp]:
    """``make_app("yukon", seed=7)``: a still app that saves and loads in ``tmp_path``."""

    def factory(start: str | None = None, **options: Any) -> TableauApp:
        return still_app(start, folder=tmp_path, **options)

    return factory
