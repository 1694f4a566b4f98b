"""Yukon engine: the rules, through the public engine API."""

from __future__ import annotations

import pytest

from tableau.cards import FULL_DECK
from tableau.cards import Card
from tableau.cards import parse_card
from tableau.cards import parse_cards
from tableau.engines import yukon
from tableau.engines.yukon import DEAL
from tableau.engines.yukon import SHOW_DECK
from tableau.engines.yukon import SHUFFLE_RANDOM
from tableau.engines.yukon import WON
from tableau.engines.yukon import CardMove
from tableau.engines.yukon import Config
from tableau.engines.yukon import IllegalMove
from tableau.engines.yukon import LoadDeck
from tableau.engines.yukon import Phase
from tableau.engines.yukon import SaveFormatError
from tableau.engines.yukon import ShuffleInterleaved
from tableau.engines.yukon import Slot
from tableau.engines.yukon import State
from tableau.engines.yukon import Step
from tableau.engines.yukon import apply
from tableau.engines.yukon import from_json
from tableau.engines.yukon import legal_moves
from tableau.engines.yukon import listed_form
from tableau.engines.yukon import new_game
from tableau.engines.yukon import outcome
from tableau.engines.yukon import parse_move
from tableau.engines.yukon import safe_foundation_moves
from tableau.engines.yukon import to_json
from tableau.engines.yukon import view

PLAY_ONLY_MESSAGE = "Command not available in the PLAY phase"
STARTUP_ONLY_MESSAGE = "Command not available in the STARTUP phase"


def table(columns: list[str], foundations: tuple[str, ...] = ("", "", "", ""),
          rules: str = "spec") -> State:
    """A PLAY position. Cards are face up; "[]" is a face-down card (some card not otherwise
    on the table) and "[9S]" a face-down 9S. Columns list top first."""
    named = {
        parse_card(word.strip("[]"))
        for text in (*columns, *foundations)
        for word in text.split()
        if word != "[]"
    }
    spare = iter(card for card in FULL_DECK if card not in named)
    built = []
    for text in columns:
        column = []
        for word in text.split():
            if word == "[]":
                column.append(Slot(next(spare), False))
            elif word.startswith("["):
                column.append(Slot(parse_card(word[1:-1]), False))
            else:
                column.append(Slot(parse_card(word), True))
        built.append(tuple(column))
    piles = tuple(parse_cards(text) for text in foundations)
    return State(Phase.PLAY, FULL_DECK, tuple(built), piles, 0, rules, 0)


def cards_of(state: State, column: int) -> list[str]:
    shown = view(state).columns[column - 1]
    return ["[]" if card is None else str(card) for card in shown]


def move(text: str) -> CardMove:
    return parse_move(text)


# The STARTUP steps: a move applied by the engine, or (a deck file's cards, a chosen split,
# leaving a deal) the pure functions the command interpreter calls.


def load_deck(state: State, cards: tuple[Card, ...] | None) -> State:
    return yukon.load_deck(state, cards)


def show_deck(state: State) -> State:
    return apply(state, SHOW_DECK)


def shuffle_interleaved(state: State, split: int | None) -> State:
    return yukon.shuffle_interleaved(state, split)


def shuffle_random(state: State) -> State:
    return apply(state, SHUFFLE_RANDOM)


def deal(state: State) -> State:
    return apply(state, DEAL)


def quit_game(state: State) -> State:
    return yukon.quit_deal(state)


# Figure 7 of the seed, the start point of its move examples.
FIGURE_7 = [
    "5H",
    "[] 7H KC AD JC 6C",
    "[] [] 2H KH JS QS TS",
    "[] [] [] 8H TC QC KS 5D",
    "[] [] [] [] QH QD TH 5S 2D",
    "[] [] [] [] [] 4C 6S KD 3D 4H",
    "[] [] [] 2S 9D 6H 8D AS",
]
FIGURE_7_FOUNDATIONS = ("", "", "", "AC 2C 3C")


