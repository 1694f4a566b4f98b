"""Pictures of a shared table's screens at 80×24 and 120×40: the join form, a remote seat
waiting for a player who is away, the same seat on its turn, and the set-up of who sits at a
Go Fish or Poker table (``tableau.ui.scenes.tables``)."""

from __future__ import annotations

from typing import Any

import pytest

from tableau.ui.scenes import SIZES
from tableau.ui.scenes import Scene
from tableau.ui.scenes import scenes_for


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", scenes_for("tables"), ids=lambda s: s.name)
def test_shared_table_looks_right(snap_compare: Any, scene: Scene, size: tuple[int, int]) -> None:
    assert snap_compare(scene.make_app(), terminal_size=size, run_before=scene.setup)


def test_every_required_shared_table_picture_has_a_scene() -> None:
    assert {scene.name for scene in scenes_for("tables")} == {"join", "waiting", "your-turn",
                                                          "gofish-people", "poker-open"}
