"""Go Fish at a shared table and with several people at one screen, with Pilot.

The opener's app (``GoFishHostScreen``: Anna, its one hot seat) and a friend's app
(``GoFishSeatScreen``: Zoe, sat down in the remote seat) run side by side in one test process,
each on its own store of the one TABLEAU_HOME tableau.db, as two processes would. Zoe's
screen shows her own hand and never a card of Anna's (every card Anna holds that no public
event named is searched for in the rendered text); Anna's ask shows at Zoe's screen, whose
bell rings once as the turn comes; Zoe's ask shows at Anna's; Zoe gone for long enough, the
opener lets a CPU play for her. At one screen, two hot seats: the lock between their turns,
a wrong password changes nothing, the right one opens the hand. A table closed by its opener
sends the friend to the menu with one sentence.
"""

from __future__ import annotations

from typing import Any

from table_helpers import with_a_friend
from ui_helpers import notices
from ui_helpers import screen_text
from ui_helpers import until

from tableau.engines.gofish import wording
from tableau.sessions.gofish import GoFishSession
from tableau.sessions.gofish import start
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind
from tableau.storage.home import database_path
from tableau.storage.passwords import PasswordScheme
from tableau.storage.table_store import TableStore
from tableau.tables.shared_table import LOST
from tableau.tables.shared_table import SharedTable
from tableau.ui.app import TableauApp
from tableau.ui.scenes import still_app
from tableau.ui.screens.gofish import GoFishScreen
from tableau.ui.screens.gofish_table import GoFishHostScreen
from tableau.ui.screens.gofish_table import GoFishSeatScreen
from tableau.ui.screens.menu import MenuScreen

FRIENDS_SEED = 2
"""Anna's first ask (her lowest rank, of Zoe) fails and her draw ends her turn; Zoe's first
ask (her lowest rank, of Anna) is answered, so the turn stays hers."""
HOT_SEATS_SEED = 1
"""Anna's first ask of Bea fails and the turn passes to Bea."""


def hides_hands(app: TableauApp, session: GoFishSession, seats: tuple[int, ...]) -> str:
    """The screen's text, checked for every card the ``seats`` hold that no public event
    named (one deck: a card's face is unique)."""
    public = " ".join(wording.describe(event, None, session.names)
                      for event in session.state.history)
    text = screen_text(app)
    for seat in seats:
        for card in session.state.hands[seat]:
            if card.face not in public:
                assert card.face not in text, f"seat {seat}'s {card.face} is on the screen"
    return text


def friends_table() -> tuple[SharedTable[Any], SharedTable[Any]]:
    """Anna's table (her hot seat, and a seat open to a friend) and Zoe's seat at it."""
    return with_a_friend(start([SeatInfo("Anna", SeatKind.HUMAN),
                                SeatInfo("Seat two", SeatKind.REMOTE)], FRIENDS_SEED))


async def test_a_friend_sees_only_her_hand_moves_cross_and_a_cpu_plays_while_she_is_away(
        ) -> None:
    host, zoe = friends_table()
    host_app = still_app(first_screen=lambda: GoFishHostScreen(host, {}))
    zoe_app = still_app(first_screen=lambda: GoFishSeatScreen(zoe))
    bells: list[None] = []
    zoe_app.bell = lambda: bells.append(None)  # type: ignore[method-assign]
    async with host_app.run_test(size=(100, 30)) as host_pilot:
        async with zoe_app.run_test(size=(100, 30)) as zoe_pilot:
            zoe_screen = zoe_app.screen
            assert isinstance(zoe_screen, GoFishSeatScreen)
            await until(zoe_pilot, lambda: "Zoe" in screen_text(host_app), "Zoe at the table")
            text = hides_hands(zoe_app, zoe.session, (0,))
            assert "Waiting for Anna, who plays at the opener's screen." in text
            for card in zoe.session.state.hands[1]:
                assert card.face in text  # her own hand shows at once, no lock
            assert f"tableau join {host.code}" in screen_text(host_app)
            assert not bells

            await host_pilot.press("enter")  # Anna asks Zoe for her lowest rank
            await until(zoe_pilot, lambda: "Your turn." in screen_text(zoe_app), "Zoe's turn")
            text = hides_hands(zoe_app, zoe_screen.session, (0,))
            assert "Anna asks you for" in text and len(bells) == 1
            assert "Your turn · Enter: ask Anna for" in text and "Waiting for Zoe" not in text

            await zoe_pilot.press("enter")  # Zoe asks Anna for her lowest rank: answered
            await until(host_pilot, lambda: "Zoe asks you for" in screen_text(host_app),
                        "Zoe's ask at Anna's screen")
            assert zoe_screen.session.state.turn == 1 and len(bells) == 1
            hides_hands(zoe_app, zoe_screen.session, (0,))
        # Zoe's app is gone on her turn: her seat waits, and she has been away long enough.
        host_screen = host_app.screen
        assert isinstance(host_screen, GoFishHostScreen)
        await until(host_pilot, lambda: "Zoe (away)" in screen_text(host_app), "Zoe away")
        await until(host_pilot, lambda: "Press c to let a CPU play for Zoe"
                    in screen_text(host_app), "the offer")
        assert "Waiting for Zoe…" in screen_text(host_app)  # under Anna's hand, not "playing"
        assert "Let a CPU play for Zoe" in [command.title for command in
                                            host_screen.palette_commands()]
        await host_pilot.press("c")
        await until(host_pilot, lambda: host_screen.session.state.turn == 0
                    or host_screen.session.outcome() is not None, "the CPU's asks for Zoe")
        assert 1 in host_screen.session.stand_ins
        assert "Zoe (CPU for now)" in screen_text(host_app)


