"""Sealed Pesten saves: the saved bytes (and the whole database file) hold no card of any hand
or of the stock and no seed; a changed blob or public part is refused with one sentence and
nothing is restored; a wrong password leaves the round sealed; a round saved and resumed plays
on exactly as one never interrupted. Through the public API: PestenSession, pesten_saves, Store.
"""

from __future__ import annotations

import copy
import hashlib
import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from disk_secrets import database_bytes
from disk_secrets import secrets_in
from tableau.engines import pesten as engine
from tableau.sessions.pesten import CONTINUED_STAYS
from tableau.sessions.pesten import DONE
from tableau.sessions.pesten import NEXT_ROUND
from tableau.sessions.pesten import OPEN
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Seat
from tableau.sessions.pesten_saves import can_seal
from tableau.sessions.pesten_saves import saved_seats
from tableau.sessions.pesten_saves import sealed_data
from tableau.sessions.pesten_saves import table_from_sealed
from tableau.storage.passwords import KeyCost
from tableau.storage.passwords import PasswordScheme
from tableau.storage.passwords import derive_key
from tableau.storage.sealed import DAMAGED
from tableau.storage.sealed import SealError
from tableau.storage.sealed import unseal
from tableau.storage.store import GameRecord
from tableau.storage.store import Store

SEED = 0x5EED_1234_ABCD
"""Long enough that its digits cannot turn up in the saved text by chance."""
PASSWORDS = ("anna-tulip", "bram-canal")


def scheme() -> PasswordScheme:
    return PasswordScheme(cheap=True)


def dealt(seed: int = SEED) -> PestenSession:
    """Two humans (passwords) and a careful CPU, one pack with two jokers."""
    passwords = scheme()
    seats = [Seat("Anna", lock=passwords.lock("Anna", PASSWORDS[0])),
             Seat("Bram", lock=passwords.lock("Bram", PASSWORDS[1])),
             Seat("Cor", "careful")]
    return PestenSession.deal(seats, packs=1, jokers=2, dealer=0, seed=seed)


def step(table: PestenSession) -> None:
    """One move: the CPU's own, or for a human the first legal move (always the same), after
    opening the lock or handing over (Done) on the way."""
    while (cpu := table.cpu_step()) is None:
        seat = table.to_move
        assert seat is not None
        move = table.moves(seat)[0]
        assert table.act(seat, move).ok
        if move not in (OPEN, DONE):
            return
    table.play_cpu(cpu)


def played(turns: int, seed: int = SEED) -> PestenSession:
    table = dealt(seed)
    for _ in range(turns):
        step(table)
    return table


def opened(data: Any, passwords: tuple[str, ...] = PASSWORDS) -> PestenSession:
    """The table of a save, every human typing their password."""
    _public, seats = saved_seats(data, scheme())
    for seat, password in zip(seats, passwords, strict=False):
        assert seat.lock is not None and seat.lock.unseal(password)
    return table_from_sealed(data, seats)


def record_of(table: PestenSession) -> GameRecord:
    data = sealed_data(table)
    return GameRecord("pesten", "3 players", None, data["public"]["config"], started=1.0,
                      moves=table.state.turns, duration=2.0, label="Round 1", data=data)


# ------------------------------------------------------------------ nothing in the bytes


def test_the_saved_record_and_the_database_hold_no_card_of_a_hand_or_the_stock_nor_a_seed(
    tmp_path: Path,
) -> None:
    table = played(6)
    assert table.state.round == 1 and not table.over
    stock = table.state.stock
    assert dealt().state.stock[:len(stock)] == stock  # the dealt stock: no reshuffle yet
    assert len(table.state.pile) > 3
    store = Store(tmp_path / "tableau.db")
    store.save(record_of(table))
    saved = store.saved("pesten")
    assert saved is not None and saved.data is not None
    assert secrets_in(json.dumps(saved.data, ensure_ascii=False).encode(), table) == []
    assert secrets_in(database_bytes(tmp_path / "tableau.db"), table) == []
    store.close()
    assert secrets_in(database_bytes(tmp_path / "tableau.db"), table) == []
    # ... and what was saved is the round itself.
    resumed = opened(saved.data)
    assert resumed.state == table.state and resumed.cpu_seed == table.cpu_seed


