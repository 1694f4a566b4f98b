"""Small helpers that several screens and scene lists share: ``scenes_of`` (scenes that all
start from one app) and ``screen_foot`` (a screen's message line and keys footer)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App
from textual.app import ComposeResult
from textual.css.query import NoMatches
from textual.pilot import Pilot
from textual.screen import ModalScreen
from textual.widgets import Header
from textual.widgets._footer import FooterKey
from textual.widgets._header import HeaderTitle
from ui_helpers import until

from tableau.ui.app import TableauApp
from tableau.ui.scenes import Scene
from tableau.ui.scenes import as_opened
from tableau.ui.scenes import scenes_for
from tableau.ui.scenes import scenes_of
from tableau.ui.widgets.command_bar import MessageLine
from tableau.ui.widgets.command_bar import screen_foot
from tableau.ui.widgets.footer import KeysFooter
from tableau.ui.widgets.header import TitleHeader


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
        # A footer that waited for a frame would never show it: the wait would run out.
        await until(pilot, lambda: "Statistics" in [key.description
                                                    for key in footer.query(FooterKey)],
                    "the covered footer's new key")


class _Headed(App[None]):
    def __init__(self, header: type[Header]) -> None:
        super().__init__()
        self.header = header

    def compose(self) -> ComposeResult:
        yield self.header()


@pytest.mark.parametrize("header", [TitleHeader, Header])
async def test_a_title_changed_as_the_header_is_taken_down_never_ends_the_app(
    header: type[Header],
) -> None:
    """As when the set-up deals and the table replaces it: the title changes while the
    screen's header is half taken down. Textual's own header then fails (and with it the
    app); the screens' header goes on. The new title shows while the header is whole."""
    app = _Headed(header)
    failed: BaseException | None = None
    try:
        async with app.run_test(size=(40, 6)) as pilot:
            app.title = "Pesten"
            await until(pilot, lambda: "Pesten" in str(
                app.query_one(HeaderTitle).render()), "the new title")
            await app.query_one(HeaderTitle).remove()
            app.sub_title = "round 2"
            await pilot.pause()
    except NoMatches as error:
        failed = error
    assert (failed is None) == (header is TitleHeader)
