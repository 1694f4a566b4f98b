"""Go Fish: rules as a pure engine (see docs/rules/gofish.md).

Two to five players. On a turn the player asks one opponent for a rank they hold. The
opponent hands over every card of that rank and the asker goes again; if the opponent has
none it is "Go fish": the asker draws one card and goes again only when it is the rank
asked for. Four of a rank make a book, laid down at once. The game ends when all 13 books
are made; the most books wins and a tie is shared.

Everything that needs no choice happens inside ``apply`` (and ``new_game``): a player whose
hand is empty draws one card at the start of their turn, or sits out when the stock is
empty, so every legal move is an :class:`Ask`. The events are in ``events.py``, their words
in ``wording.py`` and the saves in ``saves.py``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from dataclasses import replace
from typing import Final

from tableau.cards import FULL_DECK
from tableau.cards import RANKS
from tableau.cards import SUITS
from tableau.cards import Card
from tableau.cards import Rank
from tableau.engines import rng
from tableau.engines.gofish.events import Asked
from tableau.engines.gofish.events import Booked
from tableau.engines.gofish.events import Dealt
from tableau.engines.gofish.events import DrawReason
from tableau.engines.gofish.events import Drew
from tableau.engines.gofish.events import Event
from tableau.engines.gofish.events import SatOut
from tableau.engines.gofish.events import StockEmpty
from tableau.engines.gofish.events import seen_by
from tableau.engines.gofish.wording import ALL_BOOKS
from tableau.engines.gofish.wording import default_names
from tableau.engines.gofish.wording import rank_words
from tableau.engines.gofish.wording import winning_sentence
from tableau.engines.protocol import IllegalMove
from tableau.engines.protocol import Outcome
from tableau.engines.protocol import results_for

GAME: Final = "gofish"
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 5


def deal_size(players: int) -> int:
    """Seven cards each with two or three players, five each with four or five."""
    return 7 if players <= 3 else 5


# ------------------------------------------------------------------ protocol values


@dataclass(frozen=True, slots=True)
class Config:
    """``players`` seats (2-5), the seat that plays first, and the shuffle seed."""

    players: int = 2
    seed: int = 0
    first: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(
                f"Go Fish needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {self.players!r}."
            )
        if not isinstance(self.first, int) or not 0 <= self.first < self.players:
            raise ValueError(
                f"The first player must be a seat from 0 to {self.players - 1}, "
                f"not {self.first!r}."
            )
        if not isinstance(self.seed, int) or self.seed < 0:
            raise ValueError(f"The seed must be a whole number of 0 or more, not {self.seed!r}.")


@dataclass(frozen=True, slots=True)
class Ask:
    """The player to move asks seat ``target`` for ``rank``. Notation: ``ask 2 7``."""

    target: int
    rank: Rank

    def __str__(self) -> str:
        return f"ask {self.target} {self.rank.letter}"


Move = Ask


@dataclass(frozen=True, slots=True)
class State:
    """A snapshot. Hands are sorted; the stock is drawn from the front."""

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    books: tuple[tuple[Rank, ...], ...]
    turn: int
    seed: int
    history: tuple[Event, ...]

    @property
    def players(self) -> int:
        return len(self.hands)


@dataclass(frozen=True, slots=True)
class View:
    """What ``seat`` may know: its own hand, the others' counts, books, stock and history.
    ``to_move`` is the seat to ask next (None once the game is over)."""

    seat: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    books: tuple[tuple[Rank, ...], ...]
    stock_count: int
    to_move: int | None
    history: tuple[Event, ...]
    legal: tuple[Ask, ...]
    outcome: Outcome | None

    @property
    def players(self) -> int:
        return len(self.hand_counts)

    def askable(self) -> tuple[int, ...]:
        """Opponents this seat may ask now (those holding cards), empty if not its turn."""
        return tuple(sorted({move.target for move in self.legal}))


# ------------------------------------------------------------------ rules


def _sort_key(card: Card) -> tuple[int, int]:
    return int(card.rank), SUITS.index(card.suit)


def sort_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards by rank, then suit (clubs, diamonds, hearts, spades)."""
    return tuple(sorted(cards, key=_sort_key))


def count_rank(hand: tuple[Card, ...], rank: Rank) -> int:
    return sum(1 for card in hand if card.rank is rank)


def _with_hand(hands: tuple[tuple[Card, ...], ...], seat: int, hand: tuple[Card, ...]
               ) -> tuple[tuple[Card, ...], ...]:
    return (*hands[:seat], hand, *hands[seat + 1:])


def _lay_books(state: State, seat: int) -> State:
    """Lay down every complete rank in ``seat``'s hand."""
    hand = state.hands[seat]
    complete = [rank for rank in RANKS if count_rank(hand, rank) == 4]
    if not complete:
        return state
    kept = tuple(card for card in hand if card.rank not in complete)
    books = state.books[seat] + tuple(complete)
    return replace(
        state,
        hands=_with_hand(state.hands, seat, kept),
        books=(*state.books[:seat], books, *state.books[seat + 1:]),
        history=state.history + tuple(Booked(seat, rank) for rank in complete),
    )


