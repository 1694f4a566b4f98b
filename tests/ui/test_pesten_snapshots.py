"""Pictures of the Pesten screens at 80×24 and 120×40 (the same scenes `make screenshots` draws)."""

from __future__ import annotations

from typing import Any

import pytest

from tableau.ui.scenes import SIZES
from tableau.ui.scenes import Scene
from tableau.ui.scenes import scenes_for


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", scenes_for("pesten"), ids=lambda s: s.name)
def test_pesten_looks_right(snap_compare: Any, scene: Scene, size: tuple[int, int]) -> None:
    assert snap_compare(scene.make_app(), terminal_size=size, run_before=scene.setup)


def test_every_required_pesten_picture_has_a_scene() -> None:
    names = {scene.name for scene in scenes_for("pesten")}
    assert {"setup", "lock", "hand", "set-selected", "suit-chooser", "two-stack",
            "round-end", "big-hand", "new-cards"} <= names


@pytest.mark.parametrize("face", ["ascii", "four-colour"])
def test_pesten_in_the_other_card_faces(snap_compare: Any, face: str) -> None:
    """A hand with a set selected (numbered marks), in ascii and in four-colour faces."""
    scene = next(scene for scene in scenes_for("pesten") if scene.name == "set-selected")
    app = scene.make_app()
    app.asked_face = face  # as --cards does
    assert snap_compare(app, terminal_size=(80, 24), run_before=scene.setup)
