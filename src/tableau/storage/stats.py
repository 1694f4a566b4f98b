"""The statistics: figures worked out from the finished games of the store (``read_finished``),
and the same figures as tables of words, which the statistics screen and ``tableau stats``
both show.

The figures are pure (no I/O). The records come from disk, so a detail that is missing or of
an odd type is treated as absent, never as an error. "abandoned" counts as a loss, like
"lost".

- Yukon, per rules variant: played, won, win %, the current and the best streak of wins (in the
  order the games ended), the best time and the fewest moves of a won game. A game the demo
  played in (``details["demo"]``) is the demo's, not the player's: no figure counts it, and
  the Yukon page's note says how many were left out.
- Go Fish, per level: played, won, average books (``details["books"]``).
- Poker: hands played and won (sums of ``details["hands"]`` and ``details["hands_won"]``), the
  biggest pot won (``details["biggest_pot"]``), and each session's chip result
  (``details["chips"]``) with their total.
- Pesten, per player name: rounds and round wins (``details["players"]``,
  ``details["winner"]``), matches played and won (rounds whose ``details["match"]`` says
  ``"ended"``, with its ``"winner"``), and the average points per round over the rounds that
  recorded them (``details["points"]``, one per seat). Older rounds without these details
  count only as rounds.
- Go Fish and Poker played by several people (variant ``PEOPLE``: at one screen or at a
  table), per player name as Pesten's: games (``details["players"]``), wins
  (``details["winners"]``, all who share the win) and, for Go Fish, the average books
  (``details["points"]``, one per seat). The one-person figures above leave these games out:
  they are nobody's own game alone.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import Final
from typing import TypeGuard

from tableau.registry import REGISTRY
from tableau.storage.store import GameRecord
from tableau.storage.store import Store
from tableau.storage.store import StoreProblem
from tableau.text import clock_text

RECENT_SESSIONS: Final = 10
"""How many Poker sessions the tables list (the total counts them all)."""
NAME_LENGTH: Final = 40
"""Longer names and variants from disk are cut to this."""
PEOPLE: Final = "people"
"""The variant of a Go Fish or Poker game several people played (its details name them)."""
HELPED: Final = "demo"
"""The detail (true) of a Yukon game the demo played in: the statistics leave it out."""
NONE: Final = "–"
"""A figure there is nothing yet to work out from (no won game has a best time)."""


@dataclass(frozen=True, slots=True)
class YukonFigures:
    rules: str
    played: int
    won: int
    current_streak: int
    best_streak: int
    best_time: float | None
    """Seconds of the fastest won game, cut to the tenth below."""
    fewest_moves: int | None

    @property
    def win_percent(self) -> float:
        return 100 * self.won / self.played if self.played else 0.0


@dataclass(frozen=True, slots=True)
class GoFishFigures:
    level: str
    played: int
    won: int
    average_books: float | None


@dataclass(frozen=True, slots=True)
class PokerFigures:
    sessions: int
    hands_played: int
    hands_won: int
    biggest_pot: int | None
    chips: tuple[int, ...]
    """Each session's chip result, oldest first."""

    @property
    def chips_total(self) -> int:
        return sum(self.chips)


@dataclass(frozen=True, slots=True)
class PlayerFigures:
    name: str
    rounds: int
    wins: int
    matches: int = 0
    """Matches that ended with a round this player sat in."""
    matches_won: int = 0
    points: int = 0
    """Points over the rounds that recorded them (``scored``)."""
    scored: int = 0

    @property
    def average_points(self) -> float | None:
        """Points per round, over the rounds that recorded points."""
        return self.points / self.scored if self.scored else None


@dataclass(frozen=True, slots=True)
class Figures:
    yukon: tuple[YukonFigures, ...]
    """One per rules variant, by name."""
    gofish: tuple[GoFishFigures, ...]
    """One per level, by name."""
    poker: PokerFigures
    pesten: tuple[PlayerFigures, ...]
    """Most wins first, then most rounds, then by name."""
    gofish_people: tuple[PlayerFigures, ...] = ()
    """Go Fish with several people, per player as ``pesten`` (``rounds`` counts games,
    ``points`` books)."""
    poker_people: tuple[PlayerFigures, ...] = ()
    """Poker with several people, per player (``rounds`` counts games)."""
    yukon_demo_games: int = 0
    """Yukon games the demo played in: left out of ``yukon``, counted here to say so."""


