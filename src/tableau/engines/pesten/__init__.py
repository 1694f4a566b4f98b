"""Pesten, the Dutch shedding game, with the van Dongen house rules.

Pure and immutable: a ``State`` is a frozen snapshot, ``apply`` returns a new one, and all
randomness comes from the seed kept in the state. The rulings where the house rules leave
room are written down in ``docs/rules/pesten.md``; the comments name them briefly.

House rules (``Config`` fields, van Dongen by default; "House rules" in the rules file):
``forgot_penalty`` (a forgotten last-card call costs 2 or 5), ``sets_are_series`` (a set is a
series for the last-card rule), ``wrap_runs`` (K-A-2 is a run), ``either_order`` (two cards
with the top card may come in either order) and ``special_finish`` (going out on one of
``SPECIALS`` wins, or costs ``SPECIAL_FINISH_PENALTY`` cards). A match (``Config.match``) is
open, to round wins or to a points limit; ``hand_points`` scores a hand at a round's end.

Cards: ``tableau.cards.Card`` and ``JOKER``. With several packs identical cards occur; they are
interchangeable everywhere. A hand keeps the order in which its cards arrived, the stock deals
from its end, and the last card of the discard pile (``pile``) is its top.

Where things are:

- ``config``: the table's limits, the house rules and ``Config`` (it asks the one seat-name
  rule, ``tableau.engines.names.name_problem``, shared with Poker);
- ``values``: ``Phase``, ``Event`` (fields; ``wording.describe`` words it), the moves,
  ``State`` (the one list of a snapshot's fields) and ``View``;
- ``rules``: which card fits, sets, the deal, scores, ``outcome`` and the match;
- ``moves``: ``legal_moves`` (the one source of legality), the CPUs' ``shortlist``,
  ``why_illegal`` and ``view``;
- ``playing``: ``apply``;
- ``wording``: ``describe(event, viewer)``, the one place a sentence is made;
- ``saves``: ``to_json`` and ``from_json``;
- ``_fast``: the speed tricks (card keys, the set finder, snapshots, the kept listing).
"""

from __future__ import annotations

from tableau.cards import JOKER as JOKER
from tableau.engines.pesten._fast import SET_CAP as SET_CAP
from tableau.engines.pesten.config import CARD_POINT_NAMES as CARD_POINT_NAMES
from tableau.engines.pesten.config import CARD_POINTS_MAX as CARD_POINTS_MAX
from tableau.engines.pesten.config import CPU_MARK as CPU_MARK
from tableau.engines.pesten.config import DEFAULT_CARD_POINTS as DEFAULT_CARD_POINTS
from tableau.engines.pesten.config import GAME as GAME
from tableau.engines.pesten.config import HAND_SIZE as HAND_SIZE
from tableau.engines.pesten.config import HOUSE_RULES as HOUSE_RULES
from tableau.engines.pesten.config import JOKER_TAKE as JOKER_TAKE
from tableau.engines.pesten.config import MATCH_KINDS as MATCH_KINDS
from tableau.engines.pesten.config import MAX_JOKERS as MAX_JOKERS
from tableau.engines.pesten.config import MAX_NAME_LENGTH as MAX_NAME_LENGTH
from tableau.engines.pesten.config import MAX_PLAYERS as MAX_PLAYERS
from tableau.engines.pesten.config import MIN_PLAYERS as MIN_PLAYERS
from tableau.engines.pesten.config import PACKS_RANGE as PACKS_RANGE
from tableau.engines.pesten.config import PENALTY as PENALTY
from tableau.engines.pesten.config import POINTS_RANGE as POINTS_RANGE
from tableau.engines.pesten.config import SPECIAL_FINISH_PENALTY as SPECIAL_FINISH_PENALTY
from tableau.engines.pesten.config import VERSION as VERSION
from tableau.engines.pesten.config import WINS_RANGE as WINS_RANGE
from tableau.engines.pesten.config import Config as Config
from tableau.engines.pesten.config import config_problem as config_problem
from tableau.engines.pesten.config import house_problem as house_problem
from tableau.engines.pesten.config import name_problem as name_problem
from tableau.engines.pesten.config import name_width as name_width
from tableau.engines.pesten.moves import is_legal as is_legal
from tableau.engines.pesten.moves import legal_moves as legal_moves
from tableau.engines.pesten.moves import shortlist as shortlist
from tableau.engines.pesten.moves import starts_a_play as starts_a_play
from tableau.engines.pesten.moves import view as view
from tableau.engines.pesten.moves import why_illegal as why_illegal
from tableau.engines.pesten.moves import why_not_start as why_not_start
from tableau.engines.pesten.playing import apply as apply
from tableau.engines.pesten.rules import SPECIALS as SPECIALS
from tableau.engines.pesten.rules import fits as fits
from tableau.engines.pesten.rules import hand_points as hand_points
from tableau.engines.pesten.rules import is_special as is_special
from tableau.engines.pesten.rules import match_over as match_over
from tableau.engines.pesten.rules import match_winner as match_winner
from tableau.engines.pesten.rules import new_game as new_game
from tableau.engines.pesten.rules import next_round as next_round
from tableau.engines.pesten.rules import outcome as outcome
from tableau.engines.pesten.rules import round_blocked as round_blocked
from tableau.engines.pesten.rules import round_points as round_points
from tableau.engines.pesten.rules import standings as standings
from tableau.engines.pesten.rules import wins_out as wins_out
from tableau.engines.pesten.saves import from_json as from_json
from tableau.engines.pesten.saves import to_json as to_json
from tableau.engines.pesten.values import DRAW as DRAW
from tableau.engines.pesten.values import EVENT_KINDS as EVENT_KINDS
from tableau.engines.pesten.values import PASS as PASS
from tableau.engines.pesten.values import PENALTY_REASONS as PENALTY_REASONS
from tableau.engines.pesten.values import TAKE as TAKE
from tableau.engines.pesten.values import Draw as Draw
from tableau.engines.pesten.values import Event as Event
from tableau.engines.pesten.values import Move as Move
from tableau.engines.pesten.values import Pass as Pass
from tableau.engines.pesten.values import Phase as Phase
from tableau.engines.pesten.values import Play as Play
from tableau.engines.pesten.values import State as State
from tableau.engines.pesten.values import Take as Take
from tableau.engines.pesten.values import View as View
from tableau.engines.pesten.wording import describe as describe
