"""Go Fish and Poker kept in tableau.db, through Pilot like a player: play, quit the app, start
it again, and "Continue" resumes the same table; a finished game reaches the statistics with
its figures; a new game over one at stake is recorded as abandoned; a damaged autosave gives
one sentence; the set-up choices are kept in settings.toml across runs.

Every app here is ``persist=True`` in the test's own TABLEAU_HOME (tests/conftest.py). That a
resumed game goes on as the same game is checked against the same keys played without a
screen (through the public session API), not by a third app; the save format itself is
checked in tests/sessions/. A finished Poker game's record is checked with its end screen in
tests/ui/test_poker_screen.py.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import ListView
from ui_helpers import press
from ui_helpers import set_up_rows
from ui_helpers import started

from tableau.engines.gofish import Ask
from tableau.engines.poker import BET
from tableau.engines.poker import CALL
from tableau.engines.poker import CHECK
from tableau.engines.poker import RAISE
from tableau.engines.poker import NextHand
from tableau.engines.poker import Phase
from tableau.engines.rng import fresh_seed_from
from tableau.sessions.gofish import YOU
from tableau.sessions.gofish import GoFishSession
from tableau.sessions.gofish import against_cpus
from tableau.sessions.poker import HUMAN
from tableau.sessions.poker import PokerSession
from tableau.storage.home import database_path
from tableau.storage.home import settings_path
from tableau.storage.store import GameRecord
from tableau.storage.store import Store
from tableau.ui.app import TableauApp
from tableau.ui.controls.poker import draw_move
from tableau.ui.scenes.gofish import MAX_ASKS
from tableau.ui.scenes.gofish import ask_with_enter
from tableau.ui.scenes.gofish import asked
from tableau.ui.screens.dialogs import ConfirmScreen
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.screens.gofish import GoFishHand
from tableau.ui.screens.gofish import GoFishScreen
from tableau.ui.screens.menu import ContinueItem
from tableau.ui.screens.menu import MenuScreen
from tableau.ui.screens.poker import PokerScreen
from tableau.ui.screens.setup import GameSetupScreen
from tableau.ui.widgets.command_bar import MessageLine
from tableau.ui.widgets.history import HistoryPanel

MakeApp = Callable[..., TableauApp]
SIZE = (100, 32)
NOW = 1_800_000_000.0


def kept(make_app: MakeApp, start: str | None = None, **options: Any) -> TableauApp:
    """A still app that keeps its games and settings in the test's TABLEAU_HOME."""
    return make_app(start, persist=True, wall=lambda: NOW, **options)


def seen(app: TableauApp) -> dict[str, Any]:
    """What the player sees of the table: the history panel, the message line, the title."""
    screen = app.screen
    return {
        "history": screen.query_one(HistoryPanel).entries,
        "message": str(screen.query_one(MessageLine).content),
        "sub_title": screen.sub_title,
    }


def gofish(app: TableauApp) -> GoFishScreen:
    assert isinstance(app.screen, GoFishScreen)
    return app.screen


def poker(app: TableauApp) -> PokerScreen:
    assert isinstance(app.screen, PokerScreen)
    return app.screen


async def quit_app(pilot: Pilot[Any]) -> None:
    """q to the menu (no question: the store keeps the game), then ctrl+q."""
    await press(pilot, "q")
    assert isinstance(pilot.app.screen, MenuScreen)
    await press(pilot, "ctrl+q")
    assert not pilot.app.is_running


async def continue_first(pilot: Pilot[Any]) -> str:
    """Enter on the menu's first entry, a Continue entry; its words."""
    item = pilot.app.screen.query_one(ListView).highlighted_child
    assert isinstance(item, ContinueItem)
    await press(pilot, "enter")
    return item.text


def stored() -> Store:
    return Store(database_path())


# ---------------------------------------------------------------------- Go Fish

