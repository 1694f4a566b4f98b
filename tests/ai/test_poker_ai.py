"""The poker CPU: exact discards, betting by strength, seeded bluffs, advice for the human."""

from dataclasses import replace
from itertools import combinations

import pytest

from tableau.ai.poker import advise_discard, best_discard, choose_action, choose_move
from tableau.cards import FULL_DECK, Card, Rank, parse_cards
from tableau.engines.poker import (
    BET,
    CALL,
    CHECK,
    FOLD,
    RAISE,
    Config,
    Draw,
    NextHand,
    Phase,
    State,
    apply,
    card_code,
    evaluate_codes,
    legal_moves,
    new_game,
    parse_move,
    strength,
    view,
)


def brute_force_options(hand: tuple[Card, ...]) -> dict[frozenset[Card], float]:
    """Expected strength of every legal discard, visiting every single draw."""
    unseen = [card_code(card) for card in FULL_DECK if card not in hand]
    results = {}
    has_ace = any(card.rank is Rank.ACE for card in hand)
    for count in range(5):
        for discard in combinations(hand, count):
            kept = [card for card in hand if card not in discard]
            if count == 4 and not (has_ace and kept[0].rank is Rank.ACE):
                continue
            kept_codes = [card_code(card) for card in kept]
            total = 0.0
            draws = 0
            for drawn in combinations(unseen, count):
                total += strength(evaluate_codes(*kept_codes, *drawn))
                draws += 1
            results[frozenset(discard)] = total / draws
    return results


@pytest.mark.slow
@pytest.mark.parametrize("hand", ["QH QS TD 7S 4C", "AH 2D 3S 4D 9D", "2H 5H 7H JH 3S",
                                  "6D 7S 8C 9D KH"])
def test_the_cpu_discard_matches_a_brute_force_over_every_draw(hand: str) -> None:
    cards = parse_cards(hand)
    brute = brute_force_options(cards)
    advice = best_discard(cards)
    assert len(advice.options) == len(brute)
    for option in advice.options:
        assert option.expected_value == pytest.approx(brute[frozenset(option.discard)], abs=1e-12)
    assert advice.expected_value == pytest.approx(max(brute.values()), abs=1e-12)
    assert brute[frozenset(advice.discard)] == pytest.approx(max(brute.values()), abs=1e-12)
    assert advice.current_value == pytest.approx(brute[frozenset()], abs=1e-12)


def test_a_pair_is_kept_and_the_other_three_thrown_away() -> None:
    advice = best_discard(parse_cards("QH QS TD 7S 4C"))
    assert set(advice.discard) == set(parse_cards("TD 7S 4C"))
    assert advice.keep == parse_cards("QH QS")
    assert advice.move == Draw(parse_cards("TD 7S 4C"))
    assert advice.why.startswith("Throw away 3 and keep the pair of queens:")


def test_a_made_straight_stands_pat() -> None:
    advice = best_discard(parse_cards("9C TD JH QS KC"))
    assert advice.discard == ()
    assert advice.expected_value == advice.current_value
    assert advice.why.startswith("Stand pat: your straight already beats")


def test_a_lone_ace_keeps_the_ace_and_draws_four() -> None:
    advice = best_discard(parse_cards("AH 2D 3S 4D 9D"))
    assert advice.keep == parse_cards("AH")
    assert advice.why.startswith("Throw away 4 and keep the ace:")


def test_advice_for_the_human_is_what_the_cpu_would_do() -> None:
    state = new_game(Config(players=3, seed=4))
    mine = view(state, 0)
    advice = advise_discard(mine)
    assert advice == best_discard(mine.hand)
    assert 0 < advice.expected_value <= 1
    assert advice.why.endswith(".")
    drawing = state
    for move in ("check", "check", "check", "stand pat", "stand pat"):
        drawing = apply(drawing, parse_move(move))
    assert drawing.to_act == 0 and drawing.phase is Phase.DRAW
    assert advice.move in legal_moves(drawing)
    folded = view(apply(apply(state, BET), FOLD), 2)
    assert folded.hand == ()
    with pytest.raises(ValueError, match="five cards"):
        advise_discard(folded)


