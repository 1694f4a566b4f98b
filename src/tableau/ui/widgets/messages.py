"""``WidgetMessage``: the base of a widget's own messages. Its first field is the widget that
posts it, and ``control`` names that widget, so a screen's ``@on(Message, "#id")`` can tell two
widgets of one kind apart."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic
from typing import TypeVar

from textual.message import Message
from textual.widget import Widget

W = TypeVar("W", bound=Widget)


@dataclass
class WidgetMessage(Message, Generic[W]):
    widget: W

    @property
    def control(self) -> W:
        return self.widget
