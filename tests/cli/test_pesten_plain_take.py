"""Line-mode Pesten keeps a take final: no card shows before it is taken (issue 27 C9)."""

from __future__ import annotations

import io
from typing import Any

import pytest

from tableau.cli.pesten import PlainTable
from tableau.cli.plain import EndOfInput
from tableau.cli.plain import Lines
from tableau.sessions.pesten import DONE
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Stage
from tableau.sessions.protocol import Answer
from tableau.storage.table_store import StaleMove
from tableau.ui.scenes.pesten import arranged_table


def test_line_mode_asks_the_suit_of_a_joker_stack_before_any_taken_card_shows() -> None:
    """Issue 27 C9 in line mode: the hand after the take was shown before the suit was asked,
    so a player who then stopped (end of input, Ctrl-C) had seen cards never taken."""
    table = arranged_table(["3H 5H 6H 7S 8C 9C QS", "2C 5D 8D KS 4H 6C TC",
                            "AS 3C 4C 9D TD QD KH"], "5C JK", stack=5, draw_next="KC 3S 7D")
    before = table.state
    out = io.StringIO()
    plain = PlainTable(table, Lines(io.StringIO("anna-pw\n"), out),
                       lambda lines, prompt: lines.ask(prompt), wait=lambda _seconds: None)
    with pytest.raises(EndOfInput):
        plain.play()  # Anna opens her hand; nothing answers the joker; the suit is asked
    shown = out.getvalue()
    assert ("Nothing answers the stack: you take 5.\n"
            "Name the suit to go on with (c, d, h, s) > ") in shown
    assert "K♣" not in shown and "KC" not in shown
    assert table.state == before  # nothing was taken, and nothing was seen


class RefusesDoneOnce:
    """A table that refuses the first Done with a sentence, as a shared table does when it
    moved on meanwhile (``TableSession``); everything else is the session's."""

    def __init__(self, table: PestenSession) -> None:
        self.table = table
        self.refused = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self.table, name)

    def act(self, seat: int, move: Any) -> Answer[Any]:
        if move is DONE and not self.refused:
            self.refused = True
            return Answer.refused(str(StaleMove()))
        return self.table.act(seat, move)


def test_a_refused_done_is_said_and_asked_again() -> None:
    table = arranged_table(["3H 5H 6H 7S 8C 9C QS", "2C 5D 8D KS 4H 6C TC",
                            "AS 3C 4C 9D TD QD KH"], "5C JK", stack=5, draw_next="KC 3S 7D")
    out = io.StringIO()
    refusing = RefusesDoneOnce(table)
    plain = PlainTable(refusing, Lines(io.StringIO("anna-pw\nc\n\n\n"), out),  # type: ignore[arg-type]
                       lambda lines, prompt: lines.ask(prompt), wait=lambda _seconds: None)
    with pytest.raises(EndOfInput):
        plain.play()  # Anna takes 5, Done is refused once and said, Enter again hands over
    shown = out.getvalue()
    assert refusing.refused and str(StaleMove()) in shown
    assert shown.count("Enter hands over") + shown.count("Press Enter to hand over") == 2
    assert table.stage is not Stage.REVIEW and table.state.current != 0
