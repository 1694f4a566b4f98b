"""settings.toml (issue 14): a bad value or a bad file gives one sentence and the default, the
file is never changed by reading it nor written over when it could not be read, and a change
is written at once, atomically, keeping what the player wrote."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomlkit
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from tableau.storage.files import FileProblem
from tableau.storage.home import config_folder
from tableau.storage.home import data_folder
from tableau.storage.home import database_path
from tableau.storage.home import settings_path
from tableau.storage.settings import MAX_SETTINGS_BYTES
from tableau.storage.settings import Settings
from tableau.ui.preferences import SCHEMA
from tableau.ui.preferences import open_settings

DEFAULTS = {section: {key: field.default for key, field in fields.items()}
            for section, fields in SCHEMA.items()}


def written(tmp_path: Path, text: str | bytes) -> Path:
    path = tmp_path / "settings.toml"
    if isinstance(text, str):
        path.write_text(text, encoding="utf-8")
    else:
        path.write_bytes(text)
    return path


def everything(settings: Settings) -> dict[str, dict[str, Any]]:
    return {section: settings.section(section) for section in SCHEMA}


# ---------------------------------------------------------------- reading


def test_no_file_means_the_defaults_and_no_problem(tmp_path: Path) -> None:
    settings = open_settings(tmp_path / "settings.toml")
    assert everything(settings) == DEFAULTS and settings.problems == []
    assert not (tmp_path / "settings.toml").exists()


def test_good_values_are_used(tmp_path: Path) -> None:
    path = written(tmp_path, '[yukon]\nrules = "russian"\nauto_move = true\n'
                             '[gofish]\ncpus = 4\nlevel = "easy"\nspeed = 0\n'
                             '[pesten]\nseats = [{ name = "Mia", kind = "human" }, '
                             '{ name = "Bot", kind = "random" }]\n')
    settings = open_settings(path)
    assert settings.problems == []
    assert settings.section("yukon") == {"rules": "russian", "auto_move": True,
                                         "winnable_only": False}
    assert settings.get("gofish", "speed") == 0
    assert [seat["name"] for seat in settings.get("pesten", "seats")] == ["Mia", "Bot"]


@pytest.mark.parametrize(("text", "words"), [
    ('[yukon]\nrules = "chess"\n', "yukon.rules must be one of spec, classic, russian"),
    ("[yukon]\nauto_move = 1\n", "yukon.auto_move must be true or false"),
    ("[gofish]\ncpus = 9\n", "gofish.cpus must be a whole number from 1 to 4"),
    ("[gofish]\ncpus = true\n", "gofish.cpus must be a whole number"),
    ("[poker]\nspeed = nan\n", "poker.speed must be a number from 0 to 5"),
    ("[poker]\nspeed = -1.5\n", "poker.speed must be a number"),
    ('[app]\ntheme = ""\n', "app.theme must be a text"),
    ('[pesten]\nseats = [{ name = "Solo", kind = "human" }]\n', "pesten.seats must be a list"),
    ('[pesten]\nseats = [{ name = "A", kind = "human", password = "x" }, '
     '{ name = "B", kind = "human" }]\n', "pesten.seats must be a list"),
    ("yukon = 3\n", "yukon must be a table ([yukon])"),
])
def test_a_bad_value_gives_one_sentence_the_default_and_leaves_the_file(
    tmp_path: Path, text: str, words: str
) -> None:
    path = written(tmp_path, text)
    before = path.read_bytes()
    settings = open_settings(path)
    (problem,) = settings.problems
    assert words in problem and problem.startswith("In settings.toml, ")
    assert problem.endswith(".") and problem.count(". ") == 0
    assert everything(settings) == DEFAULTS
    assert path.read_bytes() == before


def test_each_bad_value_gives_its_own_sentence_and_good_ones_are_kept(tmp_path: Path) -> None:
    path = written(tmp_path, '[yukon]\nrules = "chess"\nauto_move = true\n'
                             '[gofish]\nlevel = "god"\ncpus = 2\n')
    settings = open_settings(path)
    assert len(settings.problems) == 2
    assert settings.get("yukon", "auto_move") is True and settings.get("gofish", "cpus") == 2
    assert settings.get("yukon", "rules") == "spec" and settings.get("gofish", "level") == "pro"


def unreadable(tmp_path: Path) -> list[tuple[str, Path]]:
    """Settings files that cannot be read at all, and what the sentence says of each."""
    cases = [
        ("not valid TOML: Expected", written(tmp_path / "toml", "[yukon\nrules = spec")),
        ("binary", written(tmp_path / "binary", b"[yukon]\x00\x01\x02")),
        ("not a text file", written(tmp_path / "latin", b'[app]\ntheme = "caf\xe9"\n')),
        ("too large", written(tmp_path / "huge",
                              "# padding\n" * (MAX_SETTINGS_BYTES // 10 + 1))),
    ]
    (tmp_path / "folder" / "settings.toml").mkdir(parents=True)
    cases.append(("is a folder", tmp_path / "folder" / "settings.toml"))
    return cases


@pytest.fixture
def folders(tmp_path: Path) -> Path:
    for name in ("toml", "binary", "latin", "huge"):
        (tmp_path / name).mkdir()
    return tmp_path


def snapshot(path: Path) -> object:
    return sorted(os.listdir(path)) if path.is_dir() else path.read_bytes()


def test_an_unreadable_file_gives_one_sentence_and_is_never_written_over(folders: Path) -> None:
    for words, path in unreadable(folders):
        before = snapshot(path)
        settings = open_settings(path)
        (problem,) = settings.problems
        assert words in problem, problem
        assert problem.startswith("settings.toml could not be read (")
        assert str(folders) not in problem  # the file's name, not a long path
        assert everything(settings) == DEFAULTS
        with pytest.raises(FileProblem, match="not written over"):
            settings.set("yukon", "rules", "classic")
        assert settings.get("yukon", "rules") == "classic"  # kept for this run
        assert snapshot(path) == before
        assert sorted(os.listdir(path.parent)) == ["settings.toml"]


# ---------------------------------------------------------------- writing


def test_a_change_is_written_at_once_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "config" / "settings.toml"
    settings = open_settings(path)
    settings.set("gofish", "level", "easy")
    assert tomllib.loads(path.read_text()) == {"gofish": {"level": "easy"}}
    assert open_settings(path).get("gofish", "level") == "easy"


def test_a_change_keeps_unknown_keys_and_refused_values(tmp_path: Path) -> None:
    path = written(tmp_path, '[yukon]\nrules = "chess"\nfuture = [1, 2]\n'
                             '[plugins]\nname = "mine"\n')
    settings = open_settings(path)
    settings.set("yukon", "auto_move", True)
    assert tomllib.loads(path.read_text()) == {
        "yukon": {"rules": "chess", "future": [1, 2], "auto_move": True},
        "plugins": {"name": "mine"},
    }


def test_a_change_keeps_what_the_player_wrote_while_tableau_ran(tmp_path: Path) -> None:
    path = written(tmp_path, '[app]\ntheme = "nord"\n')
    settings = open_settings(path)
    path.write_text('[app]\ntheme = "gruvbox"\n[poker]\ncpus = 2\n')
    settings.set("yukon", "rules", "classic")
    assert tomllib.loads(path.read_text()) == {
        "app": {"theme": "gruvbox"}, "poker": {"cpus": 2}, "yukon": {"rules": "classic"},
    }


def test_a_file_spoilt_while_tableau_ran_is_not_written_over(tmp_path: Path) -> None:
    path = written(tmp_path, '[app]\ntheme = "nord"\n')
    settings = open_settings(path)
    path.write_text("[app\n")
    with pytest.raises(FileProblem, match="not written over"):
        settings.set("app", "theme", "gruvbox")
    assert path.read_text() == "[app\n"
    assert settings.get("app", "theme") == "gruvbox"


def test_a_change_replaces_the_file_atomically(tmp_path: Path) -> None:
    path = written(tmp_path, '[app]\ntheme = "nord"\n')
    old = path.stat().st_ino
    settings = open_settings(path)
    settings.set("app", "theme", "gruvbox")
    assert path.stat().st_ino != old  # a new file renamed over the old one
    assert sorted(os.listdir(tmp_path)) == ["settings.toml"]  # no temp file left


PLAYERS_FILE = """\
# My tableau settings -- hand-written, please keep.

