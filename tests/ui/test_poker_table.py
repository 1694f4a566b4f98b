"""Poker at a shared table and with several people at one screen, with Pilot.

The opener's app (``PokerHostScreen``: Anna, its one hot seat) and a friend's app
(``PokerSeatScreen``: Zoe, sat down in the remote seat) run side by side in one test process,
each on its own store of the one TABLEAU_HOME tableau.db, as two processes would. Zoe's
screen shows her own hand and never a card of Anna's (every card Anna holds that no public
event or showdown named is searched for in the rendered text, at every step); Zoe's check
shows at Anna's screen and Anna's at Zoe's, whose bell rings once each time the turn comes;
Zoe gone for long enough, the opener lets a CPU play for her. A hand's end shows at both
screens and the seat the session names deals the next one. At one screen, two hot seats:
the lock between their turns, a wrong password changes nothing, the right one opens the
hand, and the next person's turn closes it again. A table closed by its opener sends the
friend to the menu with one sentence.
"""

from __future__ import annotations

from typing import Any

from table_helpers import with_a_friend
from ui_helpers import screen_text
from ui_helpers import until

from tableau.engines.poker import Phase
from tableau.engines.poker import wording
from tableau.sessions.poker import PokerSession
from tableau.sessions.poker import start
from tableau.sessions.protocol import SeatInfo
from tableau.sessions.protocol import SeatKind
from tableau.storage.home import database_path
from tableau.storage.passwords import PasswordScheme
from tableau.storage.table_store import TableStore
from tableau.tables.shared_table import SharedTable
from tableau.ui.app import TableauApp
from tableau.ui.scenes import still_app
from tableau.ui.screens.menu import MenuScreen
from tableau.ui.screens.poker import PokerScreen
from tableau.ui.screens.poker_table import PokerHostScreen
from tableau.ui.screens.poker_table import PokerSeatScreen

FRIENDS_SEED = 1
"""Heads-up, Zoe (seat 1) acts first in every round of the first hand."""
HOT_SEATS_SEED = 1
"""Bea (seat 1) acts first, then the CPU, then Anna."""


def hides_hands(app: TableauApp, session: PokerSession, seats: tuple[int, ...]) -> str:
    """The screen's text, checked for every card the ``seats`` hold that nothing public named
    (no event, no showdown: one deck, so a card's face is unique)."""
    state = session.state
    public = " ".join(wording.describe(event, None) for event in state.history)
    if state.result is not None and state.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        public += " " + " ".join(card.face for shown in state.result.shown for card in shown.cards)
    text = screen_text(app)
    for seat in seats:
        for card in state.hands[seat]:
            if card.face not in public:
                assert card.face not in text, f"seat {seat}'s {card.face} is on the screen"
    return text


def shows_hand(text: str, session: PokerSession, seat: int) -> bool:
    return all(card.face in text for card in session.state.hands[seat])


def friends_table() -> tuple[SharedTable[Any], SharedTable[Any]]:
    """Anna's table (her hot seat, and a seat open to a friend) and Zoe's seat at it."""
    return with_a_friend(start([SeatInfo("Anna", SeatKind.HUMAN),
                                SeatInfo("Seat two", SeatKind.REMOTE)], FRIENDS_SEED))


async def test_a_friend_sees_only_her_hand_moves_cross_and_a_cpu_plays_while_she_is_away(
        ) -> None:
    host, zoe = friends_table()
    host_app = still_app(first_screen=lambda: PokerHostScreen(host, {}))
    zoe_app = still_app(first_screen=lambda: PokerSeatScreen(zoe))
    bells: list[None] = []
    zoe_app.bell = lambda: bells.append(None)  # type: ignore[method-assign]
    async with host_app.run_test(size=(80, 24)) as host_pilot:
        async with zoe_app.run_test(size=(80, 24)) as zoe_pilot:
            zoe_screen = zoe_app.screen
            assert isinstance(zoe_screen, PokerSeatScreen)
            await until(zoe_pilot, lambda: "Your turn" in screen_text(zoe_app), "Zoe's turn")
            text = hides_hands(zoe_app, zoe.session, (0,))
            assert shows_hand(text, zoe.session, 1)  # her own hand at once, no lock
            assert len(bells) == 1  # rung as the turn came (it was hers as she sat down)
            await until(host_pilot, lambda: "Zoe" in screen_text(host_app), "Zoe at the table")
            host_text = hides_hands(host_app, host.session, (1,))
            assert f"tableau join {host.code}" in host_text and "Wait: Zoe is to act." in host_text

            await zoe_pilot.press("c")  # Zoe checks, at the table
            await until(host_pilot, lambda: "Zoe checks." in screen_text(host_app),
                        "Zoe's check at Anna's screen")
            await until(host_pilot, lambda: "▶" in screen_text(host_app), "Anna's turn")
            hides_hands(host_app, zoe_screen.session, (1,))
            await host_pilot.press("c")  # Anna checks too: the draw, Zoe first
            await until(zoe_pilot, lambda: "Anna checks." in screen_text(zoe_app)
                        and len(bells) == 2, "Anna's check and Zoe's turn to draw")
            text = hides_hands(zoe_app, zoe_screen.session, (0,))
            assert "Your turn" in text
        # Zoe's app is gone on her turn: her seat waits, and she has been away long enough.
        host_screen = host_app.screen
        assert isinstance(host_screen, PokerHostScreen)
        await until(host_pilot, lambda: "Zoe (away)" in screen_text(host_app), "Zoe away")
        await until(host_pilot, lambda: "Press c to let a"
                    in screen_text(host_app), "the offer")
        assert "away: the table waits" in screen_text(host_app)  # her seat, not "thinking…"
        assert "thinking…" not in screen_text(host_app)
        assert "Let a CPU play for Zoe" in [command.title for command in
                                            host_screen.palette_commands()]
        await host_pilot.press("c")
        await until(host_pilot, lambda: host_screen.session.to_move == 0, "the CPU's draw")
        assert 1 in host_screen.session.stand_ins
        await until(host_pilot, lambda: "Zoe (CPU for now)" in screen_text(host_app),
                    "Zoe's seat played by a CPU for now")
        hides_hands(host_app, host_screen.session, (1,))


