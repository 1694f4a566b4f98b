"""Five-card draw, fixed limit, for 2 to 6 players: the rules (pure).

One hand: everyone with chips antes, five cards each, a betting round, the draw, a second
betting round, the showdown. Bets are fixed: ``small_bet`` before the draw and ``big_bet``
after, with one bet and at most ``max_raises`` raises per round.

Short stacks (the ruling, see docs/rules/poker.md): a bet or raise needs the full amount;
a player who cannot cover a call may call all-in for what they have. Every chip a player puts
in counts toward the pots up to that player's total, so side pots form on their own and each
is won by the best hand among the players who paid into it. Chips no one else matched go
back to the player who put them in.

The history is neutral: its events name players by seat (``events.Event``), and
``wording.describe`` words them for a reader. Who is human is not the engine's business:
``Config.stop_when_out`` only says whose running out of chips ends the game. The moves are in
``moves``, the shapes of the state and the views in ``state``, the saves in ``saves``.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any

from tableau.cards import FULL_DECK
from tableau.cards import Card
from tableau.cards import Rank
from tableau.engines.poker.evaluator import describe as describe_hand
from tableau.engines.poker.evaluator import hand_info
from tableau.engines.poker.events import Award
from tableau.engines.poker.events import Event
from tableau.engines.poker.events import HandResult
from tableau.engines.poker.events import Showdown
from tableau.engines.poker.moves import BET
from tableau.engines.poker.moves import CALL
from tableau.engines.poker.moves import CHECK
from tableau.engines.poker.moves import FOLD
from tableau.engines.poker.moves import RAISE
from tableau.engines.poker.moves import Action
from tableau.engines.poker.moves import ActionKind
from tableau.engines.poker.moves import Draw
from tableau.engines.poker.moves import Move
from tableau.engines.poker.moves import NextHand
from tableau.engines.poker.moves import sort_key
from tableau.engines.poker.pots import own_share
from tableau.engines.poker.pots import pots
from tableau.engines.poker.refusals import refusal
from tableau.engines.poker.state import BETTING
from tableau.engines.poker.state import YOU
from tableau.engines.poker.state import Config
from tableau.engines.poker.state import Phase
from tableau.engines.poker.state import SeatView
from tableau.engines.poker.state import State
from tableau.engines.poker.state import View
from tableau.engines.poker.wording import describe
from tableau.engines.protocol import IllegalMove
from tableau.engines.protocol import Outcome
from tableau.engines.protocol import results_for
from tableau.engines.rng import fresh_seed_from
from tableau.engines.rng import shuffled

__all__ = [
    "apply",
    "legal_draws",
    "legal_moves",
    "max_discard",
    "new_game",
    "outcome",
    "places",
    "view",
]


# ---------------------------------------------------------------- small helpers

def _set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _seats_from(state: State, start: int) -> list[int]:
    """Every seat in playing order, beginning with ``start``."""
    return [(start + offset) % state.players for offset in range(state.players)]


def _live(state: State, seat: int) -> bool:
    """Dealt in and not folded."""
    return state.dealt[seat] and not state.folded[seat]


def _can_act(state: State, seat: int) -> bool:
    """Still in the hand with chips left to bet."""
    return _live(state, seat) and state.chips[seat] > 0


def _all_in(state: State, seat: int) -> bool:
    return _live(state, seat) and state.chips[seat] == 0


def max_discard(hand: Sequence[Card]) -> int:
    """3, or 4 when the hand holds an ace to keep."""
    return 4 if any(card.rank is Rank.ACE for card in hand) else 3


def _with_event(state: State, kind: str, seat: int | None = None, **fields: Any) -> State:
    """The state with one more line of history (see ``Event`` for the fields)."""
    return replace(state, history=(*state.history, Event(kind, state.names, seat, **fields)))


# ---------------------------------------------------------------- a new game and a new hand

def new_game(config: Config) -> State:
    """The first hand is dealt at once; the button starts at seat 0."""
    names = config.player_names()
    players = len(names)
    state = State(
        names=names,
        ante=config.ante,
        small_bet=config.small_bet,
        big_bet=config.big_bet,
        max_raises=config.max_raises,
        stop_when_out=config.stop_when_out,
        seed=fresh_seed_from(config.seed, 1),
        hand_number=0,
        button=players - 1,
        phase=Phase.HAND_OVER,
        chips=(config.chips,) * players,
        pot=0,
        hands=((),) * players,
        stock=(),
        muck=FULL_DECK,
        dealt=(False,) * players,
        folded=(False,) * players,
        put_in=(0,) * players,
        bets=(0,) * players,
        acted=(False,) * players,
        raises=0,
        to_act=None,
        drew=(None,) * players,
        last_actions=("",) * players,
        history=(),
        result=None,
        out_places=(None,) * players,
    )
    return _deal(state)


def _next_with_chips(state: State, after: int) -> int:
    for seat in _seats_from(state, after + 1):
        if state.chips[seat] > 0:
            return seat
    return after


def _deal(state: State) -> State:
    """Move the button, take the antes, shuffle and deal five cards each."""
    button = _next_with_chips(state, state.button)
    players = state.players
    dealt = tuple(chips > 0 for chips in state.chips)
    antes = tuple(min(state.ante, chips) if dealt[seat] else 0
                  for seat, chips in enumerate(state.chips))
    deck, seed = shuffled(FULL_DECK, state.seed)
    hands: list[tuple[Card, ...]] = [()] * players
    order = [seat for seat in _seats_from(state, button + 1) if dealt[seat]]
    for index, seat in enumerate(order):
        hands[seat] = tuple(sorted(deck[index * 5 : index * 5 + 5], key=sort_key))
    number = state.hand_number + 1
    state = replace(
        state,
        seed=seed,
        hand_number=number,
        button=button,
        phase=Phase.FIRST_BETTING,
        chips=tuple(chips - ante for chips, ante in zip(state.chips, antes, strict=True)),
        pot=sum(antes),
        hands=tuple(hands),
        stock=deck[len(order) * 5 :],
        muck=(),
        dealt=dealt,
        folded=(False,) * players,
        put_in=antes,
        bets=(0,) * players,
        acted=(False,) * players,
        raises=0,
        to_act=None,
        drew=(None,) * players,
        last_actions=tuple(f"ante {ante}" if dealt[seat] and ante else ""
                           for seat, ante in enumerate(antes)),
        result=None,
    )
    state = _with_event(state, "deal", button, count=number)
    if state.ante:
        state = _with_event(state, "ante", count=state.ante, pot=state.pot)
    return _start_betting(state, Phase.FIRST_BETTING)


# ---------------------------------------------------------------- betting

def _start_betting(state: State, phase: Phase) -> State:
    players = state.players
    state = replace(state, phase=phase, bets=(0,) * players, acted=(False,) * players,
                    raises=0, to_act=None)
    return _next_to_bet(state, state.button)


def _owes_action(state: State, seat: int) -> bool:
    return _can_act(state, seat) and (
        not state.acted[seat] or state.bets[seat] < state.current_bet
    )


def _next_to_bet(state: State, after: int) -> State:
    """Hand the turn to the next player who must act, or close the betting round."""
    live = [seat for seat in range(state.players) if _live(state, seat)]
    if len(live) == 1:
        return _win_by_fold(state, live[0])
    able = [seat for seat in live if state.chips[seat] > 0]
    nobody_to_match = all(state.bets[seat] >= state.current_bet for seat in able)
    if len(able) < 2 and nobody_to_match:
        return _close_betting(state)
    for seat in _seats_from(state, after + 1):
        if _owes_action(state, seat):
            return replace(state, to_act=seat)
    return _close_betting(state)


def _close_betting(state: State) -> State:
    if state.phase is Phase.FIRST_BETTING:
        state = replace(state, phase=Phase.DRAW, to_act=None, bets=(0,) * state.players,
                        raises=0, acted=(False,) * state.players)
        return _next_to_draw(state, state.button)
    return _showdown(state)


def _betting_actions(state: State, seat: int) -> tuple[Action, ...]:
    to_call = state.current_bet - state.bets[seat]
    chips = state.chips[seat]
    others_can_act = any(_can_act(state, other) for other in range(state.players)
                         if other != seat)
    size = state.bet_size
    actions: list[Action] = []
    if to_call <= 0:
        actions.append(CHECK)
        if state.raises == 0 and chips >= size and others_can_act:
            actions.append(BET)
    else:
        actions.append(CALL)
        if state.raises <= state.max_raises and chips >= to_call + size and others_can_act:
            actions.append(RAISE)
        actions.append(FOLD)
    return tuple(actions)


def _apply_action(state: State, seat: int, action: Action) -> State:
    to_call = state.current_bet - state.bets[seat]
    size = state.bet_size
    kind = action.kind
    if kind is ActionKind.FOLD:
        state = replace(state, folded=_set(state.folded, seat, True),
                        muck=state.muck + state.hands[seat], hands=_set(state.hands, seat, ()),
                        last_actions=_set(state.last_actions, seat, "folded"))
        state = _with_event(state, "fold", seat)
    elif kind is ActionKind.CHECK:
        state = replace(state, last_actions=_set(state.last_actions, seat, "checked"))
        state = _with_event(state, "check", seat)
    else:
        if kind is ActionKind.CALL:
            amount = min(to_call, state.chips[seat])
        elif kind is ActionKind.BET:
            amount = size
        else:
            amount = to_call + size
        state = replace(
            state,
            chips=_set(state.chips, seat, state.chips[seat] - amount),
            pot=state.pot + amount,
            bets=_set(state.bets, seat, state.bets[seat] + amount),
            put_in=_set(state.put_in, seat, state.put_in[seat] + amount),
        )
        if kind is ActionKind.CALL:
            count, done = amount, f"called {amount}"
        elif kind is ActionKind.BET:
            count, done = amount, f"bet {amount}"
            state = replace(state, raises=1, acted=(False,) * state.players)
        else:
            count = state.bets[seat]
            done = f"raised to {count}"
            state = replace(state, raises=state.raises + 1, acted=(False,) * state.players)
        all_in = state.chips[seat] == 0
        if all_in:
            done += ", all-in"
        state = replace(state, last_actions=_set(state.last_actions, seat, done))
        state = _with_event(state, kind.value, seat, count=count, all_in=all_in)
    state = replace(state, acted=_set(state.acted, seat, True))
    return _next_to_bet(state, seat)


# ---------------------------------------------------------------- the draw

def _next_to_draw(state: State, after: int) -> State:
    for seat in _seats_from(state, after + 1):
        if _live(state, seat) and state.drew[seat] is None:
            return replace(state, to_act=seat)
    return _start_betting(state, Phase.SECOND_BETTING)


def _draw_moves(hand: tuple[Card, ...]) -> tuple[Draw, ...]:
    moves = [Draw(combo) for count in range(4) for combo in combinations(hand, count)]
    aces = [card for card in hand if card.rank is Rank.ACE]
    for ace in aces:
        moves.append(Draw(tuple(card for card in hand if card != ace)))
    return tuple(dict.fromkeys(moves))


def legal_draws(hand: Sequence[Card]) -> tuple[Draw, ...]:
    """Every draw the rules allow from ``hand``, whoever's turn it is (for marking ahead)."""
    return _draw_moves(tuple(hand))


