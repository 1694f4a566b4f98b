"""The Go Fish table: you against one to four computer players.

The screen draws ``view(state, 0)`` only: the CPUs' hands are backs with a count, the books
of every player, the stock count and the public history. Your hand is sorted by rank.
Choose a card (←/→ or its rank key, or click it) and Enter asks the chosen opponent for its
rank; ↑/↓ or Tab (or a click on an opponent) choose whom to ask. CPU turns follow one ask
at a time, ``app.cpu_delay`` seconds apart.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widgets import Footer, Header, Static

from tableau.ai import gofish as ai
from tableau.cards import Card, Rank
from tableau.engines import rng
from tableau.engines.gofish import (
    MAX_PLAYERS,
    Ask,
    Asked,
    Config,
    Outcome,
    State,
    View,
    apply,
    new_game,
    outcome,
    rank_label,
    rank_words,
    view,
)
from tableau.engines.protocol import IllegalMove
from tableau.ui.screens.base import GameScreen
from tableau.ui.screens.dialogs import EndScreen
from tableau.ui.widgets.command_bar import MessageLine
from tableau.ui.widgets.hand import Hand, hand_bindings
from tableau.ui.widgets.history import HistoryPanel
from tableau.ui.widgets.pile import Pile, StackPile

YOU = 0

RANK_KEYS: dict[str, Rank] = {
    "a": Rank.ACE, "A": Rank.ACE,
    **{str(number): Rank(number) for number in range(2, 10)},
    "t": Rank.TEN, "T": Rank.TEN, "0": Rank.TEN,
    "j": Rank.JACK, "J": Rank.JACK,
    "Q": Rank.QUEEN,  # lower-case q goes back to the menu
    "k": Rank.KING, "K": Rank.KING,
}
"""Keys that move the hand's cursor to a rank: a 2-9 t j Q k (0 also means ten)."""


class GoFishHand(Hand, inherit_bindings=False):
    """The shared Hand, with Enter and space labelled "Ask" in the footer."""

    BINDINGS: ClassVar[list[BindingType]] = hand_bindings("enter,space", "Ask")


def books_text(books: Iterable[Rank]) -> str:
    """ "Books: 7 Q K" or "No books"."""
    labels = [rank_label(rank) for rank in sorted(books)]
    return f"Books: {' '.join(labels)}" if labels else "No books"


