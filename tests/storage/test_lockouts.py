"""The wait after wrong passwords is kept per table and seat, in a private file, and read by
every lock screen of every run (issue 27 C14). Time is the caller's: no test sleeps."""

from __future__ import annotations

import stat
from pathlib import Path

from tableau.storage.home import data_folder
from tableau.storage.lockouts import DAMAGED
from tableau.storage.lockouts import DAMAGED_KEPT
from tableau.storage.lockouts import FILE_NAME
from tableau.storage.lockouts import Lockouts

DELAYS = (0.0, 1.0, 2.0, 4.0, 8.0)


def test_the_wait_grows_with_each_wrong_try_and_ends_on_the_clock() -> None:
    record = Lockouts.at_home(DELAYS)
    assert [record.wrong("t1", 0, 100.0) for _ in range(6)] == [0, 1, 2, 4, 8, 8]
    assert record.wait_left("t1", 0, 100.0) == 8
    assert record.wait_left("t1", 0, 105.0) == 3
    assert record.wait_left("t1", 0, 108.0) == 0


def test_a_new_start_reads_the_same_wait_and_the_right_password_ends_it() -> None:
    first = Lockouts.at_home(DELAYS)
    for _ in range(3):
        first.wrong("table", 1, 50.0)
    restarted = Lockouts.at_home(DELAYS)  # another screen, another run
    assert restarted.wait_left("table", 1, 51.0) == 1
    assert restarted.wrong("table", 1, 52.0) == 4  # the count goes on where it was
    restarted.opened("table", 1)
    assert first.wait_left("table", 1, 52.0) == 0
    assert first.wrong("table", 1, 52.0) == 0  # a first wrong try again


def test_each_seat_of_each_table_waits_on_its_own() -> None:
    record = Lockouts.at_home(DELAYS)
    record.wrong("a", 0, 0.0)
    record.wrong("a", 0, 0.0)
    assert record.wait_left("a", 0, 0.0) == 1
    assert record.wait_left("a", 1, 0.0) == record.wait_left("b", 0, 0.0) == 0


def test_the_record_is_private_and_holds_no_password() -> None:
    record = Lockouts.at_home(DELAYS)
    record.wrong("table-id", 0, 0.0)
    path = data_folder() / FILE_NAME
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) & 0o077 == 0
    assert set(path.read_text()) <= set('{}":,. /-0123456789abcdefghijklmnopqrstuvwxyz_')


def test_a_damaged_record_counts_as_empty_and_is_written_anew(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    path.write_text("{not json")
    record = Lockouts(path, DELAYS)
    assert record.problem == DAMAGED
    assert record.wait_left("t", 0, 0.0) == 0
    record.wrong("t", 0, 0.0)
    assert record.wrong("t", 0, 0.0) == 1
    assert Lockouts(path, DELAYS).wait_left("t", 0, 0.0) == 1
    assert Lockouts(path, DELAYS).problem is None


def test_a_damaged_record_that_may_not_be_written_says_so_and_is_left_as_it_is(
    tmp_path: Path,
) -> None:
    """No write bit: read-only even for root (``files._write_target``), so the start-up
    sentence may not promise a fresh file, and the waits hold for this run only."""
    path = tmp_path / FILE_NAME
    path.write_text("{not json")
    path.chmod(0o400)
    record = Lockouts(path, DELAYS)
    assert record.problem == DAMAGED_KEPT
    record.wrong("t", 0, 0.0)
    assert record.wrong("t", 0, 0.0) == 1
    assert record.wait_left("t", 0, 0.5) == 0.5
    assert path.read_text() == "{not json"


def test_a_record_that_cannot_be_written_still_holds_for_this_run(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "a-file"
    not_a_folder.write_text("")  # no folder can be made here, not even by root
    record = Lockouts(not_a_folder / FILE_NAME, DELAYS)
    record.wrong("t", 0, 0.0)
    assert record.wrong("t", 0, 0.0) == 1
    assert record.wait_left("t", 0, 0.5) == 0.5
    assert not_a_folder.read_text() == ""


def test_a_clock_set_back_never_waits_longer_than_the_longest_delay() -> None:
    record = Lockouts.at_home(DELAYS)
    for _ in range(5):
        record.wrong("t", 0, 1_000_000.0)
    assert record.wait_left("t", 0, 0.0) == 8
