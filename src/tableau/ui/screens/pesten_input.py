"""How the Pesten table screen turns keys, clicks and drags on the open hand into moves (a
mixin of ``PestenScreen``): the selection (in play order), Enter, the Draw/Take/Keep keys,
the Last card! toggle that goes with the next play, and the suit a jack or a joker stack
names. The session says what becomes of each move (``PestenScreen._act``)."""

from __future__ import annotations

from functools import partial

from tableau.cards import Suit
from tableau.engines.pesten import DRAW
from tableau.engines.pesten import PASS
from tableau.engines.pesten import Move
from tableau.engines.pesten import Play
from tableau.engines.pesten import Take
from tableau.ui.controls.pesten import clicked
from tableau.ui.controls.pesten import on_enter
from tableau.ui.controls.pesten import refusal
from tableau.ui.screens.dialogs import SuitChooser
from tableau.ui.screens.pesten_drawing import PestenPart
from tableau.ui.widgets.hand import Hand
from tableau.ui.widgets.pesten_hand import PestenHand
from tableau.ui.widgets.pile import Pile


class PestenInput(PestenPart):
    """The input part of ``PestenScreen``."""

    def _hand_open(self) -> bool:
        """A hand is on the screen to play from (not the lock, a CPU's turn or new cards)."""
        return self.mode == "hand" and self.session.review is None

    # Handlers by name (a plain mixin gets no ``@on`` registration from Textual).

    def on_hand_activated(self, event: Hand.Activated) -> None:
        if event.control is None or event.control.id != "cards":
            return
        event.stop()
        seat = self.session.revealed
        if not self._hand_open() or seat is None:
            return
        if event.index not in self.selected:
            # Only lit cards are selected: any other is refused at once, with the reason.
            chosen = [self.shown[index] for index in self.selected]
            problem = refusal(self.session.view(seat), chosen, self.shown[event.index])
            if problem is not None:
                self._message(problem, error=True)
                return
        self.selected, play_now = clicked(self.selected, event.index, event.chain)
        self._render_hand()
        if play_now:
            self.action_play()
        elif self.selected:
            faces = " ".join(self.shown[i].face for i in self.selected)
            self._message(f"Selected, in play order: {faces}. Enter plays.")

    def on_pesten_hand_dropped(self, event: PestenHand.Dropped) -> None:
        event.stop()
        if not self._hand_open() or event.target_id != "discard":
            return
        added = event.index not in self.selected
        if added:
            self.selected.append(event.index)
        version = self.session.version
        self.action_play()
        if added and self.session.version == version and event.index in self.selected:
            # Refused: the dragged card goes back to where it was, not into the selection.
            self.selected.remove(event.index)
            self._render_hand()

    def on_pile_clicked(self, event: Pile.Clicked) -> None:
        event.stop()
        if event.pile_id == "stock":
            self.action_draw()
        elif event.pile_id == "discard" and self.selected:
            self.action_play()

    def action_play(self) -> None:
        if self.session.review is not None:
            self.action_done()
            return
        seat = self.session.revealed
        if self.mode != "hand" or seat is None:
            return
        cursor = self.query_one("#cards", PestenHand).cursor
        means = on_enter(self.session.view(seat), self.shown, self.selected, cursor)
        if means is None:
            return
        if isinstance(means, str):
            {"draw": self.action_draw, "pass_turn": self.action_pass_turn,
             "take": self.action_take}[means]()
            return
        self._act(Play(tuple(means), None, self.last_armed))

    def _hand_move(self, move: Move) -> None:
        """Make ``move`` (a draw, take or pass) for the open hand and show the answer."""
        if self._hand_open():
            self._act(move)

    def action_draw(self) -> None:
        self._hand_move(DRAW)

    def action_take(self) -> None:
        self._hand_move(Take())

    def action_pass_turn(self) -> None:
        self._hand_move(PASS)

    def action_last_card(self) -> None:
        if not self._hand_open():
            return
        self.last_armed = not self.last_armed
        self._render_hand()
        self._message(
            "Last card! is armed: it is called with your next play." if self.last_armed
            else "Last card! is no longer armed."
        )

    def _ask_suit(self, move: Move) -> None:
        take = isinstance(move, Take)
        text = "Your jack names the suit to go on with." if not take else (
            f"Name the suit to go on with; then you take the {self.session.state.stack} cards."
        )
        text += "\nKeys 1–4 or c d h s."
        self.app.push_screen(SuitChooser(text), partial(self._suit_chosen, move))

    def _suit_chosen(self, move: Move, key: str | None) -> None:
        if key is None:
            self._render_hand()
            self._message("No suit named; nothing happened. Choose again when ready.")
            return
        suit = Suit(key)
        if isinstance(move, Play):
            self._act(Play(move.cards, suit, self.last_armed))
        else:
            self._act(Take(suit))
