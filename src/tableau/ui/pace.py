"""How fast CPU players move on screen. No Textual import, so the command line reads it cheaply."""

DEFAULT_CPU_DELAY = 0.6
"""Seconds a CPU player 'thinks' before its move is shown (0 in tests)."""

MAX_CPU_DELAY = 10.0
