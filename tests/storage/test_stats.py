"""The statistics' figures from hand-made lists of finished games: the expected values are
worked out from the rules of each figure, not copied from output."""

from __future__ import annotations

import json
import math
import sqlite3
from dataclasses import replace
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from tableau.storage.stats import PEOPLE
from tableau.storage.stats import RECENT_SESSIONS
from tableau.storage.stats import Figures
from tableau.storage.stats import GoFishFigures
from tableau.storage.stats import PlayerFigures
from tableau.storage.stats import YukonFigures
from tableau.storage.stats import as_json
from tableau.storage.stats import figures
from tableau.storage.stats import pages
from tableau.storage.stats import read_finished
from tableau.storage.store import RESULTS
from tableau.storage.store import GameRecord
from tableau.storage.store import Store


def played(game: str, result: str, variant: str = "spec", *, moves: int = 100,
           duration: float = 300.0, **details: Any) -> GameRecord:
    return GameRecord(game, variant, 7, {}, 1000.0, moves, duration, details=details,
                      result=result)


def yukon(*results: str, variant: str = "spec") -> list[GameRecord]:
    return [played("yukon", result, variant) for result in results]


def one_yukon(numbers: Figures) -> YukonFigures:
    [row] = numbers.yukon
    return row


# ---------------------------------------------------------------- Yukon


def test_yukon_counts_wins_and_streaks_in_the_order_the_games_ended() -> None:
    games = yukon("won", "won", "lost", "won", "won", "won", "abandoned", "won")
    row = one_yukon(figures(games))
    assert (row.played, row.won) == (8, 6)
    assert row.win_percent == 75.0
    assert row.best_streak == 3  # games 4 to 6
    assert row.current_streak == 1  # the last game, after the abandoned one


def test_an_abandoned_game_breaks_a_streak_and_counts_as_a_loss() -> None:
    row = one_yukon(figures(yukon("won", "won", "abandoned")))
    assert (row.played, row.won, row.current_streak, row.best_streak) == (3, 2, 0, 2)


def test_best_time_and_fewest_moves_come_from_won_games_only() -> None:
    games = [
        played("yukon", "won", moves=120, duration=400.0),
        played("yukon", "lost", moves=10, duration=30.0),
        played("yukon", "abandoned", moves=3, duration=5.0),
        played("yukon", "won", moves=90, duration=500.0),
    ]
    row = one_yukon(figures(games))
    assert row.best_time == 400.0
    assert row.fewest_moves == 90


def test_a_game_the_demo_played_in_counts_for_nothing() -> None:
    demo_won = played("yukon", "won", moves=60, duration=40.0, rules="spec", demo=True)
    demo_lost = played("yukon", "lost", rules="spec", demo=True)
    own = [played("yukon", "won", moves=120, duration=400.0), played("yukon", "lost")]
    row = one_yukon(figures([own[0], demo_won, demo_lost, own[1]]))
    assert row == one_yukon(figures(own))
    assert (row.played, row.won, row.best_time, row.fewest_moves) == (2, 1, 400.0, 120)
    assert figures([demo_won]).yukon == ()  # a variant only the demo played has no row
    assert one_yukon(figures([played("yukon", "won", demo=False)])).won == 1


def test_the_yukon_page_says_how_many_demo_games_it_leaves_out() -> None:
    def note(games: list[GameRecord]) -> str:
        [page] = [page for page in pages(figures(games)) if page.game == "yukon"]
        return page.note

    demo = played("yukon", "won", demo=True)
    assert note(yukon("won", "lost")) == ""
    assert note([demo]) == "1 game the demo played in is not counted."
    assert note([demo, *yukon("won"), demo, demo]) == "3 games the demo played in are not counted."
    # Only Yukon has a demo: the mark on another game's record is no Yukon game.
    assert note([played("gofish", "won", "easy", demo=True)]) == ""