def test_the_search_finds_the_cards_and_the_seeds_in_an_open_save() -> None:
    table = played(6)
    text = json.dumps(engine.to_json(table.state), ensure_ascii=False).encode()
    found = secrets_in(text, table)
    for hand in table.state.hands:
        assert hand[0].code in found
    assert table.state.stock[0].code in found
    assert f"seed {SEED}" in found and f"seed {table.state.seed}" in found
    assert secrets_in(text + str(table.cpu_seed).encode(), table)[-1] == (
        f"seed {table.cpu_seed}")
    card = table.state.stock[0]
    assert secrets_in(card.face.encode(), table) == [card.face]


def test_the_public_part_shows_what_the_table_shows_and_no_seed() -> None:
    table = played(4)
    public = sealed_data(table)["public"]
    view = table.view(0)
    assert public["hand_counts"] == list(view.hand_counts)
    assert (public["stock_count"], public["pile_size"], public["top"]) == (
        view.stock_count, view.pile_size, view.top.code)
    assert [seat["name"] for seat in public["seats"]] == ["Anna", "Bram", "Cor"]
    assert "seed" not in public["config"] and "seed" not in public
    assert public["seats"][0]["verifier"].startswith("$argon2id$")
    assert public["seats"][0]["salt"] != public["seats"][1]["salt"]


def test_every_save_has_fresh_nonces_and_a_fresh_table_key() -> None:
    table = played(2)
    first, second = sealed_data(table), sealed_data(table)
    assert first["public"]["table"] == second["public"]["table"] == table.table_id
    assert first["sealed"]["seats"][0]["nonce"] != second["sealed"]["seats"][0]["nonce"]
    assert first["sealed"]["table"]["nonce"] != second["sealed"]["table"]["nonce"]
    assert first["sealed"]["seats"][0]["data"] != second["sealed"]["seats"][0]["data"]
    assert all(part == part.lower() for part in first["sealed"]["table"].values())


# ------------------------------------------------------------------ tampering


def _flip(hex_text: str, at: int = 5) -> str:
    digit = "0" if hex_text[at] != "0" else "1"
    return hex_text[:at] + digit + hex_text[at + 1:]


def _refused(data: Any) -> None:
    before = copy.deepcopy(data)
    with pytest.raises(SealError) as refusal:
        opened(data)
    assert str(refusal.value) == DAMAGED
    assert data == before  # nothing was changed, nothing half-restored


@pytest.mark.parametrize("blob", ["seat 0", "seat 1", "table"])
@pytest.mark.parametrize("part", ["data", "nonce"])
def test_a_flipped_byte_in_any_blob_is_refused(blob: str, part: str) -> None:
    data = sealed_data(played(5))
    sealed = data["sealed"]
    target = sealed["table"] if blob == "table" else sealed["seats"][int(blob[-1])]
    target[part] = _flip(target[part], len(target[part]) - 3)
    _refused(data)


@pytest.mark.parametrize("change", [
    lambda public: public["hand_counts"].__setitem__(0, public["hand_counts"][0] + 1),
    lambda public: public.__setitem__("top", "AS" if public["top"] != "AS" else "KS"),
    lambda public: public.__setitem__("turns", public["turns"] + 1),
    lambda public: public["seats"][2].__setitem__("name", "Cora"),
    lambda public: public.__setitem__("table", _flip(public["table"])),
    lambda public: public["config"].__setitem__("jokers", 0),
])
def test_a_changed_public_part_is_refused(change: Any) -> None:
    data = sealed_data(played(5))
    change(data["public"])
    _refused(data)


def test_swapped_seat_blobs_are_refused() -> None:
    data = sealed_data(played(3))
    seats = data["sealed"]["seats"]
    seats[0], seats[1] = seats[1], seats[0]
    _refused(data)


def test_a_blob_from_another_save_of_the_same_table_is_refused() -> None:
    table = played(3)
    first, second = sealed_data(table), sealed_data(table)
    first["sealed"]["table"] = second["sealed"]["table"]
    _refused(first)


# ------------------------------------------------------------------ passwords


def test_a_wrong_password_leaves_the_round_sealed_and_the_wait_grows() -> None:
    data = sealed_data(played(3))
    _public, seats = saved_seats(data, PasswordScheme(cheap=True))
    lock = seats[0].lock
    assert lock is not None and lock.key is None
    delays = []
    for _ in range(3):
        assert not lock.unseal("tulip?")
        delays.append(lock.retry_delay)
    assert lock.key is None and delays == [0.0, 1.0, 2.0]
    assert seats[1].lock is not None and seats[1].lock.unseal(PASSWORDS[1])
    with pytest.raises(SealError, match="Anna's password is needed first"):
        table_from_sealed(data, seats)
    assert lock.unseal(PASSWORDS[0]) and lock.failed_tries == 0
    assert table_from_sealed(data, seats).state.turns == 3