[poker]
speed = 0.5      # slow, so I can follow
cpus  = 2        # two is plenty

# Yukon, the way I like it
[yukon]
rules = "classic"
auto_move = false

[app]
theme = "nord"
"""


def test_a_change_keeps_the_player_s_comments_order_and_layout(tmp_path: Path) -> None:
    """Issue 27, item 7: only the changed value's text changes."""
    path = written(tmp_path, PLAYERS_FILE)
    settings = open_settings(path)
    settings.set("poker", "cpus", 4)
    settings.set("yukon", "auto_move", True)
    assert path.read_text() == (PLAYERS_FILE.replace("cpus  = 2  ", "cpus  = 4  ")
                                .replace("auto_move = false", "auto_move = true"))


def test_a_new_key_and_section_go_after_what_the_player_wrote(tmp_path: Path) -> None:
    path = written(tmp_path, PLAYERS_FILE)
    settings = open_settings(path)
    settings.set("app", "cards", "ascii")
    settings.set("gofish", "level", "easy")
    text = path.read_text()
    assert text.startswith(PLAYERS_FILE.rstrip("\n") + '\ncards = "ascii"\n')
    assert tomllib.loads(text)["gofish"] == {"level": "easy"}
    assert open_settings(path).get("app", "cards") == "ascii"


