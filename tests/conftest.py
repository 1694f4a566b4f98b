"""Every test runs with TABLEAU_HOME in its own temporary folder: no test reads or writes the
player's settings or database."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

# A suite started in the background (`make test &` from a script) inherits Ctrl-C ignored, and
# so would every tableau the tests start: the Ctrl-C tests could not stop them. A player's
# terminal delivers Ctrl-C, so give the processes the tests start its default again (a Python
# handler here becomes the default in a child).
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(autouse=True)
def tableau_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("TABLEAU_HOME", str(home))
    return home
