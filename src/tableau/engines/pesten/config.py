"""Pesten's set-up: the table's limits, the house rules and ``Config``.

The one rule for a seat's name is ``tableau.engines.names`` (``name_problem``, shared with
Poker): the set-up screen, the line mode and ``Config`` all ask it, so a name is refused with
the same sentence everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tableau.cards import FULL_DECK
from tableau.engines.names import CPU_MARK as CPU_MARK
from tableau.engines.names import MAX_NAME_LENGTH as MAX_NAME_LENGTH
from tableau.engines.names import name_problem as name_problem
from tableau.engines.names import name_width as name_width
from tableau.engines.names import names_problem

GAME: Final = "pesten"
VERSION: Final = 1

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 8
PACKS_RANGE: Final = (1, 4)
"""The fewest and the most packs a table plays with."""
MAX_JOKERS: Final = 2
"""Jokers per pack."""
HAND_SIZE: Final = 7
JOKER_TAKE: Final = 5
"""Cards a joker makes the next player take (it stacks, like a 2's two)."""
PENALTY: Final = 2
"""Cards taken for calling "last card" with more cards left; a forgotten call costs the
same unless the house says 5 (``Config.forgot_penalty``)."""
SPECIAL_FINISH_PENALTY: Final = 5
"""Cards taken by a player who goes out on a special card when the house forbids it."""

HOUSE_RULES: Final = ("forgot_penalty", "sets_are_series", "wrap_runs", "either_order",
                      "special_finish")
"""The house-rule switches of ``Config``, as the set-up, the settings and the records name
them (docs/rules/pesten.md, "House rules")."""

MATCH_KINDS: Final = ("open", "wins", "points")
"""How a match ends: never (round after round), at a number of round wins, or when a
player's points reach a limit (the fewest points then wins the match)."""
WINS_RANGE: Final = (1, 50)
POINTS_RANGE: Final = (10, 10_000)
CARD_POINTS_MAX: Final = 500
CARD_POINT_NAMES: Final = ("joker", "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                           "jack", "queen", "king")
"""What each place of ``Config.card_points`` counts: the joker first, then ace to king."""
DEFAULT_CARD_POINTS: Final = (50, 11, 20, 3, 4, 5, 6, 20, 20, 9, 20, 25, 10, 20)
"""The points a card left in a hand counts against its holder (docs/rules/pesten.md):
the specials (2, 7, 8, 10, jack, king, joker) count more than their face."""



def _default_names(players: int) -> tuple[str, ...]:
    return tuple(f"Player {seat + 1}" for seat in range(players))


def whole(value: object) -> bool:
    """A whole number (a bool is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def config_problem(
    players: object,
    packs: object = 1,
    jokers: object = 2,
    names: object = (),
    dealer: object = 0,
    seed: object = 0,
) -> str | None:
    """The sentence that explains why this set-up cannot be played, or None if it can."""
    if not whole(players):
        return "The number of players must be a whole number."
    if not whole(packs):
        return "The number of packs must be a whole number."
    if not whole(jokers):
        return "The number of jokers must be a whole number."
    if not whole(seed):
        return "The seed must be a whole number."
    assert isinstance(players, int) and isinstance(packs, int) and isinstance(jokers, int)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        return f"Pesten needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}."
    if not PACKS_RANGE[0] <= packs <= PACKS_RANGE[1]:
        return f"Play with {PACKS_RANGE[0]} to {PACKS_RANGE[1]} packs, not {packs}."
    if not 0 <= jokers <= MAX_JOKERS:
        return f"Each pack holds 0 to {MAX_JOKERS} jokers, not {jokers}."
    needed = players * HAND_SIZE + 1
    if len(FULL_DECK) * packs < needed:
        pack_words = "One pack" if packs == 1 else f"{packs} packs"
        return (
            f"{pack_words} cannot deal {HAND_SIZE} cards to {players} players and turn a "
            f"starting card; use more packs or fewer players."
        )
    if not whole(dealer):
        return "The dealer must be a seat number."
    assert isinstance(dealer, int)
    if not 0 <= dealer < players:
        return f"The dealer must be one of the {players} seats."
    return names_problem(names, players)


def house_problem(config: Config) -> str | None:
    """The sentence that explains why these house rules or this match cannot be played."""
    if config.forgot_penalty not in (2, 5) or type(config.forgot_penalty) is not int:
        return "A forgotten last card costs 2 or 5 cards."
    for switch in HOUSE_RULES[1:]:  # the on/off ones
        if type(getattr(config, switch)) is not bool:
            return f"The house rule '{switch}' must be on or off."
    if config.match not in MATCH_KINDS:
        return "A match is played to a number of round wins, to a points limit, or open."
    if not whole(config.target):
        return "The match target must be a whole number."
    if config.match == "wins" and not WINS_RANGE[0] <= config.target <= WINS_RANGE[1]:
        return f"Play to {WINS_RANGE[0]} to {WINS_RANGE[1]} round wins, not {config.target}."
    if config.match == "points" and not POINTS_RANGE[0] <= config.target <= POINTS_RANGE[1]:
        return (f"The points limit must be {POINTS_RANGE[0]} to {POINTS_RANGE[1]}, "
                f"not {config.target}.")
    points = config.card_points
    if not isinstance(points, (tuple, list)) or len(points) != len(CARD_POINT_NAMES):
        return f"The points table needs {len(CARD_POINT_NAMES)} values, joker to king."
    for name, value in zip(CARD_POINT_NAMES, points, strict=True):
        if not whole(value) or not 0 <= value <= CARD_POINTS_MAX:
            return f"A {name} may count 0 to {CARD_POINTS_MAX} points."
    return None


@dataclass(frozen=True, slots=True)
class Config:
    """A Pesten table. Constructing an impossible one raises ValueError with a sentence."""

    players: int = 4
    packs: int = 1
    jokers: int = 2
    seed: int = 0
    names: tuple[str, ...] = ()
    dealer: int = 0
    # House-rule switches; the defaults are the van Dongen rules (docs/rules/pesten.md).
    forgot_penalty: int = PENALTY
    """Cards taken for a forgotten last-card call: 2 or 5."""
    sets_are_series: bool = True
    """A set is a series for the last-card rule, as a 7 is (the seed's reading)."""
    wrap_runs: bool = False
    """Runs may go round the corner through the ace: K-A-2."""
    either_order: bool = False
    """A two-card set made with the top card may be played in either order."""
    special_finish: bool = True
    """Going out on a special card is allowed; when False it costs 5 cards instead."""
    # The match.
    match: str = "open"
    """One of MATCH_KINDS."""
    target: int = 0
    """Round wins (match "wins") or the points limit (match "points") that ends the match."""
    card_points: tuple[int, ...] = DEFAULT_CARD_POINTS
    """Points per card left in a hand at a round's end, in CARD_POINT_NAMES order."""

    def __post_init__(self) -> None:
        problem = config_problem(
            self.players, self.packs, self.jokers, self.names, self.dealer, self.seed
        ) or house_problem(self)
        if problem is not None:
            raise ValueError(problem)
        object.__setattr__(self, "card_points", tuple(self.card_points))
        names = tuple(name.strip() for name in self.names) or _default_names(self.players)
        object.__setattr__(self, "names", names)
