"""Pesten's controls: what the table shows and what a key or a click means, from views.

Pure (no Textual, no rules): legality comes from the engine through the view (``legal``,
``starts_a_play``); the hot-seat flow is ``tableau.sessions.pesten``. The screen asks this
module which cards light up, what Enter does, and the words on the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final
from typing import Literal

from tableau.ai.pesten import CPU_KINDS
from tableau.cards import SUITS
from tableau.cards import AnyCard
from tableau.cards import Card
from tableau.cards import Rank
from tableau.cards import Suit
from tableau.engines import pesten as engine
from tableau.engines.pesten import CPU_MARK
from tableau.engines.pesten import MAX_NAME_LENGTH
from tableau.engines.pesten import Draw
from tableau.engines.pesten import Pass
from tableau.engines.pesten import Phase
from tableau.engines.pesten import Play
from tableau.engines.pesten import Take
from tableau.engines.pesten import View
from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import PestenSession

KINDS: Final = ((HUMAN, "Human"), *((kind, f"CPU ({kind})") for kind in CPU_KINDS))
"""Seat kinds as (key, label); every key but HUMAN is a ``tableau.ai.pesten`` kind."""

DEFAULT_NAMES: Final = ("Anna", "Bram", "Cor", "Daan", "Eva", "Fleur", "Gijs", "Hanna")

DEFAULT_HUMANS: Final = 2

TWO_DIFFER: Final = "The two passwords differ; type the password twice again."
WRONG_PASSWORD: Final = "Wrong password; the hand stays hidden."
"""The set-up's and the lock's sentences (the table and the line mode say them alike)."""
SEED_TELLS_ALL: Final = (
    "This table is dealt from the seed given with --seed: anyone who knows it knows every "
    "hand and the stock. Leave --seed out for a real game."
)
"""Said once before play when --seed deals a table of two or more humans."""


NEWS_SEPARATOR: Final = " · "
"""Between two events said on one line: their sentences have no full stop of their own."""


def seat_kinds(players: int, cpus: Sequence[str] | None) -> tuple[str, ...]:
    """Who plays each of the eight seats at first: without ``cpus``, two humans and then
    careful CPUs; with them, humans and then one seat for each CPU kind, ending at the last
    seat of the table. (The set-up screen and the line mode start from it.)"""
    if cpus is None:
        return tuple(
            HUMAN if seat < DEFAULT_HUMANS else "careful" for seat in range(engine.MAX_PLAYERS)
        )
    humans = players - len(cpus)
    kinds = [HUMAN] * humans + list(cpus)
    return (*kinds, *("careful",) * (engine.MAX_PLAYERS - len(kinds)))


SUIT_KEYS: Final = {"1": Suit.CLUBS, "2": Suit.DIAMONDS, "3": Suit.HEARTS, "4": Suit.SPADES,
                    "c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES}


# ------------------------------------------------------------------ what the table may show


def public(view: View) -> View:
    """The same view with every private part removed: what anybody at the table may see.

    Lock screens and CPU turns render only this, so no hand can reach the screen there.
    """
    return view._replace(hand=(), drawn=None, legal=(), shortlist=())


def pending_text(view: View) -> str:
    """The effect waiting for the player to move: "2-stack: take 6 or answer with a 2 or 3♠"."""
    if view.to_move is None:  # the round is over
        return ""
    name = view.names[view.to_move]
    if view.stack_kind == "joker":
        return f"Joker: {name} takes {view.stack} or plays a joker."
    if view.stack_kind == "two":
        top = view.top
        answers = "a 2"
        if isinstance(top, Card):
            word = _rank_word(top)
            answers = f"{'an' if word in ('8', 'ace') else 'a'} {word}"
            higher = _next_up(top)
            if higher is not None:
                answers += f" or the {higher.face}"
        return f"2-stack: {name} takes {view.stack} or answers with {answers}."
    if view.phase is Phase.DRAWN:
        return f"{name} drew a card: plays it if it fits, or keeps it."
    if view.series:
        return f"Seven: {name} plays again."
    return ""


def _rank_word(card: Card) -> str:
    value = card.rank.value
    return str(value) if 2 <= value <= 10 else card.rank.noun


def _next_up(card: Card) -> Card | None:
    if card.rank.value >= 13:
        return None
    return Card(Rank(card.rank.value + 1), card.suit)


def declared_last_card(view: View) -> tuple[bool, ...]:
    """Per seat: called "last card" and still holds one card (the public marker)."""
    marks = []
    for seat, count in enumerate(view.hand_counts):
        called = False
        for event in view.history:
            if event.seat != seat:
                continue
            if event.kind == "last_card":
                called = True
            elif event.kind in ("draw", "take", "penalty"):
                called = False
        marks.append(called and count == 1)
    return tuple(marks)


def direction_text(view: View) -> str:
    return "↻ clockwise" if view.direction > 0 else "↺ anticlockwise"


# ------------------------------------------------------------------ hands on screen


def _sort_key(card: AnyCard) -> tuple[int, int]:
    if isinstance(card, Card):
        return SUITS.index(card.suit), card.rank.value
    return len(SUITS), 0


def arranged(hand: Sequence[AnyCard]) -> tuple[AnyCard, ...]:
    """The hand as the screen shows it: by suit, then rank; jokers last."""
    return tuple(sorted(hand, key=_sort_key))


def can_extend(view: View, chosen: Sequence[AnyCard], card: AnyCard) -> bool:
    """Whether ``card``, selected after ``chosen``, still starts a legal play (the engine
    decides; ``why_illegal`` has the last word when the play is made)."""
    return engine.starts_a_play(view, [*chosen, card])


def only_draw(view: View) -> bool:
    """No card can be played: drawing is the one move left."""
    return bool(view.legal) and all(isinstance(move, Draw) for move in view.legal)


def only_keep(view: View) -> bool:
    """The card just drawn does not fit: keeping it (and ending the turn) is the one move."""
    return bool(view.legal) and all(isinstance(move, Pass) for move in view.legal)


def can_take(view: View) -> bool:
    return any(isinstance(move, Take) for move in view.legal)


def can_pass(view: View) -> bool:
    return any(isinstance(move, Pass) for move in view.legal)


def plays(view: View) -> tuple[Play, ...]:
    return tuple(move for move in view.legal if isinstance(move, Play))


# ------------------------------------------------------------------ keys


EnterMeans = Literal["draw", "pass_turn", "take"] | tuple[AnyCard, ...] | None
"""What Enter does: an action of the screen, these cards played in this order, or nothing."""


def on_enter(
    view: View, shown: Sequence[AnyCard], selected: Sequence[int], cursor: int
) -> EnterMeans:
    """Enter plays the selection; with nothing selected it makes the one move left (draw,
    keep, take), else it plays the card under the cursor."""
    if selected:
        return tuple(shown[index] for index in selected)
    if only_draw(view):
        return "draw"
    if only_keep(view):
        return "pass_turn"
    if can_take(view) and not plays(view):
        return "take"
    if not shown:
        return None
    return (shown[min(cursor, len(shown) - 1)],)


def clicked(selected: Sequence[int], index: int, chain: int = 1) -> tuple[list[int], bool]:
    """The selection after a click (or space) on card ``index``, and whether to play it now.
    A click adds the card (last in play order) or takes it out again; a double-click adds it
    and plays."""
    if chain >= 2:
        return [*selected, *([] if index in selected else [index])], True
    if index in selected:
        return [chosen for chosen in selected if chosen != index], False
    return [*selected, index], False


def refusal(view: View, chosen: Sequence[AnyCard], card: AnyCard) -> str | None:
    """Why ``card`` may not join the selection ``chosen`` (it is not lit), or None if it may:
    a tap, a click or space on it is refused at once with this sentence."""
    problem = engine.why_not_start(view, [*chosen, card])
    if problem is None or not chosen:
        return problem
    faces = " ".join(chosen_card.face for chosen_card in chosen)
    return f"{card.face} does not join {faces}: {problem[0].lower()}{problem[1:]}"


def lit(view: View, shown: Sequence[AnyCard], selected: Sequence[int]) -> tuple[set[int], set[int]]:
    """The cards (indices into ``shown``) that may join the selection, and those that are
    dimmed: neither selected nor able to join it."""
    chosen = [shown[index] for index in selected]
    legal = {
        index for index, card in enumerate(shown)
        if index not in selected and can_extend(view, chosen, card)
    }
    return legal, set(range(len(shown))) - legal - set(selected)


# ------------------------------------------------------------------ words on the table


def counts_points(view: View) -> bool:
    """The match is played to a points limit: the seat list shows everyone's points."""
    return view.config.match == "points"


