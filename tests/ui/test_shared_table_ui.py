"""A friend's screen at a shared Pesten table, with Pilot, in one test process on one
TABLEAU_HOME: the other seat (Anna) plays through the API (``SharedTable``, its own store on the
same tableau.db, as another process would), the friend through the app (``tableau join CODE``).

The friend sits down with a name and a password typed twice, sees only their own hand, sees
Anna's move arrive (waited for, bounded), hears the bell once when the turn comes, plays with
the keys, and the move is in the table's row; Anna leaving shows "(away)", the table closing
sends the friend to the menu with one sentence. At every step the friend's screen is searched
for each card of Anna's hand: none is ever there. The opener's side: the set-up with an open
seat, the code on show, a friend's move followed live."""

from __future__ import annotations

import time
from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest
from textual.pilot import Pilot
from ui_helpers import GONE_FOR
from ui_helpers import screen_text
from ui_helpers import until

from tableau.engines.pesten import Play
from tableau.sessions.pesten import NEXT_ROUND
from tableau.sessions.pesten import REMOTE
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Seat
from tableau.sessions.pesten import Stage
from tableau.storage.home import database_path
from tableau.storage.table_store import TableStore
from tableau.tables import shared_table
from tableau.tables.shared_table import SCREEN_GONE
from tableau.tables.shared_table import SharedTable
from tableau.ui.app import TableauApp
from tableau.ui.scenes import still_app
from tableau.ui.scenes.pesten import arranged_table
from tableau.ui.screens.menu import MenuScreen
from tableau.ui.screens.pesten_shared import HostTableScreen
from tableau.ui.screens.pesten_shared import RemoteSeatScreen
from tableau.ui.screens.table_join import NOT_A_CODE
from tableau.ui.screens.table_join import JoinScreen
from tableau.ui.screens.table_open import open_table


@pytest.fixture
def anna() -> Iterator[SharedTable]:
    """A table of two: Anna (seat 1, sat down through the API) begins; seat 2 is open.
    Seed 2: Anna plays 4♥ and the friend's A♥ fits on it."""
    store = TableStore(database_path())
    session = PestenSession.deal([Seat("Anna", REMOTE), Seat("Seat two", REMOTE)],
                                 packs=1, jokers=2, dealer=1, seed=2)
    table = SharedTable.open(store, session)
    assert table.sit(0, "Anna", "anna's secret").ok
    yield table
    table.leave()
    store.close()


def hides_annas_hand(app: TableauApp, anna: SharedTable) -> str:
    """The screen's text, checked for every card of Anna's hand (one pack: faces are unique)."""
    anna.refresh()
    text = screen_text(app)
    for card in anna.session.state.hands[0]:
        assert card.face not in text, f"Anna's {card.face} is on the friend's screen"
    return text


def joining_app(code: str) -> TableauApp:
    return still_app(first_screen=partial(JoinScreen, code))


async def sit_down(pilot: Pilot[Any], name: str, password: str) -> None:
    await pilot.pause()
    await pilot.press(*name, "enter", *password, "enter", *password, "enter")  # name first
    await until(pilot, lambda: isinstance(pilot.app.screen, RemoteSeatScreen), "the table")


async def test_a_friend_joins_waits_hears_their_turn_plays_and_sees_away(
        anna: SharedTable, monkeypatch: pytest.MonkeyPatch) -> None:
    app = joining_app(anna.code.lower())
    bells: list[None] = []
    monkeypatch.setattr(app, "bell", lambda: bells.append(None))
    said: list[str] = []
    notify = app.notify
    monkeypatch.setattr(app, "notify", lambda text, **options: (said.append(text),
                                                                 notify(text, **options)))
    async with app.run_test(size=(80, 24)) as pilot:
        await sit_down(pilot, "Zoe", "z")
        screen = app.screen
        assert isinstance(screen, RemoteSeatScreen) and screen.shared.seat == 1
        await until(pilot, lambda: "Zoe's hand — 7 cards · Waiting for Anna"
                    in screen_text(app), "Zoe's hand")
        text = hides_annas_hand(app, anna)
        for card in screen.shared.session.state.hands[1]:
            assert card.face in text  # the friend's own hand shows at once, no lock
        assert not bells

        played = anna.act(0, Play(tuple(card for card in anna.session.state.hands[0]
                                        if card.face == "4♥")))
        assert played.ok and anna.session.state.current == 1
        await until(pilot, lambda: "Your turn." in screen_text(app), "the friend's turn")
        text = hides_annas_hand(app, anna)
        assert "Anna plays 4♥" in text and "A♥" in text
        assert len(bells) == 1

        ace = next(index for index, card in enumerate(screen.shown) if card.face == "A♥")
        await pilot.press(*["right"] * ace, "enter")
        await until(pilot, lambda: "Waiting for Anna" in screen_text(app), "Anna's turn again")
        row = TableStore(database_path())
        try:
            table = PestenSession.from_json(row.load(anna.code).state).state
        finally:
            row.close()
        assert table.pile[-1].face == "A♥" and len(table.hands[1]) == 6
        hides_annas_hand(app, anna)
        assert len(bells) == 1  # rung once, as the turn came

        anna.leave()
        await until(pilot, lambda: "Anna (away)" in screen_text(app), "Anna away")
        hides_annas_hand(app, anna)

        anna.close()  # the opener ends the table: one sentence, and the menu
        await until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        assert said == [f"The table {anna.code} is closed. Thank you for playing."]