def _check_draw(state: State, seat: int, move: Draw) -> None:
    hand = state.hands[seat]
    discards = move.discards
    if len(set(discards)) != len(discards):
        raise IllegalMove("Name each card to throw away only once.")
    for card in discards:
        if card not in hand:
            raise IllegalMove(f"{card.long_name.capitalize()} is not in your hand.")
    if len(discards) == 4:
        kept = next(card for card in hand if card not in discards)
        if kept.rank is not Rank.ACE:
            raise IllegalMove("You may throw away 4 cards only when the card you keep is an ace.")
    elif len(discards) > 4:
        raise IllegalMove("You may throw away at most 3 cards, or 4 when you keep an ace.")


def _apply_draw(state: State, seat: int, move: Draw) -> State:
    discards = move.discards
    count = len(discards)
    stock, muck, seed = state.stock, state.muck, state.seed
    reshuffled = False
    if count > len(stock):
        refill, seed = shuffled(muck, seed)
        stock, muck, reshuffled = stock + refill, (), True
    drawn, stock = stock[:count], stock[count:]
    kept = tuple(card for card in state.hands[seat] if card not in discards)
    hand = tuple(sorted(kept + drawn, key=sort_key))
    done = f"drew {count}" if count else "stood pat"
    state = replace(
        state,
        seed=seed,
        stock=stock,
        muck=muck + discards,
        hands=_set(state.hands, seat, hand),
        drew=_set(state.drew, seat, count),
        last_actions=_set(state.last_actions, seat, done),
    )
    if reshuffled:
        state = _with_event(state, "reshuffle")
    state = _with_event(state, "draw", seat, count=count)
    return _next_to_draw(state, seat)


