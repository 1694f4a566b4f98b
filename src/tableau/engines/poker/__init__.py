"""Five-card draw poker: the hand evaluator, hand descriptions and the fixed-limit game.

The public surface is described in docs/rules/poker.md; everything here is pure. It is the
``__all__`` of the modules: each lists its public names once. The history's words are in
``tableau.engines.poker.wording`` (its ``describe(event, viewer)``), kept apart from the
evaluator's ``describe(cards)``.
"""

from tableau.engines.poker.evaluator import *  # noqa: F403
from tableau.engines.poker.events import *  # noqa: F403
from tableau.engines.poker.game import *  # noqa: F403
from tableau.engines.poker.moves import *  # noqa: F403
from tableau.engines.poker.saves import *  # noqa: F403
from tableau.engines.poker.state import *  # noqa: F403
