"""The Go Fish table as plain text, for ``tableau gofish --plain``.

``render_table`` follows the seed's table layout (docs: the Go Fish seed's "Table Layout
Example"): between two ``#=~`` lines, each CPU's hidden cards (``[]`` each) and books, the
stock count as ``[[[30]]]``, then your cards face up with the number to type under each
(numbered from 0, as the seed's hand display does) and your books. Cards are written with the
spec's letters, ``[AD]`` and ``[10H]``; a book is its rank, ``[J]``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from tableau.cards import Card
from tableau.cards import Rank
from tableau.cli.plain import card_text
from tableau.engines.gofish import View
from tableau.engines.gofish import rank_label

RULE: Final = "#=~"
HELP: Final = """\
Type the number your question asks for:
  Which card do you ask for?   the number under a card asks for its rank
  Whom do you ask?             the number before an opponent's name
  Play again?                  1 deals a new game, 0 stops
At any question:
  help (or ?)                  this list
  q (or quit)                  stop playing (during a game it asks first: the line mode
                               keeps no save, so the game cannot be resumed)"""
LEAVE: Final = ("Leave this game? It ends here: the line mode keeps no save to resume it. "
                "(yes/no) > ")


def books_line(books: Iterable[Rank]) -> str:
    labels = [f"[{rank_label(rank)}]" for rank in sorted(books)]
    return "Books: " + (" ".join(labels) if labels else "none")


def hand_lines(cards: Iterable[Card]) -> list[str]:
    """Your cards, and under each the number that asks for it."""
    cells = [f"[{card_text(card)}]" for card in cards]
    if not cells:
        return ["Cards: none"]
    numbers = [f"({index})".center(len(cell)) for index, cell in enumerate(cells)]
    return ["Cards: " + " ".join(cells), "       " + " ".join(numbers).rstrip()]


def render_table(seen: View, names: tuple[str, ...]) -> str:
    """The table from ``seen``'s seat only: the others' cards are counted, never named."""
    lines = [RULE, ""]
    for seat in range(len(names)):
        if seat == seen.seat:
            continue
        count = seen.hand_counts[seat]
        lines += [f"{names[seat]}'s:", "Cards: " + (" ".join(["[]"] * count) or "none"),
                  books_line(seen.books[seat]), ""]
    lines += [f"[[[{seen.stock_count}]]]", "", "Your:", *hand_lines(seen.hand),
              books_line(seen.books[seen.seat]), "", RULE]
    return "\n".join(lines)
