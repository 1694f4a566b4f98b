"""The Yukon table's solver work: hints, "Is this deal winnable?", winnable-only deals, the
quiet check of the table, and auto-finish.

The solver (``tableau.ai.yukon``) works in a child process beside the table (``ui/apart.py``),
one job per kind, so moves go on meanwhile, barely slower: the hint (h,
``tableau.ai.yukon_hint``, never looking at face-down cards, and told the game's played
tables by its memory, ``tableau.ai.yukon_memory``, so it never circles), "Is this deal
winnable?" (looking at them, and saying so), winnable-only new games, and a quiet check of
the table: with every card face up it offers F (finish) for a win and says "No way to win from
here" for a proved loss; with a few cards face down it says "No way to win from here, whatever
the face-down cards are" when every way they could lie is proved lost (``ai.yukon_lost``).
Escape stops the first three; an answer for a table that has changed meanwhile is dropped. A
mixin of ``YukonScreen``: what it keeps is only about the table on the screen (jobs under
way, answers for the position shown) and the hint's memory of the game, never the game.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any
from typing import TypeVar

from textual import events
from textual.worker import get_current_worker

from tableau.ai.yukon import Verdict
from tableau.ai.yukon import first_won
from tableau.ai.yukon import solve
from tableau.ai.yukon import solve_deal_and_table
from tableau.ai.yukon_hint import Hint
from tableau.ai.yukon_hint import hint
from tableau.ai.yukon_hint import undo_advice
from tableau.ai.yukon_lost import lost_whatever_hidden
from tableau.ai.yukon_memory import HintMemory
from tableau.engines import yukon
from tableau.engines.rng import fresh_seed_from
from tableau.engines.yukon import Phase
from tableau.ui.apart import Stopped
from tableau.ui.apart import run_apart

T = TypeVar("T")

HINT_SECONDS = 1.5
"""How long a hint may think: its first answer shows within 2 s."""
WINNABLE_SECONDS = 10.0
"""How long "Is this deal winnable?" may think (the deal, then the position on the table)."""
CHECK_SECONDS = 5.0
"""How long the quiet check of a table may think (finish or lost)."""
CHECK_NODES = 20_000
"""Tables the quiet check searches with cards face down. Most tables that can be won say so
within a few hundred (``ai.yukon_lost``); a deal just dealt would take the whole budget and
still prove nothing, so the check gives up sooner than the time allows."""
FIND_SECONDS = 2.0
"""How long a winnable-only new game may think about each deal before trying the next."""
FIND_TRIES = 40
FINISH_PACE = 0.5
"""Auto-finish plays a move every FINISH_PACE × the app's CPU pace (at once when that is 0)."""
LOOKED = "The solver looked under the face-down cards: "
NO_WAY = "No way to win from here."
LOST_HIDDEN = "No way to win from here, whatever the face-down cards are."
WHAT_NEXT = "u: undo, n: new game"
LOST_HERE = f"{NO_WAY} {WHAT_NEXT}"
STOPPED = "Stopped."