def read_finished(store: Store) -> list[GameRecord] | str:
    """The finished games of ``store``, or the sentence that says why they cannot be read.
    (The store's own sentences speak of a game that goes on; here none does.)"""
    if not store.enabled:
        if store.problem is None:
            return "Statistics are not kept in this run."
        return store.problem.replace("Games are not saved in this run",
                                     "The statistics cannot be read")
    try:
        return store.finished()
    except StoreProblem as problem:
        return plainly(problem)


def plainly(problem: StoreProblem) -> str:
    """The store's sentence without its "the game goes on": no game is on here."""
    return str(problem).split(";")[0] + "."


def figures(records: Iterable[GameRecord]) -> Figures:
    """The figures of ``records``, finished games in the order they ended (oldest first, as
    ``Store.finished()`` gives them). Games tableau does not know, and games the demo played
    in, are left out."""
    by_game: dict[str, list[GameRecord]] = {}
    demo_games = 0
    for record in records:
        if record.details.get(HELPED) is True:
            demo_games += record.game == "yukon"
            continue  # the demo's game, not the player's
        game = record.game + (f"/{PEOPLE}" if record.variant == PEOPLE else "")
        by_game.setdefault(game, []).append(record)
    return Figures(
        yukon=tuple(_yukon(rules, games) for rules, games in _by_variant(by_game.get("yukon"))),
        gofish=tuple(_gofish(level, games)
                     for level, games in _by_variant(by_game.get("gofish"))),
        poker=_poker(by_game.get("poker", [])),
        pesten=_per_player(by_game.get("pesten", [])),
        gofish_people=_per_player(by_game.get(f"gofish/{PEOPLE}", [])),
        poker_people=_per_player(by_game.get(f"poker/{PEOPLE}", [])),
        yukon_demo_games=demo_games,
    )


def _by_variant(records: list[GameRecord] | None) -> list[tuple[str, list[GameRecord]]]:
    groups: dict[str, list[GameRecord]] = {}
    for record in records or ():
        groups.setdefault(record.variant[:NAME_LENGTH], []).append(record)
    return sorted(groups.items())


def _won(record: GameRecord) -> bool:
    return record.result == "won"


def _yukon(rules: str, games: list[GameRecord]) -> YukonFigures:
    current = best = 0
    for game in games:
        current = current + 1 if _won(game) else 0
        best = max(best, current)
    won = [game for game in games if _won(game)]
    times = [game.duration for game in won if math.isfinite(game.duration) and game.duration >= 0]
    moves = [game.moves for game in won if game.moves >= 0]
    fastest = min(times, default=None)
    return YukonFigures(rules, len(games), len(won), current, best,
                        None if fastest is None else _tenths_down(fastest),
                        min(moves, default=None))


def _tenths_down(seconds: float) -> float:
    """The best time cut to the tenth below, as a clock shows it (144.96 s: 144.9 s, 2:24),
    so the table, ``--json`` and the game's own clock never disagree."""
    tenths = round(seconds, 1)
    return tenths if tenths <= seconds else round(tenths - 0.1, 1)


def _gofish(level: str, games: list[GameRecord]) -> GoFishFigures:
    books = [count for game in games if (count := _count(game.details, "books")) is not None]
    average = sum(books) / len(books) if books else None
    return GoFishFigures(level, len(games), sum(map(_won, games)), average)


def _poker(games: list[GameRecord]) -> PokerFigures:
    def counts(key: str) -> list[int]:
        return [count for game in games if (count := _count(game.details, key)) is not None]

    chips = [chips for game in games if _whole(chips := game.details.get("chips"))]
    return PokerFigures(len(games), sum(counts("hands")), sum(counts("hands_won")),
                        max(counts("biggest_pot"), default=None), tuple(chips))


