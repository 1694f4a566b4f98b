"""Five-card draw rules: order of action, limits, the draw, pots, the showdown, saves."""

import json
import random
from dataclasses import replace

import pytest

from tableau.cards import FULL_DECK
from tableau.cards import Card
from tableau.cards import parse_cards
from tableau.engines import IllegalMove
from tableau.engines import Outcome
from tableau.engines import SaveFormatError
from tableau.engines.names import SAVED_NAME_LENGTH
from tableau.engines.poker import BET
from tableau.engines.poker import CALL
from tableau.engines.poker import CHECK
from tableau.engines.poker import FOLD
from tableau.engines.poker import NAMES
from tableau.engines.poker import RAISE
from tableau.engines.poker import Config
from tableau.engines.poker import Draw
from tableau.engines.poker import NextHand
from tableau.engines.poker import Phase
from tableau.engines.poker import State
from tableau.engines.poker import apply
from tableau.engines.poker import from_json
from tableau.engines.poker import legal_moves
from tableau.engines.poker import new_game
from tableau.engines.poker import outcome
from tableau.engines.poker import parse_move
from tableau.engines.poker import to_json
from tableau.engines.poker import view
from tableau.engines.poker.events import Event
from tableau.engines.poker.wording import describe
from tableau.engines.poker.wording import history_lines
from tableau.engines.poker.wording import result_said
from tableau.engines.poker.wording import word


def deal(hands: list[str], chips: list[int] | None = None, button: int = 0) -> State:
    """A fresh hand with chosen stacks (before the ante), chosen cards and the button at
    ``button``; the stock is the rest of the deck in deck order."""
    players = len(hands)
    stacks = chips or [100] * players
    base = new_game(Config(players=players, seed=1, stop_when_out=0))
    before = replace(base, phase=Phase.HAND_OVER, chips=tuple(stacks), pot=0, to_act=None,
                     button=(button - 1) % players, hand_number=0)
    state = apply(before, NextHand())
    assert state.button == button
    cards = tuple(parse_cards(hand) for hand in hands)
    used = {card for hand in cards for card in hand}
    stock = tuple(card for card in FULL_DECK if card not in used)
    return replace(state, hands=cards, stock=stock, muck=())


def play(state: State, *moves: object) -> State:
    for move in moves:
        if isinstance(move, str):
            move = parse_move(move)
        state = apply(state, move)  # type: ignore[arg-type]
    return state


def texts(state: State, reader: int = 0) -> list[str]:
    """The history as seat ``reader`` reads it."""
    return list(history_lines(view(state, reader)))


def result_text(state: State, reader: int = 0) -> str:
    from tableau.engines.poker.wording import result_text as worded

    return worded(view(state, reader))


def all_cards(state: State) -> list[Card]:
    return [card for hand in state.hands for card in hand] + list(state.stock) + list(state.muck)


WEAK = "2C 3D 4H 6S 8C"
PAIR_OF_KINGS = "KC KD 9H 7S 5C"
FLUSH = "2H 5H 7H JH QH"
ROYAL = "AS KS QS JS TS"

# ---------------------------------------------------------------- a new game


def test_a_new_game_deals_five_cards_each_and_takes_the_antes() -> None:
    state = new_game(Config(players=4, seed=7))
    assert state.phase is Phase.FIRST_BETTING
    assert all(len(hand) == 5 for hand in state.hands)
    assert state.chips == (99, 99, 99, 99)
    assert state.pot == 4
    assert sorted(map(str, all_cards(state))) == sorted(map(str, FULL_DECK))
    assert state.button == 0 and state.to_act == 1


def test_the_default_names_are_dutch_and_a_view_calls_its_own_seat_you() -> None:
    state = new_game(Config(players=6))
    assert state.names == NAMES == ("Anna", "Bram", "Cato", "Dirk", "Eva", "Fenna")
    assert view(state, 0).names == ("You", "Bram", "Cato", "Dirk", "Eva", "Fenna")
    assert [seat.name for seat in view(state, 2).seats][1:4] == ["Bram", "You", "Dirk"]
    assert view(state, 2).name == "You"


