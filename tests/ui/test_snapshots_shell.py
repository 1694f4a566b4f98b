"""Pictures of the app shell's screens at 80×24 and 120×40: a game's set-up step, the shared
"discard this game?" question, and the too-small screen (at 30×10 only)."""

from typing import Any

import pytest

from tableau.ui.scenes import Scene, scenes_for

CASES = [(scene, size) for scene in scenes_for("shell") for size in scene.sizes]


@pytest.mark.parametrize(("scene", "size"), CASES,
                         ids=[f"{scene.name}-{w}x{h}" for scene, (w, h) in CASES])
def test_the_shell_looks_right(snap_compare: Any, scene: Scene, size: tuple[int, int]) -> None:
    assert snap_compare(scene.make_app(), terminal_size=size, run_before=scene.setup)
