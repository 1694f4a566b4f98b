"""Saves edited by hand, for the session contract test (a session's save holds its
engine's): one edit a player might make to a save's JSON. (A plain module beside conftest.py:
test folders have no __init__.)"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st


def paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON tree, the root included."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*path, index))
    return found


def hand_edited(save: Any, data: st.DataObject, junk: st.SearchStrategy[Any]) -> Any:
    """``save`` with one edit a player might make by hand: a nudged number, a flipped flag, a
    dropped, repeated or swapped entry, or ``junk`` (JSON values) in place of a value."""
    path = data.draw(st.sampled_from(paths(save)[1:]), label="path")
    parent = save
    for step in path[:-1]:
        parent = parent[step]
    key = path[-1]
    value = parent[key]
    edits = ["junk", "drop"]
    if isinstance(value, bool):
        edits.append("flip")
    elif isinstance(value, int):
        edits.append("nudge")
    if isinstance(parent, list) and len(parent) > 1:
        edits += ["repeat", "swap"]
    edit = data.draw(st.sampled_from(edits), label="edit")
    if edit == "flip":
        parent[key] = not value
    elif edit == "nudge":
        parent[key] = value + data.draw(st.sampled_from([-1, 1, -value, 10**6]), label="by")
    elif edit == "drop":
        del parent[key]
    elif edit == "repeat":
        parent.insert(key, value)
    elif edit == "swap":
        other = data.draw(st.integers(min_value=0, max_value=len(parent) - 1), label="with")
        parent[key], parent[other] = parent[other], value
    else:
        parent[key] = data.draw(junk, label="junk")
    return save
