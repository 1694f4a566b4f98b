"""Go Fish: rules as a pure engine (see docs/rules/gofish.md).

Two to five players. On a turn the player asks one opponent for a rank they hold. The
opponent hands over every card of that rank and the asker goes again; if the opponent has
none it is "Go fish": the asker draws one card and goes again only when it is the rank
asked for. Four of a rank make a book, laid down at once. The game ends when all 13 books
are made; the most books wins and a tie is shared.

Everything that needs no choice happens inside ``apply`` (and ``new_game``): a player whose
hand is empty draws one card at the start of their turn, or sits out when the stock is
empty, so every legal move is an :class:`Ask`.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace
from typing import Any
from typing import Final
from typing import Literal

from tableau.cards import FULL_DECK
from tableau.cards import RANKS
from tableau.cards import SUITS
from tableau.cards import Card
from tableau.cards import CardError
from tableau.cards import Rank
from tableau.cards import parse_card
from tableau.engines import rng
from tableau.engines.protocol import IllegalMove
from tableau.engines.protocol import Outcome
from tableau.engines.protocol import SaveFormatError
from tableau.engines.protocol import SaveReader
from tableau.engines.protocol import read_header
from tableau.engines.protocol import results_for

GAME: Final = "gofish"
VERSION: Final = 1
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 5
ALL_BOOKS: Final = len(RANKS)


def deal_size(players: int) -> int:
    """Seven cards each with two or three players, five each with four or five."""
    return 7 if players <= 3 else 5


# ------------------------------------------------------------------ naming


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


# ------------------------------------------------------------------ events


class _Event:
    """What every event says: ``describe`` words it for a table (``viewer`` is "you");
    ``text`` words it with the default names."""

    __slots__ = ()

    def describe(self, names: Sequence[str], viewer: int | None = None) -> str:
        raise NotImplementedError

    @property
    def text(self) -> str:
        return self.describe(default_names(MAX_PLAYERS))


@dataclass(frozen=True, slots=True)
class Dealt(_Event):
    """The deal: ``each`` cards to each of ``players`` players."""

    players: int
    each: int

    def describe(self, names: Sequence[str], viewer: int | None = None) -> str:
        return f"{self.each} cards dealt to each of {self.players} players."


@dataclass(frozen=True, slots=True)
class Asked(_Event):
    """``asker`` asked ``target`` for ``rank`` and was given ``given`` cards (0: go fish)."""

    asker: int
    target: int
    rank: Rank
    given: int

    def describe(self, names: Sequence[str], viewer: int | None = None) -> str:
        say = _Speaker(names, viewer)
        ask = say.verb(self.asker, "ask", "asks")
        whom = say.object(self.target)
        head = f"{say.subject(self.asker)} {ask} {whom} for {rank_words(self.rank)}"
        if self.given == 0:
            return f"{head} — Go fish!"
        give = say.verb(self.target, "give", "gives")
        return f"{head} — {say.object(self.target)} {give} {self.given}"


DrawReason = Literal["fish", "empty", "alone"]


@dataclass(frozen=True, slots=True)
class Drew(_Event):
    """``seat`` drew one card from the stock.

    ``card`` is known to the drawer; in other seats' views it is None unless ``shown``
    (a go-fish draw of the rank asked for is shown to everyone). ``reason``: "fish" after a
    go fish, "empty" for a player starting a turn with no cards, "alone" when no opponent
    has cards to ask for.
    """

    seat: int
    card: Card | None
    shown: bool
    reason: DrawReason

    def describe(self, names: Sequence[str], viewer: int | None = None) -> str:
        say = _Speaker(names, viewer)
        who = say.subject(self.seat)
        draw = say.verb(self.seat, "draw", "draws")
        what = f"the {self.card.face}" if self.card is not None else "a card"
        if self.shown and self.card is not None:
            go = say.verb(self.seat, "go", "goes")
            return f"{who} {draw} the {self.card.face}, the rank asked for, and {go} again"
        if self.reason == "empty":
            have = say.verb(self.seat, "have", "has")
            return f"{who} {have} no cards and {draw} {what}"
        if self.reason == "alone":
            return f"Nobody else holds cards; {say.object(self.seat)} {draw} {what}"
        return f"{who} {draw} {what}"


@dataclass(frozen=True, slots=True)
class Booked(_Event):
    """``seat`` laid down the book of ``rank``."""

    seat: int
    rank: Rank

    def describe(self, names: Sequence[str], viewer: int | None = None) -> str:
        say = _Speaker(names, viewer)
        lay = say.verb(self.seat, "lay", "lays")
        return f"{say.subject(self.seat)} {lay} down a book of {rank_words(self.rank)}"


@dataclass(frozen=True, slots=True)
class SatOut(_Event):
    """``seat`` had no cards and the stock was empty, so their turn passed."""

    seat: int

    def describe(self, names: Sequence[str], viewer: int | None = None) -> str:
        say = _Speaker(names, viewer)
        have = say.verb(self.seat, "have", "has")
        sit = say.verb(self.seat, "sit", "sits")
        return f"{say.subject(self.seat)} {have} no cards and the stock is empty; {sit} out"


@dataclass(frozen=True, slots=True)
class StockEmpty(_Event):
    """A go fish with nothing left to draw: the turn of ``seat`` passes."""

    seat: int

    def describe(self, names: Sequence[str], viewer: int | None = None) -> str:
        return "The stock is empty; the turn passes"


Event = Dealt | Asked | Drew | Booked | SatOut | StockEmpty


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


def _count(hand: tuple[Card, ...], rank: Rank) -> int:
    return sum(1 for card in hand if card.rank is rank)


def _with_hand(hands: tuple[tuple[Card, ...], ...], seat: int, hand: tuple[Card, ...]
               ) -> tuple[tuple[Card, ...], ...]:
    return (*hands[:seat], hand, *hands[seat + 1:])


def _lay_books(state: State, seat: int) -> State:
    """Lay down every complete rank in ``seat``'s hand."""
    hand = state.hands[seat]
    complete = [rank for rank in RANKS if _count(hand, rank) == 4]
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


