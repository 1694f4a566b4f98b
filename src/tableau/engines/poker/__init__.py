"""Five-card draw poker: the hand evaluator, hand descriptions and the fixed-limit game.

The public surface is described in docs/rules/poker.md; everything here is pure. It is the
``__all__`` of the two modules: each lists its public names once.
"""

from tableau.engines.poker.evaluator import *  # noqa: F403
from tableau.engines.poker.game import *  # noqa: F403
