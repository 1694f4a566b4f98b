"""Every test runs with TABLEAU_HOME in its own temporary folder: no test reads or writes the
player's settings or database."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def tableau_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("TABLEAU_HOME", str(home))
    return home
