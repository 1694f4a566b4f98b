"""Pictures of every Yukon scene (and the menu) at 80×24 and 120×40.

The scenes live in tableau.ui.scenes, so `make screenshots` draws exactly these pictures.
"""

from __future__ import annotations

from typing import Any

import pytest

from tableau.ui.scenes import SIZES
from tableau.ui.scenes import Scene
from tableau.ui.scenes import scenes_for

SCENES = scenes_for("menu") + scenes_for("yukon")


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("scene", SCENES, ids=lambda scene: scene.id)
def test_yukon_and_menu_look_right(snap_compare: Any, scene: Scene, size: tuple[int, int]) -> None:
    assert snap_compare(scene.make_app(), terminal_size=size, run_before=scene.setup)
