"""The handbook's Competitive Sudoku chapter: every rule has its section, nothing is stale.

The chapter (``docs/rules/competitive.rst``) includes pictures and numbers
that ``scripts/make_competitive_figures.py`` computes. These tests recompute
them and compare with what is checked in, byte for byte, so that a change to
the rules, the scoring or the pictures cannot leave the chapter behind. The
winning hands are counted again here with the engine and the SAT backend
(Z3 takes minutes; the script itself counts with all three).

They need the source tree (``docs/`` and ``scripts/``) and are skipped where
only the installed package and the tests are present.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "make_competitive_figures.py"
CHAPTER = ROOT / "docs" / "rules" / "competitive.rst"
RULINGS = ROOT / "docs" / "rulings.rst"

pytestmark = pytest.mark.skipif(
    not (SCRIPT.is_file() and CHAPTER.is_file()),
    reason="the handbook's sources are not here (tests run against the installed wheel)",
)


@pytest.fixture(scope="module")
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_competitive_figures", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _normal(text: str) -> str:
    return " ".join(text.split())


def register_rows() -> dict[str, tuple[str, str, str, str]]:
    """The register's Competitive Sudoku rows: ID -> (ID cell, question, ruling, option)."""
    rows: dict[str, tuple[str, str, str, str]] = {}
    cells: list[str] = []

    def close() -> None:
        if len(cells) == 4:
            found = re.search(r"CS-(\d+)", cells[0])
            if found:
                rows[found.group(0)] = (cells[0], cells[1], cells[2], cells[3])

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
    parts = re.split(r"^\.\. _(cs-\d+):\n", text, flags=re.M)
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


def test_the_register_numbers_the_rules_from_cs1_without_gaps() -> None:
    ids = register_rows()
    assert {f"CS-{n}" for n in range(1, 26)} <= set(ids)
    numbers = sorted(int(rule_id[3:]) for rule_id in ids)
    assert numbers == list(range(1, len(numbers) + 1))


def test_every_rule_the_code_and_the_tests_cite_is_in_the_register() -> None:
    cited: set[str] = set()
    for folder in ("dokuspec", "tests"):
        for path in (ROOT / folder).rglob("*.py"):
            cited |= set(re.findall(r"\bCS-\d+\b", path.read_text(encoding="utf-8")))
    assert cited, "no rule is cited"
    assert cited <= set(register_rows())


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
    for rule_id, (_, _, ruling, option) in register_rows().items():
        stated = admonition(sections[rule_id])
        assert _normal(ruling) in stated, rule_id
        if option != "–":
            assert re.search(r"Options?: " + re.escape(_normal(option)), stated), rule_id
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
            assert re.search(rf"^def {function}\(", source, flags=re.M), f"{module}::{function}"


def test_the_chapter_includes_every_generated_file(script: ModuleType) -> None:
    text = CHAPTER.read_text(encoding="utf-8")
    included = set(re.findall(r"^\.\. include:: \.\./generated/(\S+)$", text, flags=re.M))
    generated = {path.name for path in (ROOT / script.GENERATED).glob("competitive-*.inc")}
    # Figures are placed by the example includes; the substitutions by the chapter.
    assert included == generated


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
    files = script.render(script.gather(recorded))
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
