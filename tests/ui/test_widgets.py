"""Shared widgets in a tiny host app: what they show and which messages they post."""

from __future__ import annotations

from textual import on
from textual.app import App
from textual.app import ComposeResult

from tableau.cards import parse_cards
from tableau.ui.widgets.button_grid import ButtonGrid
from tableau.ui.widgets.card import CardView
from tableau.ui.widgets.card import draw_card
from tableau.ui.widgets.hand import Hand
from tableau.ui.widgets.history import HistoryPanel
from tableau.ui.widgets.pesten_hand import PestenHand
from tableau.ui.widgets.pile import FanColumn
from tableau.ui.widgets.pile import Pile
from tableau.ui.widgets.pile import Shown
from tableau.ui.widgets.pile import StackPile

CARDS = parse_cards("KS QH JC TD 9S")


class Host(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.activated: list[int] = []
        self.clicked: list[tuple[str, int | None, int]] = []

    def compose(self) -> ComposeResult:
        yield Hand(id="hand")
        yield HistoryPanel(id="history")
        yield FanColumn("C1", "C1", id="fan")
        yield StackPile("F1", "F1", id="stack")

    @on(Hand.Activated)
    def _activated(self, event: Hand.Activated) -> None:
        self.activated.append(event.index)

    @on(Pile.Clicked)
    def _clicked(self, event: Pile.Clicked) -> None:
        self.clicked.append((event.pile_id, event.index, event.chain))


def test_a_drawn_card_shows_rank_and_suit_and_a_back_hides_them() -> None:
    face = "".join(text for row in draw_card(CARDS[3], True, 9, 5) for text, _ in row)
    back = "".join(text for row in draw_card(CARDS[3], False, 9, 5) for text, _ in row)
    assert "10♦" in face and "♦" in face
    assert "10" not in back and "♦" not in back


async def test_hand_numbers_marked_cards_in_selection_order_and_lifts_them() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        hand = app.query_one(Hand)
        hand.update(CARDS, marked=(3, 0), dimmed={4})
        await pilot.pause()
        views = list(hand.query(CardView))
        assert [view.badge for view in views] == ["2", "", "", "1", ""]
        assert views[3].has_class("-marked") and views[4].has_class("-dimmed")
        assert views[3].region.y < views[1].region.y, "a marked card sits higher"


async def test_hand_keys_move_the_cursor_and_enter_activates() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        hand = app.query_one(Hand)
        hand.update(CARDS)
        hand.focus()
        await pilot.press("right", "right", "enter")
        assert app.activated == [2]
        await pilot.press("left", "left", "left", "space")
        assert app.activated == [2, 4], "left from the first card wraps to the last"


async def test_clicking_a_card_in_a_hand_activates_it() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        hand = app.query_one(Hand)
        hand.update(CARDS)
        await pilot.pause()
        await pilot.click(list(hand.query(CardView))[1])
        assert app.activated == [1]


async def test_history_appends_only_new_events() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        history = app.query_one(HistoryPanel)
        history.update(["Anna plays 7♥"])
        history.update(["Anna plays 7♥", "Bob draws"])
        await pilot.pause()
        assert history.lines == ["Anna plays 7♥", "Bob draws"]
        history.update(["New round"])
        assert history.lines == ["New round"]


async def test_a_history_that_fills_up_between_two_frames_shows_its_newest_line() -> None:
    app = Host()
    async with app.run_test(size=(40, 24)) as pilot:
        history = app.query_one(HistoryPanel)
        await pilot.pause()
        history.update([f"Move {number}" for number in range(60)])  # more than it holds
        await pilot.pause()
        assert history.max_scroll_y > 0 and history.scroll_y == history.max_scroll_y
        assert history.vertical_scrollbar.position == history.scroll_y  # the bar agrees


async def test_a_long_history_line_wraps_to_the_panel_and_again_after_a_resize() -> None:
    app = Host()
    long = "Dirk wins 92 with three of a kind (three of clubs, three of diamonds, three of spades)"
    async with app.run_test(size=(40, 24)) as pilot:
        history = app.query_one(HistoryPanel)
        history.update(["Bram bets 2.", long])
        await pilot.pause()
        width = history.scrollable_content_region.width
        assert history.lines[0] == "Bram bets 2."
        assert len(history.lines) > 2
        assert all(len(line) <= width for line in history.lines)
        assert " ".join(part.strip() for part in history.lines[1:]) == long
        assert all(line.startswith("  ") for line in history.lines[2:])
        await pilot.resize_terminal(120, 24)
        await pilot.pause()
        assert history.lines == ["Bram bets 2.", long]


async def test_piles_report_which_card_was_clicked() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        fan = app.query_one(FanColumn)
        fan.update([Shown(None, False), *(Shown(card) for card in CARDS[:3])])
        app.query_one(StackPile).update(CARDS[0], count=3)
        await pilot.pause()
        await pilot.click(fan, offset=(1, fan.row_of(2)))
        await pilot.click("#stack")
        assert app.clicked == [("C1", 2, 1), ("F1", 2, 1)]


class FitHost(App[None]):
    CSS = "FanColumn { height: 10; width: 9; }"

    def compose(self) -> ComposeResult:
        yield FanColumn("C1", "C1", fit=True)


async def test_a_fitted_column_scrolls_only_once_its_cards_outgrow_its_height() -> None:
    many = parse_cards("KS QH JC TD 9S 8H 7C 6D 5S 4H 3C 2D AS KH")
    app = FitHost()
    async with app.run_test(size=(40, 20)) as pilot:
        fan = app.query_one(FanColumn)
        fan.update([Shown(card) for card in many[:4]])
        await pilot.pause()
        fitting = fan.virtual_size
        fan.update([Shown(card) for card in many[:6]])
        await pilot.pause()
        # A fan that still fits keeps its height (a new virtual size lays out the screen).
        assert fan.virtual_size == fitting and fan.max_scroll_y == 0
        fan.update([Shown(card) for card in many])
        await pilot.pause()
        assert fan.max_scroll_y > 0, "fourteen cards and a label need more than 10 lines"
        assert fan.scroll_offset.y == fan.max_scroll_y
        assert "K♥" in fan.render_line(fan.size.height - 1).text, "the last card shows"


async def test_a_tall_fan_gives_each_face_up_card_two_rows_to_tap_while_it_fits() -> None:
    """On a phone (``tall``): a face-up card takes two rows, a face-down one one row, and a
    tap on either row of a card is that card. A fan too long for two rows a card goes back
    to one, the last card keeping its two while it can, and every card still shows."""
    many = parse_cards("KS QH JC TD 9S 8H 7C 6D 5S 4H 3C 2D AS KH")
    app = FitHost()
    async with app.run_test(size=(40, 20)) as pilot:
        fan = app.query_one(FanColumn)
        cards = [Shown(None, False), *(Shown(card) for card in many[:3])]
        fan.update(cards, tall=True)
        await pilot.pause()
        rows = [fan.index_at(y) for y in range(1 + 1 + 3 * 2)]  # the name, a back, 3 cards
        assert rows == [None, 0, 1, 1, 2, 2, 3, 3]
        fan.update(cards, tall=False)
        assert [fan.index_at(y) for y in range(5)] == [None, 0, 1, 2, 3]
        fan.update([Shown(card) for card in many[:5]], tall=True)  # 1 + 4 + 2 rows of 10
        await pilot.pause()
        assert [fan.index_at(y) for y in range(1, 8)] == [0, 1, 2, 3, 4, 4, None]
        assert fan.max_scroll_y == 0 and "9♠" in fan.render_line(5).text


async def test_a_tap_on_either_row_of_a_tall_card_is_that_card() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        fan = app.query_one(FanColumn)
        fan.update([Shown(card) for card in CARDS[:3]], tall=True)
        await pilot.pause()
        first = fan.row_of(1)
        await pilot.click(fan, offset=(1, first))
        await pilot.click(fan, offset=(1, first + 1))
        assert app.clicked == [("C1", 1, 1), ("C1", 1, 1)]


class ButtonHost(App[None]):
    """Two rows of buttons; every press is written down."""

    CSS = "ButtonGrid { width: 20; height: 4; }"

    def __init__(self) -> None:
        super().__init__()
        self.pressed: list[str] = []

    def compose(self) -> ComposeResult:
        yield ButtonGrid([[("New", "new"), ("Redeal", "restart")], [("Undo", "undo")]])

    @on(ButtonGrid.Pressed)
    def _pressed(self, event: ButtonGrid.Pressed) -> None:
        self.pressed.append(event.name)


def where_drawn(grid: ButtonGrid, label: str) -> tuple[int, int]:
    """The (x, y) at which ``grid`` draws ``label``, found in its painted lines."""
    for y in range(grid.size.height):
        x = grid.render_line(y).text.find(label)
        if x >= 0:
            return x, y
    raise AssertionError(f"{label} is not drawn")


async def test_a_button_grid_posts_the_button_clicked_and_nothing_between_buttons() -> None:
    app = ButtonHost()
    async with app.run_test(size=(40, 10)) as pilot:
        grid = app.query_one(ButtonGrid)
        await pilot.pause()
        lines = [grid.render_line(y).text for y in range(4)]
        assert lines[1].strip() == lines[3].strip() == "", "a blank line parts the rows"
        for label in ("Redeal", "New", "Undo"):
            await pilot.click(grid, offset=where_drawn(grid, label))
        await pilot.click(grid, offset=(9, 0))  # the column between New and Redeal
        await pilot.click(grid, offset=(1, 1))  # the blank line
        await pilot.click(grid, offset=(19, 2))  # after Undo, which fills its row but that column
        assert app.pressed == ["restart", "new", "undo"]


async def test_a_button_grid_too_narrow_for_its_rows_gives_each_button_a_row() -> None:
    """Nine columns cannot hold "New" and "Redeal" side by side without cutting "Redeal":
    each button then takes a row of its own, with its whole name, and a click finds it."""
    app = ButtonHost()
    async with app.run_test(size=(40, 10)) as pilot:
        grid = app.query_one(ButtonGrid)
        grid.styles.width = 9
        grid.styles.height = "auto"
        await pilot.pause()
        lines = [grid.render_line(y).text.strip() for y in range(grid.size.height)]
        assert lines == ["New", "Redeal", "Undo"]
        await pilot.click(grid, offset=where_drawn(grid, "Redeal"))
        assert app.pressed == ["restart"]


async def test_the_button_under_the_pointer_is_drawn_darker() -> None:
    app = ButtonHost()
    async with app.run_test(size=(40, 10)) as pilot:
        grid = app.query_one(ButtonGrid)
        await pilot.pause()
        x, y = where_drawn(grid, "Redeal")

        def background(x: int, y: int) -> object:
            strip = grid.render_line(y).crop(x, x + 1)
            return next(iter(strip)).style.bgcolor  # type: ignore[union-attr]

        before = background(x, y), background(1, 0)
        await pilot.hover(grid, offset=(x, y))
        assert background(x, y) != before[0], "Redeal is drawn darker"
        assert background(1, 0) == before[1], "New is not"
        await pilot.hover(grid, offset=(1, 0))
        assert background(x, y) == before[0] and background(1, 0) != before[1]


class DragHost(App[None]):
    """A hand and two piles; every drag message is written down."""

    CSS = "PestenHand { height: 5; } FanColumn { height: 8; width: 9; }"

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[object, ...]] = []

    def compose(self) -> ComposeResult:
        yield PestenHand(id="hand")
        yield FanColumn("C1", "C1", id="fan")
        yield StackPile("F1", "F1", id="stack")

    @on(Pile.DragStarted)
    def _started(self, event: Pile.DragStarted) -> None:
        self.seen.append(("started", event.pile_id, event.index))

    @on(Pile.DragOver)
    def _over(self, event: Pile.DragOver) -> None:
        self.seen.append(("over", event.pile_id, event.target_id))

    @on(Pile.Dropped)
    def _dropped(self, event: Pile.Dropped) -> None:
        self.seen.append(("dropped", event.pile_id, event.index, event.target_id))

    @on(PestenHand.Dropped)
    def _hand_dropped(self, event: PestenHand.Dropped) -> None:
        self.seen.append(("hand dropped", event.index, event.target_id))


async def test_piles_and_the_pesten_hand_share_one_drag_onto_a_pile() -> None:
    app = DragHost()
    async with app.run_test(size=(80, 24)) as pilot:
        fan = app.query_one(FanColumn)
        fan.update([Shown(card) for card in CARDS[:2]])
        app.query_one(PestenHand).update(CARDS[2:])
        await pilot.pause()
        await pilot.mouse_down(fan, offset=(1, fan.row_of(1)))
        await pilot.hover("#stack")
        await pilot.mouse_up("#stack")
        card = app.query(CardView)[1]
        await pilot.mouse_down(card)
        await pilot.hover("#stack")
        await pilot.mouse_up("#stack")
        await pilot.pause()
        assert app.seen == [
            ("started", "C1", 1), ("over", "C1", "F1"), ("dropped", "C1", 1, "F1"),
            ("hand dropped", 1, "F1"),
        ]
