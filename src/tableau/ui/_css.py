"""Load a widget's .tcss file that sits beside its module (widgets have no CSS_PATH)."""

from __future__ import annotations

from pathlib import Path


def sibling_tcss(module_file: str) -> str:
    """The text of ``<module>.tcss`` next to ``module_file`` (pass ``__file__``)."""
    return Path(module_file).with_suffix(".tcss").read_text(encoding="utf-8")
