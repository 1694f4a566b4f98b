"""The Yukon solver: every "won" replays to a win, and every "lost" agrees with a brute-force
search over all legal moves (no pruning, no canonical positions) on small positions."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tableau.ai.yukon import position_of
from tableau.ai.yukon import solve
from tableau.ai.yukon import trapped
from tableau.cards import FULL_DECK
from tableau.cards import SUITS
from tableau.engines import yukon
from tableau.engines.yukon import Phase
from tableau.engines.yukon import Slot
from tableau.engines.yukon import State

BRUTE_FORCE_LIMIT = 60_000


def replays_to_win(state: State, moves: tuple[yukon.CardMove, ...]) -> bool:
    for move in moves:
        state = yukon.apply(state, move)
    return yukon.outcome(state) is not None


def brute_force_wins(state: State, returns: int | None = None) -> bool | None:
    """Whether any sequence of legal moves wins: every reachable position, as the engine
    sees it. None when there are too many positions to try. ``returns`` caps how many times a
    card may come back from a foundation (None: no cap). With a cap the search tries fewer
    lines, so a win it finds is a real win."""
    seen = {(state.columns, state.foundations, 0)}
    todo = [(state, 0)]
    while todo:
        here, used = todo.pop()
        if yukon.outcome(here) is not None:
            return True
        for move in yukon.legal_moves(here):
            spent = used + str(move).startswith("F")
            if returns is not None and spent > returns:
                continue
            after = yukon.apply(here, move)
            key = (after.columns, after.foundations, spent if returns else 0)
            if key not in seen:
                if len(seen) >= BRUTE_FORCE_LIMIT:
                    return None
                seen.add(key)
                todo.append((after, spent))
    return False


def small_position(rules: str, seed: int, loose: int, spread: int = 7) -> State:
    """A position with ``loose`` cards off the foundations, dealt in a random order into
    ``spread`` of the columns, the upper cards of each column face down. The kings are always
    among them: a full foundation would let its king come back to an empty column, and the
    queens after it, and the brute force would drown in positions."""
    chooser = random.Random(seed)
    heights = [12] * 4
    for _ in range(loose - 4):
        suit = chooser.choice([s for s in range(4) if heights[s] > 0])
        heights[suit] -= 1
    off = [card for card in FULL_DECK if card.rank > heights[SUITS.index(card.suit)]]
    chooser.shuffle(off)
    columns: list[list[Slot]] = [[] for _ in range(7)]
    for card in off:
        columns[chooser.randrange(spread)].append(Slot(card, True))
    dealt = []
    for column in columns:
        hidden = chooser.randrange(len(column)) if column else 0
        dealt.append(tuple(Slot(slot.card, index >= hidden) for index, slot in enumerate(column)))
    foundations = tuple(
        tuple(card for card in FULL_DECK if card.suit is suit and card.rank <= heights[number])
        for number, suit in enumerate(SUITS)
    )
    return State(Phase.PLAY, FULL_DECK, tuple(dealt), foundations, 1, rules)


@pytest.mark.parametrize("rules", yukon.RULES)
def test_won_verdicts_replay_to_a_win(rules: str) -> None:
    won = 0
    for number in range(1, 41):
        state = yukon.numbered_game(number, rules)
        verdict = solve(state, seconds=2.0)
        if verdict.kind == "won":
            won += 1
            assert replays_to_win(state, verdict.moves)
            if won == 3:
                break
        assert verdict.kind in ("won", "lost", "unknown")
    assert won > 0


@pytest.mark.dev_examples(4)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(yukon.RULES), st.integers(0, 10**6), st.integers(5, 12),
       st.integers(2, 7), st.booleans())
def test_verdicts_agree_with_brute_force(rules: str, seed: int, loose: int, spread: int,
                                         small: bool) -> None:
    """Cards coming back from a foundation make the brute force drown, so it runs without
    them: its "won" is then a real win the solver must find too, and the solver's "lost" must
    be lost without them as well. Under Russian rules they never help (rule 3), so there the
    two must agree exactly. The hint's small solves (``small``) search otherwise, with the
    same verdicts."""
    state = small_position(rules, seed, loose, spread)
    truth = brute_force_wins(state, returns=0)
    verdict = solve(state, seconds=20.0, small=small)
    assert verdict.kind != "unknown"
    if truth is True or (truth is False and rules == "russian"):
        assert verdict.kind == ("won" if truth else "lost")
    if verdict.kind == "lost":
        assert truth is not True
    if verdict.kind == "won":
        assert replays_to_win(state, verdict.moves)


def test_a_trapped_deal_is_lost_and_brute_force_agrees() -> None:
    # Russian rules: 3♠ lies on the face-down 2♠, its only host 4♠ is face down above them,
    # and it can go up only after the 2♠. Every other card is up or in order in C2.
    spades = [card for card in FULL_DECK if card.suit is SUITS[3]]
    columns = [(), (), (), (), (), (), ()]
    columns[0] = (Slot(spades[3], False), Slot(spades[1], False), Slot(spades[2], True))
    columns[1] = tuple(Slot(card, True) for card in reversed(spades[4:]))
    foundations = tuple(
        tuple(card for card in FULL_DECK if card.suit is suit) if suit is not SUITS[3]
        else (spades[0],)
        for suit in SUITS
    )
    lost = State(Phase.PLAY, FULL_DECK, tuple(columns), foundations, 1, "russian")
    assert trapped(position_of(lost), "russian")
    assert brute_force_wins(lost, returns=0) is False
    assert solve(lost).kind == "lost"
    # The same with the 4♠ face up at the bottom of C2 is won.
    columns[0] = columns[0][1:]
    columns[1] = (*columns[1], Slot(spades[3], True))
    won = State(Phase.PLAY, FULL_DECK, tuple(columns), foundations, 1, "russian")
    assert not trapped(position_of(won), "russian")
    assert brute_force_wins(won, returns=0) is True
    assert solve(won).kind == "won"


def test_refuses_a_deck_that_is_not_dealt() -> None:
    with pytest.raises(ValueError):
        solve(yukon.new_game(yukon.Config()))


def test_a_cancelled_search_is_unknown() -> None:
    state = yukon.numbered_game(1, "classic")
    verdict = solve(state, cancelled=lambda: True, seconds=30)
    assert verdict.kind in ("won", "unknown")
    if verdict.kind == "unknown":
        assert verdict.reason == "cancelled"


@pytest.mark.parametrize("number", [2, 8, 11])
def test_lost_russian_deals_agree_with_brute_force_over_every_move(number: int) -> None:
    # Whole deals whose every reachable position (cards back from the foundations included)
    # the brute force can list: the solver's "lost" is the truth there, a small solve's too.
    deal = yukon.numbered_game(number, "russian")
    assert brute_force_wins(deal) is False
    assert solve(deal).kind == "lost"
    assert solve(deal, small=True).kind == "lost"


@pytest.mark.dev_examples(4)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(("spec", "classic")), st.integers(0, 10**6), st.integers(5, 9),
       st.integers(2, 4), st.booleans())
def test_verdicts_agree_with_brute_force_letting_cards_come_back(
    rules: str, seed: int, loose: int, spread: int, small: bool
) -> None:
    """Rules 1, 2 and 6 are argued for lines where cards come back from the foundations too,
    so here the brute force tries lines with up to two cards coming back: a win it finds is a
    real win that the solver must find too (in a small solve as well)."""
    state = small_position(rules, seed, loose, spread)
    truth = brute_force_wins(state, returns=2)
    verdict = solve(state, seconds=20.0, small=small)
    assert verdict.kind != "unknown"
    if truth is True:
        assert verdict.kind == "won"
    if verdict.kind == "won":
        assert replays_to_win(state, verdict.moves)


@pytest.mark.parametrize(("rules", "seed", "loose", "spread"), [
    ("classic", 22, 10, 2), ("classic", 36, 8, 3), ("classic", 123, 9, 3),
])
def test_rule_six_waits_where_a_card_one_rank_short_of_safe_is_needed(
    rules: str, seed: int, loose: int, spread: int
) -> None:
    """Rule 6's bound is tight: these positions were picked because a table asking every other
    suit for one rank less sends a card up that the only wins still need in the columns, so
    that solver calls them lost. Brute force (letting one card come back, which the first
    needs) and the real solver find the win."""
    state = small_position(rules, seed, loose, spread)
    assert brute_force_wins(state, returns=1) is True
    verdict = solve(state, seconds=20.0)
    assert verdict.kind == "won"
    assert replays_to_win(state, verdict.moves)


def jumping_clock() -> Callable[[], float]:
    """A clock ten seconds further on at every look: a machine as slow as can be."""
    now = iter(range(0, 10**9, 10))
    return lambda: float(next(now))


@pytest.mark.parametrize("number", [1, 3, 6])
def test_a_small_solve_with_time_to_spare_does_not_depend_on_the_machine_speed(number: int
                                                                               ) -> None:
    state = yukon.numbered_game(number, "classic")
    quick = solve(state, max_nodes=1_500, seconds=math.inf, small=True)
    slow = solve(state, max_nodes=1_500, seconds=math.inf, small=True, clock=jumping_clock())
    assert (slow.kind, slow.moves, slow.nodes) == (quick.kind, quick.moves, quick.nodes)

