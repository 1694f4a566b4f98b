"""The Pesten controls without Textual: what the table says, which cards light up and what a
key or a click means, from engine views."""

from __future__ import annotations

from tableau.cards import AnyCard
from tableau.cards import parse_any_card
from tableau.engines.pesten import DRAW
from tableau.engines.pesten import Play
from tableau.sessions.pesten import OPEN
from tableau.ui.controls.pesten import arranged
from tableau.ui.controls.pesten import can_extend
from tableau.ui.controls.pesten import clicked
from tableau.ui.controls.pesten import declared_last_card
from tableau.ui.controls.pesten import hint
from tableau.ui.controls.pesten import lit
from tableau.ui.controls.pesten import on_enter
from tableau.ui.controls.pesten import only_draw
from tableau.ui.controls.pesten import pending_text
from tableau.ui.controls.pesten import public
from tableau.ui.controls.pesten import refusal
from tableau.ui.controls.pesten import round_end
from tableau.ui.controls.pesten import seat_line
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


def test_a_card_that_is_not_lit_is_refused_with_a_reason_and_a_lit_one_is_not() -> None:
    table = arranged_table(["3H 7H 7C 7S JD 9S QH", BRAM, COR], "5C 7D")
    view = table.view(0)
    assert refusal(view, [], _card("7C")) is None
    assert refusal(view, [_card("7C")], _card("7S")) is None
    assert refusal(view, [], _card("QH")) == (
        "Q♥ does not go on 7♦: play diamonds, a 7 or a joker.")
    assert refusal(view, [_card("7C")], _card("9S")) == (
        "9♠ does not join 7♣: two cards are only a set together with the top card: "
        "three of one rank, or three in a row of one suit.")


def test_after_a_draw_only_the_drawn_card_may_be_chosen() -> None:
    table = arranged_table(["3H 9S QH", BRAM, COR], "5C 7D", draw_next="6D")
    assert table.act(0, OPEN).ok and table.act(0, DRAW).ok
    view = table.view(0)
    assert refusal(view, [], _card("6D")) is None
    assert refusal(view, [], _card("3H")) == (
        "You may only play the card you drew (6♦), or keep it.")


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
    assert table.act(0, OPEN).ok and table.act(0, Play((_card("3D"),), None, True)).ok
    assert declared_last_card(table.view(1)) == (True, False, False)


def test_the_hand_is_shown_by_suit_then_rank_with_jokers_last() -> None:
    cards = [parse_any_card(code) for code in ("JK", "KS", "2C", "AD", "TC")]
    assert [str(card) for card in arranged(cards)] == ["2C", "TC", "AD", "KS", "JK"]


def test_enter_plays_the_selection_in_the_order_it_was_chosen() -> None:
    table = arranged_table(["3H 7H 7C 7S JD 9S QH", BRAM, COR], "5C 7D")
    view = table.view(0)
    shown = arranged(view.hand)
    chosen = [shown.index(_card(code)) for code in ("7S", "7C")]
    assert on_enter(view, shown, chosen, cursor=0) == (_card("7S"), _card("7C"))


def test_enter_without_a_selection_makes_the_one_move_left_or_plays_the_cursor_card() -> None:
    nothing_fits = arranged_table(["3H 9S QH 4S", BRAM, COR], "5C 7D").view(0)
    assert on_enter(nothing_fits, arranged(nothing_fits.hand), [], cursor=0) == "draw"
    stacked = arranged_table(["3H 9S", BRAM, COR], "5C 2D", stack=2).view(0)
    assert on_enter(stacked, arranged(stacked.hand), [], cursor=0) == "take"
    view = arranged_table(["3H 7H 9S", BRAM, COR], "5C 7D").view(0)
    shown = arranged(view.hand)
    assert on_enter(view, shown, [], cursor=99) == (shown[-1],)


def test_a_click_toggles_a_card_and_a_double_click_adds_it_and_plays() -> None:
    assert clicked([], 2) == ([2], False)
    assert clicked([2, 4], 2) == ([4], False)
    assert clicked([4], 2, chain=2) == ([4, 2], True)
    assert clicked([2], 2, chain=2) == ([2], True)


def test_cards_that_cannot_join_the_selection_are_dimmed() -> None:
    view = arranged_table(["3H 7H 7C 9S", BRAM, COR], "5C 7D").view(0)
    shown = arranged(view.hand)
    legal, dimmed = lit(view, shown, [shown.index(_card("7H"))])
    assert {str(shown[i]) for i in legal} == {"7C"}
    assert {str(shown[i]) for i in dimmed} == {"3H", "9S"}


def test_the_seat_list_points_at_the_player_to_move_and_marks_cpus() -> None:
    view = public(arranged_table(["3H 7H", BRAM, COR], "5C 7D").view(0))
    assert seat_line(view, 0, human=True, last=False) == "▶ Anna               2    0"
    assert seat_line(view, 2, human=False, last=True) == "  Cor (CPU)          7    0 LAST"


def test_the_hint_says_what_the_player_may_do() -> None:
    assert hint(arranged_table(["3H 9S", BRAM, COR], "5C 7D").view(0)) == (
        "Nothing fits on 7♦: draw with d, Enter or a click on the stock."
    )
    assert hint(arranged_table(["3H 9S", BRAM, COR], "5C 2D", stack=2).view(0)) == (
        "2-stack! Nothing answers it: take 2 (t or Enter)."
    )
    assert hint(arranged_table(["3H 9S", BRAM, COR], "5C JK", stack=5).view(0)) == (
        "Joker! You have no joker: take 5 (t or Enter) and name a suit."
    )
    assert hint(arranged_table(["JK 9S", BRAM, COR], "5C JK", stack=5).view(0)) == (
        "Joker! Play a joker, or take 5 (t) and name a suit."
    )


def test_the_round_end_names_the_winner_and_the_rounds_won() -> None:
    table = arranged_table(["7D", BRAM, COR], "5C 7C")
    assert table.act(0, OPEN).ok and table.act(0, Play((_card("7D"),))).ok
    title, lines = round_end(table.view(1))
    assert title == "Anna wins round 1!"
    bram, cor = table.view(1).points[1:]
    assert bram > 0 and cor > 0
    first, second = ("Bram", "Cor") if bram <= cor else ("Cor", "Bram")
    assert lines == [
        "Standings (open match):",
        "   Seat  Wins  Points",
        " 1 Anna     1       0",
        f" 2 {first:<4}     0  {min(bram, cor):>6}",
        f" 3 {second:<4}     0  {max(bram, cor):>6}",
    ]