def seats_head(view: View) -> str:
    """The seat list's heading, over the columns of ``seat_line``."""
    head = f"  {'Seat':<{MAX_NAME_LENGTH}} {'Cards':>5} {'Wins':>4}"
    return head + f" {'Pts':>5}" if counts_points(view) else head


def seat_line(view: View, seat: int, *, human: bool, last: bool) -> str:
    """The seat's row in the seat list: pointer, name, cards, rounds won (and points in a
    points match), the LAST mark."""
    kind = "" if human else CPU_MARK
    pointer = "▶" if is_pointed(view, seat) else " "
    label = (view.names[seat] + kind)[:MAX_NAME_LENGTH]  # the engine's name rule fits it
    line = (f"{pointer} {label:<{MAX_NAME_LENGTH}} {view.hand_counts[seat]:>5} "
            f"{view.wins[seat]:>4}")
    if counts_points(view):
        line += f" {view.points[seat]:>5}"
    if last:
        line += " LAST"  # one cell short of the column, clear of the stock
    return line


def is_pointed(view: View, seat: int) -> bool:
    """The seat list points at the seat to move while the round runs."""
    return seat == view.to_move


def hand_title(view: View) -> str:
    count = len(view.hand)
    return (
        f"{view.names[view.seat]}'s hand — {count} card{'s' if count != 1 else ''}"
        + (f"  (you drew {view.drawn.face})" if view.drawn is not None else "")
    )


