"""Run bench/bench_*.py modules: `python -m bench [--full] [NAME ...] [--option ...]`.

With no NAME every bench runs (`make bench`), on samples sized to finish in about 10 minutes;
``--full`` runs the full studies instead (`make bench-full`; see bench/sizing.py). A NAME that
is a bench's whole name (``yukon`` for bench_yukon.py) picks that bench alone; any other NAME
picks every bench whose name contains it. Arguments from the first one starting with ``-`` on
(``--full`` aside) go to the picked benches' ``main(argv)``, e.g. `python -m bench
yukon_winnability --rules classic --deals 2000`; a bench whose ``main()`` takes no arguments
refuses them. Without them ``main()`` is called.

Each module prints its own rows. Ratios are measured within one run, because the
machine is shared and absolute figures are noisy.
"""

from __future__ import annotations

import importlib
import inspect
import sys
import time
from pathlib import Path

from bench import sizing


def picked(names: list[str], asked: list[str]) -> list[str]:
    """The benches ``asked`` names (see the module docstring), in ``names`` order."""
    if not asked:
        return names
    chosen: set[str] = set()
    for word in asked:
        whole = f"bench_{word.removeprefix('bench_')}"
        chosen.update([whole] if whole in names else [name for name in names if word in name])
    return [name for name in names if name in chosen]


def main(argv: list[str]) -> int:
    sizing.FULL = "--full" in argv
    argv = [arg for arg in argv if arg != "--full"]
    names = sorted(path.stem for path in Path(__file__).parent.glob("bench_*.py"))
    split = next((index for index, arg in enumerate(argv) if arg.startswith("-")), len(argv))
    asked, options = argv[:split], argv[split:]
    wanted = picked(names, asked)
    if not wanted:
        print(f"python -m bench: no bench is named like {' '.join(asked)}; there are "
              f"{', '.join(name.removeprefix('bench_') for name in names)}.", file=sys.stderr)
        return 2
    modules = {name: importlib.import_module(f"bench.{name}") for name in wanted}
    if options:
        plain = [name for name, module in modules.items()
                 if not inspect.signature(module.main).parameters]
        if plain:
            print(f"python -m bench: {', '.join(plain)} takes no options.", file=sys.stderr)
            return 2
    worst = 0
    print(f"({sizing.run_name()} run: {'the full studies' if sizing.FULL else 'quick samples'}"
          f", 95% intervals in brackets)", flush=True)
    for name, module in modules.items():
        print(f"\n== {name} ==", flush=True)
        started = time.perf_counter()
        code = module.main(options) if options else module.main()
        worst = max(worst, code or 0)
        print(f"({name} took {time.perf_counter() - started:.1f} s)", flush=True)
    return worst


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
