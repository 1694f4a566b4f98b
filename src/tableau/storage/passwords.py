"""Seat passwords for hot-seat games: Argon2id hashes, never the plaintext.

A password is hashed the moment it is entered (:meth:`PasswordScheme.lock`), and only the
encoded Argon2id hash is kept, inside a :class:`SeatLock`. Checking a password goes
through the library (``PasswordHasher.verify``), which compares in constant time.
Wrong tries are counted, and each one after the first makes the next try wait longer;
the caller decides how to wait (a timer in the UI, nothing in tests).

Locking a seat also derives its sealing key (``SeatLock.key``): 32 bytes from Argon2id's raw
hash of the password, with a salt of its own (apart from the verifier hash's), at the same
cost. It seals that seat's hand in a saved round (``tableau.storage.sealed``). A seat without a
password gets no key: an empty password is no secret, so it seals nothing (its hand is sealed
with the table's secrets instead). A lock rebuilt from a save (``SeatLock.rebuilt``) has no key
until :meth:`SeatLock.unseal` is given the right password. Keys live only in memory.

Every check of a password counts as a try (there is no other way to test one), so nothing in
the program can be asked about a guess without the back-off (``tableau.storage.lockouts``).

Nothing here writes to disk or logs; a plaintext password is only ever a function
argument, or for a moment a :class:`Secret` that hands it out once and then forgets it.
"""

from __future__ import annotations

import os
from typing import Final
from typing import NamedTuple

from argon2 import PasswordHasher
from argon2 import Type
from argon2.exceptions import InvalidHashError
from argon2.exceptions import VerificationError
from argon2.exceptions import VerifyMismatchError
from argon2.low_level import hash_secret_raw
from argon2.profiles import CHEAPEST

RETRY_DELAYS: Final = (0.0, 1.0, 2.0, 4.0, 8.0)
"""Seconds to wait after the 1st, 2nd, 3rd... wrong try in a row; the last value is the cap."""
KEY_BYTES: Final = 32
"""A sealing key: AES-256."""
SALT_BYTES: Final = 16
TEST_CHEAP_HASHES: Final = "TABLEAU_TEST_CHEAP_HASHES"
"""Set to 1 by the test suite: every scheme hashes at Argon2id's cheapest cost, in the tests'
own process and in the processes they start. Honoured only while pytest runs a test (pytest
sets PYTEST_CURRENT_TEST then, and a started process inherits it), so a player who sets it
by itself changes nothing (docs/security.md)."""


def _cheap_for_tests() -> bool:
    return os.environ.get(TEST_CHEAP_HASHES) == "1" and "PYTEST_CURRENT_TEST" in os.environ


class KeyCost(NamedTuple):
    """Argon2id's cost parameters for a sealing key (kept in a save, so it derives again)."""

    time_cost: int
    memory_cost: int
    parallelism: int


def derive_key(password: str, salt: bytes, cost: KeyCost) -> bytes:
    """The 32-byte sealing key of ``password``: Argon2id's raw hash with this salt and cost."""
    return hash_secret_raw(
        password.encode(), salt, cost.time_cost, cost.memory_cost, cost.parallelism,
        KEY_BYTES, Type.ID,
    )


class Secret:
    """A typed password on its way to one check: it never shows in a repr, cannot be pickled,
    and :meth:`reveal` hands it out once, after which nothing here refers to it any more.

    Workers and callbacks get a ``Secret`` instead of the string, so whatever keeps them
    (a finished worker, a log line) keeps no password.
    """

    __slots__ = ("_text",)

    def __init__(self, text: str) -> None:
        self._text: str | None = text

    def reveal(self) -> str:
        """The password, once; asking again raises ValueError."""
        text, self._text = self._text, None
        if text is None:
            raise ValueError("This password has been used already.")
        return text

    def __repr__(self) -> str:
        return "Secret(hidden)"

    def __reduce__(self) -> str | tuple[object, ...]:
        raise TypeError("A password is never pickled.")


