"""The fast paths of the Pesten engine: every speed trick lives here, and nothing else.

Why they exist: ``legal_moves`` runs for every view (every move of every game), and a
simulation is nothing but views and moves. bench/bench_pesten.py asks for 500 random
4-player games per CPU-second; these paths carry much of that (see the "Pesten speed"
commits). Nothing here is a rule: each answer is the one the plain rules in ``rules``
(``_fits``, ``_is_set``) give, and tests/engines/test_pesten_properties.py checks that
every play the rules accept is listed.

- A card's key is ``(rank - 1) * 4 + suit index``, 52 for the joker; ``_CANON`` maps a key
  back to the one shared card object, and states only ever hold those objects, so ``id()``
  finds a key without hashing (enum hashing is slow on Python 3.11).
- ``_set_candidates`` finds sets with bit masks of the run values held per suit, and
  ``_may_hold_set`` is the cheap first look that spares it on most hands.
- Snapshots: ``apply`` copies a State's ``__dict__`` (``scratch``), changes that dictionary
  in place and makes it the next State's own (``snapshot``, through ``object.__new__``),
  which skips the frozen dataclass's per-field ``__init__``. ``State`` is the one list of
  fields: the dictionary holds exactly those.
- ``listing`` keeps a State's legal moves in its ``__dict__`` once listed, and the fit
  tables (``fit_tables``) are keyed by ``id()`` of the card key and suit singletons.
- ``tuple_new`` makes a named tuple (an ``Event``, a ``View``) minus a call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from typing import Final
from typing import TypeVar

from tableau.cards import FULL_DECK
from tableau.cards import JOKER
from tableau.cards import SUITS
from tableau.cards import AnyCard
from tableau.cards import Card
from tableau.cards import Joker
from tableau.cards import Suit

SET_CAP: Final = 240
"""At most this many distinct sets are on the CPUs' ``shortlist`` (see the rules file)."""

_SUIT_INDEX: Final = {suit: index for index, suit in enumerate(SUITS)}
_CARD_AT: Final = {(int(card.rank), card.suit): card for card in FULL_DECK}

_JOKER_KEY: Final = 52
_CANON: Final[tuple[AnyCard, ...]] = (
    *(_CARD_AT[(rank, suit)] for rank in range(1, 14) for suit in SUITS),
    JOKER,
)
_KEY_BY_ID: Final = {id(card): key for key, card in enumerate(_CANON)}
_FACES: Final = tuple(card.face for card in _CANON)
_FACE_BY_ID: Final = {id(card): card.face for card in _CANON}


