"""Yukon's table at 80×24 after play-testing (issue 28, items 1, 2 and 6): the last card of a
long column stays in sight, a picked or dragged card marks every pile it may go to with a
shape as well as a tint, and the drag shows what it takes beside the pointer. (The footer and
the rules dialog at 80×24: test_yukon_solver_ui.py and test_yukon_issue28.py.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Static
from ui_helpers import press
from ui_helpers import type_lines
from ui_helpers import yukon_table

from tableau.engines.yukon import CardMove
from tableau.engines.yukon import View
from tableau.ui.app import TableauApp
from tableau.ui.controls.yukon import PILES
from tableau.ui.screens.yukon import YukonScreen
from tableau.ui.widgets.pile import FanColumn
from tableau.ui.widgets.pile import Pile
from tableau.ui.widgets.pile import StackPile

AppFactory = Callable[..., TableauApp]

SOLVERS_FIRST_21 = (
    "C1->F1", "C2->F2", "C3:KD->C1", "C4:3D->C1", "C6:JC->C7", "C7:8C->C6", "C5:5C->C1",
    "C7->C5", "C7->F1", "C1:8H->C7", "C3->C1", "C3->C1", "C4->C3", "C4->C3", "C4->F3",
    "C5:KC->C4", "C6:9S->C5", "C6->F3", "C7:9C->C6", "C5:JH->C4", "C6:TD->C5",
)
"""The issue's moves on `tableau yukon --seed 1234 --rules spec`: C5 grows to 26 cards."""


def _column(screen: YukonScreen, name: str) -> FanColumn:
    return screen.query_one(f"#pile-{name}", FanColumn)


def _shown_rows(column: FanColumn) -> list[str]:
    """The column's rows as the player sees them, top to bottom."""
    return [column.render_line(y).text for y in range(column.size.height)]


def _last_card_row(column: FanColumn) -> int | None:
    """The screen row (in the column) showing its last card, or None when it is out of sight."""
    top = column.scroll_offset.y
    row = column.row_of(len(column.cards) - 1) - top
    first = 1 if top else 0  # a scrolled column keeps its name on the top row
    return row if first <= row < column.size.height else None


def _assert_every_last_card_shows(screen: YukonScreen) -> None:
    for name, cards in zip(("C1", "C2", "C3", "C4", "C5", "C6", "C7"), screen.view.columns,
                           strict=True):
        if not cards:
            continue
        column = _column(screen, name)
        row = _last_card_row(column)
        assert row is not None, f"the last card of {name} is out of sight"
        last = cards[-1]
        assert last is not None and last.face in _shown_rows(column)[row], name


async def _long_c5(pilot: Pilot[Any], screen: YukonScreen) -> None:
    """The deal typed, the moves run by the same interpreter (typing each costs seconds), the
    last one, which grows C5 past the screen, typed on the INPUT line."""
    await type_lines(pilot, "LD", "SR", "P")
    for move in SOLVERS_FIRST_21[:-1]:
        screen.run_command(move)
    await type_lines(pilot, SOLVERS_FIRST_21[-1])
    await press(pilot, "escape")  # the table has the keys again


# ---------------------------------------------------------------- item 1: the last card


async def test_the_last_card_of_every_column_shows_after_the_moves_the_cursor_and_a_resize(
    make_app: AppFactory,
) -> None:
    """At 80×24 after the solver's first 21 moves (C5 grows to 26 cards): every column's last
    card shows, C5's name stays on top counting the cards above; the cursor walks up to C5's
    first face-up card and shows it, and the last card comes back when the cursor leaves and
    after the screen grows and shrinks again."""
    async with yukon_table(make_app, seed=1234, rules="spec") as (_app, pilot, screen):
        await _long_c5(pilot, screen)
        assert screen.view.moves == 21 and len(screen.view.columns[4]) == 26
        c5 = _column(screen, "C5")
        assert c5.max_scroll_y > 0, "C5 is taller than the table"
        _assert_every_last_card_shows(screen)
        rows = _shown_rows(c5)
        # The name stays on top and says how many cards are scrolled away above.
        assert rows[0].split() == ["C5", "↑8"]
        assert [row.strip() for row in rows[-5:]] == ["10♥", "6♦", "5♣", "3♥", "5♥"]
        await press(pilot, "5", *["up"] * 22)  # the cursor up to C5's first face-up card
        first_up = next(i for i, card in enumerate(screen.view.columns[4]) if card is not None)
        assert c5.cursor == first_up
        assert "10♣" in _shown_rows(c5)[c5.row_of(first_up) - c5.scroll_offset.y]
        await press(pilot, "right")
        _assert_every_last_card_shows(screen)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        _assert_every_last_card_shows(screen)


# ---------------------------------------------------------------- item 2: legal targets

# Game 5 as dealt: C2 ends in A♣, which may go to C4 (2♥), C5 (2♦) or any foundation.


def _targets_of(view: View, source: str) -> set[str]:
    """Where the engine lets the last card of ``source`` go (its legal moves)."""
    return {move.target for move in view.legal
            if isinstance(move, CardMove) and move.source == source and move.card is None}


def _marked(screen: YukonScreen, look: str) -> set[str]:
    return {pile.pile_id for pile in screen.query(Pile) if pile.target == look}


def _name_row(screen: YukonScreen, name: str) -> str:
    pile = screen.query_one(f"#pile-{name}", Pile)
    return pile.render_line(0).text


