"""The session contract, checked once for every game in the registry through the ``Session``
protocol only (in the spirit of OpenSpiel's ``random_sim_test``): random seeded tables, CPUs in
every seat or people in some, each person's move picked at random from ``moves(seat)``.

On every step:

- only the seat ``to_move`` has moves, and a CPU's turn has a ``cpu_step`` (a person's none);
- ``cpu_step`` changes nothing and chooses the same step twice; ``play_cpu`` makes it, and
  refuses it when it is stale (made at another version), so a step is never played twice;
- every move ``moves`` lists is accepted, and every accepted change adds 1 to ``version``;
- a move the seat may not make (another seat's, a move of an earlier turn, junk) is refused
  with a sentence and changes nothing: the same save, the same version;
- undo then redo come back to the same save (its change counter aside) where the game has
  undo; where it has none, or there is nothing to undo, the refusal is a sentence;
- the save goes through JSON text to an equal session, which goes on exactly like the first;
- the sentence ``describe(event, viewer)`` for every event and every seat never names a card
  that seat has not seen in its views;
- an ``outcome`` has winners among the seats, a result for each and a sentence, and a table of
  CPUs reaches one within a bound.

And a save edited by hand is refused with a sentence, or loads to a session that plays on
and saves again. Every session's save holds its engine's save (under "state", or Yukon's
"start"), so this is also the engine contract's check of edited saves: the engines' own
``from_json`` refuses or loads, and the game it loads is played on through the session.

What the test must know of each game beyond the protocol (the tables it may deal) is in
``TABLES`` below; game-specific rules stay in each game's tests.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
import re
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from hand_edits import hand_edited
from tableau.ai import pesten_expert
from tableau.cards import FULL_DECK
from tableau.cards import JOKER
from tableau.cards import Card
from tableau.cards import Joker
from tableau.engines.protocol import Outcome
from tableau.engines.protocol import SaveFormatError
from tableau.engines.rng import MAX_SEED
from tableau.registry import GAMES
from tableau.registry import find_game
from tableau.sessions.protocol import Answer
from tableau.sessions.protocol import CpuStep
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind

NAMES = ("Ann", "Bob", "Cas", "Dee", "Eve", "Fay", "Gus", "Hal")
H, C, R = SeatKind.HUMAN, SeatKind.CPU, SeatKind.REMOTE


@dataclass(frozen=True)
class Table:
    """The tables a game deals: ``least`` to ``most`` seats; ``people`` says who may sit
    where ("any": any mix; "first": a person in seat 0 at most; "alone": one person)."""

    least: int
    most: int
    people: str = "any"
    cpu_steps: int = 3000
    """A table of CPUs reaches an outcome within this many steps."""
    steps: int = 300
    """Steps played at a table with people (a person's random moves need not end a game)."""
    options: tuple[tuple[str, Any], ...] = ()
    """``start``'s options for the test's tables (a short match)."""
    levels: tuple[str, ...] = ("",)
    """The CPU levels (or kinds) a CPU seat may play at; "" is the game's default."""
    kinds: tuple[SeatKind, ...] = (H, C)
    """Who may play a seat of a mixed table: hot seats and CPUs, and remote seats (a person
    at another screen, who moves through ``act`` as a hot seat does) at a game with tables
    across screens."""


TABLES: dict[str, Table] = {
    "yukon": Table(1, 1, "alone", steps=150),
    "pesten": Table(2, 6, steps=150, levels=("", "random", "careful", "expert"),
                    kinds=(H, C, R)),
    "gofish": Table(2, 5, levels=("", "easy", "pro"), kinds=(H, C, R)),
    "poker": Table(2, 6, steps=150, options=(("chips", 4),), kinds=(H, C, R)),
}


def _seats(table: Table, data: st.DataObject, cpus_only: bool) -> tuple[SeatInfo, ...]:
    count = data.draw(st.integers(table.least, table.most), label="seats")
    if table.people == "alone":
        kinds = [H] * count
    elif cpus_only:
        kinds = [C] * count
    elif table.people == "first":
        kinds = [H] + [C] * (count - 1)
    else:
        kinds = data.draw(st.lists(st.sampled_from(table.kinds), min_size=count,
                                   max_size=count)
                          .filter(lambda kinds: kinds.count(C) < len(kinds)), label="kinds")
    levels = st.sampled_from(table.levels)
    return tuple(SeatInfo(NAMES[seat], kind, data.draw(levels, label="level") if kind is C else "")
                 for seat, kind in enumerate(kinds))


@pytest.fixture(autouse=True)
def few_expert_rollouts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The contract is the protocol's, not how well a CPU plays: Pesten's expert weighs its
    moves on 8 deals of the unseen cards here instead of 256 (64 heads-up), nearly all of this
    test's time otherwise. It plays through the same code; tests/ai/test_pesten_expert.py and
    test_pesten_ai.py play it at its full budget."""
    monkeypatch.setattr(pesten_expert, "SAMPLES", 8)
    monkeypatch.setattr(pesten_expert, "FIRST_DEALS", 4)
    monkeypatch.setattr(pesten_expert, "DUEL", (8, 4, 2))


def _start(game: str, seats: tuple[SeatInfo, ...], seed: int) -> Any:
    found = find_game(game)
    assert found is not None
    return found.session().start(seats, seed, **dict(TABLES[game].options))


# ---------------------------------------------------------------- what a seat has seen


_ATOMS = frozenset({str, bytes, int, float, bool, type(None)})


@functools.cache
def _frozen(kind: type) -> bool:
    params = getattr(kind, "__dataclass_params__", None)
    return issubclass(kind, tuple | frozenset) or (params is not None and params.frozen)


class Sight:
    """The cards one seat has seen in its views (fields, tuples, lists, sets and mappings).

    A view shares most of its frozen parts with the last one (a long history): those already
    walked are kept, so that their ids stay theirs, and not walked again."""

    def __init__(self) -> None:
        self.cards: set[Any] = set()
        self._walked: dict[int, Any] = {}

    def walk(self, value: Any, depth: int = 0) -> None:
        kind = type(value)
        if kind is Card or kind is Joker:
            self.cards.add(value)
            return
        if kind in _ATOMS or depth > 12:
            return
        if _frozen(kind):
            if id(value) in self._walked:
                return
            self._walked[id(value)] = value
        fields = getattr(kind, "__dataclass_fields__", None)
        if fields is not None:
            items: Any = [getattr(value, name) for name in fields]
        elif isinstance(value, dict):
            items = [*value.keys(), *value.values()]
        elif isinstance(value, tuple | list | set | frozenset):
            items = value
        else:
            return
        for item in items:
            self.walk(item, depth + 1)


def _spelling_pattern() -> tuple[re.Pattern[str], dict[str, Any]]:
    """One pattern for every card's names in a sentence ("five of hearts", "Five of hearts",
    "5H", "5♥", "joker", "JK"), and the card each name (long names in lower case) stands for."""
    cards = (*FULL_DECK, JOKER)
    long_names = {card.long_name.lower(): card for card in cards}
    short = {name: card for card in cards for name in (card.code, card.face)}
    pattern = (r"(?i:\b(?:" + "|".join(map(re.escape, long_names)) + r")\b)"
               r"|(?<!\w)(?:" + "|".join(map(re.escape, sorted(short, key=len, reverse=True)))
               + r")(?!\w)")
    return re.compile(pattern), {**long_names, **short}


CARD_NAMES, CARD_OF = _spelling_pattern()


def _unnamed(sentence: str, seats: Any) -> str:
    """``sentence`` without the seats' names that read as cards: a save edited by hand may
    name a player "2C", and "2C asks you for 9s" names no card."""
    for name in sorted({seat.name for seat in seats}, key=len, reverse=True):
        if name and _named_cards(name):
            sentence = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", sentence)
    return sentence


def _named_cards(sentence: str) -> set[Any]:
    return {CARD_OF.get(found.group(), CARD_OF.get(found.group().lower()))
            for found in CARD_NAMES.finditer(sentence)}


# ---------------------------------------------------------------- the player


class Player:
    """Plays one session step by step and checks the contract on each step."""

    def __init__(self, session: Any, picker: random.Random) -> None:
        self.session = session
        self.picker = picker
        self.seats = len(session.seats)
        self.seen = [Sight() for _ in range(self.seats)]
        self.earlier_moves: list[Any] = []
        self.look()

    def look(self) -> None:
        for seat in range(self.seats):
            self.seen[seat].walk(self.session.view(seat))

    def save(self) -> dict[str, Any]:
        return json.loads(json.dumps(self.session.to_json()))

    # ------------------------------------------------------------ checks

    def refused_unchanged(self, answer: Any, save: dict[str, Any], version: int) -> None:
        assert isinstance(answer, Answer)
        assert not answer.ok and answer.events == ()
        assert isinstance(answer.refusal, str) and answer.refusal.strip()
        assert self.session.version == version
        assert self.save() == save

    def accepted(self, answer: Any, version: int) -> None:
        assert isinstance(answer, Answer)
        assert answer.ok, f"refused: {answer.refusal}"
        assert self.session.version == version + 1
        self.look()
        for event in answer.events:
            for viewer in range(self.seats):
                sentence = self.session.describe(event, viewer)
                assert isinstance(sentence, str)
                hidden = _named_cards(_unnamed(sentence, self.session.seats))
                hidden -= self.seen[viewer].cards
                assert not hidden, (f"seat {viewer} reads {sentence!r}, naming "
                                    f"{sorted(map(str, hidden))} it has not seen")

    def check_turns(self) -> int | None:
        session = self.session
        to_move = session.to_move
        assert to_move is None or 0 <= to_move < self.seats
        for seat in range(self.seats):
            if seat != to_move:
                assert session.moves(seat) == (), f"seat {seat} has moves out of turn"
        result = session.outcome()
        if result is not None:
            assert isinstance(result, Outcome)
            assert set(result.winners) <= set(range(self.seats))
            assert len(result.results) == self.seats and result.sentence.strip()
        return to_move

    # ------------------------------------------------------------ steps

    def play(self, steps: int) -> None:
        """Up to ``steps`` steps, to the outcome at most."""
        for _ in range(steps):
            if self.session.outcome() is not None or not self.step():
                break

    def step(self) -> bool:
        """One move of the seat to move, with the refusals around it. False: nobody moves."""
        to_move = self.check_turns()
        if to_move is None:
            assert self.session.cpu_step() is None
            return False
        self.try_wrong_moves(to_move)
        if self.session.seats[to_move].kind is SeatKind.CPU:
            self.cpu_moves(to_move)
        else:
            assert self.session.cpu_step() is None, "a CPU step on a person's turn"
            self.person_moves(to_move)
        if self.picker.random() < 0.1:
            self.undo_and_redo()
        return True

    def cpu_moves(self, seat: int) -> None:
        session = self.session
        version = session.version
        step = session.cpu_step()
        assert isinstance(step, CpuStep) and step.seat == seat and step.version == version
        assert session.version == version
        if self.picker.random() < 0.2:
            save = self.save()
            assert session.cpu_step() == step, "cpu_step chose another step"
            assert self.save() == save, "cpu_step changed the session"
            stale = dataclasses.replace(step, version=version - 1)
            self.refused_unchanged(session.play_cpu(stale), save, version)
        self.accepted(session.play_cpu(step), version)
        if self.picker.random() < 0.2:
            save = self.save()
            self.refused_unchanged(session.play_cpu(step), save, version + 1)

    def person_moves(self, seat: int) -> None:
        moves = self.session.moves(seat)
        assert moves, f"seat {seat} is to move but has no moves"
        self.earlier_moves.extend(moves)
        version = self.session.version
        self.accepted(self.session.act(seat, self.picker.choice(moves)), version)

    def try_wrong_moves(self, to_move: int) -> None:
        """Another seat's move, a move of an earlier turn, junk: refused, nothing changed."""
        if self.picker.random() > 0.25:
            return
        session = self.session
        save, version = self.save(), session.version
        moves = session.moves(to_move)
        wrong: list[tuple[int, Any]] = [(to_move, None), (to_move, "nonsense"), (to_move, 7)]
        if moves and self.seats > 1:
            other = self.picker.choice([seat for seat in range(self.seats) if seat != to_move])
            wrong.append((other, self.picker.choice(moves)))
        if moves:
            wrong.append((self.seats, moves[0]))  # no such seat
        stale = [move for move in self.earlier_moves[-60:] if move not in moves]
        if stale:
            wrong.append((to_move, self.picker.choice(stale)))
        for seat, move in wrong:
            self.refused_unchanged(session.act(seat, move), save, version)

    def undo_and_redo(self) -> None:
        session = self.session
        save, version = self.save(), session.version
        if not session.can_undo:
            self.refused_unchanged(session.undo(), save, version)
            return
        self.accepted(session.undo(), version)
        if not session.can_redo:  # a game may take a step back for good (Pesten's hand-over)
            save = self.save()
            self.refused_unchanged(session.redo(), save, version + 1)
            return
        self.accepted(session.redo(), version + 1)
        _same_but_counter(save, self.save(), version)
        if not session.can_redo:
            save = self.save()
            self.refused_unchanged(session.redo(), save, version + 2)

    # ------------------------------------------------------------ saves

    def reloaded(self) -> Any:
        """The session read back from its save through JSON text: an equal session."""
        session = self.session
        save = self.save()
        again = type(session).from_json(json.loads(json.dumps(save)))
        assert self.saved_of(again) == save
        assert again.version == session.version and again.seats == session.seats
        assert again.to_move == session.to_move and again.outcome() == session.outcome()
        assert (again.can_undo, again.can_redo) == (session.can_undo, session.can_redo)
        for seat in range(self.seats):
            assert again.view(seat) == session.view(seat)
            assert again.moves(seat) == session.moves(seat)
        return again

    @staticmethod
    def saved_of(session: Any) -> dict[str, Any]:
        return json.loads(json.dumps(session.to_json()))


