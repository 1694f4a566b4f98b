"""Poker flow checks behind the table's keys, at the session (no Textual): the sentence each
betting key's move adds to the history, a refused fold, the draw of the advised discard, and a
whole hand to the showdown and the next hand. The Pilot flows in tests/ui/test_poker_screen.py
check that the keys reach the session and the screen shows these sentences."""

from __future__ import annotations

from tableau.engines.poker import CALL
from tableau.engines.poker import CHECK
from tableau.engines.poker import FOLD
from tableau.engines.poker import RAISE
from tableau.engines.poker import Draw
from tableau.engines.poker import Move
from tableau.engines.poker import NextHand
from tableau.engines.poker import Phase
from tableau.engines.poker import View
from tableau.sessions.poker import HUMAN
from tableau.sessions.poker import PokerSession

TO_CALL_FIRST = 7
"""3 CPUs: a CPU bets before your first turn."""
NOTHING_TO_CALL = 1
"""3 CPUs: everyone checks to you before the draw."""


def table(seed: int) -> PokerSession:
    """You and three CPUs dealt from ``seed``, the CPUs played up to your first turn."""
    session = PokerSession.table(cpus=3, seed=seed)
    cpus_play(session)
    return session


def cpus_play(session: PokerSession) -> None:
    while (step := session.cpu_step()) is not None:
        assert session.play_cpu(step).ok


def said(session: PokerSession, move: Move) -> list[str]:
    """Your move, then the CPUs'; the history lines your move added."""
    answer = session.act(HUMAN, move)
    assert answer.ok, answer.refusal
    lines = [session.describe(event, HUMAN) for event in answer.events]
    cpus_play(session)
    return lines


def you(session: PokerSession) -> View:
    return session.view(HUMAN)


def to_the_draw(session: PokerSession) -> View:
    for _ in range(10):
        view = you(session)
        if view.phase is Phase.DRAW and view.my_turn:
            return view
        assert view.phase is Phase.FIRST_BETTING and view.my_turn
        said(session, CALL if CALL in view.legal else CHECK)
    raise AssertionError("the first betting round did not end")


def test_each_betting_move_adds_its_sentence_and_a_fold_with_nothing_to_call_is_refused() -> None:
    facing = table(TO_CALL_FIRST)
    view = you(facing)
    assert view.my_turn and view.to_call > 0
    assert said(facing, CALL) == [f"You call {view.to_call}."]
    raising = table(TO_CALL_FIRST)
    view = you(raising)
    assert said(raising, RAISE) == [f"You raise to {view.current_bet + view.bet_size}."]
    while you(raising).seats[HUMAN].in_hand and you(raising).my_turn:
        lines = said(raising, FOLD if FOLD in you(raising).legal else CALL)
    assert lines[0] == "You fold." and you(raising).seats[HUMAN].folded
    checked = table(NOTHING_TO_CALL)
    before, version = checked.state, checked.version
    assert FOLD not in you(checked).legal and CHECK in you(checked).legal
    refusal = checked.act(HUMAN, FOLD).refusal
    assert refusal is not None and "no bet to fold" in refusal
    assert checked.state is before and checked.version == version
    assert said(checked, CHECK) == ["You check."]


def test_drawing_the_advised_discard_throws_exactly_those_cards() -> None:
    session = table(TO_CALL_FIRST)
    view = to_the_draw(session)
    advice = session.advice()
    assert 0 < len(advice.discard) <= 3 and set(advice.discard) <= set(view.hand)
    assert said(session, Draw(advice.discard)) == [f"You draw {len(advice.discard)}."]
    after = you(session)
    assert after.seats[HUMAN].drew == len(advice.discard)
    assert not set(advice.discard) & set(after.hand)
    assert set(view.hand) - set(advice.discard) <= set(after.hand)


def test_a_hand_called_down_ends_in_a_showdown_and_the_next_hand_carries_the_chips() -> None:
    session = table(TO_CALL_FIRST)
    view = to_the_draw(session)
    said(session, Draw((view.hand[3], view.hand[4])))
    for _ in range(10):
        view = you(session)
        if view.phase is Phase.HAND_OVER:
            break
        said(session, CALL if CALL in view.legal else CHECK)
    first = you(session)
    assert first.phase is Phase.HAND_OVER
    assert first.result is not None and not first.result.by_fold
    assert {item.seat for item in first.result.shown} >= {HUMAN}
    said(session, NextHand())
    second = you(session)
    assert second.hand_number == first.hand_number + 1 and second.button != first.button
    assert second.seats[HUMAN].put_in > 0, "everyone antes"
    assert second.seats[HUMAN].chips + second.seats[HUMAN].put_in == first.seats[HUMAN].chips