def figure_7() -> State:
    return table(FIGURE_7, FIGURE_7_FOUNDATIONS)


def dealt(deck: tuple[Card, ...] | None = None, rules: str = "spec") -> State:
    return deal(load_deck(new_game(Config(seed=5, rules=rules)), deck))


# ---------------------------------------------------------------- configuration


def test_a_new_game_starts_in_startup_without_a_deck() -> None:
    state = new_game(Config())
    assert state.phase is Phase.STARTUP
    assert state.deck is None
    shown = view(state)
    assert shown.deck_shown == () and not shown.has_deck
    assert shown.columns == ((),) * 7 and shown.foundations == ((),) * 4


@pytest.mark.parametrize("config", [{"seed": -1}, {"seed": 2**63}, {"rules": "klondike"}])
def test_a_bad_config_is_refused_with_a_sentence(config: dict[str, object]) -> None:
    with pytest.raises(ValueError, match=r"\.$"):
        Config(**config)  # type: ignore[arg-type]


# ---------------------------------------------------------------- the deck in STARTUP


def test_loading_without_cards_gives_the_unshuffled_deck_face_down() -> None:
    state = load_deck(new_game(Config()), None)
    assert state.deck == FULL_DECK
    assert view(state).deck_shown == (None,) * 52


def test_showing_the_deck_turns_it_face_up_in_order() -> None:
    shown = view(show_deck(load_deck(new_game(Config()), None))).deck_shown
    assert [str(card) for card in shown[:8]] == ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C"]


def test_a_deck_must_hold_every_card_once() -> None:
    with pytest.raises(IllegalMove, match="exactly once"):
        load_deck(new_game(Config()), FULL_DECK[:51] + FULL_DECK[:1])


@pytest.mark.parametrize(
    "operation",
    [show_deck, shuffle_random, deal, lambda state: shuffle_interleaved(state, 10)],
)
def test_deck_commands_need_a_deck(operation: object) -> None:
    with pytest.raises(IllegalMove, match=r"^No deck is loaded; use LD first\.$"):
        operation(new_game(Config()))  # type: ignore[operator]


def test_an_interleaved_shuffle_takes_a_card_from_each_pile_in_turn() -> None:
    deck = shuffle_interleaved(load_deck(new_game(Config()), None), 26).deck
    assert deck is not None
    codes = [str(card) for card in deck]
    assert codes[:6] == ["AC", "AH", "2C", "2H", "3C", "3H"]
    assert codes[-2:] == ["KD", "KS"]


def test_the_rest_of_the_longer_pile_goes_to_the_bottom() -> None:
    deck = shuffle_interleaved(load_deck(new_game(Config()), None), 50).deck
    assert deck is not None
    codes = [str(card) for card in deck]
    assert codes[:6] == ["AC", "QS", "2C", "KS", "3C", "4C"]
    assert codes[-1] == "JS"
    short_first = shuffle_interleaved(load_deck(new_game(Config()), None), 2).deck
    assert short_first is not None
    assert [str(card) for card in short_first[:6]] == ["AC", "3C", "2C", "4C", "5C", "6C"]


@pytest.mark.parametrize("split", [0, 52, -3, 100])
def test_the_split_must_be_between_1_and_51(split: int) -> None:
    state = load_deck(new_game(Config()), None)
    with pytest.raises(IllegalMove, match="from 1 to 51"):
        shuffle_interleaved(state, split)


def test_a_random_split_is_reproducible_from_the_seed() -> None:
    first = shuffle_interleaved(load_deck(new_game(Config(seed=7)), None), None)
    again = shuffle_interleaved(load_deck(new_game(Config(seed=7)), None), None)
    assert first.deck == again.deck
    assert first.deck != FULL_DECK
    assert first.seed != 7


