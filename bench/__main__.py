"""Run every bench/bench_*.py module's ``main()`` in turn: `python -m bench [NAME ...]`.

Each module prints its own rows. Ratios are measured within one run, because the
machine is shared and absolute figures are noisy.
"""

from __future__ import annotations

import importlib
import sys
import time
from pathlib import Path


def main(argv: list[str]) -> int:
    names = sorted(path.stem for path in Path(__file__).parent.glob("bench_*.py"))
    wanted = [name for name in names if not argv or any(arg in name for arg in argv)]
    for name in wanted:
        module = importlib.import_module(f"bench.{name}")
        print(f"\n== {name} ==", flush=True)
        started = time.perf_counter()
        module.main()
        print(f"({name} took {time.perf_counter() - started:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
