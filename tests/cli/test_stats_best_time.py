"""`tableau stats`: the best time is rounded one way (issue 28, item 8): the text and
``--json`` agree, as the game's clock does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tableau.cli import main as tableau
from tableau.storage.store import GameRecord
from tableau.storage.store import Store


def test_the_best_time_reads_the_same_as_text_and_as_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("TABLEAU_HOME", str(tmp_path))
    store = Store(tmp_path / "tableau.db")
    store.finish(GameRecord("yukon", "spec", 1, {}, 0.0, 90, 144.96), "won")
    store.close()
    assert tableau(["stats", "--json"]) == 0
    [row] = json.loads(capsys.readouterr().out)["yukon"]
    assert tableau(["stats"]) == 0
    text = capsys.readouterr().out.splitlines()
    # 144.96 s is 2:24 on the clock, so 144.9 (not 145.0, which would be 2:25).
    assert row["best_time"] == 144.9
    assert "  Best time" + " " * 7 + "2:24" in text
