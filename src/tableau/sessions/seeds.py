"""The one way a game gets a seed nobody chose."""

from __future__ import annotations

import secrets

from tableau.engines.rng import SEED_BITS


def fresh_seed() -> int:
    """A seed from the whole range: too many to search for the one that deals the hand a
    player holds."""
    return secrets.randbits(SEED_BITS)