async def test_two_people_at_one_screen_pass_it_behind_a_lock() -> None:
    scheme = PasswordScheme()
    session = start([SeatInfo("Anna", SeatKind.HUMAN), SeatInfo("Bea", SeatKind.HUMAN),
                     SeatInfo("CPU 1", SeatKind.CPU, "pro")], HOT_SEATS_SEED)
    locks = {0: scheme.lock("Anna", "a"), 1: scheme.lock("Bea", "b")}
    app = still_app(first_screen=lambda: GoFishScreen(session=session, locks=locks))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: "Pass the terminal to Anna" in screen_text(app), "the lock")
        hides_hands(app, session, (0, 1, 2))
        await pilot.press("x", "enter")  # a wrong password changes nothing
        await until(pilot, lambda: "Wrong password; the hand stays hidden."
                    in screen_text(app), "the refusal")
        assert session.locked == 0
        hides_hands(app, session, (0, 1, 2))

        await pilot.press("a", "enter")
        await until(pilot, lambda: "Anna · " in screen_text(app), "Anna's hand")
        text = hides_hands(app, session, (1, 2))
        assert all(card.face in text for card in session.state.hands[0])
        screen = app.screen
        assert isinstance(screen, GoFishScreen)
        assert screen.record() is None  # several people: no save; only the end is kept

        await pilot.press("enter")  # Anna asks Bea, who has none: Bea's turn, behind a lock
        await until(pilot, lambda: "Pass the terminal to Bea" in screen_text(app), "Bea's lock")
        hides_hands(app, session, (0, 1, 2))
        assert session.locked == 1
        await pilot.press("b", "enter")
        await until(pilot, lambda: "Bea · " in screen_text(app), "Bea's hand")
        text = hides_hands(app, session, (0, 2))
        assert all(card.face in text for card in session.state.hands[1])


async def test_a_closed_table_sends_the_friend_to_the_menu_with_one_sentence() -> None:
    host, zoe = friends_table()
    app = still_app(first_screen=lambda: GoFishSeatScreen(zoe))
    said = notices(app)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "Waiting for Anna" in screen_text(app), "the table")
            host.close()
            await until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
            assert said == [f"The table {host.code} is closed. Thank you for playing."]
    finally:
        host.store.close()


async def test_at_the_games_end_the_opener_deals_the_next_game_for_both_screens() -> None:
    """The game played to its end at the table (through the API, as the screens would);
    the friend's screen waits for the opener, whose end dialog deals the next game."""
    host, zoe = friends_table()
    while host.session.outcome() is None:
        seat = host.session.to_move
        assert seat is not None and host.act(seat, host.session.moves(seat)[0]).ok
    host_app = still_app(first_screen=lambda: GoFishHostScreen(host, {}))
    zoe_app = still_app(first_screen=lambda: GoFishSeatScreen(zoe))
    async with (host_app.run_test(size=(100, 30)) as host_pilot,
                zoe_app.run_test(size=(100, 30)) as zoe_pilot):
        await until(zoe_pilot, lambda: "Waiting for the opener to deal the next game."
                    in screen_text(zoe_app), "the wait for the next game")
        result = zoe.session.outcome()
        assert f"Game over · {zoe.session.headline(result, 1)}" in screen_text(zoe_app)
        await until(host_pilot, lambda: "Deal the next game" in screen_text(host_app),
                    "the opener's end dialog")
        await host_pilot.click("#choice-again")
        await until(zoe_pilot, lambda: zoe.session.games == 1
                    and "Waiting for Anna" in screen_text(zoe_app)
                    and all(card.face in screen_text(zoe_app)
                            for card in zoe.session.state.hands[1]),
                    "the next game, with Zoe's new hand")
        hides_hands(zoe_app, zoe.session, (0,))