def enter_asks(session: GoFishSession, times: int) -> None:
    """Enter ``times`` times without a screen: each asks the first opponent for the rank of
    the first card of your sorted hand (where the cursor is after every move), the CPUs
    playing in between."""
    for _ in range(times):
        while (step := session.cpu_step()) is not None:
            assert session.play_cpu(step).ok
        hand = session.view(YOU).hand
        assert session.act(YOU, Ask(1, hand[0].rank)).ok
    while (step := session.cpu_step()) is not None:
        assert session.play_cpu(step).ok


async def test_go_fish_quit_and_continue_resumes_the_same_table_and_plays_on_the_same(
    make_app: MakeApp,
) -> None:
    async with started(kept(make_app, "gofish", seed=11, cpus=2), SIZE) as pilot:
        await asked(pilot, 3)  # as Enter asks, drawn once (the keys: test_gofish_screen.py)
        before, state = seen(pilot.app), gofish(pilot.app).session.to_json()
        cards = gofish(pilot.app).query_one(GoFishHand).cards
        await quit_app(pilot)
    async with started(kept(make_app), SIZE) as pilot:
        assert await continue_first(pilot) == "Continue Go Fish · 2 CPUs · pro · 3 moves · just now"
        screen = gofish(pilot.app)
        assert seen(pilot.app) == before
        assert screen.session.to_json() == state
        assert screen.query_one(GoFishHand).cards == cards
        await ask_with_enter(pilot, 2)
        resumed = screen.session
    # The same five asks without the interruption reach the same game.
    uninterrupted = against_cpus(2, "pro", 11)
    enter_asks(uninterrupted, 5)
    assert resumed.asks(YOU) == 5
    assert resumed.state == uninterrupted.state
    assert resumed.to_json() == uninterrupted.to_json()


async def test_a_finished_go_fish_game_is_in_the_statistics_with_your_books(
    make_app: MakeApp,
) -> None:
    """The game starts a few asks from its end (played there through the session)."""
    near_the_end = against_cpus(2, "pro", 11)
    enter_asks(near_the_end, 10)
    assert near_the_end.outcome() is None
    async with started(kept(make_app, "gofish", session=near_the_end), SIZE) as pilot:
        await ask_with_enter(pilot, MAX_ASKS)
        assert isinstance(pilot.app.screen, EndScreen)
        session = gofish(pilot.app.screen_stack[-2]).session
        result = session.outcome()
        assert result is not None
        [record] = pilot.app.runtime.store.finished("gofish")
        assert record.result == ("won" if 0 in result.winners else "lost")
        assert (record.variant, dict(record.config)) == ("pro", {"cpus": 2, "level": "pro"})
        assert record.seed == session.seed == fresh_seed_from(11, 0)  # the deal's, to replay it
        assert dict(record.details) == {"books": len(session.state.books[0])}
        assert record.moves == session.asks(0) > 0
        assert pilot.app.runtime.store.saved("gofish") is None
        await press(pilot, "enter")  # Play again: nothing is saved before your first ask
        assert pilot.app.runtime.store.saved("gofish") is None
        await ask_with_enter(pilot, 1)
        assert pilot.app.runtime.store.saved("gofish") is not None
        assert len(pilot.app.runtime.store.finished("gofish")) == 1


async def test_a_new_go_fish_game_over_one_at_stake_asks_and_records_it_abandoned(
    make_app: MakeApp,
) -> None:
    async with started(kept(make_app, "gofish", seed=11, cpus=2), SIZE) as pilot:
        await asked(pilot, 2)
        books = len(gofish(pilot.app).session.state.books[0])
        await press(pilot, "n")
        assert isinstance(pilot.app.screen, ConfirmScreen)
        assert "count as a loss" in pilot.app.screen.text
        await press(pilot, "y")
        [record] = pilot.app.runtime.store.finished("gofish")
        assert (record.result, record.moves, dict(record.details)) == (
            "abandoned", 2, {"books": books})
        assert pilot.app.runtime.store.saved("gofish") is None
        assert gofish(pilot.app).session.games == 1


