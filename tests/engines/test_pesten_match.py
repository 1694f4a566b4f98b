"""A Pesten match: points across rounds, the three match kinds, standings, and the points
table of docs/rules/pesten.md ("Scores across rounds"), through the public engine API."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path

import pytest
from pesten_positions import play
from pesten_positions import table

from tableau.engines import IllegalMove
from tableau.engines import pesten as p
from tableau.engines.pesten import DRAW
from tableau.engines.pesten import Phase

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules" / "pesten.md"


def points_table_of_the_rules() -> dict[str, int]:
    """The rows of the markdown table under "Scores across rounds", by lower-case card."""
    section = RULES.read_text(encoding="utf-8").split("## Scores across rounds", 1)[1]
    section = section.split("\n## ", 1)[0]
    rows = re.findall(r"^\|\s*([^|]+?)\s*\|\s*(\d+)\s*\|\s*$", section, re.MULTILINE)
    return {name.lower(): int(points) for name, points in rows}


def test_the_points_table_in_the_rules_is_the_engines_default() -> None:
    documented = points_table_of_the_rules()
    assert list(documented) == list(p.CARD_POINT_NAMES)
    assert tuple(documented.values()) == p.DEFAULT_CARD_POINTS


def test_every_special_counts_more_than_every_plain_card_by_default() -> None:
    points = dict(zip(p.CARD_POINT_NAMES, p.DEFAULT_CARD_POINTS, strict=True))
    specials = {"joker", "2", "7", "8", "10", "jack", "king"}
    assert min(points[name] for name in specials) > max(
        points[name] for name in points if name not in specials
    )


def ending(*hands: str, wins: tuple[int, ...] = (0, 0, 0), points: tuple[int, ...] = (0, 0, 0),
           **match: object) -> p.State:
    """Anna goes out with 5♥ on 5♠; the other hands are left as given."""
    state = table("5H", *hands, top="5S", stock="3C 4C 9D", **match)
    return p.apply(dataclasses.replace(state, wins=wins, points=points), play("5H"))


def test_the_cards_left_count_against_their_holders_and_the_winner_scores_nothing() -> None:
    after = ending("KC 2D", "JK 3C", points=(7, 1, 0))
    assert after.points == (7, 1 + 20 + 20, 50 + 3)
    assert p.view(after, 2).points == after.points


def test_a_blocked_round_scores_the_same_way() -> None:
    state = table("9C", "KD 2D", "3D", top="5H", stock="")
    state = dataclasses.replace(state, passes=2)
    after = p.apply(state, DRAW)
    assert p.round_blocked(after) and after.winner == 2  # the first after the dealer
    assert after.points == (9, 40, 0)


def test_an_open_match_never_ends() -> None:
    after = ending("KC 2D", "JK 3C", wins=(49, 0, 0), points=(0, 9000, 0))
    assert not p.match_over(after) and p.match_winner(after) is None
    assert p.next_round(after).round == after.round + 1


@pytest.mark.parametrize("target", [2, 3])
def test_a_match_to_round_wins_ends_exactly_at_the_target(target: int) -> None:
    after = ending("KC 2D", "JK 3C", wins=(1, 1, 0), match="wins", target=target)
    assert after.wins == (2, 1, 0)
    assert p.match_over(after) is (target == 2)
    if target == 2:
        assert p.match_winner(after) == 0 and p.standings(after) == (0, 1, 2)
        with pytest.raises(IllegalMove, match="The match is over"):
            p.next_round(after)
    else:
        assert p.match_winner(after) is None and p.next_round(after).round == 2


@pytest.mark.parametrize(("before", "over"), [(59, False), (60, True)])
def test_a_match_to_a_points_limit_ends_when_someone_reaches_it_and_the_fewest_win(
    before: int, over: bool,
) -> None:
    # Bram's K♣ 2♦ count 40: 59 + 40 stays under 100, 60 + 40 reaches it.
    after = ending("KC 2D", "3C", points=(5, before, 0), match="points", target=100)
    assert p.match_over(after) is over
    assert p.standings(after) == (2, 0, 1)  # 3 points, 5 points, then Bram
    assert p.match_winner(after) == (2 if over else None)


def test_a_match_is_not_over_while_its_round_runs() -> None:
    state = table("5H 6H", "KC 2D", top="5S", match="wins", target=1)
    state = dataclasses.replace(state, wins=(3, 0))
    assert state.phase is Phase.PLAY and not p.match_over(state)


def test_standings_break_ties_by_the_other_count_then_by_seat() -> None:
    state = dataclasses.replace(
        table("5H", "5D", "5C", "5S", top="9S"), wins=(1, 2, 2, 2), points=(10, 30, 20, 10)
    )
    assert p.standings(state) == (3, 2, 1, 0)  # by wins, then fewer points
    state = dataclasses.replace(state, config=dataclasses.replace(
        state.config, match="points", target=500))
    assert p.standings(state) == (3, 0, 2, 1)  # by points, then more wins
    state = dataclasses.replace(state, wins=(2, 2, 2, 2))
    assert p.standings(state) == (0, 3, 2, 1)  # then by seat


def test_a_custom_points_table_counts_and_round_trips_through_json() -> None:
    custom = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
    after = ending("KC 2D", "JK 3C", card_points=custom, match="points", target=10,
                   forgot_penalty=5, wrap_runs=True, either_order=True,
                   special_finish=False, sets_are_series=False)
    assert after.points == (0, 15, 3)
    # A whole dealt round with these house rules, saved and loaded.
    state = p.new_game(after.config)
    chooser = random.Random(5)
    while state.phase is not Phase.OVER:
        state = p.apply(state, chooser.choice(p.shortlist(state)))
    again = p.from_json(json.loads(json.dumps(p.to_json(state))))
    assert again == state and again.config == after.config and sum(again.points) > 0