# ---------------------------------------------------------------- ending a hand

def _finish(state: State, result: HandResult) -> State:
    chips = list(state.chips)
    for award in result.awards:
        chips[award.seat] += award.amount
    state = replace(state, chips=tuple(chips), pot=0, to_act=None, result=result,
                    phase=Phase.HAND_OVER)
    state = _with_event(state, "win", result=result)
    busted = [seat for seat in range(state.players) if state.dealt[seat] and chips[seat] == 0]
    for seat in busted:
        state = _with_event(state, "out", seat)
    state = replace(state, out_places=_out_places(state, busted))
    if _game_over(state):
        state = replace(state, phase=Phase.GAME_OVER)
        if len(_holders(state)) == 1:  # else the last line already says who is out
            state = replace(state, history=(*state.history, _closing(state)))
    return state


def _holders(state: State) -> list[int]:
    return [seat for seat in range(state.players) if state.chips[seat] > 0]


def _out_places(state: State, busted: Sequence[int]) -> tuple[int | None, ...]:
    """The places of the players who ran out of chips this hand: below everyone who still
    has chips, and among themselves the bigger stack at the start of the hand (all of it
    now in the pot) places higher; equal stacks share a place."""
    places = list(state.out_places)
    below = len(_holders(state))
    for seat in busted:
        bigger = sum(state.put_in[other] > state.put_in[seat] for other in busted)
        places[seat] = 1 + below + bigger
    return tuple(places)


