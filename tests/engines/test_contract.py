"""The engine contract, checked once for every game in the registry (in the spirit of
OpenSpiel's ``random_sim_test``): random seeded games played with random legal moves.

- the module conforms: ``Config``, ``State``, ``Move``, ``new_game``, ``legal_moves``,
  ``apply``, ``view``, ``outcome``, ``to_json``/``from_json``;
- every card is conserved on every step, and in Poker every chip;
- ``apply`` never changes its input; a move outside ``legal_moves`` raises ``IllegalMove``
  with a sentence and changes nothing: ``legal_moves`` is the one source of legality;
- the same seed and the same moves give the same game;
- every state round-trips through JSON text (``from_json`` takes the mapping);
- every view has the common fields (``seat``, ``to_move``, ``legal``, ``stock_count``), and
  its ``legal`` is the engine's ``legal_moves`` for the seat to move;
- a view never holds a card its seat may not see: dealing everything hidden from the seat
  anew gives the very same view;
- ``outcome`` is ``None`` or one ``Outcome``: winners among the seats, a result per seat and
  a sentence;
- any value passed as a move is refused with ``IllegalMove`` (or played, if it is equal to a
  listed move), never a crash, and the state it was passed with is unchanged;
- a save edited by hand is refused with ``SaveFormatError`` or playable: checked through the
  session, whose save holds the engine's, in tests/sessions/test_session_contract.py.

What the test must know of each game beyond the contract (how to count its cards, what a
seat cannot see) is in ``KNOWLEDGE`` below; game-specific rules stay in each game's tests.

``make test`` (Hypothesis's ``dev`` profile) runs each property on the few draws its ``dev``
count names, still for every game; ``make test-all`` (``ci``) on all of them.
"""

from __future__ import annotations

import dataclasses
import json
import random
import typing
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tableau.cards import FULL_DECK
from tableau.cards import JOKER
from tableau.cards import RANKS
from tableau.cards import SUITS
from tableau.engines import IllegalMove
from tableau.engines import Outcome
from tableau.engines import engine
from tableau.registry import GAMES

STEPS = 400
"""Random legal moves per game at most: Go Fish, Pesten and most Poker games end before."""
ROUND_TRIP_EVERY = 10
"""The contract test saves and loads every so many states of its long games, and the last:
loading reads the whole history again, so every state would cost the square of the game's
length. Every state of a game is saved and loaded in
``test_every_reachable_state_round_trips_through_json_text``."""


@dataclass(frozen=True)
class Knowledge:
    """What the contract test knows of one game beyond the engine contract."""

    config: Callable[[Any, int, st.DataObject], Any]
    """A random table: (engine, seed, data) -> Config."""
    seats: Callable[[Any], int]
    cards: Callable[[Any], Counter[str]]
    """Every card on the table, by code."""
    full_set: Callable[[Any], Counter[str]]
    """What ``cards`` must always be for this state's table."""
    redealt: Callable[[Any, int, random.Random], Any]
    """The state with every card hidden from the seat dealt anew (same places, same counts)."""


def _codes(cards: Any) -> Counter[str]:
    return Counter(card.code for card in cards)


def _flat(groups: Any) -> list[Any]:
    return [card for group in groups for card in group]


def _deal_anew(hidden: list[Any], sizes: list[int], rng: random.Random) -> list[tuple[Any, ...]]:
    rng.shuffle(hidden)
    out, start = [], 0
    for size in sizes:
        out.append(tuple(hidden[start:start + size]))
        start += size
    return out


def _redeal_hands_and_stock(state: Any, seat: int, rng: random.Random) -> Any:
    """Other seats' hands and the stock, dealt anew with the same sizes."""
    others = [s for s in range(len(state.hands)) if s != seat]
    groups = [state.hands[s] for s in others] + [state.stock]
    dealt = _deal_anew(_flat(groups), [len(group) for group in groups], rng)
    hands = list(state.hands)
    for s, hand in zip(others, dealt, strict=False):
        hands[s] = hand
    return dataclasses.replace(state, hands=tuple(hands), stock=dealt[-1])


# ---------------------------------------------------------------- Yukon


def _yukon_config(module: Any, seed: int, data: st.DataObject) -> Any:
    rules = data.draw(st.sampled_from(sorted(module.RULES)), label="rules")
    return module.Config(seed=seed % (module.MAX_SEED + 1), rules=rules)