def _assert_marked_with_shapes(screen: YukonScreen, wanted: set[str]) -> None:
    assert _marked(screen, "legal") == wanted
    for name in PILES:
        # A mark beside the name, so the cue reads without colour (a 256-colour terminal
        # turns the green tint grey).
        assert ("✓" in _name_row(screen, name)) == (name in wanted), name


async def test_a_picked_or_dragged_card_marks_every_pile_it_may_go_to(
    make_app: AppFactory,
) -> None:
    """Game 5 as dealt, at 80×24 then 120×40:

    - a card picked with the keys marks every pile the engine lets it go to, each with a
      mark beside its name (before the card on a one-line foundation); Escape clears them;
    - a card picked with the mouse marks the same piles;
    - a dragged run says how many cards come along;
    - a drag marks its targets and the refusing pile under the pointer; the card it takes and
      the pile's mark follow beside the pointer, never under it; the drop moves the card and
      clears every mark and the label;
    - at the right edge the label goes left of the pointer and never takes the drop;
    - at 120×40 the foundations (boxed cards) get the same mark as the columns.
    """
    async with yukon_table(make_app, seed=5, deal=True) as (app, pilot, screen):
        dealt = screen.view
        wanted = _targets_of(dealt, "C2")
        assert wanted == {"C4", "C5", "F1", "F2", "F3", "F4"}
        assert _marked(screen, "legal") == set()
        # Picked with the keys.
        await press(pilot, "2", "space")
        assert screen.controls.picked is not None
        _assert_marked_with_shapes(screen, wanted)
        assert _name_row(screen, "C4").startswith("✓C4")
        assert _name_row(screen, "F1").startswith("F1✓")  # one line: the mark before the card
        await press(pilot, "escape")
        _assert_marked_with_shapes(screen, set())
        # Picked with the mouse.
        c2 = _column(screen, "C2")
        await pilot.click(c2, offset=(2, c2.row_of(len(c2.cards) - 1)))
        await pilot.pause()
        _assert_marked_with_shapes(screen, wanted)
        await press(pilot, "escape")
        _assert_marked_with_shapes(screen, set())
        # A dragged run.
        c7 = _column(screen, "C7")
        await pilot.mouse_down(c7, offset=(2, c7.row_of(len(c7.cards) - 3)))  # 2♠ K♥ 9♠
        await pilot.hover("#stats", offset=(1, 0))
        await pilot.pause()
        assert str(screen.query_one("#drag-card", Static).content).split() == ["2♠", "+2"]
        await pilot.mouse_up("#stats", offset=(1, 0))
        await pilot.pause()
        assert screen.view == dealt
        # A drag beside the pointer.
        label = screen.query_one("#drag-card", Static)
        assert not label.display
        await pilot.mouse_down(c2, offset=(2, c2.row_of(len(c2.cards) - 1)))
        await pilot.hover("#pile-C3", offset=(3, 2))
        await pilot.pause()
        _assert_marked_with_shapes(screen, wanted)
        assert _marked(screen, "illegal") == {"C3"}
        assert _name_row(screen, "C3").startswith("✗C3")
        c3 = _column(screen, "C3").region
        pointer = (c3.x + 3, c3.y + 2)
        # Beside the pointer (never under it): the card it takes, and the pile's mark.
        assert label.display and str(label.content) == "A♣ ✗"
        assert label.region.y == pointer[1] and label.region.x == pointer[0] + 2
        await pilot.hover("#pile-C4", offset=(3, 1))
        await pilot.pause()
        c4 = _column(screen, "C4").region
        assert str(label.content) == "A♣ ✓"
        assert (label.region.x, label.region.y) == (c4.x + 5, c4.y + 1)
        await pilot.mouse_up("#pile-C4", offset=(3, 1))
        await pilot.pause()
        assert screen.view.columns[3][-1].face == "A♣"  # type: ignore[union-attr]
        assert not label.display
        assert _marked(screen, "legal") == _marked(screen, "illegal") == set()
        assert app.mouse_captured is None
        await press(pilot, "u")
        assert screen.view == dealt
        # At the right edge.
        f1 = screen.query_one("#pile-F1", StackPile)
        await pilot.mouse_down(c2, offset=(2, c2.row_of(len(c2.cards) - 1)))
        at = (f1.region.width - 2, 0)
        await pilot.hover(f1, offset=at)
        await pilot.pause()
        pointer_x = f1.region.x + at[0]
        assert str(label.content) == "A♣ ✓"
        assert label.region.right < pointer_x and label.region.y == f1.region.y
        await pilot.mouse_up(f1, offset=at)  # the label never takes the drop from the pile
        await pilot.pause()
        assert screen.view.foundations[0][-1].face == "A♣"  # type: ignore[union-attr]
        assert app.mouse_captured is None
        await press(pilot, "u")
        assert screen.view == dealt
        # 120×40: the foundations' boxed cards.
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await press(pilot, "2", "space")
        foundation = screen.query_one("#pile-F2", StackPile)
        assert foundation.render_line(0).text.startswith("✓F2")
        assert _name_row(screen, "C5").startswith("✓C5")


# ---------------------------------------------------------------- item 6: 80×24 fits

# The footer at 80×24 with F (finish) shown: test_yukon_solver_ui.py's auto-finish test. The
# rules dialog at 80×24: test_yukon_issue28.py's rules test.
