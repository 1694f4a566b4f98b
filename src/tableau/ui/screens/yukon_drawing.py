"""The Yukon table drawn: the piles from the session's view, the stats panel, the status line
and the message line.

A mixin of ``YukonScreen``; it keeps only what was last drawn, so an unchanged panel is not
laid out again.
"""

from __future__ import annotations

from typing import Any

from textual.content import Content
from textual.widgets import Static

from tableau.engines.yukon import Phase
from tableau.engines.yukon import View
from tableau.text import clock_text
from tableau.ui.controls.yukon import COLUMNS
from tableau.ui.controls.yukon import FOUNDATIONS
from tableau.ui.controls.yukon import YukonControls
from tableau.ui.controls.yukon import move_pick
from tableau.ui.widgets.command_bar import CommandBar
from tableau.ui.widgets.pile import FanColumn
from tableau.ui.widgets.pile import Shown
from tableau.ui.widgets.pile import StackPile

MIN_STATUS_LINES = 2
"""The status line's min-height in yukon.tcss."""
STATUS_LOOKS: dict[str, str] = {
    "": "",
    "busy": "$text-accent",
    "finish": "$text-success",
    "stuck": "bold $text-warning",
    "won": "bold $text-success",
}
"""The status line's look in each state (theme variables, so every theme keeps its colours)."""


class YukonDrawing:
    """Drawing the table for ``YukonScreen``."""

    controls: YukonControls
    session: Any
    note: str | None
    view: View
    _shown_stats: str
    _shown_status: str

    def redraw(self) -> None:
        if not self.is_mounted:
            return
        view = self.view
        controls = self.controls
        large, tall = self.is_large, self.is_tall_narrow
        keyboard = self.query_one("#table").has_focus
        # Every pile the picked or dragged card may go to is marked, from the legal moves.
        looks = controls.target_looks(view, self._legal_moves())
        picked = controls.drag_source or controls.picked
        shown_hint = self._hint_here()
        if picked is None and shown_hint is not None and shown_hint.move is not None:
            # The hint's card shows as picked and its target as a good drop, until a move.
            picked = move_pick(view, shown_hint.move)
            looks = {shown_hint.move.target: "legal"}
        if view.phase is Phase.STARTUP:
            laid_out: list[list[Shown]] = [[] for _ in COLUMNS]
            for position, card in enumerate(view.deck_shown):
                laid_out[position % len(COLUMNS)].append(Shown(card, card is not None))
            columns = [tuple(cards) for cards in laid_out]
        else:
            columns = [
                tuple(Shown(card, card is not None) for card in column) for column in view.columns
            ]
        for number, name in enumerate(COLUMNS):
            cards = columns[number]
            cursor: int | None = None
            if keyboard and controls.cursor_name == name:
                index = controls.cursor_card(view)
                cursor = -1 if index is None else index
            self.query_one(f"#pile-{name}", FanColumn).update(
                cards,
                picked_from=picked.index if picked is not None and picked.pile == name else None,
                cursor=cursor,
                target=looks.get(name),
                large=large,
                tall=tall,
            )
        for number, name in enumerate(FOUNDATIONS):
            foundation = view.foundations[number]
            self.query_one(f"#pile-{name}", StackPile).update(
                foundation[-1] if foundation else None,
                count=len(foundation),
                target=looks.get(name),
                picked=picked is not None and picked.pile == name,
                cursor=keyboard and controls.cursor_name == name,
            )
        self._show_drag_card()
        self._show_stats(view)
        bar = self.query_one(CommandBar)
        if self.note is not None:
            bar.show(self.session.last_command, self.note, error=False)
        else:
            # The win is announced in words, not as a refusal.
            bar.show(self.session.last_command, self.session.message,
                     error=False if view.won else None)


    def _show_stats(self, view: View) -> None:
        auto = "on" if self._auto_move else "off"
        phase = "STARTUP" if view.phase is Phase.STARTUP else "PLAY"
        number = self.game_number()
        seed = "none" if number is None else str(number)
        lines = [
            f"Moves {view.moves:<5} {clock_text(self.session.seconds()):>7}",
            f"Seed  {seed}" if len(seed) <= 13 else f"Seed\n{seed}",
            f"Rules {view.rules}",
            f"Auto  {auto}",
            f"Phase {phase}",
        ]
        text = "\n".join(lines)
        if text != self._shown_stats:
            stats = self.query_one("#stats", Static)
            stats.update(text, layout=text.count("\n") != self._shown_stats.count("\n"))
            self._shown_stats = text
        if view.won:
            message, look = "Won! n: new game", "won"
        elif self.session.is_stuck():
            message, look = "Stuck: no legal move. u: undo, n: new game", "stuck"
        else:
            message, look = self._solver_status()
        if message != self._shown_status:
            status = self.query_one("#status", Static)
            # A layout of the whole screen costs a move about 10 ms at 120x40 (bench
            # yukon_hint), so only when the status needs more lines than it keeps.
            width = status.content_size.width
            lines = [max(MIN_STATUS_LINES, Content(text).get_height(status.styles, width))
                     for text in (message, self._shown_status)]
            # Styled here rather than by a CSS class: changing a class restyles the widget
            # through the stylesheet, about 1 ms of every move that stops a hint.
            status.update(Content.styled(message, STATUS_LOOKS[look]),
                          layout=not width or lines[0] != lines[1])
            self._shown_status = message