def test_a_random_shuffle_is_a_reproducible_permutation() -> None:
    first = shuffle_random(load_deck(new_game(Config(seed=11)), None))
    again = shuffle_random(load_deck(new_game(Config(seed=11)), None))
    other = shuffle_random(load_deck(new_game(Config(seed=12)), None))
    assert first.deck is not None and other.deck is not None
    assert first.deck == again.deck
    assert sorted(first.deck) == sorted(FULL_DECK)
    assert first.deck != FULL_DECK and first.deck != other.deck
    # The seed moves on, so shuffling twice gives a new order.
    assert shuffle_random(first).deck != first.deck


def test_shuffling_turns_a_shown_deck_face_down_again() -> None:
    shown = show_deck(load_deck(new_game(Config()), None))
    assert view(shuffle_random(shown)).deck_shown == (None,) * 52


# ---------------------------------------------------------------- dealing


def test_the_deal_makes_columns_of_1_6_7_8_9_10_11_with_21_face_down() -> None:
    shown = view(dealt())
    assert [len(column) for column in shown.columns] == [1, 6, 7, 8, 9, 10, 11]
    assert [column.count(None) for column in shown.columns] == [0, 1, 2, 3, 4, 5, 6]
    assert shown.phase is Phase.PLAY


def test_the_deal_goes_row_by_row_from_left_to_right() -> None:
    state = dealt()
    # Figure 6: the unshuffled deck.
    assert cards_of(state, 1) == ["AC"]
    assert cards_of(state, 2) == ["[]", "8C", "AD", "7D", "KD", "6H"]
    assert cards_of(state, 7) == ["[]"] * 6 + ["3S", "7S", "TS", "QS", "KS"]
    # The face-down cards are the deal's first row (and more) in order.
    assert state.columns[1][0].card == parse_card("2C")
    assert state.columns[6][0].card == parse_card("7C")


def test_startup_commands_are_refused_in_play() -> None:
    state = dealt()
    for operation in (show_deck, shuffle_random, deal):
        with pytest.raises(IllegalMove) as refused:
            operation(state)
        assert str(refused.value) == PLAY_ONLY_MESSAGE
    with pytest.raises(IllegalMove, match=f"^{PLAY_ONLY_MESSAGE}$"):
        load_deck(state, None)
    with pytest.raises(IllegalMove, match=f"^{PLAY_ONLY_MESSAGE}$"):
        shuffle_interleaved(state, 3)


def test_game_commands_are_refused_in_startup() -> None:
    state = load_deck(new_game(Config()), None)
    with pytest.raises(IllegalMove, match=f"^{STARTUP_ONLY_MESSAGE}$"):
        quit_game(state)
    with pytest.raises(IllegalMove, match=f"^{STARTUP_ONLY_MESSAGE}$"):
        apply(state, move("C1->F1"))
    assert [str(step) for step in legal_moves(state)] == ["LD", "SW", "SI", "SR", "P"]
    assert [str(step) for step in legal_moves(new_game(Config()))] == ["LD"]


def test_random_steps_from_a_new_game_reach_play() -> None:
    state = new_game(Config(seed=4))
    for number in range(200):
        if state.phase is Phase.PLAY:
            break
        steps = legal_moves(state)
        state = apply(state, steps[number * 7 % len(steps)])
    assert state.phase is Phase.PLAY and len(view(state).legal) > 0


def test_a_deck_of_other_values_is_refused() -> None:
    for cards in ((1, 2), FULL_DECK[:51], "AC 2C"):
        with pytest.raises(IllegalMove, match="exactly once"):
            load_deck(new_game(Config()), cards)  # type: ignore[arg-type]


def test_quitting_goes_back_to_startup_with_the_same_deck() -> None:
    deck = shuffle_random(load_deck(new_game(Config(seed=3)), None)).deck
    state = dealt(deck)
    played = apply(state, legal_moves(state)[0])
    back = quit_game(played)
    assert back.phase is Phase.STARTUP and back.deck == deck
    assert deal(back) == state


