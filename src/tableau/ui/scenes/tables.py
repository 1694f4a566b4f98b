"""Scenes of a shared table (``tableau join CODE``): the join form, a remote seat waiting for
another player (who is away), and the same seat on its turn; and the set-up of who sits at a
Go Fish table at one screen and at a Poker table being opened.

Each scene opens its table in a fresh temporary folder (never the player's tableau.db; it
is removed as the process ends), with the code PEST-4821 and seed 2, so every picture is the
same. Anna sits at seat 1 through the API, as another screen would; the friend in the picture
takes seat 2 as Zoe. The table's clock stands still, so Anna, seen as the table is opened, is
not away however long a loaded machine takes over the picture.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Any
from unittest import mock

from textual import events
from textual.pilot import Pilot

from tableau.engines.pesten import Play
from tableau.sessions.pesten import REMOTE
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Seat
from tableau.storage.lockouts import Lockouts
from tableau.storage.table_store import TableStore
from tableau.tables.shared_table import SharedTable
from tableau.ui.app import TableauApp
from tableau.ui.scenes import Scene
from tableau.ui.scenes import still_app
from tableau.ui.scenes import until
from tableau.ui.scenes.pesten import quick_scheme

CODE_NUMBER = 4821
"""The scenes' table code is PEST-4821."""


def _table_app(*, anna_played: bool = False, anna_away: bool = False) -> TableauApp:
    """A two-seat table in a new folder, Anna at seat 1, and an app at its join form."""
    folder = Path(tempfile.mkdtemp(prefix="tableau-scene-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)  # no table left behind
    opened_at = time.time()

    def wall() -> float:
        return opened_at

    options: dict[str, Any] = {"scheme": quick_scheme(),
                               "lockouts": Lockouts(folder / "lockouts.json"), "wall": wall}
    store = TableStore(folder / "tableau.db", wall=wall)
    session = PestenSession.deal([Seat("Anna", REMOTE), Seat("Seat two", REMOTE)],
                                 packs=1, jokers=2, dealer=1, seed=2)
    with mock.patch("tableau.storage.table_store.secrets.randbelow", return_value=CODE_NUMBER):
        anna = SharedTable.open(store, session, **options)
    anna.sit(0, "Anna", "anna's secret")
    if anna_played:
        anna.act(0, Play(tuple(card for card in anna.session.state.hands[0]
                               if card.face == "4♥")))
    if anna_away:
        anna.leave()
    else:
        anna._stop_heartbeat()  # seen as the table was opened, and the clock stands still
    from tableau.ui.screens.table_join import JoinScreen

    joining = partial(JoinScreen, anna.code, store=TableStore(folder / "tableau.db", wall=wall),
                      **options)
    return still_app(first_screen=joining)


async def _sit_down(pilot: Pilot[Any]) -> None:
    """Zoe takes the open seat with a password typed twice."""
    from tableau.ui.screens.pesten_shared import RemoteSeatScreen

    await pilot.pause()
    # Pasted, as a terminal pastes: the picture is of the table the seat sits down at. The
    # form starts in the name; each Enter goes on to the next field, the last sits down.
    for text in ("Zoe", "secret", "secret"):
        pilot.app.post_message(events.Paste(text))
        await pilot.press("enter")
    # The seat is taken once Argon2id has run in a worker.
    await until(pilot, lambda: isinstance(pilot.app.screen, RemoteSeatScreen), "the seat")
    await pilot.pause()


def _people_app(game: str, *, table: bool = False) -> TableauApp:
    """The set-up of who sits at a Go Fish or Poker table (nothing is opened until Start)."""
    from tableau.ui.screens.people_setup import PeopleSetupScreen

    return still_app(first_screen=partial(PeopleSetupScreen, game, table=table))


SCENES = (
    Scene("tables", "gofish-people", partial(_people_app, "gofish")),
    Scene("tables", "poker-open", partial(_people_app, "poker", table=True)),
    Scene("tables", "join", _table_app),
    Scene("tables", "waiting", partial(_table_app, anna_away=True), _sit_down),
    Scene("tables", "your-turn", partial(_table_app, anna_played=True), _sit_down),
)
