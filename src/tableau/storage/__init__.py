"""Saves, settings, statistics and file paths."""
