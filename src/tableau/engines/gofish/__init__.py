"""Go Fish: the pure engine (``rules.py``), its events (``events.py``), their one wording
(``wording.py``) and its saves (``saves.py``), all importable from here."""

from tableau.engines.gofish.events import Asked
from tableau.engines.gofish.events import Booked
from tableau.engines.gofish.events import Dealt
from tableau.engines.gofish.events import DrawReason
from tableau.engines.gofish.events import Drew
from tableau.engines.gofish.events import Event
from tableau.engines.gofish.events import SatOut
from tableau.engines.gofish.events import StockEmpty
from tableau.engines.gofish.events import seen_by
from tableau.engines.gofish.rules import GAME
from tableau.engines.gofish.rules import MAX_PLAYERS
from tableau.engines.gofish.rules import MIN_PLAYERS
from tableau.engines.gofish.rules import Ask
from tableau.engines.gofish.rules import Config
from tableau.engines.gofish.rules import Move
from tableau.engines.gofish.rules import State
from tableau.engines.gofish.rules import View
from tableau.engines.gofish.rules import apply
from tableau.engines.gofish.rules import deal_size
from tableau.engines.gofish.rules import legal_moves
from tableau.engines.gofish.rules import new_game
from tableau.engines.gofish.rules import outcome
from tableau.engines.gofish.rules import sort_hand
from tableau.engines.gofish.rules import view
from tableau.engines.gofish.saves import VERSION
from tableau.engines.gofish.saves import from_json
from tableau.engines.gofish.saves import to_json
from tableau.engines.gofish.wording import ALL_BOOKS
from tableau.engines.gofish.wording import default_names
from tableau.engines.gofish.wording import describe
from tableau.engines.gofish.wording import rank_label
from tableau.engines.gofish.wording import rank_words

__all__ = [
    "ALL_BOOKS", "GAME", "MAX_PLAYERS", "MIN_PLAYERS", "VERSION", "Ask", "Asked", "Booked",
    "Config", "Dealt", "DrawReason", "Drew", "Event", "Move", "SatOut", "State", "StockEmpty",
    "View", "apply", "deal_size", "default_names", "describe", "from_json", "legal_moves",
    "new_game", "outcome", "rank_label", "rank_words", "seen_by", "sort_hand", "to_json", "view",
]