async def test_bad_codes_and_a_wrong_password_are_one_sentence_each(anna: SharedTable) -> None:
    app = joining_app("not a code")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert NOT_A_CODE in screen_text(app)
        code = app.screen.query_one("#code")
        code.value = "PEST-99999"  # type: ignore[attr-defined]
        await pilot.press("enter")
        assert NOT_A_CODE in screen_text(app)
        code.value = anna.code  # type: ignore[attr-defined]
        await pilot.press("enter")
        await until(pilot, lambda: "Seat 1 · Anna" in screen_text(app), "the seats")
        await pilot.press("shift+tab", "down", "enter", *"wrong", "enter")  # Anna's seat
        await until(pilot, lambda: "Wrong password" in screen_text(app), "the refusal")
        assert isinstance(app.screen, JoinScreen)


async def test_the_opener_sets_an_open_seat_shows_the_code_and_sees_the_friend_play() -> None:
    """``tableau table pesten``: seat 2 is open by default; after Start the code is on show,
    a friend sits down and plays through the API, and the opener's screen follows (the
    friend's cards never on it), then shows the lock of its own hot seat."""
    app = still_app(first_screen=partial(open_table, {"players": 2, "seed": 2}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s", "ctrl+s")  # the second Start: no password, as warned
        await until(pilot, lambda: isinstance(app.screen, HostTableScreen), "the table")
        screen = app.screen
        assert isinstance(screen, HostTableScreen)
        code = screen.shared.code
        assert f"tableau join {code}" in screen_text(app)
        store = TableStore(database_path())
        try:
            zoe = SharedTable.join(store, code)
            assert zoe.sit(1, "Zoe", "zoe's secret").ok
            await until(pilot, lambda: "Zoe" in screen_text(app), "Zoe at the table")
            assert zoe.session.state.current == 1  # the dealer is seat 1: seat 2 begins
            await until(pilot, lambda: "Waiting for Zoe" in screen_text(app), "the wait")
            while zoe.session.state.current == 1:
                assert zoe.act(1, zoe.session.moves(1)[0]).ok
            said = zoe.session.describe(zoe.session.state.history[-1], 0)
            await until(pilot, lambda: said in screen_text(app), "Zoe's move")
            await until(pilot, lambda: "Pass the terminal to" in screen_text(app),
                        "the opener's lock")
            text = screen_text(app)
            zoe.refresh()
            for card in zoe.session.state.hands[1]:
                assert card.face not in text
            zoe.leave()
        finally:
            store.close()


async def test_the_round_ends_with_the_scores_and_the_next_round_comes_from_the_opener(
) -> None:
    """Anna's last card wins the round: the friend's screen shows the scores and says who
    deals on; the next round dealt at Anna's side shows the friend's new hand."""
    session = arranged_table(["4H", "AH 5C 9S"], "4C", names=("Anna", "Seat two"),
                             kinds=(REMOTE, REMOTE), passwords=("", ""))
    store = TableStore(database_path())
    anna = SharedTable.open(store, session)
    try:
        assert anna.sit(0, "Anna", "a").ok
        app = joining_app(anna.code)
        async with app.run_test(size=(80, 24)) as pilot:
            await sit_down(pilot, "Zoe", "z")
            anna.refresh()  # Anna's screen sees Zoe sit down (a new name: a new version)
            assert anna.act(0, Play(tuple(anna.session.state.hands[0]))).ok
            await until(pilot, lambda: "Waiting for the opener to deal the next round."
                        in screen_text(app), "the round's end")
            text = screen_text(app)
            assert "Anna wins round 1" in text
            assert anna.act(0, NEXT_ROUND).ok
            await until(pilot, lambda: "Zoe's hand — 7 cards" in screen_text(app), "round 2")
            hides_annas_hand(app, anna)
    finally:
        anna.leave()
        store.close()


async def test_the_opener_lets_a_cpu_play_for_a_friend_who_has_been_away() -> None:
    """Zoe sits down and leaves on her turn; once she has been gone for AWAY_AFTER seconds
    (her heartbeats were written GONE_FOR ago by her own clock), the opener's wait offers c,
    the footer and the palette offer it too, and c makes a CPU play her seat for now: her
    name says so and the table moves on to the opener's lock."""
    app = still_app(first_screen=partial(open_table, {"players": 2, "seed": 2}))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s", "ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, HostTableScreen), "the table")
        screen = app.screen
        assert isinstance(screen, HostTableScreen)
        assert screen.check_action("let_cpu_play", ()) is False  # nobody is away yet
        store = TableStore(database_path(), wall=lambda: time.time() - GONE_FOR)
        try:
            zoe = SharedTable.join(store, screen.shared.code)
            assert zoe.sit(1, "Zoe", "zoe's secret").ok
            assert zoe.session.state.current == 1
            zoe.leave()
        finally:
            store.close()
        offer = "Press c to let a CPU play for Zoe"
        await until(pilot, lambda: offer in screen_text(app), "the offer")
        await until(pilot, lambda: "c Let a CPU play" in screen_text(app), "the footer's key")
        assert "Zoe (away)" in screen_text(app)
        assert "Let a CPU play for Zoe" in [command.title for command in
                                            screen.palette_commands()]
        await pilot.press("c")
        await until(pilot, lambda: "Pass the terminal to" in screen_text(app),
                    "the CPU's move for Zoe, then the opener's lock")
        assert 1 in screen.shared.session.stand_ins
        assert screen.shared.shown_name(1) == "Zoe (CPU for now)"
        assert "Zoe (CPU)" in screen_text(app)  # her seat's line: a CPU plays it, for now
        assert screen.check_action("let_cpu_play", ()) is False


