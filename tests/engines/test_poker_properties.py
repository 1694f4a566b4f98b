"""Hypothesis properties of the poker rules over random games. The properties every engine
shares (cards and chips conserved, apply leaves its input alone, refusals, replays, saves,
private views) are in tests/engines/test_contract.py."""

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tableau.engines.poker import MOVE_KINDS
from tableau.engines.poker import Config
from tableau.engines.poker import Phase
from tableau.engines.poker import State
from tableau.engines.poker import apply
from tableau.engines.poker import legal_moves
from tableau.engines.poker import new_game
from tableau.engines.poker import view
from tableau.engines.poker.wording import describe


def random_game(data: st.DataObject, players: int, seed: int, steps: int,
                chips: int = 100) -> list[State]:
    """Every snapshot (oldest first) of a game played with random legal moves."""
    states = [new_game(Config(players=players, seed=seed, chips=chips))]
    for _ in range(steps):
        legal = legal_moves(states[-1])
        if not legal:
            break
        states.append(apply(states[-1], data.draw(st.sampled_from(legal))))
    return states


game_shape = (st.integers(min_value=2, max_value=6), st.integers(min_value=0, max_value=2**32),
              st.integers(min_value=1, max_value=120))


@settings(max_examples=60, deadline=None)
@given(st.data(), *game_shape, st.sampled_from([100, 3, 5, 9, 14]))
def test_every_pot_is_paid_out_in_full_and_no_stack_goes_below_zero(
    data: st.DataObject, players: int, seed: int, steps: int, chips: int
) -> None:
    """Small stacks make all-ins and side pots common."""
    for state in random_game(data, players, seed, steps, chips):
        if state.result is not None:
            assert sum(award.amount for award in state.result.awards) == state.result.pot
        assert min(state.chips) >= 0


@settings(max_examples=40, deadline=None)
@given(st.data(), *game_shape)
def test_only_players_still_in_are_turned_up_and_only_when_the_hand_is_over(
    data: st.DataObject, players: int, seed: int, steps: int
) -> None:
    for state in random_game(data, players, seed, steps):
        for seat in range(players):
            for other in view(state, seat).seats:
                if state.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
                    if other.shown is not None:
                        assert other.in_hand
                else:
                    assert other.shown is None
                assert other.card_count == len(state.hands[other.seat])


@settings(max_examples=30, deadline=None)
@given(st.data(), *game_shape)
def test_every_seat_reads_the_whole_history_in_words_and_its_own_moves_as_you(
    data: st.DataObject, players: int, seed: int, steps: int
) -> None:
    state = random_game(data, players, seed, steps, chips=5)[-1]
    for seat in range(players):
        seen = view(state, seat)
        for event in seen.history:
            text = describe(event, seat)
            assert "{" not in text and "}" not in text and text.endswith(".")
            if event.kind in MOVE_KINDS:
                assert event.seat is not None
                mover = "You" if event.seat == seat else state.names[event.seat]
                assert text.startswith(mover + " ")
