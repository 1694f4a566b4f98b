"""Checked by ``mypy --strict`` (``make lint``), never imported by the app: every engine in the
registry is a module that conforms to the ``Engine`` protocol."""

from tableau.engines import gofish
from tableau.engines import pesten
from tableau.engines import poker
from tableau.engines import yukon
from tableau.engines.protocol import Engine

CONFORMING: tuple[Engine, ...] = (yukon, pesten, gofish, poker)
