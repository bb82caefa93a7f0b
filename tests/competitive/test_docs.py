"""The handbook's Competitive Sudoku chapter: every rule has its section, nothing is stale.

The chapter (``docs/rules/competitive.rst``) includes pictures and numbers
that ``scripts/make_competitive_figures.py`` computes. These tests recompute
them and compare with what is checked in, byte for byte, so that a change to
the rules, the scoring or the pictures cannot leave the chapter behind. The
winning hands are counted again here with the engine and the SAT backend
(Z3 takes minutes; the script itself counts with all three). The statistics
of the bots' games take minutes too: the recorded ones are rendered, and
their recorded sample is played again.

They need the source tree (``docs/`` and ``scripts/``) and are skipped where
only the installed package and the tests are present.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest
from docs_support import ROOT, Chapter
from statistics_support import (
    check_sample_played_again,
    check_section,
    recorded_statistics,
    recorded_summaries,
    refusal_of_a_short_record,
)

from dokuspec.competitive.simulation import ENDINGS, simulate, summarise
from dokuspec.engine.competitive import MODES, CompetitiveSudoku

THIS = Chapter("CS", "competitive")
CHAPTER = THIS.path
pytestmark = THIS.skip


@pytest.fixture(scope="module")
def script() -> ModuleType:
    return THIS.load_script()


def test_the_register_numbers_the_rules_from_cs1_without_gaps() -> None:
    ids = THIS.register_rows()
    assert {f"CS-{n}" for n in range(1, 26)} <= set(ids)
    numbers = sorted(int(rule_id[3:]) for rule_id in ids)
    assert numbers == list(range(1, len(numbers) + 1))


def test_every_rule_the_code_and_the_tests_cite_is_in_the_register() -> None:
    THIS.check_cited_rules(("dokuspec", "tests"), ("*.py",))


def test_every_rule_in_the_register_has_a_section_and_no_other() -> None:
    THIS.check_sections()


def test_the_register_links_each_rule_to_its_section() -> None:
    THIS.check_register_links()


def test_each_section_states_the_registers_ruling_and_option() -> None:
    THIS.check_rulings_stated()


def test_the_tests_the_chapter_names_exist() -> None:
    THIS.check_named_tests_exist()


def test_the_chapter_includes_every_generated_file(script: ModuleType) -> None:
    THIS.check_generated_included(script.GENERATED)


def test_the_script_refuses_to_write_when_backends_disagree(
    script: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def count_winning(deck: str, colours: bool, *, backend: str) -> int:
        return 13_956 + (backend == "z3")

    monkeypatch.setattr(script.competitive, "count_winning", count_winning)
    monkeypatch.setattr(script, "ROOT", tmp_path)
    said: list[str] = []
    assert script.main([], out=said.append) == 1
    assert said == [
        "refused: standard deck, rank patterns: the backends disagree: "
        "{'engine': 13956, 'sat': 13956, 'z3': 13957}"
    ]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_the_recorded_counts_are_the_engines_and_sats_now(script: ModuleType) -> None:
    recorded = json.loads((ROOT / script.FACTS).read_text(encoding="utf-8"))["solved"]
    for deck in recorded["counts"].values():
        for found in deck.values():
            assert set(found) == {"engine", "sat", "z3"}
    now = script.solve(("engine", "sat"))
    for deck, counted in now["counts"].items():
        for what, found in counted.items():
            assert found == {b: recorded["counts"][deck][what][b] for b in ("engine", "sat")}
    assert [best["scores"]["sat"] for best in now["best"]] == [
        best["scores"]["sat"] for best in recorded["best"]
    ]
    for best in recorded["best"]:
        assert set(best["scores"]) == {"sat", "z3"}
        assert len(set(best["scores"].values())) == 1


def test_the_generated_files_are_what_the_script_writes(script: ModuleType) -> None:
    recorded = json.loads((ROOT / script.FACTS).read_text(encoding="utf-8"))["solved"]
    files = script.render(script.gather(recorded, recorded_statistics(script)))
    for path, text in files.items():
        assert (ROOT / path).read_text(encoding="utf-8") == text, (
            f"{path} is stale: run python scripts/make_competitive_figures.py"
        )
    assert script.orphans(files) == []


def test_the_figures_are_small(script: ModuleType) -> None:
    figures = sorted((ROOT / script.FIGURES).glob("*.svg"))
    assert len(figures) >= 5
    for figure in figures:
        assert figure.stat().st_size < 16_000, figure.name


# -- the statistics of the bots' games -----------------------------------------------------


def test_the_chapter_cites_the_statistics_and_the_command_that_writes_them(
    script: ModuleType,
) -> None:
    names = ("games", "seed", "last", "sample", "max-turns", "max-trades")
    check_section(CHAPTER.read_text(encoding="utf-8"), script, "cs", names)


def test_the_recorded_statistics_count_every_game_once(script: ModuleType) -> None:
    settings = [(s["mode"], tuple(s["bots"])) for s in recorded_statistics(script)["settings"]]
    assert settings == list(script.STATS_SETTINGS)
    assert len(settings) == 12 and {mode for mode, _ in settings} == set(MODES)
    limit = CompetitiveSudoku().options["max_turns"]
    for setting, part, games in recorded_summaries(script):
        summary, turns = setting[part]["summary"], setting[part]["turns"]
        endings = summary["endings"]
        assert set(endings) == set(ENDINGS)
        assert sum(endings.values()) == games
        won = summary["wins"][0] + summary["wins"][1]
        assert won + summary["draws"] == games
        # a winning hand (CS-19) and a concession with the better hand (CS-16) have a winner
        assert endings["win"] + endings["concede"] <= won
        assert summary["first_wins"] <= won and summary["black_wins"] <= won
        assert 1 <= turns["shortest"] <= turns["total"] / games <= turns["longest"] <= limit
        # a game stopped by the turn limit (CS-25) has played max_turns turns
        assert endings["turn-limit"] == 0 or turns["longest"] == limit


def test_the_statistics_sample_is_played_again(script: ModuleType) -> None:
    check_sample_played_again(script)


def test_the_library_simulate_plays_the_games_the_statistics_count(script: ModuleType) -> None:
    # The script plays the games one by one (play_game); the library's simulate plays the
    # same games, so its summary of the sample is the recorded one.
    numbers = recorded_statistics(script)
    (setting,) = [
        s for s in numbers["settings"] if (s["mode"], s["bots"]) == ("twins", ["greedy", "greedy"])
    ]
    played = simulate(numbers["sample"], numbers["seed"], setting["mode"], setting["bots"])
    assert summarise(played).to_json() == setting["sample"]["summary"]


def test_the_script_refuses_statistics_whose_records_replay_otherwise(
    script: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    said = refusal_of_a_short_record(script, monkeypatch, (1, 0))
    assert said == "draft, greedy v random, game 0: the game's record replays differently"
