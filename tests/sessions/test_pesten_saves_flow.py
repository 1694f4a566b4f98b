"""What a Pesten save keeps and how a resumed session goes on, through the public session API
(PestenSession.to_json/from_json, pesten_saves.saved_seats, SeatLock.unseal) with no Textual:
the round resumes at the lock of the seat to move and plays on as one never interrupted; the
passwords are kept only as Argon2id hashes, and a wrong one opens nothing; the wait after wrong
passwords follows the table through its save; a seat without a password needs none; a take is
kept before its cards show; a round saved between rounds deals the next one.

The Pilot tests in tests/ui/test_pesten_resume.py keep one flow each for the keys and screens
(the menu's Continue, the unseal screen, its messages); the rules of the resume live here.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pesten_turns import turn as play_turn
from tableau.cards import Card
from tableau.cards import Rank
from tableau.engines.pesten import DRAW
from tableau.engines.pesten import Play
from tableau.engines.pesten import Take
from tableau.sessions.pesten import NEXT_ROUND
from tableau.sessions.pesten import OPEN
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Seat
from tableau.sessions.pesten import Stage
from tableau.sessions.pesten_saves import saved_seats
from tableau.storage.lockouts import Lockouts
from tableau.storage.passwords import PasswordScheme
from tableau.storage.sealed import SealError

SEED = 0x5EED_1234_ABCD
PASSWORDS = ("anna-tulip", "bram-canal")
DELAYS = (0.0, 1.0, 2.0, 4.0, 8.0)
PLAIN = {Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.NINE, Rank.TEN, Rank.QUEEN,
         Rank.KING}


def scheme() -> PasswordScheme:
    return PasswordScheme(cheap=True)


def dealt(cor_password: str | None = None, seed: int = SEED) -> PestenSession:
    """Anna and Bram (with passwords) and Cor: a careful CPU, or a human with this password
    ("" for none). The dealer is Cor: Anna begins."""
    passwords = scheme()
    cor = (Seat("Cor", "careful") if cor_password is None
           else Seat("Cor", lock=passwords.lock("Cor", cor_password)))
    seats = [Seat("Anna", lock=passwords.lock("Anna", PASSWORDS[0])),
             Seat("Bram", lock=passwords.lock("Bram", PASSWORDS[1])), cor]
    return PestenSession.deal(seats, packs=1, jokers=2, dealer=2, seed=seed)


def pick(table: PestenSession, seat: int) -> Any:
    """A human's move as tests/ui/test_pesten_resume.py's player makes it: a plain single card
    first, then any single card, else take, else draw, else the first move offered."""
    moves = table.moves(seat)
    singles = sorted((move for move in moves if isinstance(move, Play)
                      and len(move.cards) == 1 and not move.last_card),
                     key=lambda move: not (isinstance(move.cards[0], Card)
                                           and move.cards[0].rank in PLAIN))
    if singles:
        return singles[0]
    return next((move for move in moves if isinstance(move, Take)),
                DRAW if DRAW in moves else moves[0])


def turn(table: PestenSession) -> None:
    """One seat's turn, a CPU's included; the CPUs after it wait for their own call."""
    play_turn(table, pick, cpus_after=False)


def saved(table: PestenSession) -> dict[str, Any]:
    """The session's save as it reaches the database and comes back (JSON text)."""
    data = table.to_json()
    assert "sealed" in data  # two players with a password: the round is sealed
    return json.loads(json.dumps(data))


def resumed(data: dict[str, Any], passwords: tuple[str, ...] = PASSWORDS) -> PestenSession:
    """The session of a save once every password holder typed their password."""
    _public, seats = saved_seats(data, scheme())
    holders = [seat for seat in seats if seat.lock is not None and seat.lock.has_password]
    for seat, password in zip(holders, passwords, strict=True):
        assert seat.lock is not None and seat.lock.unseal(password)
    return PestenSession.from_json(data, seats)


def three_turns() -> PestenSession:
    """Anna, Cor (the CPU, at once after her) and Bram played a turn each: Anna to move."""
    table = dealt()
    turn(table)  # Anna
    turn(table)  # Cor
    turn(table)  # Bram
    assert (table.state.current, table.state.turns) == (0, 3)
    return table


def a_take_to_make() -> tuple[PestenSession, int]:
    """The first table (of a few seeds) where a human, hand open, may take a stack."""
    for seed in range(SEED, SEED + 20):
        table = dealt(seed=seed)
        for _ in range(60):
            seat = table.to_move
            if table.over or seat is None:
                break
            if table.stage is Stage.LOCK and table.chairs[seat].is_human:
                assert table.act(seat, OPEN).ok
            if table.stage is Stage.HAND and any(
                    isinstance(move, Take) for move in table.moves(seat)):
                return table, seat
            turn(table)
    raise AssertionError("No take came up.")


# ------------------------------------------------------------------ the round goes on


