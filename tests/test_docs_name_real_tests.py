"""The documents name the tests that hold their promises (``docs/security.md`` above all):
every test file they name exists, and every test they name is defined in that file. A test
renamed without its document fails here, so a promise never points at nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
# `tests/storage/test_store.py::test_x` names a file and a test; a following `::test_y` (in
# the same line) is another test of the last file named.
REFERENCE = re.compile(r"`(tests/[\w/]+\.py)?(?:::(\w+))?[\[`]")


def references(document: Path) -> list[tuple[int, str, str | None]]:
    """(line number, test file, test name or None) for each test the document names."""
    found: list[tuple[int, str, str | None]] = []
    for number, line in enumerate(document.read_text(encoding="utf-8").splitlines(), start=1):
        last_file: str | None = None
        for match in REFERENCE.finditer(line):
            path, name = match.groups()
            if path is None and name is None:
                continue
            last_file = path or last_file
            if last_file is not None:
                found.append((number, last_file, name))
    return found


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_every_test_a_document_names_exists(document: Path) -> None:
    missing = []
    for number, path, name in references(document):
        test_file = ROOT / path
        if not test_file.is_file():
            missing.append(f"line {number}: {path} does not exist")
        elif name is not None and not re.search(rf"def {name}\(",
                                                test_file.read_text(encoding="utf-8")):
            missing.append(f"line {number}: {path} has no {name}")
    assert missing == []


def test_make_test_runs_every_test_of_a_security_promise() -> None:
    """The security document says ``make test`` runs every test it names: none is one of
    the long flows left to ``make test-all``. (And the check above reads its references at
    all: it names dozens.)"""
    named = {f"{path}::{name}" for _, path, name in references(ROOT / "docs" / "security.md")
             if name}
    assert len(named) >= 50
    long_flows = (ROOT / "tests" / "long_flows.txt").read_text(encoding="utf-8").splitlines()
    assert sorted(named & set(long_flows)) == []
