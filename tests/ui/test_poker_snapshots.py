"""Pictures of the Poker table at 80x24 and 120x40: the deal, discards marked, the showdown.

The scenes live in ``tableau.ui.scenes.poker`` so ``make screenshots`` draws the same ones.
"""

from __future__ import annotations

from typing import Any

import pytest

from tableau.ui.scenes import SIZES
from tableau.ui.scenes import Scene
from tableau.ui.scenes import scenes_for


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", scenes_for("poker"), ids=lambda s: s.name)
def test_poker_looks_right(snap_compare: Any, scene: Scene, size: tuple[int, int]) -> None:
    assert snap_compare(scene.make_app(), terminal_size=size, run_before=scene.setup)
