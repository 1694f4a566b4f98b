"""The one way a game gets a seed nobody chose, and a Yukon deal number nobody chose."""

from __future__ import annotations

import secrets

from tableau.engines.rng import SEED_BITS
from tableau.engines.yukon import GAME_NUMBERS


def fresh_seed() -> int:
    """A seed from the whole range: too many to search for the one that deals the hand a
    player holds."""
    return secrets.randbits(SEED_BITS)


def fresh_game_number() -> int:
    """A Yukon deal number from the whole numbered range, ``GAME_NUMBERS``: the number a new
    game shows, so a player can deal it again."""
    return GAME_NUMBERS[secrets.randbelow(len(GAME_NUMBERS))]
