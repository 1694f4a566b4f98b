"""The protocol's ``version`` of a session that counts its own changes in ``_version``."""

from __future__ import annotations


class Versioned:
    """Mixed into a session that adds 1 to ``_version`` at every change (and saves it)."""

    _version: int

    @property
    def version(self) -> int:
        return self._version
