"""The Yukon clock: the seconds a game has been played, from an injected ``now``.

It runs while a game is in play and the table shows; it stops on a win (and runs on from
there after an undo out of it), stands still while another screen covers the table (as
PySolFC's does), and starts again from 0 at every deal. It never reads a clock itself: the
session passes ``now``, the TUI its runtime's clock, a test a fake one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["YukonClock", "stopped"]


def stopped() -> float:
    """The ``now`` of a session nobody times (the line mode): always 0."""
    return 0.0


@dataclass(slots=True)
class YukonClock:
    now: Callable[[], float] = stopped
    banked: float = 0.0
    """Seconds counted before ``since``."""
    since: float | None = None
    """When it last began to run; None while it stands still."""
    in_play: bool = False
    won: bool = False
    covered: bool = True
    """Another screen covers the table (or none shows it yet)."""

    @property
    def running(self) -> bool:
        return self.in_play and not self.won and not self.covered

    def seconds(self) -> float:
        if self.since is None:
            return self.banked
        return self.banked + max(0.0, self.now() - self.since)

    def _set(self, *, in_play: bool | None = None, won: bool | None = None,
             covered: bool | None = None, banked: float | None = None) -> None:
        """Change what decides whether it runs, counting the seconds up to now first."""
        self.banked = self.seconds() if banked is None else banked
        self.since = None
        if in_play is not None:
            self.in_play = in_play
        if won is not None:
            self.won = won
        if covered is not None:
            self.covered = covered
        if self.running:
            self.since = self.now()

    def deal(self) -> None:
        """A new game is in play: from 0."""
        self._set(in_play=True, won=False, banked=0.0)

    def leave_play(self) -> None:
        """No game in play (STARTUP): it stands at 0."""
        self._set(in_play=False, won=False, banked=0.0)

    def follow_win(self, won: bool) -> None:
        """Stop on a win; run on from there when an undo takes the win back."""
        if won != self.won:
            self._set(won=won)

    def cover(self) -> None:
        self._set(covered=True)

    def uncover(self) -> None:
        self._set(covered=False)

    def resume_at(self, seconds: float) -> None:
        """A resumed game: ``seconds`` already played."""
        self._set(banked=seconds)
