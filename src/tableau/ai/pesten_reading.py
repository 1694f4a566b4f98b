"""What the public history of a Pesten round tells about the cards a seat cannot see, and
deals of those cards that agree with it (for the expert CPU's play-outs).

``read(view)`` goes through the round's history once. ``deal(view, reading, seed)`` then
deals the unseen cards to the other hands and the stock as often as the expert asks.

The history shows what each seat played, and when and how many cards it was given (the deal,
a draw, a take, a penalty), but not which. Each card a seat holds now came at one of those
moments, and the seat has held it at every moment since. So the deal picks, for each hand,
which moments its cards came at (the cards played since had to be there before they were
played), and then gives each card only what the seat may have held at every later moment.

What a moment rules out is what the careful CPU would not have done, as all the expert's
play-outs assume the other seats play like it:
- a seat that draws holds no card that fits (a jack aside: careful keeps those);
- a seat that keeps the card it drew: that card does not fit, or is a 2, joker or jack;
- a seat that takes a stack holds nothing that answers it;
- a seat under pressure (the next seat holds two cards or fewer, or it has just taken a
  stack) that plays one plain card holds no joker and no 2 that fits;
- a seat under no pressure that plays a lone 2 or joker holds no plain card that fits;
- a seat that plays a jack and keeps one card names that card's suit (or the card is a jack
  or joker).
And one fact of the cards themselves: after the pile is shuffled into a new stock, the stock
holds cards of the old pile only, and what a seat held before then is none of them (this is
used with one pack, where a card is in one place only).

Against careful CPUs none of these rules ever rules out a card a seat really holds (a
property test checks this on careful rounds of 2 to 5 players). A seat that plays otherwise
(a person) only makes the deals less sharp: a card that no rule lets through is dealt
anyway.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final
from typing import NamedTuple

from tableau.ai.pesten import splitmix
from tableau.cards import FULL_DECK
from tableau.cards import JOKER
from tableau.cards import SUITS
from tableau.cards import AnyCard
from tableau.cards import Card
from tableau.cards import Rank
from tableau.cards import Suit
from tableau.engines import rng
from tableau.engines.pesten import HAND_SIZE
from tableau.engines.pesten import JOKER_TAKE
from tableau.engines.pesten import Event
from tableau.engines.pesten import View
from tableau.engines.pesten import fits

_DECK: Final = sorted(FULL_DECK, key=lambda card: card.index)
BY_INDEX: Final[tuple[AnyCard, ...]] = (*_DECK, JOKER)
"""Every kind of card, at its ``card.index``."""
ASSIGNMENT_TRIES: Final = 4
"""How often a deal may pick anew when the played cards came (see ``_held``)."""
_ATTACKS: Final = frozenset(
    card.index for card in BY_INDEX if not isinstance(card, Card) or card.rank is Rank.TWO
)
"""The jokers and 2s: the cards that start a stack."""
_SPECIAL_OR_JACK: Final = _ATTACKS | {card.index for card in _DECK if card.rank is Rank.JACK}
_OFF_SUIT: Final = {
    suit: frozenset(card.index for card in _DECK if card.rank is not Rank.JACK
                    and card.suit is not suit)
    for suit in SUITS
}
"""By a named suit: the plain cards of the other suits."""


class _Table(NamedTuple):
    top: AnyCard
    suit: Suit | None
    stack: int


def _fitting(top: AnyCard, suit: Suit | None, stack: int) -> frozenset[int]:
    """The indexes of the cards careful would play here rather than draw or take: all that
    fit, jacks aside (careful keeps a jack for the end) unless a stack waits."""
    table = _Table(top, suit, stack)
    return frozenset(card.index for card in BY_INDEX if fits(table, card)
                     and (stack or type(card) is not Card or card.rank is not Rank.JACK))


class Rule(NamedTuple):
    """At event ``at`` the seat held none of ``ruled_out`` (only the card that came at its
    arrival number ``only``, when that is set)."""

    at: int
    ruled_out: frozenset[int]
    only: int | None = None


class Story(NamedTuple):
    """One seat's round: when cards came (event index, how many), the rules on what it
    held, and its plays (event index, card index)."""

    arrivals: list[tuple[int, int]]
    rules: list[Rule]
    plays: list[tuple[int, int]]


class Seat(NamedTuple):
    """A seat's story made ready for dealing: what holds for every deal."""

    came: tuple[int, ...]
    """By arrival: the event index at which those cards came (the deal's first)."""
    sizes: tuple[int, ...]
    """By arrival: how many cards came."""
    ruled_out: tuple[frozenset[int], ...]
    """By arrival: what a card that came then and is still held cannot be."""
    fresh: tuple[bool, ...]
    """By arrival: whether those cards came from the reshuffled stock."""
    plays: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    """By card played: the arrivals it may have come at, and the arrivals before its play
    (taken when none fits: a seat that did not play like careful)."""