def test_yukon_without_a_win_has_no_best_time_and_no_streak() -> None:
    row = one_yukon(figures(yukon("lost", "abandoned")))
    assert row == YukonFigures("spec", 2, 0, 0, 0, None, None)
    assert row.win_percent == 0.0


def test_each_rules_variant_has_its_own_figures_in_name_order() -> None:
    games = [*yukon("won", "won", variant="spec"), *yukon("lost", variant="classic"),
             *yukon("won", variant="spec")]
    classic, spec = figures(games).yukon
    assert (classic.rules, classic.played, classic.won) == ("classic", 1, 0)
    assert (spec.rules, spec.played, spec.won, spec.current_streak) == ("spec", 3, 3, 3)


def test_an_impossible_time_is_not_a_best_time() -> None:
    games = [played("yukon", "won", duration=math.inf),
             played("yukon", "won", duration=-4.0, moves=-1),
             played("yukon", "won", duration=61.0, moves=70)]
    row = one_yukon(figures(games))
    assert (row.best_time, row.fewest_moves) == (61.0, 70)


# ---------------------------------------------------------------- Go Fish


def test_go_fish_averages_the_books_it_can_read_per_level() -> None:
    games = [
        played("gofish", "won", "pro", books=5),
        played("gofish", "lost", "pro", books=3),
        played("gofish", "abandoned", "pro"),  # no books recorded
        played("gofish", "lost", "pro", books="many"),
        played("gofish", "lost", "pro", books=-2),
        played("gofish", "won", "easy", books=True),  # a bool is no count
    ]
    easy, pro = figures(games).gofish
    assert pro == GoFishFigures("pro", 5, 1, 4.0)
    assert easy == GoFishFigures("easy", 1, 1, None)


# ---------------------------------------------------------------- Poker


def test_poker_sums_hands_keeps_the_biggest_pot_and_each_sessions_chips() -> None:
    games = [
        played("poker", "won", "", hands=10, hands_won=4, biggest_pot=120, chips=50),
        played("poker", "lost", "", hands=5, hands_won=1, biggest_pot=300, chips=-80),
        played("poker", "abandoned", ""),  # nothing recorded: a session all the same
        played("poker", "lost", "", hands="7", hands_won=None, biggest_pot=[1], chips=2.5),
    ]
    poker = figures(games).poker
    assert (poker.sessions, poker.hands_played, poker.hands_won) == (4, 15, 5)
    assert poker.biggest_pot == 300
    assert poker.chips == (50, -80)
    assert poker.chips_total == -30


def test_poker_without_sessions_has_no_biggest_pot() -> None:
    poker = figures([]).poker
    assert (poker.sessions, poker.hands_played, poker.biggest_pot, poker.chips_total) == (
        0, 0, None, 0)


# ---------------------------------------------------------------- Pesten


def test_pesten_counts_rounds_and_wins_per_player_name() -> None:
    games = [
        played("pesten", "finished", players=["Anna", "Bram", "Cor"], winner="Anna"),
        played("pesten", "finished", players=["Anna", "Bram"], winner="Bram"),
        played("pesten", "finished", players=["Anna", "Cor"], winner="Anna"),
        played("pesten", "finished", players="Anna", winner="Anna"),  # not a list: no round
        played("pesten", "finished", players=["Anna", 5, "Anna", " "], winner="Zed"),
    ]
    assert figures(games).pesten == (
        PlayerFigures("Anna", 4, 2), PlayerFigures("Bram", 2, 1), PlayerFigures("Cor", 2, 0),
    )


