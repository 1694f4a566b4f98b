"""Snapshots of the Go Fish table at 80×24 and 120×40: start, mid-game, end."""

from typing import Any

import pytest

from tableau.ui.scenes import SIZES
from tableau.ui.scenes import Scene
from tableau.ui.scenes import scenes_for


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", scenes_for("gofish"), ids=lambda s: s.name)
def test_gofish_looks_right(snap_compare: Any, scene: Scene, size: tuple[int, int]) -> None:
    assert snap_compare(scene.make_app(), terminal_size=size, run_before=scene.setup)
