"""Go Fish flow checks moved from Pilot tests to the session (no Textual): a whole game played
from your seat as Enter plays it, with every sentence the table would show checked. The screen
shows exactly ``session.news()`` on its message line and ``session.describe`` for each event
in its history panel (tests/ui/test_gofish_screen.py checks that the last asks of a game do)."""

from __future__ import annotations

import re

from tableau.engines import gofish as g
from tableau.engines.gofish import Ask
from tableau.sessions.gofish import YOU
from tableau.sessions.gofish import GoFishSession
from tableau.sessions.gofish import against_cpus

HIDDEN_DRAW = re.compile(r"draws the (?!.*the rank asked for)")
"""A sentence naming a drawn card other than the rank asked for ("CPU 2 draws the 7♣")."""
MAX_ASKS = 400


def cpus_play(session: GoFishSession, said: list[str]) -> None:
    while (step := session.cpu_step()) is not None:
        assert session.play_cpu(step).ok
        said.append(session.news(YOU))


def test_a_whole_game_from_your_seat_never_names_a_card_a_cpu_drew_unseen() -> None:
    """Seed 5, two CPUs, Enter for every ask (the first card's rank, of CPU 1 or, once CPU 1
    has no cards, the next opponent): no message of any move and no history line names a
    card a CPU drew out of your sight (the drawer alone reads it); the game ends with all 13
    books down."""
    session = against_cpus(2, "pro", seed=5)
    said = [session.news(YOU)]
    for _ in range(MAX_ASKS):
        cpus_play(session, said)
        if session.outcome() is not None:
            break
        mine = session.view(YOU)
        target = next(seat for seat in (1, 2) if mine.hand_counts[seat])
        assert session.act(YOU, Ask(target, mine.hand[0].rank)).ok
        said.append(session.news(YOU))
    assert session.outcome() is not None
    assert sum(len(books) for books in session.state.books) == 13
    history = session.view(YOU).history
    lines = [session.describe(event, YOU) for event in history]
    assert len(said) > 20 and len(lines) > 40
    assert not [line for line in said + lines if HIDDEN_DRAW.search(line)]
    unseen = [event for event in session.state.history
              if isinstance(event, g.Drew) and event.seat != YOU and not event.shown]
    assert unseen, "the CPUs drew cards you did not see"
    for event in unseen:
        assert event.card is not None
        assert event.card.face in session.describe(event, event.seat)  # the drawer reads it
        assert event.card.face not in session.describe(event, YOU)