class GoFishScreen(GameScreen):
    """One game after another against ``cpus`` computer players."""

    GAME_KEY = "gofish"
    TITLE = "Go Fish"
    CSS_PATH = "gofish.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "choose(-1)", "Whom", key_display="↑↓"),
        Binding("down", "choose(1)", "Whom", show=False),
        Binding("tab", "choose(1)", "Next opponent", show=False, priority=True),
        Binding("shift+tab", "choose(-1)", "Previous opponent", show=False, priority=True),
        Binding("n", "new_game", "New game"),
        Binding("q", "leave", "Menu"),
        Binding("pageup", "scroll_history(-1)", "History up", show=False),
        Binding("pagedown", "scroll_history(1)", "History down", show=False),
        *(Binding(key, f"pick_rank({int(rank)})", f"Choose {rank_words(rank)}", show=False)
          for key, rank in RANK_KEYS.items()),
    ]

    def __init__(
        self,
        *,
        seed: int | None = None,
        cpus: int = 1,
        level: str = "pro",
        folder: Path | None = None,
        **_ignored: object,
    ) -> None:
        super().__init__()
        if not 1 <= cpus <= MAX_PLAYERS - 1:
            raise ValueError(f"Go Fish is played against 1 to {MAX_PLAYERS - 1} CPUs.")
        self.cpus = cpus
        self.level: ai.Level = ai.parse_level(level)
        self.first_seed = seed if seed is not None else random.SystemRandom().getrandbits(48)
        self.games = 0
        self.names = ("You", *(f"CPU {seat}" for seat in range(1, cpus + 1)))
        self.state: State = self._deal()
        self.cpu_seeds: list[int] = []
        self.target = 1
        self._cpu_timer: Timer | None = None
        self._end_shown = False

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Header(icon="♣")
        with Horizontal(id="table"):
            for seat in range(1, self.cpus + 1):
                with Vertical(id=f"seat-{seat}", classes="seat") as box:
                    box.border_title = self.names[seat]
                    yield StackPile(f"seat-{seat}", show_count=True, id=f"hand-{seat}",
                                    classes="opponent")
                    yield Static("", id=f"books-{seat}", classes="books", markup=False)
            with Vertical(id="stock-box", classes="seat") as box:
                box.border_title = "Stock"
                yield StackPile("stock", show_count=True, id="stock")
        yield HistoryPanel("History", id="history")
        yield MessageLine("", id="message", markup=False)
        with Vertical(id="you"):
            yield GoFishHand(id="hand")
        yield Footer()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(HistoryPanel).can_focus = False
        self._begin()

    def on_unmount(self) -> None:
        self._stop_cpu()

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand("New game", "Deal a new game of Go Fish", self.action_new_game)

    # ------------------------------------------------------------------ the game

    def _deal(self) -> State:
        seed = rng.fresh_seed_from(self.first_seed, self.games)
        return new_game(Config(players=self.cpus + 1, seed=seed))

    def _begin(self) -> None:
        seed = self.state.seed
        self.cpu_seeds = [rng.fresh_seed_from(seed, seat) for seat in range(self.cpus + 1)]
        self._end_shown = False
        self.target = 1
        hand = self.query_one(GoFishHand)
        hand.cursor = 0
        hand.focus()
        self._draw()
        self._say(f"Dealt {len(self.state.hands[YOU]) + 4 * len(self.state.books[YOU])} "
                      f"cards each. You play first.")
        self._after_change()

    def _seen(self) -> View:
        return view(self.state, YOU)

    def _after_change(self) -> None:
        """Render; then show the end, or let the CPUs play until it is your turn."""
        self._draw()
        if outcome(self.state) is not None:
            self._show_end()
        elif self.state.turn != YOU:
            self._schedule_cpu()

    def _schedule_cpu(self) -> None:
        if self._cpu_timer is not None:
            return
        delay = float(getattr(self.app, "cpu_delay", 0.0))
        if delay <= 0:
            # No pause wanted (tests, snapshots): play every CPU turn now.
            while outcome(self.state) is None and self.state.turn != YOU:
                self._cpu_move()
            self._after_change()
        else:
            self._cpu_timer = self.set_timer(delay, self._cpu_step)

    def _stop_cpu(self) -> None:
        if self._cpu_timer is not None:
            self._cpu_timer.stop()
            self._cpu_timer = None

    def _cpu_step(self) -> None:
        self._cpu_timer = None
        if not self.is_attached or outcome(self.state) is not None or self.state.turn == YOU:
            return
        self._cpu_move()
        self._after_change()

    def _cpu_move(self) -> None:
        seat = self.state.turn
        move, self.cpu_seeds[seat] = ai.player(self.level)(view(self.state, seat),
                                                           self.cpu_seeds[seat])
        self._apply_move(move)

    def _apply_move(self, move: Ask) -> None:
        before = len(self.state.history)
        self.state = apply(self.state, move)
        # Only what your seat may know: another player's hidden draw carries no card.
        news = view(self.state, YOU).history[before:]
        told = [event.describe(self.names, YOU) for event in news]
        self._say("  ·  ".join(told))

    def ask(self, rank: Rank) -> None:
        """Ask the chosen opponent for ``rank`` (the one way the player moves)."""
        if outcome(self.state) is not None:
            self._say("The game is over: press n for a new game.", error=True)
            return
        if self.state.turn != YOU:
            self._say(f"Wait: it is {self.names[self.state.turn]}'s turn.", error=True)
            return
        try:
            self._apply_move(Ask(self.target, rank))
        except IllegalMove as refusal:
            self._say(str(refusal), error=True)
            return
        self._after_change()

    # ------------------------------------------------------------------ drawing

    def _draw(self) -> None:
        seen = self._seen()
        askable = seen.askable()
        if askable and self.target not in askable:
            self.target = askable[0]
        my_turn = seen.to_move == YOU and seen.outcome is None
        for seat in range(1, self.cpus + 1):
            count = seen.hand_counts[seat]
            chosen = my_turn and seat == self.target
            self.query_one(f"#hand-{seat}", StackPile).update(
                None, count=count, face_up=False, cursor=chosen and self.cpus > 1)
            box = self.query_one(f"#seat-{seat}")
            box.set_class(chosen, "-chosen")
            box.set_class(seen.to_move == seat and seen.outcome is None, "-turn")
            box.set_class(count == 0, "-empty")
            self.query_one(f"#books-{seat}", Static).update(books_text(seen.books[seat]))
        self.query_one("#stock", StackPile).update(None, count=seen.stock_count, face_up=False)
        hand = self.query_one(GoFishHand)
        hand.update(seen.hand)
        you = self.query_one("#you")
        mine = seen.books[YOU]
        you.border_title = f"You · {books_text(mine)}"
        you.border_subtitle = self._prompt(seen)
        you.set_class(my_turn, "-turn")
        history = self.query_one(HistoryPanel)
        history.update([event.describe(self.names, YOU) for event in seen.history])
        # Follow the newest line (also when many lines arrive before the first layout).
        self.call_after_refresh(history.scroll_end, animate=False)

    def _prompt(self, seen: View) -> str:
        if seen.outcome is not None:
            return "Game over · n: new game"
        if seen.to_move != YOU:
            return f"{self.names[seen.to_move]} is playing…"
        hand = self.query_one(GoFishHand)
        if not seen.hand:
            return ""
        rank = seen.hand[min(hand.cursor, len(seen.hand) - 1)].rank
        whom = self.names[self.target]
        text = f"Your turn · Enter: ask {whom} for {rank_words(rank)}"
        if len(seen.askable()) > 1:
            text += " · ↑↓: whom"
        return text

    def _say(self, text: str, *, error: bool = False) -> None:
        self.query_one(MessageLine).show(text, error=error)

    # ------------------------------------------------------------------ the end

    def _show_end(self) -> None:
        result = outcome(self.state)
        if result is None or self._end_shown:
            return
        self._end_shown = True
        self.app.push_screen(
            EndScreen(self._headline(result), self._score_lines(),
                      [("again", "Play again"), ("menu", "Menu")]),
            self._after_end,
        )

    def _headline(self, result: Outcome) -> str:
        winners = [self.names[seat] for seat in result.winners]
        if len(result.winners) > 1:
            return f"A shared win: {' and '.join(winners)}"
        return "You win!" if result.winners == (YOU,) else f"{winners[0]} wins"

    def _score_lines(self) -> list[str]:
        seen = self._seen()
        width = max(len(name) for name in self.names)
        lines = []
        for name, books in zip(self.names, seen.books, strict=True):
            ranks = " ".join(rank_label(rank) for rank in sorted(books))
            noun = "book " if len(books) == 1 else "books"
            lines.append(f"{name:<{width}}  {len(books):>2} {noun}  {ranks}".rstrip())
        return lines

    def _after_end(self, choice: str | None) -> None:
        if choice == "again":
            self._new_game_now()
        elif choice == "menu":
            self.app.show_menu()  # type: ignore[attr-defined]
        else:
            self._say("Game over. Press n for a new game, q for the menu.")

    # ------------------------------------------------------------------ input

    @on(Hand.Activated, "#hand")
    def _card_chosen(self, event: Hand.Activated) -> None:
        event.stop()
        # A double-click is a click and then a second one (chain 2): one ask, not two.
        if isinstance(event.card, Card) and event.chain == 1:
            self.ask(event.card.rank)

    @on(Hand.CursorMoved, "#hand")
    def _cursor_moved(self, event: Hand.CursorMoved) -> None:
        event.stop()
        self._draw()

    @on(Pile.Clicked)
    def _opponent_clicked(self, event: Pile.Clicked) -> None:
        event.stop()
        if not event.pile_id.startswith("seat-"):
            return
        seat = int(event.pile_id.removeprefix("seat-"))
        self._choose_seat(seat)
        self.query_one(GoFishHand).focus()

    def _choose_seat(self, seat: int) -> None:
        seen = self._seen()
        if seen.to_move != YOU or seen.outcome is not None:
            return
        if seat not in seen.askable():
            self._say(f"{self.names[seat]} has no cards to ask for.", error=True)
            return
        self.target = seat
        self._draw()

    def action_choose(self, step: int) -> None:
        seen = self._seen()
        askable = seen.askable()
        if seen.to_move != YOU or not askable:
            return
        if len(askable) == 1:
            self._say(f"{self.names[askable[0]]} is the only player you can ask.")
            return
        position = askable.index(self.target) if self.target in askable else 0
        self.target = askable[(position + step) % len(askable)]
        self._draw()

    def action_pick_rank(self, number: int) -> None:
        rank = Rank(number)
        seen = self._seen()
        hand = self.query_one(GoFishHand)
        for index, card in enumerate(seen.hand):
            if card.rank is rank:
                hand.cursor = index
                self._draw()
                return
        self._say(f"You hold no {rank_words(rank)}; you may only ask for a rank you hold.",
                      error=True)

    def action_scroll_history(self, step: int) -> None:
        history = self.query_one(HistoryPanel)
        if step < 0:
            history.scroll_page_up(animate=False)
        else:
            history.scroll_page_down(animate=False)

    def game_at_stake(self) -> bool:
        return outcome(self.state) is None and any(
            isinstance(event, Asked) for event in self.state.history)

    def action_leave(self) -> None:
        self.ask_before_discarding(
            self.app.show_menu,  # type: ignore[attr-defined]
            question="Leave this game?", leave="Leave to the menu",
            note="The game under way is not saved. (Shift+Q chooses queens.)",
        )

    def action_new_game(self) -> None:
        self.ask_before_discarding(self._new_game_now, question="Start a new game?",
                                   leave="Deal a new game")

    def _new_game_now(self) -> None:
        self._stop_cpu()
        self.games += 1
        self.state = self._deal()
        self._begin()