# ---------------------------------------------------------------- move notation


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("C6:4H->C4", "C6:4H->C4"),
        ("C6->C4", "C6->C4"),
        ("F4->C6", "F4->C6"),
        ("C7->F2", "C7->F2"),
        ("c6:4h->c4", "C6:4H->C4"),
        ("  C6 -> C4 ", "C6->C4"),
        ("c7:as -> f2", "C7:AS->F2"),
    ],
)
def test_moves_parse_in_the_spec_notation(text: str, expected: str) -> None:
    assert str(parse_move(text)) == expected


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("C6-C4", "A move looks like"),
        ("C8->C1", "no column C8"),
        ("C0->C1", "no column C0"),
        ("C1->F5", "no foundation F5"),
        ("C6:4X->C4", "not a card"),
        ("hello", "A move looks like"),
        ("C1->", "A move looks like"),
    ],
)
def test_bad_move_text_is_refused_with_a_sentence(text: str, reason: str) -> None:
    with pytest.raises(IllegalMove, match=reason):
        parse_move(text)


# ---------------------------------------------------------------- moves (the seed's examples)


def test_a_bottom_card_moves_by_column_and_its_named_spelling_is_listed_bare() -> None:
    """``legal_moves`` is the one source: the engine plays the listed (bare) spelling and
    refuses the other with the one to use, while ``listed_form`` turns it into the bare one
    (as a typed command or an old save is read)."""
    named, bare = move("C6:4H->C4"), move("C6->C4")
    assert bare in legal_moves(figure_7()) and named not in legal_moves(figure_7())
    with pytest.raises(IllegalMove, match=r"^Play that move as C6->C4\.$"):
        apply(figure_7(), named)
    assert listed_form(figure_7(), named) == bare
    after = apply(figure_7(), bare)
    assert cards_of(after, 4) == ["[]", "[]", "[]", "8H", "TC", "QC", "KS", "5D", "4H"]
    assert cards_of(after, 6) == ["[]", "[]", "[]", "[]", "[]", "4C", "6S", "KD", "3D"]


def test_a_face_up_card_moves_with_all_cards_below_it() -> None:
    after = apply(figure_7(), move("C6:4C->C4"))
    assert cards_of(after, 4) == [
        "[]", "[]", "[]", "8H", "TC", "QC", "KS", "5D", "4C", "6S", "KD", "3D", "4H",
    ]


def test_a_face_down_card_that_becomes_the_bottom_turns_face_up() -> None:
    before = figure_7()
    hidden = before.columns[5][4].card
    after = apply(before, move("C6:4C->C4"))
    assert cards_of(after, 6) == ["[]"] * 4 + [str(hidden)]


def test_an_ace_goes_to_an_empty_foundation() -> None:
    for text in ("C7:AS->F2", "C7->F2"):
        after = apply(figure_7(), listed_form(figure_7(), move(text)))
        assert view(after).foundations[1] == (parse_card("AS"),)
        assert cards_of(after, 7) == ["[]", "[]", "[]", "2S", "9D", "6H", "8D"]


def test_the_top_card_of_a_foundation_moves_back_to_a_column() -> None:
    after = apply(figure_7(), move("F4->C6"))
    assert cards_of(after, 6)[-2:] == ["4H", "3C"]
    assert [str(card) for card in view(after).foundations[3]] == ["AC", "2C"]


def test_every_move_counts() -> None:
    after = apply(apply(figure_7(), move("C7->F2")), move("F4->C6"))
    assert after.moves == 2 and view(after).moves == 2


