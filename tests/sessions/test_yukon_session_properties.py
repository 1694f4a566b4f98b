"""Hypothesis properties of the Yukon session: junk never breaks it, undo, saves."""

from __future__ import annotations

import json
import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tableau.cards import FULL_DECK
from tableau.cards import Card
from tableau.cli.yukon_text import render_text
from tableau.engines.yukon import RULES
from tableau.engines.yukon import Config
from tableau.engines.yukon import Phase
from tableau.engines.yukon import legal_moves
from tableau.sessions.yukon import YukonSession
from tableau.storage.decks import format_deck

WORDS = ["LD", "SW", "SI", "SR", "SD", "QQ", "P", "Q", "U", "R", "S", "L", "C1", "F2", "->",
         ":", "AS", "KH", "7", "0", "-1", "C6:4H->C4", "C7->F2", "F4->C6", "x.txt", " ", "\t",
         "/dev/zero", "..", "\x00", "~"]

command_lines = st.one_of(
    st.text(max_size=40),
    st.lists(st.sampled_from(WORDS), max_size=5).map(" ".join),
    st.lists(st.sampled_from(WORDS), max_size=5).map("".join),
    st.builds(lambda char, n: char * n, st.characters(), st.integers(9_000, 11_000)),
)


def in_startup(folder: Path, seed: int) -> YukonSession:
    return YukonSession.start(Config(seed=seed), folder)


def in_play(folder: Path, seed: int) -> YukonSession:
    return in_startup(folder, seed).run("LD").run("SR").run("P")


def played(folder: Path, seed: int, picks: list[int], auto_moves: bool = False) -> YukonSession:
    """In play, then the legal move each pick points at, until stuck. With ``auto_moves``,
    every third pick (by value) also plays the safe moves after it."""
    session = in_play(folder, seed)
    for pick in picks:
        moves = legal_moves(session.state)
        if not moves:
            break
        session = session.copy().run(str(moves[pick % len(moves)]),
                                     auto_move=auto_moves and pick % 3 == 0)
    return session


def loaded_or_refused(folder: Path, name: str) -> YukonSession | None:
    """A fresh session loading ``name``: always a clear message; a refusal changes nothing
    (None), else the loaded session."""
    before = in_startup(folder, 0)
    after = before.copy().run(f"L {name}")
    assert after.message and "unexpectedly" not in after.message
    if after.message != "OK":
        assert after.timeline == before.timeline
        return None
    return after


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 1000), st.booleans(), st.lists(command_lines, max_size=8))
def test_any_command_line_gives_a_message_and_an_error_changes_nothing(
    seed: int, playing: bool, lines: list[str]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        session = (in_play if playing else in_startup)(Path(folder), seed)
        for line in lines:
            after = session.copy().run(line)
            assert after.message and "unexpectedly" not in after.message
            assert len(after.message) < 200 and len(after.last_command) <= 40
            if after.message != "OK":
                assert after.timeline == session.timeline
                assert after.quit == session.quit
            text = render_text(after)
            assert text.endswith("INPUT > ")
            for row in text.split("\n")[1:-3]:
                assert len(row.split("\t")) in (7, 10)
            session = after


@settings(max_examples=50, deadline=None)
@given(
    st.permutations(FULL_DECK), st.sampled_from(RULES), st.lists(st.integers(0, 999), max_size=60)
)
def test_undoing_n_moves_gives_back_the_deal_exactly(
    deck: list[Card], rules: str, picks: list[int]
) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "deck.txt").write_text(format_deck(deck))
        dealt = YukonSession.start(Config(rules=rules), folder).run("LD deck.txt").run("P")
        session, made = dealt, 0
        for pick in picks:
            moves = legal_moves(session.state)
            if not moves:
                break
            session = session.copy().run(str(moves[pick % len(moves)]))
            assert session.message == "OK"
            made += 1
        played = session
        for _ in range(made):
            session = session.copy().run("U")
            assert session.message == "OK"
        assert session.state == dealt.state
        assert render_text(session).split("\n")[:-3] == render_text(dealt).split("\n")[:-3]
        assert session.copy().run("U").message == "There is nothing to undo."
        for _ in range(made):
            session = session.copy().run("R")
        assert session.state == played.state


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 2**63 - 1),
    st.lists(st.integers(0, 999), max_size=40),
    st.integers(0, 40),
)
def test_save_and_load_round_trip(seed: int, picks: list[int], undos: int) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        session = played(folder, seed, picks)
        for _ in range(undos):
            session = session.copy().run("U")
        session = session.copy().run("S game.json")
        assert session.message == "OK"
        loaded = in_startup(folder, 0).run("L game.json")
        assert loaded.message == "OK"
        assert loaded.state == session.state
        assert loaded.timeline.past() == session.timeline.past()
        assert loaded.timeline.future() == session.timeline.future()
        assert loaded.state.phase is Phase.PLAY