async def test_two_hot_seats_at_the_openers_screen_open_their_locks_at_the_table() -> None:
    scheme = PasswordScheme()
    session = start([SeatInfo("Anna", SeatKind.HUMAN), SeatInfo("Bea", SeatKind.HUMAN),
                     SeatInfo("Seat three", SeatKind.REMOTE)], HOT_SEATS_SEED)
    host = SharedTable.open(TableStore(database_path()), session)
    locks = {0: scheme.lock("Anna", "a"), 1: scheme.lock("Bea", "b")}
    app = still_app(first_screen=lambda: GoFishHostScreen(host, locks))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: "Pass the terminal to Anna" in screen_text(app), "the lock")
        hides_hands(app, host.session, (0, 1, 2))
        await pilot.press("a", "enter")
        await until(pilot, lambda: "Anna · " in screen_text(app), "Anna's hand")
        text = hides_hands(app, host.session, (1, 2))
        assert all(card.face in text for card in host.session.state.hands[0])
        assert "Seat 3 is open: the table waits for a friend." not in text  # Anna's turn
        reader = TableStore(database_path())
        try:  # the lock was opened at the table: another screen reads it open
            assert GoFishSession.from_json(reader.load(host.code).state).locked is None
        finally:
            reader.close()


async def test_a_seat_taken_back_at_another_screen_sends_this_one_to_the_menu() -> None:
    host, zoe = friends_table()
    app = still_app(first_screen=lambda: GoFishSeatScreen(zoe))
    said = notices(app)
    elsewhere = SharedTable.join(TableStore(database_path()), host.code, game="gofish")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "Waiting for Anna" in screen_text(app), "the table")
            elsewhere.come_back(1, "z")
            await until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
            assert said == [LOST]
    finally:
        elsewhere.leave()
        elsewhere.store.close()
        host.store.close()


async def test_q_asks_first_then_the_seat_waits_and_the_openers_q_closes_the_table() -> None:
    host, zoe = friends_table()
    host_app = still_app(first_screen=lambda: GoFishHostScreen(host, {}))
    zoe_app = still_app(first_screen=lambda: GoFishSeatScreen(zoe))
    async with (host_app.run_test(size=(100, 30)) as host_pilot,
                zoe_app.run_test(size=(100, 30)) as zoe_pilot):
        await until(zoe_pilot, lambda: "Waiting for Anna" in screen_text(zoe_app), "the table")
        await zoe_pilot.press("q")
        await until(zoe_pilot, lambda: "Leave the table?" in screen_text(zoe_app), "the ask")
        await zoe_pilot.press("y")
        await until(zoe_pilot, lambda: isinstance(zoe_app.screen, MenuScreen), "the menu")
        await until(host_pilot, lambda: "Zoe (away)" in screen_text(host_app), "Zoe away")
        assert not host.closed

        await host_pilot.press("q")
        await until(host_pilot, lambda: "Close the table?" in screen_text(host_app), "the ask")
        await host_pilot.press("y")
        await until(host_pilot, lambda: isinstance(host_app.screen, MenuScreen), "the menu")
        reader = TableStore(database_path())
        try:
            assert reader.load(host.code).closed
        finally:
            reader.close()


async def test_the_openers_screen_rings_as_the_turn_comes_back_to_it() -> None:
    """Anna's own ask passes the turn to Zoe: no bell. Zoe's asks at her screen (through the
    table) give it back: the opener's screen rings once, as a friend's does for her turn."""
    host, zoe = friends_table()
    app = still_app(first_screen=lambda: GoFishHostScreen(host, {}))
    bells: list[None] = []
    app.bell = lambda: bells.append(None)  # type: ignore[method-assign]
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: "Your turn" in screen_text(app), "Anna's turn")
        await pilot.press("enter")  # Anna's ask fails: Zoe's turn
        await until(pilot, lambda: "Waiting for Zoe" in screen_text(app), "Zoe's turn")
        assert not bells
        zoe.refresh()  # Zoe's screen reads the table, then asks until she fails
        assert zoe.session.to_move == 1
        while zoe.session.to_move == 1:
            assert zoe.act(1, zoe.session.moves(1)[0]).ok
        await until(pilot, lambda: "Your turn" in screen_text(app), "Anna's turn again")
        assert len(bells) == 1
