"""Progress of a long simulation: a rich bar on a terminal, nothing when the output is piped."""

from __future__ import annotations

import sys
from collections.abc import Callable
from collections.abc import Iterator
from contextlib import contextmanager


def _on_terminal() -> bool:
    streams = (sys.stdout, sys.stderr)
    return all(stream is not None and stream.isatty() for stream in streams)


@contextmanager
def game_progress(games: int) -> Iterator[Callable[[], None]]:
    """Yield the function to call after each game. The bar is drawn on stderr and removed
    at the end, so the results read the same on a terminal and in a file."""
    if not _on_terminal():
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("Simulating", total=games)
        yield lambda: bar.advance(task)
