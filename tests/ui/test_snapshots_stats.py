"""Snapshots of the statistics screen at 80×24 and 120×40: the Yukon and Poker tabs, no games
yet, the question before a reset, and a run that keeps no statistics."""

from typing import Any

import pytest

from tableau.ui.scenes import SIZES
from tableau.ui.scenes import Scene
from tableau.ui.scenes import scenes_for


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", scenes_for("stats"), ids=lambda s: s.name)
def test_the_statistics_look_right(snap_compare: Any, scene: Scene, size: tuple[int, int]) -> None:
    assert snap_compare(scene.make_app(), terminal_size=size, run_before=scene.setup)
