"""The handbook's rules point at the engine's code: every rule's "Engine" entry links to it.

Each installed game's rules chapter (:attr:`dokuspec.games.GameSpec.chapter`)
gives each rule a section (``.. _su-10:``) whose ``Engine`` entry says in
prose where the engine implements the rule. Each such entry holds at least
one Sphinx cross-reference to a code object (``:func:``, ``:meth:``,
``:class:``, ...), so that a reader follows a ruling to the code in one
click; the nitpicky build (``-n -W``) then checks that each one resolves.

They need the source tree (``docs/``) and are skipped where only the
installed package and the tests are present.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dokuspec.games import GameSpec, installed

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

pytestmark = pytest.mark.skipif(
    not (DOCS / "conf.py").is_file(),
    reason="the handbook's sources are not here (tests run against the installed wheel)",
)

REFERENCE = re.compile(r":(?:py:)?(?:func|meth|class|attr|data|exc|obj|mod):`[^`]+`")
INCLUDE = re.compile(r"^\.\. include:: (\S+)$", flags=re.M)


def chapter_text(spec: GameSpec) -> str:
    """The game's chapter with the files it includes, or ``""`` without one."""
    if spec.chapter is None:
        return ""
    # A game from another package keeps its chapter in its handbook folder (the handbook's
    # page for it is written when the handbook is built).
    own = ROOT / spec.handbook / f"{Path(spec.chapter).name}.rst" if spec.handbook else None
    path = own if own is not None and own.is_file() else DOCS / f"{spec.chapter}.rst"
    return expand(path) if path.is_file() else ""


def expand(path: Path) -> str:
    """The text of an rST file with its ``.. include::`` directives replaced by the files."""

    def included(match: re.Match[str]) -> str:
        name = match.group(1)
        found = DOCS / name.lstrip("/") if name.startswith("/") else path.parent / name
        return expand(found) if found.suffix == ".rst" else match.group(0)

    return INCLUDE.sub(included, path.read_text(encoding="utf-8"))


def engine_entries(text: str, prefix: str) -> dict[str, list[str]]:
    """Rule ID -> the ``Engine`` entries of its section in a chapter's text (rule IDs
    ``prefix-N``)."""
    label = prefix.lower()
    parts = re.split(rf"^\.\. _({label}-\d+):\n", text, flags=re.M)
    found: dict[str, list[str]] = {}
    for rule, body in zip(parts[1::2], parts[2::2], strict=True):
        section = re.split(r"^\.\. _", body, flags=re.M)[0]
        found[rule.upper()] = re.findall(r"^Engine\n((?:   .*\n|\n)+)", section, flags=re.M)
    return found


def games_with_chapters() -> list[GameSpec]:
    return [spec for spec in installed() if spec.rules and spec.chapter]


@pytest.mark.parametrize("spec", games_with_chapters(), ids=lambda spec: spec.name)
def test_every_engine_entry_of_a_rule_links_to_the_code(spec: GameSpec) -> None:
    entries = engine_entries(chapter_text(spec), spec.rules)
    unlinked = [
        rule for rule, blocks in entries.items() for block in blocks if not REFERENCE.search(block)
    ]
    assert unlinked == [], f"{spec.chapter}: Engine entries without a cross-reference"


def test_the_chapters_of_dokuspecs_own_games_have_engine_entries() -> None:
    counted = {
        spec.name: sum(
            len(blocks) for blocks in engine_entries(chapter_text(spec), spec.rules).values()
        )
        for spec in games_with_chapters()
    }
    for name in ("sumodoku", "competitive", "twodoku"):
        assert counted.get(name, 0) >= 20, (name, counted)


def test_an_engine_entry_without_a_reference_is_found() -> None:
    text = (
        ".. _zz-1:\n\nZZ-1: one\n~~~~~~~~~\n\nEngine\n   ``Game`` plays it.\n\n"
        "Tests\n   * ``tests/zz/test_zz.py::test_one``\n\n"
        ".. _zz-2:\n\nZZ-2: two\n~~~~~~~~~\n\nEngine\n   The game,\n\n"
        "   :class:`~x.Game`, plays it.\n"
    )
    entries = engine_entries(text, "ZZ")
    assert {
        rule: [bool(REFERENCE.search(b)) for b in blocks] for rule, blocks in entries.items()
    } == {
        "ZZ-1": [False],
        "ZZ-2": [True],
    }
