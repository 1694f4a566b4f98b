"""The Yukon hint never circles (issue 31): seed 1234 classic, played along the moves the
old hint gave, reached a lost table where the hint alternated C1:7D->C3 and C3:7D->C1. With
the game's memory (tableau.ai.yukon_memory) it never returns to a table already played, says
plainly that no way to win was found, and points to the undo that gets back to a table that
still won."""

from __future__ import annotations

import math
from dataclasses import replace

from tableau.ai.yukon import solve
from tableau.ai.yukon_hint import Earlier
from tableau.ai.yukon_hint import hint
from tableau.ai.yukon_hint import move_name
from tableau.ai.yukon_hint import position_of
from tableau.ai.yukon_memory import HintMemory
from tableau.cards import parse_card
from tableau.engines.yukon import CardMove
from tableau.engines.yukon import View
from tableau.engines.yukon import apply
from tableau.engines.yukon import numbered_game
from tableau.engines.yukon import view
from tableau.sessions.yukon import YukonSession
from yukon_tables import ISSUE_LINE

ISSUE_MOVES = ISSUE_LINE.split()
TURNED_LOST = ISSUE_MOVES.index("C6:9S->C3")
"""The old hint's 15th move (with auto-move's first step): it turned a won table lost."""
LOOK = {"samples": 10, "max_nodes": 3_000, "seconds": math.inf}
"""A node budget only: each hint depends on nothing but the table and its seed."""
PRESSES = 15
"""The old hint alternated two tables from the first press on."""


def issue_session(memory: HintMemory) -> YukonSession:
    """Seed 1234 classic, auto-move on, the issue's moves typed; the memory learns the hint
    on the table where the old hint turned the game lost."""
    session = YukonSession.numbered(1234, "classic", ".", auto_move=True)
    session.send_safe_cards_home()
    for number, move in enumerate(ISSUE_MOVES):
        if number == TURNED_LOST:
            before = session.view()
            memory.learned(before, hint(before, seed=number, **LOOK))
        session.run(move)
        assert session.message.startswith("OK"), (move, session.message)
    return session


def test_the_issue_table_is_lost_and_the_hint_points_back_to_where_it_still_won() -> None:
    memory = HintMemory()
    session = issue_session(memory)
    timeline = session.timeline
    asked = memory.ask(session.state, timeline.past(), timeline.future())
    found = hint(session.view(), seed=1, auto_move=True, **LOOK, **asked)
    undos = len(ISSUE_MOVES) - TURNED_LOST
    earlier = asked["earlier"]
    assert isinstance(earlier, Earlier) and earlier.undos == undos and earlier.wins > 0
    assert found.sentence == (
        "No way to win found from here in any of 10 ways the hidden cards could lie. "
        f"Undo {undos} moves to get back to a table that still won in {earlier.wins} of 10.")
    for _ in range(undos):
        session.undo()
    assert position_of(session.view()) in memory.played


def test_pressing_h_again_and_again_never_returns_to_a_table_played() -> None:
    memory = HintMemory()
    session = issue_session(memory)
    shown: list[object] = []
    for press in range(PRESSES):
        timeline = session.timeline
        found = hint(session.view(), seed=press, auto_move=True, **LOOK,
                     **memory.ask(session.state, timeline.past(), timeline.future()))
        if found.move is None or found.repeats:
            break
        assert found.wins == 0 and found.sentence.startswith("No way to win found from here")
        shown.append(position_of(session.view()))
        session.act(0, found.move)
        assert position_of(session.view()) not in shown
    assert len(shown) >= 2  # it did play on, never the old C1:7D->C3, C3:7D->C1 again