async def test_go_fish_and_poker_set_up_choices_are_kept_across_runs(
    make_app: MakeApp, tmp_path: Path,
) -> None:
    """Go Fish's set-up, by keys, from its first choices (1 CPU, pro, at once): its CPUs,
    level and pace, chosen in one run, reach the table and are offered again in that run
    (once tests/ui/test_setup.py's
    test_go_fish_set_up_by_keys_and_the_choice_is_kept_for_next_time, merged here: the same
    set-up by the same keys); with Poker's CPUs they are in settings.toml and offered again
    in the next run."""
    async with started(kept(make_app), SIZE) as pilot:
        await press(pilot, "3")
        assert isinstance(pilot.app.screen, GameSetupScreen)
        assert set_up_rows(pilot.app) == {
            "cpus": "CPUs    ‹ 1 ›", "level": "Level   ‹ pro ›", "cpu_delay": "Speed   ‹ at once ›"}
        await pilot.press("right", "down", "left", "down", "left")  # 2 CPUs, easy, fast
        await press(pilot, "enter")
        assert (gofish(pilot.app).session.cpus, gofish(pilot.app).session.level,
                pilot.app.runtime.cpu_delay) == (2, "easy", 0.3)
        await press(pilot, "q")  # nothing asked yet: straight to the menu
        assert isinstance(pilot.app.screen, MenuScreen)
        await press(pilot, "3")  # offered again in this run
        assert set_up_rows(pilot.app) == {"cpus": "CPUs    ‹ 2 ›", "level": "Level   ‹ easy ›",
                                          "cpu_delay": "Speed   ‹ fast (0.3 s a move) ›"}
        await press(pilot, "escape")
        assert isinstance(pilot.app.screen, MenuScreen)
        await press(pilot, "4")
        await press(pilot, "right", "enter")  # 4 CPUs
        assert poker(pilot.app).cpus == 4
    settings = tomllib.loads(settings_path().read_text(encoding="utf-8"))
    assert settings["gofish"] == {"cpus": 2, "level": "easy", "speed": 0.3}
    assert settings["poker"]["cpus"] == 4
    # A run with no fixed CPU pace (as the player's) offers the remembered pace too.
    app = TableauApp(clock=lambda: 0.0, cursor_blink=False, animations=False, folder=tmp_path)
    async with started(app, SIZE) as pilot:
        await press(pilot, "3")
        assert set_up_rows(app) == {"cpus": "CPUs    ‹ 2 ›", "level": "Level   ‹ easy ›",
                                    "cpu_delay": "Speed   ‹ fast (0.3 s a move) ›"}
        await press(pilot, "escape")
        assert isinstance(app.screen, MenuScreen)
        await press(pilot, "4")
        assert set_up_rows(app)["cpus"] == "CPUs    ‹ 4 ›"



