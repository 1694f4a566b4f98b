"""The study's table maths: the Wilson interval against published values, the win range,
the nearest-rank percentile and the Markdown table."""

from __future__ import annotations

import math

import pytest
from bench.winnability import Summary
from bench.winnability import markdown_table
from bench.winnability import nearest_rank
from bench.winnability import summarize
from bench.winnability import wilson
from hypothesis import given
from hypothesis import strategies as st


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        # Newcombe (1998), Statistics in Medicine 17:857, table I, method 3 (Wilson score).
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        # Symmetric cases worked by hand: 5 of 10 is 0.5 ± 1.96·sqrt(3.4604)/13.8416.
        (5, 10, 0.2366, 0.7634),
        (10, 10, 0.7225, 1.0),
    ],
)
def test_wilson_matches_published_values(
    successes: int, trials: int, low: float, high: float
) -> None:
    found = wilson(successes, trials)
    assert found == pytest.approx((low, high), abs=5e-5)


def test_wilson_of_nothing_says_nothing_and_refuses_impossible_counts() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(3, 2)
    with pytest.raises(ValueError):
        wilson(-1, 2)


@given(st.integers(1, 5000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_holds_the_share_inside_0_1_and_mirrors(case: tuple[int, int]) -> None:
    successes, trials = case
    low, high = wilson(successes, trials)
    assert 0 <= low <= successes / trials <= high <= 1
    mirror_low, mirror_high = wilson(trials - successes, trials)
    assert low == pytest.approx(1 - mirror_high) and high == pytest.approx(1 - mirror_low)


def test_nearest_rank_is_the_smallest_value_that_enough_values_reach() -> None:
    assert nearest_rank(list(range(1, 101)), 0.95) == 95
    assert nearest_rank(list(range(20, 0, -1)), 0.95) == 19
    assert nearest_rank([7.0], 0.95) == 7.0
    assert math.isnan(nearest_rank([], 0.95))


def test_the_win_range_runs_from_won_to_won_plus_unknown() -> None:
    results = [("won", 1.0)] * 60 + [("lost", 2.0)] * 30 + [("unknown", 10.0)] * 10
    summary = summarize("classic", results)
    assert (summary.deals, summary.won, summary.lost, summary.unknown) == (100, 60, 30, 10)
    assert summary.decided == 0.9
    assert summary.win_range == (wilson(60, 100)[0], wilson(70, 100)[1])
    assert summary.median_s == 1.0 and summary.p95_s == 10.0
    # Nothing unknown: the plain Wilson interval of won/N.
    assert summarize("spec", [("won", 1.0), ("lost", 1.0)]).win_range == wilson(1, 2)


def test_the_markdown_table_has_a_row_per_variant() -> None:
    table = markdown_table([
        Summary("classic", 100, 60, 30, 10, 1.0, 10.0),
        Summary("russian", 4, 0, 4, 0, 0.015, 0.04),
    ])
    lines = table.splitlines()
    assert lines[0].startswith("| Rules | Deals | Won | Lost | Unknown | Decided |")
    assert lines[2] == "| classic | 100 | 60 | 30 | 10 | 90.0% | 50.2% – 78.1% | 1.00 | 10.00 |"
    assert lines[3] == "| russian | 4 | 0 | 4 | 0 | 100.0% | 0.0% – 49.0% | 0.01 | 0.04 |"
