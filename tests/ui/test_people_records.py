"""Go Fish and Poker with several people: each finished game is recorded once, under every
seat's name (who sat, who won, Go Fish's books), with no card and no seed, so each player's
statistics count it. At one screen the screen records it; at a table only the opener's screen
does (every screen of a table shares the host's tableau.db), game after game.

The games are played through each screen's own path for a move (``act``, then
``after_move``), as its keys would: what is tested is what is kept, not the keys (their tests
are test_gofish_table.py and test_poker_table.py).
"""

from __future__ import annotations

from typing import Any

from ui_helpers import screen_text
from ui_helpers import until

from disk_secrets import database_bytes
from tableau.sessions import gofish
from tableau.sessions import poker
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind
from tableau.storage.passwords import PasswordScheme
from tableau.storage.stats import PEOPLE
from tableau.storage.stats import PlayerFigures
from tableau.storage.stats import figures
from tableau.storage.store import GameRecord
from tableau.ui.app import TableauApp
from tableau.ui.scenes import still_app
from tableau.ui.screens.gofish import GoFishScreen
from tableau.ui.screens.gofish_table import GoFishHostScreen
from tableau.ui.screens.gofish_table import GoFishSeatScreen
from tableau.ui.screens.poker import PokerScreen

SIZE = (100, 30)
PEOPLE_SEATS = [SeatInfo("Anna", SeatKind.HUMAN), SeatInfo("Bea", SeatKind.HUMAN)]
SEED = 0x5EED_4242_BEEF
"""Long enough that its digits cannot turn up in the database by chance."""


def locks() -> dict[int, Any]:
    scheme = PasswordScheme()
    return {0: scheme.lock("Anna", "a"), 1: scheme.lock("Bea", "b")}


def people_games(app: TableauApp, game: str) -> list[GameRecord]:
    return [record for record in app.runtime.store.finished(game) if record.variant == PEOPLE]


def play_to_the_end(session: Any, act: Any = None) -> None:
    """Every seat's first listed move (a lock's opening first), as the screen's keys would
    make them (``act``: the screen's, else the session's); the screen then draws the end
    once, as after its own move (drawing every move costs seconds and tests nothing more)."""
    act = act or session.act
    while session.outcome() is None:
        seat = session.to_move
        assert act(seat, session.moves(seat)[0]).ok


def winners_of(session: Any) -> list[str]:
    return [session.seats[seat].name for seat in session.outcome().winners]


async def test_go_fish_of_two_people_at_one_screen_is_recorded_once_under_both_names() -> None:
    session = gofish.start(PEOPLE_SEATS, SEED)
    app = still_app(first_screen=lambda: GoFishScreen(session=session, locks=locks()),
                    persist=True)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "Pass the terminal to Anna" in screen_text(app), "the lock")
        screen = app.screen
        assert isinstance(screen, GoFishScreen)
        play_to_the_end(session)
        screen.after_move()
        await until(pilot, lambda: people_games(app, "gofish") != [], "the record")
        screen.after_move()  # the end is drawn again: it is kept once
        await pilot.pause()
        [record] = people_games(app, "gofish")
        books = [len(books) for books in session.state.books]
        assert record.result == "finished" and record.seed is None
        assert dict(record.details) == {"players": ["Anna", "Bea"], "kinds": ["human"] * 2,
                                        "winners": winners_of(session), "points": books}
        by_name = {row.name: row for row in figures([record]).gofish_people}
        for seat, name in enumerate(("Anna", "Bea")):
            won = int(name in winners_of(session))
            assert by_name[name] == PlayerFigures(name, 1, won, points=books[seat], scored=1)
        assert figures([record]).gofish == ()  # nobody's own game alone
    stored = database_bytes()
    assert str(SEED).encode() not in stored
    assert all(card.face.encode() not in stored
               for hand in session.state.hands for card in hand)


async def test_poker_of_two_people_at_one_screen_is_recorded_once_under_both_names() -> None:
    session = poker.start(PEOPLE_SEATS, SEED, chips=3)
    app = still_app(first_screen=lambda: PokerScreen(session=session, locks=locks()),
                    persist=True)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "Pass the terminal to" in screen_text(app), "a lock")
        play_to_the_end(session)
        app.screen.after_move()
        await until(pilot, lambda: people_games(app, "poker") != [], "the record")
        [record] = people_games(app, "poker")
        assert dict(record.details) == {"players": ["Anna", "Bea"], "kinds": ["human"] * 2,
                                        "winners": winners_of(session)}
        numbers = figures(app.runtime.store.finished())
        assert numbers.poker.sessions == 0  # nobody's own game alone
        assert sorted((row.name, row.wins) for row in numbers.poker_people) == sorted(
            (name, int(name in winners_of(session))) for name in ("Anna", "Bea"))


async def test_only_the_openers_screen_records_each_game_at_a_table() -> None:
    """Two games at a Go Fish table (the next dealt at the table, with no new screen): the
    opener's screen records each once; Zoe's screen, on the same tableau.db, records none."""
    from test_gofish_table import friends_table

    host, zoe = friends_table()
    host_app = still_app(first_screen=lambda: GoFishHostScreen(host, {}), persist=True)
    zoe_app = still_app(first_screen=lambda: GoFishSeatScreen(zoe), persist=True)
    async with (host_app.run_test(size=SIZE) as host_pilot,
                zoe_app.run_test(size=SIZE) as zoe_pilot):
        host_screen = host_app.screen
        await until(zoe_pilot, lambda: "Waiting for Anna" in screen_text(zoe_app), "the table")
        for game in (1, 2):
            while host.session.outcome() is None:
                zoe.refresh()
                seat = host.session.to_move
                table = zoe if seat == 1 else host
                assert table.act(seat, table.session.moves(seat)[0]).ok
                host.refresh()
            # As after the opener's own move (Zoe's, its look at the table reads), in the
            # opener's app (two apps share this test's event loop).
            host_app.call_later(host_screen.after_move)
            winners = winners_of(host.session)
            await until(host_pilot, lambda n=game: len(people_games(host_app, "gofish")) == n,
                        f"game {game}'s record")
            assert people_games(host_app, "gofish")[-1].details["winners"] == winners
            if game == 1:
                await until(host_pilot, lambda: "Deal the next game" in screen_text(host_app),
                            "the opener's end dialog")
                await host_pilot.click("#choice-again")
                await until(host_pilot, lambda: host.session.games == 1, "the next game")
        await zoe_pilot.pause()
        players = figures(host_app.runtime.store.finished()).gofish_people
        assert sorted((row.name, row.rounds) for row in players) == [("Anna", 2), ("Zoe", 2)]
        assert sum(row.wins for row in players) >= 2  # one winner or more in each game
