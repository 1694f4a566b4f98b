"""The palette's Screenshot: never while a hand can be on screen; else a new file with mode
600 in a folder that exists. HOME points into tmp_path: the real home is never touched."""

from __future__ import annotations

import stat
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from ui_helpers import press
from ui_helpers import started
from ui_helpers import until

from tableau.ui.app import TableauApp

MakeApp = Callable[..., TableauApp]
SIZE = (80, 24)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for name in ("XDG_CONFIG_HOME", "XDG_DOWNLOAD_DIR"):
        monkeypatch.delenv(name, raising=False)
    return home


def titles(app: TableauApp) -> list[str]:
    return [command.title for command in app.get_system_commands(app.screen)]


async def screenshot_from_the_palette(pilot: Pilot[int], folder: Path) -> None:
    """Screenshot from the palette; wait until its picture is in ``folder`` (the command
    takes it on a 0.1 s timer, so the palette is not in the picture)."""
    await pilot.press("ctrl+p", *"screenshot", "enter")
    await until(pilot, lambda: bool(svgs(folder)), "the screenshot's file")


def svgs(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.svg"))


async def test_from_the_menu_a_screenshot_goes_to_downloads_with_mode_600(
    make_app: MakeApp, home: Path
) -> None:
    (home / "Downloads").mkdir()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await screenshot_from_the_palette(pilot, home)
    [saved] = svgs(home)
    assert saved.parent == home / "Downloads"
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600
    assert "tableau" in saved.read_text(encoding="utf-8")


async def test_without_a_downloads_folder_it_goes_to_the_apps_folder(
    make_app: MakeApp, home: Path, tmp_path: Path
) -> None:
    app = make_app("yukon", seed=4)
    async with started(app, SIZE) as pilot:
        await screenshot_from_the_palette(pilot, tmp_path)
    assert not (home / "Downloads").exists()
    [saved] = svgs(tmp_path)
    assert saved.parent == tmp_path
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600


@pytest.mark.parametrize("game", ["gofish", "poker", "pesten"])
async def test_no_screenshot_while_a_hand_game_is_open(
    make_app: MakeApp, home: Path, tmp_path: Path, game: str
) -> None:
    (home / "Downloads").mkdir()
    app = make_app(game, seed=4)
    async with started(app, SIZE) as pilot:
        assert "Screenshot" not in titles(app)
        await press(pilot, "question_mark")  # help above the table: the hand is still open
        assert "Screenshot" not in titles(app)
        app.action_screenshot()  # a key binding or a keymap reaches the same refusal
        await pilot.pause()
    assert svgs(tmp_path) == []