def places(state: State) -> tuple[int, ...]:
    """Each seat's place in the game (final once it is over): players with chips by their
    chips (equal stacks share a place), then the players who are out, the later out the
    higher (see ``_out_places``)."""
    return tuple(
        place if (place := state.out_places[seat]) is not None
        else 1 + sum(state.out_places[other] is None and state.chips[other] > state.chips[seat]
                     for other in range(state.players))
        for seat in range(state.players)
    )


def _game_over(state: State) -> bool:
    """The watched seat has no chips, or one player holds them all."""
    watched = state.stop_when_out
    return (watched is not None and state.chips[watched] == 0) or len(_holders(state)) < 2


def _win_by_fold(state: State, winner: int) -> State:
    pot = state.pot
    result = HandResult(state.hand_number, pot, True, (), (Award(winner, pot, "main pot"),))
    return _finish(state, result)


def _showdown(state: State) -> State:
    live = [seat for seat in _seats_from(state, state.button + 1) if _live(state, seat)]
    infos = {seat: hand_info(state.hands[seat]) for seat in live}
    shown = tuple(
        Showdown(seat, infos[seat].cards, infos[seat].text, infos[seat].value) for seat in live
    )
    for item in shown:
        state = _with_event(state, "show", item.seat, cards=item.cards)
    awards: list[Award] = []
    for number, (amount, eligible) in enumerate(pots(state.put_in, live)):
        label = "main pot" if number == 0 else f"side pot {number}"
        if len(eligible) == 1 and amount == own_share(state.put_in, eligible[0], number, live):
            seat = eligible[0]
            awards.append(Award(seat, amount, "returned"))
            continue
        best = max(infos[seat].value for seat in eligible)
        winners = [seat for seat in eligible if infos[seat].value == best]  # left of button first
        share, odd = divmod(amount, len(winners))
        for index, seat in enumerate(winners):
            awards.append(Award(seat, share + (1 if index < odd else 0), label))
    result = HandResult(state.hand_number, state.pot, False, shown, tuple(awards))
    return _finish(state, result)


# ---------------------------------------------------------------- the protocol

def legal_moves(state: State) -> tuple[Move, ...]:
    if state.phase is Phase.GAME_OVER:
        return ()
    if state.phase is Phase.HAND_OVER:
        return (NextHand(),)
    seat = state.to_act
    if seat is None:
        return ()
    if state.phase is Phase.DRAW:
        return _draw_moves(state.hands[seat])
    return _betting_actions(state, seat)


