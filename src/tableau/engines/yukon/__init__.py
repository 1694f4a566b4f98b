"""Yukon solitaire: the pure rules engine (no I/O, no clocks, no global randomness).

A game goes through two phases, as the seed describes:

- STARTUP: get a deck (``LoadDeck``), look at it (``SHOW_DECK``), shuffle it
  (``ShuffleInterleaved``, ``SHUFFLE_RANDOM``), then ``DEAL`` it.
- PLAY: move cards (``CardMove``) until all 52 are on the foundations; ``quit_deal`` goes
  back to STARTUP with the same deck, so dealing again replays the same game.

``legal_moves`` is the one source of truth: it lists the card moves in PLAY and the steps
without a parameter in STARTUP (so random play from ``new_game`` reaches PLAY), and ``apply``
accepts exactly those. A deck file's cards (``load_deck``), a chosen split
(``shuffle_interleaved``) and leaving a deal (``quit_deal``) are the command interpreter's
(``tableau.sessions.yukon_commands``), pure functions beside the move set.

The package: ``model`` (the values and the notation), ``play`` (the rules) and ``saves``
(JSON).

Columns list their cards from the top of the column (dealt first, furthest from the player)
to the *bottom card*, the last one, which is the one that can be played on. A move picks a
face-up card and takes every card below it along.

Rule variants (``Config.rules``): ``"spec"`` (the seed's rule: a card goes on a card one rank
higher of a different suit; the same colour is allowed), ``"classic"`` (the colours must
alternate, as in standard Yukon) and ``"russian"`` (the same suit only).

Rulings where the seed leaves room:

- Any empty foundation takes any ace; a foundation then grows in that ace's suit.
- The top card of a foundation may go back onto a column, never onto another foundation.
- A king may move into any empty column, even from the top of another column.
- Once the game is won, nothing moves any more (undo still works in the session).
- A refused move names a face-down card only as "no face-up 4H", so a refusal never tells
  where a hidden card lies.
- Any value passed to ``apply`` that is not a well-formed ``Move`` is refused with
  IllegalMove, like an illegal move.
- ``from_json`` refuses a PLAY table that play from its deck's deal can never reach (see
  ``_position_refusal``) and a move count above ``MAX_MOVES``.
"""

from __future__ import annotations

from tableau.engines.protocol import IllegalMove
from tableau.engines.protocol import SaveFormatError
from tableau.engines.rng import MAX_SEED
from tableau.engines.yukon.model import COLUMN_COUNT
from tableau.engines.yukon.model import COLUMN_HEIGHTS
from tableau.engines.yukon.model import DEAL
from tableau.engines.yukon.model import DECK_SIZE
from tableau.engines.yukon.model import FACE_DOWN_COUNTS
from tableau.engines.yukon.model import FOUNDATION_COUNT
from tableau.engines.yukon.model import MAX_MOVES
from tableau.engines.yukon.model import NO_DECK
from tableau.engines.yukon.model import NOT_A_MOVE
from tableau.engines.yukon.model import NOT_IN_PLAY
from tableau.engines.yukon.model import NOT_IN_STARTUP
from tableau.engines.yukon.model import RULES
from tableau.engines.yukon.model import SAVE_VERSION
from tableau.engines.yukon.model import SHOW_DECK
from tableau.engines.yukon.model import SHUFFLE_RANDOM
from tableau.engines.yukon.model import WON
from tableau.engines.yukon.model import CardMove
from tableau.engines.yukon.model import Config
from tableau.engines.yukon.model import LoadDeck
from tableau.engines.yukon.model import Move
from tableau.engines.yukon.model import Phase
from tableau.engines.yukon.model import ShuffleInterleaved
from tableau.engines.yukon.model import Slot
from tableau.engines.yukon.model import State
from tableau.engines.yukon.model import Step
from tableau.engines.yukon.model import View
from tableau.engines.yukon.model import parse_move
from tableau.engines.yukon.play import FITS_ON
from tableau.engines.yukon.play import GAME_NUMBERS
from tableau.engines.yukon.play import apply
from tableau.engines.yukon.play import bare_form
from tableau.engines.yukon.play import legal_moves
from tableau.engines.yukon.play import listed_form
from tableau.engines.yukon.play import load_deck
from tableau.engines.yukon.play import new_game
from tableau.engines.yukon.play import number_of_deal
from tableau.engines.yukon.play import numbered_game
from tableau.engines.yukon.play import outcome
from tableau.engines.yukon.play import quit_deal
from tableau.engines.yukon.play import safe_foundation_moves
from tableau.engines.yukon.play import shuffle_interleaved
from tableau.engines.yukon.play import unseen_cards
from tableau.engines.yukon.play import view
from tableau.engines.yukon.play import with_hidden
from tableau.engines.yukon.saves import from_json
from tableau.engines.yukon.saves import to_json

__all__ = [
    "COLUMN_COUNT",
    "COLUMN_HEIGHTS",
    "DEAL",
    "DECK_SIZE",
    "FACE_DOWN_COUNTS",
    "FITS_ON",
    "FOUNDATION_COUNT",
    "GAME_NUMBERS",
    "MAX_MOVES",
    "MAX_SEED",
    "NOT_A_MOVE",
    "NOT_IN_PLAY",
    "NOT_IN_STARTUP",
    "NO_DECK",
    "RULES",
    "SAVE_VERSION",
    "SHOW_DECK",
    "SHUFFLE_RANDOM",
    "WON",
    "CardMove",
    "Config",
    "IllegalMove",
    "LoadDeck",
    "Move",
    "Phase",
    "SaveFormatError",
    "ShuffleInterleaved",
    "Slot",
    "State",
    "Step",
    "View",
    "apply",
    "bare_form",
    "from_json",
    "legal_moves",
    "listed_form",
    "load_deck",
    "new_game",
    "number_of_deal",
    "numbered_game",
    "outcome",
    "parse_move",
    "quit_deal",
    "safe_foundation_moves",
    "shuffle_interleaved",
    "to_json",
    "unseen_cards",
    "view",
    "with_hidden",
]
