"""Pesten in tableau.db and settings.toml: a finished round is recorded with the names, kinds
and winner only (no card, no seed, anywhere in the database's bytes; the round in progress is
kept sealed, see test_pesten_resume.py), and the set-up remembers the seats' names and kinds
(never a password; that check: test_pesten_setup.py's house rules test), which a table set on
the command line does not change.

Every app here is ``persist=True`` in the test's own TABLEAU_HOME (tests/conftest.py).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input
from textual.widgets import Select
from ui_helpers import click
from ui_helpers import press
from ui_helpers import started

from disk_secrets import database_bytes
from disk_secrets import secrets_found
from tableau.cards import FULL_DECK
from tableau.cards import JOKER
from tableau.engines import pesten as engine
from tableau.sessions.pesten import PestenSession
from tableau.storage.home import settings_path
from tableau.storage.stats import figures
from tableau.ui.app import TableauApp
from tableau.ui.scenes.pesten import BRAM
from tableau.ui.scenes.pesten import COR
from tableau.ui.scenes.pesten import PASSWORDS
from tableau.ui.scenes.pesten import arranged_table
from tableau.ui.scenes.pesten import quick_scheme
from tableau.ui.scenes.pesten import select
from tableau.ui.scenes.pesten import unlock
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.screens.menu import MenuScreen
from tableau.ui.screens.pesten import PestenScreen

MakeApp = Callable[..., TableauApp]
SIZE = (100, 32)
SEED = 0x5EED_1234_ABCD
"""Long enough that its digits or bytes cannot turn up in the database by chance."""
DECK = [*FULL_DECK, JOKER]
"""Any card: a finished round hides nothing more than the cards it shows."""


def kept(make_app: MakeApp, start: str | None = None, **options: Any) -> TableauApp:
    return make_app(start, persist=True, passwords=quick_scheme(), **options)


def last_card_table() -> PestenSession:
    """Anna holds only 7D on a 7C: her play ends the round."""
    return arranged_table(["7D", BRAM, COR], "7C", seed=SEED)


async def win_the_round(pilot: Pilot[Any]) -> None:
    await unlock(pilot, PASSWORDS[0])
    await select(pilot, "7D")
    await press(pilot, "enter")


async def test_a_finished_round_is_recorded_with_names_kinds_and_winner_only(
    make_app: MakeApp,
) -> None:
    """Nothing is saved before the first move; the round's end is recorded (names, kinds,
    winner, points, rules, match: no card or seed anywhere in the database's bytes) and stays
    saved, sealed, for the next deal; the next round (n) records nothing more until it ends,
    and leaving then asks nothing: the round is kept."""
    table = last_card_table()
    seeds = [SEED, table.state.seed, table.cpu_seed]
    app = kept(make_app, "pesten", table=table)
    async with started(app, SIZE) as pilot:
        assert app.runtime.store.finished("pesten") == []
        await unlock(pilot, PASSWORDS[0])
        assert app.runtime.store.saves() == ([], [])
        await select(pilot, "7D")
        await press(pilot, "enter")
        assert isinstance(app.screen, EndScreen)
        [record] = app.runtime.store.finished("pesten")
        assert (record.game, record.variant, record.seed, record.result) == (
            "pesten", "3 players", None, "finished")
        assert dict(record.config) == {"players": 3, "packs": 1, "jokers": 2}
        bram, cor = (engine.hand_points(table.state.config, hand)
                     for hand in table.state.hands[1:])
        assert dict(record.details) == {
            "players": ["Anna", "Bram", "Cor"], "kinds": ["human", "human", "careful"],
            "winner": "Anna", "points": [0, bram, cor], "totals": [0, bram, cor],
            "rules": {"forgot_penalty": 2, "sets_are_series": True, "wrap_runs": False,
                      "either_order": False, "special_finish": True},
            "match": {"kind": "open", "target": 0, "ended": False, "winner": None},
        }
        # The match goes on: the finished round stays saved (sealed) for the next deal, its
        # public part showing only the cards played (7♣ 7♦).
        saved = app.runtime.store.saved("pesten")
        assert saved is not None and saved.details == {}
        shown = ["7C", "7D", "7♣", "7♦"]
        assert [found for found in secrets_found(database_bytes(), DECK, seeds)
                if found not in shown] == []
        await press(pilot, "escape")  # close the end dialog: the round stays over
        assert isinstance(app.screen, PestenScreen)
        await press(pilot, "n")  # the next round: nothing more is recorded until it ends
        assert not app.screen.session.over
        assert len(app.runtime.store.finished("pesten")) == 1
        [saved], _problems = app.runtime.store.saves()
        assert saved.label == "Round 1 · Anna, Bram, Cor"  # until round 2's first move
        await press(pilot, "escape")
        assert isinstance(app.screen, MenuScreen)  # leaving asks nothing: the round is kept
    assert [found for found in secrets_found(database_bytes(), DECK, seeds)
            if found not in shown] == []


async def test_the_search_for_secrets_would_find_a_card_or_the_seed() -> None:
    """The check above can fail: a card code or the seed in the bytes is found."""
    assert secrets_found(b'{"hand": ["7D"]}', DECK, []) == ["7D"]
    assert secrets_found(b'{"hand": ["JK"]}', DECK, []) == ["JK"]
    assert secrets_found(b"\x00JK\x01", DECK, []) == []  # two bytes of a binary page
    assert secrets_found(b"ADD COLUMN 10\xe2\x99\xa6", DECK, []) == ["10♦"]
    assert secrets_found(b"x" + SEED.to_bytes(8, "big"), DECK, [SEED]) == [f"seed {SEED}"]


# The set-up remembers the seats, names and kinds but no password: tests/ui/
# test_pesten_setup.py's test_the_house_rules_and_the_match_reach_the_table_and_are_remembered
# (the same set-up and next run as the house rules').


async def test_a_table_set_on_the_command_line_keeps_its_size_and_kinds(
    make_app: MakeApp, tableau_home: Path,
) -> None:
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text('[pesten]\nseats = [{ name = "Zoë", kind = "human" }, '
                               '{ name = "Ida", kind = "random" }]\n', encoding="utf-8")
    async with started(kept(make_app, "pesten", players=3, cpus=("careful",)), SIZE) as pilot:
        screen = pilot.app.screen
        assert screen.query_one("#seats", Select).value == 3
        assert [screen.query_one(f"#name-{seat}", Input).value for seat in range(3)] == [
            "Zoë", "Ida", "Cor"]
        assert [screen.query_one(f"#kind-{seat}", Select).value for seat in range(3)] == [
            "human", "human", "careful"]


async def test_the_round_that_ends_a_match_records_it_and_the_statistics_count_it(
    make_app: MakeApp,
) -> None:
    """Then New match in the end dialog deals round 1 of a new match at the same table, and
    records nothing more until one of its rounds ends."""
    table = arranged_table(["7D", BRAM, COR], "7C", seed=SEED,
                           rules={"match": "wins", "target": 2}, wins=(1, 0, 0))
    app = kept(make_app, "pesten", table=table)
    async with started(app, SIZE) as pilot:
        await win_the_round(pilot)
        assert "Anna wins the match!" in str(pilot.app.screen.query_one("#dialog-title").render())
        [record] = app.runtime.store.finished("pesten")
        assert record.details["match"] == {"kind": "wins", "target": 2, "ended": True,
                                           "winner": "Anna"}
        anna, *others = figures([record]).pesten
        assert (anna.name, anna.wins, anna.matches, anna.matches_won) == ("Anna", 1, 1, 1)
        assert all(row.matches == 1 and row.matches_won == 0 for row in others)
        assert all(row.average_points is not None and row.average_points > 0
                   for row in others)
        await click(pilot, "#choice-new-match")
        session = pilot.app.screen.session
        assert isinstance(pilot.app.screen, PestenScreen) and session is table
        assert session.state.round == 1 and session.state.wins == (0, 0, 0)
        assert not session.over and len(app.runtime.store.finished("pesten")) == 1