def apply(state: State, move: Move) -> State:
    """The snapshot after ``move``; raises IllegalMove with a sentence and changes nothing."""
    if state.phase is Phase.GAME_OVER:
        raise IllegalMove("The game is over.")
    if isinstance(move, NextHand):
        if state.phase is not Phase.HAND_OVER:
            raise IllegalMove("Finish this hand first.")
        return _deal(state)
    if state.phase is Phase.HAND_OVER:
        raise IllegalMove("This hand is over; deal the next one.")
    seat = state.to_act
    if seat is None:  # pragma: no cover - every running phase has a player to act
        raise IllegalMove("No one is to act.")
    if isinstance(move, Draw):
        if state.phase is not Phase.DRAW:
            raise IllegalMove("It is not time to draw; the players are betting.")
        _check_draw(state, seat, move)
        return _apply_draw(state, seat, move)
    if isinstance(move, Action) and isinstance(move.kind, ActionKind):
        if state.phase is Phase.DRAW:
            raise IllegalMove("It is time to draw: choose cards to throw away, or stand pat.")
        if move not in _betting_actions(state, seat):
            raise IllegalMove(refusal(state, seat, move))
        return _apply_action(state, seat, move)
    # Not echoed: a value that is no move may not even print.
    raise IllegalMove("That is not a poker move; try check, bet, call, raise, fold, "
                      "draw CARDS or stand pat.")


def view(state: State, seat: int) -> View:
    """What one seat may know: its own cards, and others' cards only when shown."""
    if not 0 <= seat < state.players:
        raise ValueError(f"There is no seat {seat}.")
    shown: Mapping[int, Showdown] = {}
    if state.result is not None and state.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        shown = {item.seat: item for item in state.result.shown}
    names = (*state.names[:seat], YOU, *state.names[seat + 1 :])
    seats = tuple(
        SeatView(
            seat=other,
            name=names[other],
            chips=state.chips[other],
            card_count=len(state.hands[other]),
            in_hand=_live(state, other),
            folded=state.dealt[other] and state.folded[other],
            out=state.chips[other] == 0 and not (
                _live(state, other) and state.phase in (*BETTING, Phase.DRAW)
            ),
            all_in=_all_in(state, other) and state.phase in (*BETTING, Phase.DRAW),
            bet=state.bets[other],
            put_in=state.put_in[other],
            last_action=state.last_actions[other],
            drew=state.drew[other],
            shown=shown[other].cards if other in shown else None,
            shown_text=shown[other].text if other in shown else None,
        )
        for other in range(state.players)
    )
    hand = tuple(sorted(state.hands[seat], key=sort_key))
    my_turn = state.to_act == seat
    betting = state.phase in BETTING
    to_call = max(0, state.current_bet - state.bets[seat]) if betting else 0
    winner = None
    if state.phase is Phase.GAME_OVER:
        leaders = _holders(state)
        winner = leaders[0] if len(leaders) == 1 else None
    return View(
        seat=seat,
        phase=state.phase,
        hand_number=state.hand_number,
        button=state.button,
        to_move=state.to_act,
        my_turn=my_turn,
        hand=hand,
        hand_text=describe_hand(hand),
        seats=seats,
        pot=state.pot,
        current_bet=state.current_bet if betting else 0,
        to_call=to_call,
        bet_size=state.bet_size,
        raises_left=state.max_raises - max(0, state.raises - 1) if betting else 0,
        max_discard=max_discard(hand),
        legal=legal_moves(state) if my_turn else (),
        history=state.history,
        result=state.result,
        stock_count=len(state.stock),
        winner=winner,
        names=names,
        places=places(state),
    )


def _closing(state: State) -> Event:
    """The game's last word: who holds every chip, or else who ran out of them."""
    holders = _holders(state)
    if len(holders) == 1:
        return Event("champion", state.names, holders[0], count=state.chips[holders[0]])
    return Event("out", state.names, state.stop_when_out or 0)


def outcome(state: State) -> Outcome | None:
    """None while the game runs. Then the players with the most chips are the winners (one,
    when a player holds them all), and the sentence says so, or who ran out of chips (as
    the history's closing lines do)."""
    if state.phase is not Phase.GAME_OVER:
        return None
    most = max(state.chips)
    winners = tuple(seat for seat in range(state.players) if state.chips[seat] == most)
    return Outcome(winners, results_for(state.players, winners),
                   describe(_closing(state), None))
