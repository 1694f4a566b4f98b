"""Small helpers that several screens and scene lists share: ``scenes_of`` (scenes that all
start from one app) and ``screen_foot`` (a screen's message line and keys footer)."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.app import ComposeResult
from textual.pilot import Pilot
from textual.screen import ModalScreen
from textual.widgets._footer import FooterKey

from tableau.ui.app import TableauApp
from tableau.ui.scenes import Scene
from tableau.ui.scenes import as_opened
from tableau.ui.scenes import scenes_for
from tableau.ui.scenes import scenes_of
from tableau.ui.widgets.command_bar import MessageLine
from tableau.ui.widgets.command_bar import screen_foot
from tableau.ui.widgets.footer import KeysFooter


def _never_built() -> TableauApp:
    raise AssertionError("a scene list only names its app; a test builds it")


async def _picked(pilot: Pilot[Any]) -> None:
    await pilot.pause()


def test_scenes_of_gives_each_named_scene_the_one_app_and_its_own_steps_in_order() -> None:
    scenes = scenes_of("yukon", _never_built, {"startup": as_opened, "picked": _picked})
    assert scenes == (Scene("yukon", "startup", _never_built, as_opened),
                      Scene("yukon", "picked", _never_built, _picked))


def test_the_yukon_and_go_fish_scenes_keep_their_names_and_so_their_pictures() -> None:
    assert [scene.id for scene in scenes_for("yukon")] == [
        "yukon-startup", "yukon-deck-shown", "yukon-deal", "yukon-picked", "yukon-won",
        "yukon-long-column", "yukon-help"]
    assert [scene.id for scene in scenes_for("gofish")] == [
        "gofish-start", "gofish-mid-game", "gofish-end"]


class _Footed(App[None]):
    def compose(self) -> ComposeResult:
        yield from screen_foot("note")


async def test_a_screen_foot_is_a_plain_text_message_line_then_the_keys_footer() -> None:
    app = _Footed()
    async with app.run_test(size=(40, 6)) as pilot:
        line = app.query_one("#note", MessageLine)
        line.show("[b]Anna[/b] plays")
        await pilot.pause()
        assert "[b]Anna[/b] plays" in str(line.render())  # no markup: shown as typed
        assert [type(child) for child in app.screen.children] == [MessageLine, KeysFooter]


async def test_a_footer_whose_keys_change_as_a_dialog_covers_it_shows_the_new_keys() -> None:
    """A covered screen is not refreshed again, so the footer must not wait for a frame."""
    app = _Footed()
    async with app.run_test(size=(40, 6)) as pilot:
        await pilot.pause()
        screen = app.screen
        footer = screen.query_one(KeysFooter)
        app.bind("s", "bell", description="Statistics")
        app.push_screen(ModalScreen[None]())
        footer.bindings_changed(screen)  # the signal of the new key, as the dialog covers
        await pilot.pause()
        assert "Statistics" in [key.description for key in footer.query(FooterKey)]
