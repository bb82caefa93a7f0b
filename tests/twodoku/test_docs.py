"""The handbook's Two-Doku chapter: every rule has its section, every name it gives exists.

The chapter (``docs/rules/twodoku.rst``) states each rule of the rulings
register (``docs/rulings.rst``) with the code and the tests that encode and
check it. These tests hold the two documents to each other and to the code:
the same rules, the same rulings, and no test named that does not exist.
The notation page's Two-Doku error messages are read again from the
vocabulary. The chapter's pictures and numbers, which
``scripts/make_twodoku_figures.py`` computes, are computed again and
compared with what is checked in, byte for byte (all but the acceptance
rate of every face-down draw, which takes minutes: its extremes are
counted again; and the statistics of the bots' games, whose recorded
sample is played again).

They need the source tree (``docs/`` and ``scripts/``) and are skipped where only the
installed package and the tests are present.
"""

from __future__ import annotations

import json
import re
import shutil
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from docs_support import NOTATION, ROOT, Chapter
from helpers import replace_everywhere
from statistics_support import (
    check_sample_played_again,
    check_section,
    recorded_statistics,
    recorded_summaries,
    refusal_of_a_short_record,
)

from dokuspec import twodoku
from dokuspec.engine import twodoku as engine
from dokuspec.errors import NotationError
from dokuspec.play.kit import kit
from dokuspec.twodoku import deals as twodoku_deals
from dokuspec.twodoku.simulation import ENDINGS, simulate, summarise
from dokuspec.vocabulary.twodoku import PLAY_RESULTS, Deal, Dominoes, Square, event_from_json

THIS = Chapter("TD", "twodoku")
CHAPTER = THIS.path
pytestmark = THIS.skip

# The rule text's rules, then the rulings dokuspec added.
READ = [f"TD-{n}" for n in range(1, 12)]
ADDED = [f"TD-{n}" for n in range(12, 27)]


def test_the_register_holds_td1_to_td26_and_no_other() -> None:
    rows = THIS.register_rows()
    assert sorted(rows, key=lambda rule: int(rule[3:])) == READ + ADDED
    assert all(len(rows[rule]) == 4 for rule in READ)
    # The rulings dokuspec added give their reason.
    assert all(len(rows[rule]) == 5 and rows[rule][3] for rule in ADDED)


def test_the_register_reads_td4_and_td6_as_the_rulings_file_does() -> None:
    rows = THIS.register_rows()
    assert "counting dominoes as physical pieces: exactly the distribution of" in rows["TD-4"][2]
    assert rows["TD-6"][2].endswith("Doing none of these is a pass. A pile has no size limit.")


def test_every_rule_the_code_and_the_tests_cite_is_in_the_register() -> None:
    THIS.check_cited_rules(("dokuspec", "tests", "docs"), ("*.py", "*.rst", "*.json"))


def test_every_rule_in_the_register_has_a_section_and_no_other() -> None:
    THIS.check_sections()


def test_the_register_links_each_rule_to_its_section() -> None:
    THIS.check_register_links()


def test_each_section_states_the_registers_ruling_and_option() -> None:
    THIS.check_rulings_stated(frozenset(ADDED))


def test_the_tests_the_chapter_names_exist() -> None:
    THIS.check_named_tests_exist()


def test_every_test_entry_of_the_chapter_is_a_full_test_name() -> None:
    THIS.check_test_entries()


def test_every_code_the_chapter_names_is_the_codes_and_every_violation_is_named() -> None:
    # Hyphenated words in double backticks are codes: violation codes, play
    # results, endings of the game and the names of its play kit's option sets.
    text = CHAPTER.read_text(encoding="utf-8")
    named = set(re.findall(r"``\"?([a-z]+(?:-[a-z]+)+)\"?``", text))
    known = set(twodoku.VIOLATION_CODES) | set(PLAY_RESULTS) | set(engine.ENDINGS)
    known |= set(kit("twodoku").option_sets)
    assert named <= known, sorted(named - known)
    unnamed = [code for code in twodoku.VIOLATION_CODES if f"``{code}``" not in text]
    assert unnamed == []