def _per_player(rounds: list[GameRecord]) -> tuple[PlayerFigures, ...]:
    """Each name's figures over the rounds (or games) it sat in, whoever else sat there."""
    counts: dict[str, Counter[str]] = {}
    for game in rounds:
        details = game.details
        names = _names(details.get("players"))
        for name in names:
            counts.setdefault(name, Counter())["rounds"] += 1
        won = ((key, winner) for key, winners in (
            ("wins", _names(details.get("winners", [details.get("winner")]))),
            ("matches_won", _names([_match_winner(details)]))) for winner in winners)
        for key, winner in won:
            if winner in names:
                counts[winner][key] += 1
        if _match_ended(details):
            for name in names:
                counts[name]["matches"] += 1
        for name, points in _round_points(details).items():
            counts[name]["points"] += points
            counts[name]["scored"] += 1
    players = [PlayerFigures(name, figure["rounds"], figure["wins"], figure["matches"],
                             figure["matches_won"], figure["points"], figure["scored"])
               for name, figure in counts.items()]
    return tuple(sorted(players, key=lambda player: (-player.wins, -player.rounds, player.name)))


def _match_winner(details: Mapping[str, Any]) -> object:
    return details["match"].get("winner") if _match_ended(details) else None


def _match_ended(details: Mapping[str, Any]) -> bool:
    match = details.get("match")
    return isinstance(match, Mapping) and match.get("ended") is True


def _round_points(details: Mapping[str, Any]) -> dict[str, int]:
    """Each player's points in the round, when the record has one whole number of at least
    0 per seat (else none: an odd record says nothing about points)."""
    players, points = details.get("players"), details.get("points")
    if (not isinstance(players, list) or not isinstance(points, list)
            or len(players) != len(points)
            or not all(_whole(value) and value >= 0 for value in points)):
        return {}
    names = _names(players)
    return {name[:NAME_LENGTH]: value for name, value in zip(players, points, strict=True)
            if isinstance(name, str) and name[:NAME_LENGTH] in names}


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _count(details: Mapping[str, Any], key: str) -> int | None:
    """``details[key]`` if it is a whole number of at least 0, else None."""
    value = details.get(key)
    return value if _whole(value) and value >= 0 else None


def _names(value: Any) -> tuple[str, ...]:
    """The distinct player names of a list from disk (other entries are left out)."""
    if not isinstance(value, list):
        return ()
    return tuple(dict.fromkeys(name[:NAME_LENGTH] for name in value
                               if isinstance(name, str) and name.strip()))


# ---------------------------------------------------------------------- as JSON


def as_json(numbers: Figures) -> dict[str, Any]:
    """The figures with the stable keys ``tableau stats --json`` documents."""
    poker = numbers.poker
    return {
        "yukon": [
            {"rules": row.rules, "played": row.played, "won": row.won,
             "win_percent": round(row.win_percent, 1), "current_streak": row.current_streak,
             "best_streak": row.best_streak,
             "best_time": None if row.best_time is None else round(row.best_time, 1),
             "fewest_moves": row.fewest_moves}
            for row in numbers.yukon
        ],
        "gofish": [
            {"level": row.level, "played": row.played, "won": row.won,
             "average_books": None if row.average_books is None else round(row.average_books, 2)}
            for row in numbers.gofish
        ],
        "poker": {"sessions": poker.sessions, "hands_played": poker.hands_played,
                  "hands_won": poker.hands_won, "biggest_pot": poker.biggest_pot,
                  "chips": list(poker.chips), "chips_total": poker.chips_total},
        "pesten": [{"name": row.name, "rounds": row.rounds, "wins": row.wins,
                    "matches": row.matches, "matches_won": row.matches_won,
                    "average_points": None if row.average_points is None
                    else round(row.average_points, 2)}
                   for row in numbers.pesten],
        "gofish_people": [{"name": row.name, "games": row.rounds, "wins": row.wins,
                           "average_books": None if row.average_points is None
                           else round(row.average_points, 2)}
                          for row in numbers.gofish_people],
        "poker_people": [{"name": row.name, "games": row.rounds, "wins": row.wins}
                         for row in numbers.poker_people],
        "yukon_demo_games": numbers.yukon_demo_games,
    }


# ---------------------------------------------------------------------- as tables of words