class YukonSolver:
    """Solver jobs and auto-finish for ``YukonScreen``."""

    _jobs: dict[str, tuple[object, str]]
    _hint: tuple[yukon.State, Hint] | None
    _memory: HintMemory
    _proof: tuple[yukon.State, Verdict] | None
    _finishing: list[yukon.CardMove]
    _finish_playing: bool
    session: Any
    note: str | None
    _auto_move: bool
    _demo_once_dealt: Callable[[], None]

    def _init_solver(self) -> None:
        self._jobs = {}
        """The solver's work under way, by kind ("hint", "winnable", "find", "check"): a token
        that tells its answer from a stopped one's, and what the status line says meanwhile."""
        self._hint = None
        self._memory = HintMemory()
        """The game's played tables and what hints found on them: the hint never circles."""
        self._proof = None
        """The quiet check's verdict on a table with every card face up."""
        self._finishing = []
        self._finish_playing = False
        self._proved_won: tuple[object, int] | None = None
        """The game (session, games begun) whose deal the solver proved won."""

    def _solver_job(
        self, kind: str, status: str, job: Callable[..., T], done: Callable[[T], None],
    ) -> None:
        """Run ``job`` (picklable: see ``ui/apart.py``) in a child process, waited for by a
        thread, so the table keeps taking moves; a new job of a kind replaces the old one.
        ``status`` shows meanwhile; ``done(result)`` runs back on the event loop, unless the
        job was stopped first."""
        token = object()
        self._jobs[kind] = (token, status)

        def run() -> None:
            worker = get_current_worker()
            try:
                result = run_apart(job, lambda: worker.is_cancelled)
            except Stopped:
                return
            except Exception as error:  # a solver bug must not leave "Thinking…" for ever
                self.from_thread(finished, None, error)
                return
            if not worker.is_cancelled:
                self.from_thread(finished, result)

        def finished(result: T, error: Exception | None = None) -> None:
            if self._jobs.get(kind, (None, ""))[0] is token:
                del self._jobs[kind]
                if error is None:
                    done(result)
                else:
                    self.note = f"The solver stopped unexpectedly ({type(error).__name__})."
                self.redraw()

        self.run_worker(run, name=f"yukon-{kind}", group=f"yukon-{kind}", thread=True,
                        exclusive=True, exit_on_error=False)
        self.redraw()

    def _stop_job(self, kind: str) -> bool:
        """Stop the job of ``kind``; True when one was under way."""
        if self._jobs.pop(kind, None) is None:
            return False
        self.workers.cancel_group(self, f"yukon-{kind}")
        return True

    def on_unmount(self) -> None:
        for kind in list(self._jobs):
            self._stop_job(kind)

    def _position_changed(self) -> None:
        """A move, an undo, a new deal: answers about the old table are of no use any more."""
        self._stop_job("hint")
        self._stop_job("check")
        if not self._finish_playing:
            self._stop_finishing()

    def _hint_here(self) -> Hint | None:
        found = self._hint
        return found[1] if found is not None and found[0] is self.session.state else None

    def _proof_here(self) -> Verdict | None:
        proof = self._proof
        return proof[1] if proof is not None and proof[0] is self.session.state else None

    def _finish_offered(self) -> bool:
        proof = self._proof_here()
        return proof is not None and proof.kind == "won" and not self._finishing

    def _solver_status(self) -> tuple[str, str]:
        """The status line while the solver works, or what its check found."""
        if self._finishing:
            return "Finishing… any key stops.", "busy"
        for kind in ("find", "winnable", "hint"):
            if kind in self._jobs:
                return self._jobs[kind][1], "busy"
        proof = self._proof_here()
        if proof is not None and proof.kind == "won":
            return "F: finish (the solver found the win)", "finish"
        lost = self._proved_lost()
        if lost is not None:
            return f"{_proved(lost)} {WHAT_NEXT}", "stuck"
        return "", ""

    def action_hint(self) -> None:
        """h: the best move judged from what the player sees (tableau.ai.yukon_hint)."""
        state, view = self.session.state, self.view
        known, lost = self._hint_here(), self._proved_lost()
        if known is not None:
            self.note = known.sentence
        elif lost is not None:
            self.note = self._lost_advice(lost)
        elif state.phase is not Phase.PLAY:
            self.note = "Deal first: a hint needs cards on the table."
        elif view.won or not view.legal:
            self.note = "No hint: no move is left to make."
        else:
            self._ask_hint()
            return
        self.redraw()

    def _proved_lost(self) -> Verdict | None:
        """The quiet check's proof that the table shown is lost, if it has one."""
        proof = self._proof_here()
        return proof if proof is not None and proof.kind == "lost" else None

    def _lost_advice(self, lost: Verdict) -> str:
        """What h says on a table proved lost: the proof, then the undo that helps (the
        nearest earlier table where a hint found wins), else what is left to do."""
        earlier = self._game_memory().earlier(self.session.timeline.past())
        return f"{_proved(lost)} {WHAT_NEXT if earlier is None else undo_advice(earlier)}"

    def _ask_hint(self, then: Callable[[Hint], None] | None = None) -> None:
        """Think of a hint for the table shown (apart, see ``_solver_job``), told the game's
        played tables so it never circles; ``then(hint)`` follows its answer, if the table is
        still the same."""
        state, view = self.session.state, self.view
        seed = fresh_seed_from(self.start_seed, state.moves)
        memory = self._game_memory()
        timeline = self.session.timeline
        asked = memory.ask(state, timeline.past(), timeline.future())

        def done(found: Hint) -> None:
            memory.learned(view, found)
            if self.session.state is state:  # else the table moved on: drop it
                self._hint = (state, found)
                self.note = found.sentence
                if then is not None:
                    then(found)

        self._solver_job("hint", "Thinking of a hint… Esc stops.",
                         partial(hint, view, seed=seed, seconds=HINT_SECONDS,
                                 auto_move=self._auto_move, **asked), done)

    def _game_memory(self) -> HintMemory:
        """The hint's memory of the game on the table (a new deal forgets the last one's)."""
        game = (self.session, self.session.games_begun)
        if self._memory.game != game:
            self._memory = HintMemory(game)
        return self._memory

    def action_winnable(self) -> None:
        """Is this deal winnable? The solver solves the deal (face-down cards included, and
        it says so), then, when the deal can be won, the table as it is now."""
        state = self.session.state
        if state.phase is not Phase.PLAY or state.deck is None:
            self.note = "Deal first: the solver judges a deal on the table."
            self.redraw()
            return
        deal = yukon.apply(yukon.quit_deal(state), yukon.DEAL)
        moved = (deal.columns, deal.foundations) != (state.columns, state.foundations)
        asks_table = moved and yukon.outcome(state) is None  # a won table needs no solver

        def done(verdicts: tuple[Verdict, Verdict | None]) -> None:
            of_deal, of_table = verdicts
            if of_deal.kind == "won":
                self._proved_won = (self.session, self.session.games_begun)
            if self.session.state is not state:
                of_table = None  # about a table that is gone
            self.note = winnable_sentence(of_deal, of_table)
            if of_table is not None and not yukon.unseen_cards(self.view):
                self._proof = (state, of_table)  # what the quiet check would have found
                self.refresh_bindings()

        self._solver_job(
            "winnable", f"Solving the deal (up to {WINNABLE_SECONDS:g} s)… Esc stops.",
            partial(solve_deal_and_table, deal, state if asks_table else None,
                    seconds=WINNABLE_SECONDS),
            done,
        )

    def after_move(self) -> None:
        super().after_move()  # type: ignore[misc]
        self._check_position()

    def _check_position(self) -> None:
        """Once every card is face up, quietly solve the table: a win is offered as F
        (finish), a proved loss is said on the status line. With cards still face down, it
        searches every way they could lie (``ai.yukon_lost``): if none wins, the table is
        lost, whatever the face-down cards are."""
        state, view = self.session.state, self.view
        hidden = len(yukon.unseen_cards(view))
        if (self._finishing or state.phase is not Phase.PLAY or view.won or not view.legal
                or self._proof_here() is not None or "check" in self._jobs):
            return
        if hidden:
            self._solver_job("check", "", partial(lost_whatever_hidden, view,
                                                  seconds=CHECK_SECONDS,
                                                  max_nodes=CHECK_NODES),
                             partial(self._checked_hidden, state))
            return

        def done(verdict: Verdict) -> None:
            if self.session.state is state:
                self._proof = (state, verdict)
                if verdict.kind == "lost":
                    self.note = f"The solver has proved it: {NO_WAY}"
                self.refresh_bindings()

        self._solver_job("check", "", partial(solve, state, seconds=CHECK_SECONDS), done)

    def _checked_hidden(self, state: yukon.State, lost: bool) -> None:
        if lost and self.session.state is state:
            self._proof = (state, Verdict("lost", (), 0, 0.0, LOST_HIDDEN))
            self.note = f"The solver has proved it: {LOST_HIDDEN}"
            self.refresh_bindings()

    def action_finish(self) -> None:
        """F: play the solver's win to the end, one real (undoable) move at a time."""
        proof = self._proof_here()
        if proof is None or proof.kind != "won" or self._finishing:
            self.note = "F finishes a game once every card is face up and the solver has its win."
            self.redraw()
            return
        self._finishing = list(proof.moves)
        self.controls.reset()
        self.refresh_bindings()
        self._next_finish_move()

    def _next_finish_move(self) -> None:
        self.redraw()
        self._at_pace(FINISH_PACE, self._finish_move)

    def _at_pace(self, pace: float, then: Callable[[], None]) -> None:
        """``then()`` after ``pace`` × the app's CPU pace (after the next refresh when 0)."""
        delay = self.runtime.cpu_delay * pace
        if delay > 0:
            self.set_timer(delay, then)
        else:
            self.call_after_refresh(then)

    def _finish_move(self) -> None:
        if not self._finishing or not self.is_attached:
            return
        move = self._finishing.pop(0)
        before = self.session.state
        self._finish_playing = True
        try:
            self.session.run(str(move), auto_move=False)
            self._took(before)
        finally:
            self._finish_playing = False
        if self.session.message != "OK" or not self._finishing:
            self._stop_finishing()
            self.redraw()
        else:
            self._next_finish_move()

    def _stop_finishing(self) -> None:
        if self._finishing:
            self._finishing = []
            self.refresh_bindings()

    def on_key(self, event: events.Key) -> None:
        """Any key stops auto-finish (and does nothing else)."""
        if self._finishing:
            event.stop()
            event.prevent_default()
            self._stop_finishing()
            self.note = STOPPED
            self.redraw()
            self._check_position()  # offers F again for the table where it stopped

    @property
    def _winnable_only(self) -> bool:
        return bool(self.runtime.settings.get("yukon", "winnable_only"))

    def action_toggle_winnable_only(self) -> None:
        on = not self._winnable_only
        self.remember("yukon", "winnable_only", on)
        self.note = ("New games deal only deals the solver has proved can be won." if on
                     else "New games deal any shuffle.")
        self.redraw()

    def _find_winnable(self, first: int, rules: str) -> None:
        """A new game from the first game number, from ``first`` on, that the solver proves
        won within FIND_SECONDS; the table stays as it is meanwhile."""

        def done(number: int | None) -> None:
            if number is None:
                self.note = f"No deal was proved winnable in {FIND_TRIES} tries; n tries again."
                return
            self._new_session(number, rules)
            self._proved_won = (self.session, self.session.games_begun)
            self.note = f"Winnable deal, seed {number}."
            self.sub_title = f"winnable deal, seed {number}"
            self._demo_once_dealt()

        self._solver_job("find", "Finding a winnable deal… Esc stops.",
                         partial(first_won, first, rules, FIND_TRIES, seconds=FIND_SECONDS),
                         done)


def _proved(lost: Verdict) -> str:
    """The proof of a lost table in words: with cards face down, it holds whatever they are."""
    return LOST_HIDDEN if lost.reason == LOST_HIDDEN else NO_WAY


def winnable_sentence(of_deal: Verdict, of_table: Verdict | None) -> str:
    """What "Is this deal winnable?" says: the deal's verdict, then the table's (if any)."""
    said = {
        "won": "this deal can be won.",
        "lost": "this deal cannot be won, whatever is played.",
        "unknown": f"it could not tell within {WINNABLE_SECONDS:g} s whether this deal can be won.",
    }[of_deal.kind]
    if of_table is not None:
        said += {
            "won": " From here it can still be won.",
            "lost": " From here it cannot be won any more.",
            "unknown": " Whether it can still be won from here, it could not tell in time.",
        }[of_table.kind]
    return LOOKED + said

