"""Every test runs with TABLEAU_HOME in its own temporary folder: no test reads or writes the
player's settings or database. Seat passwords hash with Argon2id's cheapest parameters, in
this process and in every process a test starts (tableau.storage.passwords.TEST_CHEAP_HASHES).
Hypothesis runs the quick ``dev`` profile unless HYPOTHESIS_PROFILE=ci asks for the full
example counts (``make test-all``); under ``dev`` a property runs at most DEV_EXAMPLES examples,
and a long one (whole random games a draw) the fewer its ``dev_examples`` mark asks for."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from hypothesis import HealthCheck
from hypothesis import settings

from settled_pilot import settle_pilots
from shared_css import share_parsed_css
from tableau.storage.passwords import TEST_CHEAP_HASHES
from tableau.ui.app import collect_less_often

# A suite started in the background (`make test &` from a script) inherits Ctrl-C ignored, and
# so would every tableau the tests start: the Ctrl-C tests could not stop them. A player's
# terminal delivers Ctrl-C, so give the processes the tests start its default again (a Python
# handler here becomes the default in a child).
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# ---------------------------------------------------------------- Hypothesis profiles

DEV_EXAMPLES = 20
"""``dev``: at most this many examples a property, its own count when lower."""
QUICK = "dev"
# No deadline and no too-slow check: on a loaded machine an example's time measures the
# neighbours, and a property that fails only there is a flake, not a finding.
_STEADY = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
# ``dev`` draws the same examples on every run (derandomize), so `make test` passes or fails
# alike each time; ``ci`` (make test-all) draws new ones every run, to find what is new.
settings.register_profile(QUICK, max_examples=DEV_EXAMPLES, derandomize=True, **_STEADY)
settings.register_profile("ci", **_STEADY)  # Hypothesis's 100, and each test's own count
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", QUICK)
settings.load_profile(PROFILE)


DEV_MARK = "dev_examples"
"""``@pytest.mark.dev_examples(n)``: a long property (whole random games a draw) runs ``n``
examples under ``dev``, its own count under ``ci``."""


def pytest_configure(config: pytest.Config) -> None:
    collect_less_often()  # as the app does; the engine and session tests gain a tenth too
    share_parsed_css()
    settle_pilots()
    config.addinivalue_line(
        "markers", f"{DEV_MARK}(n): a long Hypothesis property runs n examples under the dev "
        "profile (make test) and its own count under ci (make test-all)")


def dev_cap(item: pytest.Item) -> int:
    """The most examples ``item`` runs under ``dev``."""
    marker = item.get_closest_marker(DEV_MARK)
    return DEV_EXAMPLES if marker is None else min(DEV_EXAMPLES, int(marker.args[0]))


LONG_FLOWS = Path(__file__).with_name("long_flows.txt")
"""The UI flows that make test leaves to make test-all, one test id a line."""


def long_flows() -> set[str]:
    """The test ids of long_flows.txt (its # lines are comments)."""
    lines = LONG_FLOWS.read_text(encoding="utf-8").splitlines()
    return {line for line in lines if line and not line.startswith("#")}


@pytest.hookimpl(tryfirst=True)  # before pytest's -m deselects by marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests of long_flows.txt are marked ``long_flow``. Under ``dev`` a test's own
    ``@settings(max_examples=N)`` is capped at DEV_EXAMPLES (or at its ``dev_examples`` mark),
    so the per-test counts (today's, which ``ci`` keeps) scale with the profile."""
    listed = long_flows()
    for item in items:
        if item.nodeid in listed:
            item.add_marker(pytest.mark.long_flow)
    if PROFILE != QUICK:
        return
    for item in items:
        test = getattr(getattr(item, "obj", None), "__func__", getattr(item, "obj", None))
        if not getattr(test, "is_hypothesis_test", False):
            continue
        chosen = getattr(test, "_hypothesis_internal_use_settings", None)
        if chosen is None:  # Hypothesis keeps a test's settings elsewhere now: update this
            raise pytest.UsageError("tests/conftest.py cannot read a Hypothesis test's "
                                    "settings; the dev profile's cap needs updating.")
        cap = dev_cap(item)
        if chosen.max_examples > cap:
            test._hypothesis_internal_use_settings = settings(chosen, max_examples=cap)


# ---------------------------------------------------------------- every test


@pytest.fixture(autouse=True)
def tableau_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("TABLEAU_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def cheap_password_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cheap Argon2id for every PasswordScheme a test makes, and for the processes it starts
    (they inherit the variable). tests/storage/test_passwords.py keeps one test at full cost."""
    monkeypatch.setenv(TEST_CHEAP_HASHES, "1")