def _yukon_cards(state: Any) -> Counter[str]:
    columns = [slot.card for column in state.columns for slot in column]
    cards = _codes(columns) + _codes(_flat(state.foundations))
    if state.deck is not None and not columns and not any(state.foundations):
        cards += _codes(state.deck)  # STARTUP: the deck waits to be dealt
    return cards


def _yukon_full(state: Any) -> Counter[str]:
    dealt = state.deck is not None or any(state.columns) or any(state.foundations)
    return _codes(FULL_DECK) if dealt else Counter()


def _yukon_redealt(state: Any, seat: int, rng: random.Random) -> Any:
    """Face-down cards swap places among the face-down slots (and a face-down deck is
    shuffled): the player knows the layout, not those cards."""
    slots = [(c, r) for c, column in enumerate(state.columns)
             for r, slot in enumerate(column) if not slot.face_up]
    cards = [state.columns[c][r].card for c, r in slots]
    rng.shuffle(cards)
    columns = [list(column) for column in state.columns]
    for (c, r), card in zip(slots, cards, strict=True):
        columns[c][r] = dataclasses.replace(columns[c][r], card=card)
    state = dataclasses.replace(state, columns=tuple(tuple(column) for column in columns))
    if state.deck is not None and not state.deck_face_up and not any(state.columns):
        deck = list(state.deck)
        rng.shuffle(deck)
        state = dataclasses.replace(state, deck=tuple(deck))
    return state


# ---------------------------------------------------------------- Pesten


def _pesten_config(module: Any, seed: int, data: st.DataObject) -> Any:
    players = data.draw(st.integers(2, 6), label="players")
    jokers = data.draw(st.integers(0, 2), label="jokers")
    # One pack: with two, the same card could lie in two hands and a redeal could not tell.
    return module.Config(players=players, packs=1, jokers=jokers, seed=seed % 2**40)


def _pesten_cards(state: Any) -> Counter[str]:
    return _codes(_flat(state.hands) + list(state.stock) + list(state.pile))


def _pesten_full(state: Any) -> Counter[str]:
    config = state.config
    return _codes(list(FULL_DECK + (JOKER,) * config.jokers) * config.packs)


# ---------------------------------------------------------------- Go Fish


def _gofish_config(module: Any, seed: int, data: st.DataObject) -> Any:
    players = data.draw(st.integers(2, 5), label="players")
    return module.Config(players=players, seed=seed, first=seed % players)


def _gofish_cards(state: Any) -> Counter[str]:
    booked = [card for card in FULL_DECK if any(card.rank in books for books in state.books)]
    return _codes(_flat(state.hands) + list(state.stock) + booked)


# ---------------------------------------------------------------- Poker


def _poker_config(module: Any, seed: int, data: st.DataObject) -> Any:
    players = data.draw(st.integers(2, 6), label="players")
    chips = data.draw(st.sampled_from([5, 20, 100]), label="chips")
    return module.Config(players=players, seed=seed, chips=chips)


def _poker_cards(state: Any) -> Counter[str]:
    return _codes(_flat(state.hands) + list(state.stock) + list(state.muck))


def _poker_redealt(state: Any, seat: int, rng: random.Random) -> Any:
    if state.result is not None and state.result.shown:
        return state  # hands turned face up at the showdown are seen by everyone
    return _redeal_hands_and_stock(state, seat, rng)


KNOWLEDGE: dict[str, Knowledge] = {
    "yukon": Knowledge(_yukon_config, lambda state: 1, _yukon_cards, _yukon_full,
                       _yukon_redealt),
    "pesten": Knowledge(_pesten_config, lambda state: len(state.hands), _pesten_cards,
                        _pesten_full, _redeal_hands_and_stock),
    "gofish": Knowledge(_gofish_config, lambda state: len(state.hands), _gofish_cards,
                        lambda state: _codes(FULL_DECK), _redeal_hands_and_stock),
    "poker": Knowledge(_poker_config, lambda state: len(state.hands), _poker_cards,
                       lambda state: _codes(FULL_DECK), _poker_redealt),
}