def hint(view: View) -> str:
    """What the player to move may do now, for the message line."""
    if only_draw(view):
        return f"Nothing fits on {view.top.face}: draw with d, Enter or a click on the stock."
    if view.drawn is not None:
        if can_extend(view, [], view.drawn):
            return f"You drew {view.drawn.face} and it fits: Enter plays it, p keeps it."
        return f"You drew {view.drawn.face}; it does not fit. Enter or p keeps it: done."
    if view.stack_kind == "joker":
        if plays(view):
            return f"Joker! Play a joker, or take {view.stack} (t) and name a suit."
        return f"Joker! You have no joker: take {view.stack} (t or Enter) and name a suit."
    if view.stack_kind == "two":
        if plays(view):
            return f"2-stack! Answer it (lit cards), or take {view.stack} (t)."
        return f"2-stack! Nothing answers it: take {view.stack} (t or Enter)."
    if view.series:
        return "Seven: play again. Lit cards fit; otherwise draw."
    return "Your turn: space selects lit cards (in play order), Enter plays."


def match_text(view: View) -> str:
    """What the match is played to, in words."""
    config = view.config
    if config.match == "wins":
        return f"first to {config.target} round win{'s' if config.target != 1 else ''}"
    if config.match == "points":
        return f"points limit {config.target}: fewest points wins"
    return "open match"


def standings_lines(view: View) -> list[str]:
    """The standings as a small table, first place first (``engine.standings``): round
    wins, points and, in a match with a target, how far each seat is from it."""
    config = view.config
    width = max(4, *(len(name) for name in view.names))
    target = {"wins": "Wins to go", "points": "Pts to limit"}.get(config.match)
    head = f"   {'Seat':<{width}}  {'Wins':>4}  {'Points':>6}"
    lines = [head + (f"  {target:>12}" if target else "")]
    for place, seat in enumerate(engine.standings(view), start=1):
        line = (f"{place:>2} {view.names[seat]:<{width}}  {view.wins[seat]:>4}  "
                f"{view.points[seat]:>6}")
        if config.match == "wins":
            line += f"  {max(0, config.target - view.wins[seat]):>12}"
        elif config.match == "points":
            line += f"  {max(0, config.target - view.points[seat]):>12}"
        lines.append(line)
    return lines


def round_end(view: View) -> tuple[str, list[str]]:
    """The round-end dialog's title and lines, from a view of the ended round: the match's
    standings, or once the match is over its final table and winner."""
    winner = view.winner if view.winner is not None else 0
    lines = []
    if engine.round_blocked(view):
        lines.append("Nobody could play and the stock was empty: fewest cards wins.")
    champion = engine.match_winner(view)
    if champion is not None:
        title = f"{view.names[champion]} wins the match!"
        lines.append(f"{view.names[winner]} won round {view.round}, the last one.")
        rounds = "1 round" if view.round == 1 else f"{view.round} rounds"
        lines.append(f"Final table after {rounds} ({match_text(view)}):")
    else:
        title = f"{view.names[winner]} wins round {view.round}!"
        lines.append(f"Standings ({match_text(view)}):")
    return title, lines + standings_lines(view)


# ------------------------------------------------------------------ the record of a round


def round_details(table: PestenSession) -> dict[str, object]:
    """A finished round's record details: the seats, the winner, each seat's points this
    round (what its cards left counted) and over the match, the house rules, and the match
    (its kind, target, whether this round ended it and who won it). Nothing of a hand."""
    state = table.state
    config = state.config
    names = config.names
    champion = engine.match_winner(state)
    return {
        "players": [seat.name for seat in table.chairs],
        "kinds": [seat.plays for seat in table.chairs],
        "winner": names[state.winner] if state.winner is not None else None,
        "points": list(engine.round_points(state)),
        "totals": list(state.points or (0,) * config.players),
        "rules": {name: getattr(config, name) for name in engine.HOUSE_RULES},
        "match": {"kind": config.match, "target": config.target,
                  "ended": champion is not None,
                  "winner": None if champion is None else names[champion]},
    }
