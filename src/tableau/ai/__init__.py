"""CPU players and solvers. Pure like the engines: they see only a seat's view."""