def test_each_seat_reads_its_own_lines_as_you_with_the_verb_agreeing() -> None:
    state = deal([WEAK, PAIR_OF_KINGS, FLUSH], chips=[100, 3, 100], button=0)
    state = play(state, "bet", "call")  # seat 1 bets its last 2
    assert texts(state, 0)[-2:] == ["Bram bets 2 and is all-in.", "Cato calls 2."]
    assert texts(state, 1)[-2:] == ["You bet 2 and are all-in.", "Cato calls 2."]
    assert texts(state, 2)[-2:] == ["Bram bets 2 and is all-in.", "You call 2."]
    assert texts(state, 1)[0] == "Hand 1: Anna deals."
    assert texts(state, 0)[0] == "Hand 1: You deal."
    assert describe(state.history[0], None) == "Hand 1: Anna deals."
    names = ("Anna", "Bram")
    assert describe(Event("raise", names, 0, count=4, all_in=True), 0) == \
        "You raise to 4 and are all-in."
    assert describe(Event("out", names, 1), 0) == "Bram is out of chips."
    assert word("{0:raises} to 4 and {0:-is} all-in.", names, 1) == \
        "Anna raises to 4 and is all-in."


@pytest.mark.parametrize(
    ("config", "message"),
    [
        (dict(players=1), "2 to 6 players"),
        (dict(players=7), "2 to 6 players"),
        (dict(chips=-5), "Starting chips"),
        (dict(ante=500), "ante"),
        (dict(players=2, names=("A",)), "one name for each of the 2 players"),
        (dict(players=2, names=("Ann", "ann")), "every name must differ"),
        (dict(small_bet=0), "Bets"),
    ],
)
def test_a_bad_config_is_refused_with_a_sentence(config: dict[str, object],
                                                 message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Config(**config)  # type: ignore[arg-type]


def test_the_same_seed_deals_the_same_game_and_another_seed_does_not() -> None:
    assert new_game(Config(seed=11)) == new_game(Config(seed=11))
    assert new_game(Config(seed=11)).hands != new_game(Config(seed=12)).hands


# ---------------------------------------------------------------- betting


def test_action_starts_left_of_the_button_and_goes_around() -> None:
    state = deal([WEAK, PAIR_OF_KINGS, FLUSH, ROYAL], button=2)
    seen = []
    for _ in range(4):
        seen.append(state.to_act)
        state = apply(state, CHECK)
    assert seen == [3, 0, 1, 2]
    assert state.phase is Phase.DRAW
    assert state.to_act == 3


def test_the_button_moves_left_each_hand_skipping_players_who_are_out() -> None:
    state = deal([WEAK, PAIR_OF_KINGS, FLUSH], chips=[100, 1, 100], button=0)
    # Seat 1 antes its last chip and loses the hand.
    state = play(state, "check", "check", "stand pat", "stand pat", "stand pat",
                 "check", "check")
    assert state.phase is Phase.HAND_OVER
    assert state.chips[1] == 0
    state = apply(state, NextHand())
    assert state.button == 2
    assert not state.dealt[1] and state.hands[1] == ()
    assert state.to_act == 0


def test_bets_are_two_before_the_draw_and_four_after() -> None:
    state = deal([WEAK, PAIR_OF_KINGS])
    state = play(state, "bet", "call")
    assert state.chips == (97, 97) and state.pot == 6
    state = play(state, "stand pat", "stand pat", "bet", "call")
    assert state.phase is Phase.HAND_OVER
    assert state.result is not None and state.result.pot == 14


def test_a_raise_is_the_call_plus_one_bet() -> None:
    state = deal([WEAK, PAIR_OF_KINGS, FLUSH])
    state = play(state, "bet", "raise")
    assert state.bets == (0, 2, 4)
    assert view(state, 0).to_call == 4
    state = apply(state, RAISE)
    assert state.bets == (6, 2, 4)


def test_a_round_allows_one_bet_and_at_most_three_raises() -> None:
    state = deal([WEAK, PAIR_OF_KINGS, FLUSH])
    state = play(state, "bet", "raise", "raise", "raise")
    assert state.current_bet == 8
    assert RAISE not in legal_moves(state)
    assert set(legal_moves(state)) == {CALL, FOLD}
    with pytest.raises(IllegalMove, match="capped at 3 raises"):
        apply(state, RAISE)
    state = play(state, "call", "call")
    assert state.phase is Phase.DRAW
    assert state.pot == 3 + 3 * 8


def test_checking_is_refused_when_there_is_a_bet_and_folding_when_there_is_none() -> None:
    state = deal([WEAK, PAIR_OF_KINGS, FLUSH])
    assert FOLD not in legal_moves(state)
    with pytest.raises(IllegalMove, match="no bet to fold"):
        apply(state, FOLD)
    state = apply(state, BET)
    assert set(legal_moves(state)) == {CALL, RAISE, FOLD}
    with pytest.raises(IllegalMove, match="cannot check: the bet is 2"):
        apply(state, CHECK)


def test_when_everyone_else_folds_the_last_player_takes_the_pot_unseen() -> None:
    state = deal([WEAK, PAIR_OF_KINGS, FLUSH], button=0)
    state = play(state, "bet", "fold", "fold")
    assert state.phase is Phase.HAND_OVER
    assert state.result is not None
    assert state.result.by_fold and state.result.shown == ()
    assert result_text(state) == "Bram wins 5; everyone else folded"
    assert result_text(state, 1) == "You win 5; everyone else folded"
    assert state.chips == (99, 102, 99)
    assert all(seat.shown is None for seat in view(state, 0).seats)


def test_a_player_who_bets_and_gets_raised_acts_again() -> None:
    state = deal([WEAK, PAIR_OF_KINGS, FLUSH], button=0)
    state = play(state, "bet", "call", "raise")
    assert state.to_act == 1
    state = play(state, "call")
    assert state.to_act == 2
    state = play(state, "call")
    assert state.phase is Phase.DRAW


# ---------------------------------------------------------------- short stacks and pots


def test_a_short_stack_calls_all_in_and_wins_only_the_main_pot() -> None:
    # Seat 1 has 2 chips: the ante and one more. Seat 1 holds the best hand.
    state = deal([PAIR_OF_KINGS, ROYAL, WEAK], chips=[50, 2, 50], button=0)
    state = apply(state, CHECK)  # seat 1 could check ...
    state = apply(state, BET)  # seat 2 bets 2
    assert set(legal_moves(state)) == {CALL, RAISE, FOLD}  # seat 0
    state = apply(state, CALL)
    assert set(legal_moves(state)) == {CALL, FOLD}  # seat 1 cannot afford a raise
    state = apply(state, CALL)  # all-in for 1
    assert state.chips[1] == 0
    assert view(state, 0).seats[1].all_in
    assert "Bram calls 1 and is all-in." in texts(state)
    assert "You call 1 and are all-in." in texts(state, 1)
    state = play(state, "stand pat", "stand pat", "stand pat")
    # Only seats 2 and 0 can bet now.
    assert state.phase is Phase.SECOND_BETTING and state.to_act == 2
    state = play(state, "bet", "call")
    assert state.phase is Phase.HAND_OVER
    result = state.result
    assert result is not None
    # Main pot: 3 antes + 1 from each = 6, won by the royal flush.
    # Side pot: 1 + 1 before the draw and 4 + 4 after = 10, won by the kings.
    assert [(award.seat, award.amount, award.pot) for award in result.awards] == [
        (1, 6, "main pot"), (0, 10, "side pot 1")]
    assert state.chips == (50 - 1 - 2 - 4 + 10, 6, 50 - 1 - 2 - 4)
    assert result_text(state).startswith("Bram wins 6 with royal flush (ace of spades")
    assert "; you win side pot 1 of 10 with pair of kings (king of clubs" in result_text(state)


def test_a_player_all_in_from_the_ante_takes_no_betting_turns() -> None:
    state = deal([PAIR_OF_KINGS, WEAK, FLUSH], chips=[1, 50, 50], button=2)
    assert state.chips[0] == 0
    state = play(state, "bet", "call")  # seats 1 and 2; seat 0 is skipped
    assert state.phase is Phase.DRAW and state.to_act == 0  # but seat 0 still draws


def test_betting_is_skipped_when_at_most_one_player_can_still_bet() -> None:
    state = deal([PAIR_OF_KINGS, WEAK], chips=[1, 50], button=1)
    assert state.phase is Phase.DRAW
    state = play(state, "stand pat", "stand pat")
    assert state.phase is Phase.HAND_OVER
    assert state.result is not None and result_text(state).startswith("You win 2 with pair")


def test_an_unmatched_bet_goes_back_to_the_player_who_made_it() -> None:
    # Seat 1 has 2 chips: after the ante it can call only 1 of seat 0's bet of 2.
    state = deal([PAIR_OF_KINGS, ROYAL, WEAK], chips=[50, 2, 50], button=2)
    state = play(state, "bet", "call", "fold")  # seat 0 bets, seat 1 calls 1 all-in, 2 folds
    assert state.chips[1] == 0
    state = play(state, "stand pat", "stand pat")
    result = state.result
    assert result is not None
    assert [(award.seat, award.amount, award.pot) for award in result.awards] == [
        (1, 5, "main pot"), (0, 1, "returned")]
    assert "1 unmatched goes back to you" in result_text(state)


def test_a_tie_splits_the_pot_and_the_odd_chip_goes_left_of_the_button() -> None:
    same_a, same_b = "AS KD QC JH 9S", "AD KC QH JS 9D"
    state = deal([WEAK, same_a, same_b], button=0)
    state = play(state, "check", "check", "check", "stand pat", "stand pat", "stand pat",
                 "check", "check", "check")
    result = state.result
    assert result is not None and result.pot == 3
    assert [(award.seat, award.amount) for award in result.awards] == [(1, 2), (2, 1)]
    assert result_text(state) == (
        "Bram and Cato split 3 with high card (ace of spades, king of diamonds, "
        "queen of clubs, jack of hearts, nine of spades); Bram gets the odd chip")
    # With the button on seat 1, the first winner left of it is seat 2.
    state = deal([same_a, WEAK, same_b], button=1)
    state = play(state, "check", "check", "check", "stand pat", "stand pat", "stand pat",
                 "check", "check", "check")
    assert state.result is not None
    assert [(award.seat, award.amount) for award in state.result.awards] == [(2, 2), (0, 1)]


def test_an_even_split_has_no_odd_chip() -> None:
    state = deal(["AS KD QC JH 9S", "AD KC QH JS 9D"], button=0)
    state = play(state, "check", "check", "stand pat", "stand pat", "check", "check")
    assert state.result is not None
    assert state.chips == (100, 100)
    assert "odd chip" not in result_text(state)


# ---------------------------------------------------------------- the draw


def test_a_player_may_draw_up_to_three_or_four_when_keeping_an_ace() -> None:
    state = play(deal([WEAK, "AH 2D 3S 4D 9D"]), "check", "check")
    assert state.to_act == 1
    assert len(legal_moves(state)) == 1 + 5 + 10 + 10 + 1
    with pytest.raises(IllegalMove, match="at most 3"):
        apply(state, Draw(parse_cards("AH 2D 3S 4D 9D")))
    with pytest.raises(IllegalMove, match="not in your hand"):
        apply(state, Draw(parse_cards("KS")))
    state = apply(state, Draw(parse_cards("2D 3S 4D 9D")))
    assert parse_cards("AH")[0] in state.hands[1]
    assert len(state.hands[1]) == 5
    assert state.to_act == 0
    assert len(legal_moves(state)) == 26
    with pytest.raises(IllegalMove, match="only when the card you keep is an ace"):
        apply(state, Draw(parse_cards("2C 3D 4H 6S")))


def test_drawn_cards_come_from_the_top_of_the_stock_and_discards_go_face_down() -> None:
    state = play(deal([WEAK, PAIR_OF_KINGS]), "check", "check")
    top = state.stock[:3]
    state = apply(state, Draw(parse_cards("9H 7S 5C")))
    assert set(top) <= set(state.hands[1])
    assert set(parse_cards("9H 7S 5C")) <= set(state.muck)
    assert view(state, 0).seats[1].drew == 3
    assert "Bram draws 3." in texts(state)


def test_when_the_stock_runs_short_the_discards_are_shuffled_in() -> None:
    # With six players at most 22 cards are drawn from a 22-card stock, so this only
    # happens in a state whose stock is already thin; the engine still handles it.
    state = play(deal([WEAK, PAIR_OF_KINGS]), "check", "check")
    state = replace(state, stock=state.stock[:2], muck=state.stock[2:])
    state = apply(state, Draw(parse_cards("9H 7S 5C")))
    assert len(state.hands[1]) == 5
    assert "The stock ran short: the discards are shuffled in." in texts(state)
    assert set(parse_cards("9H 7S 5C")) <= set(state.muck)
    assert sorted(map(str, all_cards(state))) == sorted(map(str, FULL_DECK))


def test_drawing_while_betting_and_betting_while_drawing_are_refused() -> None:
    state = deal([WEAK, PAIR_OF_KINGS])
    with pytest.raises(IllegalMove, match="not time to draw"):
        apply(state, Draw(()))
    state = play(state, "check", "check")
    with pytest.raises(IllegalMove, match="time to draw"):
        apply(state, CHECK)


# ---------------------------------------------------------------- the showdown


def test_the_showdown_turns_every_remaining_hand_face_up_with_its_description() -> None:
    state = deal([WEAK, PAIR_OF_KINGS, FLUSH, ROYAL], button=3)
    state = play(state, "check", "check", "check", "bet", "fold", "call", "call",
                 "stand pat", "stand pat", "stand pat", "check", "check", "check")
    result = state.result
    assert result is not None and not result.by_fold
    assert [item.seat for item in result.shown] == [1, 2, 3]
    assert result.shown[0].text.startswith("pair of kings (king of clubs, king of diamonds")
    assert result_text(state).startswith("Dirk wins 10 with royal flush (ace of spades")
    seats = view(state, 0).seats
    assert seats[0].shown is None and seats[0].folded
    assert seats[2].shown == parse_cards("QH JH 7H 5H 2H")
    assert seats[2].shown_text == "flush (queen of hearts, jack of hearts, seven of hearts, " \
        "five of hearts, deuce of hearts)"
    assert "Cato shows flush (queen of hearts, jack of hearts, seven of hearts, five of hearts," \
           " deuce of hearts)." in texts(state)


def test_a_view_shows_only_its_own_cards_until_the_showdown() -> None:
    state = deal([WEAK, PAIR_OF_KINGS, FLUSH])
    mine = view(state, 0)
    assert mine.hand == parse_cards("8C 6S 4H 3D 2C")
    assert [seat.card_count for seat in mine.seats] == [5, 5, 5]
    assert all(seat.shown is None for seat in mine.seats)
    text = repr(mine)
    for card in parse_cards(PAIR_OF_KINGS + " " + FLUSH):
        assert card.long_name not in text and repr(card) not in text
    assert mine.legal == ()  # seat 1 is to act
    assert view(state, 1).legal == (CHECK, BET)
    assert mine.to_move == 1 and mine.stock_count == len(state.stock)


def test_the_game_ends_when_you_have_no_chips() -> None:
    state = deal([WEAK, ROYAL], chips=[1, 100])
    state = play(state, "stand pat", "stand pat")
    assert state.phase is Phase.GAME_OVER
    assert outcome(state) == Outcome((1,), ("lost", "won"),
                                     "Bram wins the game with all 101 chips.")
    assert legal_moves(state) == ()
    with pytest.raises(IllegalMove, match="game is over"):
        apply(state, NextHand())


def test_the_game_stops_when_the_watched_seat_is_out_and_the_chip_leader_wins() -> None:
    state = deal([WEAK, ROYAL, FLUSH], chips=[1, 100, 100])
    state = play(state, "check", "check", "stand pat", "stand pat", "stand pat", "check",
                 "check")
    assert state.phase is Phase.GAME_OVER
    assert texts(state)[-2:] == [
        "Bram wins 3 with royal flush (ace of spades, king of spades, queen of spades, "
        "jack of spades, ten of spades).", "You are out of chips."]
    assert outcome(state) == Outcome((1,), ("lost", "won", "lost"), "Anna is out of chips.")
    assert view(state, 0).winner is None


def test_without_a_watched_seat_the_game_goes_on_until_one_player_has_every_chip() -> None:
    start = replace(deal([WEAK, ROYAL, FLUSH], chips=[1, 100, 100]), stop_when_out=None)
    state = play(start, "check", "check", "stand pat", "stand pat", "stand pat", "check",
                 "check")
    assert state.phase is Phase.HAND_OVER and outcome(state) is None


def test_the_game_ends_when_one_player_has_every_chip() -> None:
    state = deal([ROYAL, WEAK, FLUSH], chips=[50, 1, 1])
    state = play(state, "stand pat", "stand pat", "stand pat")
    assert state.phase is Phase.GAME_OVER
    result = outcome(state)
    assert result is not None and result.winners == (0,)
    assert result.sentence == "Anna wins the game with all 52 chips."
    assert texts(state)[-1] == "You win the game with all 52 chips."
    assert view(state, 0).winner == 0


def test_outcome_is_none_while_the_game_runs() -> None:
    assert outcome(new_game(Config())) is None


# ---------------------------------------------------------------- notation and saves


def test_moves_read_and_print_in_the_game_notation() -> None:
    assert str(parse_move("  Raise ")) == "raise"
    assert parse_move("draw 7s 4c") == Draw(parse_cards("4C 7S"))
    assert str(parse_move("draw 4C 7S")) == "draw 7S 4C"
    assert str(Draw(())) == "stand pat" and parse_move("stand pat") == Draw(())
    assert parse_move("next") == NextHand()
    for junk in ("", "shove", "draw XX", "x" * 10_000):
        with pytest.raises(IllegalMove):
            parse_move(junk)


def test_a_save_round_trips_in_every_phase() -> None:
    state = deal([WEAK, PAIR_OF_KINGS, FLUSH])
    for moves in ([], ["bet", "call"], ["call", "stand pat"], ["stand pat"],
                  ["draw 8C 6S 4H"], ["bet", "fold", "call"], ["next"]):
        state = play(state, *moves)
        assert from_json(to_json(state)) == state


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: "not a dict",
        lambda data: {**data, "game": "yukon"},
        lambda data: {**data, "version": 99},
        lambda data: {key: value for key, value in data.items() if key != "chips"},
        lambda data: {**data, "chips": "lots"},
        lambda data: {**data, "stock": data["stock"][1:]},
        lambda data: {**data, "hands": [["ZZ"]] * 3},
        lambda data: {**data, "phase": "bluffing"},
        lambda data: {**data, "to_act": 9},
        lambda data: {**data, "history": [{"kind": "fold", "seat": 7, "count": 0, "pot": 0,
                                           "all_in": False, "cards": []}]},
        lambda data: {**data, "history": [{"kind": "fold", "seat": None, "count": 0, "pot": 0,
                                           "all_in": False, "cards": []}]},
        lambda data: {**data, "history": [{"kind": "bluff", "seat": 0, "count": 0, "pot": 0,
                                           "all_in": False, "cards": []}]},
        lambda data: {**data, "history": [{"kind": "show", "seat": 0, "count": 0, "pot": 0,
                                           "all_in": False, "cards": ["AH", "AH"]}]},
        lambda data: {**data, "version": 2, "history": [{"said": "{7:folds}.",
                                                         "kind": "action", "seat": None}]},
        lambda data: {**data, "chips": [True, 99, 99]},
    ],
)
def test_a_damaged_save_is_refused_with_a_sentence(damage: object) -> None:
    data = to_json(deal([WEAK, PAIR_OF_KINGS, FLUSH]))
    with pytest.raises(SaveFormatError):
        from_json(damage(data))  # type: ignore[operator]


