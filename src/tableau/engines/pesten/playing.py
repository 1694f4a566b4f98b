"""Carrying out a Pesten move: ``apply(state, move)`` gives the next snapshot.

``apply`` accepts exactly the moves ``legal_moves`` lists (or another spelling of one, see
``moves.listed``), and refuses any other with ``why_illegal``'s sentence. It works on a copy
of the state's fields (``_fast.scratch``), which becomes the next snapshot's own.
"""

from __future__ import annotations

from collections.abc import Sequence

from tableau.cards import AnyCard
from tableau.cards import Card
from tableau.cards import Joker
from tableau.cards import Suit
from tableau.engines import rng
from tableau.engines.pesten._fast import Work
from tableau.engines.pesten._fast import scratch
from tableau.engines.pesten._fast import snapshot
from tableau.engines.pesten._fast import tuple_new
from tableau.engines.pesten.config import JOKER_TAKE
from tableau.engines.pesten.config import PENALTY
from tableau.engines.pesten.config import SPECIAL_FINISH_PENALTY
from tableau.engines.pesten.config import Config
from tableau.engines.pesten.moves import legal_moves
from tableau.engines.pesten.moves import listed
from tableau.engines.pesten.moves import why_illegal
from tableau.engines.pesten.rules import _remove
from tableau.engines.pesten.rules import _round_points
from tableau.engines.pesten.rules import wins_out
from tableau.engines.pesten.values import _DRAWN
from tableau.engines.pesten.values import _EIGHT
from tableau.engines.pesten.values import _JACK
from tableau.engines.pesten.values import _KING
from tableau.engines.pesten.values import _OVER
from tableau.engines.pesten.values import _PLAY
from tableau.engines.pesten.values import _SEVEN
from tableau.engines.pesten.values import _TEN
from tableau.engines.pesten.values import _TWO
from tableau.engines.pesten.values import Draw
from tableau.engines.pesten.values import Event
from tableau.engines.pesten.values import Move
from tableau.engines.pesten.values import Play
from tableau.engines.pesten.values import State
from tableau.engines.pesten.values import Take
from tableau.engines.protocol import IllegalMove


def apply(state: State, move: Move) -> State:
    """The state after ``move``. Raises IllegalMove with a sentence; ``state`` is untouched."""
    work, kept = scratch(state)  # becomes the next state's fields
    legal = kept.legal if kept is not None else legal_moves(state)
    found: Move | None = None
    for candidate in legal:
        if candidate is move:
            found = candidate  # the very move legal_moves gave for this state
            break
    else:
        found = listed(state, move)  # another spelling: played as listed
        if found is None:
            raise IllegalMove(why_illegal(state, move) or "That move is not allowed now.")
    if type(found) is Play:
        after = _remove(state.hands[state.current], found.cards)
        assert after is not None
        _apply_play(work, found, after)
    elif type(found) is Draw:
        _apply_draw(work)
    elif type(found) is Take:
        _apply_take(work, found)
    else:
        _log(work, "pass", work["current"])
        _end_turn(work, _seat(work, 1))
    return snapshot(State, work)


# ------------------------------------------------------------------ the work


def _log(
    work: Work, kind: str, seat: int | None, cards: tuple[AnyCard, ...] = (), amount: int = 0,
    suit: Suit | None = None, other: int | None = None, round_number: int = 0,
    reason: str = "", asked: int = 0,
) -> None:
    """Add an event to the history (its fields in ``Event`` order)."""
    work["history"] += (tuple_new(Event, (  # as Event() does, minus a call
        kind, seat, cards, amount, suit, other, round_number, reason, asked,
        work["config"].names,
    )),)


def _seat(work: Work, steps: int) -> int:
    seat: int = (work["current"] + steps * work["direction"]) % work["config"].players
    return seat


def _end_turn(work: Work, seat: int) -> None:
    work["current"] = seat
    work["series"] = False
    work["phase"] = _PLAY
    work["turns"] += 1


def _set_hand(work: Work, seat: int, hand: tuple[AnyCard, ...]) -> None:
    hands = work["hands"]
    work["hands"] = (*hands[:seat], hand, *hands[seat + 1 :])


def _draw(work: Work, seat: int, wanted: int) -> int:
    """Give ``seat`` up to ``wanted`` cards, reshuffling the pile when the stock is empty."""
    got = 0
    while got < wanted:
        stock = work["stock"]
        if not stock:
            pile = work["pile"]
            if len(pile) < 2:
                break
            stock, work["seed"] = rng.shuffled(pile[:-1], work["seed"])
            work["pile"] = pile[-1:]
            _log(work, "reshuffle", None, amount=len(stock))
        count = min(wanted - got, len(stock))
        split = len(stock) - count  # the stock deals from its end
        work["stock"] = stock[:split]
        _set_hand(work, seat, work["hands"][seat] + stock[split:][::-1])
        got += count
    return got


# ------------------------------------------------------------------ plays


