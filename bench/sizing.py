"""How big each bench's samples are, and the 95% intervals every row shows.

`make bench` (``python -m bench``) runs every row on samples sized so that the whole run takes
about 10 minutes on the 2-core machine; `make bench-full` (``python -m bench --full``) runs the
studies behind the README's figures. Each row shows a 95% interval, so a quick sample says how
far it can be trusted:

- a share (wins of games): the Wilson score interval (bench/winnability.py);
- a mean (chips a hand, games a second over runs): mean ± 1.96 standard errors;
- a median (latencies, decision times): the distribution-free interval between two order
  statistics, whose ranks are n/2 ± 1.96·√n/2 (the binomial's normal approximation).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from bench.winnability import Z95
from bench.winnability import wilson

FULL = False
"""True under ``python -m bench --full`` (bench/__main__.py sets it before any bench runs)."""


def sized(quick: int, full: int) -> int:
    """The sample for this run: ``quick`` for `make bench`, ``full`` for `make bench-full`."""
    return full if FULL else quick


def run_name() -> str:
    return "full" if FULL else "quick"


def share_interval(successes: float, trials: int) -> str:
    """``successes`` of ``trials`` as a percentage with its Wilson 95% interval (a shared win
    counts in part; the interval takes the nearest whole number)."""
    low, high = wilson(round(successes), trials)
    return f"{100 * successes / trials:.1f}% (95% {100 * low:.1f}-{100 * high:.1f})"


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and half the width of its 95% interval (0 for fewer than two values)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, 0.0
    return mean, Z95 * statistics.stdev(values) / math.sqrt(len(values))


def median_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The median and the 95% interval around it, from the sorted values themselves."""
    ordered = sorted(values)
    count = len(ordered)
    reach = Z95 * math.sqrt(count) / 2
    low = max(0, math.floor(count / 2 - reach) - 1)
    high = min(count - 1, math.ceil(count / 2 + reach))
    return statistics.median(ordered), ordered[low], ordered[high]


def median_text(values: Sequence[float], scale: float = 1.0, unit: str = "",
                digits: int = 1) -> str:
    """'12.3 ms (95% 11.8-13.0)': the median of ``values`` times ``scale``, with its interval."""
    middle, low, high = (scale * value for value in median_interval(values))
    return f"{middle:.{digits}f}{unit} (95% {low:.{digits}f}-{high:.{digits}f})"