def _settle(state: State) -> State:
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
    return _settle(state)


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
    if _count(state.hands[seat], move.rank) == 0:
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
        return _settle(_lay_books(state, seat))
    state = replace(state, history=(*state.history, Asked(seat, target, rank, 0)))
    if not state.stock:
        return _settle(_pass_turn(replace(state, history=(*state.history, StockEmpty(seat)))))
    state, card = _draw(state, seat, rank, "fish")
    if card.rank is rank:
        return _settle(state)
    return _settle(_pass_turn(state))


def outcome(state: State) -> Outcome | None:
    """None while books remain to be made; then the seats with the most books win (a tie is
    shared). The books per seat are in the state and every view."""
    if _total_books(state) < ALL_BOOKS:
        return None
    counts = tuple(len(books) for books in state.books)
    best = max(counts)
    winners = tuple(seat for seat, count in enumerate(counts) if count == best)
    names = default_names(state.players)
    if len(winners) > 1:
        who = " and ".join(names[seat] for seat in winners)
        sentence = f"{who} share the win with {best} books each."
    else:
        sentence = f"{names[winners[0]]} wins with {best} of the {ALL_BOOKS} books."
    return Outcome(winners, results_for(state.players, winners), sentence)


def _hide(event: Event, seat: int) -> Event:
    if isinstance(event, Drew) and event.seat != seat and not event.shown:
        return Drew(event.seat, None, False, event.reason)
    return event


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
        history=tuple(_hide(event, seat) for event in state.history),
        legal=legal_moves(state) if state.turn == seat else (),
        outcome=ended,
    )


# ------------------------------------------------------------------ saves


def _event_json(event: Event) -> dict[str, Any]:
    if isinstance(event, Dealt):
        return {"kind": "dealt", "players": event.players, "each": event.each}
    if isinstance(event, Asked):
        return {"kind": "asked", "asker": event.asker, "target": event.target,
                "rank": event.rank.letter, "given": event.given}
    if isinstance(event, Drew):
        return {"kind": "drew", "seat": event.seat,
                "card": None if event.card is None else event.card.code,
                "shown": event.shown, "reason": event.reason}
    if isinstance(event, Booked):
        return {"kind": "booked", "seat": event.seat, "rank": event.rank.letter}
    if isinstance(event, SatOut):
        return {"kind": "sat_out", "seat": event.seat}
    return {"kind": "stock_empty", "seat": event.seat}