# ---------------------------------------------------------------- refused moves


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("C2:4H->C4", r"^There is no face-up 4H in column C2\.$"),
        ("C3:2H->C1", r"^2H does not go on 5H: it needs a four\.$"),
        ("C6:KD->C1", r"^KD does not go on 5H: it needs a four\.$"),
        ("C2->C1", r"^6C does not go on 5H: it needs a four\.$"),
        ("C1->C6", r"^5H does not go on 4H: it needs a three\.$"),
        ("C6:6S->C6", r"^6S is already in column C6\.$"),
        ("F1->C1", r"^Foundation F1 is empty\.$"),
        ("F4->F1", r"^A card on a foundation can only go back to a column\.$"),
        ("F4:2C->C6", r"^2C is not the top card of F4\.$"),
        ("C6:4C->F1", r"^Only the bottom card of C6 can go to a foundation; 4C has cards below"),
        ("C1->F1", r"^5H does not go on F1: an empty foundation takes only an ace\.$"),
        ("C2->F4", r"^6C does not go on F4: the next card there is 4C\.$"),
    ],
)
def test_a_refused_move_says_why(text: str, reason: str) -> None:
    state = figure_7()
    with pytest.raises(IllegalMove, match=reason):
        apply(state, move(text))
    assert state == figure_7()


def test_a_card_does_not_go_on_the_same_suit() -> None:
    state = table(["8H", "7H", "", "", "", "", ""])
    with pytest.raises(IllegalMove, match=r"^7H does not go on 8H: same suit\.$"):
        apply(state, move("C2->C1"))


def test_the_same_colour_is_allowed_by_the_spec_rule() -> None:
    after = apply(table(["8D", "7H", "", "", "", "", ""]), move("C2->C1"))
    assert cards_of(after, 1) == ["8D", "7H"]


def test_a_face_down_card_cannot_be_moved_and_is_not_revealed() -> None:
    state = table(["8D", "[7H] 2C", "", "", "", "", ""])
    with pytest.raises(IllegalMove, match=r"^There is no face-up 7H in column C2\.$"):
        apply(state, move("C2:7H->C1"))


def test_only_a_king_goes_into_an_empty_column() -> None:
    state = table(["[] QH", "[] KS QD JC", "", "2C", "", "", ""])
    with pytest.raises(IllegalMove, match=r"^QH cannot go into the empty column C3: only a king"):
        apply(state, move("C1->C3"))
    after = apply(state, move("C2:KS->C3"))
    assert cards_of(after, 3) == ["KS", "QD", "JC"]
    assert len(cards_of(after, 2)) == 1 and cards_of(after, 2) != ["[]"]


def test_a_king_on_a_foundation_may_go_back_to_an_empty_column() -> None:
    state = table(["", "5H", "", "", "", "", ""], ("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",))
    after = apply(state, move("F1->C1"))
    assert cards_of(after, 1) == ["KC"]


def test_the_same_suit_one_higher_goes_on_a_foundation() -> None:
    state = table(["2C", "2D", "3C", "", "", "", ""], ("AC", "", "", ""))
    with pytest.raises(IllegalMove, match=r"^2D does not go on F1: the next card there is 2C\.$"):
        apply(state, move("C2->F1"))
    with pytest.raises(IllegalMove, match=r"^3C does not go on F1: the next card there is 2C\.$"):
        apply(state, move("C3->F1"))
    after = apply(apply(state, move("C1->F1")), move("C3->F1"))
    assert [str(card) for card in view(after).foundations[0]] == ["AC", "2C", "3C"]


def test_moving_from_an_empty_column_is_refused() -> None:
    with pytest.raises(IllegalMove, match=r"^Column C3 is empty\.$"):
        apply(table(["5H", "", "", "", "", "", ""]), move("C3->C1"))


# ---------------------------------------------------------------- rule variants


@pytest.mark.parametrize(
    ("rules", "onto", "allowed", "refused", "reason"),
    [
        ("spec", "8D", ["7H", "7C", "7S"], ["7D"], "same suit"),
        ("classic", "8D", ["7C", "7S"], ["7H", "7D"], "the colours must alternate"),
        ("russian", "8D", ["7D"], ["7H", "7C", "7S"], "Russian rules need the same suit"),
    ],
)
def test_each_rule_variant_decides_what_goes_on_a_card(
    rules: str, onto: str, allowed: list[str], refused: list[str], reason: str
) -> None:
    for card in allowed:
        after = apply(table([onto, card, "", "", "", "", ""], rules=rules), move("C2->C1"))
        assert cards_of(after, 1) == [onto, card]
    for card in refused:
        with pytest.raises(IllegalMove, match=reason):
            apply(table([onto, card, "", "", "", "", ""], rules=rules), move("C2->C1"))


