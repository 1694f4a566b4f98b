"""The Pesten controls: what the table says and which cards light up, from engine views."""

from __future__ import annotations

from tableau.cards import AnyCard, parse_any_card
from tableau.ui.controls.pesten import (
    arranged,
    can_extend,
    declared_last_card,
    only_draw,
    pending_text,
    public,
)
from tableau.ui.scenes.pesten import arranged_table

BRAM = "2C 5D 8D KS 4H 6C TC"
COR = "AS 3C 4C 9D TD QD KH"


def _card(code: str) -> AnyCard:
    return parse_any_card(code)


def test_public_view_holds_no_hand_and_no_moves() -> None:
    table = arranged_table(["3H 7H 7C 7S JD 9S QH", BRAM, COR], "5C 7D")
    view = public(table.view(0))
    assert view.hand == () and view.legal == () and view.drawn is None
    assert view.hand_counts == (7, 7, 7)


def test_a_two_stack_on_an_eight_reads_an_eight() -> None:
    table = arranged_table(["3H 8H 9S", BRAM, COR], "5C 8C", stack=10)
    text = pending_text(table.view(0))
    assert text == "2-stack: Anna takes 10 or answers with an 8 or the 9♣."


def test_after_the_first_card_only_cards_that_extend_a_legal_set_light_up() -> None:
    table = arranged_table(["3H 7H 7C 7S JD 9S QH", BRAM, COR], "5C 7D")
    view = table.view(0)
    chosen = [_card("7S")]
    lit = {str(card) for card in view.hand if card not in chosen and can_extend(view, chosen, card)}
    assert lit == {"7H", "7C"}


def test_identical_cards_from_two_packs_can_both_join_a_set() -> None:
    table = arranged_table(["7H 7H 7C 9S", BRAM, COR], "5C 7D", packs=2)
    view = table.view(0)
    chosen = [_card("7H")]
    assert can_extend(view, chosen, _card("7H"))
    assert can_extend(view, [*chosen, _card("7H")], _card("7C"))


def test_drawing_is_the_only_move_when_nothing_fits() -> None:
    table = arranged_table(["3H 9S QH 4S", BRAM, COR], "5C 7D")
    assert only_draw(table.view(0))
    table = arranged_table(["3H 9S QH 7S", BRAM, COR], "5C 7D")
    assert not only_draw(table.view(0))


def test_the_last_card_marker_shows_after_the_call() -> None:
    table = arranged_table(["3D 9S", BRAM, COR], "5C 3S")
    assert table.play([_card("3D")], last_card=True).ok
    assert declared_last_card(table.view(1)) == (True, False, False)


def test_the_hand_is_shown_by_suit_then_rank_with_jokers_last() -> None:
    cards = [parse_any_card(code) for code in ("JK", "KS", "2C", "AD", "TC")]
    assert [str(card) for card in arranged(cards)] == ["2C", "TC", "AD", "KS", "JK"]