def to_json(state: State) -> dict[str, Any]:
    """A versioned, lossless, JSON-ready dict."""
    return {
        "game": GAME,
        "version": VERSION,
        "hands": [[card.code for card in hand] for hand in state.hands],
        "stock": [card.code for card in state.stock],
        "books": [[rank.letter for rank in books] for books in state.books],
        "turn": state.turn,
        "seed": state.seed,
        "history": [_event_json(event) for event in state.history],
    }


_RANK_BY_LETTER: Final = {rank.letter: rank for rank in RANKS}


def _card(value: Any, where: str) -> Card:
    if not isinstance(value, str):
        raise SaveFormatError(f"A card in {where} is not text.")
    try:
        return parse_card(value)
    except CardError:
        raise SaveFormatError(f"'{value[:20]}' in {where} is not a card.") from None


def _rank(value: Any, where: str) -> Rank:
    if not isinstance(value, str) or value not in _RANK_BY_LETTER:
        raise SaveFormatError(f"A rank in {where} is not one of A 2-9 T J Q K.")
    return _RANK_BY_LETTER[value]


def _event(value: Any, players: int) -> Event:
    read = SaveReader(value, "an entry of the history")
    kind = read.get("kind")
    last = players - 1
    if kind == "dealt":
        return Dealt(read.integer("players", MIN_PLAYERS, MAX_PLAYERS), read.integer("each", 0, 52))
    if kind == "asked":
        return Asked(read.integer("asker", 0, last), read.integer("target", 0, last),
                     _rank(read.get("rank"), "the history"), read.integer("given", 0, 3))
    if kind == "drew":
        card = read.get("card")
        shown = read.boolean("shown")
        reason = read.get("reason")
        if reason not in ("fish", "empty", "alone"):
            raise SaveFormatError("A draw in the history is malformed.")
        return Drew(read.integer("seat", 0, last),
                    None if card is None else _card(card, "the history"), shown, reason)
    if kind == "booked":
        return Booked(read.integer("seat", 0, last), _rank(read.get("rank"), "the history"))
    if kind == "sat_out":
        return SatOut(read.integer("seat", 0, last))
    if kind == "stock_empty":
        return StockEmpty(read.integer("seat", 0, last))
    raise SaveFormatError("An entry of the history is of an unknown kind.")


def from_json(data: Mapping[str, Any]) -> State:
    """Rebuild a state from ``to_json`` output. Raises SaveFormatError on anything wrong."""
    read = read_header(data, GAME, "Go Fish", VERSION)
    raw_hands = read.items("hands")
    if not MIN_PLAYERS <= len(raw_hands) <= MAX_PLAYERS:
        raise SaveFormatError(f"A Go Fish save has {MIN_PLAYERS} to {MAX_PLAYERS} hands.")
    players = len(raw_hands)
    hands: list[tuple[Card, ...]] = []
    for raw in raw_hands:
        if not isinstance(raw, list):
            raise SaveFormatError("Each hand in the save must be a list of cards.")
        hands.append(sort_hand(_card(value, "a hand") for value in raw))
    stock = tuple(_card(value, "the stock") for value in read.items("stock"))
    raw_books = read.items("books", players)
    if not all(isinstance(raw, list) for raw in raw_books):
        raise SaveFormatError("The save needs one list of books per hand.")
    books = tuple(tuple(_rank(value, "the books") for value in raw) for raw in raw_books)
    state = State(
        hands=tuple(hands),
        stock=stock,
        books=books,
        turn=read.integer("turn", 0, players - 1),
        seed=read.integer("seed", 0, 2**64),
        history=tuple(_event(value, players) for value in read.items("history")),
    )
    _check_cards(state)
    return _settle(state)


def _check_cards(state: State) -> None:
    held = [card for hand in state.hands for card in hand] + list(state.stock)
    booked = [rank for books in state.books for rank in books]
    if len(set(booked)) != len(booked):
        raise SaveFormatError("The save has the same book twice.")
    if len(set(held)) != len(held):
        raise SaveFormatError("The save holds the same card twice.")
    if any(card.rank in booked for card in held):
        raise SaveFormatError("The save holds a card of a rank already booked.")
    if len(held) + 4 * len(booked) != len(FULL_DECK):
        raise SaveFormatError("The save's cards do not make up one full deck.")
    for hand in state.hands:
        if any(_count(hand, rank) == 4 for rank in RANKS):
            raise SaveFormatError("The save has a full book still in a hand.")