class Reading(NamedTuple):
    """What the history tells (see the module's text)."""

    pile: tuple[AnyCard, ...]
    seats: tuple[Seat | None, ...]
    """By seat; None for a seat whose round cannot be read (a forgotten last card)."""
    reshuffled: tuple[int, frozenset[int]] | None
    """The last reshuffle's event index and the indexes of the cards it made the stock of."""


def read(view: View) -> Reading | None:
    """Read the round's history; None when it does not account for the discard pile."""
    events = view.history
    starts = [at for at, event in enumerate(events) if event.kind == "deal"]
    if not starts or not events[starts[-1]].cards:
        return None
    start = starts[-1]
    players = len(view.names)
    stories = [Story([(start, HAND_SIZE)], [], []) for _ in range(players)]
    unreadable: set[int] = set()
    counts = [HAND_SIZE] * players
    pile = list(events[start].cards)
    suit: Suit | None = None
    stack = 0
    direction = 1
    attacked: set[int] = set()  # seats whose last move was taking a stack
    drew: dict[int, int] = {}  # seats whose last move was a draw: that card's arrival number
    reshuffled: tuple[int, frozenset[int]] | None = None
    for at in range(start + 1, len(events)):
        event = events[at]
        kind, seat = event.kind, event.seat
        if kind == "reshuffle":
            reshuffled = (at, frozenset(card.index for card in pile[:-1]))
            pile = pile[-1:]
        if seat is None or not 0 <= seat < players:
            continue
        story = stories[seat]
        if kind in ("play", "win"):
            played = list(event.cards)
            if _goes_back(events, at):
                unreadable.add(seat)
                played.pop()
            if not played:
                continue
            last = played[-1]
            if len(played) == 1 and not stack:
                pressure = counts[(seat + direction) % players] <= 2 or seat in attacked
                rule = _play_rule(last, pile[-1], suit, pressure, counts[seat] == 2, event.suit)
                if rule:
                    story.rules.append(Rule(at, rule))
            story.plays.extend((at, card.index) for card in played)
            counts[seat] -= len(played)
            pile += played
            suit = event.suit if type(last) is Card and last.rank is Rank.JACK else None
            if stack:
                stack += int(last.rank) if isinstance(last, Card) else JOKER_TAKE
            elif not isinstance(last, Card):
                stack = JOKER_TAKE
            elif last.rank is Rank.TWO:
                stack = 2
            elif last.rank is Rank.KING:
                direction = -direction
            attacked.discard(seat)
            drew.pop(seat, None)
        elif kind == "draw":
            story.rules.append(Rule(at, _fitting(pile[-1], suit, 0)))
            attacked.discard(seat)
            if event.amount:  # a card was drawn (else nothing was left to draw)
                story.arrivals.append((at, 1))
                counts[seat] += 1
                drew[seat] = len(story.arrivals) - 1
        elif kind == "pass" and seat in drew:
            kept = _fitting(pile[-1], suit, 0) - _SPECIAL_OR_JACK
            story.rules.append(Rule(at, kept, drew.pop(seat)))
        elif kind in ("take", "penalty"):
            if kind == "take":
                story.rules.append(Rule(at, _fitting(pile[-1], suit, stack)))
                stack = 0
                suit = event.suit
                attacked.add(seat)
            got = event.amount
            if got > 1 and reshuffled is not None and reshuffled[0] == at - 1:
                reshuffled = None  # some came from the old stock and some from the new one
            story.arrivals.append((at, got))
            counts[seat] += got
    if len(pile) != view.pile_size or pile[-1] != view.top:
        return None
    if view.config.packs != 1:
        reshuffled = None  # with two packs a card can be in the old pile and in a hand
    return Reading(
        tuple(pile),
        tuple(None if seat in unreadable or counts[seat] != view.hand_counts[seat]
              else _prepared(story, reshuffled) for seat, story in enumerate(stories)),
        reshuffled,
    )


