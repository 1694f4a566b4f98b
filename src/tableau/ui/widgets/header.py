"""The header every screen shows: Textual's, whose title never outlives its screen.

Textual's header follows a title change a moment later (its watcher is a coroutine, run on
the next turn of the loop) and looks up its title widget then. When a screen is taken down
meanwhile, as when the set-up deals and the table replaces it, that moment finds the title
widget already removed and the lookup fails: on a slow machine this ended the whole app.
This one follows a change at once, and a header without its title just skips it.
"""

from __future__ import annotations

from contextlib import suppress

from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.events import Mount
from textual.widgets import Header
from textual.widgets._header import HeaderTitle


class TitleHeader(Header):
    def _on_mount(self, event: Mount) -> None:
        event.prevent_default()  # instead of Header's own watcher (Widget's does nothing here)
        for owner in (self.app, self.screen):
            self.watch(owner, "title", self._show_title)
            self.watch(owner, "sub_title", self._show_title)

    def _show_title(self) -> None:
        with suppress(NoMatches, NoScreen):  # the header is being taken down with its screen
            self.query_one(HeaderTitle).update(self.format_title())