def _for_every_game(
    examples: int, dev: int | None = None
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """The test runs for every game in the registry on ``examples`` Hypothesis draws (on
    ``dev`` of them under the quick profile of ``make test``, when given)."""
    checks = settings(max_examples=examples, deadline=None,
                      suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

    def wrap(test: Callable[..., None]) -> Callable[..., None]:
        test = pytest.mark.parametrize("game", GAMES)(checks(given(data=st.data())(test)))
        return test if dev is None else pytest.mark.dev_examples(dev)(test)

    return wrap


def _new(game: str, data: st.DataObject) -> tuple[Any, Knowledge, Any, Any]:
    """The engine, what the test knows of it, a random config and its new game."""
    module = engine(game)
    know = KNOWLEDGE[game]
    seed = data.draw(st.integers(min_value=0, max_value=2**62), label="seed")
    config = know.config(module, seed, data)
    return module, know, config, module.new_game(config)


def _random_game(module: Any, state: Any, picker: random.Random) -> list[Any]:
    """States of one game with random legal moves, to its end or ``STEPS`` moves."""
    states = [state]
    for _ in range(STEPS):
        legal = module.legal_moves(state)
        if module.outcome(state) is not None or not legal:
            break
        state = module.apply(state, picker.choice(legal))
        states.append(state)
    return states


def _played(game: str, data: st.DataObject) -> tuple[Any, Knowledge, random.Random, list[Any]]:
    """A random game's engine, what the test knows of it, the picker that chose its moves
    (to go on choosing) and its states."""
    module, know, _config, start = _new(game, data)
    picker = random.Random(data.draw(st.integers(0, 2**32), label="picks"))
    return module, know, picker, _random_game(module, start, picker)


def _round_trip(module: Any, state: Any) -> Any:
    return module.from_json(json.loads(json.dumps(module.to_json(state))))


def test_the_registry_lists_four_conforming_engines() -> None:
    assert GAMES == ("yukon", "pesten", "gofish", "poker")
    for game in GAMES:
        module = engine(game)
        for name in ("Config", "State", "Move", "new_game", "legal_moves", "apply", "view",
                     "outcome", "to_json", "from_json"):
            assert hasattr(module, name), f"{game} has no {name}"


@_for_every_game(25, dev=4)
def test_random_games_keep_the_contract_on_every_step(game: str, data: st.DataObject) -> None:
    module, know, _picker, states = _played(game, data)
    chips = sum(states[0].chips) + states[0].pot if game == "poker" else None
    for index, state in enumerate(states):
        assert know.cards(state) == know.full_set(state)
        if chips is not None:
            assert sum(state.chips) + state.pot == chips
        if index % ROUND_TRIP_EVERY == 0 or index == len(states) - 1:
            assert _round_trip(module, state) == state
        result = module.outcome(state)
        seats = know.seats(state)
        if result is not None:
            assert isinstance(result, Outcome)
            assert set(result.winners) <= set(range(seats))
            assert len(result.results) == seats and result.sentence.strip()
        for seat in range(seats):
            seen = module.view(state, seat)
            assert seen.seat == seat
            assert seen.stock_count >= 0
            if seen.to_move == seat and result is None:
                assert tuple(seen.legal) == tuple(module.legal_moves(state))
            else:
                assert tuple(seen.legal) == ()


@_for_every_game(25, dev=8)
def test_apply_never_changes_its_input_and_a_move_not_listed_is_refused(
    game: str, data: st.DataObject
) -> None:
    module, _know, picker, states = _played(game, data)
    others = [move for state in states for move in module.legal_moves(state)]
    for state in states[:: max(1, len(states) // 12)]:
        before = json.dumps(module.to_json(state))
        legal = module.legal_moves(state)
        for move in legal[:3]:
            module.apply(state, move)
        for move in {*picker.sample(others, min(len(others), 8))} - set(legal):
            try:
                after = module.apply(state, move)
            except IllegalMove as refusal:
                assert str(refusal).strip()
            else:
                raise AssertionError(f"{move} is not listed, yet apply took it: {after}")
        assert json.dumps(module.to_json(state)) == before


@_for_every_game(15, dev=5)
def test_the_same_seed_and_the_same_moves_give_the_same_game(
    game: str, data: st.DataObject
) -> None:
    module, _know, config, start = _new(game, data)
    picks = data.draw(st.integers(0, 2**32), label="picks")
    first = _random_game(module, start, random.Random(picks))
    again = _random_game(module, module.new_game(config), random.Random(picks))
    assert first == again


@_for_every_game(25, dev=8)
def test_a_view_never_holds_a_card_its_seat_may_not_see(game: str, data: st.DataObject) -> None:
    module, know, picker, states = _played(game, data)
    for state in states[:: max(1, len(states) // 10)]:
        for seat in range(know.seats(state)):
            other = know.redealt(state, seat, picker)
            assert module.view(other, seat) == module.view(state, seat)


# ---------------------------------------------------------------- junk moves and saves

PLAY_STEPS = 40
"""Random legal moves played to reach a state, and played again after loading a save."""


def _start(game: str, module: Any, data: st.DataObject) -> Any:
    seed = data.draw(st.integers(min_value=0, max_value=2**63 - 1), label="seed")
    if game == "yukon":
        state = module.new_game(module.Config(seed=seed))
        for step in (module.LoadDeck(), module.SHUFFLE_RANDOM, module.DEAL):
            state = module.apply(state, step)
        return state
    high = {"pesten": 6, "gofish": 5, "poker": 6}[game]
    players = data.draw(st.integers(min_value=2, max_value=high), label="players")
    return module.new_game(module.Config(players=players, seed=seed))


def _play(game: str, module: Any, state: Any, data: st.DataObject, steps: int) -> Any:
    """Random legal moves; each must apply, and each state must view, end-check and save."""
    for _ in range(steps):
        for seat in range(KNOWLEDGE[game].seats(state)):
            module.view(state, seat)
        module.outcome(state)
        assert _round_trip(module, state) == state
        legal = module.legal_moves(state)
        if not legal:
            break
        state = module.apply(state, data.draw(st.sampled_from(legal), label="move"))
    return state


def _move_classes(module: Any) -> tuple[type, ...]:
    return typing.get_args(module.Move) or (module.Move,)


_CARD_TEXT = st.sampled_from([str(card) for card in FULL_DECK] + ["AH", "10S", "Joker", ""])
_LEAF = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=60),
    st.integers(),
    st.floats(),
    st.text(max_size=6),
    _CARD_TEXT,
    st.sampled_from(FULL_DECK),
    st.sampled_from(RANKS),
    st.sampled_from(SUITS),
)
JUNK = st.recursive(
    _LEAF,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5).map(tuple),
        st.lists(inner, max_size=4),
        st.dictionaries(st.text(max_size=3), inner, max_size=3),
        st.frozensets(st.sampled_from(FULL_DECK), max_size=4),
    ),
    max_leaves=8,
)


def _junk_move(module: Any, data: st.DataObject) -> Any:
    """Plain junk, or one of the engine's own move classes filled with junk."""
    if data.draw(st.booleans(), label="plain junk"):
        return data.draw(JUNK, label="junk")
    kind = data.draw(st.sampled_from(_move_classes(module)), label="move class")
    values = [data.draw(JUNK, label=field.name) for field in dataclasses.fields(kind)]
    try:
        return kind(*values)
    except IllegalMove:
        return None  # a move that cannot even be built is refused with the right error


def _reached(game: str, data: st.DataObject) -> tuple[Any, Any]:
    """An engine and a state reached by up to ``PLAY_STEPS`` random legal moves."""
    module = engine(game)
    steps = data.draw(st.integers(min_value=0, max_value=PLAY_STEPS), label="steps")
    return module, _play(game, module, _start(game, module, data), data, steps)


@_for_every_game(40, dev=10)
def test_any_value_passed_as_a_move_is_refused_and_changes_nothing(
    game: str, data: st.DataObject
) -> None:
    module, state = _reached(game, data)
    before = module.to_json(state)
    for _ in range(3):
        junk = _junk_move(module, data)
        try:
            after = module.apply(state, junk)
        except IllegalMove as refusal:
            assert str(refusal).strip()
        else:  # only a junk value equal to a listed move is played
            assert junk in module.legal_moves(state)
            assert _round_trip(module, after) == after
        assert module.to_json(state) == before


@_for_every_game(10, dev=2)
def test_every_reachable_state_round_trips_through_json_text(
    game: str, data: st.DataObject
) -> None:
    module = engine(game)
    _play(game, module, _start(game, module, data), data, PLAY_STEPS * 5)
