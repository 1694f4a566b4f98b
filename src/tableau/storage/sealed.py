"""Sealed Pesten saves: a round in progress on disk from which no single player can read
another player's hand, a CPU's hand, the order of the stock, or the seed (from which the deal
would follow).

A save is ``{"public": ..., "sealed": ...}``:

- ``public`` is plain JSON: the seats (names, kinds, and for each human with a password the
  verifier hash and the sealing key's salt and cost), the hand counts, stock count and pile
  size, the top card, the declared suit, the stack, direction, wins, points, round, dealer,
  whose turn, the phase, the public history, the set-up without its seed, the table's id (the
  same in every save of one table: the back-off after wrong passwords is kept by it) and the
  format version.
- ``sealed["seats"][i]`` (each *password holder* ``i``: a human seat with a password): that
  seat's hand and its XOR share of the table key, sealed with AES-256-GCM under the seat's
  key (``SeatLock.key``, from its password); ``None`` for every other seat.
- ``sealed["table"]``: the stock in order, the pile below the top, the hands of every seat
  that holds no password (CPUs, and humans who chose none), the engine's rng seed, the
  set-up's seed and the CPU seed, sealed under a random 32-byte table key. The table key is
  the XOR of the password holders' shares: it takes EVERY password (n-of-n).

So one player's password opens their own hand and one share, nothing else. An empty password
is no secret, so it never seals anything: that is why a table needs at least
``MIN_PASSWORDS`` password holders to be saved (``can_seal``); with fewer, one person could
open the table's secrets alone, and the round is not saved (the set-up says so before play).

Every blob's associated data is a hash of the canonical public JSON and the blob's place, so a
changed public part, or a blob moved to another seat or another save, fails authentication.
Nonces are 12 random bytes per blob and save. Ciphertexts are lowercase hex: a card's code
("7H", "JK") can never appear in them by chance.

A round without human seats has nothing to hide from anyone at the table: it is saved openly,
``{"public": ..., "open": <engines.pesten.to_json>, "cpu_seed": ...}``.

Version 1 saves (every human, with or without a password, held a share) are still read.
Reading never half-restores: any failure raises :class:`SealError` with one sentence.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import Final

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from tableau.engines import pesten as engine
from tableau.engines.pesten import State
from tableau.engines.protocol import SaveFormatError
from tableau.storage.passwords import KEY_BYTES
from tableau.storage.passwords import KeyCost

FORMAT: Final = "pesten-sealed"
VERSION: Final = 2
READS: Final = (1, 2)
"""The versions this program opens: 1 sealed every human's share, even an empty password's."""
MIN_PASSWORDS: Final = 2
"""Password holders a table needs before its round is saved: with one, that player alone
could open the stock, the CPUs' hands and the seed; with none, anyone could."""
NONCE_BYTES: Final = 12
MAX_MEMORY_KIB: Final = 1 << 20
"""The most memory a saved sealing key may ask Argon2id for (1 GiB; the default is 64 MiB)."""
DAMAGED: Final = "The saved round has been changed or damaged; it cannot be resumed."

_PUBLIC_STATE: Final = ("round", "wins", "points", "dealer", "current", "direction", "suit",
                        "stack", "phase", "series", "passes", "turns", "winner", "history")
"""The parts of ``engines.pesten.to_json`` every seat sees, kept as they are."""


class SealError(SaveFormatError):
    """A sealed save that cannot be opened; str() is one sentence for the players."""


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat as a save shows it. ``verifier``, ``salt`` and ``cost`` are a password
    holder's (a version 1 save also gave a human without a password a salt and cost)."""

    name: str
    kind: str
    human: bool
    verifier: str | None = None
    salt: bytes = b""
    cost: KeyCost | None = None

    @property
    def holds_password(self) -> bool:
        return self.human and self.verifier is not None


def can_seal(seats: Sequence[SeatInfo]) -> bool:
    """Whether a round at these seats can be saved so that no single player can read another
    hand, the stock, a CPU's hand or the seed: no human sits there (the save is open, there
    is nobody to hide from), or at least ``MIN_PASSWORDS`` humans hold a password."""
    holders = sum(seat.holds_password for seat in seats)
    return not any(seat.human for seat in seats) or holders >= MIN_PASSWORDS


@dataclass(frozen=True, slots=True)
class Unsealed:
    """What a sealed save gives back once opened."""

    state: State
    cpu_seed: int


