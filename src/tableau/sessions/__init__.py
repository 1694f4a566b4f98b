"""Games in progress, in plain Python without Textual.

A session holds the timeline (undo and redo), whose turn it is and the CPU steps of one
game. The TUI screens and the plain line modes both drive sessions; sessions drive the
engines, the CPU players (``tableau.ai``) and persistence (``tableau.storage``).
"""