def rigged(hands: list[str], moves: list[str], seed: int = 0) -> State:
    state = new_game(Config(players=len(hands), seed=seed))
    cards = tuple(parse_cards(hand) for hand in hands)
    used = {card for hand in cards for card in hand}
    state = replace(state, hands=cards, stock=tuple(card for card in FULL_DECK
                                                    if card not in used), muck=())
    for move in moves:
        state = apply(state, parse_move(move))
    return state


def test_the_cpu_raises_a_royal_flush_and_folds_seven_high_to_a_raise() -> None:
    raised = 0
    folded = 0
    for seed in range(40):
        strong = rigged(["2C 3D 4H 6S 8C", "AS KS QS JS TS", "KD QD 9H 7S 5C"],
                        ["check", "check", "check", "stand pat", "stand pat", "stand pat",
                         "bet"], seed)
        assert strong.to_act == 2 and strong.phase is Phase.SECOND_BETTING
        strong = apply(strong, CALL)  # seat 2 calls; seat 0 ...
        strong = apply(strong, RAISE)  # ... raises; now the royal flush (seat 1) acts
        raised += choose_action(view(strong, 1)) == RAISE
        weak = rigged(["AS KS QS JS TS", "2C 3D 4H 5S 7C", "KD QD 9H 7S 5C"],
                      ["check", "check", "check", "stand pat", "stand pat", "stand pat",
                       "bet", "raise"], seed)
        assert weak.to_act == 0
        weak = apply(weak, RAISE)  # seat 0 re-raises; the seven-high (seat 1) acts
        folded += choose_action(view(weak, 1)) == FOLD
    assert raised == 40
    assert folded >= 36


def test_the_cpu_sometimes_bluffs_but_usually_checks_nothing() -> None:
    bets = 0
    for seed in range(200):
        state = rigged(["AS KS QS JS TS", "2C 3D 4H 5S 7C", "KD QD 9H 7S 5C"],
                       ["check", "check", "check", "stand pat", "stand pat", "stand pat"],
                       seed)
        assert state.to_act == 1 and view(state, 1).to_call == 0
        action = choose_action(view(state, 1))
        assert action in (CHECK, BET)
        bets += action == BET
    assert 1 <= bets <= 40


def test_the_cpu_decides_the_same_way_for_the_same_view() -> None:
    state = new_game(Config(players=4, seed=9))
    seen = view(state, state.to_act or 0)
    assert choose_move(seen) == choose_move(seen)


def test_the_cpu_cannot_see_hidden_cards() -> None:
    """Swapping the other players' cards with the stock does not change the CPU's choice."""
    for seed in range(20):
        state = new_game(Config(players=3, seed=seed))
        seat = state.to_act
        assert seat is not None
        others = [card for other, hand in enumerate(state.hands) if other != seat
                  for card in hand]
        swapped_hands = list(state.hands)
        stock = list(state.stock)
        for other in range(3):
            if other != seat:
                swapped_hands[other], stock = tuple(stock[:5]), stock[5:]
        changed = replace(state, hands=tuple(swapped_hands), stock=tuple(stock + others))
        assert choose_move(view(state, seat)) == choose_move(view(changed, seat))


def test_cpu_players_can_play_whole_hands_with_legal_moves() -> None:
    state = new_game(Config(players=5, seed=21))
    for _ in range(300):
        if state.phase is Phase.GAME_OVER:
            break
        seat = state.to_act if state.to_act is not None else 0
        move = choose_move(view(state, seat))
        assert move in legal_moves(state)
        state = apply(state, move)
        assert sum(state.chips) + state.pot == 500
    assert state.hand_number > 5


def test_choose_move_deals_on_after_a_hand_and_refuses_out_of_turn() -> None:
    state = rigged(["2C 3D 4H 6S 8C", "AS KS QS JS TS"], ["bet", "fold"])
    assert choose_move(view(state, 0)) == NextHand()
    running = new_game(Config(players=3, seed=2))
    idle = next(seat for seat in range(3) if seat != running.to_act)
    with pytest.raises(ValueError, match="not this player's turn"):
        choose_move(view(running, idle))


def test_the_exact_discard_decision_takes_well_under_a_second() -> None:
    """The slowest hands have the most four-card draws: four aces give four of them."""
    import time

    for hand in ("AS AD AH AC 2D", "AS AD KH 7C 2D", "9H TD JS QC 2C"):
        started = time.perf_counter()
        best_discard(parse_cards(hand))
        assert time.perf_counter() - started < 1.0