def test_the_history_tells_each_action_in_one_line_with_the_verb_agreeing() -> None:
    state = deal([WEAK, PAIR_OF_KINGS, FLUSH], button=0)
    state = play(state, "bet", "raise", "fold", "call", "draw 9H 7S 5C", "stand pat",
                 "bet", "call")
    start = max(index for index, event in enumerate(state.history) if event.kind == "deal")
    lines = texts(state)[start:]
    assert lines[:2] == ["Hand 1: You deal.", "Everyone antes 1; the pot is 3."]
    assert lines[2:8] == ["Bram bets 2.", "Cato raises to 4.", "You fold.", "Bram calls 2.",
                          "Bram draws 3.", "Cato stands pat."]
    assert lines[8:10] == ["Bram bets 4.", "Cato calls 4."]
    assert lines[-1].startswith("Cato wins 19 with flush (queen of hearts")
    assert [event.kind for event in state.history[start:]][2:6] == [
        "bet", "raise", "fold", "call"]
    assert state.history[start + 6] == Event("draw", state.names, 1, count=3)
    assert view(state, 0).seats[2].last_action == "called 4"


def test_an_edited_save_with_a_player_not_dealt_in_is_refused_on_load() -> None:
    # Seat 1 folds before the draw; the edit then says seat 0 was never dealt in, which
    # leaves one player in the hand: before the check, FOLD crashed in the pot split.
    state = play(deal([WEAK, PAIR_OF_KINGS, FLUSH], button=0),
                 "check", "bet", "call", "fold", "stand pat", "stand pat")
    assert state.phase is Phase.SECOND_BETTING and state.folded[1]
    edited = to_json(state)
    edited["dealt"][0] = False
    with pytest.raises(SaveFormatError, match="fewer than two players"):
        from_json(edited)


def test_a_draw_is_built_from_card_codes_and_refuses_what_is_not_a_card() -> None:
    assert Draw(("AH", "7s")) == Draw(parse_cards("7S AH"))  # type: ignore[arg-type]
    for junk in (("ZZ",), ("AH", None), "AH", None, 5):
        with pytest.raises(IllegalMove, match="names the cards"):
            Draw(junk)  # type: ignore[arg-type]


def test_a_six_player_showdown_with_long_names_and_side_pots_round_trips() -> None:
    names = tuple(f"Player number {seat} xx" for seat in range(6))  # as older saves hold
    state = new_game(Config(players=6, seed=312, chips=10, names=names,
                            longest_name=SAVED_NAME_LENGTH))
    chooser = random.Random(312)
    for _ in range(35):
        state = apply(state, chooser.choice(legal_moves(state)))
    assert state.result is not None
    assert len(word(result_said(state.result), names)) > 500  # the 564-char case
    assert from_json(json.loads(json.dumps(to_json(state)))) == state
