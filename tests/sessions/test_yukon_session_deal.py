"""The ruling on auto-move and the deal (issue 28, item 8): auto-move follows the player's
moves, never the deal itself, so P deals the table the game number names, as
``tableau yukon --seed N`` opens it."""

from __future__ import annotations

from pathlib import Path

from tableau.engines.yukon import Config
from tableau.engines.yukon import numbered_game
from tableau.sessions.yukon import YukonSession


def test_p_with_auto_move_deals_the_numbered_table_untouched(tmp_path: Path) -> None:
    game = numbered_game(1234)  # A♥ alone in C1, A♣ at the foot of C2
    dealt = YukonSession.start(Config(seed=1234), tmp_path).run("LD").run("SR").run(
        "P", auto_move=True)
    assert (dealt.state.columns, dealt.state.foundations) == (game.columns, game.foundations)
    assert dealt.state.moves == 0 and dealt.message == "OK"
    assert not dealt.timeline.can_undo


def test_the_first_move_then_sends_the_safe_cards_home_in_its_step(tmp_path: Path) -> None:
    dealt = YukonSession.numbered(1234, "spec", tmp_path)
    moved = dealt.copy().run("C6:JC->C7", auto_move=True)
    assert moved.message == "OK (auto-moved 2 cards home)"
    assert moved.state.columns[0] == ()
    assert moved.copy().run("U").state == dealt.state