async def test_a_damaged_autosave_gives_a_sentence_and_is_left_alone(make_app: MakeApp) -> None:
    """The menu says why the save cannot be continued, in the session's own sentence, leaves
    the row as it was and goes on. (One damaged save through the menu; Poker's sentences for a
    save of another version or game: tests/sessions/test_poker_session.py's
    test_a_save_of_another_version_or_game_is_refused_with_the_whole_sentence.)"""
    game, title = "gofish", "Go Fish"
    damaged = {"game": "gofish-session", "version": 1, "cpus": 2, "level": "expert"}
    why = "The save's CPU level is not easy or pro"
    store = stored()
    store.save(GameRecord(game, "pro", 7, {"cpus": 2}, started=NOW, moves=4,
                          duration=60.0, label="2 CPUs", data=damaged))
    store.close()
    app = kept(make_app)
    said: list[str] = []
    notify = app.notify
    app.notify = lambda message, **options: (said.append(message), notify(message, **options))
    async with started(app, SIZE) as pilot:
        await continue_first(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert said == [f"The saved {title} game could not be continued. {why}. It is left "
                        "as it is."]
        saved = app.runtime.store.saved(game)
        assert saved is not None and saved.data == damaged
        await press(pilot, "down", "enter")  # the app goes on: Yukon's set-up opens
        assert isinstance(app.screen, GameSetupScreen)


# ---------------------------------------------------------------------- Poker

async def act(pilot: Pilot[Any], times: int) -> None:
    """Your next ``times`` moves: bet or raise when you may, else check, call or draw."""
    for _ in range(times):
        view = poker(pilot.app).view
        if view.phase is Phase.HAND_OVER:
            await pilot.press("n")
        elif view.phase is Phase.DRAW:
            await pilot.press("enter")
        else:
            await pilot.press("b" if BET in view.legal or RAISE in view.legal else "c")
        await pilot.pause()


def keyed(session: PokerSession, times: int, marks: tuple[int, ...] = ()) -> None:
    """``act`` without a screen: the same keys' moves, the CPUs playing in between."""
    for _ in range(times):
        while (step := session.cpu_step()) is not None:
            assert session.play_cpu(step).ok
        view = session.view(HUMAN)
        if view.phase is Phase.HAND_OVER:
            move: Any = NextHand()
        elif view.phase is Phase.DRAW:
            move = draw_move(view, marks)
        else:
            move = next(m for m in (BET, RAISE, CALL, CHECK) if m in view.legal)
        assert session.act(HUMAN, move).ok
    while (step := session.cpu_step()) is not None:
        assert session.play_cpu(step).ok


async def test_poker_quit_and_continue_resumes_the_marks_the_turn_the_chips_and_the_history(
    make_app: MakeApp,
) -> None:
    """Quit at the draw after asking for advice (a note on the message line, the advised cards
    marked): Continue shows the same table, the same note, the same cards lifted, the same
    turn, chips and history; Enter throws those cards away, and the game plays on as the same
    keys without the interruption do."""
    async with started(kept(make_app, "poker", seed=7, cpus=3), SIZE) as pilot:
        await act(pilot, 2)
        screen = poker(pilot.app)
        assert screen.view.phase is Phase.DRAW
        await press(pilot, "a")
        marks = screen.session.marks
        assert marks and screen.session.note.startswith("Advice:")
        lifted = [card.card for card in pilot.app.screen.query(".-marked")]
        assert len(lifted) == len(marks)
        before, state = seen(pilot.app), screen.session.to_json()
        assert before["message"].startswith(screen.session.note)  # the note, then the prompt
        turn, chips = screen.view.to_move, [seat.chips for seat in screen.view.seats]
        label = f"hand {screen.view.hand_number} · {chips[0]} chips"
        await quit_app(pilot)
    async with started(kept(make_app), SIZE) as pilot:
        assert await continue_first(pilot) == f"Continue Poker · {label} · 2 moves · just now"
        screen = poker(pilot.app)
        assert screen.session.marks == marks
        assert [card.card for card in pilot.app.screen.query(".-marked")] == lifted
        assert seen(pilot.app) == before
        assert screen.session.to_json() == state
        assert screen.view.to_move == turn
        assert [seat.chips for seat in screen.view.seats] == chips
        await press(pilot, "enter")  # and they are the ones thrown away
        assert screen.session.note.startswith("You threw away ")
        await act(pilot, 2)
        resumed = screen.session
    uninterrupted = PokerSession.table(cpus=3, seed=7)
    keyed(uninterrupted, 2)
    keyed(uninterrupted, 1, marks=marks)
    keyed(uninterrupted, 2)
    assert resumed.your_moves == uninterrupted.your_moves == 5
    assert resumed.state == uninterrupted.state
    assert resumed.rng_states == uninterrupted.rng_states


async def test_a_new_poker_game_over_one_at_stake_is_recorded_abandoned(
    make_app: MakeApp,
) -> None:
    async with started(kept(make_app, "poker", seed=7, cpus=1), SIZE) as pilot:
        await act(pilot, 2)
        session = poker(pilot.app).session
        details = {"hands": session.hands, "hands_won": session.hands_won,
                   "biggest_pot": session.biggest_pot, "chips": session.chip_result}
        await pilot.press("ctrl+p", *"new g", "enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConfirmScreen)
        assert "count as a loss" in pilot.app.screen.text
        await press(pilot, "y")
        [record] = pilot.app.runtime.store.finished("poker")
        assert (record.result, record.moves, dict(record.details)) == ("abandoned", 2, details)
        assert pilot.app.runtime.store.saved("poker") is None