def test_a_change_to_a_dotted_key_file_keeps_its_style(tmp_path: Path) -> None:
    path = written(tmp_path, 'yukon.rules = "russian"  # hardest\n')
    open_settings(path).set("yukon", "auto_move", True)
    assert path.read_text() == 'yukon.rules = "russian"  # hardest\nyukon.auto_move = true\n'


def test_setting_the_value_the_file_holds_writes_nothing(tmp_path: Path) -> None:
    path = written(tmp_path, '[app]\ntheme = "nord"   # my favourite\n')
    before = path.read_bytes()
    open_settings(path).set("app", "theme", "nord")
    assert path.read_bytes() == before


def test_a_value_the_schema_refuses_is_a_bug_in_the_caller(tmp_path: Path) -> None:
    settings = open_settings(tmp_path / "settings.toml")
    with pytest.raises(ValueError, match=r"gofish\.cpus must be"):
        settings.set("gofish", "cpus", 0)
    assert not (tmp_path / "settings.toml").exists()


def test_a_folder_that_cannot_be_made_is_one_sentence(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    settings = open_settings(tmp_path / "file" / "settings.toml")
    with pytest.raises(FileProblem, match="cannot be made"):
        settings.set("app", "theme", "nord")
    assert settings.get("app", "theme") == "nord"


def test_settings_of_no_file_keep_changes_for_the_run_only(tmp_path: Path) -> None:
    settings = open_settings(None)
    settings.set("poker", "cpus", 5)
    assert settings.get("poker", "cpus") == 5 and settings.problems == []


def test_values_given_out_cannot_change_the_settings(tmp_path: Path) -> None:
    settings = open_settings(tmp_path / "settings.toml")
    settings.get("pesten", "seats").clear()
    assert settings.get("pesten", "seats") == DEFAULTS["pesten"]["seats"]


toml_values = st.recursive(
    st.booleans() | st.integers(-2**63, 2**63 - 1) | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from(["spec", "easy", "human", "textual-dark"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["name", "kind", "x"]), inner, max_size=3),
    max_leaves=8,
)
documents = st.dictionaries(
    st.sampled_from([*SCHEMA, "other"]),
    st.dictionaries(st.sampled_from([key for fields in SCHEMA.values() for key in fields]),
                    toml_values, max_size=4) | toml_values,
    max_size=4,
)


@hypothesis_settings(max_examples=60, deadline=None)
@given(document=documents)
def test_any_toml_document_reads_to_checked_values_and_takes_a_change(
    tmp_path_factory: pytest.TempPathFactory, document: dict[str, Any]
) -> None:
    path = tmp_path_factory.mktemp("settings") / "settings.toml"
    path.write_text(tomlkit.dumps(document))
    settings = open_settings(path)
    for section, fields in SCHEMA.items():
        for key, field in fields.items():
            assert field.check(settings.get(section, key)) is None
    assert len(settings.problems) <= sum(len(fields) + 1 for fields in SCHEMA.values())
    settings.set("yukon", "rules", "classic")
    again = tomllib.loads(path.read_text())
    assert again["yukon"]["rules"] == "classic"
    kept = {section: value for section, value in document.items() if section != "yukon"}
    assert {section: again[section] for section in kept} == kept


# ---------------------------------------------------------------- where the files live


def test_tableau_home_puts_both_files_in_one_folder(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLEAU_HOME", str(tmp_path / "mine"))
    assert config_folder() == data_folder() == tmp_path / "mine"
    assert settings_path() == tmp_path / "mine" / "settings.toml"
    assert database_path() == tmp_path / "mine" / "tableau.db"
    assert not (tmp_path / "mine").exists()  # asking makes no folder


def test_tableau_home_may_start_with_a_tilde(monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("TABLEAU_HOME", "~/cards")
    assert settings_path() == tmp_path / "cards" / "settings.toml"


def test_without_tableau_home_the_platform_folders_are_used(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("TABLEAU_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert settings_path() == tmp_path / "config" / "tableau" / "settings.toml"
    assert database_path() == tmp_path / "data" / "tableau" / "tableau.db"


def test_chosen_tells_the_players_values_from_the_defaults(tmp_path: Path) -> None:
    path = written(tmp_path, '[yukon]\nrules = "classic"\nauto_move = "yes"\n')
    settings = open_settings(path)
    assert settings.chosen("yukon", "rules")
    assert not settings.chosen("yukon", "auto_move")  # refused: the default is used
    assert not settings.chosen("app", "theme")
    settings.set("app", "theme", "nord")
    assert settings.chosen("app", "theme")


# ---------------------------------------------------------------- one notice (issue 27, F)


def test_many_bad_values_make_one_notice_that_lists_each(tmp_path: Path) -> None:
    path = written(tmp_path, '[yukon]\nrules = "chess"\nauto_move = 3\n[gofish]\ncpus = 0\n'
                             'level = "god"\n[poker]\ncpus = 99\nspeed = -1\n')
    settings = open_settings(path)
    assert len(settings.problems) == 6
    assert settings.notice() == (
        "In settings.toml, 6 things are not used, so their defaults are:\n"
        "• yukon.rules must be one of spec, classic, russian\n"
        "• yukon.auto_move must be true or false\n"
        "• gofish.cpus must be a whole number from 1 to 4\n"
        "• gofish.level must be one of easy, pro\n"
        "• poker.cpus must be a whole number from 1 to 5\n"
        "• poker.speed must be a number from 0 to 5"
    )


def test_one_problem_is_its_own_sentence_and_none_is_no_notice(tmp_path: Path) -> None:
    one = open_settings(written(tmp_path, '[gofish]\nlevel = "god"\n'))
    assert one.notice() == one.problems[0] == ("In settings.toml, gofish.level must be one of "
                                               "easy, pro, so the default ('pro') is used.")
    assert open_settings(tmp_path / "none.toml").notice() is None


def test_a_value_the_app_refuses_is_one_more_problem_and_the_default_holds(
    tmp_path: Path,
) -> None:
    settings = open_settings(written(tmp_path, '[app]\ntheme = "sepia"\n'))
    settings.refuse("app", "theme", "'sepia' is not a theme tableau knows")
    assert settings.get("app", "theme") == "textual-dark"
    assert not settings.chosen("app", "theme")
    assert settings.notice() == ("In settings.toml, app.theme 'sepia' is not a theme tableau "
                                 "knows, so the default ('textual-dark') is used.")
