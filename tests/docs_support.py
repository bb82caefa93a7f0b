"""What the handbook's chapter tests share (``tests/<game>/test_docs.py``).

A :class:`Chapter` is one game's rules chapter (``docs/rules/<game>.rst``),
its rows of the rulings register (its part of ``docs/rulings.rst``, the file
``rulings.rst`` of its handbook folder, :attr:`dokuspec.games.GameSpec.handbook`;
IDs such as ``SU-7``) and its figure script (``scripts/make_<game>_figures.py``). Its
``check_*`` methods hold the chapter, the register, the code and the tests
to each other; :meth:`Chapter.load_script` imports the figure script so a
test can compute the chapter's files again.

The chapters and scripts are in the source tree only: :attr:`Chapter.skip`
skips a module's tests where only the installed package and the tests are
present.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

from dokuspec.games import game

ROOT = Path(__file__).resolve().parent.parent
NOTATION = ROOT / "docs" / "notation.rst"
SCRIPTS = ROOT / "scripts"


def normal(text: str) -> str:
    """``text`` with every run of white space made one space."""
    return " ".join(text.split())


def admonition(section: str) -> str:
    """The text of a section's ruling admonition, on one line."""
    lines = section.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(".. admonition:: Ruling"))
    body = []
    for line in lines[start + 1 :]:
        if line and not line.startswith("   "):
            break
        body.append(line)
    return normal("\n".join(body))


@dataclass(frozen=True, slots=True)
class Chapter:
    """One game's chapter: ``prefix`` is its rule IDs' prefix (``"SU"``), ``name`` the
    file name of the chapter and the script (``"sumodoku"``)."""

    prefix: str
    name: str

    @property
    def path(self) -> Path:
        return ROOT / "docs" / "rules" / f"{self.name}.rst"

    @property
    def register_path(self) -> Path:
        """Its part of the rulings register."""
        handbook = game(self.name).handbook
        assert handbook is not None, self.name
        return ROOT / handbook / "rulings.rst"

    @property
    def script_path(self) -> Path:
        return SCRIPTS / f"make_{self.name}_figures.py"

    @property
    def text(self) -> str:
        return self.path.read_text(encoding="utf-8")

    @property
    def skip(self) -> pytest.MarkDecorator:
        """Skips the tests where the chapter or its script is not here."""
        return pytest.mark.skipif(
            not (self.script_path.is_file() and self.path.is_file()),
            reason="the handbook's sources are not here (tests run against the installed wheel)",
        )

    def load_script(self) -> ModuleType:
        """The figure script, imported (with ``scripts/`` on the import path for its helpers)."""
        if str(SCRIPTS) not in sys.path:
            sys.path.insert(0, str(SCRIPTS))
        name = self.script_path.stem
        spec = importlib.util.spec_from_file_location(name, self.script_path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # dataclasses look their module up
        spec.loader.exec_module(module)
        return module

    def register_rows(self) -> dict[str, list[str]]:
        """The register's rows of this game: ID -> its cells, each on one line (ID, question,
        ruling[, reason], option)."""
        rows: dict[str, list[str]] = {}
        cells: list[str] = []

        def close() -> None:
            found = re.search(rf"\b{self.prefix}-(\d+)\b", cells[0]) if cells else None
            if found and len(cells) in (4, 5):
                assert found.group(0) not in rows, f"{found.group(0)} is in the register twice"
                rows[found.group(0)] = [normal(cell) for cell in cells]

        for line in self.register_path.read_text(encoding="utf-8").split("\n"):
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

    def sections(self) -> dict[str, str]:
        """The chapter's rule sections: ID -> the section's text (from its label to the next
        label of any kind)."""
        label = self.prefix.lower()
        parts = re.split(rf"^\.\. _({label}-\d+):\n", self.text, flags=re.M)
        bodies = [re.split(r"^\.\. _", body, flags=re.M)[0] for body in parts[2::2]]
        return {found.upper(): body for found, body in zip(parts[1::2], bodies, strict=True)}

    def cited(self, folders: tuple[str, ...], patterns: tuple[str, ...]) -> set[str]:
        """The rule IDs of this game that the files of ``folders`` matching ``patterns``
        name (the built handbook left out)."""
        found: set[str] = set()
        for folder in folders:
            for pattern in patterns:
                for path in (ROOT / folder).rglob(pattern):
                    if "_build" not in path.parts:
                        text = path.read_text(encoding="utf-8")
                        found |= set(re.findall(rf"\b{self.prefix}-\d+\b", text))
        return found

    # -- the checks ------------------------------------------------------------------------

    def check_cited_rules(self, folders: tuple[str, ...], patterns: tuple[str, ...]) -> None:
        """Every rule ID the files cite is in the register."""
        cited = self.cited(folders, patterns)
        known = set(self.register_rows())
        assert cited, "no rule is cited"
        assert cited <= known, sorted(cited - known)

    def check_sections(self) -> None:
        """Every rule of the register has its section, headed by its ID, and no other."""
        sections = self.sections()
        assert set(sections) == set(self.register_rows())
        for rule_id, body in sections.items():
            heading = body.lstrip("\n").split("\n")[0]
            assert heading.startswith(f"{rule_id}: "), heading

    def check_register_links(self) -> None:
        """The register's ID cell of each rule links to the rule's section."""
        for rule_id, (cell, *_) in self.register_rows().items():
            assert cell == f":ref:`{rule_id} <{rule_id.lower()}>`"

    def check_rulings_stated(self, added: frozenset[str] = frozenset()) -> None:
        """Each section's admonition states the register's ruling and option; the rulings in
        ``added`` (those dokuspec added) start with the register's question."""
        sections = self.sections()
        for rule_id, cells in self.register_rows().items():
            question, ruling, option = cells[1], cells[2], cells[-1]
            stated = admonition(sections[rule_id])
            assert ruling in stated, rule_id
            if rule_id in added:
                assert stated.startswith(question), rule_id
            if option != "–":
                assert re.search(r"Options?: " + re.escape(option), stated), rule_id
            else:
                assert "Option" not in stated, rule_id

    def check_named_tests_exist(self) -> None:
        """Every ``tests/<folder>/test_x.py[::test_y]`` the chapter names exists."""
        named = re.findall(r"``(tests/(?:\w+/)?test_\w+\.py)(?:::(\w+))?``", self.text)
        assert named, "the chapter names no test"
        for module, function in named:
            assert (ROOT / module).is_file(), module
            if function:
                source = (ROOT / module).read_text(encoding="utf-8")
                assert re.search(rf"^(?:async )?def {function}\(", source, flags=re.M), (
                    f"{module}::{function}"
                )

    def check_test_entries(self) -> None:
        """A "Tests" paragraph lists tests as ``tests/<folder>/test_x.py::test_y``, nothing else."""
        blocks = re.findall(r"^Tests\n((?:   .*\n|\n)+)", self.text, flags=re.M)
        assert blocks
        for block in blocks:
            for line in block.strip("\n").split("\n"):
                if line.strip():
                    assert re.fullmatch(r"   \* ``tests/\w+/test_\w+\.py::\w+``", line), line

    def check_generated_included(self, generated: Path) -> None:
        """The chapter includes every generated ``<name>-*.inc`` file, and no other of them
        (the "Rules in play" tables, ``play-<name>-*.inc``, are checked by their own test)."""
        included = {
            name
            for name in re.findall(r"^\.\. include:: \.\./generated/(\S+)$", self.text, flags=re.M)
            if not name.startswith("play-")
        }
        made = {path.name for path in (ROOT / generated).glob(f"{self.name}-*.inc")}
        assert included == made
