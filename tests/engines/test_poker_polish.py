"""Issue 28, Poker items 20-22: final places by who went out first, the one true reason a bet
or raise is refused, and the history's wording ("you" mid-sentence, "1 chip", said once)."""

from dataclasses import replace

import pytest

from tableau.cards import FULL_DECK
from tableau.cards import parse_cards
from tableau.engines import IllegalMove
from tableau.engines.poker import BET
from tableau.engines.poker import RAISE
from tableau.engines.poker import Config
from tableau.engines.poker import NextHand
from tableau.engines.poker import Phase
from tableau.engines.poker import State
from tableau.engines.poker import apply
from tableau.engines.poker import from_json
from tableau.engines.poker import legal_moves
from tableau.engines.poker import new_game
from tableau.engines.poker import parse_move
from tableau.engines.poker import to_json
from tableau.engines.poker import view
from tableau.engines.poker.wording import history_lines
from tableau.engines.poker.wording import result_text
from tableau.sessions.poker import standings
from tableau.ui.controls.poker import you_line

WEAK = "2C 3D 4H 6S 8C"
WEAKER = "2D 3H 4S 6C 7D"
PAIR = "KC KD 9H 7S 5C"
ROYAL = "AS KS QS JS TS"


def next_hand(state: State, hands: list[str], chips: list[int] | None = None) -> State:
    """Deal the next hand with chosen cards (and, for the first, chosen stacks before the
    ante); the stock is the rest of the deck."""
    if chips is not None:
        state = replace(state, phase=Phase.HAND_OVER, chips=tuple(chips), pot=0, to_act=None,
                        hand_number=0, button=state.players - 1)
    state = apply(state, NextHand())
    cards = tuple(parse_cards(hand) if state.dealt[seat] else ()
                  for seat, hand in enumerate(hands))
    used = {card for hand in cards for card in hand}
    return replace(state, hands=cards, stock=tuple(c for c in FULL_DECK if c not in used),
                   muck=())


def play_out(state: State) -> State:
    """Check and stand pat until the hand is over."""
    while state.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        state = apply(state, parse_move("stand pat" if state.phase is Phase.DRAW else "check"))
    return state


def table(players: int, watched: int | None = 0) -> State:
    return new_game(Config(players=players, seed=5, stop_when_out=watched))


def lines(state: State, reader: int = 0) -> list[str]:
    return list(history_lines(view(state, reader)))


# ---------------------------------------------------------------- item 20: final places


def test_whoever_goes_out_later_places_higher() -> None:
    """Bram goes out in hand 1, you in hand 2: you are second, Bram third, not both "2."."""
    state = next_hand(table(3), [WEAK, WEAKER, ROYAL], chips=[2, 1, 100])
    state = play_out(state)
    assert state.chips[1] == 0 and state.chips[0] == 1 and state.phase is Phase.HAND_OVER
    state = play_out(next_hand(state, [WEAK, "", ROYAL]))
    assert state.phase is Phase.GAME_OVER and state.chips[:2] == (0, 0)
    assert standings(view(state, 0)) == ["1. Cato: 103 chips", "2. You: 0 chips",
                                         "3. Bram: 0 chips"]
    assert view(state, 0).places == (2, 3, 1)
    assert from_json(to_json(state)) == state


def test_out_in_the_same_hand_the_bigger_stack_places_higher_and_equal_stacks_share() -> None:
    # Seat 1 antes its only chip; seat 2 calls its last 1 all-in; the royal flush takes all.
    state = next_hand(table(4, watched=None), [PAIR, WEAKER, WEAK, ROYAL],
                      chips=[100, 1, 2, 100])
    state = play_out(apply(apply(apply(apply(state, parse_move("check")), BET),
                                 parse_move("call")), parse_move("call")))
    assert state.chips[1] == state.chips[2] == 0 and state.put_in[1:3] == (1, 2)
    assert view(state, 0).places == (2, 4, 3, 1)
    same = next_hand(table(4, watched=None), [PAIR, WEAKER, WEAK, ROYAL],
                     chips=[100, 1, 1, 100])
    assert view(play_out(same), 0).places == (2, 3, 3, 1)


