"""Tables across screens: one game in ``tableau.db``, its seats at several processes.

A layer between the screens (``tableau.ui``, the line modes in ``tableau.cli``) and the pure
sessions: a ``SharedTable`` is one process's handle on one table. It keeps the session's open
form in ``storage.table_store.TableStore``, makes every change one versioned move there, reads
what the other processes did, keeps its seat's heartbeat, and runs the CPU seats while it
holds the table's lease. I/O (SQLite, the clock, a heartbeat thread) is allowed here; Textual
and Rich are not.
"""
