"""Seat passwords: only an Argon2id hash is kept, verification goes through argon2-cffi."""

from __future__ import annotations

import pickle

import pytest
from argon2 import PasswordHasher

from tableau.storage.passwords import RETRY_DELAYS
from tableau.storage.passwords import TEST_CHEAP_HASHES
from tableau.storage.passwords import PasswordScheme
from tableau.storage.passwords import SeatLock
from tableau.storage.passwords import Secret

SECRET = "correct horse battery staple"


@pytest.fixture
def scheme() -> PasswordScheme:
    return PasswordScheme(cheap=True)


def _everything_stored(lock: SeatLock) -> str:
    """Every way the lock's data can leave memory: repr and its slots (a pickle is refused)."""
    slots = [repr(getattr(lock, name)) for name in SeatLock.__slots__]
    with pytest.raises(TypeError, match="never pickled"):
        pickle.dumps(lock)
    return "\n".join([repr(lock), str(lock), *slots])


def test_the_stored_password_data_holds_no_plaintext(scheme: PasswordScheme) -> None:
    lock = scheme.lock("Anna", SECRET)
    stored = _everything_stored(lock)
    assert SECRET not in stored
    assert "horse" not in stored
    assert SECRET.encode("utf-8").hex() not in stored


def test_the_stored_hash_is_argon2id_and_the_library_verifies_it(
    scheme: PasswordScheme,
) -> None:
    lock = scheme.lock("Anna", SECRET)
    assert lock.encoded_hash is not None
    assert lock.encoded_hash.startswith("$argon2id$")
    assert PasswordHasher().verify(lock.encoded_hash, SECRET)


def _cost(lock: SeatLock) -> str:
    assert lock.encoded_hash is not None
    return lock.encoded_hash.split("$")[3]


def test_the_default_scheme_uses_the_library_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    # The one test at full cost: the suite's cheap hashes (tests/conftest.py) are off here.
    monkeypatch.delenv(TEST_CHEAP_HASHES)
    lock = PasswordScheme().lock("Anna", SECRET)
    defaults = PasswordHasher()
    assert _cost(lock) == (
        f"m={defaults.memory_cost},t={defaults.time_cost},p={defaults.parallelism}")
    assert lock.key_cost == (defaults.time_cost, defaults.memory_cost, defaults.parallelism)
    assert lock.verify(SECRET)


def test_the_suites_cheap_hashes_hold_only_while_pytest_runs_a_test(
    scheme: PasswordScheme, monkeypatch: pytest.MonkeyPatch
) -> None:
    cheap = _cost(scheme.lock("Anna", SECRET))
    assert _cost(PasswordScheme().lock("Anna", SECRET)) == cheap  # the suite's switch is on
    # A player who sets the switch alone, outside a test run, keeps the full cost.
    monkeypatch.delenv("PYTEST_CURRENT_TEST")
    assert _cost(PasswordScheme().lock("Anna", SECRET)) != cheap


def test_the_same_password_hashes_differently_for_two_seats(scheme: PasswordScheme) -> None:
    first = scheme.lock("Anna", SECRET)
    second = scheme.lock("Bram", SECRET)
    assert first.encoded_hash != second.encoded_hash


def test_the_right_password_opens_and_a_wrong_one_does_not(scheme: PasswordScheme) -> None:
    lock = scheme.lock("Anna", SECRET)
    assert not lock.verify("correct horse battery stapl")
    assert not lock.verify("")
    assert not lock.verify(SECRET.upper())
    assert lock.verify(SECRET)


def test_wrong_tries_make_the_next_try_wait_longer_up_to_a_cap(
    scheme: PasswordScheme,
) -> None:
    lock = scheme.lock("Anna", SECRET)
    assert lock.retry_delay == 0
    delays = []
    for _ in range(len(RETRY_DELAYS) + 3):
        lock.verify("wrong")
        delays.append(lock.retry_delay)
    assert delays == sorted(delays)
    assert delays[1] > delays[0]
    assert delays[-1] == delays[-2] == max(RETRY_DELAYS)


def test_the_right_password_resets_the_delay(scheme: PasswordScheme) -> None:
    lock = scheme.lock("Anna", SECRET)
    for _ in range(3):
        lock.verify("wrong")
    assert lock.retry_delay > 0
    assert lock.verify(SECRET)
    assert lock.retry_delay == 0


