"""The Yukon session: the spec's command language, files, saves and the text view."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tableau.cards import FULL_DECK
from tableau.cards import parse_card
from tableau.cli.yukon_text import render_text
from tableau.engines.yukon import WON
from tableau.engines.yukon import Config
from tableau.engines.yukon import Phase
from tableau.engines.yukon import Slot
from tableau.engines.yukon import State
from tableau.engines.yukon import legal_moves
from tableau.engines.yukon import outcome
from tableau.sessions.timeline import Timeline
from tableau.sessions.yukon import YukonSession

DECKS = Path(__file__).resolve().parents[2] / "assets" / "decks"
PLAY_ONLY = "Command not available in the PLAY phase"
STARTUP_ONLY = "Command not available in the STARTUP phase"


def figure(text: str) -> list[str]:
    """Expected view lines typed from the seed's figures; "|" stands for a tab and a "$"
    marks the end of a line that ends in a space."""
    return [line.replace("|", "\t").removesuffix("$") for line in text.strip("\n").split("\n")]


def lines_of(session: YukonSession) -> list[str]:
    return render_text(session).split("\n")


def started(tmp_path: Path, seed: int = 1, rules: str = "spec") -> YukonSession:
    return YukonSession.start(Config(seed=seed, rules=rules), tmp_path)


def run_all(session: YukonSession, *commands: str) -> YukonSession:
    for command in commands:
        session = session.copy().run(command)
    return session


def playing(tmp_path: Path) -> YukonSession:
    return run_all(started(tmp_path), "LD", "P")


# ---------------------------------------------------------------- the figures, cell for cell

START_VIEW = figure("""
C1|C2|C3|C4|C5|C6|C7
||||||||[]|F1
||||||
||||||||[]|F2
||||||
||||||||[]|F3
||||||
||||||||[]|F4
LAST Command: $
Message: $
INPUT > $
""")

FIGURE_2 = figure("""
C1|C2|C3|C4|C5|C6|C7
5H|[]|[]|[]|[]|[]|[]||[]|F1
|7H|[]|[]|[]|[]|[]
|KC|2H|[]|[]|[]|[]||[]|F2
|AD|KH|8H|[]|[]|[]
|JC|JS|TC|QH|[]|[]||[]|F3
|6C|QS|QC|QD|4C|[]
||TS|KS|TH|6S|2S||[]|F4
|||5D|5S|KD|9D
||||2D|3D|6H
|||||4H|8D
||||||7S
""")

FIGURE_4 = figure("""
C1|C2|C3|C4|C5|C6|C7
[]|[]|[]|[]|[]|[]|[]||[]|F1
[]|[]|[]|[]|[]|[]|[]
[]|[]|[]|[]|[]|[]|[]||[]|F2
[]|[]|[]|[]|[]|[]|[]
[]|[]|[]|[]|[]|[]|[]||[]|F3
[]|[]|[]|[]|[]|[]|[]
[]|[]|[]|[]|[]|[]|[]||[]|F4
[]|[]|[]||||
LAST Command: LD
Message: OK
INPUT > $
""")

FIGURE_5 = figure("""
C1|C2|C3|C4|C5|C6|C7
AC|2C|3C|4C|5C|6C|7C||[]|F1
8C|9C|TC|JC|QC|KC|AD
2D|3D|4D|5D|6D|7D|8D||[]|F2
9D|TD|JD|QD|KD|AH|2H
3H|4H|5H|6H|7H|8H|9H||[]|F3
TH|JH|QH|KH|AS|2S|3S
4S|5S|6S|7S|8S|9S|TS||[]|F4
JS|QS|KS||||
LAST Command: SW
Message: OK
INPUT > $
""")

FIGURE_6 = figure("""
C1|C2|C3|C4|C5|C6|C7
AC|[]|[]|[]|[]|[]|[]||[]|F1
|8C|[]|[]|[]|[]|[]
|AD|2D|[]|[]|[]|[]||[]|F2
|7D|8D|9D|[]|[]|[]
|KD|AH|2H|3H|[]|[]||[]|F3
|6H|7H|8H|9H|TH|[]
||QH|KH|AS|2S|3S||[]|F4
|||4S|5S|6S|7S
||||8S|9S|TS
|||||JS|QS
||||||KS
LAST Command: P
Message: OK
INPUT > $
""")


def test_the_start_view_has_an_empty_table_and_empty_foundations(tmp_path: Path) -> None:
    assert lines_of(started(tmp_path)) == START_VIEW


def test_figure_2_a_dealt_game(tmp_path: Path) -> None:
    session = run_all(started(tmp_path), f"LD {DECKS / 'figure2.txt'}", "P")
    assert lines_of(session)[:12] == FIGURE_2


def test_figure_4_a_loaded_deck_shows_face_down(tmp_path: Path) -> None:
    assert lines_of(started(tmp_path).run("LD")) == FIGURE_4


def test_figure_5_sw_shows_the_unshuffled_deck(tmp_path: Path) -> None:
    assert lines_of(run_all(started(tmp_path), "LD", "SW")) == FIGURE_5


def test_figure_6_the_deal_of_the_unshuffled_deck(tmp_path: Path) -> None:
    assert lines_of(run_all(started(tmp_path), "LD", "P")) == FIGURE_6


def test_every_row_has_seven_cells_before_the_foundations(tmp_path: Path) -> None:
    session = run_all(playing(tmp_path), "C1->F1", "C6->C3", "C5:3H->C4")
    rows = lines_of(session)[1:-3]
    assert len(rows) >= 7
    for number, row in enumerate(rows, start=1):
        cells = row.split("\t")
        assert len(cells) == (10 if number in (1, 3, 5, 7) else 7)
    assert rows[0].split("\t")[7:] == ["", "AC", "F1"]


def test_the_view_ends_with_the_last_command_the_message_and_the_prompt(tmp_path: Path) -> None:
    text = render_text(started(tmp_path).run("SW"))
    assert text.endswith("LAST Command: SW\nMessage: No deck is loaded; use LD first.\nINPUT > ")


# ---------------------------------------------------------------- STARTUP commands


def test_ld_without_a_file_loads_the_unshuffled_deck(tmp_path: Path) -> None:
    session = started(tmp_path).run("LD")
    assert session.message == "OK" and session.state.deck == FULL_DECK


def test_ld_loads_a_deck_file_relative_to_the_folder(tmp_path: Path) -> None:
    (tmp_path / "mine.txt").write_text((DECKS / "shuffled-1.txt").read_text())
    session = started(tmp_path).run("ld mine.txt")
    assert session.message == "OK"
    assert session.state.deck is not None
    assert str(session.state.deck[0]) == (DECKS / "shuffled-1.txt").read_text().split()[0]


def test_a_file_name_may_have_spaces_and_quotes(tmp_path: Path) -> None:
    (tmp_path / "my deck.txt").write_text((DECKS / "shuffled-3.txt").read_text())
    plain = started(tmp_path).run("LD my deck.txt")
    quoted = started(tmp_path).run('LD "my deck.txt"')
    assert plain.message == quoted.message == "OK"
    assert plain.state.deck == quoted.state.deck != FULL_DECK


def test_ld_of_a_missing_file_says_it_does_not_exist(tmp_path: Path) -> None:
    session = started(tmp_path).run("LD nope.txt")
    assert session.message == "The file nope.txt does not exist."
    assert session.state.deck is None


@pytest.mark.parametrize("line", ["LD ~no-such-user-0/deck.txt", "L ~0", "S ~0"])
def test_a_home_folder_of_an_unknown_user_is_one_clear_message(tmp_path: Path, line: str) -> None:
    session = YukonSession.start(Config(seed=3), tmp_path).run("LD").run("SR")
    after = session.copy().run(line)
    assert after.message.startswith("There is no home folder for '~")
    assert after.timeline == session.timeline


def test_starting_with_a_deck_under_an_unknown_home_says_so(tmp_path: Path) -> None:
    session = YukonSession.start(Config(), tmp_path, Path("~no-such-user-0/deck.txt"))
    assert session.message == "There is no home folder for '~no-such-user-0'."
    assert session.state.deck is None


def test_ld_of_a_deck_with_a_bad_card_on_line_7_names_line_7(tmp_path: Path) -> None:
    session = run_all(started(tmp_path), "LD", "SW").run(
        f"LD {DECKS / 'invalid-bad-card-line-7.txt'}"
    )
    assert session.message.startswith("Line 7:")
    assert "7X" in session.message
    # The deck that was there stays, still face up.
    assert session.state.deck == FULL_DECK
    assert lines_of(session)[1].startswith("AC\t2C")


@pytest.mark.parametrize(
    ("name", "start"),
    [
        ("invalid-duplicate.txt", "Line 20:"),
        ("invalid-missing-card.txt", "Line 52:"),
        ("invalid-too-many.txt", "Line 53:"),
        ("invalid-blank-line.txt", "Line 10 "),
    ],
)
def test_ld_reports_the_first_error_of_a_bad_deck(tmp_path: Path, name: str, start: str) -> None:
    session = started(tmp_path).run(f"LD {DECKS / name}")
    assert session.message.startswith(start)
    assert session.state.deck is None


def test_ld_of_a_binary_file_gets_one_clear_message(tmp_path: Path) -> None:
    (tmp_path / "image.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    session = started(tmp_path).run("LD image.png")
    assert session.message == "image.png is a binary file, not a deck file."


def test_sw_needs_a_deck(tmp_path: Path) -> None:
    assert started(tmp_path).run("SW").message == "No deck is loaded; use LD first."


def test_si_with_a_split_interleaves_the_two_piles(tmp_path: Path) -> None:
    session = run_all(started(tmp_path), "LD", "SI 26", "SW")
    assert session.message == "OK"
    assert lines_of(session)[1].split("\t")[:7] == ["AC", "AH", "2C", "2H", "3C", "3H", "4C"]


@pytest.mark.parametrize("argument", ["0", "52", "-1", "x", "2.5", "1e3", "99999999999", "½"])
def test_si_refuses_a_split_that_is_not_from_1_to_51(tmp_path: Path, argument: str) -> None:
    before = started(tmp_path).run("LD")
    after = before.copy().run(f"SI {argument}")
    assert after.message == "The split must be a whole number from 1 to 51."
    assert after.state == before.state


def test_si_without_a_split_uses_the_seed(tmp_path: Path) -> None:
    first = run_all(started(tmp_path, seed=4), "LD", "SI")
    again = run_all(started(tmp_path, seed=4), "LD", "SI")
    assert first.message == "OK"
    assert first.state.deck == again.state.deck != FULL_DECK


def test_sr_shuffles_reproducibly_from_the_seed(tmp_path: Path) -> None:
    first = run_all(started(tmp_path, seed=4), "LD", "SR")
    again = run_all(started(tmp_path, seed=4), "LD", "SR")
    other = run_all(started(tmp_path, seed=5), "LD", "SR")
    assert first.message == "OK"
    assert first.state.deck == again.state.deck
    assert first.state.deck != other.state.deck


def test_sd_saves_to_cards_txt_by_default(tmp_path: Path) -> None:
    session = run_all(started(tmp_path), "LD", "SD")
    assert session.message == "OK"
    assert (tmp_path / "cards.txt").read_text() == (DECKS / "unshuffled.txt").read_text()


def test_sd_then_ld_gives_back_the_shuffled_deck(tmp_path: Path) -> None:
    shuffled = run_all(started(tmp_path, seed=8), "LD", "SR", "SD mine.txt")
    again = started(tmp_path).run("LD mine.txt")
    assert again.state.deck == shuffled.state.deck


def test_sd_needs_a_deck_and_a_writable_place(tmp_path: Path) -> None:
    assert started(tmp_path).run("SD").message == "No deck is loaded; use LD first."
    session = run_all(started(tmp_path), "LD", "SD no/such/folder/deck.txt")
    assert session.message.startswith("Cannot write no/such/folder/deck.txt")


def test_qq_quits_in_startup(tmp_path: Path) -> None:
    session = started(tmp_path).run("QQ")
    assert session.quit and session.message == "OK"


def test_p_needs_a_deck(tmp_path: Path) -> None:
    session = started(tmp_path).run("P")
    assert session.message == "No deck is loaded; use LD first."
    assert session.state.phase is Phase.STARTUP


@pytest.mark.parametrize(
    "command", ["LD", "LD cards.txt", "SW", "SI", "SI 5", "SR", "SD", "QQ", "P"]
)
def test_startup_commands_are_not_available_in_play(tmp_path: Path, command: str) -> None:
    before = playing(tmp_path)
    after = before.copy().run(command)
    # QQ also says how to quit from a game: Q first.
    assert after.message == (PLAY_ONLY if command != "QQ" else
                             f"{PLAY_ONLY}: type Q to end the deal, then QQ to quit.")
    assert after.state == before.state and not after.quit


@pytest.mark.parametrize("command", ["Q", "U", "R", "C1->F1", "c6:4h -> c4"])
def test_game_commands_are_not_available_in_startup(tmp_path: Path, command: str) -> None:
    before = started(tmp_path).run("LD")
    after = before.copy().run(command)
    assert after.message == STARTUP_ONLY
    assert after.state == before.state


def test_q_goes_back_to_startup_and_p_restarts_the_same_game(tmp_path: Path) -> None:
    first = run_all(started(tmp_path, seed=3), "LD", "SR", "P")
    back = run_all(first, "C1->F1", "Q")
    assert back.message == "OK" and back.state.phase is Phase.STARTUP
    assert back.copy().run("P").state == first.state


# ---------------------------------------------------------------- moves, undo and redo


def test_a_legal_move_answers_ok(tmp_path: Path) -> None:
    session = playing(tmp_path).run("C1->F1")
    assert session.message == "OK"
    assert session.state.foundations[0] == (parse_card("AC"),)


def test_an_illegal_move_says_why_and_changes_nothing(tmp_path: Path) -> None:
    before = playing(tmp_path)
    after = before.copy().run("C2->C3")
    assert after.message == "6H does not go on QH: it needs a jack."
    assert after.last_command == "C2->C3"
    assert after.timeline == before.timeline


def test_undo_goes_back_to_the_deal_and_redo_forward(tmp_path: Path) -> None:
    dealt = playing(tmp_path)
    played = run_all(dealt, "C1->F1", "C6->C3", "C5:3H->C4")
    back = run_all(played, "U", "U", "U")
    assert back.state == dealt.state and back.message == "OK"
    assert back.copy().run("U").message == "There is nothing to undo."
    forward = run_all(back, "R", "R", "R")
    assert forward.state == played.state
    assert forward.copy().run("R").message == "There is nothing to redo."


def hidden_count(session: YukonSession) -> int:
    return sum(line.split("\t")[:7].count("[]") for line in lines_of(session)[1:-3])


def test_a_revealed_card_turns_face_up_and_undo_turns_it_back(tmp_path: Path) -> None:
    # Look for a game whose first moves reveal a face-down card.
    for seed in range(50):
        dealt = run_all(started(tmp_path, seed=seed), "LD", "SR", "P")
        for move in legal_moves(dealt.state):
            moved = dealt.copy().run(str(move))
            if hidden_count(moved) < hidden_count(dealt):
                assert hidden_count(moved) == 20
                undone = moved.copy().run("U")
                assert undone.message == "OK"
                assert hidden_count(undone) == 21
                assert lines_of(undone)[:-3] == lines_of(dealt)[:-3]
                return
    pytest.fail("no game in 50 seeds reveals a card in one move")


def test_the_last_card_home_wins_and_then_nothing_moves(tmp_path: Path) -> None:
    king = parse_card("KS")
    foundations = tuple(
        tuple(card for card in FULL_DECK[start : start + 13] if card != king)
        for start in (0, 13, 26, 39)
    )
    almost = State(Phase.PLAY, FULL_DECK, ((Slot(king, True),),) + ((),) * 6, foundations, 0,
                   "spec", 200)
    won = YukonSession(Timeline(almost), folder=tmp_path).run("C1->F4")
    assert won.message == "All 52 cards are home: you won in 201 moves."
    assert outcome(won.state) == WON
    assert lines_of(won)[7].endswith("\t\tKS\tF4")
    refused = won.copy().run("F4->C1")
    assert refused.message == "The game is won; type Q to go back to the deck."
    assert won.copy().run("U").state == almost


def test_a_new_move_clears_the_redo_list(tmp_path: Path) -> None:
    session = run_all(playing(tmp_path), "C1->F1", "U", "C1->F2")
    assert session.copy().run("R").message == "There is nothing to redo."


def test_undo_and_redo_take_no_argument(tmp_path: Path) -> None:
    session = run_all(playing(tmp_path), "C1->F1")
    assert session.copy().run("U 3").message == "U takes no argument."


# ---------------------------------------------------------------- save and load


def test_save_and_load_bring_back_the_game_with_its_history(tmp_path: Path) -> None:
    played = run_all(started(tmp_path, seed=6), "LD", "SR", "P")
    for _ in range(6):
        played = played.copy().run(str(legal_moves(played.state)[0]))
    played = run_all(played, "U", "U")
    saved = played.copy().run("S game.json")
    assert saved.message == "OK"
    data = json.loads((tmp_path / "game.json").read_text())
    assert data["game"] == "yukon" and data["version"] == 2
    fresh = started(tmp_path).run("L game.json")
    assert fresh.message == "OK"
    assert fresh.timeline.past() == played.timeline.past()
    assert fresh.state == played.state
    assert fresh.timeline.future() == played.timeline.future()
    assert run_all(fresh, "R", "R").state == run_all(played, "R", "R").state


def test_save_writes_atomically_and_replaces_the_old_save(tmp_path: Path) -> None:
    run_all(playing(tmp_path), "S game.json")
    run_all(playing(tmp_path), "C1->F1", "S game.json")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["game.json"]
    assert started(tmp_path).run("L game.json").state.moves == 1


def test_a_save_in_startup_loads_back_in_startup(tmp_path: Path) -> None:
    run_all(started(tmp_path, seed=2), "LD", "SR", "SW", "S deck.json")
    loaded = started(tmp_path).run("L deck.json")
    assert loaded.state.phase is Phase.STARTUP and loaded.state.deck_face_up


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"not json at all", "not JSON"),
        (b"\x00\x01binary", "binary"),
        (b'{"game": "pesten", "version": 1}', "not a Yukon save"),
        (b'{"game": "yukon", "version": 7}', "version 7"),
        (b'{"game": "yukon", "version": 1}', "no complete timeline"),
        (b"[" * 100_000 + b"]" * 100_000, "not"),
    ],
)
def test_loading_a_bad_file_gives_one_message_and_changes_nothing(
    tmp_path: Path, content: bytes, reason: str
) -> None:
    (tmp_path / "bad.json").write_bytes(content)
    before = run_all(playing(tmp_path), "C1->F1")
    after = before.copy().run("L bad.json")
    assert reason in after.message
    assert after.timeline == before.timeline


def test_loading_a_tampered_save_is_refused(tmp_path: Path) -> None:
    run_all(playing(tmp_path), "C1->F1", "S game.json")
    data = json.loads((tmp_path / "game.json").read_text())
    data["present"]["columns"][1] = "AC"
    (tmp_path / "game.json").write_text(json.dumps(data))
    after = started(tmp_path).run("L game.json")
    assert "52 cards" in after.message or "face-down" in after.message
    assert after.state.deck is None


def test_a_save_keeps_its_history_as_moves_and_refuses_a_forged_one(tmp_path: Path) -> None:
    run_all(playing(tmp_path), "C1->F1", "C6->C3", "U", "S game.json")
    data = json.loads((tmp_path / "game.json").read_text())
    assert data["past"] == ["C1->F1"]
    assert data["future"] == ["C6:JS->C3"]
    data["past"] = ["C2->C3"]
    (tmp_path / "game.json").write_text(json.dumps(data))
    after = started(tmp_path).run("L game.json")
    assert after.message == "Step 1 of the save is refused: 6H does not go on QH: it needs a jack."
    assert after.state.deck is None


def test_a_history_step_that_is_not_a_legal_move_is_not_saved(tmp_path: Path) -> None:
    first = playing(tmp_path)
    other = run_all(started(tmp_path, seed=9), "LD", "SR", "P")
    joined = YukonSession(first.timeline.push(other.state), folder=tmp_path).run("S odd.json")
    assert joined.message == (
        "Step 1 of this game's history is not a legal move, so it cannot be saved."
    )
    assert not (tmp_path / "odd.json").exists()


def test_loading_a_missing_or_huge_file_gives_a_message(tmp_path: Path) -> None:
    assert started(tmp_path).run("L none.json").message == "The file none.json does not exist."
    with (tmp_path / "huge.json").open("wb") as stream:
        stream.truncate(65 * 1024 * 1024)
    assert "too large" in started(tmp_path).run("L huge.json").message


def test_s_and_l_need_a_file_name(tmp_path: Path) -> None:
    assert started(tmp_path).run("S").message == "S needs a file name, like S game.json."
    assert started(tmp_path).run("L").message == "L needs a file name, like L game.json."


# ---------------------------------------------------------------- junk


@pytest.mark.parametrize("line", ["", "   ", "XYZ", "help", "C1", "->", "LD\x00", "\t\t\t"])
def test_junk_gets_a_message_and_changes_nothing(tmp_path: Path, line: str) -> None:
    before = playing(tmp_path)
    after = before.copy().run(line)
    assert after.message and after.message != "OK"
    assert after.timeline == before.timeline


def test_a_10_kb_line_gets_a_short_message_and_a_short_echo(tmp_path: Path) -> None:
    before = playing(tmp_path)
    after = before.copy().run("Z" * 10_000)
    assert len(after.message) < 150 and len(after.last_command) <= 40
    assert after.timeline == before.timeline
    assert all(len(line) < 200 for line in lines_of(after))


def test_control_characters_never_reach_the_view(tmp_path: Path) -> None:
    after = playing(tmp_path).run("X\tY\x1b[31mZ")
    last = lines_of(after)[-3]
    assert "\t" not in last and "\x1b" not in last


def test_start_with_a_deck_file(tmp_path: Path) -> None:
    session = YukonSession.start(Config(), tmp_path, DECKS / "shuffled-2.txt")
    assert session.message == "OK" and session.state.deck is not None
    broken = YukonSession.start(Config(), tmp_path, DECKS / "invalid-duplicate.txt")
    assert broken.message.startswith("Line 20:") and broken.state.deck is None


# ---------------------------------------------------------------- numbered games and redeals


def test_a_numbered_game_is_dealt_as_if_ld_sr_p_were_typed(tmp_path: Path) -> None:
    numbered = YukonSession.numbered(7, "classic", tmp_path)
    typed = run_all(started(tmp_path, seed=7, rules="classic"), "LD", "SR", "P")
    assert numbered.state.columns == typed.state.columns
    assert (numbered.last_command, numbered.message) == ("LD, SR, P", "OK")
    assert numbered.state.rules == "classic" and not numbered.timeline.can_undo


def test_a_redeal_deals_the_same_cards_again_on_a_new_timeline(tmp_path: Path) -> None:
    dealt = YukonSession.numbered(3, "spec", tmp_path)
    moved = dealt.copy().run(str(legal_moves(dealt.state)[0]))
    again = moved.copy().redeal()
    assert again.state == dealt.state and not again.timeline.can_undo
    assert (again.last_command, again.message) == ("Q, P", "OK")