def _prepared(story: Story, reshuffled: tuple[int, frozenset[int]] | None) -> Seat:
    came = tuple(at for at, _ in story.arrivals)
    plays = []
    for played_at, index in story.plays:
        before = tuple(arrival for arrival, at in enumerate(came) if at < played_at)
        plays.append((tuple(arrival for arrival in before
                            if _fits_story(story, arrival, index, played_at, reshuffled)),
                      before))
    return Seat(
        came,
        tuple(size for _, size in story.arrivals),
        tuple(_ruled_out(story, arrival) for arrival in range(len(came))),
        tuple(reshuffled is not None and at > reshuffled[0] for at in came),
        tuple(plays),
    )


def _play_rule(
    card: AnyCard, top: AnyCard, suit: Suit | None, pressure: bool, keeps_one: bool,
    named: Suit | None,
) -> frozenset[int]:
    """What playing this one card (with no stack waiting) tells of the rest of the hand."""
    if not isinstance(card, Card) or card.rank is Rank.TWO:
        # careful attacks without pressure only when no plain card fits
        return frozenset() if pressure else _fitting(top, suit, 0) - _SPECIAL_OR_JACK
    if card.rank is Rank.JACK:
        # the suit careful names is the one it holds most of: with one card kept, its suit
        return _OFF_SUIT[named] if keeps_one and named is not None else frozenset()
    # under pressure careful plays a joker or a fitting 2 before any plain card
    return _fitting(top, suit, 0) & _ATTACKS if pressure else frozenset()


def _goes_back(events: Sequence[Event], at: int) -> bool:
    """Whether the play at ``at`` was a forgotten last card that went back to the hand: its
    penalty follows before the next turn's move."""
    for event in events[at + 1 :]:
        kind = event.kind
        if kind == "penalty":
            return event.reason == "forgot_back"
        if kind != "reshuffle":
            return False
    return False


class Deal(NamedTuple):
    """The hidden cards dealt: every seat's hand (``view.hand`` for its own), the stock
    (dealt from its end) and the discard pile (bottom first)."""

    hands: tuple[tuple[AnyCard, ...], ...]
    stock: tuple[AnyCard, ...]
    pile: tuple[AnyCard, ...]


def deal(view: View, reading: Reading | None, seed: int) -> tuple[Deal, int]:
    """A deal of the cards ``view`` does not show that agrees with ``reading``, and the
    next seed."""
    pile = reading.pile if reading is not None else (view.top,)
    counts = _unseen_counts(view, pile)
    if min(counts) < 0:  # the history's pile and the hand overlap: read nothing from it
        reading, pile = None, (view.top,)
        counts = _unseen_counts(view, pile)
    unseen = [BY_INDEX[index] for index, count in enumerate(counts) for _ in range(count)]
    pool, seed = rng.shuffled(unseen, seed)
    unseen_kinds = frozenset(card.index for card in unseen)
    reshuffled = reading.reshuffled if reading is not None else None
    # (ruled out, came from the reshuffled stock, seat) for every hidden hand card
    wanted: list[tuple[frozenset[int], bool, int]] = []
    for seat, count in enumerate(view.hand_counts):
        if seat == view.seat:
            continue
        known = reading.seats[seat] if reading is not None else None
        units = None
        if known is not None:
            units, seed = _held(known, count, unseen_kinds, seed)
        wanted += [(ruled_out, fresh, seat) for ruled_out, fresh in units or
                   [(frozenset(), False)] * count]
    wanted.sort(key=lambda unit: -len(unit[0]))  # the most ruled out first: fewest choices
    if reshuffled is not None:
        pools = {True: [card for card in pool if card.index in reshuffled[1]],
                 False: [card for card in pool if card.index not in reshuffled[1]]}
    else:
        pools = {True: [], False: list(pool)}
    hands: list[list[AnyCard]] = [[] for _ in view.names]
    for ruled_out, fresh, seat in wanted:
        choices = pools[fresh] or pools[not fresh]
        at = next((at for at, card in enumerate(choices) if card.index not in ruled_out), 0)
        hands[seat].append(choices.pop(at))
    rest = pools[False] + pools[True]  # the stock deals from its end: reshuffled cards first
    hidden_pile = max(0, view.pile_size - len(pile))
    return Deal(
        tuple(view.hand if seat == view.seat else tuple(hand) for seat, hand in enumerate(hands)),
        tuple(rest[hidden_pile:]),
        (*rest[:hidden_pile], *pile),
    ), seed


