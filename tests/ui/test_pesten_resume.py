"""A Pesten round kept sealed in tableau.db, through Pilot like the players: two humans and a
CPU play a turn each, quit (q), start the app again, "Continue Pesten", both type their
password, and the round plays on exactly where it was. A wrong password keeps it sealed,
Escape leaves the save alone, a changed save gives one sentence; the database's bytes hold no
card of a hand or of the stock and no seed.

Every app here is ``persist=True`` in the test's own TABLEAU_HOME (tests/conftest.py). One
test plays the turns and quits through the keys; the others start from a round kept through
the session API (``keep``), as the table screen keeps it. The rules of a resume (the stage, the
seat to move, the same round played on, hashes only, the wait following the table) are
checked at the session level in tests/sessions/test_pesten_saves_flow.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from textual import events
from textual.pilot import Pilot
from textual.widgets import Button
from textual.widgets import ListView
from ui_helpers import click
from ui_helpers import message
from ui_helpers import press
from ui_helpers import started
from ui_helpers import until

from disk_secrets import database_bytes
from disk_secrets import secrets_in
from pesten_turns import turn
from tableau.cards import SUITS
from tableau.cards import Card
from tableau.cards import Rank
from tableau.engines import pesten as engine
from tableau.engines.pesten import DRAW
from tableau.engines.pesten import Play
from tableau.engines.pesten import Take
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Seat
from tableau.sessions.pesten_saves import sealed_data
from tableau.sessions.pesten_saves import title
from tableau.storage.home import database_path
from tableau.storage.sealed import DAMAGED
from tableau.storage.store import GameRecord
from tableau.storage.store import Store
from tableau.ui.app import TableauApp
from tableau.ui.scenes.pesten import PASSWORDS
from tableau.ui.scenes.pesten import quick_scheme
from tableau.ui.scenes.pesten import select
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.screens.dialogs import SuitChooser
from tableau.ui.screens.menu import ContinueItem
from tableau.ui.screens.menu import MenuScreen
from tableau.ui.screens.pesten import PestenScreen
from tableau.ui.screens.pesten_unseal import PestenUnsealScreen

MakeApp = Callable[..., TableauApp]
SIZE = (80, 24)
SEED = 0x5EED_1234_ABCD
PLAIN = {Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.NINE, Rank.TEN, Rank.QUEEN,
         Rank.KING}
"""Ranks without an effect: playing one simply ends the turn."""


def kept(make_app: MakeApp, start: str | None = None, **options: Any) -> TableauApp:
    return make_app(start, persist=True, passwords=quick_scheme(), **options)


def dealt(bram: str = PASSWORDS[1]) -> PestenSession:
    """Anna and Bram (with passwords) and Cor, a careful CPU; Anna begins."""
    scheme = quick_scheme()
    seats = [Seat("Anna", lock=scheme.lock("Anna", PASSWORDS[0])),
             Seat("Bram", lock=scheme.lock("Bram", bram)), Seat("Cor", "careful")]
    return PestenSession.deal(seats, packs=1, jokers=2, dealer=2, seed=SEED)


def table_of(app: TableauApp) -> PestenSession:
    screen = app.screen
    assert isinstance(screen, PestenScreen)
    return screen.session


async def human_turn(pilot: Pilot[Any]) -> None:
    """The human to move opens their lock and plays single cards (a plain one first; a jack
    names the first suit), else takes the stack, else draws and keeps; new cards are seen
    and a play is handed over (Done), until the turn passes on."""
    app = pilot.app
    table = table_of(app)
    seat = table.state.current
    for _ in range(8):
        screen = app.screen
        if isinstance(screen, SuitChooser):
            await press(pilot, "1")
            continue
        assert isinstance(screen, PestenScreen)
        if screen.session.review is not None:  # new cards on show, or a play waiting for Done
            await press(pilot, "enter")
            continue
        if table.state.current != seat or table.over:
            return
        lock = table.seats[seat].lock
        if screen.mode == "lock" and lock is not None and not lock.has_password:
            await click(pilot, "#i-am")
        elif screen.mode == "lock":
            await paste_unlock(pilot, PASSWORDS[seat])
        moves = engine.legal_moves(table.state)
        singles = sorted(
            (move for move in moves if isinstance(move, Play) and len(move.cards) == 1
             and not move.last_card and move.suit in (None, SUITS[0])),
            key=lambda move: not (isinstance(move.cards[0], Card)
                                  and move.cards[0].rank in PLAIN))
        if singles:
            await select(pilot, singles[0].cards[0].code)
            await press(pilot, "enter")
        elif any(isinstance(move, Take) for move in moves):
            await press(pilot, "t")
        elif DRAW in moves:
            await press(pilot, "d")
        else:
            await press(pilot, "p")
    raise AssertionError("The turn did not pass.")


async def quit_app(pilot: Pilot[Any]) -> None:
    """Escape (the lock's way out; q would be typed into its password field) goes to the menu
    with no question, since the round is kept; then ctrl+q."""
    await press(pilot, "escape")
    assert isinstance(pilot.app.screen, MenuScreen)
    await press(pilot, "ctrl+q")


async def continue_first(pilot: Pilot[Any]) -> str:
    item = pilot.app.screen.query_one(ListView).highlighted_child
    assert isinstance(item, ContinueItem)
    await press(pilot, "enter")
    return item.text


async def type_password(pilot: Pilot[Any], password: str) -> None:
    """Type the password into the focused field, key by key, and press Enter."""
    await pilot.press(*password, "enter")
    await pilot.app.workers.wait_for_complete()  # Argon2id runs in a thread
    await pilot.pause()


async def give_password(pilot: Pilot[Any], password: str) -> None:
    """As ``type_password``, the password pasted (as a terminal pastes) into the focused
    field: the same answer without a refresh for every key (the typing: the first test)."""
    pilot.app.post_message(events.Paste(password))
    await pilot.press("enter")
    await pilot.app.workers.wait_for_complete()  # Argon2id runs in a thread
    await pilot.pause()


async def paste_unlock(pilot: Pilot[Any], password: str) -> None:
    """As ``unlock`` (the table's lock), the password pasted instead of typed."""
    await pilot.pause()
    if not pilot.app.screen.query_one("#unlock").has_focus:
        await pilot.click("#unlock")
    await give_password(pilot, password)


async def played_and_quit(make_app: MakeApp, table: PestenSession | None = None) -> PestenSession:
    """Anna, Cor and Bram play a turn each; the players quit. The table as it was left."""
    async with started(kept(make_app, "pesten", table=table or dealt()), SIZE) as pilot:
        await human_turn(pilot)  # Anna; then Cor, the CPU, at once
        assert table_of(pilot.app).state.current == 1
        await human_turn(pilot)  # Bram
        left = table_of(pilot.app)
        assert left.state.current == 0 and left.state.turns == 3
        await quit_app(pilot)
    return left


def keep(table: PestenSession) -> PestenSession:
    """Keep the round in tableau.db as the table screen keeps it after a turn (its sealed
    record, ``PestenKeeping._sealed_record``), as if the players had quit there."""
    data = sealed_data(table)
    state = table.state
    store = Store(database_path())
    store.save(GameRecord(
        "pesten", f"{state.config.players} players", None, data["public"]["config"],
        started=1.0, moves=state.turns, duration=2.0,
        label=title(state.round, (seat.name for seat in table.chairs)),
        details={"players": [seat.name for seat in table.chairs],
                 "kinds": [seat.plays for seat in table.chairs]},
        data=data))
    store.close()
    return table


def kept_round() -> PestenSession:
    """Anna, Cor and Bram played a turn each (session API), and the round was kept."""
    table = dealt()
    turn(table)  # Anna, then Cor
    turn(table)  # Bram
    assert table.state.current == 0 and table.state.turns == 3
    return keep(table)


async def test_quit_and_continue_with_both_passwords_plays_on_the_same_round(
    make_app: MakeApp,
) -> None:
    left = await played_and_quit(make_app)
    assert secrets_in(database_bytes(), left) == []
    app = kept(make_app)
    async with started(app, SIZE) as pilot:
        assert await continue_first(pilot) == (
            "Continue Pesten · Round 1 · Anna, Bram, Cor · 3 moves · just now")
        assert isinstance(app.screen, PestenUnsealScreen)
        assert "Anna: type your password" in str(app.screen.query_one("#unseal-ask").render())
        await type_password(pilot, PASSWORDS[0])
        assert isinstance(app.screen, PestenUnsealScreen)
        assert "Bram: type your password" in str(app.screen.query_one("#unseal-ask").render())
        await type_password(pilot, PASSWORDS[1])
        table = table_of(app)
        assert table.state == left.state and table.cpu_seed == left.cpu_seed
        screen = app.screen
        assert isinstance(screen, PestenScreen) and screen.mode == "lock"  # Anna opens again
        await human_turn(pilot)  # Anna, then Cor
        resumed = table.state
        assert resumed.current == 1
        saved = app.runtime.store.saved("pesten")
        assert saved is not None and saved.moves == resumed.turns > 3
        assert secrets_in(database_bytes(), table) == []
    # That the same turns without the interruption reach the same round:
    # tests/sessions/test_pesten_saves_flow.py (and tests/storage/test_sealed.py).


async def with_changed_save(
    make_app: MakeApp, change: Callable[[dict[str, Any]], dict[str, Any]]
) -> tuple[TableauApp, list[str], dict[str, Any]]:
    """A round kept, its save changed on disk: a new app, the list of what it will say
    (notifications), and the changed data."""
    kept_round()
    store = Store(database_path())
    record = store.saved("pesten")
    assert record is not None and record.data is not None
    data = change(dict(record.data))
    store.save(replace(record, data=data))
    store.close()
    app = kept(make_app)
    said: list[str] = []
    notify = app.notify
    app.notify = lambda text, **options: (said.append(text), notify(text, **options))
    return app, said, data


async def test_a_changed_save_gives_one_sentence_and_is_left_alone(make_app: MakeApp) -> None:
    def changed(data: dict[str, Any]) -> dict[str, Any]:
        return {**data, "public": {**data["public"],
                                   "stock_count": data["public"]["stock_count"] + 1}}

    app, said, data = await with_changed_save(make_app, changed)
    async with started(app, SIZE) as pilot:
        await continue_first(pilot)
        await give_password(pilot, PASSWORDS[0])
        await give_password(pilot, PASSWORDS[1])
        assert isinstance(app.screen, MenuScreen)
        assert said == [DAMAGED]
        saved = app.runtime.store.saved("pesten")
        assert saved is not None and saved.data == data


async def test_a_save_that_is_no_sealed_round_gives_one_sentence(make_app: MakeApp) -> None:
    app, said, _data = await with_changed_save(
        make_app, lambda _data: {"public": {"format": "nonsense"}})
    async with started(app, SIZE) as pilot:
        await continue_first(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert said == [f"The saved Pesten game could not be continued. {DAMAGED} It is left "
                        "as it is."]


async def test_between_rounds_the_finished_round_stays_saved_for_the_next_deal(
    make_app: MakeApp,
) -> None:
    from tableau.ui.scenes.pesten import BRAM
    from tableau.ui.scenes.pesten import COR
    from tableau.ui.scenes.pesten import arranged_table

    async with started(kept(make_app, "pesten", table=arranged_table(["7D", BRAM, COR], "7C",
                                                                      seed=SEED)), SIZE) as pilot:
        await paste_unlock(pilot, PASSWORDS[0])
        await select(pilot, "7D")
        await press(pilot, "enter", "escape")  # the round is won; close the end dialog
        store = pilot.app.runtime.store
        # the screen keeps the round's end once its frame is painted
        await until(pilot, lambda: len(store.finished("pesten")) == 1, "the round's record")
        saved = store.saved("pesten")
        assert saved is not None and saved.details == {}
        await quit_app(pilot)
    app = kept(make_app)
    async with started(app, SIZE) as pilot:
        await continue_first(pilot)
        await give_password(pilot, PASSWORDS[0])
        await give_password(pilot, PASSWORDS[1])
        assert isinstance(app.screen, EndScreen)  # the round's end, as it was left
        await press(pilot, "escape")
        assert table_of(app).over
        await press(pilot, "n")
        assert table_of(app).state.round == 2
        assert len(app.runtime.store.finished("pesten")) == 1  # the round counts once


async def test_a_seat_without_a_password_continues_with_i_am(make_app: MakeApp) -> None:
    scheme = quick_scheme()
    seats = [Seat("Anna", lock=scheme.lock("Anna", PASSWORDS[0])),
             Seat("Bram", lock=scheme.lock("Bram", PASSWORDS[1])),
             Seat("Cor", lock=scheme.lock("Cor", ""))]
    table = PestenSession.deal(seats, packs=1, jokers=2, dealer=2, seed=SEED)
    turn(table)  # Anna
    left = keep(table).state
    app = kept(make_app)
    async with started(app, SIZE) as pilot:
        await continue_first(pilot)
        await give_password(pilot, PASSWORDS[0])
        await give_password(pilot, PASSWORDS[1])
        screen = app.screen
        assert isinstance(screen, PestenUnsealScreen)
        assert not screen.query_one("#password").display
        assert str(screen.query_one("#i-am", Button).label) == "I am Cor"
        await press(pilot, "enter")  # the focused "I am Cor"
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert table_of(app).state == left


async def test_a_round_one_player_could_open_is_not_saved_and_leaving_asks_first(
    make_app: MakeApp,
) -> None:
    """Issue 27 C12: with Anna's password alone (Bram has none), the save could be opened by
    Anna; such a round is not saved, and leaving it says it would be lost."""
    from tableau.ui.screens.dialogs import ConfirmScreen

    async with started(kept(make_app, "pesten", table=dealt(bram="")), SIZE) as pilot:
        await human_turn(pilot)  # Anna, then Cor
        await press(pilot, "escape")
        assert isinstance(pilot.app.screen, ConfirmScreen)
        assert "cannot be saved" in pilot.app.screen.text
        await press(pilot, "escape")  # stay
    assert b"pesten-sealed" not in database_bytes()


async def test_quitting_while_taken_cards_show_never_resumes_before_the_take(
    make_app: MakeApp,
) -> None:
    """Issue 27 C9: the take is saved before its cards show, so quit and Continue cannot undo
    it (before, the round was saved only at Done, and Continue landed before the take)."""
    from tableau.ui.scenes.pesten import BRAM
    from tableau.ui.scenes.pesten import COR
    from tableau.ui.scenes.pesten import arranged_table

    table = arranged_table(["9S QH 4S 5H 6D 8C KD", BRAM, COR], "5C 2D", stack=2,
                           draw_next="KC 3S", seed=SEED, turns=3)
    async with started(kept(make_app, "pesten", table=table), SIZE) as pilot:
        await paste_unlock(pilot, PASSWORDS[0])
        await press(pilot, "t")
        assert message(pilot.app).startswith("New in your hand: K♣ 3♠.")
        taken = table_of(pilot.app).state
        await press(pilot, "q")  # an open hand asks before it is left
        await press(pilot, "y")
        assert isinstance(pilot.app.screen, MenuScreen)
        await press(pilot, "ctrl+q")
    app = kept(make_app)
    async with started(app, SIZE) as pilot:
        await continue_first(pilot)
        await give_password(pilot, PASSWORDS[0])
        await give_password(pilot, PASSWORDS[1])
        resumed = table_of(app).state
        assert resumed == taken
        assert resumed.stack == 0 and len(resumed.hands[0]) == 9 and resumed.current == 1


async def test_the_wait_after_wrong_passwords_holds_across_leaving_and_restarting(
    make_app: MakeApp,
) -> None:
    """Issue 27 C14: after wrong tries (Wait 2 s), Escape and Enter brought back a first try
    with no wait. The wait belongs to the seat at the table: it holds across leaving the
    screen and a new start of the app, until the (injected) wall clock passes it.

    Also: a wrong password keeps the round sealed (the first one says so with no wait, the
    next ones name the wait), and Escape leaves the save as it was."""
    kept_round()
    before = Store(database_path()).saved("pesten")
    now = [10_000.0]

    def wall() -> float:
        return now[0]

    def asked(app: TableauApp) -> str:
        return str(app.screen.query_one("#unseal-ask").render())

    app = kept(make_app, wall=wall)
    async with started(app, SIZE) as pilot:
        await continue_first(pilot)
        said = []
        for wait in (0, 1, 2):
            now[0] += wait
            await give_password(pilot, "not-annas")
            assert isinstance(app.screen, PestenUnsealScreen) and asked(app).startswith("Anna:")
            said.append(message(app))
        assert said == ["Wrong password; the round stays sealed."] + [
            f"Wrong password; the round stays sealed. Wait {wait} s before the next try."
            for wait in (1, 2)]
        await press(pilot, "escape")
        assert isinstance(app.screen, MenuScreen)
        saved = app.runtime.store.saved("pesten")
        assert saved is not None and before is not None and saved.data == before.data
        await continue_first(pilot)
        assert message(app).endswith("Wait 2 s before the next try.")
        await give_password(pilot, PASSWORDS[0])  # the right one, yet too soon
        assert asked(app).startswith("Anna:")
        assert message(app).endswith("Wait 2 s before the next try.")
    app = kept(make_app, wall=wall)  # the app started again
    async with started(app, SIZE) as pilot:
        await continue_first(pilot)
        await give_password(pilot, PASSWORDS[0])
        assert asked(app).startswith("Anna:")
        now[0] += 1.5
        await give_password(pilot, PASSWORDS[0])
        assert message(app).endswith("Wait 1 s before the next try.")  # half a second left
        now[0] += 0.5
        await give_password(pilot, PASSWORDS[0])
        assert asked(app).startswith("Bram:")


async def test_the_table_lock_s_wait_holds_when_the_table_is_opened_again(
    make_app: MakeApp,
) -> None:
    """Issue 27 C14 at the table's own lock: the same table opened again (a new screen, a new
    app) still makes the seat wait."""
    from tableau.storage.passwords import PasswordScheme

    # The wait after the third wrong try is long, so no slow machine outlasts it on the screen's
    # own timer; the lock's clock (``wall``) is the test's.
    scheme = PasswordScheme(cheap=True, retry_delays=(0.0, 1.0, 600.0))
    seats = [Seat("Anna", lock=scheme.lock("Anna", PASSWORDS[0])),
             Seat("Bram", lock=scheme.lock("Bram", PASSWORDS[1])), Seat("Cor", "careful")]
    table = PestenSession.deal(seats, packs=1, jokers=2, dealer=2, seed=SEED)
    now = [10_000.0]

    def wall() -> float:
        return now[0]

    async with started(kept(make_app, "pesten", table=table, wall=wall), SIZE) as pilot:
        for wait in (0, 1, 1):
            now[0] += wait
            await paste_unlock(pilot, "not-annas")
        assert message(pilot.app) == (
            "Wrong password; the hand stays hidden. Wait 600 s before the next try.")
    again = PestenSession(table.seats, table.state, table.cpu_seed, table_id=table.table_id)
    async with started(kept(make_app, "pesten", table=again, wall=wall), SIZE) as pilot:
        screen = pilot.app.screen
        assert isinstance(screen, PestenScreen) and screen.mode == "lock"
        assert message(pilot.app).endswith("Wait 600 s before the next try.")
        await paste_unlock(pilot, PASSWORDS[0])
        assert screen.mode == "lock"
        now[0] += 600
        await paste_unlock(pilot, PASSWORDS[0])
        assert screen.mode == "hand"
