"""Go Fish in words: the one place its sentences are made.

``describe(event, viewer, names)`` is the sentence ``viewer`` reads for an event: "You" (and
the verb forms that go with it) for the viewer's own seat, the seat's name for the others, and
never a card the viewer may not see. The history panel, the message line and the line mode all
word events through it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tableau.cards import RANKS
from tableau.cards import Rank
from tableau.engines.gofish.events import Asked
from tableau.engines.gofish.events import Booked
from tableau.engines.gofish.events import Dealt
from tableau.engines.gofish.events import Drew
from tableau.engines.gofish.events import Event
from tableau.engines.gofish.events import SatOut
from tableau.engines.gofish.events import StockEmpty
from tableau.engines.gofish.events import seen_by

MAX_NAMES: Final = 5
ALL_BOOKS: Final = len(RANKS)


def rank_words(rank: Rank) -> str:
    """The plural used in sentences: "7s", "10s", "aces", "kings"."""
    if Rank.TWO <= rank <= Rank.TEN:
        return f"{int(rank)}s"
    return rank.plural


def rank_label(rank: Rank) -> str:
    """The short label on a card: "7", "10", "A", "K"."""
    return "10" if rank is Rank.TEN else rank.letter


def default_names(players: int) -> tuple[str, ...]:
    return tuple(f"Player {seat + 1}" for seat in range(players))


class _Speaker:
    """Names seats in a sentence, with "you" (and its verb forms) for the viewer."""

    def __init__(self, names: Sequence[str], viewer: int | None) -> None:
        self.names = names
        self.viewer = viewer

    def subject(self, seat: int) -> str:
        return "You" if seat == self.viewer else self.names[seat]

    def object(self, seat: int) -> str:
        return "you" if seat == self.viewer else self.names[seat]

    def verb(self, seat: int, plain: str, third: str) -> str:
        return plain if seat == self.viewer else third


def describe(event: Event, viewer: int | None, names: Sequence[str] | None = None) -> str:
    """The sentence ``viewer`` reads for ``event`` (None: an onlooker, "you" for nobody).
    ``names`` name the seats (default "Player 1", "Player 2"...)."""
    say = _Speaker(default_names(MAX_NAMES) if names is None else names, viewer)
    event = seen_by(event, viewer)
    if isinstance(event, Dealt):
        return f"{event.each} cards dealt to each of {event.players} players."
    if isinstance(event, Asked):
        return _asked(event, say)
    if isinstance(event, Drew):
        return _drew(event, say)
    if isinstance(event, Booked):
        lay = say.verb(event.seat, "lay", "lays")
        return f"{say.subject(event.seat)} {lay} down a book of {rank_words(event.rank)}"
    if isinstance(event, SatOut):
        have = say.verb(event.seat, "have", "has")
        sit = say.verb(event.seat, "sit", "sits")
        return f"{say.subject(event.seat)} {have} no cards and the stock is empty; {sit} out"
    assert isinstance(event, StockEmpty)
    return "The stock is empty; the turn passes"


def _asked(event: Asked, say: _Speaker) -> str:
    ask = say.verb(event.asker, "ask", "asks")
    whom = say.object(event.target)
    head = f"{say.subject(event.asker)} {ask} {whom} for {rank_words(event.rank)}"
    if event.given == 0:
        return f"{head} — Go fish!"
    give = say.verb(event.target, "give", "gives")
    return f"{head} — {say.object(event.target)} {give} {event.given}"


def _drew(event: Drew, say: _Speaker) -> str:
    who = say.subject(event.seat)
    draw = say.verb(event.seat, "draw", "draws")
    what = f"the {event.card.face}" if event.card is not None else "a card"
    if event.shown and event.card is not None:
        go = say.verb(event.seat, "go", "goes")
        return f"{who} {draw} the {event.card.face}, the rank asked for, and {go} again"
    if event.reason == "empty":
        have = say.verb(event.seat, "have", "has")
        return f"{who} {have} no cards and {draw} {what}"
    if event.reason == "alone":
        return f"Nobody else holds cards; {say.object(event.seat)} {draw} {what}"
    return f"{who} {draw} {what}"


# ------------------------------------------------------------------ a run of games


def opening(each: int, first: int, viewer: int | None, names: Sequence[str]) -> str:
    """The message as a game is dealt: "Dealt 7 cards each. You play first." """
    say = _Speaker(names, viewer)
    play = say.verb(first, "play", "plays")
    return f"Dealt {each} cards each. {say.subject(first)} {play} first."


def headline(winners: Sequence[int], viewer: int | None, names: Sequence[str]) -> str:
    """The end dialog's title: "You win!", "CPU 1 wins" or "A shared win: You and CPU 1"."""
    say = _Speaker(names, viewer)
    if len(winners) > 1:
        return f"A shared win: {' and '.join(say.subject(seat) for seat in winners)}"
    return "You win!" if winners[0] == viewer else f"{names[winners[0]]} wins"


def score_lines(names: Sequence[str], books: Sequence[Sequence[Rank]]) -> list[str]:
    """Each player's books, one line each, the names in a column."""
    width = max(len(name) for name in names)
    lines = []
    for name, ranks in zip(names, books, strict=True):
        labels = " ".join(rank_label(rank) for rank in sorted(ranks))
        noun = "book " if len(ranks) == 1 else "books"
        lines.append(f"{name:<{width}}  {len(ranks):>2} {noun}  {labels}".rstrip())
    return lines


def winning_sentence(winners: Sequence[int], books: int, names: Sequence[str]) -> str:
    """The outcome's sentence: "Player 1 wins with 7 of the 13 books."."""
    if len(winners) > 1:
        who = " and ".join(names[seat] for seat in winners)
        return f"{who} share the win with {books} books each."
    return f"{names[winners[0]]} wins with {books} of the {ALL_BOOKS} books."
