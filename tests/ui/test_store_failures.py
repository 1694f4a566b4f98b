"""A store that fails mid-game (a full disk): one message, and the game in front of the player
goes on; once the disk has room again, what was kept is written, and it says so once. A win
made while the disk is full is recorded once there is room, and meanwhile it is never offered
as a game in progress (issue 27, A3). (The store's own disk-full and read-only behaviour, on a
real full tmpfs and a read-only mount, is in tests/storage/test_store_faults.py.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from ui_helpers import NotedApp
from ui_helpers import press
from ui_helpers import type_lines
from ui_helpers import until
from ui_helpers import yukon_screen

from tableau.storage import store_writer
from tableau.storage.home import database_path
from tableau.storage.store import GameRecord
from tableau.storage.store import Store
from tableau.storage.store import StoreProblem
from tableau.ui.scenes.yukon import almost_won_save
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.screens.menu import ContinueItem
from tableau.ui.screens.menu import MenuScreen

FULL = "The disk is full, so saving the game failed; the game goes on."
AGAIN = "The games are saved again."


class FillingStore(Store):
    """tableau.db on a disk that fills up while ``full`` is set: every write fails."""

    full = False
    tries = 0
    """The writer's tries to write a game while the disk is full."""

    def write(self, *arguments: Any, **options: Any) -> None:
        if self.full:
            self.tries += 1
            raise StoreProblem(FULL)
        super().write(*arguments, **options)

    def save(self, record: GameRecord) -> str:
        if self.full:
            raise StoreProblem(FULL)
        return super().save(record)

    def finish(self, record: GameRecord, result: str) -> None:
        if self.full:
            raise StoreProblem(FULL)
        super().finish(record, result)


def filling_app(folder: Path, start: str | None = None, **options: Any) -> NotedApp:
    app = NotedApp(start, cpu_delay=0.0, cursor_blink=False, animations=False, folder=folder,
                   persist=True, **options)
    app.runtime.store.close()
    app.runtime.store = FillingStore(database_path())
    return app


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    """The writer tries again within 0.1 s, not 2 s: the waits below are for its tries."""
    monkeypatch.setattr(store_writer, "RETRY_MOST", 0.1)


async def test_a_full_disk_says_so_once_and_the_game_goes_on(tmp_path: Path) -> None:
    app = filling_app(tmp_path, "yukon", seed=24611, deal=True)
    store = app.runtime.store
    assert isinstance(store, FillingStore)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = yukon_screen(app)
        store.full = True
        for _ in range(2):
            await type_lines(pilot, str(screen.view.legal[0]))
        await until(pilot, lambda: FULL in app.said, "the full disk's sentence")
        assert screen.view.moves == 2  # both moves made, on screen
        await type_lines(pilot, str(screen.view.legal[0]))
        tried = store.tries  # three more tries: the third move's record has failed too
        await until(pilot, lambda: store.tries >= tried + 3, "three more tries")
        await pilot.pause()  # and what the writer said then has reached the app
        assert app.said.count(FULL) == 1  # said once, not at every move
        assert Store(database_path()).saved("yukon") is None  # nothing on disk yet
        assert not screen.leaving_keeps_game()  # so q would ask before throwing it away
        store.full = False  # room again: the writer's next try writes the latest record
        await until(pilot, lambda: AGAIN in app.said, "saved again")
        saved = Store(database_path()).saved("yukon")
        assert saved is not None and saved.moves == 3
        assert screen.leaving_keeps_game()


async def test_a_win_made_on_a_full_disk_is_recorded_later_and_never_offered_again(
    tmp_path: Path,
) -> None:
    (tmp_path / "end.json").write_text(almost_won_save())
    app = filling_app(tmp_path, "yukon")
    store = app.runtime.store
    assert isinstance(store, FillingStore)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_lines(pilot, "L end.json")
        await until(pilot, lambda: Store(database_path()).saved("yukon") is not None,
                    "the saved game")
        store.full = True  # the disk fills just before the winning move
        await type_lines(pilot, "C1->F4")
        assert isinstance(app.screen, EndScreen)
        await until(pilot, lambda: FULL in app.said, "the full disk's sentence")
        await press(pilot, "2")  # Menu
        assert isinstance(app.screen, MenuScreen)
        assert list(app.screen.query(ContinueItem)) == []  # the won game is no game on
        assert Store(database_path()).finished() == []  # not yet on disk
        store.full = False  # space is freed
        await until(pilot, lambda: Store(database_path()).finished() != [], "the record")
    on_disk = Store(database_path())
    assert [game.result for game in on_disk.finished("yukon")] == ["won"]
    assert on_disk.saves() == ([], [])