def test_a_save_from_before_places_were_kept_still_loads() -> None:
    state = play_out(next_hand(table(3), [WEAK, WEAKER, ROYAL], chips=[2, 1, 100]))
    old = to_json(state)
    del old["out_places"]
    assert from_json(old) == state
    edited = {**to_json(state), "out_places": [None, None, None]}
    with pytest.raises(ValueError, match="places"):
        from_json(edited)


# ---------------------------------------------------------------- item 21: the true reason


def test_a_raise_against_an_all_in_player_is_refused_for_that_reason_alone() -> None:
    """Plenty of chips against an all-in bet: the raise is refused because no one could call
    it, not because "it takes 4 chips"."""
    state = next_hand(table(2), [WEAK, PAIR], chips=[400, 3])
    state = apply(state, BET)  # seat 1, left of the button, bets its last 2
    assert state.to_act == 0 and state.chips == (399, 0) and view(state, 0).to_call == 2
    assert RAISE not in legal_moves(state)
    with pytest.raises(IllegalMove) as refusal:
        apply(state, RAISE)
    assert str(refusal.value) == ("You cannot raise: everyone else still in the hand is "
                                  "all-in, so no one could call a raise.")


def test_a_raise_or_bet_short_of_chips_is_refused_for_that_reason_alone() -> None:
    state = next_hand(table(3), [WEAK, PAIR, ROYAL], chips=[4, 100, 100])
    state = apply(apply(state, BET), RAISE)  # seats 1 and 2: 4 to call for seat 0
    assert state.to_act == 0 and state.chips[0] == 3
    with pytest.raises(IllegalMove) as refusal:
        apply(state, RAISE)
    assert str(refusal.value) == "You cannot raise: it takes 6 chips and you have 3."
    state = next_hand(table(3), [WEAK, PAIR, ROYAL], chips=[100, 2, 100])
    assert state.to_act == 1 and state.chips[1] == 1
    with pytest.raises(IllegalMove) as refusal:
        apply(state, BET)
    assert str(refusal.value) == "You cannot bet 2: it takes 2 chips and you have 1."


# ---------------------------------------------------------------- item 22: wording


def test_you_are_lower_case_mid_sentence_and_the_verb_agrees() -> None:
    # Bram has 2 chips: after the ante he calls 1 of your bet of 2, all-in; Cato folds.
    state = next_hand(table(3), [PAIR, ROYAL, WEAK], chips=[50, 2, 50])
    for move in ("check", "check", "bet", "call", "fold"):
        state = apply(state, parse_move(move))
    said = result_text(view(play_out(state), 0))
    assert said.endswith("; 1 unmatched goes back to you")
    tie = play_out(next_hand(table(3), [WEAK, "AS KD QC JH 9S", "AD KC QH JS 9D"],
                             chips=[100, 100, 100]))
    said = result_text(view(tie, 1))
    assert said.startswith("You and Cato split 3 with high card")
    assert said.endswith("; you get the odd chip")
    assert lines(tie, 0)[0] == "Hand 1: You deal."


def test_out_of_chips_is_said_once_at_the_end_of_the_game() -> None:
    state = play_out(next_hand(table(3), [WEAK, ROYAL, PAIR], chips=[1, 100, 100]))
    assert state.phase is Phase.GAME_OVER
    assert lines(state).count("You are out of chips.") == 1
    assert lines(state, 1).count("Anna is out of chips.") == 1


def test_one_chip_is_one_chip() -> None:
    state = next_hand(table(2), [WEAK, PAIR], chips=[2, 100])
    assert state.chips[0] == 1
    assert you_line(view(state, 0)).startswith("1 chip ·")
