"""A masked password field whose text never leaves it.

Textual's ``Input`` copies and cuts to the clipboard (and the terminal's, through OSC 52),
and its messages carry the value, so a debug log (``TEXTUAL_LOG``) would hold every password.
``PasswordInput`` copies and cuts nothing, takes no part in the screen's text selection, and
its messages, key events and pastes show no trace of what was typed, and no cache keeps
it. The typed text leaves
only through :meth:`PasswordInput.take`, as a one-shot :class:`Secret`, and the field is
emptied at once.
"""

from __future__ import annotations

import math
from typing import Any

import rich.repr
from textual import events
from textual._time import get_time  # the clock of every event's ``time``
from textual.message import Message
from textual.widgets import Button
from textual.widgets import Input

from tableau.storage.passwords import Secret


class HiddenKey(events.Key, bubble=None):
    """A key pressed in a password field: its repr (what a log line shows) hides which key."""

    __slots__ = ()

    def __rich_repr__(self) -> rich.repr.Result:
        yield "hidden", True


class HiddenPaste(events.Paste, bubble=None):
    """Text pasted into a password field: its repr hides the text."""

    def __rich_repr__(self) -> rich.repr.Result:
        yield "hidden", True


# Handlers are found by name: these are still keys and pastes (on_key, on_paste).
HiddenKey.handler_name = events.Key.handler_name
HiddenPaste.handler_name = events.Paste.handler_name


class _ValueFree(Message):
    """Input's own messages without the value: Input posts them with it, and this drops it."""

    def __init__(self, input: PasswordInput, *_value_and_validation: Any) -> None:
        super().__init__()
        self.input = input

    @property
    def control(self) -> PasswordInput:
        return self.input

    def __rich_repr__(self) -> rich.repr.Result:
        yield "input", self.input


class DeafUntilShown:
    """A lock's controls (the password field, the "I am …" button) drop the keys and pastes
    typed before they were next on screen: keys someone pressed just before the lock came up
    (the last player, after Done) are not the next person's. The time a key was typed
    decides, not when it is read, so a key typed once the lock shows is kept."""

    _hears_from = 0.0
    """Keys and pastes made before this time (the events' clock) are dropped."""

    def deaf_until_shown(self) -> None:
        self._hears_from = math.inf
        self.call_after_refresh(self._shown)  # type: ignore[attr-defined]

    def _shown(self) -> None:
        self._hears_from = get_time()

    def typed_before_shown(self, message: Message) -> bool:
        return isinstance(message, (events.Key, events.Paste)) and message.time < self._hears_from


class LockButton(DeafUntilShown, Button):
    """A lock's button: an Enter typed before the lock showed does not press it."""

    def post_message(self, message: Message) -> bool:
        if self.typed_before_shown(message):
            return False
        return super().post_message(message)


class PasswordInput(DeafUntilShown, Input):
    """An ``Input`` that is always masked and keeps what was typed to itself."""

    ALLOW_SELECT = False  # no part of the screen's mouse selection (ctrl+c would copy it)

    class Changed(_ValueFree):
        """The field changed (what it holds is not part of the message)."""

    class Submitted(_ValueFree):
        """Enter was pressed in the field."""

    class Blurred(_ValueFree):
        """The field lost the focus."""

    def __init__(self, **options: Any) -> None:
        super().__init__(password=True, **options)

    READY = "password, then Enter"

    def checking(self) -> None:
        """A typed password is being checked (Argon2id takes a moment): no typing meanwhile."""
        self.disabled = True
        self.placeholder = "checking…"

    def ready(self) -> None:
        """Open for the next try."""
        self.disabled = False
        self.placeholder = self.READY

    def wrong(self, delay: float) -> str:
        """A wrong try: the field shows how long the next one must wait; returns the sentence
        that says so (empty when there is no wait). The caller times the wait."""
        if delay <= 0:
            return ""
        self.placeholder = f"wait {delay:g} s…"
        return f" Wait {delay:g} s before the next try."

    def take(self) -> Secret:
        """What was typed, as a one-shot Secret; the field is empty afterwards."""
        secret = Secret(self.value)
        self.clear()
        return secret

    def post_message(self, message: Message) -> bool:
        if self.typed_before_shown(message):
            return False
        # Textual's debug log writes every event a widget handles: make typed keys and pasted
        # text show as hidden there. Only the repr changes; the field reads them as usual.
        if type(message) is events.Key and message.is_printable:
            message.__class__ = HiddenKey
        elif type(message) is events.Paste:
            message.__class__ = HiddenPaste
        return super().post_message(message)

    def _position_to_cell(self, position: int) -> int:
        # Input measures the typed text through rich's cached cell_len, whose global cache
        # would keep the password and its beginnings. The field shows one bullet a character.
        return position

    def action_copy(self) -> None:
        self._refuse_clipboard()

    def action_cut(self) -> None:
        self._refuse_clipboard()

    def _refuse_clipboard(self) -> None:
        self.notify("A password is never copied.", severity="warning", timeout=3)
