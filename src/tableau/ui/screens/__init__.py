"""Screens: the menu, help, dialogs and one screen per game."""
