"""Hypothesis properties of the poker engine over random games."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tableau.cards import FULL_DECK
from tableau.engines import IllegalMove
from tableau.engines.poker import (
    BET,
    CHECK,
    FOLD,
    RAISE,
    Config,
    Draw,
    Move,
    NextHand,
    Phase,
    State,
    apply,
    from_json,
    legal_moves,
    new_game,
    to_json,
    view,
)

DECK = sorted(map(str, FULL_DECK))
CANDIDATES = (CHECK, BET, FOLD, RAISE, NextHand(), Draw(FULL_DECK[:4]), Draw(FULL_DECK[40:43]))


def played(data: st.DataObject, players: int, seed: int, steps: int,
           chips: int = 100) -> tuple[list[State], list[Move]]:
    """A game played with random legal moves: every snapshot (oldest first) and the moves."""
    states = [new_game(Config(players=players, seed=seed, chips=chips))]
    moves: list[Move] = []
    for _ in range(steps):
        legal = legal_moves(states[-1])
        if not legal:
            break
        moves.append(data.draw(st.sampled_from(legal)))
        states.append(apply(states[-1], moves[-1]))
    return states, moves


def random_game(data: st.DataObject, players: int, seed: int, steps: int,
                chips: int = 100) -> list[State]:
    return played(data, players, seed, steps, chips)[0]


game_shape = (st.integers(min_value=2, max_value=6), st.integers(min_value=0, max_value=2**32),
              st.integers(min_value=1, max_value=120))


@settings(max_examples=80, deadline=None)
@given(st.data(), *game_shape, st.sampled_from([100, 3, 5, 9, 14]))
def test_chips_and_cards_are_conserved(data: st.DataObject, players: int, seed: int,
                                       steps: int, chips: int) -> None:
    """Small stacks make all-ins and side pots common."""
    for state in random_game(data, players, seed, steps, chips):
        assert sum(state.chips) + state.pot == chips * players
        if state.result is not None:
            assert sum(award.amount for award in state.result.awards) == state.result.pot
        assert min(state.chips) >= 0
        cards = [card for hand in state.hands for card in hand]
        cards += list(state.stock) + list(state.muck)
        assert sorted(map(str, cards)) == DECK


@settings(max_examples=40, deadline=None)
@given(st.data(), *game_shape)
def test_views_never_show_another_players_cards_before_the_showdown(
    data: st.DataObject, players: int, seed: int, steps: int
) -> None:
    for state in random_game(data, players, seed, steps):
        for seat in range(players):
            seen = view(state, seat)
            assert sorted(map(str, seen.hand)) == sorted(map(str, state.hands[seat]))
            for other in seen.seats:
                if state.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
                    if other.shown is not None:  # only players still in are turned up
                        assert other.in_hand
                else:
                    assert other.shown is None
                assert other.card_count == len(state.hands[other.seat])
            if seen.my_turn:
                assert seen.legal_moves == legal_moves(state)


@settings(max_examples=40, deadline=None)
@given(st.data(), *game_shape)
def test_illegal_moves_raise_and_apply_never_changes_its_input(
    data: st.DataObject, players: int, seed: int, steps: int
) -> None:
    for state in random_game(data, players, seed, steps)[-5:]:
        before = to_json(state)
        legal = set(legal_moves(state))
        for move in CANDIDATES:
            if move in legal:
                apply(state, move)
            else:
                try:
                    apply(state, move)
                except IllegalMove as refusal:
                    assert str(refusal).endswith((".", "!"))
                else:
                    raise AssertionError(f"{move} was accepted but is not legal")
        assert to_json(state) == before


@settings(max_examples=40, deadline=None)
@given(st.data(), *game_shape)
def test_saves_round_trip_and_the_same_seed_replays_the_same_game(
    data: st.DataObject, players: int, seed: int, steps: int
) -> None:
    states, moves = played(data, players, seed, steps)
    replay = new_game(Config(players=players, seed=seed))
    for state, move in zip(states, [*moves, None], strict=True):
        assert from_json(to_json(state)) == state
        assert replay == state
        if move is not None:
            replay = apply(replay, move)
