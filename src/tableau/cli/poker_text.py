"""The Poker table as plain text, and the typed commands, for ``tableau poker --plain``.

Everything shown comes from your view (``PokerSession.view(you)``), in the words the table uses
(``tableau.ui.controls.poker``): a CPU's cards appear only when they are shown down. Hands
are named in the spec's wording by the engine, under the spec's "You are carrying:" ("pair of
queens (queen of hearts, ...)").

Commands (``help`` lists them): ``check``, ``call``, ``bet``, ``raise``, ``fold`` (``c``
checks or calls, ``b`` bets or raises, as the table's keys do); in the draw ``draw 1 3 5``
(places in your hand) or ``draw QH 4C`` (cards), ``stand`` to keep all five (a bare ``draw``
is refused with the usage), ``advice`` for what the CPU would throw away; ``next`` (or an
empty line) deals the next hand. A command out of its phase gets the engine's sentence for the
phase first ("It is not time to draw"), before anything about its cards or amount.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tableau.cards import Card
from tableau.cards import CardError
from tableau.cards import parse_cards
from tableau.cli.plain import card_text
from tableau.cli.plain import in_letters
from tableau.cli.plain import shown_input
from tableau.engines.poker import Action
from tableau.engines.poker import ActionKind
from tableau.engines.poker import Draw
from tableau.engines.poker import Move
from tableau.engines.poker import NextHand
from tableau.engines.poker import Phase
from tableau.engines.poker import View
from tableau.ui.controls.poker import BETTING
from tableau.ui.controls.poker import key_action
from tableau.ui.controls.poker import pot_line
from tableau.ui.controls.poker import prompt
from tableau.ui.controls.poker import seat_action
from tableau.ui.controls.poker import you_line

HELP: Final = """\
Commands:
  check, call, bet, raise, fold   betting (fixed limit: a bet or raise is the table's size)
  c / b                           check or call / bet or raise, whichever fits
  draw 1 3 5                      in the draw: throw away the cards at these places
  draw QH 4C                      ... or these cards (draw alone is refused: say which)
  stand (or pat)                  in the draw: keep all five cards (stand pat)
  advice                          which cards the CPU would throw away in your place
  next (or an empty line)         deal the next hand once a hand is over
  table (or i)                    show the table and what you are carrying again
  help                            this list"""

DRAW_WORDS: Final = ("draw", "discard", "stand", "pat")
DRAW_USAGE: Final = "like draw 1 3 5 (places) or draw QH 4C (cards); stand keeps all five."

Request = Move | str
"""A move for the session, or a request: "advice", "table" or "help"."""


def render_table(view: View) -> str:
    """The table from your view: the hand and phase, the pot, every seat, your cards."""
    lines = [f"Hand {view.hand_number} · {view.phase.label}", pot_line(view)]
    for seat in view.seats:
        name = "You" if seat.seat == view.seat else seat.name
        dealer = " (dealer)" if view.button == seat.seat else ""
        if seat.seat == view.seat:
            lines.append(f"{name}{dealer}: {you_line(view)}")
            continue
        action = seat_action(view, seat)
        chips = f"{seat.chips} chip{'s' if seat.chips != 1 else ''}"
        lines.append(f"{name}{dealer}: {chips}" + (f" · {action}" if action else ""))
    if view.hand:
        cards = "  ".join(f"{place}. {card_text(card)}"
                          for place, card in enumerate(view.hand, start=1))
        lines.append(f"Your cards: {cards}")
        lines += ["You are carrying:", view.hand_text]  # the spec's inventory listing
    return "\n".join(lines)


def turn_prompt(view: View) -> str:
    """What the player may do now (the table's words, typed commands instead of keys)."""
    if view.phase is Phase.DRAW:
        most = "4 keeping your ace" if view.max_discard == 4 else "3"
        return f"Your draw: draw 1 3 5 throws away up to {most}; stand keeps all > "
    if view.phase in BETTING:
        return prompt(view, ()) + " > "
    return "Hand over: next (or Enter) deals the next hand > "


def _bet(word: str, amount: str | None, view: View) -> Action:
    """A betting word; a number after bet or raise must be the fixed limit's amount. An
    action that is not allowed now goes to the engine as it is, amount or not: its sentence
    (the draw, no bet to raise, ...) tells the player more than the amount's."""
    kind = ActionKind(word)
    if amount is not None and Action(kind) in view.legal:
        if kind not in (ActionKind.BET, ActionKind.RAISE):
            raise ValueError(f"{word} takes no amount.")
        size, total = view.bet_size, view.current_bet + view.bet_size
        if amount not in (str(size), str(total)):
            raise ValueError(f"This is fixed limit: a {word} is {size} now (to {total}); "
                             f"type {word} alone.")
    return Action(kind)


def _discards(words: Sequence[str], hand: Sequence[Card]) -> Draw:
    """``draw 1 3 5`` (places in the hand) or ``draw QH 4C`` (cards); a bare ``draw`` (or
    ``draw 0``) is refused with the usage: keeping all five is ``stand``."""
    if not words:
        raise ValueError(f"Say which cards to throw away, {DRAW_USAGE}")
    if all(word.isascii() and word.isdigit() for word in words):
        places = [int(word) for word in words if len(word) < 3]
        if len(places) != len(words) or not all(1 <= place <= len(hand) for place in places):
            raise ValueError(f"Name places 1 to {len(hand)} in your hand, {DRAW_USAGE}")
        if len(set(places)) != len(places):
            raise ValueError("Name each place once.")
        return Draw(tuple(hand[place - 1] for place in places))
    try:
        return Draw(parse_cards(" ".join(words)))
    except CardError as problem:
        raise ValueError(str(problem)) from None


def read_command(text: str, view: View) -> Request:
    """The move or request a typed line means; ValueError with a sentence if none."""
    words = in_letters(text).lower().replace(",", " ").split()
    if not words:
        if view.phase in BETTING or view.phase is Phase.DRAW:
            raise ValueError("Nothing was typed; type a command (help lists them).")
        return NextHand()
    head, rest = words[0], words[1:]
    if head in ("help", "?", "advice", "table", "i", "inventory"):
        return {"?": "help", "i": "table", "inventory": "table"}.get(head, head)
    if head in ("c", "b") and not rest:
        return key_action(view, head)
    if head in ("check", "call", "bet", "raise", "fold") and len(rest) <= 1:
        return _bet(head, rest[0] if rest else None, view)
    if head in DRAW_WORDS and view.phase is not Phase.DRAW:
        # Out of the draw, the engine's sentence for the phase comes first ("It is not
        # time to draw; ..."), whatever follows the word.
        return Draw(())
    if head in ("stand", "pat") and (not rest or rest == ["pat"]):
        return Draw(())
    if head in ("draw", "discard"):
        return _discards(rest, view.hand)
    if head in ("next", "deal") and len(rest) <= 1:
        return NextHand()
    raise ValueError(f"'{shown_input(text.strip())}' is not a command here; help lists them.")
