"""Modal dialogs every game can reuse.

- ``ChooserScreen``: a title, a line of text and a column of choices; returns the chosen key
  or None (Escape). Yukon's rules variant; ``SuitChooser`` (Pesten's four suits) is one.
- ``EndScreen``: the end of a game or round (win, stuck, scores) with buttons such as
  "Play again" and "Menu"; returns the chosen key.
- ``ConfirmScreen``: "discard the game under way?" with a labelled way on and a way back;
  y/n, Enter on the focused button, Escape. Every game asks it through
  ``GameScreen.ask_before_leaving`` and ``ask_before_abandoning``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual import events
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button
from textual.widgets import Static

from tableau.cards import SUITS
from tableau.ui.controls.pesten import SUIT_KEYS
from tableau.ui.widgets.narrow import SHORT_HEIGHT


class ChooserScreen(ModalScreen[str | None]):
    """``push_screen(ChooserScreen("Choose a suit", choices), callback)``.

    ``choices`` are (key, label) pairs. Buttons get the id ``choice-<key>``; the first one has
    focus; up/down/tab move between them; a digit picks the n-th; Escape returns None.
    With ``numbered`` each label starts with its digit, so the keys are not a secret.
    """

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("up,k", "app.focus_previous", "Previous", show=False),
        Binding("down,j", "app.focus_next", "Next", show=False),
        *(Binding(str(n), f"pick_number({n})", show=False) for n in range(1, 10)),
    ]

    def __init__(
        self,
        title: str,
        choices: Sequence[tuple[str, str]],
        text: str = "",
        *,
        cancellable: bool = True,
        numbered: bool = False,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.text = text
        self.choices = tuple(choices)
        self.cancellable = cancellable
        self.numbered = numbered

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.title_text, id="dialog-title")
            if self.text:
                yield Static(self.text, id="dialog-text")
            with Vertical(id="dialog-choices"):
                for number, (key, label) in enumerate(self.choices, start=1):
                    shown = f"{number} {label}" if self.numbered and number < 10 else label
                    yield Button(shown, id=f"choice-{key}", classes="choice", compact=True)

    def on_mount(self) -> None:
        self._fit()
        buttons = self.query(Button)
        if buttons:
            buttons.first().focus()

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    def _fit(self) -> None:
        """On a low terminal (down to 12 rows) the dialog drops its spacing, so that every
        choice stays in sight."""
        self.set_class(self.app.size.height < SHORT_HEIGHT, "-short")

    @on(Button.Pressed, ".choice")
    def _pressed(self, event: Button.Pressed) -> None:
        button_id = event.button.id or ""
        self.dismiss(button_id.removeprefix("choice-"))

    def action_pick_number(self, number: int) -> None:
        if 1 <= number <= len(self.choices):
            self.dismiss(self.choices[number - 1][0])

    def action_cancel(self) -> None:
        if self.cancellable:
            self.dismiss(None)


class EndScreen(ChooserScreen):
    """The end of a game: a headline, a few lines of results and the next steps.

    ``EndScreen("You won!", ["Moves: 87", "Time: 4:12"], [("again", "Play again"),
    ("menu", "Menu")])``. Escape returns None (stay and look at the table).
    """

    def __init__(
        self,
        title: str,
        lines: Sequence[str],
        choices: Sequence[tuple[str, str]],
        *,
        cancellable: bool = True,
        numbered: bool = False,
    ) -> None:
        super().__init__(title, choices, "\n".join(lines), cancellable=cancellable,
                         numbered=numbered)
        self.add_class("-end")


class ConfirmScreen(ChooserScreen):
    """A yes/no question before something is lost. Returns ``"leave"`` (go on and lose it) or
    ``"stay"``/None (keep it). The way back has the focus, so a stray Enter loses nothing."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer('leave')", "Yes", show=False),
        Binding("n", "answer('stay')", "No", show=False),
        Binding("left", "app.focus_previous", "Previous", show=False),
        Binding("right", "app.focus_next", "Next", show=False),
    ]

    def __init__(self, title: str, text: str, *, leave: str, stay: str) -> None:
        super().__init__(title, [("stay", f"n · {stay}"), ("leave", f"y · {leave}")], text)
        self.add_class("-confirm")

    def action_answer(self, key: str) -> None:
        self.dismiss(key)


class SuitChooser(ChooserScreen):
    """Four big suits; keys 1–4 or c/d/h/s."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"pick_suit('{suit.letter}')", show=False)
          for key, suit in SUIT_KEYS.items() if key.isalpha()),
    ]

    def __init__(self, text: str, *, cancellable: bool = True) -> None:
        super().__init__(
            "Name a suit",
            [(suit.letter, f"{suit.glyph}  {suit.noun.capitalize()}") for suit in SUITS],
            text,
            cancellable=cancellable,
        )
        self.add_class("-suits")

    def on_mount(self) -> None:
        super().on_mount()
        for suit in SUITS:
            button = self.query_one(f"#choice-{suit.letter}", Button)
            button.add_class("-red" if suit.is_red else "-black")

    def action_pick_suit(self, letter: str) -> None:
        self.dismiss(letter)
