"""Pictures of the app shell's screens at 80×24 and 120×40: a game's set-up step, the shared
"discard this game?" question, and the too-small screen (at 30×10 only)."""

from pathlib import Path
from typing import Any

import pytest
from pytest_textual_snapshot import normalize_svg

from tableau.ui.scenes import Scene
from tableau.ui.scenes import picture
from tableau.ui.scenes import scenes_for

SNAPSHOTS = Path(__file__).parent / "__snapshots__" / "test_snapshots_shell"

CASES = [(scene, size) for scene in scenes_for("shell") for size in scene.sizes]


@pytest.mark.parametrize(("scene", "size"), CASES,
                         ids=[f"{scene.name}-{w}x{h}" for scene, (w, h) in CASES])
def test_the_shell_looks_right(snap_compare: Any, scene: Scene, size: tuple[int, int]) -> None:
    assert snap_compare(scene.make_app(), terminal_size=size, run_before=scene.setup)


def test_make_screenshots_draws_the_pictures_the_snapshot_tests_compare() -> None:
    """``picture`` (what ``make screenshots`` writes) gives the bytes ``snap_compare`` takes."""
    [scene] = [scene for scene in scenes_for("shell") if scene.name == "too-small"]
    stored = SNAPSHOTS / "test_the_shell_looks_right[too-small-30x10].svg"
    assert normalize_svg(picture(scene, (30, 10))) == stored.read_text(encoding="utf-8")
