"""The footer every screen shows: Textual's, rebuilt only when the keys it shows changed.

Textual's footer rebuilds all its keys (and restyles each) on every bindings signal: each
focus change and each ``refresh_bindings``, several times a move and once for each one
asked before the screen refreshed. This one rebuilds once for the signals that came
together, and only when a key, its words or its enabled state changed. It rebuilds when
its own messages are done, not after the next refresh: a screen covered before that (a
dialog opened at once, or a game started from the command line over the menu) refreshes no
more, and its footer stayed blank under the dialog.

It also shows its keys from the start. Textual fills a footer only while the app has the
focus, and a browser tab (``tableau serve``) gives it none until the page is clicked: the
first menu's footer stayed blank.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer


class KeysFooter(Footer):
    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._rebuild_asked = False
        self._shown: tuple[object, ...] | None = None
        """What the keys showed when last built."""

    def bindings_changed(self, screen: Screen[Any]) -> None:
        self._bindings_ready = True  # what Footer sets before it checks the focus
        if self.is_attached and screen is self.screen and not self._rebuild_asked:
            self._rebuild_asked = True
            self.call_later(self._rebuild)

    async def _rebuild(self) -> None:
        self._rebuild_asked = False
        if not self.is_attached:
            return
        shown = self._what_shows()
        if shown != self._shown:
            self._shown = shown
            await self.recompose()

    def _what_shows(self) -> tuple[object, ...]:
        app = self.app
        keys = tuple((binding.key, app.get_key_display(binding), binding.description,
                      binding.action, binding.group, binding.show, enabled, tooltip,
                      binding.tooltip)
                     for _node, binding, enabled, tooltip in self.screen.active_bindings.values())
        return keys, self.show_command_palette, self.compact
