"""The Timeline sessions keep their snapshots in, for undo and redo."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tableau.engines.protocol import IllegalMove
from tableau.sessions.timeline import Timeline


def test_undo_on_a_fresh_timeline_is_refused_with_a_sentence() -> None:
    with pytest.raises(IllegalMove, match="nothing to undo"):
        Timeline(0).undo()


def test_a_new_step_clears_the_redo_list() -> None:
    timeline = Timeline(0).push(1).push(2).undo()
    assert timeline.can_redo
    timeline = timeline.push(3)
    assert not timeline.can_redo
    assert timeline.past() == (0, 1)
    assert timeline.present == 3


@given(st.lists(st.integers(), max_size=50), st.integers(min_value=0, max_value=50))
def test_undo_then_redo_returns_to_the_same_present(steps: list[int], undos: int) -> None:
    timeline = Timeline(-1)
    for step in steps:
        timeline = timeline.push(step)
    undos = min(undos, len(steps))
    back = timeline
    for _ in range(undos):
        back = back.undo()
    assert back.present == ([-1, *steps])[len(steps) - undos]
    for _ in range(undos):
        back = back.redo()
    assert back.present == timeline.present
    assert back.past() == timeline.past()


def test_timeline_rebuilds_from_its_sequences() -> None:
    timeline = Timeline("a").push("b").push("c").undo()
    rebuilt = Timeline.from_sequences(timeline.past(), timeline.present, timeline.future())
    assert (rebuilt.past(), rebuilt.present, rebuilt.future()) == (("a",), "b", ("c",))
    assert rebuilt.redo().present == "c"


def test_long_timelines_built_separately_compare_equal_without_recursion() -> None:
    first, second = Timeline(0), Timeline(0)
    for step in range(20_000):
        first, second = first.push(step), second.push(step)
    assert first == second
    assert first != second.undo()
