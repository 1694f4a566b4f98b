"""The Yukon table's dialogs: the end of a game, the rules chooser and the command palette.

A mixin of ``YukonScreen``; it keeps nothing of its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual.app import SystemCommand

from tableau.text import clock_text
from tableau.ui.screens.dialogs import ChooserScreen
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.screens.yukon_command_line import SAVE_NAME

RULE_NAMES = {
    "spec": "different suit (the course spec)",
    "classic": "alternating colours",
    "russian": "same suit only",
}
RULE_CHOICES = {
    "spec": "a different suit",
    "classic": "the other colour",
    "russian": "the same suit",
}
"""The rules chooser's answers to "Of which suit?", short enough for one line at 80×24."""
HELPED_WIN = "Won with the demo's help"
HELPED_NOTE = "Demo game: not in your statistics."


class YukonDialogs:
    """Dialogs and palette commands for ``YukonScreen``."""

    session: Any
    note: str | None

    def end_dialog(self) -> EndScreen | None:
        ended = self.session.outcome()
        if ended is not None:
            view = self.view
            return EndScreen(
                HELPED_WIN if self.session.helped else ended.sentence,
                [f"Moves: {view.moves}", f"Time: {clock_text(self.session.seconds())}",
                 f"Seed: {self.game_number() or 'none (not a numbered deal)'}",
                 *([HELPED_NOTE] if self.session.helped else [])],
                [("again", "Play again"), ("menu", "Menu"), ("winnable", "Winnable?")],
            )
        if self.session.is_stuck():
            return EndScreen(
                "No moves left",
                ["No legal move is left in this deal.",
                 *([HELPED_NOTE] if self.session.helped else [])],
                [("undo", "Undo"), ("new", "New game"), ("winnable", "Winnable?"),
                 ("stay", "Look at the table")],
            )
        return None

    def end_chosen(self, choice: str | None) -> None:
        if choice == "undo":
            self.action_undo()
        elif choice == "new":
            self.action_new_game()
        elif choice == "winnable":
            self.action_winnable()
        else:
            super().end_chosen(choice)  # type: ignore[misc]

    def action_rules(self) -> None:
        def new_rules(key: str) -> None:
            # Remembered, as the set-up does: the next game (and the set-up) use these rules.
            self.remember("yukon", "rules", key)
            self._new_session(self.start_seed, key)
            self.note = f"Rules: {key} ({RULE_NAMES[key]}). New deal, seed {self.start_seed}."
            self.redraw()

        def chosen(key: str | None) -> None:
            if key in RULE_NAMES:
                self.ask_before_abandoning(
                    lambda: new_rules(key), question="Change the rules?",
                    leave=f"Deal game {self.start_seed} again with {key} rules")

        self.app.push_screen(
            ChooserScreen(
                "Rules variant",
                [(key, f"{key}: {text}") for key, text in RULE_CHOICES.items()],
                "A card goes on a column card one rank higher. Of which suit?",
            ),
            chosen,
        )

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand("New game", "Shuffle with a fresh seed and deal", self.action_new_game)
        yield SystemCommand("Restart deal", "Deal the same cards again", self.action_restart)
        yield SystemCommand("Undo", "Take back the last move", self.action_undo)
        yield SystemCommand("Redo", "Make the undone move again", self.action_redo)
        yield SystemCommand("Save game", f"Save to a file ({SAVE_NAME})", self.action_save)
        yield SystemCommand("Load game", f"Load a saved game ({SAVE_NAME})", self.action_load)
        yield SystemCommand(
            "Rules variant", "Spec, classic or russian building rules", self.action_rules
        )
        state = "off" if self._auto_move else "on"
        yield SystemCommand(
            f"Auto-move: turn {state}", "Move safe cards to the foundations by themselves",
            self.action_toggle_auto,
        )
        yield SystemCommand("Hint", "The best move, judged without looking at face-down cards",
                            self.action_hint)
        yield SystemCommand("Demo", "The hint plays the deal from here; any key stops it",
                            self.action_demo)
        if self._deal_proved_won():
            yield SystemCommand("Show a winning line (looks under the cards)",
                                "The solver plays a win from here, seeing every card",
                                self.action_show_win)
        yield SystemCommand(
            "Is this deal winnable?", "The solver looks under the face-down cards",
            self.action_winnable,
        )
        state = "off" if self._winnable_only else "on"
        yield SystemCommand(
            f"Winnable deals only: turn {state}",
            "New games deal only seeds the solver has proved can be won",
            self.action_toggle_winnable_only,
        )
        if self._finish_offered():
            yield SystemCommand("Finish the game", "Play the solver's win to the foundations",
                                self.action_finish)