# What the notation page's Two-Doku errors section shows, and the input that gives each line.
_DEAL = (
    '{{"red_squares": {}, "blue_squares": [], "face_down": {}, "pot": {}, "red": [], "blue": []}}'
)
_ERRORS = [
    (Square.parse, "r10c5"),
    (Dominoes.parse, "1 1 3 x"),
    (Deal.parse, _DEAL.format("[[1, 1, 2]]", "[]", "[3, 7]")),
    (
        Deal.parse,
        _DEAL.format("[]", '[{"row": 1, "col": 2, "digit": 7, "placed_by": "green"}]', "[3, 7]"),
    ),
    (Deal.parse, _DEAL.format("[]", "[]", "[3, 7.0]")),
    (Deal.parse, _DEAL.format("[]", "[]", "[3, 7]").replace('"blue_squares"', '"red_squares"')),
]


def test_the_notation_pages_two_doku_errors_are_the_vocabularys() -> None:
    text = NOTATION.read_text(encoding="utf-8")
    section = text[text.index(".. _notation-twodoku:") :]
    errors = section[section.index("\nErrors\n") :]
    block = errors[errors.index("::\n\n") + 3 :].split("\n\n")[0]
    shown = [line.strip() for line in block.split("\n") if line.strip()]
    said = []
    for read, given in _ERRORS:
        with pytest.raises(NotationError) as caught:
            read(given)
        said.append(str(caught.value))
    assert shown == said


def test_the_notation_pages_two_doku_events_read_back_as_written() -> None:
    text = NOTATION.read_text(encoding="utf-8")
    section = text[text.index(".. _notation-twodoku:") :]
    views = section[section.index("\nViews and events\n") :]
    block = views[views.index(".. code-block:: json\n\n") :].split("\n\n")[1]
    lines = [line.strip() for line in block.split("\n")]
    assert len(lines) == 5
    kinds = set()
    for line in lines:
        event = event_from_json(json.loads(line))
        assert event.to_json() == json.loads(line)
        kinds.add(type(event).__name__)
    assert kinds == {"Take", "Play", "Return"}


# -- the generated figures and numbers ---------------------------------------------------


@pytest.fixture(scope="module")
def script() -> ModuleType:
    return THIS.load_script()


def recorded(script: ModuleType) -> dict[str, Any]:
    facts: dict[str, Any] = json.loads((ROOT / script.FACTS).read_text(encoding="utf-8"))
    return facts


def test_the_chapter_includes_every_generated_file(script: ModuleType) -> None:
    THIS.check_generated_included(script.GENERATED)


def test_the_generated_files_are_what_the_script_writes(script: ModuleType) -> None:
    files = script.render(script.gather(recorded(script)["solved"], recorded_statistics(script)))
    for path, text in files.items():
        assert (ROOT / path).read_text(encoding="utf-8") == text, (
            f"{path} is stale: run python scripts/make_twodoku_figures.py"
        )
    assert script.orphans(files) == []


def test_the_recorded_extremes_are_counted_again(script: ModuleType) -> None:
    # The acceptance of every face-down draw takes minutes; its extremes are checked here.
    draws = recorded(script)["solved"]["draws"]
    assert draws["draws"] == 12_870
    every = script._all_deals()
    rates = []
    for name in ("lowest", "highest"):
        draw = Dominoes.parse(draws[name]["face down"])
        assert len(draw) == 8
        assert engine.fair_deal_count(draw) == draws[name]["fair"]
        assert twodoku_deals.count_fair_deals(draw).fair == draws[name]["fair"]
        rates.append(Fraction(draws[name]["fair"], every))
    mean = Fraction(draws["mean"]["fair"], draws["mean"]["total"])
    assert rates[0] < mean < rates[1]


