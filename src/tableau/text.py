"""Words for messages, shared by every layer (small on purpose: storage imports it at
start-up, before any game is opened)."""

from __future__ import annotations


def shorten(text: str, limit: int = 20) -> str:
    """Text to echo in a message: printable, on one line, at most ``limit`` characters."""
    cleaned = "".join(char if char.isprintable() else " " for char in text[: limit + 1])
    return cleaned if len(cleaned) <= limit else cleaned[: limit - 1] + "…"


def clock_text(seconds: float) -> str:
    """A time played: "4:07", or "1:02:07" past the hour."""
    whole = max(int(seconds), 0)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"
