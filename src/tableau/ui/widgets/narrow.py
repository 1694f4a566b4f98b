"""The narrow layout of the table screens: a phone in portrait (about 40 columns, see
``tableau.cli.serve_web``) gets the class ``-narrow`` on the screen, and each screen's .tcss
stacks what sits side by side and makes tap targets (buttons, cards in the hand) two rows
high or more. At ``NARROW_WIDTH`` columns and wider nothing changes."""

from __future__ import annotations

from textual.geometry import Size

NARROW_WIDTH = 60
"""Narrower than this many columns, a table screen takes its narrow layout."""
SHORT_HEIGHT = 24
"""A narrow screen lower than this many rows is also ``-short`` (a small terminal, down to
the 40×12 minimum, not a phone): it keeps what a player acts on and drops what is extra.
A dialog drops its spacing below this height at any width (``dialogs.ChooserScreen``)."""


class NarrowLayout:
    """A mixin for a ``TableauScreen``: adds ``-narrow`` (and ``-short``) beside
    ``-large``/``-compact`` at every size the screen is given (on mounting and on every
    resize)."""

    def _apply_size(self, size: Size) -> None:
        super()._apply_size(size)  # type: ignore[misc]  # TableauScreen's
        narrow = size.width < NARROW_WIDTH
        self.set_class(narrow, "-narrow")  # type: ignore[attr-defined]
        self.set_class(narrow and size.height < SHORT_HEIGHT, "-short")  # type: ignore[attr-defined]

    @property
    def is_tall_narrow(self) -> bool:
        """Narrow but not short (a phone in portrait): room for tap targets two rows high."""
        return self.has_class("-narrow") and not self.has_class("-short")  # type: ignore[attr-defined,no-any-return]
