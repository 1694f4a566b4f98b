"""Write an SVG of every scene at every size: ``python -m tableau.ui.screenshots DIR [GAME...]``.

Files are named ``<game>-<scene>-<cols>x<rows>.svg``. The pictures are the same ones the
snapshot tests compare.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tableau.ui.scenes import all_scenes
from tableau.ui.scenes import picture


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        print("usage: python -m tableau.ui.screenshots DIR [GAME ...]", file=sys.stderr)
        return 2
    folder = Path(argv[0])
    games = set(argv[1:])
    folder.mkdir(parents=True, exist_ok=True)
    count = 0
    for scene in all_scenes():
        if games and scene.game not in games:
            continue
        for size in scene.sizes:
            (folder / scene.file_name(size)).write_text(picture(scene, size), encoding="utf-8")
            count += 1
            print(f"wrote {folder / scene.file_name(size)}", flush=True)
    print(f"{count} screenshots in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
