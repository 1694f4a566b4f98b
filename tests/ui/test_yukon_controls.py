"""The Yukon controls layer on its own (no Textual): which command a click, drag or key means.

The views come from the real engine: the unshuffled deck dealt (the spec's Figure 6).
"""

from __future__ import annotations

from tableau.cards import parse_card
from tableau.engines import yukon
from tableau.engines.yukon import Config
from tableau.engines.yukon import View
from tableau.ui.controls.yukon import CANCELLED
from tableau.ui.controls.yukon import FACE_DOWN
from tableau.ui.controls.yukon import NOT_IN_STARTUP
from tableau.ui.controls.yukon import Action
from tableau.ui.controls.yukon import Pick
from tableau.ui.controls.yukon import YukonControls
from tableau.ui.controls.yukon import foundation_for


def _loaded() -> yukon.State:
    return yukon.apply(yukon.new_game(Config()), yukon.LoadDeck())


def _deal() -> yukon.State:
    return yukon.apply(_loaded(), yukon.DEAL)


def _dealt() -> View:
    return yukon.view(_deal())


def _legal(view: View) -> frozenset[str]:
    return frozenset(str(move) for move in view.legal)


def test_a_click_on_a_face_up_card_picks_it_and_a_click_on_a_column_names_the_move() -> None:
    view, controls = _dealt(), YukonControls()
    assert controls.click(view, "C6", len(view.columns[5]) - 1) == Action()
    assert controls.picked == Pick("C6", len(view.columns[5]) - 1)
    assert controls.click(view, "C3", None) == Action(command="C6->C3")
    assert controls.picked is None


def test_picking_above_the_bottom_card_names_the_card() -> None:
    view, controls = _dealt(), YukonControls()
    column = view.columns[4]
    index = len(column) - 3
    controls.click(view, "C5", index)
    assert controls.click(view, "C2", None) == Action(command=f"C5:{column[index]}->C2")


def test_a_face_down_card_cannot_be_picked() -> None:
    view, controls = _dealt(), YukonControls()
    assert controls.click(view, "C7", 0) == Action(note=FACE_DOWN)
    assert controls.picked is None


def test_clicking_the_picked_card_again_cancels_and_escape_cancels() -> None:
    view, controls = _dealt(), YukonControls()
    controls.click(view, "C6", len(view.columns[5]) - 1)
    assert controls.click(view, "C6", len(view.columns[5]) - 1) == Action(note=CANCELLED)
    assert controls.picked is None
    controls.click(view, "C6", len(view.columns[5]) - 1)
    assert controls.cancel() is True
    assert controls.picked is None
    assert controls.cancel() is False


def test_nothing_can_be_picked_before_the_deal() -> None:
    view = yukon.view(_loaded())
    assert YukonControls().click(view, "C1", 0) == Action(note=NOT_IN_STARTUP)


def test_a_double_click_sends_the_card_to_the_first_free_foundation() -> None:
    view = _dealt()
    assert YukonControls().click(view, "C1", 0, chain=2) == Action(command="C1->F1")


def test_a_card_is_aimed_at_the_foundation_of_its_suit_else_the_first_empty_one() -> None:
    view = yukon.view(yukon.apply(_deal(), yukon.parse_move("C1->F3")))  # A♣ on F3
    assert foundation_for(view, parse_card("2C")) == "F3"
    assert foundation_for(view, parse_card("AH")) == "F1"


def test_a_drag_is_legal_or_illegal_as_the_engine_says() -> None:
    view, controls = _dealt(), YukonControls()
    legal = _legal(view)
    controls.drag_start(view, "C6", len(view.columns[5]) - 1)
    controls.drag_over("C3")
    assert controls.target_state(view, legal) == "legal"
    controls.drag_over("C1")
    assert controls.target_state(view, legal) == "illegal"
    controls.drag_over(None)
    assert controls.target_state(view, legal) is None
    assert controls.drop(view, "C3") == Action(command="C6->C3")


def test_a_drop_outside_or_on_its_own_column_does_nothing() -> None:
    view, controls = _dealt(), YukonControls()
    controls.drag_start(view, "C6", len(view.columns[5]) - 1)
    assert controls.drop(view, None) == Action()
    controls.drag_start(view, "C6", len(view.columns[5]) - 1)
    assert controls.drop(view, "C6") == Action()


def test_the_keyboard_cursor_walks_columns_and_face_up_cards() -> None:
    view, controls = _dealt(), YukonControls()
    controls.jump(5)
    column = view.columns[4]
    assert controls.cursor_card(view) == len(column) - 1
    for _ in range(20):
        controls.move_cursor(view, cards=-1)
    first_face_up = next(i for i, card in enumerate(column) if card is not None)
    assert controls.cursor_card(view) == first_face_up
    controls.move_cursor(view, columns=-5)
    assert controls.cursor_name == "F4", "left of C1 wraps round to the last foundation"


def test_space_picks_then_drops_where_the_cursor_is() -> None:
    view, controls = _dealt(), YukonControls()
    controls.jump(6)
    assert controls.activate(view) == Action()
    controls.jump(3)
    assert controls.activate(view) == Action(command="C6->C3")


def test_f_names_a_foundation_move_for_the_card_under_the_cursor() -> None:
    view, controls = _dealt(), YukonControls()
    controls.jump(1)
    assert controls.home_from_cursor(view) == Action(command="C1->F1")


def test_a_pick_marks_every_pile_the_engine_lets_it_go_to() -> None:
    view = yukon.view(yukon.numbered_game(5))  # C2 ends in A♣: onto 2♥ (C4), 2♦ (C5), home
    controls = YukonControls()
    assert controls.target_looks(view, _legal(view)) == {}
    controls.click(view, "C2", len(view.columns[1]) - 1)
    looks = controls.target_looks(view, _legal(view))
    assert looks == dict.fromkeys(("C4", "C5", "F1", "F2", "F3", "F4"), "legal")
    assert controls.carried(view) == (parse_card("AC"),)


def test_a_drag_marks_its_targets_and_the_refusing_pile_under_the_pointer() -> None:
    view, controls = _dealt(), YukonControls()
    legal = _legal(view)
    index = len(view.columns[5]) - 3
    controls.drag_start(view, "C6", index)  # 6♠ 9♠ J♠: no pile takes the 6♠
    controls.drag_over("C3")
    assert controls.target_looks(view, legal) == {"C3": "illegal"}
    assert controls.carried(view) == view.columns[5][index:]
    controls.drop(view, None)
    controls.drag_start(view, "C6", len(view.columns[5]) - 1)  # J♠ onto Q♥ (C3) only
    controls.drag_over("C3")
    assert controls.target_looks(view, legal) == {"C3": "legal"}