class PasswordScheme:
    """How passwords are hashed: Argon2id through argon2-cffi.

    The default uses the library's own recommended parameters. Tests may pass
    ``cheap=True`` to use the cheapest Argon2id parameters so they stay fast; the test suite
    makes that the default through TEST_CHEAP_HASHES.
    """

    __slots__ = ("_hasher", "retry_delays")

    def __init__(
        self, *, cheap: bool = False, retry_delays: tuple[float, ...] = RETRY_DELAYS
    ) -> None:
        if cheap or _cheap_for_tests():
            self._hasher = PasswordHasher.from_parameters(CHEAPEST)
        else:
            self._hasher = PasswordHasher(type=Type.ID)
        if not retry_delays or any(delay < 0 for delay in retry_delays):
            raise ValueError("Retry delays must be a non-empty list of seconds, none negative.")
        self.retry_delays = tuple(float(delay) for delay in retry_delays)

    @property
    def key_cost(self) -> KeyCost:
        """The cost of a sealing key: the verifier hash's own."""
        hasher = self._hasher
        return KeyCost(hasher.time_cost, hasher.memory_cost, hasher.parallelism)

    def lock(self, name: str, password: str) -> SeatLock:
        """Hash ``password`` now and derive the seat's sealing key (with a salt of its own);
        the lock keeps the hash and the key, never the password.

        An empty password makes an open lock without a key: the seat is confirmed by a
        button press.
        """
        if not password:
            return SeatLock(name, None, self)
        salt = os.urandom(SALT_BYTES)
        cost = self.key_cost
        return SeatLock(name, self._hasher.hash(password), self, key_salt=salt, key_cost=cost,
                        key=derive_key(password, salt, cost))

    def _verify(self, encoded: str, password: str) -> bool:
        try:
            return self._hasher.verify(encoded, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def __repr__(self) -> str:
        return "PasswordScheme(argon2id)"


class SeatLock:
    """One seat's lock: the seat name, the Argon2id hash (or none), and the wrong tries."""

    __slots__ = ("_encoded", "_key", "_scheme", "failed_tries", "key_cost", "key_salt", "name")

    def __init__(
        self,
        name: str,
        encoded: str | None,
        scheme: PasswordScheme,
        *,
        key_salt: bytes = b"",
        key_cost: KeyCost | None = None,
        key: bytes | None = None,
    ) -> None:
        if encoded is not None and not encoded.startswith("$argon2id$"):
            raise ValueError("A seat lock holds an Argon2id hash, not a password.")
        self.name = name
        self._encoded = encoded
        self._scheme = scheme
        self.failed_tries = 0
        self.key_salt = key_salt
        """The sealing key's own salt (public, kept in a save)."""
        self.key_cost = key_cost or scheme.key_cost
        self._key = key

    @classmethod
    def rebuilt(
        cls, name: str, encoded: str | None, key_salt: bytes, key_cost: KeyCost,
        scheme: PasswordScheme,
    ) -> SeatLock:
        """A lock from a saved round: the verifier hash and the key's salt and cost. It has
        no key until :meth:`unseal` opens it."""
        return cls(name, encoded, scheme, key_salt=key_salt, key_cost=key_cost)

    @property
    def key(self) -> bytes | None:
        """The sealing key (in memory only); None for a rebuilt lock not yet unsealed."""
        return self._key

    def unseal(self, password: str) -> bool:
        """Open a rebuilt lock: True when ``password`` opens it (a wrong try is counted, as in
        :meth:`verify`); the sealing key is then derived again (a seat without a password has
        none, except in a version 1 save, which gave it a salt)."""
        if not self.verify(password):
            return False
        if self.key_salt:
            self._key = derive_key(password, self.key_salt, self.key_cost)
        return True

    @property
    def has_password(self) -> bool:
        """False for a seat whose player chose no password (an "I am <name>" button)."""
        return self._encoded is not None

    @property
    def encoded_hash(self) -> str | None:
        """The stored Argon2id hash string, for inspection; never the password."""
        return self._encoded

    def verify(self, password: str) -> bool:
        """True when ``password`` opens this seat. A wrong try is counted.

        An open lock (no password) accepts only the empty string, which the UI sends
        when the player presses "I am <name>".
        """
        if self._encoded is None:
            ok = password == ""
        else:
            ok = self._scheme._verify(self._encoded, password)
        self.failed_tries = 0 if ok else self.failed_tries + 1
        return ok

    @property
    def retry_delays(self) -> tuple[float, ...]:
        """The scheme's waits after the 1st, 2nd... wrong try in a row (``lockouts`` keeps
        them across screens and restarts)."""
        return self._scheme.retry_delays

    @property
    def retry_delay(self) -> float:
        """Seconds the next try must wait: grows with each wrong try in a row."""
        if self.failed_tries == 0:
            return 0.0
        delays = self._scheme.retry_delays
        return delays[min(self.failed_tries, len(delays)) - 1]

    def __repr__(self) -> str:
        kind = "argon2id" if self._encoded is not None else "open"
        return f"SeatLock({self.name!r}, {kind}, failed_tries={self.failed_tries})"

    def __reduce__(self) -> str | tuple[object, ...]:
        # The lock holds the seat's sealing key: it never leaves memory, so no pickle.
        raise TypeError("A seat lock is never pickled: it holds a sealing key.")