def test_a_resumed_round_waits_at_the_lock_of_the_seat_to_move_and_plays_on_alike() -> None:
    """The stage, the seat to move and what it may do; then the same turns on both tables
    reach the same round (the resumed save is no other deal)."""
    straight = three_turns()
    again = resumed(saved(straight))
    assert (again.state, again.cpu_seed, again.table_id) == (
        straight.state, straight.cpu_seed, straight.table_id)
    assert again.stage is Stage.LOCK and again.to_move == 0
    assert again.moves(0) == (OPEN,) and again.moves(1) == ()
    assert not again.act(1, OPEN).ok  # Bram cannot open Anna's turn
    assert again.act(0, DRAW).refusal == "Open the lock on the hand first."
    for _ in range(4):
        turn(straight)
        turn(again)
        assert again.state == straight.state
    assert again.state.turns > 3


def test_a_resumed_hand_on_show_starts_again_at_its_seat_s_lock() -> None:
    """A sealed save keeps no hand-over: a round left with Anna's hand open (or her play on
    show until Done) resumes at a lock, never with a hand on the screen."""
    table = three_turns()
    assert table.act(0, OPEN).ok and table.stage is Stage.HAND
    assert resumed(saved(table)).stage is Stage.LOCK
    assert table.act(0, pick(table, 0)).ok
    assert table.stage is Stage.REVIEW  # the play ended the turn: on show until Done
    again = resumed(saved(table))
    assert again.review is None and again.stage in (Stage.LOCK, Stage.CPU)
    assert again.state == table.state


def test_a_take_is_kept_before_its_cards_show() -> None:
    """Issue 27 C9 at the session: the take is one step, and the save made while the new
    cards are lit already holds it, so a resume never lands before the take."""
    table, seat = a_take_to_make()
    before = len(table.state.hands[seat])
    assert table.act(seat, next(m for m in table.moves(seat) if isinstance(m, Take))).ok
    assert table.stage is Stage.REVIEW and table.review is not None and table.review.new
    again = resumed(saved(table))
    assert again.state == table.state and again.state.stack == 0
    assert len(again.state.hands[seat]) > before and again.state.current != seat


# ------------------------------------------------------------------ passwords and waits


def test_a_save_keeps_each_password_only_as_an_argon2id_hash_and_a_wrong_one_opens_nothing(
) -> None:
    data = saved(three_turns())
    text = json.dumps(data)
    for password in PASSWORDS:
        assert password not in text
    verifiers = [seat.get("verifier") for seat in data["public"]["seats"]]
    assert [v is not None and v.startswith("$argon2id$") for v in verifiers] == [
        True, True, False]
    _public, seats = saved_seats(data, scheme())
    anna, bram = (seat.lock for seat in seats[:2])
    assert anna is not None and bram is not None
    assert not anna.unseal(PASSWORDS[1]) and anna.key is None  # Bram's password is not hers
    assert not anna.unseal("not-annas") and anna.key is None
    assert anna.unseal(PASSWORDS[0])
    with pytest.raises(SealError, match=r"Bram's password is needed first\."):
        PestenSession.from_json(data, seats)
    assert bram.unseal(PASSWORDS[1])
    assert PestenSession.from_json(data, seats).state.turns == 3


def test_the_wait_after_wrong_passwords_follows_the_table_through_its_save() -> None:
    """Issue 27 C14: the wait is kept per table and seat (tableau.storage.lockouts); the save
    keeps the table's id, so a resumed round (another screen, another run) still waits, and
    another table does not."""
    table = three_turns()
    first_run = Lockouts.at_home(DELAYS)
    for at in (100.0, 101.0, 103.0):
        first_run.wrong(table.table_id, 0, at)
    again = resumed(saved(table))
    next_run = Lockouts.at_home(DELAYS)
    assert again.table_id == table.table_id
    assert next_run.wait_left(again.table_id, 0, 103.0) == 2
    assert next_run.wait_left(again.table_id, 0, 104.5) == 0.5
    assert next_run.wait_left(again.table_id, 1, 103.0) == 0  # Bram's seat waits on its own
    other = dealt(seed=SEED + 1)
    assert other.table_id != table.table_id
    assert next_run.wait_left(other.table_id, 0, 103.0) == 0


def test_a_seat_without_a_password_is_saved_without_a_hash_and_opens_with_none() -> None:
    """Cor, a human with no password: the save names no hash for him, the two passwords
    open the round, and his lock asks for nothing ("I am Cor")."""
    table = dealt(cor_password="")
    turn(table)  # Anna
    data = saved(table)
    assert data["public"]["seats"][2] == {"name": "Cor", "kind": "human", "human": True,
                                          "verifier": None}
    again = resumed(data)
    cor = again.chairs[2].lock
    assert cor is not None and not cor.has_password
    assert again.state == table.state and again.to_move == 1


def test_a_round_saved_between_rounds_resumes_at_its_end_and_deals_the_next() -> None:
    table = dealt()
    for _ in range(300):
        if table.over:
            break
        turn(table)
    assert table.over and table.state.round == 1
    again = resumed(saved(table))
    assert again.stage is Stage.OVER and again.state == table.state
    assert again.to_move == 0 and again.moves(0) == (NEXT_ROUND,)
    assert again.act(0, NEXT_ROUND).ok and table.act(0, NEXT_ROUND).ok
    assert again.state.round == 2 and again.state == table.state
