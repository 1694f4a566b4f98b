"""How the Pesten table screen keeps its rounds (a mixin of ``PestenScreen``).

A round in progress is autosaved after every turn, sealed (``sessions.pesten_saves``): every
hand, the stock and the seeds are encrypted under keys from the players' passwords, so no one
player can read from the file more than the table and their own hand show. That takes two or
more players with a password; any other round is not saved (the set-up says so before play),
and leaving it asks first. A finished round is recorded for the statistics with the players'
names and kinds, the winner, the points, the house rules and the match, never a card or the
seed; between the rounds of a match the finished round stays saved, so "Continue" deals the
next one.
"""

from __future__ import annotations

from dataclasses import replace

from tableau.sessions.pesten_saves import can_seal
from tableau.sessions.pesten_saves import sealed_data
from tableau.sessions.pesten_saves import title
from tableau.storage.store import GameRecord
from tableau.ui.controls.pesten import round_details
from tableau.ui.screens.pesten_drawing import PestenPart


class PestenKeeping(PestenPart):
    """The saving part of ``PestenScreen``."""

    resumed: GameRecord | None = None
    """The save this table was resumed from (set by the resume screen before it mounts)."""

    def record(self) -> GameRecord | None:
        """A round in progress: its sealed save. A round once it is over: who sat at the
        table and who won (nothing of a hand)."""
        state = self.session.state
        if not self.session.over:
            return self._sealed_record()
        if state.winner is None:
            return None
        config = state.config
        return GameRecord(
            "pesten", f"{config.players} players", None,
            {"players": config.players, "packs": config.packs, "jokers": config.jokers},
            started=self.runtime.wall() if self.began_at is None else self.began_at,
            moves=state.turns, duration=self.played_seconds(),
            details=round_details(self.session),
            result="finished",
            id=f"{self.game_id}/{state.round}",  # one end per round of the match
        )

    def _sealed_record(self) -> GameRecord | None:
        """The round as it stands, sealed: no card, stock order or seed in the clear (the
        config has no seed; the label and details name only the seats)."""
        session = self.session
        state = session.state
        if state.turns == 0 or not can_seal(session):
            return None  # nothing to keep before the first move, as in every game
        data = sealed_data(session)
        return GameRecord(
            "pesten", f"{state.config.players} players", None, data["public"]["config"],
            started=self.runtime.wall() if self.began_at is None else self.began_at,
            moves=state.turns, duration=self.played_seconds(),
            label=title(state.round, (seat.name for seat in session.chairs)),
            details={"players": [seat.name for seat in session.chairs],
                     "kinds": [seat.plays for seat in session.chairs]},
            data=data,
        )

    def game_began(self, began_at: float | None = None, played: float = 0.0,
                   game_id: str | None = None) -> None:
        """A resumed round goes on with its clock and its match's id; one resumed after its
        end was recorded already (it was saved between the rounds of a match)."""
        record, self.resumed = self.resumed, None
        if record is not None:
            began_at, played, game_id = record.started, record.duration, record.id
        super().game_began(began_at, played, game_id)
        if record is not None and self.session.over:
            self._end_kept = True

    def _keep_now(self) -> None:
        """Between the rounds of a match the finished round stays saved (after its record),
        so "Continue" deals the next round; once the match is over, nothing stays."""
        super()._keep_now()
        session = self.session
        if self.SAVES_PROGRESS and session.over and self._end_kept and not session.match_over:
            record = self._sealed_record()
            if record is not None:
                # No names in its details: the round counts once in the statistics, as the
                # finished round, even if this save is later abandoned.
                self.runtime.store.keep(replace(record, details={}), self.game_id)

    def game_at_stake(self) -> bool:
        """A round is under way: leaving (q, Escape, ctrl+q) asks first, as in every game."""
        return not self.session.over

    def leaving_keeps_game(self) -> bool:
        """Only a table that can be sealed is kept (two or more password holders): leaving
        any other round in progress asks first, since it is lost."""
        return super().leaving_keeps_game() and can_seal(self.session)

    def _leaving_note(self) -> str:
        if not self.leaving_keeps_game():
            return "The round in progress cannot be saved, so it would be lost."
        if self.session.state.turns == 0:
            return "No move has been made yet, so this deal is not kept."
        return "Continue in the menu resumes the round; each player types their password again."