def test_pesten_counts_matches_and_average_points_and_keeps_old_rounds() -> None:
    ended = {"kind": "points", "target": 100, "ended": True, "winner": "Bram"}
    going = {"kind": "points", "target": 100, "ended": False, "winner": None}
    games = [
        played("pesten", "finished", players=["Anna", "Bram"], winner="Anna"),  # before 15
        played("pesten", "finished", players=["Anna", "Bram"], winner="Bram",
               points=[30, 0], match=going),
        played("pesten", "finished", players=["Anna", "Bram"], winner="Bram",
               points=[75, 0], match=ended),
        played("pesten", "finished", players=["Anna", "Bram"], winner="Anna",
               points=[0, "x"], match={"ended": "yes", "winner": "Anna"}),  # damaged
    ]
    anna, bram = figures(games).pesten
    assert anna == PlayerFigures("Anna", 4, 2, 1, 0, 105, 2)
    assert bram == PlayerFigures("Bram", 4, 2, 1, 1, 0, 2)
    assert anna.average_points == 52.5
    assert PlayerFigures("Cor", 1, 0).average_points is None
    [json_anna, _] = as_json(figures(games))["pesten"]
    assert json_anna == {"name": "Anna", "rounds": 4, "wins": 2, "matches": 1,
                         "matches_won": 0, "average_points": 52.5}
    [page] = [page for page in pages(figures(games)) if page.game == "pesten"]
    assert page.tables[0].columns == ("Player", "Rounds", "Wins", "Matches", "Won",
                                      "Avg points")
    assert page.tables[0].rows[0] == ("Anna", "4", "2", "1", "0", "52.5")


def test_go_fish_and_poker_of_several_people_count_per_name_and_not_as_your_own() -> None:
    """A game several people played counts for each name at it (a shared win for each
    winner), Go Fish's books per seat make an average; the one-person figures (per level,
    Poker's sessions) leave those games out."""
    games = [
        played("gofish", "won", "pro", books=4),
        played("gofish", "finished", PEOPLE, players=["Anna", "Bea", "CPU 1"],
               winners=["Anna", "Bea"], points=[6, 6, 1]),
        played("gofish", "finished", PEOPLE, players=["Anna", "Bea"], winners=["Bea"],
               points=[3, 10]),
        played("gofish", "finished", PEOPLE, players=["Anna", "Bea"], winners="Bea",
               points=[3]),  # damaged: a game for both, no win, no books
        played("poker", "finished", PEOPLE, players=["Anna", "Bea"], winners=["Anna"]),
        played("poker", "lost", "", hands=3, hands_won=1, chips=-20),
    ]
    numbers = figures(games)
    assert numbers.gofish == (GoFishFigures("pro", 1, 1, 4.0),)
    bea, anna, cpu = numbers.gofish_people
    assert bea == PlayerFigures("Bea", 3, 2, points=16, scored=2)
    assert anna == PlayerFigures("Anna", 3, 1, points=9, scored=2)
    assert cpu == PlayerFigures("CPU 1", 1, 0, points=1, scored=1)
    assert numbers.poker.sessions == 1 and numbers.poker.chips == (-20,)
    assert numbers.poker_people == (PlayerFigures("Anna", 1, 1), PlayerFigures("Bea", 1, 0))
    assert numbers.pesten == ()

    data = as_json(numbers)
    assert data["gofish_people"][0] == {"name": "Bea", "games": 3, "wins": 2,
                                        "average_books": 8.0}
    assert data["poker_people"] == [{"name": "Anna", "games": 1, "wins": 1},
                                    {"name": "Bea", "games": 1, "wins": 0}]
    by_game = {page.game: page for page in pages(numbers)}
    level, people = by_game["gofish"].tables
    assert level.caption == "Per level"
    assert people.caption == "With several people"
    assert people.columns == ("Player", "Games", "Wins", "Avg books")
    assert people.rows[1] == ("Anna", "3", "1", "4.5")
    *_, poker_people = by_game["poker"].tables
    assert poker_people.columns == ("Player", "Games", "Wins")
    assert poker_people.rows == (("Anna", "1", "1"), ("Bea", "1", "0"))