async def test_the_openers_lone_hot_seat_shows_its_lock_only_where_the_session_does() -> None:
    """The opener alone at their screen (one hot seat, the friend elsewhere): the session
    asks for Anna's lock once (``must_unlock``: a lone hot seat beside remote seats stays
    open once opened, for the match), and the host screen follows it: after the first turn's
    lock, Anna's later turns open straight on her hand, with no "Pass the terminal to Anna"."""
    session = arranged_table(["4H 5H 6H 9H", "10H QH 4S 5S 9S"], "3H", names=("Anna", "Zoe"),
                             kinds=("human", REMOTE), passwords=("", ""))
    store = TableStore(database_path())
    host = SharedTable.open(store, session)
    friends = TableStore(database_path())
    zoe = SharedTable.join(friends, host.code)
    assert zoe.sit(1, "Zoe", "z").ok
    app = still_app(first_screen=partial(HostTableScreen, host, {}))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "Pass the terminal to Anna" in screen_text(app),
                        "the first turn's lock")
            await pilot.click("#i-am")
            for zoes_card in ("10♥", "Q♥"):
                await until(pilot, lambda: "Anna's hand" in screen_text(app), "Anna's hand")
                await pilot.press("enter")  # a heart
                await until(pilot, lambda: host.session.review is not None, "the review")
                await pilot.press("enter")  # Done
                await until(pilot, lambda: "Waiting for Zoe" in screen_text(app), "Zoe's turn")
                zoe.refresh()
                card = next(card for card in zoe.session.state.hands[1]
                            if card.face == zoes_card)
                assert zoe.act(1, Play((card,))).ok
                await until(pilot, lambda: "Anna's hand" in screen_text(app)
                            or "Pass the terminal" in screen_text(app), "Anna's turn again")
                assert "Pass the terminal" not in screen_text(app)
                assert host.session.state.round == 1
    finally:
        zoe.leave()
        friends.close()