async def test_two_people_at_one_screen_pass_it_behind_a_lock() -> None:
    scheme = PasswordScheme()
    session = start([SeatInfo("Anna", SeatKind.HUMAN), SeatInfo("Bea", SeatKind.HUMAN),
                     SeatInfo("CPU 1", SeatKind.CPU)], HOT_SEATS_SEED)
    locks = {0: scheme.lock("Anna", "a"), 1: scheme.lock("Bea", "b")}
    app = still_app(first_screen=lambda: PokerScreen(session=session, locks=locks))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Pass the terminal to Bea" in screen_text(app), "the lock")
        hides_hands(app, session, (0, 1, 2))
        version = session.version
        await pilot.press("x", "enter")  # a wrong password changes nothing
        await until(pilot, lambda: "not the password" in screen_text(app), "the refusal")
        assert session.locked == 1 and session.version == version
        hides_hands(app, session, (0, 1, 2))

        await pilot.press("b", "enter")
        await until(pilot, lambda: shows_hand(screen_text(app), session, 1), "Bea's hand")
        hides_hands(app, session, (0, 2))
        screen = app.screen
        assert isinstance(screen, PokerScreen)
        assert screen.record() is None  # several people: no save; only the end is kept

        await pilot.press("c")  # Bea checks; the CPU acts; Anna's turn, behind her lock
        await until(pilot, lambda: "Pass the terminal to Anna" in screen_text(app),
                    "Anna's lock")
        hides_hands(app, session, (0, 1, 2))
        assert session.locked == 0
        await pilot.press("a", "enter")
        await until(pilot, lambda: shows_hand(screen_text(app), session, 0), "Anna's hand")
        hides_hands(app, session, (1, 2))


async def test_a_closed_table_sends_the_friend_to_the_menu_with_one_sentence() -> None:
    host, zoe = friends_table()
    app = still_app(first_screen=lambda: PokerSeatScreen(zoe))
    said: list[str] = []
    notify = app.notify

    def told(text: str, **options: Any) -> None:
        said.append(text)
        notify(text, **options)

    app.notify = told  # type: ignore[method-assign,assignment]
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "Your turn" in screen_text(app), "the table")
            host.close()
            await until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
            assert said == [f"The table {host.code} is closed. Thank you for playing."]
    finally:
        host.store.close()


async def test_the_hand_ends_and_the_seat_the_session_names_deals_the_next() -> None:
    """Zoe bets and Anna folds: the hand is over at both screens; Zoe's n says who deals
    (Anna, the hot seat, as the session names her) and changes nothing; Anna's n deals
    hand 2, which Zoe's screen shows with her new cards and none of Anna's."""
    host, zoe = friends_table()
    host_app = still_app(first_screen=lambda: PokerHostScreen(host, {}))
    zoe_app = still_app(first_screen=lambda: PokerSeatScreen(zoe))
    async with (host_app.run_test(size=(80, 24)) as host_pilot,
                zoe_app.run_test(size=(80, 24)) as zoe_pilot):
        await until(zoe_pilot, lambda: "Your turn" in screen_text(zoe_app), "Zoe's turn")
        await zoe_pilot.press("b")
        await until(host_pilot, lambda: "Zoe bets 2." in screen_text(host_app), "the bet")
        await host_pilot.press("f")  # Anna folds: Zoe wins the pot
        await until(zoe_pilot, lambda: "Next hand" in screen_text(zoe_app), "the end")
        version = zoe.session.version
        await zoe_pilot.press("n")
        await until(zoe_pilot, lambda: "Anna deals the next hand." in screen_text(zoe_app),
                    "who deals")
        assert zoe.session.version == version
        await until(host_pilot, lambda: "Next hand" in screen_text(host_app), "the end")
        await host_pilot.press("n")
        await until(zoe_pilot, lambda: "hand 2" in screen_text(zoe_app), "hand 2")
        zoe_screen = zoe_app.screen
        assert isinstance(zoe_screen, PokerSeatScreen)
        text = hides_hands(zoe_app, zoe_screen.session, (0,))
        assert shows_hand(text, zoe_screen.session, 1)


async def test_an_open_seat_the_table_waits_for_says_so_not_thinking() -> None:
    host = SharedTable.open(TableStore(database_path()), start(
        [SeatInfo("Anna", SeatKind.HUMAN), SeatInfo("Seat two", SeatKind.REMOTE)],
        FRIENDS_SEED))
    app = still_app(first_screen=lambda: PokerHostScreen(host, {}))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "open: waits for a friend" in screen_text(app),
                    "the open seat's status")
        assert host.session.to_move == 1 and "thinking…" not in screen_text(app)
