"""The Yukon hint's quality on a sample, for `make bench` (issue 31): the hint plays the first
10 proved-won deals of classic and of spec (100 with --full) at 20 samples and 0.4 CPU-s a
hint, on two processes, and each row says how many it won and how long it took. See
``bench_yukon_winnability.print_hint_sample``; the published study is that bench's
``--hint-quality``.

Run: `.venv/bin/python -m bench yukon_hint_quality`.
"""

from __future__ import annotations

from bench.bench_yukon_winnability import print_hint_sample


def main() -> None:
    print_hint_sample()