def _canonical(value: object) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _aad(public: Mapping[str, Any], place: str) -> bytes:
    return hashlib.sha256(_canonical(public)).digest() + place.encode()


def _seal(key: bytes, content: object, aad: bytes) -> dict[str, str]:
    nonce = os.urandom(NONCE_BYTES)
    data = AESGCM(key).encrypt(nonce, _canonical(content), aad)
    return {"nonce": nonce.hex(), "data": data.hex()}


def _open(key: bytes, blob: object, aad: bytes) -> Any:
    if not isinstance(blob, dict):
        raise SealError(DAMAGED)
    try:
        nonce = bytes.fromhex(blob["nonce"])
        plain = AESGCM(key).decrypt(nonce, bytes.fromhex(blob["data"]), aad)
        return json.loads(plain)
    except (KeyError, TypeError, ValueError, InvalidTag):
        raise SealError(DAMAGED) from None


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b, strict=True))


def _seat_json(seat: SeatInfo) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": seat.name, "kind": seat.kind, "human": seat.human}
    if seat.holds_password:
        cost = seat.cost
        entry.update(verifier=seat.verifier, salt=seat.salt.hex(),
                     cost=None if cost is None else list(cost))
    elif seat.human:
        entry.update(verifier=None)
    return entry


def seal(
    state: State, seats: Sequence[SeatInfo], keys: Mapping[int, bytes], cpu_seed: int,
    table_id: str,
) -> dict[str, Any]:
    """The save of ``state``: ``keys`` holds each password holder's sealing key. Raises
    ValueError for seats that ``can_seal`` refuses (it would be readable by one player)."""
    if not can_seal(seats):
        raise ValueError(f"A round needs {MIN_PASSWORDS} players with a password to be saved.")
    full: dict[str, Any] = engine.to_json(state)
    config = {key: value for key, value in full["config"].items() if key != "seed"}
    public: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "table": table_id,
        "seats": [_seat_json(seat) for seat in seats], "config": config,
        "hand_counts": [len(hand) for hand in state.hands], "stock_count": len(state.stock),
        "pile_size": len(state.pile), "top": state.top.code,
        **{part: full[part] for part in _PUBLIC_STATE},
    }
    holders = [index for index, seat in enumerate(seats) if seat.holds_password]
    if not holders:
        return {"public": public, "open": full, "cpu_seed": cpu_seed}
    table_key = AESGCM.generate_key(bit_length=8 * KEY_BYTES)
    shares = [os.urandom(KEY_BYTES) for _ in holders[1:]]
    last = table_key
    for share in shares:
        last = _xor(last, share)
    shares.append(last)  # the XOR of every share is the table key
    blobs: list[Any] = [None] * len(seats)
    for seat, share in zip(holders, shares, strict=True):
        blobs[seat] = _seal(keys[seat], {"hand": full["hands"][seat], "share": share.hex()},
                            _aad(public, f"seat {seat}"))
    secret = {
        "stock": full["stock"], "pile": full["pile"][:-1],
        "hands": {str(seat): full["hands"][seat]
                  for seat in range(len(seats)) if seat not in holders},
        "seed": state.seed, "config_seed": state.config.seed, "cpu_seed": cpu_seed,
    }
    return {"public": public,
            "sealed": {"seats": blobs, "table": _seal(table_key, secret, _aad(public, "table"))}}


@dataclass(frozen=True, slots=True)
class Public:
    """The readable part of a save: what the resume screen shows and asks."""

    data: Mapping[str, Any]
    seats: tuple[SeatInfo, ...]

    @property
    def round(self) -> int:
        value = self.data.get("round")
        return value if isinstance(value, int) else 1

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(index for index, seat in enumerate(self.seats) if seat.human)

    @property
    def table(self) -> str:
        """The table's id: the same in every save of one table."""
        value = self.data.get("table")
        return value if isinstance(value, str) else ""

    @property
    def keyed(self) -> tuple[int, ...]:
        """The seats whose key opens a blob of the save: the password holders (in a version
        1 save, every human)."""
        if self.data.get("version") == 1:
            return self.humans
        return tuple(index for index, seat in enumerate(self.seats) if seat.holds_password)


