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
counted again).

They need the source tree (``docs/`` and ``scripts/``) and are skipped where only the
installed package and the tests are present.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from dokuspec import twodoku
from dokuspec.engine import twodoku as engine
from dokuspec.errors import NotationError
from dokuspec.twodoku import deals as twodoku_deals
from dokuspec.vocabulary.twodoku import PLAY_RESULTS, Deal, Dominoes, Square, event_from_json

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "make_twodoku_figures.py"
CHAPTER = ROOT / "docs" / "rules" / "twodoku.rst"
RULINGS = ROOT / "docs" / "rulings.rst"
NOTATION = ROOT / "docs" / "notation.rst"

pytestmark = pytest.mark.skipif(
    not (SCRIPT.is_file() and CHAPTER.is_file()),
    reason="the handbook's sources are not here (tests run against the installed wheel)",
)

# The rule text's rules, then the rulings dokuspec added.
READ = [f"TD-{n}" for n in range(1, 12)]
ADDED = [f"TD-{n}" for n in range(12, 26)]


def _normal(text: str) -> str:
    return " ".join(text.split())


def register_rows() -> dict[str, list[str]]:
    """The register's Two-Doku rows: ID -> its cells (ID, question, ruling[, reason], option)."""
    rows: dict[str, list[str]] = {}
    cells: list[str] = []

    def close() -> None:
        found = re.search(r"\bTD-(\d+)\b", cells[0]) if cells else None
        if found and len(cells) in (4, 5):
            assert found.group(0) not in rows, f"{found.group(0)} is in the register twice"
            rows[found.group(0)] = [_normal(cell) for cell in cells]

    for line in RULINGS.read_text(encoding="utf-8").split("\n"):
        if line.startswith("   * - "):
            close()
            cells = [line[7:]]
        elif line.startswith("     - ") and cells:
            cells.append(line[7:])
        elif line.startswith("       ") and cells:
            cells[-1] += " " + line.strip()
        elif line.strip() and not line.startswith("   "):
            close()
            cells = []
    close()
    return rows


def chapter_sections() -> dict[str, str]:
    """The chapter's rule sections: ID -> the section's text (from its label to the next label)."""
    text = CHAPTER.read_text(encoding="utf-8")
    parts = re.split(r"^\.\. _(td-\d+):\n", text, flags=re.M)
    # The last rule's section runs to the next label of any kind.
    parts[-1] = re.split(r"^\.\. _", parts[-1], flags=re.M)[0]
    return {label.upper(): body for label, body in zip(parts[1::2], parts[2::2], strict=True)}


def admonition(section: str) -> str:
    """The text of a section's ruling admonition, on one line."""
    lines = section.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(".. admonition:: Ruling"))
    body = []
    for line in lines[start + 1 :]:
        if line and not line.startswith("   "):
            break
        body.append(line)
    return _normal("\n".join(body))


def test_the_register_holds_td1_to_td25_and_no_other() -> None:
    rows = register_rows()
    assert sorted(rows, key=lambda rule: int(rule[3:])) == READ + ADDED
    assert all(len(rows[rule]) == 4 for rule in READ)
    # The rulings dokuspec added give their reason.
    assert all(len(rows[rule]) == 5 and rows[rule][3] for rule in ADDED)


def test_the_register_reads_td4_and_td6_as_the_rulings_file_does() -> None:
    rows = register_rows()
    assert "counting dominoes as physical pieces: exactly the distribution of" in rows["TD-4"][2]
    assert rows["TD-6"][2].endswith("Doing none of these is a pass. A pile has no size limit.")


def test_every_rule_the_code_and_the_tests_cite_is_in_the_register() -> None:
    cited: set[str] = set()
    for folder in ("dokuspec", "tests", "docs"):
        for pattern in ("*.py", "*.rst", "*.json"):
            for path in (ROOT / folder).rglob(pattern):
                if "_build" not in path.parts:
                    cited |= set(re.findall(r"\bTD-\d+\b", path.read_text(encoding="utf-8")))
    assert cited, "no rule is cited"
    assert cited <= set(register_rows()), sorted(cited - set(register_rows()))


