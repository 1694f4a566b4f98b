"""What the expert reads from a Pesten round's history, and the deals it makes from that."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from hypothesis import example
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tableau.ai.pesten import careful_move
from tableau.ai.pesten_reading import deal
from tableau.ai.pesten_reading import read
from tableau.cards import JOKER
from tableau.cards import AnyCard
from tableau.cards import Card
from tableau.cards import Rank
from tableau.engines import pesten as p
from tableau.engines.pesten import Phase

Holdings = list[list[tuple[int, int]]]
"""By seat: (card index, the event index at which the card came) for every card held."""


def careful_round(players: int, packs: int, seed: int, moves: int) -> tuple[p.State, Holdings]:
    """A round ``moves`` careful moves in (or the last position before its end), and when each
    held card really came: the truth the reading may never contradict."""
    state = p.new_game(p.Config(players=players, packs=packs, seed=seed))
    held: Holdings = [[(card.index, 0) for card in hand] for hand in state.hands]
    cpu_seed = seed
    for _ in range(moves):
        seat = state.current
        move, cpu_seed = careful_move(p.view(state, seat), cpu_seed)
        after = p.apply(state, move)
        if after.phase is Phase.OVER:
            break
        came = [at for at in range(len(state.history), len(after.history))
                if after.history[at].kind in ("draw", "take", "penalty")]
        before = Counter(card.index for card in state.hands[seat])
        now = Counter(card.index for card in after.hands[seat])
        for index, count in (before - now).items():
            for _ in range(count):
                held[seat].remove(next(h for h in held[seat] if h[0] == index))
        for index, count in (now - before).items():
            held[seat] += [(index, came[-1])] * count
        state = after
    return state, held


ROUND_SIZES = {
    "players": st.integers(2, 5),
    "packs": st.integers(1, 2),
    "seed": st.integers(0, 2**32),
    "moves": st.integers(0, 120),
}
"""What a careful round may be made of (for ``careful_round`` and positions built on it)."""
rounds = st.builds(careful_round, **ROUND_SIZES)


def _everything(hands: tuple[tuple[AnyCard, ...], ...], *rest: tuple[AnyCard, ...]) -> Counter[int]:
    return Counter(card.index for part in (*hands, *rest) for card in part)


@settings(max_examples=60, deadline=None)
@given(played=rounds, seed=st.integers(0, 2**63 - 1))
def test_a_deal_keeps_every_card_and_every_size_the_view_shows(
    played: tuple[p.State, Holdings], seed: int
) -> None:
    state, _ = played
    seen = p.view(state, state.current)
    dealt, _ = deal(seen, read(seen), seed)
    assert dealt.hands[seen.seat] == seen.hand
    assert tuple(map(len, dealt.hands)) == seen.hand_counts
    assert len(dealt.stock) == seen.stock_count
    assert dealt.pile[-1] == seen.top and len(dealt.pile) == seen.pile_size
    assert _everything(dealt.hands, dealt.stock, dealt.pile) == _everything(
        state.hands, state.stock, state.pile)


@settings(max_examples=60, deadline=None)
@given(played=rounds)
# Found by make test-all: seat 0 holds a joker drawn just before the reshuffle, which put the
# other joker back in the stock.
@example(played=careful_round(players=5, packs=1, seed=2149, moves=37))
def test_against_careful_players_no_rule_ever_rules_out_a_card_really_held(
    played: tuple[p.State, Holdings],
) -> None:
    """Nor a moment a card played really came at: each one played has one it may have."""
    state, held = played
    seen = p.view(state, state.current)
    reading = read(seen)
    assert reading is not None and reading.pile == state.pile
    for seat, known in enumerate(reading.seats):
        assert known is not None  # careful players never forget their last card
        assert all(may_have_come_at for may_have_come_at, _ in known.plays)
        for index, at in held[seat]:
            arrival = max(k for k, when in enumerate(known.came) if when == at)
            assert index not in known.ruled_out[arrival]
            if reading.reshuffled is not None:
                put_back = reading.reshuffled[1]
                if known.fresh[arrival]:  # drawn after the reshuffle: from what it put back
                    assert index in put_back
                elif index != JOKER.index:  # the jokers share an index: one may have gone back
                    assert index not in put_back


def test_a_joker_held_through_a_reshuffle_that_put_the_other_back_may_be_played() -> None:
    """Careful 4-player round, seed 42: Anna draws a joker (event 55), the stock runs out and
    the reshuffle puts the other joker back in it (event 59), and her 61st move plays hers.
    The jokers share an index; the reading must still let the card played have come when it
    did, before the reshuffle."""
    before, held = careful_round(players=4, packs=1, seed=42, moves=60)
    after, _ = careful_round(players=4, packs=1, seed=42, moves=61)
    seat = before.current
    [came_at] = [at for index, at in held[seat] if index == JOKER.index]
    reading = read(p.view(after, after.current))
    assert reading is not None and reading.reshuffled is not None
    at, put_back = reading.reshuffled
    assert came_at < at and JOKER.index in put_back  # the case: the other joker went back
    assert after.history[-1].cards == (JOKER,) and after.history[-1].seat == seat
    known = reading.seats[seat]
    assert known is not None
    may_have_come_at, _ = known.plays[-1]
    assert known.came.index(came_at) in may_have_come_at


def _moment(wanted: Callable[[p.State, p.Event], bool]) -> p.State:
    """The first position of careful 3-player rounds (seeds 0, 1, ...) right after a move
    whose first event ``wanted`` picks."""
    for seed in range(200):
        state = p.new_game(p.Config(players=3, seed=seed))
        cpu_seed = seed
        while state.phase is not Phase.OVER:
            before = state
            move, cpu_seed = careful_move(p.view(state, state.current), cpu_seed)
            state = p.apply(state, move)
            if state.phase is not Phase.OVER and wanted(before, state.history[len(before.history)]):
                return state
    raise AssertionError("no careful round shows that moment")


def _hands_dealt(seen: p.View, seat: int, read_history: bool) -> list[tuple[AnyCard, ...]]:
    reading = read(seen) if read_history else None
    hands = []
    seed = 5
    for _ in range(40):
        dealt, seed = deal(seen, reading, seed)
        hands.append(dealt.hands[seat])
    return hands


def test_a_seat_that_drew_and_kept_the_card_is_dealt_at_most_that_card_fitting_then() -> None:
    def kept_on_a_plain_top(before: p.State, event: p.Event) -> bool:
        top = before.pile[-1]
        return (event.kind == "pass" and before.suit is None and isinstance(top, Card)
                and top.rank is not Rank.JACK and len(before.hands[event.seat or 0]) >= 4)

    state = _moment(kept_on_a_plain_top)
    drawer = state.history[-1].seat  # the pass is the move's only event
    assert drawer is not None and drawer != state.current
    seen = p.view(state, state.current)
    table = seen._replace(suit=None, stack=0)

    def fitting(hand: tuple[AnyCard, ...]) -> list[AnyCard]:
        return [card for card in hand if p.fits(table, card)
                and not (isinstance(card, Card) and card.rank is Rank.JACK)]

    for hand in _hands_dealt(seen, drawer, read_history=True):
        # only the kept card may fit, and careful keeps a fitting card only if it is a 2 or
        # a joker
        assert len(fitting(hand)) <= 1
        assert all(not isinstance(card, Card) or card.rank is Rank.TWO for card in fitting(hand))
    assert any(len(fitting(hand)) > 1 for hand in _hands_dealt(seen, drawer, read_history=False))


def test_a_jack_played_with_one_card_kept_deals_that_card_in_the_named_suit() -> None:
    def jack_keeping_one(before: p.State, event: p.Event) -> bool:
        return (event.kind == "play" and len(event.cards) == 1
                and isinstance(event.cards[0], Card) and event.cards[0].rank is Rank.JACK
                and len(before.hands[event.seat or 0]) == 2)

    state = _moment(jack_keeping_one)
    seat = state.history[-2].seat  # the play, then the call of the last card
    assert seat is not None and state.suit is not None
    seen = p.view(state, state.current)

    def off_suit(hand: tuple[AnyCard, ...]) -> bool:
        return any(isinstance(card, Card) and card.rank is not Rank.JACK
                   and card.suit is not state.suit for card in hand)

    assert not off_suit(state.hands[seat])  # the truth, which careful play guarantees
    assert not any(map(off_suit, _hands_dealt(seen, seat, read_history=True)))
    assert any(map(off_suit, _hands_dealt(seen, seat, read_history=False)))