def test_several_people_alone_fill_a_page_that_had_no_game_of_your_own() -> None:
    numbers = figures([played("poker", "finished", PEOPLE, players=["Anna", "Bea"],
                              winners=["Bea"])])
    [poker] = [page for page in pages(numbers) if page.game == "poker"]
    assert [table.caption for table in poker.tables] == ["With several people"]
    assert numbers.poker.sessions == 0


def test_games_tableau_does_not_know_are_left_out() -> None:
    numbers = figures([played("chess", "won"), *yukon("won")])
    assert one_yukon(numbers).played == 1
    assert numbers.gofish == () and numbers.pesten == () and numbers.poker.sessions == 0


# ---------------------------------------------------------------- from the store


def test_figures_of_games_recorded_in_the_store(tmp_path: Path) -> None:
    store = Store(tmp_path / "tableau.db", wall=iter(range(100, 200)).__next__)
    store.finish(played("yukon", "won", moves=80, duration=200.0), "won")
    store.finish(played("yukon", "won", moves=95, duration=150.0), "won")
    store.save(played("yukon", "", moves=12))  # an autosave, then a new game over it
    store.abandon("yukon")
    row = one_yukon(figures(store.finished()))
    assert (row.played, row.won, row.current_streak, row.best_streak) == (3, 2, 0, 2)
    assert (row.best_time, row.fewest_moves) == (150.0, 80)


def test_a_store_that_keeps_nothing_gives_a_sentence_not_figures(tmp_path: Path) -> None:
    assert read_finished(Store(None)) == "Statistics are not kept in this run."
    (tmp_path / "tableau.db").mkdir()
    assert read_finished(Store(tmp_path / "tableau.db")) == (
        "The statistics cannot be read: tableau.db is a folder, not tableau's database.")


def test_a_store_that_fails_to_read_gives_a_sentence_with_no_game_going_on(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "tableau.db")
    other = sqlite3.connect(tmp_path / "tableau.db")
    other.execute("DROP TABLE finished_games")
    other.close()
    assert read_finished(store) == ("The database failed (no such table: finished_games), so "
                                    "reading the statistics failed.")


# ---------------------------------------------------------------- tables and JSON


def test_nothing_finished_reads_as_one_sentence_per_game() -> None:
    found = {page.game: (page.title, page.tables, page.empty) for page in pages(figures([]))}
    assert list(found) == ["yukon", "pesten", "gofish", "poker"]
    assert found["yukon"] == ("Yukon", (), "No Yukon games finished yet.")
    assert found["pesten"] == ("Pesten", (), "No Pesten rounds finished yet.")
    assert found["gofish"][2] == "No Go Fish games finished yet."


def test_the_yukon_table_has_a_column_per_rules_variant() -> None:
    games = [played("yukon", "won", "classic", moves=88, duration=400.0),
             *yukon("won", "won", "lost", "won")]
    [yukon_page] = [page for page in pages(figures(games)) if page.game == "yukon"]
    [table] = yukon_page.tables
    assert table.columns == ("Rules", "classic", "spec")
    assert dict((row[0], row[1:]) for row in table.rows) == {
        "Played": ("1", "4"), "Won": ("1", "3"), "Win %": ("100%", "75%"),
        "Current streak": ("1", "1"), "Best streak": ("1", "2"),
        "Best time": ("6:40", "5:00"), "Fewest moves": ("88", "100"),
    }


def test_the_poker_page_lists_the_newest_sessions_first() -> None:
    games = [played("poker", "lost", "", chips=number) for number in range(1, 13)]
    [poker] = [page for page in pages(figures(games)) if page.game == "poker"]
    summary, sessions = poker.tables
    assert ("Chips", "+78") in summary.rows  # 1 + 2 + ... + 12
    assert sessions.caption == "Chips per session, newest first (the last 10)"
    assert len(sessions.rows) == RECENT_SESSIONS
    assert sessions.rows[0] == ("#12", "+12")
    assert sessions.rows[-1] == ("#3", "+3")