def _apply_play(work: Work, move: Play, after: tuple[AnyCard, ...]) -> None:
    seat = work["current"]
    cards = move.cards  # the shared card objects (the listed move's)
    last = cards[-1]
    stack_before = work["stack"]
    _set_hand(work, seat, after)
    work["pile"] += cards
    work["passes"] = 0
    work["phase"] = _PLAY
    config: Config = work["config"]
    if not after:
        if wins_out(config, last):
            _win(work, seat, "win", cards)
            return
        # Out on a special card, which this house forbids: the card works, and cards follow
        # (there is always one to take: the old top card lies under the ones just played).
        _log(work, "play", seat, cards, *_effect(work, last, stack_before, move.suit))
        got = _draw(work, seat, SPECIAL_FINISH_PENALTY)
        _log(work, "penalty", seat, amount=got, reason="special")
        return
    forgot = len(after) == 1 and not move.last_card
    if forgot and _in_series(work["series"], cards, stack_before, config.sets_are_series):
        # A series (the turn after a 7, a set, or a 7 that would start one): the last card
        # goes back without effect, the penalty cards follow, and the turn is over.
        work["pile"] = work["pile"][:-1]
        _set_hand(work, seat, (*after, last))
        if len(cards) > 1:
            work["suit"] = None  # the rest of the set lies on top; a stack stays as it was
        _log(work, "play", seat, cards)
        _draw(work, seat, config.forgot_penalty)
        _log(work, "penalty", seat, (last,), config.forgot_penalty, reason="forgot_back")
        _end_turn(work, _seat(work, 1))
        return
    _log(work, "play", seat, cards, *_effect(work, last, stack_before, move.suit))
    if forgot:
        _draw(work, seat, config.forgot_penalty)
        _log(work, "penalty", seat, amount=config.forgot_penalty, reason="forgot")
    elif move.last_card and len(after) != 1:
        _draw(work, seat, PENALTY)
        _log(work, "penalty", seat, amount=PENALTY, reason="false_call")
    elif move.last_card:
        _log(work, "last_card", seat)


def _in_series(
    series: bool, cards: tuple[AnyCard, ...], stack_before: int, sets_are_series: bool
) -> bool:
    """Whether this play belongs to a series of cards (seed section 2.4): the turn after a
    7, a set (unless the house rule ``sets_are_series`` is off), or a 7 that gives another
    turn (on a stack a 7 is only an answer)."""
    last = cards[-1]
    seven = type(last) is Card and last.rank is _SEVEN and not stack_before
    return series or (sets_are_series and len(cards) > 1) or seven


def _effect(
    work: Work, last: AnyCard, stack_before: int, suit: Suit | None
) -> tuple[int, Suit | None, int | None]:
    """Carry out the effect of the last card played: the play event's ``amount``, ``suit``
    and ``other`` (see ``Event``)."""
    nxt = (work["current"] + work["direction"]) % work["config"].players
    if stack_before:
        _end_turn(work, nxt)
        if type(last) is Joker:
            work["stack"] = stack_before + JOKER_TAKE
        else:
            assert isinstance(last, Card)
            work["stack"] = stack_before + int(last.rank)
        return work["stack"], None, nxt
    work["suit"] = None
    if type(last) is Joker:
        work["stack"] = JOKER_TAKE
        _end_turn(work, nxt)
        return JOKER_TAKE, None, nxt
    assert isinstance(last, Card)
    rank = last.rank
    if rank is _TWO:
        work["stack"] = 2
        _end_turn(work, nxt)
        return 2, None, nxt
    if rank is _SEVEN:
        work["turns"] += 1
        work["series"] = True
        return 0, None, work["current"]
    if rank is _EIGHT:
        _end_turn(work, _seat(work, 2))
        return 0, None, nxt
    if rank is _TEN:
        _end_turn(work, _seat(work, -1))
        return 0, None, work["current"]
    if rank is _JACK:
        assert suit is not None
        work["suit"] = suit
        _end_turn(work, nxt)
        return 0, suit, None
    if rank is _KING:
        work["direction"] = -work["direction"]
        _end_turn(work, _seat(work, 1))
        return 0, None, work["current"]
    _end_turn(work, nxt)
    return 0, None, None


# ------------------------------------------------------------------ draws, takes, the end


def _apply_draw(work: Work) -> None:
    seat = work["current"]
    if _draw(work, seat, 1) == 0:
        work["passes"] += 1
        _log(work, "draw", seat, amount=0)
        if work["passes"] >= work["config"].players:
            _end_blocked(work)
        else:
            _end_turn(work, _seat(work, 1))
        return
    work["passes"] = 0
    _log(work, "draw", seat, amount=1)
    # Whether or not the card fits, the drawer ends the turn with a move of their own (play
    # it if it fits, or keep it): the public history then reads the same either way.
    work["phase"] = _DRAWN


def _apply_take(work: Work, move: Take) -> None:
    seat = work["current"]
    wanted = work["stack"]
    joker = type(work["pile"][-1]) is Joker
    got = _draw(work, seat, wanted)
    work["stack"] = 0
    work["passes"] = 0
    if joker:
        assert move.suit is not None
        work["suit"] = move.suit
    _log(work, "take", seat, amount=got, suit=move.suit if joker else None, asked=wanted)
    _end_turn(work, _seat(work, 1))


def _end_blocked(work: Work) -> None:
    """Nobody can play and nothing is left to draw: the fewest cards wins the round."""
    players = work["config"].players
    dealer = work["dealer"]
    hands: Sequence[tuple[AnyCard, ...]] = work["hands"]
    seat = min(range(players), key=lambda s: (len(hands[s]), (s - dealer - 1) % players))
    _win(work, seat, "blocked", ())


def _win(work: Work, seat: int, kind: str, cards: tuple[AnyCard, ...]) -> None:
    """``seat`` has won the round (gone out, or blocked with the fewest cards): the round is
    over and scored, and the history says so with an event of ``kind``."""
    work["winner"] = seat
    work["phase"] = _OVER
    work["stack"] = 0
    work["turns"] += 1
    wins = list(work["wins"])
    wins[seat] += 1
    work["wins"] = tuple(wins)
    config: Config = work["config"]
    totals = work["points"] or (0,) * config.players
    scored = _round_points(config, work["hands"], seat)
    work["points"] = tuple(map(sum, zip(totals, scored, strict=True)))
    _log(work, kind, seat, cards, round_number=work["round"])
