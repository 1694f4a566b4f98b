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


@pytest.mark.parametrize("face", ["ascii", "four-colour"])
def test_yukon_in_the_other_card_faces(snap_compare: Any, face: str) -> None:
    """The game under way with a run picked up, in ascii and in four-colour faces."""
    scene = next(scene for scene in SCENES if scene.id == "yukon-picked")
    app = scene.make_app()
    app.asked_face = face  # as --cards does
    assert snap_compare(app, terminal_size=(80, 24), run_before=scene.setup)