def test_the_rules_come_from_the_config() -> None:
    assert dealt(rules="classic").rules == "classic"
    assert view(dealt(rules="russian")).rules == "russian"


# ---------------------------------------------------------------- legal moves


def test_legal_moves_of_the_unshuffled_deal() -> None:
    expected = {
        "C1->F1", "C1->F2", "C1->F3", "C1->F4",
        "C5:5S->C2", "C6->C3", "C5:3H->C4", "C2:7D->C5", "C3:7H->C5", "C3->C7",
    }
    moves = legal_moves(dealt())
    assert {str(item) for item in moves} == expected
    assert len(moves) == len(expected)


def test_legal_moves_include_moves_back_from_the_foundations() -> None:
    moves = {str(item) for item in legal_moves(figure_7())}
    assert "F4->C6" in moves
    assert "C6->C4" in moves and "C6:4C->C4" in moves
    assert {"C7->F1", "C7->F2", "C7->F3"} <= moves
    assert "C7->F4" not in moves


def test_every_legal_move_applies() -> None:
    state = figure_7()
    for item in legal_moves(state):
        assert apply(state, item).moves == 1


# ---------------------------------------------------------------- the end of the game


def near_the_end() -> State:
    clubs = " ".join(str(card) for card in FULL_DECK[:13])
    diamonds = " ".join(str(card) for card in FULL_DECK[13:26])
    hearts = " ".join(str(card) for card in FULL_DECK[26:39])
    spades = " ".join(str(card) for card in FULL_DECK[39:51])
    return table(["", "", "KS", "", "", "", ""], (clubs, diamonds, hearts, spades))


def test_the_game_is_won_when_all_52_cards_are_on_the_foundations() -> None:
    state = near_the_end()
    assert outcome(state) is None and not view(state).won
    won = apply(state, move("C3->F4"))
    assert outcome(won) == WON and view(won).won
    assert WON.winners == (0,) and WON.results == ("won",) and WON.sentence == "You won!"
    assert view(won).to_move is None and view(state).to_move == 0
    assert legal_moves(won) == () == view(won).legal
    with pytest.raises(IllegalMove, match="won"):
        apply(won, move("F4->C1"))


def test_safe_foundation_moves_are_the_ones_that_cannot_hurt() -> None:
    # 2H is always safe; 5C is not while 4D (which could go on it) is still in play.
    state = table(["2H", "5C", "4D", "", "", "", ""], ("AH", "AC 2C 3C 4C", "", ""))
    assert {str(item) for item in safe_foundation_moves(state)} == {"C1->F1"}
    # In classic rules only red fours go on 5C: 4D and 4H must be home first.
    classic = table(["5C", "4S", "", "", "", "", ""], ("AC 2C 3C 4C", "", "", ""), "classic")
    assert safe_foundation_moves(classic) == ()


# ---------------------------------------------------------------- view and JSON


def test_the_view_hides_face_down_cards() -> None:
    shown = view(dealt())
    assert (shown.seat, shown.to_move, shown.stock_count) == (0, 0, 0)
    assert shown.legal == legal_moves(dealt())
    assert sum(column.count(None) for column in shown.columns) == 21
    assert parse_card("2C") not in {card for column in shown.columns for card in column}


def played(moves: int, seed: int = 4) -> State:
    """A dealt game after ``moves`` moves, each the first legal one."""
    state = deal(shuffle_random(load_deck(new_game(Config(seed=seed)), None)))
    for _ in range(moves):
        state = apply(state, legal_moves(state)[0])
    return state


def test_a_state_round_trips_through_json() -> None:
    for state in (new_game(Config(seed=9)), show_deck(load_deck(new_game(Config()), None)),
                  played(12), dealt(rules="russian")):
        assert from_json(to_json(state)) == state


