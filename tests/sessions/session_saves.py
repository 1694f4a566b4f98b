"""What the Go Fish and Poker session tests share about saves: junk for any field of a save.
(Named session_saves, not helpers: test folders have no __init__.)"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from typing import Any

from hypothesis import strategies as st

from tableau.engines.protocol import SaveFormatError

JSON_JUNK = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.text(max_size=5), inner, max_size=3),
)
"""Any JSON value, to put in place of one field of a save."""


def load_or_refuse(load: Callable[[Mapping[str, Any]], Any], data: Mapping[str, Any],
                   play_on: Callable[[Any], object]) -> None:
    """A save is refused with a sentence, or what it loads to plays on without a crash."""
    try:
        session = load(data)
    except SaveFormatError as refusal:
        assert str(refusal).endswith(".")
    else:
        play_on(session)
