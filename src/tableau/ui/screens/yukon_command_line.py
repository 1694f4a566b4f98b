"""The Yukon table's command bar: typed lines, and S and L with their file work in a thread.

A mixin of ``YukonScreen``. Every key, click and typed line ends here as one command line
for the session's interpreter (``tableau.sessions.yukon_commands``); S and L read and write
their file in a thread, so a big file never freezes the table, and lines typed meanwhile
wait their turn. What it keeps is only that work under way and the lines waiting for it.
"""

from __future__ import annotations

from typing import Any

from textual.worker import Worker

from tableau.engines.yukon import Phase
from tableau.sessions.yukon_commands import FILE_COMMANDS
from tableau.sessions.yukon_commands import file_work
from tableau.ui.controls.yukon import Action
from tableau.ui.controls.yukon import YukonControls
from tableau.ui.widgets.command_bar import CommandBar

SAVE_NAME = "yukon-save.json"


class YukonCommandLine:
    """Running command lines for ``YukonScreen``."""

    controls: YukonControls
    session: Any
    note: str | None
    _file_work: Worker[Any] | None
    _waiting: list[str]

    def run_command(self, line: str) -> None:
        """Run one command line through the interpreter, as if typed in INPUT."""
        if self._file_work is not None:
            self._waiting.append(line)
            return
        if line.strip().partition(" ")[0].upper() in FILE_COMMANDS:
            self._run_file_command(line)
            return
        before = self.session.state
        self.session.run(line, auto_move=self._auto_move)
        self._took(before)

    def _took(self, before: object) -> None:
        """After a command that came from ``before``: quit, focus, the clock and the end."""
        session = self.session
        self.note = None
        if session.quit:
            self.app.exit(0)
            return
        if session.state is not before and session.message == "OK":
            command = session.last_command.strip().partition(" ")[0].upper()
            if command in ("L", "P") and session.state.phase is Phase.PLAY:
                # The cards are out (P, or L of a game): arrows and space play on the table.
                self.query_one("#table").focus()
        self._after_change(before)
        self.after_move()

    def _run_file_command(self, line: str) -> None:
        self._file_work = self.run_worker(
            file_work(self.session, line), name="yukon-file", description="Yukon S or L",
            thread=True, exit_on_error=False,
        )
        self.note = "Saving…" if line.strip()[:1].upper() == "S" else "Loading…"
        self.redraw()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is not self._file_work or not event.worker.is_finished:
            return
        finish = event.worker.result
        self._file_work = None
        if callable(finish):
            # On the session on the table now: a save does not change the game, so what
            # happened meanwhile (a new deal) stays.
            before = self.session.state
            finish(self.session)
            self._took(before)
        waiting, self._waiting = self._waiting, []
        for line in waiting:
            self.run_command(line)

    def _apply(self, action: Action) -> None:
        if action.command is not None:
            self.run_command(action.command)
        else:
            if action.note is not None:
                self.note = action.note
            self.redraw()

    def on_command_bar_submitted(self, event: CommandBar.Submitted) -> None:
        self.controls.reset()
        self.run_command(event.text)

    def on_command_bar_escaped(self, event: CommandBar.Escaped) -> None:
        self.query_one("#table").focus()
        self.redraw()

    def action_focus_input(self) -> None:
        self.query_one(CommandBar).focus_input()

    def action_save(self) -> None:
        self.query_one(CommandBar).focus_input(f"S {SAVE_NAME}")
        self.note = "Press Enter to save (edit the file name first if you like)."
        self.redraw()

    def action_load(self) -> None:
        self.query_one(CommandBar).focus_input(f"L {SAVE_NAME}")
        self.note = "Press Enter to load (edit the file name first if you like)."
        self.redraw()
