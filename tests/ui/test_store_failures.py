"""A store that fails mid-game (a full disk): one message, and the game in front of the player
goes on; once the disk has room again, the next move is saved. (The store's own disk-full and
read-only behaviour, on a real full tmpfs and a read-only mount, is in
tests/storage/test_store_faults.py.)"""

from __future__ import annotations

from pathlib import Path

from ui_helpers import NotedApp
from ui_helpers import type_lines
from ui_helpers import yukon_screen

from tableau.storage.home import database_path
from tableau.storage.store import GameRecord
from tableau.storage.store import Store
from tableau.storage.store import StoreProblem

FULL = "The disk is full, so saving the game failed; the game goes on."


class FillingStore(Store):
    """tableau.db on a disk that fills up while ``full`` is set."""

    full = False

    def save(self, record: GameRecord) -> None:
        if self.full:
            raise StoreProblem(FULL)
        super().save(record)


async def test_a_full_disk_says_so_once_and_the_game_goes_on(tmp_path: Path) -> None:
    app = NotedApp("yukon", seed=24611, deal=True, cpu_delay=0.0, cursor_blink=False,
                   animations=False, folder=tmp_path, persist=True)
    app.runtime.store.close()
    store = FillingStore(database_path())
    app.runtime.store = store
    async with app.run_test(size=(80, 24)) as pilot:
        screen = yukon_screen(app)
        store.full = True
        for _ in range(2):
            await type_lines(pilot, str(screen.view.legal[0]))
            await pilot.pause()
        assert screen.view.moves == 2  # both moves made, on screen
        assert app.said.count(FULL) == 1  # said once, not at every move
        assert store.saved("yukon") is None
        assert not screen.leaving_keeps_game()  # so q would ask before throwing it away
        store.full = False
        await type_lines(pilot, str(screen.view.legal[0]))
        await pilot.pause()
        saved = store.saved("yukon")
        assert saved is not None and saved.moves == 3
        assert screen.leaving_keeps_game()