def _same_but_counter(before: Any, after: Any, version: int) -> None:
    """Equal saves, but for the change counter (``version`` before, 2 more after)."""
    if before == after:
        return
    if isinstance(before, dict) and isinstance(after, dict):
        assert before.keys() == after.keys()
        for key in before:
            _same_but_counter(before[key], after[key], version)
    elif isinstance(before, list) and isinstance(after, list):
        assert len(before) == len(after)
        for first, second in zip(before, after, strict=True):
            _same_but_counter(first, second, version)
    else:
        assert (before, after) == (version, version + 2), "undo then redo changed the save"


def _in_lockstep(first: Player, second: Player, steps: int) -> None:
    """Two equal sessions given the same moves stay equal."""
    for _ in range(steps):
        to_move = first.session.to_move
        assert second.session.to_move == to_move
        if to_move is None or first.session.outcome() is not None:
            break
        version = first.session.version
        if first.session.seats[to_move].kind is SeatKind.CPU:
            step = first.session.cpu_step()
            assert second.session.cpu_step() == step
            first.accepted(first.session.play_cpu(step), version)
            second.accepted(second.session.play_cpu(step), version)
        else:
            move = first.picker.choice(first.session.moves(to_move))
            first.accepted(first.session.act(to_move, move), version)
            second.accepted(second.session.act(to_move, move), version)
        assert first.save() == second.save()