def test_a_continued_round_says_why_nothing_played_before_can_be_taken_back() -> None:
    # The save keeps the table, not the turn's way back: a play made before Continue stays,
    # and undo says so rather than that nothing was played.
    table = opened(sealed_data(played(3)))
    answer = table.undo()
    assert not answer.ok and answer.refusal == CONTINUED_STAYS
    assert table.state.turns == 3


def test_another_seat_s_password_does_not_open_a_seat() -> None:
    data = sealed_data(played(1))
    _public, seats = saved_seats(data, scheme())
    assert seats[0].lock is not None and not seats[0].lock.unseal(PASSWORDS[1])


def test_a_seat_without_a_password_is_opened_by_i_am_and_its_hand_sealed_with_the_table(
) -> None:
    passwords = scheme()
    seats = [Seat("Anna", lock=passwords.lock("Anna", PASSWORDS[0])),
             Seat("Bram", lock=passwords.lock("Bram", PASSWORDS[1])),
             Seat("Dirk", lock=passwords.lock("Dirk", "")), Seat("Cor", "careful")]
    table = PestenSession.deal(seats, packs=1, jokers=2, dealer=0, seed=SEED)
    data = sealed_data(table)
    assert data["sealed"]["seats"][2] is None  # an empty password seals nothing
    readable = copy.deepcopy(data)
    for seat in readable["public"]["seats"]:
        seat.pop("verifier", None)  # base64: the joker's face "JK" may turn up in it by chance
    assert secrets_in(json.dumps(readable, ensure_ascii=False).encode(), table) == []
    assert opened(data, (*PASSWORDS, "")).state == table.state


# ------------------------------------------------------------------ one player as attacker


def _aad(public: Any, place: str) -> bytes:
    canonical = json.dumps(public, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).digest() + place.encode()


def _decrypt(key: bytes, blob: Any, aad: bytes) -> Any:
    try:
        plain = AESGCM(key).decrypt(bytes.fromhex(blob["nonce"]), bytes.fromhex(blob["data"]),
                                    aad)
    except InvalidTag:
        return None
    return json.loads(plain)


def attack(data: Any, password: str) -> tuple[dict[int, Any], Any]:
    """What a script given one player's password (and the empty one, which anyone knows)
    reads from a save, knowing its format: every seat blob either opens, and the table's
    secrets under the XOR of any set of the shares found. (hands by seat, table secret)."""
    public, sealed_part = data["public"], data.get("sealed")
    if sealed_part is None:  # saved openly: everything is there
        return dict(enumerate(data["open"]["hands"])), data["open"]
    hands: dict[int, Any] = {}
    shares: list[bytes] = []
    for seat, blob in enumerate(sealed_part["seats"]):
        info = public["seats"][seat]
        if blob is None or not info.get("salt"):
            continue
        for guess in {password, ""}:
            key = derive_key(guess, bytes.fromhex(info["salt"]), KeyCost(*info["cost"]))
            plain = _decrypt(key, blob, _aad(public, f"seat {seat}"))
            if plain is not None:
                hands[seat] = plain["hand"]
                shares.append(bytes.fromhex(plain["share"]))
    for size in range(1, len(shares) + 1):
        for chosen in itertools.combinations(shares, size):
            key = bytes(len(chosen[0]))
            for share in chosen:
                key = bytes(a ^ b for a, b in zip(key, share, strict=True))
            secret = _decrypt(key, sealed_part["table"], _aad(public, "table"))
            if secret is not None:
                return hands, secret
    return hands, None


SET_UPS = {
    "Anna (password), Bram (none), Cor (CPU)": (("Anna", "anna-tulip"), ("Bram", ""), "Cor"),
    "Anna alone against two CPUs": (("Anna", "anna-tulip"), "Cor", "Dirk"),
    "Anna and Bram, no passwords": (("Anna", ""), ("Bram", ""), "Cor"),
    "Anna and Bram (passwords), Cor (CPU)": (("Anna", "anna-tulip"), ("Bram", "bram-canal"),
                                             "Cor"),
    "Anna, Bram (passwords), Dirk (none), Cor (CPU)": (
        ("Anna", "anna-tulip"), ("Bram", "bram-canal"), ("Dirk", ""), "Cor"),
    "three passwords": (("Anna", "anna-tulip"), ("Bram", "bram-canal"),
                        ("Eva", "eva-dune"), "Cor"),
}