def _seat_from(raw: object) -> SeatInfo:
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not isinstance(
        raw.get("kind"), str
    ):
        raise SealError(DAMAGED)
    if raw.get("human") is not True:
        return SeatInfo(raw["name"], raw["kind"], False)
    verifier, salt, cost = raw.get("verifier"), raw.get("salt"), raw.get("cost")
    if verifier is not None and not isinstance(verifier, str):
        raise SealError(DAMAGED)
    if verifier is None and salt is None and cost is None:
        return SeatInfo(raw["name"], raw["kind"], True)  # no password, so no key either
    if not isinstance(cost, list) or len(cost) != 3 or not all(
        type(part) is int for part in cost
    ):
        raise SealError(DAMAGED)
    time_cost, memory_cost, parallelism = cost
    # Argon2's own limits, and a ceiling: a changed save must not make a key cost gigabytes.
    if not (0 < time_cost <= 64 and 0 < parallelism <= 64
            and 8 * parallelism <= memory_cost <= MAX_MEMORY_KIB):
        raise SealError(DAMAGED)
    try:
        salt_bytes = bytes.fromhex(salt) if isinstance(salt, str) else b""
    except ValueError:
        raise SealError(DAMAGED) from None
    if len(salt_bytes) < 8:
        raise SealError(DAMAGED)
    return SeatInfo(raw["name"], raw["kind"], True, verifier, salt_bytes,
                    KeyCost(time_cost, memory_cost, parallelism))


def read_public(data: object) -> Public:
    """The public part of a save, checked; SealError with a sentence if it is not one."""
    if not isinstance(data, Mapping):
        raise SealError(DAMAGED)
    public = data.get("public")
    if not isinstance(public, dict) or public.get("format") != FORMAT:
        raise SealError(DAMAGED)
    if public.get("version") not in READS:
        raise SealError("The saved round was made by another version of tableau; it cannot "
                        "be resumed.")
    seats = public.get("seats")
    if not isinstance(seats, list) or not seats:
        raise SealError(DAMAGED)
    return Public(public, tuple(_seat_from(seat) for seat in seats))


def unseal(data: object, keys: Mapping[int, bytes]) -> Unsealed:
    """Open a save with every password holder's key (``Public.keyed``): the state as it
    was, and the CPU seed. Raises SealError with one sentence; nothing is returned
    half-restored."""
    public = read_public(data)
    assert isinstance(data, Mapping)
    if not public.humans:
        cpu_seed = data.get("cpu_seed")
        if type(cpu_seed) is not int:
            raise SealError(DAMAGED)
        return Unsealed(_state(data.get("open")), cpu_seed)
    sealed = data.get("sealed")
    if not isinstance(sealed, dict) or not isinstance(sealed.get("seats"), list):
        raise SealError(DAMAGED)
    blobs = sealed["seats"]
    if len(blobs) != len(public.seats):
        raise SealError(DAMAGED)
    table_key = bytes(KEY_BYTES)
    hands: list[Any] = [None] * len(public.seats)
    for seat in public.keyed:
        if seat not in keys:
            raise SealError(f"{public.seats[seat].name}'s password is needed first.")
        opened = _open(keys[seat], blobs[seat], _aad(public.data, f"seat {seat}"))
        try:
            hands[seat] = opened["hand"]
            table_key = _xor(table_key, bytes.fromhex(opened["share"]))
        except (KeyError, TypeError, ValueError):
            raise SealError(DAMAGED) from None
    secret = _open(table_key, sealed.get("table"), _aad(public.data, "table"))
    try:
        others = secret["hands"] if "hands" in secret else secret["cpu_hands"]  # version 1
        for seat, hand in others.items():
            if int(seat) in public.keyed:
                raise SealError(DAMAGED)
            hands[int(seat)] = hand
        full = {key: public.data[key] for key in _PUBLIC_STATE}
        full.update(
            game=engine.GAME, version=engine.VERSION,
            config={**public.data["config"], "seed": secret["config_seed"]},
            seed=secret["seed"], hands=hands, stock=secret["stock"],
            pile=[*secret["pile"], public.data["top"]],
        )
        cpu_seed = secret["cpu_seed"]
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        raise SealError(DAMAGED) from None
    if type(cpu_seed) is not int:
        raise SealError(DAMAGED)
    return Unsealed(_state(full), cpu_seed)


def _state(full: object) -> State:
    if not isinstance(full, dict):
        raise SealError(DAMAGED)
    try:
        return engine.from_json(full)
    except ValueError as error:  # SaveFormatError, with its sentence
        raise SealError(str(error)) from None
    except (TypeError, KeyError, AttributeError, IndexError):
        raise SealError(DAMAGED) from None
