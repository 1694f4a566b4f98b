"""Games in progress, in plain Python without Textual.

Every game's session (``tableau.sessions.<key>``, for each game of ``tableau.registry``) has
the one shape of ``tableau.sessions.protocol.Session`` and one constructor,
``start(seats, seed, **options)``. A session owns the whole flow of its game: whose turn it
is, undo and redo (``tableau.sessions.timeline``), the CPUs' steps, rounds, autosave extras.
The TUI screens and the plain line modes both drive sessions; sessions drive the engines, the
CPU players (``tableau.ai``) and persistence (``tableau.storage``).
"""