def test_every_rule_in_the_register_has_a_section_and_no_other() -> None:
    sections = chapter_sections()
    assert set(sections) == set(register_rows())
    for rule_id, body in sections.items():
        heading = body.lstrip("\n").split("\n")[0]
        assert heading.startswith(f"{rule_id}: "), heading


def test_the_register_links_each_rule_to_its_section() -> None:
    for rule_id, (cell, *_) in register_rows().items():
        assert cell == f":ref:`{rule_id} <{rule_id.lower()}>`"


def test_each_section_states_the_registers_ruling_and_option() -> None:
    sections = chapter_sections()
    for rule_id, cells in register_rows().items():
        question, ruling, option = cells[1], cells[2], cells[-1]
        stated = admonition(sections[rule_id])
        assert ruling in stated, rule_id
        if rule_id in ADDED:
            assert stated.startswith(question), rule_id
        if option != "–":
            assert re.search(r"Options?: " + re.escape(option), stated), rule_id
        else:
            assert "Option" not in stated, rule_id


def test_the_tests_the_chapter_names_exist() -> None:
    text = CHAPTER.read_text(encoding="utf-8")
    named = re.findall(r"``(tests/test_\w+\.py)(?:::(\w+))?``", text)
    assert named, "the chapter names no test"
    for module, function in named:
        assert (ROOT / module).is_file(), module
        if function:
            source = (ROOT / module).read_text(encoding="utf-8")
            assert re.search(rf"^(?:async )?def {function}\(", source, flags=re.M), (
                f"{module}::{function}"
            )


def test_every_test_entry_of_the_chapter_is_a_full_test_name() -> None:
    # A "Tests" paragraph lists tests as ``tests/test_x.py::test_y``, nothing else.
    text = CHAPTER.read_text(encoding="utf-8")
    for block in re.findall(r"^Tests\n((?:   .*\n|\n)+)", text, flags=re.M):
        for line in block.strip("\n").split("\n"):
            if line.strip():
                assert re.fullmatch(r"   \* ``tests/test_\w+\.py::\w+``", line), line


def test_every_code_the_chapter_names_is_the_codes_and_every_violation_is_named() -> None:
    # Hyphenated words in double backticks are codes: violation codes, play
    # results and endings of the game.
    text = CHAPTER.read_text(encoding="utf-8")
    named = set(re.findall(r"``\"?([a-z]+(?:-[a-z]+)+)\"?``", text))
    known = set(twodoku.VIOLATION_CODES) | set(PLAY_RESULTS) | set(engine.ENDINGS)
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
    spec = importlib.util.spec_from_file_location("make_twodoku_figures", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def recorded(script: ModuleType) -> dict[str, Any]:
    facts: dict[str, Any] = json.loads((ROOT / script.FACTS).read_text(encoding="utf-8"))
    return facts


def test_the_chapter_includes_every_generated_file(script: ModuleType) -> None:
    text = CHAPTER.read_text(encoding="utf-8")
    included = set(re.findall(r"^\.\. include:: \.\./generated/(\S+)$", text, flags=re.M))
    generated = {path.name for path in (ROOT / script.GENERATED).glob("twodoku-*.inc")}
    assert included == generated


def test_the_generated_files_are_what_the_script_writes(script: ModuleType) -> None:
    files = script.render(script.gather(recorded(script)["solved"]))
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

    monkeypatch.setattr(script.engine, "fair_deal_count", fair_deal_count)
    monkeypatch.setattr(script, "ROOT", tmp_path)
    said: list[str] = []
    assert script.main([], out=said.append) == 1
    draw = recorded(script)["deal"]["face down"]
    assert said == [f"refused: {draw}: the spec and the engine count different fair deals"]
    assert list(tmp_path.iterdir()) == []


def test_the_figures_are_small(script: ModuleType) -> None:
    figures = sorted((ROOT / script.FIGURES).glob("*.svg"))
    assert [figure.name for figure in figures] == ["deal.svg", "truth.svg", "view.svg"]
    for figure in figures:
        assert figure.stat().st_size < 64_000, figure.name


def test_the_readmes_two_doku_example_says_what_dokuspec_answers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```python\n(.*?)```", readme, re.S) if "twodoku" in b]
    assert len(blocks) == 1
    monkeypatch.chdir(ROOT)
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