def _draw(state: State, seat: int, asked: Rank | None, reason: DrawReason) -> tuple[State, Card]:
    card, stock = state.stock[0], state.stock[1:]
    shown = asked is not None and card.rank is asked
    hand = sort_hand((*state.hands[seat], card))
    drawn = replace(
        state,
        hands=_with_hand(state.hands, seat, hand),
        stock=stock,
        history=(*state.history, Drew(seat, card, shown, reason)),
    )
    return _lay_books(drawn, seat), card


def _total_books(state: State) -> int:
    return sum(len(books) for books in state.books)


def _pass_turn(state: State) -> State:
    return replace(state, turn=(state.turn + 1) % state.players)


def settle(state: State) -> State:
    """Do what needs no choice until the player to move can ask, or the game is over."""
    while _total_books(state) < ALL_BOOKS:
        seat = state.turn
        if not state.hands[seat]:
            if not state.stock:
                state = _pass_turn(replace(state, history=(*state.history, SatOut(seat))))
                continue
            state, _ = _draw(state, seat, None, "empty")
            continue
        if any(state.hands[other] for other in range(state.players) if other != seat):
            return state
        # Nobody else holds cards, so the rest of each rank is in the stock: draw one.
        state, _ = _draw(state, seat, None, "alone")
        state = _pass_turn(state)
    return state


def new_game(config: Config) -> State:
    """Shuffle with the config's seed, deal, lay any books from the deal, and settle."""
    deck, seed = rng.shuffled(FULL_DECK, config.seed)
    each = deal_size(config.players)
    hands = tuple(
        sort_hand(deck[seat:each * config.players:config.players])
        for seat in range(config.players)
    )
    state = State(
        hands=hands,
        stock=deck[each * config.players:],
        books=tuple(() for _ in range(config.players)),
        turn=config.first,
        seed=seed,
        history=(Dealt(config.players, each),),
    )
    for seat in range(config.players):
        state = _lay_books(state, seat)
    return settle(state)


def legal_moves(state: State) -> tuple[Ask, ...]:
    """Every ask open to the player to move: an opponent with cards, a rank in hand."""
    if _total_books(state) >= ALL_BOOKS:
        return ()
    seat = state.turn
    ranks = sorted({card.rank for card in state.hands[seat]})
    targets = [other for other in range(state.players) if other != seat and state.hands[other]]
    return tuple(Ask(target, rank) for target in targets for rank in ranks)


def _refuse(state: State, move: object) -> None:
    if _total_books(state) >= ALL_BOOKS:
        raise IllegalMove("The game is over; all 13 books are down.")
    if not isinstance(move, Ask):
        raise IllegalMove("In Go Fish a move is asking another player for a rank.")
    seat = state.turn
    if type(move.target) is not int or not 0 <= move.target < state.players:
        raise IllegalMove(f"There is no player {move.target!r} at this table.")
    if move.target == seat:
        raise IllegalMove("You cannot ask yourself; ask another player.")
    if not isinstance(move.rank, Rank):
        raise IllegalMove("Ask for a rank: ace, 2 to 10, jack, queen or king.")
    if not state.hands[move.target]:
        raise IllegalMove("That player has no cards; ask someone who holds some.")
    if count_rank(state.hands[seat], move.rank) == 0:
        raise IllegalMove(
            f"You may only ask for a rank you hold, and you hold no {rank_words(move.rank)}."
        )


def apply(state: State, move: Ask) -> State:
    """The snapshot after ``move``. Raises IllegalMove (state untouched) if it is refused."""
    _refuse(state, move)
    seat, target, rank = state.turn, move.target, move.rank
    taken = tuple(card for card in state.hands[target] if card.rank is rank)
    if taken:
        hands = _with_hand(state.hands, target,
                           tuple(card for card in state.hands[target] if card.rank is not rank))
        hands = _with_hand(hands, seat, sort_hand((*hands[seat], *taken)))
        state = replace(state, hands=hands,
                        history=(*state.history, Asked(seat, target, rank, len(taken))))
        return settle(_lay_books(state, seat))
    state = replace(state, history=(*state.history, Asked(seat, target, rank, 0)))
    if not state.stock:
        return settle(_pass_turn(replace(state, history=(*state.history, StockEmpty(seat)))))
    state, card = _draw(state, seat, rank, "fish")
    if card.rank is rank:
        return settle(state)
    return settle(_pass_turn(state))


def outcome(state: State) -> Outcome | None:
    """None while books remain to be made; then the seats with the most books win (a tie is
    shared). The books per seat are in the state and every view."""
    if _total_books(state) < ALL_BOOKS:
        return None
    counts = tuple(len(books) for books in state.books)
    best = max(counts)
    winners = tuple(seat for seat, count in enumerate(counts) if count == best)
    sentence = winning_sentence(winners, best, default_names(state.players))
    return Outcome(winners, results_for(state.players, winners), sentence)


def view(state: State, seat: int) -> View:
    """What ``seat`` may know. Others' hands are counts; their hidden draws carry no card."""
    if not 0 <= seat < state.players:
        raise ValueError(f"There is no seat {seat} at a table of {state.players}.")
    ended = outcome(state)
    return View(
        seat=seat,
        hand=state.hands[seat],
        hand_counts=tuple(len(hand) for hand in state.hands),
        books=state.books,
        stock_count=len(state.stock),
        to_move=None if ended is not None else state.turn,
        history=tuple(seen_by(event, seat) for event in state.history),
        legal=legal_moves(state) if state.turn == seat else (),
        outcome=ended,
    )
