"""The seeded randomness every engine builds on."""

import random

from hypothesis import given
from hypothesis import strategies as st

from tableau.engines import rng


@given(st.integers(min_value=0, max_value=2**63 - 1))
def test_the_same_seed_shuffles_the_same_way(seed: int) -> None:
    first, next_first = rng.shuffled(range(20), seed)
    second, next_second = rng.shuffled(range(20), seed)
    assert first == second and next_first == next_second
    assert sorted(first) == list(range(20))


@given(st.integers(min_value=0, max_value=2**63 - 1), st.integers(min_value=0, max_value=220))
def test_shuffled_deals_what_the_standard_library_shuffle_deals(seed: int, size: int) -> None:
    # Every saved seed and every pinned deal in these tests was made with random.shuffle.
    reference = random.Random(seed)
    expected = list(range(size))
    reference.shuffle(expected)
    assert rng.shuffled(range(size), seed) == (tuple(expected), reference.getrandbits(63))
