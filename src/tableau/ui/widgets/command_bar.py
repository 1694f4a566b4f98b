"""The bottom of a game screen.

``CommandBar`` is the Yukon spec's three lines: ``LAST Command:``, ``Message:`` and an
``INPUT >`` field. Enter posts ``CommandBar.Submitted(text)`` and clears the field; Escape
posts ``CommandBar.Escaped`` (give focus back to the table). ``MessageLine`` is a single line
for games without a command language; ``show(text, error=True)`` colours it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Static

from tableau.ui._css import sibling_tcss

MAX_INPUT = 10_000
"""Longer lines are cut here (the interpreter shortens what it echoes, too)."""


class CommandInput(Input):
    """The INPUT field. Escape leaves it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "leave", "Back to table")]

    @dataclass
    class Left(Message):
        pass

    def action_leave(self) -> None:
        self.post_message(self.Left())

    async def _on_key(self, event: events.Key) -> None:
        # Enter is handled here, in order with the typed characters. As a binding it would
        # bubble up and run later, after keys already queued behind it had been typed in.
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            await self.action_submit()
            return
        await super()._on_key(event)

    async def action_submit(self) -> None:
        """Send the line and empty the field at once, so keys typed right after Enter (and
        already queued) start the next line instead of joining this one."""
        value = self.value
        self.value = ""
        self.post_message(self.Submitted(self, value))


class MessageLine(Static):
    DEFAULT_CSS = sibling_tcss(__file__)
    SCOPED_CSS = False

    def show(self, text: str, *, error: bool = False) -> None:
        # A one-line message needs no layout pass (that keeps moves fast); a screen that
        # lets its message wrap (height: auto) needs one so the line can grow.
        height = self.styles.height
        self.update(text, layout=height is not None and height.is_auto)
        self.set_class(error, "-error")


class CommandBar(Widget):
    DEFAULT_CSS = sibling_tcss(__file__)
    SCOPED_CSS = False

    @dataclass
    class Submitted(Message):
        bar: CommandBar
        text: str

        @property
        def control(self) -> CommandBar:
            return self.bar

    @dataclass
    class Escaped(Message):
        bar: CommandBar

        @property
        def control(self) -> CommandBar:
            return self.bar

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
        blink = getattr(self.app, "cursor_blink", True)
        self.input.cursor_blink = bool(blink)

    @property
    def input(self) -> CommandInput:
        return self.query_one("#command-input", CommandInput)

    def show(self, last: str, message: str, *, error: bool | None = None) -> None:
        """Set the two lines. ``error`` defaults to "message is not OK"."""
        self.query_one("#last-command", Static).update(last, layout=False)
        is_error = (message not in ("OK", "")) if error is None else error
        self.query_one("#message", MessageLine).show(message, error=is_error)

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