async def test_a_friend_lets_a_cpu_play_for_the_opener_whose_screen_is_gone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The opener's process beats its hot seat's heartbeat by a clock GONE_FOR slow, as if it
    had been killed that long ago: the friend's screen turns Anna's seat into one that waits for
    her, says so, and offers c (the footer and the status); c makes a CPU play for her (her
    one card wins the round), and the table itself deals the next round after a while.
    Anna's cards are never on the friend's screen."""
    session = arranged_table(["4H", "AH QH 4S 5S 9S"], "3H", names=("Anna", "Zoe"),
                             kinds=("human", REMOTE), passwords=("", ""))
    store = TableStore(database_path(), wall=lambda: time.time() - GONE_FOR)
    host = SharedTable.open(store, session)
    app = joining_app(host.code)
    try:
        async with app.run_test(size=(100, 24)) as pilot:
            await sit_down(pilot, "Zoe", "z")
            screen = app.screen
            assert isinstance(screen, RemoteSeatScreen)
            # The footer shows the new key a refresh after the status line says it.
            await until(pilot, lambda: "c: a CPU plays for Anna." in screen_text(app)
                        and "c Let a CPU play" in screen_text(app), "the offer")
            assert screen.shared.opener_gone and "Anna is away" in screen_text(app)
            assert "Anna's screen is gone; the seat waits for them" in screen_text(app)
            assert "Let a CPU play for Anna" in [command.title for command in
                                                 screen.palette_commands()]
            hides_annas_hand(app, host)
            # The end stays on show until the test has looked (DEAL_ON_AFTER is 5 s of real
            # time, which a slow machine can spend before the first look).
            monkeypatch.setattr(shared_table, "DEAL_ON_AFTER", 3600.0)
            await pilot.press("c")
            await until(pilot, lambda: "The next round is dealt in a few seconds."
                        in screen_text(app) and "Anna plays 4♥ and wins round 1!"
                        in screen_text(app), "the round's end, won by Anna's card")
            assert screen.shared.shown_name(0) == "Anna (CPU for now)"
            monkeypatch.setattr(shared_table, "DEAL_ON_AFTER", 0.0)
            await until(pilot, lambda: "Zoe's hand — 7 cards" in screen_text(app), "round 2")
            assert screen.check_action("let_cpu_play", ()) is False
            hides_annas_hand(app, host)
    finally:
        store.close()


async def test_an_openers_screen_the_table_went_on_without_goes_to_the_menu_and_closes_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The opener's screen stalled (its heartbeat GONE_FOR old): a friend's look seats Anna
    elsewhere, and the opener's screen, alive again, says so in one sentence and goes to the
    menu; leaving does not close the table the friends play on."""
    session = arranged_table(["4H 5H", "AH QH 4S"], "3H", names=("Anna", "Zoe"),
                             kinds=("human", REMOTE), passwords=("", ""))
    store = TableStore(database_path(), wall=lambda: time.time() - GONE_FOR)
    host = SharedTable.open(store, session)
    friends = TableStore(database_path())
    zoe = SharedTable.join(friends, host.code)
    app = still_app(first_screen=partial(HostTableScreen, host, {}))
    said: list[str] = []
    monkeypatch.setattr(app, "notify", lambda text, **options: said.append(text))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "Pass the terminal to Anna" in screen_text(app),
                        "Anna's lock")
            assert zoe.sit(1, "Zoe", "z").ok and zoe.refresh() and zoe.opener_gone
            await until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
            assert said == [SCREEN_GONE.format(code=host.code)]
        zoe.refresh()
        assert not zoe.closed and zoe.session.stage is Stage.REMOTE
    finally:
        zoe.leave()
        friends.close()


async def test_the_openers_screen_records_a_finished_round_once_under_every_seats_name(
) -> None:
    """Zoe, at her own screen, plays her last card: the opener's screen records the round
    for the statistics (every seat's name, Zoe the winner, no card) and nothing before."""
    from tableau.storage.stats import figures
    from tableau.storage.store import Store

    session = arranged_table(["4H", "AH 5C 9S"], "4C", names=("Zoe", "Cor"),
                             kinds=(REMOTE, "careful"), passwords=("", ""))
    store = TableStore(database_path())
    host = SharedTable.open(store, session)
    zoe_store = TableStore(database_path())
    zoe = SharedTable.join(zoe_store, host.code)
    app = still_app(first_screen=partial(HostTableScreen, host, {}), persist=True)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            assert zoe.sit(0, "Zoe", "z").ok
            await until(pilot, lambda: "Zoe" in screen_text(app), "Zoe at the table")
            assert Store(database_path()).finished() == []  # a round under way: no record
            assert zoe.act(0, Play(tuple(zoe.session.state.hands[0]))).ok
            await until(pilot, lambda: "Zoe wins round 1" in screen_text(app), "the end")
            await until(pilot, lambda: Store(database_path()).finished() != [], "the record")
            rounds = Store(database_path()).finished()
            assert len(rounds) == 1 and rounds[0].game == "pesten"
            assert rounds[0].details["players"] == ["Zoe", "Cor"]
            assert rounds[0].details["winner"] == "Zoe"
            assert "4H" not in repr(rounds[0]) and rounds[0].data is None
            by_name = {row.name: row for row in figures(rounds).pesten}
            assert by_name["Zoe"].wins == 1 and by_name["Cor"].wins == 0
    finally:
        zoe.leave()
        zoe_store.close()
