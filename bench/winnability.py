"""The maths of the Yukon winnability study's table: pure functions, no I/O.

- **Win rate.** Of N deals, ``won`` are proved won, ``lost`` proved lost and ``unknown`` ran
  out of budget. The true share of winnable deals lies between won/N (every unknown deal
  lost) and (won + unknown)/N (every unknown deal won). The table gives it as one range with
  95% confidence: from the Wilson lower bound of won/N to the Wilson upper bound of
  (won + unknown)/N. With no unknown deals it is the plain Wilson 95% interval of won/N.
- **Wilson score interval** (Wilson 1927) for x successes in n trials, z = 1.96:
  (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n), with p = x/n. Unlike p ± z·sqrt(p(1-p)/n)
  it stays inside [0, 1] and is honest near 0% and 100%.
- **Times** are the solver's seconds for every deal, unknown ones included (they stop at the
  budget). The median is the middle value (the mean of the two middle ones for an even
  count); p95 is the nearest-rank 95th percentile: the smallest time that at least 95% of the
  deals took no longer than.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import median

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""

VERDICTS = ("won", "lost", "unknown")


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` in ``trials``; (0, 1) when there are none."""
    if not 0 <= successes <= trials:
        raise ValueError("successes must be from 0 to trials")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    square = z * z / trials
    centre = p + square / 2
    spread = z * math.sqrt(p * (1 - p) / trials + square / (4 * trials))
    low, high = (centre - spread) / (1 + square), (centre + spread) / (1 + square)
    # The bounds are exactly 0 and 1 at the ends; rounding must not move them past.
    low = 0.0 if successes == 0 else max(0.0, low)
    high = 1.0 if successes == trials else min(1.0, high)
    return low, high


def nearest_rank(values: Sequence[float], fraction: float) -> float:
    """The smallest value that at least ``fraction`` of ``values`` are at or below."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


@dataclass(frozen=True)
class Summary:
    """One line of the study's table."""

    rules: str
    deals: int
    won: int
    lost: int
    unknown: int
    median_s: float
    p95_s: float

    @property
    def decided(self) -> float:
        """The share of deals proved won or lost."""
        return (self.won + self.lost) / self.deals if self.deals else math.nan

    @property
    def win_range(self) -> tuple[float, float]:
        """Wilson lower bound of won/N, Wilson upper bound of (won + unknown)/N."""
        return (wilson(self.won, self.deals)[0], wilson(self.won + self.unknown, self.deals)[1])


def summarize(rules: str, results: Iterable[tuple[str, float]]) -> Summary:
    """The summary of (verdict, seconds) pairs, one a deal."""
    pairs = list(results)
    counts = {verdict: 0 for verdict in VERDICTS}
    for verdict, _ in pairs:
        counts[verdict] += 1
    times = [seconds for _, seconds in pairs]
    return Summary(
        rules, len(pairs), counts["won"], counts["lost"], counts["unknown"],
        median(times) if times else math.nan, nearest_rank(times, 0.95),
    )


HEADER = (
    "| Rules | Deals | Won | Lost | Unknown | Decided | Winnable (95%) | Median s | p95 s |\n"
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n"
)


def markdown_table(summaries: Iterable[Summary]) -> str:
    """The table in Markdown, one row a variant: it reads as well in a terminal."""
    rows = []
    for line in summaries:
        low, high = line.win_range
        rows.append(
            f"| {line.rules} | {line.deals} | {line.won} | {line.lost} | {line.unknown} "
            f"| {line.decided:.1%} | {low:.1%} – {high:.1%} | {line.median_s:.2f} "
            f"| {line.p95_s:.2f} |\n"
        )
    return HEADER + "".join(rows)