def mutated(data: dict[str, Any], draw: Callable[[st.SearchStrategy[Any]], Any]) -> None:
    """Change one thing a hand editing the save could change."""
    start = data["start"]
    assert isinstance(start, dict)
    steps = [key for key in ("past", "future") if data[key]]
    kind = draw(st.sampled_from(["step", "drop", "cards", "face", "moves", "foundation"]))
    if kind in ("step", "drop") and steps:
        key = draw(st.sampled_from(steps))
        history = data[key]
        assert isinstance(history, list)
        index = draw(st.integers(0, len(history) - 1))
        if kind == "drop":
            del history[index]
        else:
            history[index] = draw(st.sampled_from(MOVE_TEXTS) | st.text(max_size=12))
    elif kind == "moves":
        start["moves"] = draw(st.integers(0, 10**40))
    elif kind == "foundation":
        start["foundations"][draw(st.integers(0, 3))] = draw(st.sampled_from(["AC", "AH 2H", ""]))
    else:
        column = draw(st.integers(0, 6))
        words = start["columns"][column].split()
        if words:
            first, second = draw(st.integers(0, len(words) - 1)), draw(st.integers(0, 6))
            if kind == "face":
                word = words[first]
                words[first] = word.strip("[]") if word.startswith("[") else f"[{word}]"
            else:
                other = start["columns"][second].split() or words
                where = draw(st.integers(0, len(other) - 1))
                words[first], other[where] = other[where], words[first]
                start["columns"][second] = " ".join(other)
            start["columns"][column] = " ".join(words)
    if draw(st.booleans()):
        del data["present"]  # the present is only a check; without it the steps decide


MOVE_TEXTS = [f"C{a}->C{b}" for a in range(1, 8) for b in range(1, 8)] + [
    f"C{a}->F{b}" for a in range(1, 8) for b in range(1, 5)
] + [f"F{b}->C{a}" for a in range(1, 8) for b in range(1, 5)]


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**6), st.lists(st.integers(0, 999), max_size=25), st.data())
def test_a_mutated_save_is_refused_or_playable_to_the_end(
    seed: int, picks: list[int], data: st.DataObject
) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        played(folder, seed, picks, auto_moves=True).run("U").run("S game.json")
        saved = json.loads((folder / "game.json").read_text())
        mutated(saved, data.draw)
        (folder / "game.json").write_text(json.dumps(saved))
        loaded = loaded_or_refused(folder, "game.json")
        if loaded is None:
            return
        # Playable to the end: random legal moves until stuck, won or 300 moves, then undo
        # all the way back and redo, and the result saves and loads again.
        chooser = random.Random(seed)
        for _ in range(300):
            moves = legal_moves(loaded.state)
            if not moves:
                break
            loaded = loaded.copy().run(str(chooser.choice(moves)), auto_move=True)
            assert loaded.message.startswith(("OK", "All 52 cards are home"))
        while loaded.timeline.can_undo:
            loaded = loaded.copy().run("U")
        while loaded.timeline.can_redo:
            loaded = loaded.copy().run("R")
        again = loaded.copy().run("S again.json")
        assert again.message == "OK"
        assert in_startup(folder, 0).run("L again.json").state == loaded.state


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 10**6),
    st.lists(st.one_of(st.integers(0, 999), st.sampled_from(["U", "R", "auto", "reload"])),
         max_size=30),
)
def test_the_kept_steps_save_the_same_game_as_the_snapshots_do(
    seed: int, script: list[int | str]
) -> None:
    """The session keeps each snapshot's step so the autosave is cheap; its save (and a
    session resumed from it) must hold the same game as one worked out from the snapshots."""
    with tempfile.TemporaryDirectory() as name:
        session = in_play(Path(name), seed)
        for step in script:
            if step == "reload":
                session = YukonSession.from_json(session.to_json(), Path(name))
            elif step == "auto":
                session.send_safe_cards_home()
            elif isinstance(step, str):
                session = session.copy().run(step)
            elif moves := legal_moves(session.state):
                session = session.copy().run(str(moves[step % len(moves)]), auto_move=step % 3 == 0)
            bare = YukonSession(session.timeline, folder=Path(name))  # no kept steps
            kept, worked_out = session.to_json(), bare.to_json()
            assert len(kept["past"]) == len(worked_out["past"])
            assert len(kept["future"]) == len(worked_out["future"])
            resumed = YukonSession.from_json(json.loads(json.dumps(kept)), Path(name))
            assert resumed.timeline == session.timeline
            assert YukonSession.from_json(worked_out, Path(name)).timeline == session.timeline
