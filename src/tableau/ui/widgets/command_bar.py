"""The bottom of a game screen.

``CommandBar`` is the Yukon spec's three lines: ``LAST Command:``, ``Message:`` and an
``INPUT >`` field. Enter posts ``CommandBar.Submitted(text)`` and clears the field; Escape
posts ``CommandBar.Escaped`` (give focus back to the table); ↑ and ↓ walk back and forth
through the lines sent before. The message names cards as the table draws them ("5♥"); what
was typed keeps the spec's letters. ``MessageLine`` is a single line for games without a
command language; ``show(text, error=True)`` colours it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from typing import ClassVar

from textual import events
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input
from textual.widgets import Static

from tableau.cards import Rank
from tableau.cards import Suit
from tableau.cards import parse_card
from tableau.ui._css import sibling_tcss
from tableau.ui.widgets.footer import KeysFooter
from tableau.ui.widgets.messages import WidgetMessage

MAX_INPUT = 10_000
"""Longer lines are cut here (the interpreter shortens what it echoes, too)."""
MAX_HISTORY = 100
"""Lines kept for ↑/↓."""

_RANKS = "".join(rank.letter for rank in Rank)
_SUITS = "".join(suit.letter for suit in Suit)
# "5H", "TS": a rank letter and a suit letter standing alone. Not after a quote (an echo of what
# was typed) or a colon (a command example such as C6:4H->C4): those keep the spec's letters.
_CARD_CODE = re.compile(rf"(?<![\w'\":])[{_RANKS}][{_SUITS}](?![\w'\"])")


def with_card_glyphs(message: str) -> str:
    """The message with its card codes drawn as on the table: "5H does not go on 7S" becomes
    "5♥ does not go on 7♠" (and, with the ascii faces, "5H" again on screen: tableau.ui.faces)."""
    return _CARD_CODE.sub(lambda found: parse_card(found.group()).face, message)


class CommandInput(Input):
    """The INPUT field. Escape leaves it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", "Back to table"),
        Binding("up", "recall(-1)", "Earlier line", show=False),
        Binding("down", "recall(1)", "Later line", show=False),
    ]

    @dataclass
    class Left(Message):
        pass

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sent: list[str] = []
        self._recalled = 0
        """How far back ↑ has gone: 0 = the line being typed."""
        self._draft = ""

    def action_leave(self) -> None:
        self.post_message(self.Left())

    def action_recall(self, step: int) -> None:
        """↑ shows the line sent before the one shown, ↓ the one after; past the newest, the
        line that was being typed comes back."""
        wanted = min(max(self._recalled - step, 0), len(self.sent))
        if wanted == self._recalled:
            return
        if self._recalled == 0:
            self._draft = self.value
        self._recalled = wanted
        self.value = self.sent[-wanted] if wanted else self._draft
        self.cursor_position = len(self.value)

    async def _on_key(self, event: events.Key) -> None:
        # Enter is handled here, in order with the typed characters. As a binding it would
        # bubble up and run later, after keys already queued behind it had been typed in.
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            await self.action_submit()
            return
        if event.character == ":" and not self.value:
            # ":" opens the field, and no command starts with it: a player who presses it
            # again out of habit gets an empty field, not a line that cannot be read.
            event.stop()
            event.prevent_default()
            return
        await super()._on_key(event)

    async def action_submit(self) -> None:
        """Send the line and empty the field at once, so keys typed right after Enter (and
        already queued) start the next line instead of joining this one."""
        value = self.value
        self.value = ""
        if value.strip() and (not self.sent or self.sent[-1] != value):
            self.sent = [*self.sent[-(MAX_HISTORY - 1):], value]
        self._recalled, self._draft = 0, ""
        self.post_message(self.Submitted(self, value))


class MessageLine(Static):
    DEFAULT_CSS = sibling_tcss(__file__)
    SCOPED_CSS = False

    _shown = ""

    def show(self, text: str, *, error: bool = False) -> None:
        # A one-line message needs no layout pass (that keeps moves fast); a line that may
        # wrap (height: auto) needs one when it grows past the width or shrinks back.
        height = self.styles.height
        width = self.content_size.width
        wraps = height is not None and height.is_auto
        self.update(text, layout=wraps and max(len(text), len(self._shown)) >= width)
        self._shown = text
        self.set_class(error, "-error")


def screen_foot(message_id: str = "message") -> ComposeResult:
    """The foot of a form or table screen: its message line, plain text (no markup, so a
    name in a message shows as typed), then the keys footer."""
    yield MessageLine("", id=message_id, markup=False)
    yield KeysFooter()


class CommandBar(Widget):
    DEFAULT_CSS = sibling_tcss(__file__)
    SCOPED_CSS = False

    def __init__(self, *, cursor_blink: bool = True, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cursor_blink = cursor_blink
        """Whether INPUT's cursor blinks (off in tests and snapshots: the screen's runtime)."""

    @dataclass
    class Submitted(WidgetMessage["CommandBar"]):
        text: str

    @dataclass
    class Escaped(WidgetMessage["CommandBar"]):
        pass

    def compose(self) -> ComposeResult:
        with Horizontal(classes="bar-row"):
            yield Static("LAST Command:", classes="bar-label")
            yield Static("", id="last-command", classes="bar-value", markup=False)
        with Horizontal(classes="bar-row"):
            yield Static("Message:", classes="bar-label")
            yield MessageLine("", id="message", classes="bar-value", markup=False)
        with Horizontal(classes="bar-row"):
            yield Static("INPUT >", classes="bar-label")
            yield CommandInput(
                placeholder="type a command (LD, SW, P, C1->C4, U, ...) and press Enter",
                max_length=MAX_INPUT,
                id="command-input",
                compact=True,
                select_on_focus=False,
            )

    def on_mount(self) -> None:
        self.input.cursor_blink = self.cursor_blink

    @property
    def input(self) -> CommandInput:
        return self.query_one("#command-input", CommandInput)

    def show(self, last: str, message: str, *, error: bool | None = None) -> None:
        """Set the two lines. ``error`` defaults to "message is not OK"."""
        self.query_one("#last-command", Static).update(last, layout=False)
        is_error = (message not in ("OK", "")) if error is None else error
        self.query_one("#message", MessageLine).show(with_card_glyphs(message), error=is_error)

    def focus_input(self, text: str | None = None) -> None:
        """Focus INPUT; ``text`` replaces what is typed there (cursor at the end)."""
        field = self.input
        if text is not None:
            field.value = text
            field.cursor_position = len(text)
        field.focus()

    @on(Input.Submitted, "#command-input")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.post_message(self.Submitted(self, event.value))

    @on(CommandInput.Left)
    def _left(self, event: CommandInput.Left) -> None:
        event.stop()
        self.post_message(self.Escaped(self))