def test_json_has_stable_keys_and_no_numbers_json_cannot_hold() -> None:
    games = [played("yukon", "won", duration=61.26, moves=70),
             played("gofish", "lost", "pro", books=2),
             played("poker", "won", "", hands=3, hands_won=2, biggest_pot=40, chips=-5),
             played("pesten", "finished", players=["Anna"], winner="Anna")]
    data = json.loads(json.dumps(as_json(figures(games)), allow_nan=False))
    assert data == {
        "yukon": [{"rules": "spec", "played": 1, "won": 1, "win_percent": 100.0,
                   "current_streak": 1, "best_streak": 1, "best_time": 61.2,
                   "fewest_moves": 70}],
        "gofish": [{"level": "pro", "played": 1, "won": 0, "average_books": 2.0}],
        "poker": {"sessions": 1, "hands_played": 3, "hands_won": 2, "biggest_pot": 40,
                  "chips": [-5], "chips_total": -5},
        "pesten": [{"name": "Anna", "rounds": 1, "wins": 1, "matches": 0, "matches_won": 0,
                    "average_points": None}],
        "gofish_people": [],
        "poker_people": [],
        "yukon_demo_games": 0,
    }


# ---------------------------------------------------------------- properties

odd_values = st.none() | st.booleans() | st.integers(-3, 400) | st.floats() | st.just("7")
names = st.lists(st.sampled_from(["Anna", "Bram", "Cor", ""]) | odd_values, max_size=4)
records = st.builds(
    GameRecord,
    game=st.sampled_from(["yukon", "gofish", "poker", "pesten", "other"]),
    variant=st.sampled_from(["spec", "classic", "pro", "", PEOPLE]),
    seed=st.none(),
    config=st.just({}),
    started=st.just(0.0),
    moves=st.integers(-5, 500),
    duration=st.floats(allow_nan=False),
    details=st.dictionaries(
        st.sampled_from(["books", "hands", "hands_won", "biggest_pot", "chips", "players",
                         "winner", "winners", "points"]),
        odd_values | names | st.sampled_from(["Anna", "Bram"]), max_size=7),
    result=st.sampled_from(RESULTS),
)


@given(st.lists(records, max_size=30))
def test_figures_are_consistent_whatever_the_records_hold(games: list[GameRecord]) -> None:
    numbers = figures(games)
    json.dumps(as_json(numbers), allow_nan=False)
    pages(numbers)
    for row in numbers.yukon:
        ended = [game for game in games if game.game == "yukon" and game.variant == row.rules]
        assert 0 <= row.won <= row.played == len(ended)
        assert row.current_streak <= row.best_streak <= row.won
        assert row.win_percent == 100 * row.won / row.played
        trailing = 0
        for game in reversed(ended):
            if game.result != "won":
                break
            trailing += 1
        assert row.current_streak == trailing
    for level in numbers.gofish:
        assert 0 <= level.won <= level.played
    for player in (*numbers.pesten, *numbers.gofish_people, *numbers.poker_people):
        assert 0 <= player.wins <= player.rounds
        assert 0 <= player.matches_won <= player.matches <= player.rounds
        assert player.scored <= player.rounds


@given(st.lists(records, max_size=20), st.randoms(use_true_random=False))
def test_only_streaks_and_the_order_of_sessions_depend_on_the_order_of_games(
    games: list[GameRecord], chance: Any
) -> None:
    shuffled = list(games)
    chance.shuffle(shuffled)

    def without_order(numbers: Figures) -> Figures:
        """The figures but the streaks, and the sessions' chips as a bag."""
        return replace(
            numbers,
            yukon=tuple(replace(row, current_streak=0, best_streak=0) for row in numbers.yukon),
            poker=replace(numbers.poker, chips=tuple(sorted(numbers.poker.chips))),
        )

    first, second = figures(games), figures(shuffled)
    assert without_order(first) == without_order(second)
    assert [row.best_streak <= row.won for row in second.yukon] == [True] * len(second.yukon)