_RUN_BITS: Final = tuple(
    (1 << 1) | (1 << 14) if rank == 0 else 1 << (rank + 1) for rank in range(13)
)
"""Bits of a rank (rank - 1) in a run mask: the ace is both value 1 and value 14."""
_JACK_KEYS: Final = frozenset(range(40, 44))
_KEY_RANK: Final = (*(key // 4 for key in range(52)), 13)
_KEY_SUIT: Final = (*(key % 4 for key in range(52)), 4)
_KEY_BIT: Final = (*(_RUN_BITS[key // 4] for key in range(52)), 0)


def _key(card: AnyCard) -> int:
    key = _KEY_BY_ID.get(id(card))
    if key is None:
        if type(card) is Joker:
            return _JOKER_KEY
        assert isinstance(card, Card)
        return (int(card.rank) - 1) * 4 + _SUIT_INDEX[card.suit]
    return key


_KEY_OF_INDEX: Final = (
    *(_key(card) for card in sorted(FULL_DECK, key=lambda c: c.index)),
    _JOKER_KEY,
)
"""``card.index`` (suit-major; the joker's is 52) to our rank-major key: the cheapest way
from a card to its key."""


# ------------------------------------------------------------------ sets


def _set_candidates(
    keys: list[int],
    top_key: int,
    table: tuple[bool, ...],
    wrap: bool = False,
    either_order: bool = False,
    limit: int = SET_CAP,
) -> list[tuple[AnyCard, ...]]:
    """Every distinct set (per cards, first card and last card) that may be played now.

    ``keys`` are the hand's card keys, ``top_key`` the top card's and ``table`` says which
    card keys fit now. Sets of one rank are listed once per choice of cards, first card and
    last card, with the middle cards in suit order; runs once per direction. At most
    ``limit`` are listed (the first ones: a higher limit lists the same ones first); on a
    stack the caller keeps those whose every card answers.
    ``wrap`` and ``either_order`` are the house rules ``Config.wrap_runs`` and
    ``Config.either_order``; with ``wrap`` the runs come from ``_wrap_runs`` instead.
    """
    top_rank = _KEY_RANK[top_key]  # rank - 1; 13 for the joker, which no set uses
    rank_total = [0] * 14
    masks = [0, 0, 0, 0, 0]  # per suit (4 for the joker): bit v set when run value v is held
    key_rank, key_suit, key_bit = _KEY_RANK, _KEY_SUIT, _KEY_BIT
    for key in keys:
        rank_total[key_rank[key]] += 1
        masks[key_suit[key]] |= key_bit[key]
    top_suit = _KEY_SUIT[top_key]  # 4 for the joker
    top_values = _RUN_VALUES[top_key]
    run_suits: list[int] = []
    if not wrap:  # with wrap, _wrap_runs below finds the runs
        for suit_index in (0, 1, 2, 3):
            mask = masks[suit_index]
            if mask & (mask >> 1) & (mask >> 2):
                run_suits.append(suit_index)
        if top_suit < 4 and top_suit not in run_suits:
            mask = masks[top_suit]
            for value in top_values:
                if (mask >> (value + 1)) & 3 == 3 or (
                    value >= 2 and (mask >> (value - 2)) & 3 == 3
                ):
                    run_suits.append(top_suit)
                    run_suits.sort()
                    break
    same_ranks: list[int] = []
    for rank in range(13):
        total = rank_total[rank]
        if total >= 3 or (total == 2 and rank == top_rank):
            same_ranks.append(rank)
    if not same_ranks and not run_suits and not wrap:
        return []
    found: list[tuple[AnyCard, ...]] = []
    for rank in same_ranks:
        base = rank * 4
        counts = [0, 0, 0, 0]
        for key in keys:
            if base <= key < base + 4:
                counts[key - base] += 1
        least = 2 if rank == top_rank else 3
        for chosen in _multisets(base, tuple(counts)):
            if len(chosen) < least:
                continue
            for first in _distinct(chosen):
                if not table[first]:
                    continue
                rest = list(chosen)
                rest.remove(first)
                for last in _distinct(rest):
                    middle = list(rest)
                    middle.remove(last)
                    found.append(tuple([_CANON[key] for key in (first, *middle, last)]))
                    if len(found) >= limit:
                        return found
    for suit_index in run_suits:
        mask = masks[suit_index]
        by_value = _BY_RUN_VALUE[suit_index]
        # Only a value with the next two also held can start a run of 3 or more: walk those
        # bits, lowest first (the same order as trying every value).
        starts = mask & (mask >> 1) & (mask >> 2)
        while starts:
            low = (starts & -starts).bit_length() - 1
            starts &= starts - 1
            high = low
            while (mask >> (high + 1)) & 1:
                high += 1
                if high - low >= 2 and (high - low < 13 or keys.count(suit_index) > 1):
                    # (A..K..A, 14 cards, needs two aces: the mask holds one ace twice)
                    up = by_value[low : high + 1]
                    if table[_KEY_BY_ID[id(up[0])]]:
                        found.append(up)
                    if table[_KEY_BY_ID[id(up[-1])]]:
                        found.append(up[::-1])
        if suit_index == top_suit:
            for start in top_values:
                for step in (1, -1):
                    one, two = start + step, start + 2 * step
                    if 1 <= two <= 14 and (mask >> one) & 1 and (mask >> two) & 1:
                        pair = (by_value[one], by_value[two])
                        _add_pair(found, pair, table, either_order)
        if len(found) >= limit:
            break
    if wrap and len(found) < limit:
        _wrap_runs(keys, top_key, table, either_order, found, limit)
    return found[:limit]


def _add_pair(
    found: list[tuple[AnyCard, ...]],
    pair: tuple[AnyCard, AnyCard],
    table: tuple[bool, ...],
    either_order: bool,
) -> None:
    """Add the two cards that make a run with the top card, first the next card up or down
    from the top; with ``either_order`` also the other way round. Each order whose first
    card fits, once."""
    for cards in (pair, pair[::-1]) if either_order else (pair,):
        if table[_KEY_BY_ID[id(cards[0])]] and cards not in found:
            found.append(cards)


def _wrap_runs(
    keys: list[int],
    top_key: int,
    table: tuple[bool, ...],
    either_order: bool,
    found: list[tuple[AnyCard, ...]],
    limit: int,
) -> None:
    """Add the runs of the house rule ``wrap_runs``, where the king and the ace are next to
    each other as the ace and the 2 are: every run of 3 to 13 cards, from each held card up
    and down round the corner, and the two cards that make a run with the top card. Slower
    than the masks above, which is why it runs only when the switch is on."""
    held = set(keys)
    for first in sorted(held):
        if first == _JOKER_KEY or not table[first]:
            continue
        rank, suit_index = divmod(first, 4)
        for step in (1, -1):
            run = [first]
            while len(run) < 13:
                key = (rank + step * len(run)) % 13 * 4 + suit_index
                if key not in held:
                    break
                run.append(key)
                if len(run) >= 3:
                    found.append(tuple([_CANON[k] for k in run]))
                    if len(found) >= limit:
                        return
    if top_key == _JOKER_KEY:
        return
    rank, suit_index = divmod(top_key, 4)
    for step in (1, -1):
        one = (rank + step) % 13 * 4 + suit_index
        two = (rank + 2 * step) % 13 * 4 + suit_index
        if one in held and two in held:
            _add_pair(found, (_CANON[one], _CANON[two]), table, either_order)


_RUN_VALUES: Final = tuple(
    () if key == _JOKER_KEY else ((1, 14) if key < 4 else (key // 4 + 1,))
    for key in range(len(_CANON))
)
"""The run values (1..14; the ace is both 1 and 14) a card key stands for."""
_BY_RUN_VALUE: Final = tuple(
    (JOKER, *(_CANON[((1 if value == 14 else value) - 1) * 4 + suit_index]
              for value in range(1, 15)))
    for suit_index in range(4)
)
"""Per suit index, the card of each run value 1..14 (index 0 is a filler)."""


def _distinct(keys: list[int]) -> list[int]:
    """The different keys of ``keys``, whose equal keys sit side by side (suit order, as
    ``_multisets`` makes them)."""
    return [key for index, key in enumerate(keys) if not index or keys[index - 1] != key]


_MULTISETS: dict[tuple[int, tuple[int, ...]], tuple[list[int], ...]] = {}
"""Memo of _multisets (a pure function of at most 13 x 5**4 arguments)."""


def _multisets(base: int, counts: tuple[int, ...]) -> tuple[list[int], ...]:
    """Every sub-multiset of the held cards of one rank, as keys in suit order. ``base`` is
    the key of the rank's club; ``counts`` how many of each suit are held."""
    memo = _MULTISETS.get((base, counts))
    if memo is None:
        result: list[list[int]] = [[]]
        for suit_index, held in enumerate(counts):
            key = base + suit_index
            result = [chosen + [key] * number for chosen in result for number in range(held + 1)]
        memo = _MULTISETS[(base, counts)] = tuple(result)
    return memo


def _run_steps(key: int, wrap: bool) -> tuple[int, int, int, int]:
    """The keys of the same suit one and two ranks up, then one and two down (-1 where the
    run ends; the ace sits below the 2 and above the king, and with ``wrap`` runs go on
    round the corner)."""
    if key == _JOKER_KEY:
        return (-1, -1, -1, -1)
    value, suit_index = key // 4 + 1, key % 4  # 1 = ace ... 13 = king

    def at(shifted: int) -> int:
        if wrap:
            shifted = (shifted - 1) % 13 + 1
        elif shifted == 14:
            shifted = 1
        return (shifted - 1) * 4 + suit_index if 1 <= shifted <= 14 else -1

    up = (at(value + 1), at(value + 2)) if value != 1 else (at(2), at(3))
    down = (at(value - 1), at(value - 2)) if value != 1 else (at(13), at(12))
    return (*up, *down)


_RUN_STEPS: Final = tuple(_run_steps(key, False) for key in range(len(_CANON)))
_WRAP_STEPS: Final = tuple(_run_steps(key, True) for key in range(len(_CANON)))
_SAME_RANK: Final = tuple(
    frozenset(range(key - key % 4, key - key % 4 + 4)) if key != _JOKER_KEY else frozenset()
    for key in range(len(_CANON))
)


def _may_hold_set(
    keys: list[int],
    fitting: list[int],
    top_key: int,
    wrap: bool = False,
    either_order: bool = False,
) -> bool:
    """A cheap first look for a set, which starts with a fitting card: False means there is
    none; True may be a false alarm, which ``_set_candidates`` sorts out exactly. ``wrap``
    and ``either_order`` are the house rules, as there."""
    held = set(keys)
    if len(held) < len(keys):
        return True  # identical cards (several packs): let the exact listing count them
    top_rank = top_key // 4
    steps = _WRAP_STEPS if wrap else _RUN_STEPS
    for first in fitting:
        same = len(held.intersection(_SAME_RANK[first]))
        if same >= 3 or (same == 2 and first // 4 == top_rank):
            return True
        up, up2, down, down2 = steps[first]
        if up in held and (up2 in held or down == top_key):
            return True
        if down in held and (down2 in held or up == top_key):
            return True
        # The far card first: top 5, then 7 6 (or 3 4).
        if either_order and ((up in held and up2 == top_key) or (
                down in held and down2 == top_key)):
            return True
    return False


# ------------------------------------------------------------------ snapshots

T = TypeVar("T")
Work = dict[str, Any]
"""A State's fields while one move is applied, by name: exactly the fields of ``State``."""

tuple_new = tuple.__new__
"""``tuple_new(View, values)`` makes a named tuple as ``View(*values)`` does, minus a call."""
_new = object.__new__
_set = object.__setattr__

_LISTING: Final = "_listing"
"""Where a State keeps its own listing once made: a view and the ``apply`` that follows it
ask about the same state, so the listing is made once and ``apply`` can trust a move taken
from it (without this, random games run about a sixth slower). A State never changes, so
its listing never goes stale; it is kept outside the dataclass fields, so equality, the
JSON and ``dataclasses.replace`` never see it."""


def listing(state: object, make: Callable[[Any], T]) -> T:
    """``make(state)``, made once per State and kept with it."""
    kept = state.__dict__
    found: T | None = kept.get(_LISTING)
    if found is None:
        found = kept[_LISTING] = make(state)
    return found


def scratch(state: object) -> tuple[Work, Any]:
    """A copy of the state's fields to change, and its listing if one was made."""
    work = state.__dict__.copy()
    return work, work.pop(_LISTING, None)


def snapshot(kind: type[T], work: Work) -> T:
    """A frozen ``kind`` whose fields are ``work`` (which holds every field), without the
    per-field cost of its ``__init__``."""
    made = _new(kind)
    _set(made, "__dict__", work)
    return made


FitRule = Callable[[AnyCard, Suit | None, int, AnyCard], bool]
FitTable = Callable[[AnyCard, Suit | None, int], tuple[bool, ...]]


def fit_tables(fits: FitRule) -> FitTable:
    """``fit_table(top, suit, stack)``: for every card key, whether ``fits(top, suit, stack,
    card)``; a memo of the pure rule, keyed by the top card's key, the suit singleton's
    ``id()`` and whether a stack waits."""
    tables: dict[tuple[int, int, bool], tuple[bool, ...]] = {}

    def fit_table(top: AnyCard, suit: Suit | None, stack: int) -> tuple[bool, ...]:
        situation = (_key(top), id(suit), stack > 0)
        table = tables.get(situation)
        if table is None:
            table = tables[situation] = tuple(fits(top, suit, stack, card) for card in _CANON)
        return table

    return fit_table