def _table(game: str, data: st.DataObject, cpus_only: bool) -> Player:
    """A random table of ``game``, ready to play."""
    seats = _seats(TABLES[game], data, cpus_only)
    seed = data.draw(st.integers(0, MAX_SEED), label="seed")
    session = _start(game, seats, seed)
    assert len(session.seats) == len(seats)
    assert [seat.kind for seat in session.seats] == [seat.kind for seat in seats]
    assert game == session.GAME
    return Player(session, random.Random(data.draw(st.integers(0, 2**32), label="picks")))


def _for_every_game(examples: int, dev: int) -> Any:
    """The test runs for every game on ``examples`` Hypothesis draws (``dev`` of them under
    the quick profile of ``make test``: whole games a draw are long)."""
    checks = settings(max_examples=examples, deadline=None,
                      suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

    def wrap(test: Any) -> Any:
        test = pytest.mark.parametrize("game", GAMES)(checks(given(data=st.data())(test)))
        return pytest.mark.dev_examples(dev)(test)

    return wrap


# ---------------------------------------------------------------- the tests


def test_every_game_has_a_session_with_the_one_constructor() -> None:
    for game in GAMES:
        found = find_game(game)
        assert found is not None and found.session_module == f"tableau.sessions.{game}"
        module = found.session()
        assert callable(module.start), f"tableau.sessions.{game} has no start"


@_for_every_game(5, dev=2)
def test_a_table_of_cpus_keeps_the_contract_and_reaches_an_outcome(
    game: str, data: st.DataObject
) -> None:
    if TABLES[game].people == "alone":
        pytest.skip(f"{game} has no CPU seats")
    player = _table(game, data, cpus_only=True)
    player.play(TABLES[game].cpu_steps)
    assert player.session.outcome() is not None, (
        f"no outcome in {TABLES[game].cpu_steps} steps")
    player.reloaded()


@_for_every_game(6, dev=3)
def test_a_table_with_people_keeps_the_contract_and_its_save_goes_on_alike(
    game: str, data: st.DataObject
) -> None:
    steps = TABLES[game].steps
    stop = data.draw(st.integers(0, steps), label="stop")
    player = _table(game, data, cpus_only=False)
    player.play(stop)
    again = Player(player.reloaded(), random.Random(0))
    _in_lockstep(player, again, 20)
    player.play(steps - stop)
    player.reloaded()


# ---------------------------------------------------------------- hand-edited saves

CARD_TEXT = st.sampled_from([str(card) for card in FULL_DECK] + ["AH", "10S", "Joker", ""])
JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.integers() | st.floats()
    | st.text(max_size=5) | CARD_TEXT,
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


@_for_every_game(40, dev=8)
def test_a_save_edited_by_hand_is_refused_with_a_sentence_or_plays_on(
    game: str, data: st.DataObject
) -> None:
    player = _table(game, data, cpus_only=False)
    player.play(data.draw(st.integers(0, 40), label="steps"))
    save = player.save()
    for _ in range(data.draw(st.integers(1, 3), label="edits")):
        save = hand_edited(save, data, JUNK)
    try:
        session = type(player.session).from_json(save)
    except SaveFormatError as refusal:
        assert str(refusal).strip()
        return
    loaded = Player(session, random.Random(data.draw(st.integers(0, 2**32), label="picks")))
    loaded.play(60)
    loaded.reloaded()
