"""Seeded randomness for pure engines.

A state keeps an integer ``seed``. Each random step builds a private generator from it and
returns the result together with the next seed to store, so the same seed and the same
moves always give the same game, and no global generator is ever touched.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final
from typing import TypeVar

T = TypeVar("T")

SEED_BITS = 63
MAX_SEED: Final = 2**SEED_BITS - 1
"""The largest seed of every game."""


def _generator(seed: int) -> random.Random:
    return random.Random(seed)


def _next_seed(generator: random.Random) -> int:
    return generator.getrandbits(SEED_BITS)


def shuffled(items: Sequence[T], seed: int) -> tuple[tuple[T, ...], int]:
    """A uniformly shuffled copy of ``items`` and the next seed."""
    generator = _generator(seed)
    copy = list(items)
    # Fisher-Yates exactly as random.shuffle does it (same draws, same result), written out:
    # every deal and reshuffle goes through here, and the stdlib's two calls per card are
    # most of its cost. Written out, it also cannot change under a new Python version.
    getrandbits = generator.getrandbits
    for i in range(len(copy) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        copy[i], copy[j] = copy[j], copy[i]
    return tuple(copy), _next_seed(generator)


def randrange(stop: int, seed: int) -> tuple[int, int]:
    """A whole number in ``range(stop)`` and the next seed."""
    generator = _generator(seed)
    return generator.randrange(stop), _next_seed(generator)


def choice(items: Sequence[T], seed: int) -> tuple[T, int]:
    """One of ``items`` and the next seed."""
    index, next_seed = randrange(len(items), seed)
    return items[index], next_seed


def random_float(seed: int) -> tuple[float, int]:
    """A float in [0, 1) and the next seed."""
    generator = _generator(seed)
    return generator.random(), _next_seed(generator)


def fresh_seed_from(seed: int, salt: int) -> int:
    """A seed derived from another (for example one per round), without touching it."""
    return random.Random(seed * 1_000_003 + salt).getrandbits(SEED_BITS)