@pytest.mark.parametrize("set_up", SET_UPS)
def test_no_single_player_reads_another_hand_the_stock_or_the_seed_from_a_save(
    set_up: str,
) -> None:
    """Issue 27 C12: with Anna's password and the empty one, a script read Cor's hand, the
    stock and the seed. Now one player's password opens that player's own hand and nothing
    more, or the round is not saved at all."""
    passwords = scheme()
    seats = [Seat(chair, "careful") if isinstance(chair, str)
             else Seat(chair[0], lock=passwords.lock(*chair)) for chair in SET_UPS[set_up]]
    table = PestenSession.deal(seats, packs=1, jokers=2, dealer=0, seed=SEED)
    for _ in range(4):
        step(table)
    if not can_seal(table):
        with pytest.raises(ValueError):
            sealed_data(table)
        return
    data = json.loads(json.dumps(sealed_data(table)))
    for seat, chair in enumerate(SET_UPS[set_up]):
        password = "" if isinstance(chair, str) else chair[1]
        hands, secret = attack(data, password)
        assert secret is None, f"{set_up}: seat {seat}'s password opens the table"
        assert set(hands) <= ({seat} if password else set())
        assert all(hands[own] == engine.to_json(table.state)["hands"][own] for own in hands)


def test_a_table_that_one_player_could_open_is_not_saved() -> None:
    passwords = scheme()
    for chairs in (SET_UPS["Anna (password), Bram (none), Cor (CPU)"],
                   SET_UPS["Anna alone against two CPUs"]):
        seats = [Seat(chair, "careful") if isinstance(chair, str)
                 else Seat(chair[0], lock=passwords.lock(*chair)) for chair in chairs]
        assert not can_seal(PestenSession.deal(seats, packs=1, jokers=2, dealer=0, seed=SEED))
    assert can_seal(dealt())


def test_a_table_without_humans_is_saved_openly() -> None:
    seats = [Seat("Cor", "careful"), Seat("Dirk", "random")]
    table = PestenSession.deal(seats, packs=1, jokers=2, dealer=0, seed=SEED)
    step(table)
    data = sealed_data(table)
    assert "sealed" not in data and data["open"] == engine.to_json(table.state)
    resumed = opened(data, ())
    assert resumed.state == table.state and resumed.cpu_seed == table.cpu_seed


# ------------------------------------------------------------------ resuming


@pytest.mark.parametrize(("seed", "cut"), [(SEED, 7), (SEED + 1, 12), (SEED + 2, 1)])
def test_a_resumed_round_plays_on_exactly_as_an_uninterrupted_one(seed: int, cut: int) -> None:
    straight = played(cut, seed)
    resumed = opened(json.loads(json.dumps(sealed_data(straight))))
    assert resumed.state == straight.state
    for _ in range(400):
        if straight.over:
            break
        step(straight)
        step(resumed)
        assert resumed.state == straight.state
    assert straight.over and resumed.over
    assert (resumed.state, resumed.cpu_seed) == (straight.state, straight.cpu_seed)
    # The next round is dealt the same, from the sealed set-up seed.
    assert straight.act(straight.to_move or 0, NEXT_ROUND).ok
    assert resumed.act(resumed.to_move or 0, NEXT_ROUND).ok
    assert resumed.state == straight.state


def test_a_finished_round_is_saved_and_resumed_to_deal_the_next_one() -> None:
    table = played(0)
    while not table.over:
        step(table)
    resumed = opened(sealed_data(table))
    assert resumed.over and resumed.state == table.state
    assert resumed.act(resumed.to_move or 0, NEXT_ROUND).ok
    assert table.act(table.to_move or 0, NEXT_ROUND).ok
    assert resumed.state == table.state


# ------------------------------------------------------------------ any input


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(st.one_of(_JSON, st.binary(max_size=64),
                 st.fixed_dictionaries({"public": _JSON, "sealed": _JSON})))
def test_any_data_is_refused_with_one_sentence(data: Any) -> None:
    with pytest.raises(SealError) as refusal:
        saved_seats(data, scheme())
        unseal(data, {})
    assert str(refusal.value).endswith(".") and "\n" not in str(refusal.value)


_SAVE = json.dumps(sealed_data(played(4)))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(_SAVE) - 1), st.characters(codec="ascii"))
def test_any_changed_character_of_a_save_never_crashes_the_unseal(at: int, char: str) -> None:
    try:
        data = json.loads(_SAVE[:at] + char + _SAVE[at + 1:])
    except ValueError:
        return  # no JSON: the store would have skipped the row
    try:
        opened(data)
    except SealError as refusal:
        assert str(refusal).endswith(".")
    except AssertionError:
        pass  # a changed verifier hash: the password no longer opens the seat