def test_an_empty_password_makes_an_open_lock_confirmed_by_button(
    scheme: PasswordScheme,
) -> None:
    lock = scheme.lock("Bram", "")
    assert not lock.has_password
    assert lock.encoded_hash is None
    assert lock.verify("")
    assert not lock.verify("anything")


def test_a_lock_refuses_anything_but_an_argon2id_hash(scheme: PasswordScheme) -> None:
    with pytest.raises(ValueError, match="Argon2id"):
        SeatLock("Anna", SECRET, scheme)


def test_a_corrupt_hash_never_verifies(scheme: PasswordScheme) -> None:
    lock = SeatLock("Anna", "$argon2id$v=19$m=8,t=1,p=1$garbage", scheme)
    assert not lock.verify(SECRET)


def test_negative_retry_delays_are_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        PasswordScheme(cheap=True, retry_delays=(0.0, -1.0))


def test_every_check_of_a_password_counts_as_a_try(scheme: PasswordScheme) -> None:
    """No way to test a guess without it counting (issue 27 C13: the set-up used one)."""
    lock = scheme.lock("Anna", SECRET)
    checks = [name for name in dir(lock) if "open" in name or "verif" in name]
    assert checks == ["verify"]
    assert not lock.verify("something else")
    assert lock.failed_tries == 1


def test_a_secret_shows_nothing_and_gives_its_password_out_once() -> None:
    secret = Secret(SECRET)
    assert "horse" not in repr(secret) + str(secret)
    with pytest.raises(TypeError, match="never pickled"):
        pickle.dumps(secret)
    assert secret.reveal() == SECRET
    with pytest.raises(ValueError, match="used already"):
        secret.reveal()


# ------------------------------------------------------------------ sealing keys


def test_locking_derives_a_sealing_key_with_its_own_salt(scheme: PasswordScheme) -> None:
    from argon2 import extract_parameters
    from argon2.low_level import Type
    from argon2.low_level import hash_secret_raw

    lock = scheme.lock("Anna", SECRET)
    assert lock.key is not None and len(lock.key) == 32 and len(lock.key_salt) == 16
    encoded = lock.encoded_hash
    assert encoded is not None and lock.key_salt.hex() not in encoded
    parameters = extract_parameters(encoded)
    assert tuple(lock.key_cost) == (
        parameters.time_cost, parameters.memory_cost, parameters.parallelism)
    assert lock.key == hash_secret_raw(SECRET.encode(), lock.key_salt, *lock.key_cost, 32,
                                       Type.ID)
    other = scheme.lock("Anna", SECRET)
    assert other.key_salt != lock.key_salt and other.key != lock.key
    assert lock.key.hex() not in repr(lock) and SECRET not in repr(lock)


def test_an_open_seat_gets_no_key_since_an_empty_password_is_no_secret(
    scheme: PasswordScheme,
) -> None:
    lock = scheme.lock("Bram", "")
    assert not lock.has_password and lock.key is None
    assert lock.verify("") and lock.key is None


def test_the_default_scheme_derives_the_key_at_its_own_cost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(TEST_CHEAP_HASHES)  # no hash is made: the cost is only read
    assert tuple(PasswordScheme().key_cost) == (3, 65536, 4)
    assert tuple(PasswordScheme(cheap=True).key_cost) == (1, 8, 1)


def test_a_rebuilt_lock_has_no_key_until_the_right_password_unseals_it(
    scheme: PasswordScheme,
) -> None:
    lock = scheme.lock("Anna", SECRET)
    assert lock.encoded_hash is not None
    rebuilt = SeatLock.rebuilt("Anna", lock.encoded_hash, lock.key_salt, lock.key_cost,
                               PasswordScheme(cheap=True, retry_delays=(0.0, 3.0)))
    assert rebuilt.key is None
    assert not rebuilt.unseal("wrong") and rebuilt.key is None and rebuilt.retry_delay == 0.0
    assert not rebuilt.unseal("wrong again") and rebuilt.retry_delay == 3.0
    assert rebuilt.unseal(SECRET) and rebuilt.key == lock.key and rebuilt.failed_tries == 0
    open_lock = scheme.lock("Bram", "")
    reopened = SeatLock.rebuilt("Bram", None, open_lock.key_salt, open_lock.key_cost, scheme)
    assert not reopened.unseal("anything") and reopened.unseal("")
    assert reopened.key == open_lock.key
