"""Pesten as plain text, and the typed commands, for ``tableau pesten --plain``.

The table (``render_table``) is drawn from ``public(view)`` alone, so it never holds a hand;
a hand is written only by ``render_hand``, which the line mode calls for its owner after
their password. Cards are written as the table shows them, with suit letters: ``7H``,
``10D``, ``JK`` (a joker).

Your options (``options``) are the engine's legal moves, one line each, numbered: the seed
regretted that its program did not list the possible moves. A play is typed as its number
or its cards (``3``, ``7H 8H 9H``), with ``last`` to call "last card" (``3 last``) and a suit
for a jack (``JC hearts``); ``draw``, ``take``, ``keep``, ``undo``, ``table`` and ``help``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tableau.cards import SUITS
from tableau.cards import AnyCard
from tableau.cards import CardError
from tableau.cards import Suit
from tableau.cards import parse_any_card
from tableau.cli.plain import card_text
from tableau.cli.plain import cards_text
from tableau.cli.plain import in_letters
from tableau.cli.plain import numbered
from tableau.cli.plain import shown_input
from tableau.engines.pesten import View
from tableau.ui.controls.pesten import arranged
from tableau.ui.controls.pesten import can_pass
from tableau.ui.controls.pesten import can_take
from tableau.ui.controls.pesten import declared_last_card
from tableau.ui.controls.pesten import pending_text
from tableau.ui.controls.pesten import plays
from tableau.ui.controls.pesten import public

CLEAR: Final = "\x1b[H\x1b[2J\x1b[3J"
"""Cursor home, clear the screen, and clear the scrollback too: the seed's program only sent
the cursor home (``#27'[1;1H'``), which left the last player's hand on the screen."""

HELP: Final = """\
Commands on your turn:
  3                 make option 3 of the list
  3 last            ... and call "last card" (say it when one card will be left)
  7H 8H 9H          play these cards in this order (a set or run: the last one counts)
  JC hearts         a jack names the suit to go on with (else you are asked)
  draw              draw a card (only when nothing fits; it is done for you then)
  take              take the pending stack (take hearts after a joker)
  keep              keep the card you drew
  undo              take back your last play before you hand over
  table, hand       show the table, or your hand, again
  help              this list"""

WORDS: Final = {"draw", "take", "keep", "pass", "undo", "table", "hand", "help", "?"}


def render_table(view: View, humans: Sequence[bool]) -> str:
    """What anybody at the table may see (drawn from ``public(view)``, never a hand)."""
    seen = public(view)
    marks = declared_last_card(seen)
    way = "clockwise" if seen.direction > 0 else "anticlockwise"
    lines = [f"Round {seen.round}, play goes {way}."]
    for seat, name in enumerate(seen.names):
        count = seen.hand_counts[seat]
        line = f"  {name}{'' if humans[seat] else ' (CPU)'}: {count} card{'s' * (count != 1)}"
        line += f", {seen.wins[seat]} round{'s' * (seen.wins[seat] != 1)} won"
        if marks[seat]:
            line += ", last card"
        if seat == seen.to_move:
            line += "  <- to move"
        lines.append(line)
    top = seen.top
    lines.append(f"Top of the discard pile: {card_text(top)} ({top.long_name}).")
    if seen.suit is not None:
        lines.append(f"Suit asked: {seen.suit.noun}.")
    lines.append(f"Stock: {seen.stock_count} card{'s' * (seen.stock_count != 1)}.")
    pending = pending_text(seen)
    if pending:
        lines.append(in_letters(pending))
    return "\n".join(lines)


def render_hand(view: View) -> str:
    """The owner's hand (sorted as on the table's screen) and the card just drawn."""
    hand = arranged(view.hand)
    count = len(hand)
    text = f"{view.names[view.seat]}'s hand ({count} card{'s' * (count != 1)}): "
    text += cards_text(hand) or "none"
    if view.drawn is not None:
        text += f"\nYou drew {card_text(view.drawn)}."
    return text


@dataclass(frozen=True, slots=True)
class Option:
    """One line of the options list: these cards played (``cards``), or a word."""

    cards: tuple[AnyCard, ...] = ()
    word: str = ""

    def __str__(self) -> str:
        return f"play {cards_text(self.cards)}" if self.cards else self.word


def options(view: View) -> list[Option]:
    """The legal moves, one per play of cards (a jack's suit and the last-card call are
    asked with it), then take, keep or draw."""
    listed: list[Option] = []
    for play in plays(view):
        option = Option(play.cards)
        if option not in listed:
            listed.append(option)
    if can_take(view):
        listed.append(Option(word=f"take {view.stack}"))
    if can_pass(view):
        listed.append(Option(word="keep the card you drew"))
    return listed


def options_text(view: View) -> str:
    lines = ["Your options:", *numbered([str(option) for option in options(view)])]
    if any(len(view.hand) - len(play.cards) == 1 for play in plays(view)):
        lines.append('A play that leaves you one card: add "last" to call it, like 1 last.')
    return "\n".join(lines)


def read_suit(text: str) -> Suit:
    """A suit: its name, letter, glyph or number 1-4 (clubs, diamonds, hearts, spades)."""
    word = in_letters(text).strip().lower()
    for number, suit in enumerate(SUITS, start=1):
        if word in (suit.noun, suit.noun[:-1], suit.letter.lower(), str(number)):
            return suit
    raise ValueError("Name a suit: clubs, diamonds, hearts or spades (c, d, h, s).")


@dataclass(frozen=True, slots=True)
class Command:
    """A typed command: cards to play (with the last-card call and a named suit), or a word
    (draw, take, keep, undo, table, hand, help)."""

    cards: tuple[AnyCard, ...] = ()
    word: str = ""
    last: bool = False
    suit: Suit | None = None


def read_command(text: str, view: View) -> Command:
    """What a typed line means on this turn; ValueError with a sentence if nothing."""
    words = in_letters(text).replace(",", " ").split()
    if not words:
        raise ValueError("Nothing was typed; type an option's number, cards, or help.")
    lowered = [word.lower() for word in words]
    last = "last" in lowered
    rest = [word for word in words if word.lower() not in ("last", "play")]
    suit: Suit | None = None
    if len(rest) > 1:  # a suit named after the cards, or after take
        try:
            suit = read_suit(rest[-1])
            rest = rest[:-1]
        except ValueError:
            suit = None
    if not rest:
        if last:
            raise ValueError('Call "last card" with your play: type its number and last, '
                             "like 3 last.")
        raise ValueError("Say which cards to play: an option's number or the cards.")
    head = rest[0].lower()
    if head in WORDS and len(rest) == 1:
        word = {"pass": "keep", "?": "help"}.get(head, head)
        if word == "take":
            return Command(word=word, suit=suit)
        return Command(word=word)
    if len(rest) == 1 and head.isascii() and head.isdigit():
        return _option(rest[0], view, last, suit)
    try:
        cards = tuple(parse_any_card(word) for word in rest)
    except CardError as problem:
        raise ValueError(f"{problem} Type an option's number, cards like 7H, or help.") from None
    return Command(cards=cards, last=last, suit=suit)


def _option(number: str, view: View, last: bool, suit: Suit | None) -> Command:
    listed = options(view)
    if len(number) > 3 or not 1 <= int(number) <= len(listed):
        choices = "1" if len(listed) == 1 else f"1 to {len(listed)}"
        raise ValueError(f"{shown_input(number)} is not on the list; choose {choices}.")
    option = listed[int(number) - 1]
    if option.cards:
        return Command(cards=option.cards, last=last, suit=suit)
    return Command(word=option.word.split()[0], suit=suit)