@dataclass(frozen=True, slots=True)
class Table:
    caption: str
    columns: tuple[str, ...]
    """Headings (all blank: the table has none); the first column names the rows, the
    others hold figures."""
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Page:
    """One game's statistics: its tables, or the sentence that says there are none yet."""

    game: str
    title: str
    tables: tuple[Table, ...]
    empty: str
    note: str = ""
    """A line under the tables (or the empty sentence) about what they leave out."""


def pages(numbers: Figures) -> tuple[Page, ...]:
    """Each game's tables, in menu order."""
    poker = numbers.poker
    built = {
        "yukon": _across("Per rules variant", "Rules", numbers.yukon, [
            ("Played", lambda row: str(row.played)),
            ("Won", lambda row: str(row.won)),
            ("Win %", lambda row: f"{row.win_percent:.0f}%"),
            ("Current streak", lambda row: str(row.current_streak)),
            ("Best streak", lambda row: str(row.best_streak)),
            ("Best time", lambda row: _time(row.best_time)),
            ("Fewest moves", lambda row: _figure(row.fewest_moves)),
        ], lambda row: row.rules),
        "gofish": _across("Per level", "Level", numbers.gofish, [
            ("Played", lambda row: str(row.played)),
            ("Won", lambda row: str(row.won)),
            ("Average books", lambda row: _figure(row.average_books)),
        ], lambda row: row.level) + _people(numbers.gofish_people, "Avg books"),
        "poker": () if not poker.sessions else (
            Table("All sessions", ("", ""), (
                ("Sessions", str(poker.sessions)),
                ("Hands played", str(poker.hands_played)),
                ("Hands won", str(poker.hands_won)),
                ("Biggest pot won", _figure(poker.biggest_pot)),
                ("Chips", f"{poker.chips_total:+d}"),
            )),
            Table("Chips per session, newest first" + (
                f" (the last {RECENT_SESSIONS})" if len(poker.chips) > RECENT_SESSIONS else ""
            ), ("Session", "Chips"), tuple(
                (f"#{number}", f"{chips:+d}")
                for number, chips in reversed(list(enumerate(poker.chips, start=1)))
            )[:RECENT_SESSIONS]),
        ),
        "pesten": () if not numbers.pesten else (
            Table("Per player", ("Player", "Rounds", "Wins", "Matches", "Won", "Avg points"),
                  tuple((row.name, str(row.rounds), str(row.wins), str(row.matches),
                         str(row.matches_won), _figure(row.average_points))
                        for row in numbers.pesten)),
        ),
    }
    built["poker"] += _people(numbers.poker_people)
    notes = {"yukon": _demo_note(numbers.yukon_demo_games)}
    return tuple(
        Page(game.key, game.title, built[game.key],
             f"No {game.title} {'rounds' if game.key == 'pesten' else 'games'} finished yet.",
             notes.get(game.key, ""))
        for game in REGISTRY
    )


def _demo_note(games: int) -> str:
    if not games:
        return ""
    return (f"{games} game{'' if games == 1 else 's'} the demo played in "
            f"{'is' if games == 1 else 'are'} not counted.")


def _people(players: Sequence[PlayerFigures], points: str = "") -> tuple[Table, ...]:
    """The games several people played (at one screen or at a table), a line per player;
    ``points`` heads the column of the average points, if the game has one."""
    if not players:
        return ()
    columns = ("Player", "Games", "Wins", *((points,) if points else ()))
    return (Table("With several people", columns, tuple(
        (row.name, str(row.rounds), str(row.wins),
         *((_figure(row.average_points),) if points else ()))
        for row in players)),)


def _across(caption: str, corner: str, columns: Sequence[Any], lines: list[tuple[str, Any]],
            heading: Any) -> tuple[Table, ...]:
    """A table with a column per variant and a line per figure (narrow enough for 80
    columns however many figures there are)."""
    if not columns:
        return ()
    return (Table(caption, (corner, *(heading(column) for column in columns)), tuple(
        (name, *(shown(column) for column in columns)) for name, shown in lines)),)


def _figure(value: float | None) -> str:
    if value is None:
        return NONE
    return str(value) if isinstance(value, int) else f"{value:.1f}"


def _time(seconds: float | None) -> str:
    """"4:07", or "1:02:07" past the hour."""
    if seconds is None:
        return NONE
    return clock_text(seconds)
