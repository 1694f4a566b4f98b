"""What every screen of a shared table does, whatever the game (``LiveTable``).

Every ``REFRESH_EVERY`` seconds it asks the table whether another screen changed it
(``SharedTable.refresh``: a cheap ``PRAGMA data_version``) and redraws only then; the same
timer runs the CPUs while this process holds the table's lease, the runtime's pace after the
last change, as at one screen. A table that cannot be read ``FAILED_READS`` times in a row
sends the screen to the menu with the store's sentence.
"""

from __future__ import annotations

from typing import Any
from typing import ClassVar

from tableau.sessions.seating import Stage
from tableau.storage.table_store import TableProblem
from tableau.tables.shared_table import SharedTable

REFRESH_EVERY = 0.08
"""Seconds between two looks at the table (a change shows well inside 150 ms)."""
FAILED_READS = 25
"""Failed looks in a row (each waited out the busy timeout) after which the screen leaves."""


class LiveTable:
    """A mixin for a ``GameScreen`` that shows ``self.shared``. The screen gives
    ``after_move()``, ``runtime`` and ``to_menu()``, and may override the hooks
    ``_table_moved``, ``_seats_changed``, ``_news_viewer`` and ``_left_the_table``."""

    shared: SharedTable[Any]
    _news: str
    NEWS_SEPARATOR: ClassVar[str] = " "
    """Between the last two pieces of news on the message line."""

    def _live_init(self, shared: SharedTable[Any]) -> None:
        """Call from ``__init__``."""
        self.shared = shared
        self._news = ""
        self._away: frozenset[int] = frozenset()
        self._failed_reads = 0
        self._last_change = 0.0

    def on_mount(self) -> None:
        # Textual calls the game screen's on_mount too: it draws the table.
        self._away = self.shared.away()
        self._last_change = self._screen.runtime.clock()
        self._screen.set_interval(REFRESH_EVERY, self._look)

    @property
    def _screen(self) -> Any:
        return self

    def _look(self) -> None:
        """Read the table if another screen changed it; run a CPU if this process may."""
        shared = self.shared
        turn_was_here = self._turn_here()
        try:
            changed = shared.refresh()
            if not changed and self._cpu_may_move():
                changed = shared.run_cpus()
            self._failed_reads = 0
        except TableProblem as problem:
            self._failed_reads += 1
            if self._failed_reads >= FAILED_READS:
                self._leave_with(str(problem))
            return
        if self._left_the_table():
            return
        away = shared.away()
        if changed:
            self._moved_now()
            if self._turn_here() and not turn_was_here:
                self._screen.app.bell()  # as a friend's screen rings for their turn
            self._table_moved(shared.news(self._news_viewer()))
        elif away != self._away:
            self._seats_changed()
        self._away = away

    def _turn_here(self) -> bool:
        """The opener's screen: the turn is one of its hot seats' (a friend's screen rings
        for its own seat as it draws it)."""
        return self.shared.seat is None and self.shared.session.stage in (Stage.LOCK,
                                                                          Stage.HAND)

    def _moved_now(self) -> None:
        """The table changed now: a CPU's next move waits the runtime's pace from here."""
        self._last_change = self._screen.runtime.clock()

    def _table_moved(self, news: list[str]) -> None:
        """Another screen (or a CPU) changed the table: say its last news and redraw."""
        self._news = self.NEWS_SEPARATOR.join(news[-2:])
        self._screen.after_move()

    def _seats_changed(self) -> None:
        """A seat's player left or came back (the table itself did not move)."""
        self._screen.redraw()

    def _cpu_may_move(self) -> bool:
        """A CPU's move waits the runtime's pace after the last change; an end the table deals
        on by itself (its opener's screen gone) waits in ``run_cpus``."""
        shared, runtime = self.shared, self._screen.runtime
        if not shared.runs_now:
            return False
        return (shared.session.stage is not Stage.CPU
                or runtime.clock() - self._last_change >= runtime.cpu_delay)

    def _news_viewer(self) -> int:
        """Whose words the news is in (the wording never names a hidden card)."""
        return 0 if self.shared.seat is None else self.shared.seat

    def _left_the_table(self) -> bool:
        """The table is gone for this screen (closed, or its seat taken): it has gone to the
        menu with a sentence. Override."""
        return False

    def _leave_with(self, sentence: str) -> None:
        screen = self._screen
        app, title = screen.app, f"Table {self.shared.code}"
        screen.to_menu()
        app.notify(sentence, title=title, markup=False, timeout=10)