def test_the_script_refuses_to_write_when_the_counts_disagree(
    script: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    counted = engine.fair_deal_count

    def fair_deal_count(draw: Dominoes) -> int:
        return counted(draw) + 1

    replace_everywhere(monkeypatch, script.engine, "fair_deal_count", fair_deal_count)
    monkeypatch.setattr(script, "ROOT", tmp_path)
    said: list[str] = []
    assert script.main([], out=said.append) == 1
    draw = recorded(script)["deal"]["face down"]
    assert said == [f"refused: {draw}: the spec and the engine count different fair deals"]
    assert list(tmp_path.iterdir()) == []


# -- the statistics of the bots' games -----------------------------------------------------


def test_the_chapter_cites_the_statistics_and_the_command_that_writes_them(
    script: ModuleType,
) -> None:
    names = ("games", "seed", "last", "sample", "max-turns")
    check_section(CHAPTER.read_text(encoding="utf-8"), script, "td", names)


def test_the_recorded_statistics_count_every_game_once(script: ModuleType) -> None:
    settings = [tuple(s["bots"]) for s in recorded_statistics(script)["settings"]]
    assert settings == list(script.PAIRINGS) and len(settings) == 4
    limit = engine.TwoDoku().options["max_turns"]
    for setting, part, games in recorded_summaries(script):
        summary = setting[part]["summary"]
        assert set(summary["endings"]) == set(ENDINGS)
        assert sum(summary["endings"].values()) == games
        assert summary["wins"]["red"] + summary["wins"]["blue"] + summary["draws"] == games
        assert 1 <= summary["shortest"] <= summary["mean_turns"] <= summary["longest"]
        # a game stopped by the turn limit (TD-14) has played max_turns turns
        assert summary["endings"]["max-turns"] == 0 or summary["longest"] == limit


def test_the_statistics_sample_is_played_again(script: ModuleType) -> None:
    check_sample_played_again(script)


def test_the_library_simulate_plays_the_games_the_statistics_count(script: ModuleType) -> None:
    # The script plays the games one by one (play_game); the library's simulate plays the
    # same games, so its summary of the sample is the recorded one.
    numbers = recorded_statistics(script)
    (setting,) = [s for s in numbers["settings"] if s["bots"] == ["inference", "inference"]]
    played = simulate(numbers["sample"], numbers["seed"], setting["bots"])
    assert summarise(played).to_json() == setting["sample"]["summary"]


def test_the_script_refuses_statistics_whose_records_replay_otherwise(
    script: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    said = refusal_of_a_short_record(script, monkeypatch, (1, 0))
    assert said == "inference v random, game 0: the game's record replays differently"


def test_the_figures_are_small(script: ModuleType) -> None:
    figures = sorted((ROOT / script.FIGURES).glob("*.svg"))
    assert [figure.name for figure in figures] == [
        "colouring.svg",
        "deal.svg",
        "truth.svg",
        "view.svg",
    ]
    for figure in figures:
        assert figure.stat().st_size < 64_000, figure.name


def test_the_readmes_two_doku_example_says_what_dokuspec_answers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```python\n(.*?)```", readme, re.S) if "twodoku" in b]
    assert len(blocks) == 1
    # The README's examples run in a new directory holding a copy of the handbook's view.
    shutil.copy(ROOT / "docs" / "generated" / "twodoku-view.json", tmp_path)
    monkeypatch.chdir(tmp_path)
    names: dict[str, Any] = {}
    exec(blocks[0], names)  # the README's own lines, as a reader would run them
    said = capsys.readouterr().out
    deal, view = names["deal"], names["view"]
    assert twodoku.validate(deal) == ()
    assert "twodoku.deal(1)" in blocks[0] and sum(deal.red) == sum(deal.blue)
    # The answers the comments give for the view of the handbook's example.
    assert "r1c3 (8,)" in said
    assert twodoku.assess_play(view, Square(8, 3), 8).verdict == "hidden-clash"
    assert twodoku.completable(view).status == "impossible"
    for claim in ("r1c3 (8,)", "'hidden-clash'", "'impossible'"):
        assert claim in blocks[0]


def test_the_notation_pages_whole_deal_is_the_chapters_and_valid(script: ModuleType) -> None:
    text = NOTATION.read_text(encoding="utf-8")
    assert f"``dokuspec.twodoku.deal({script.DEAL_SEED})``" in text
    assert ".. literalinclude:: generated/twodoku-deal.json" in text
    deal = Deal.parse((ROOT / script.GENERATED / "twodoku-deal.json").read_text(encoding="utf-8"))
    assert deal == twodoku.deal(script.DEAL_SEED)
    assert twodoku.validate(deal) == ()