def test_a_move_back_is_hinted_only_when_every_legal_move_goes_back() -> None:
    session = issue_session(HintMemory())
    here = session.view()
    legal = [move for move in here.legal if isinstance(move, CardMove)]
    after = {move: position_of(view(apply(session.state, move))) for move in legal}
    kept = legal[-1]
    some = hint(here, seed=0, **LOOK, played=frozenset(after.values()) - {after[kept]})
    assert some.move == kept and not some.repeats
    every = hint(here, seed=0, **LOOK, played=frozenset(after.values()))
    assert every.repeats and every.move in legal
    assert every.sentence == ("Every legal move returns to a table already played, such as "
                              f"{move_name(legal[0])}. Undo, or start a new deal.")
    pointed = hint(here, seed=0, **LOOK, played=frozenset(after.values()),
                   earlier=Earlier(2, 7, 10))
    assert pointed.sentence.endswith(
        ". Undo 2 moves to get back to a table that still won in 7 of 10.")


def test_a_card_turned_over_and_then_undone_leads_back_to_a_table_played() -> None:
    """Undo turns the card face down again. The move that turned it leads back to the table
    the game has shown, whichever card the hint imagines there, so it is not new."""
    session = YukonSession.numbered(1234, "classic", ".")
    here = session.view()
    legal = [move for move in here.legal if isinstance(move, CardMove)]
    after = {move: view(apply(session.state, move)) for move in legal}
    turning = [move for move in legal if face_down(after[move]) < face_down(here)]
    # A move whose table no other move leads to (an ace may go to any foundation: one table).
    kept = next(move for move in legal if move not in turning
                and [position_of(shown) for shown in after.values()].count(
                    position_of(after[move])) == 1)
    assert turning
    played = frozenset(position_of(shown) for move, shown in after.items() if move != kept)
    found = hint(here, seed=0, **LOOK, played=played)
    assert found.move == kept and not found.repeats
    again = hint(here, seed=0, **LOOK, played=played - {position_of(after[turning[0]])})
    assert again.move == turning[0]  # not played: new, and a card to turn beats the rest


def test_a_king_moved_to_an_empty_column_leaves_the_same_table() -> None:
    """The rules never name a column, so the order of the columns (and of the foundations)
    does not make a new table: a hint that moved kings between empty columns found new tables
    for ever (classic deal 105 of the study, 940 moves)."""
    session = issue_session(HintMemory())
    here = session.view()
    assert position_of(replace(here, columns=here.columns[::-1],
                               foundations=here.foundations[::-1])) == position_of(here)
    after = {move: view(apply(session.state, move)) for move in here.legal
             if isinstance(move, CardMove)}
    kings = [move for move, shown in after.items() if position_of(shown) == position_of(here)]
    assert sorted(move_name(move) for move in kings) == ["C1:K♦->C5", "C3:K♠->C5", "C4:K♣->C5"]
    played = frozenset(position_of(shown) for move, shown in after.items() if move not in kings)
    found = hint(here, seed=0, **LOOK, played=played)
    assert found.repeats and found.sentence.startswith("Every legal move returns")


def test_the_winning_move_is_hinted_after_the_win_was_undone() -> None:
    """Undo out of a win keeps the won table on the redo path, so the game has shown it. The
    win is the goal, not a circle: the hint still names the move that wins (it once said
    "the solver found no win from here", and a demo resumed there stopped a move short)."""
    state = numbered_game(2)
    tables = [state]
    for move in solve(state).moves:
        tables.append(apply(tables[-1], move))
    *earlier, last, won = tables
    memory = HintMemory()
    found = hint(view(last), seed=0, **LOOK, **memory.ask(last, earlier, [won]))
    assert found.move is not None and view(apply(last, found.move)).won
    assert "found a win" in found.sentence and not found.repeats


def face_down(shown: View) -> int:
    return sum(card is None for column in shown.columns for card in column)


def test_the_hint_names_cards_as_the_table_draws_them() -> None:
    assert move_name(CardMove("C3", "C1", parse_card("TH"))) == "C3:10♥->C1"
    assert move_name(CardMove("C7", "F2")) == "C7->F2"
    session = YukonSession.numbered(1234, "classic", ".")
    named = move_name(CardMove("C5", "C3", parse_card("3H")))
    assert named == "C5:3♥->C3"
    assert session.run(named).message == "OK"  # the hint's words may be typed back
    for typed in ("U", "C5:3H->C3", "U", "c5:3h->c3"):  # and the spec's letters still work
        assert session.run(typed).message.startswith("OK"), typed
