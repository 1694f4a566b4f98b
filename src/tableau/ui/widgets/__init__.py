"""Widgets shared by every game. They show values and post messages; they hold no rules."""