def _unseen_counts(view: View, pile: Sequence[AnyCard]) -> list[int]:
    """By ``card.index``: how many of that card are neither in the seat's hand nor on the
    pile."""
    config = view.config
    counts = [config.packs] * 52 + [config.packs * config.jokers]
    for card in (*view.hand, *pile):
        counts[card.index] -= 1
    return counts


def _held(
    seat: Seat, count: int, unseen: frozenset[int], seed: int
) -> tuple[list[tuple[frozenset[int], bool]] | None, int]:
    """For each of the ``count`` cards the seat holds: what it cannot be, and whether it came
    from the reshuffled stock; None when the story does not add up. When the cards played
    since came is picked at random among the moments they could have come at, a few times
    over if that leaves a held card nothing among the ``unseen`` cards."""
    units: list[tuple[frozenset[int], bool]] | None = None
    for _ in range(ASSIGNMENT_TRIES):
        units, seed = _assign(seat, count, seed)
        if units is None or all(unseen - ruled_out for ruled_out, _ in units):
            break
    return units, seed


def _assign(
    seat: Seat, count: int, seed: int
) -> tuple[list[tuple[frozenset[int], bool]] | None, int]:
    """One pick of when the played cards came (see ``_held``)."""
    room = list(seat.sizes)
    for fitting, before in seat.plays:
        options = [arrival for arrival in fitting if room[arrival]] or [
            arrival for arrival in before if room[arrival]]
        if not options:
            return None, seed
        weights = [arrival for arrival in options for _ in range(room[arrival])]
        value, seed = splitmix(seed)  # cheap: this runs for every card played, every deal
        room[weights[value % len(weights)]] -= 1
    if sum(room) != count:
        return None, seed
    units: list[tuple[frozenset[int], bool]] = []
    for arrival, left in enumerate(room):
        units += [(seat.ruled_out[arrival], seat.fresh[arrival])] * left
    return units, seed


def _fits_story(
    story: Story, arrival: int, index: int, until: int,
    reshuffled: tuple[int, frozenset[int]] | None,
) -> bool:
    """Whether card ``index`` may have come at ``arrival`` and been held up to ``until``."""
    came_at = story.arrivals[arrival][0]
    # The reshuffle tells only of cards held through it: one played before it went on the
    # pile it put back, whenever it came.
    if (reshuffled is not None and until > reshuffled[0]
            and not _agrees(index, came_at > reshuffled[0], reshuffled[1])):
        return False
    return index not in _ruled_out(story, arrival, until)


def _agrees(index: int, fresh: bool, put_back: frozenset[int]) -> bool:
    """Whether a card of ``index`` may have come from the reshuffled stock (``fresh``) or from
    before the reshuffle, given the cards it put back. Every card drawn after it was put back
    by it. A card of one pack held from before was not, unless it is a joker: the jokers share
    an index, and one may have gone back while another stayed in a hand."""
    if fresh:
        return index in put_back
    return index == JOKER.index or index not in put_back


def _ruled_out(story: Story, arrival: int, until: int | None = None) -> frozenset[int]:
    """What a card that came at ``arrival`` and was held up to event ``until`` (or up to now)
    cannot be."""
    came_at = story.arrivals[arrival][0]
    out: set[int] = set()
    for rule in story.rules:
        if came_at < rule.at and (until is None or rule.at < until) and rule.only in (
                None, arrival):
            out |= rule.ruled_out
    return frozenset(out)