@pytest.mark.parametrize(
    "junk",
    [CardMove("C7", "C1", 5), None, "C1->F1", CardMove("C1", "F1", "AC"), CardMove(1, 2)],  # type: ignore[arg-type]
)
def test_a_value_that_is_not_a_move_is_refused_as_an_illegal_move(junk: object) -> None:
    state = dealt()
    with pytest.raises(IllegalMove, match="not a Yukon move"):
        apply(state, junk)  # type: ignore[arg-type]
    assert state == dealt()


def test_a_table_no_play_can_reach_from_its_deck_is_refused() -> None:
    # Figure 7 is drawn by hand: the unshuffled deck deals the ace of clubs into C1.
    with pytest.raises(SaveFormatError, match="from its deck: column C1 starts with 5H"):
        from_json(to_json(figure_7()))


def test_json_names_the_game_and_the_version() -> None:
    data = to_json(dealt())
    assert data["game"] == "yukon" and data["version"] == 1


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"game": "pesten"}, "not a Yukon game"),
        ({"version": 99}, "version 99"),
        ({"phase": "LUNCH"}, "phase"),
        ({"seed": "x"}, "seed"),
        ({"seed": -1}, "seed"),
        ({"rules": "spider"}, "rules"),
        ({"columns": ["AC"]}, "7 columns"),
        ({"foundations": "AC"}, "foundations"),
        ({"deck": "AC AC"}, "deck"),
        ({"moves": True}, "moves"),
    ],
)
def test_a_malformed_save_is_refused_with_a_sentence(
    change: dict[str, object], reason: str
) -> None:
    data = to_json(dealt())
    data.update(change)
    with pytest.raises(SaveFormatError, match=reason):
        from_json(data)


def test_a_save_that_loses_a_card_is_refused() -> None:
    data = to_json(dealt())
    data["columns"][0] = ""
    with pytest.raises(SaveFormatError, match="52 cards"):
        from_json(data)


@pytest.mark.parametrize("data", [None, [], "yukon", 3, {"game": "yukon"}])
def test_anything_that_is_not_a_save_is_refused(data: object) -> None:
    with pytest.raises(SaveFormatError):
        from_json(data)


def test_yukon_exports_its_protocol() -> None:
    for name in ("Config", "State", "Move", "new_game", "legal_moves", "apply", "view",
                 "outcome", "to_json", "from_json", "RULES", "Phase"):
        assert hasattr(yukon, name)
    assert yukon.RULES == ("spec", "classic", "russian")


def test_the_number_of_a_deal_is_found_among_the_candidates_or_is_none() -> None:
    seven = yukon.numbered_game(7)
    assert yukon.number_of_deal(seven, 3, 7, 9) == 7
    assert yukon.number_of_deal(seven, 0, 3) is None  # 0 is no game number
    unshuffled = deal(load_deck(yukon.new_game(yukon.Config(seed=7)), None))
    assert yukon.number_of_deal(unshuffled, 7) is None


def test_the_startup_moves_carry_no_parameter_and_apply_takes_what_is_listed() -> None:
    # A deck file's cards, a chosen split and leaving a deal are the command interpreter's
    # pure functions beside the move set.
    loaded = apply(new_game(Config()), LoadDeck())
    assert set(legal_moves(loaded)) == {LoadDeck(), SHOW_DECK, ShuffleInterleaved(),
                                        SHUFFLE_RANDOM, DEAL}
    for listed in legal_moves(loaded):
        assert apply(loaded, listed).phase is (Phase.PLAY if listed == DEAL else Phase.STARTUP)
    with pytest.raises(TypeError):
        LoadDeck(FULL_DECK)  # type: ignore[call-arg]
    with pytest.raises(IllegalMove, match="not a Yukon move"):
        Step("Q")
    assert load_deck(loaded, FULL_DECK) == loaded
    assert shuffle_interleaved(loaded, 26).deck != loaded.deck
    assert quit_game(deal(loaded)) == loaded
