"""The handbook's intersphinx inventories: made from their sources, read by Sphinx, complete.

``docs/_inventories/<project>.inv`` are checked in so that the handbook links
to the documentation of Python, Hypothesis, python-sat and Z3 without the
network; ``scripts/make_inventories.py`` makes them from ``<project>.txt``.
These tests hold the checked-in files to their sources, the script's
``--check`` to catching a stale or orphaned inventory and a malformed source,
Sphinx's reading of the inventories to the published addresses of a few
objects (taken from those projects' documentation sources, see the ``.txt``
files), and every explicit reference of the handbook and the docstrings to
one of these projects (``:class:`z3.Optimize```) to an entry of the
inventories. References made by signatures (annotations such as
``collections.abc.Mapping``) are checked by the nitpicky build itself.

The last tests hold ``docs/conf.py``'s reading of names (which object a
reference means in its docstring's module, and where that object is
documented) to a few cases the build depends on, so that a change there
shows here before the slower build.
"""

from __future__ import annotations

import importlib.util
import posixpath
import re
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest
from sphinx.domains.python import PythonDomain
from sphinx.util.inventory import InventoryFile

from dokuspec.engine.twodoku import TwoDokuState

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "make_inventories.py"
DOCS = ROOT / "docs"
INVENTORIES = DOCS / "_inventories"

pytestmark = pytest.mark.skipif(
    not (SCRIPT.is_file() and INVENTORIES.is_dir()),
    reason="the handbook's sources are not here (tests run against the installed wheel)",
)


def load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # a dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def script() -> ModuleType:
    return load(SCRIPT, "make_inventories")


@pytest.fixture(scope="module")
def conf() -> ModuleType:
    """The handbook's ``docs/conf.py``, imported."""
    return load(DOCS / "conf.py", "handbook_conf")


@pytest.fixture(scope="module")
def mapping(conf: ModuleType) -> dict[str, tuple[str, str]]:
    found: dict[str, tuple[str, str]] = conf.intersphinx_mapping
    return found


def run(script: ModuleType, *argv: str) -> tuple[int, list[str]]:
    lines: list[str] = []
    status = script.main(list(argv), lines.append)
    return status, lines


def test_the_checked_in_inventories_are_what_the_script_makes(script: ModuleType) -> None:
    assert run(script, "--check") == (0, [])


def test_check_names_a_stale_inventory_and_writing_makes_it_current(
    script: ModuleType, tmp_path: Path
) -> None:
    shutil.copytree(INVENTORIES, tmp_path, dirs_exist_ok=True)
    source = tmp_path / "python.txt"
    text = source.read_text(encoding="utf-8")
    changed = text.replace("library/fractions.html#$", "library/numbers.html#$")
    assert changed != text
    source.write_text(changed, encoding="utf-8")

    assert run(script, "--check", "--directory", str(tmp_path)) == (
        1,
        [f"stale: {tmp_path / 'python.inv'} (run scripts/make_inventories.py)"],
    )
    status, lines = run(script, "--directory", str(tmp_path))
    assert (status, len(lines)) == (0, 1)
    assert lines[0].startswith(f"wrote {tmp_path / 'python.inv'} (")
    assert run(script, "--check", "--directory", str(tmp_path)) == (0, [])


def test_check_names_an_inventory_without_a_source(script: ModuleType, tmp_path: Path) -> None:
    shutil.copytree(INVENTORIES, tmp_path, dirs_exist_ok=True)
    (tmp_path / "z3.txt").unlink()
    assert run(script, "--check", "--directory", str(tmp_path)) == (
        1,
        [f"no source for {tmp_path / 'z3.inv'}"],
    )


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "json.loads py:function library/json.html#$ -",
            "not 'name domain:role priority uri dispname': "
            "'json.loads py:function library/json.html#$ -'",
        ),
        (
            "json.loads  py:function  1  library/json.html#$  -",
            "json.loads (py:function) is already on line 4",
        ),
        ("project: Python again", "a second 'project' header"),
    ],
)
def test_a_malformed_source_is_refused_naming_its_file_and_line(
    script: ModuleType, tmp_path: Path, line: str, message: str
) -> None:
    source = tmp_path / "python.txt"
    source.write_text(
        "# a comment\nproject: Python\nversion: 3.11\n"
        "json.loads  py:function  1  library/json.html#$  -\n"
        f"{line}\n",
        encoding="utf-8",
    )
    assert run(script, "--check", "--directory", str(tmp_path)) == (
        2,
        [f"error: {source}, line 5: {message}"],
    )
    assert not (tmp_path / "python.inv").exists()


def test_the_mapping_names_every_inventory_and_no_network(
    mapping: dict[str, tuple[str, str]],
) -> None:
    assert sorted(mapping) == sorted(path.stem for path in INVENTORIES.glob("*.txt"))
    for name, (_, location) in mapping.items():
        assert location == f"_inventories/{name}.inv"
        assert (DOCS / location).is_file()


# Published addresses, each read from the project's documentation sources
# (the page and anchor its directive gives), not from the inventories.
ADDRESSES = [
    (
        "python",
        "py:class",
        "collections.abc.Mapping",
        "https://docs.python.org/3/library/collections.abc.html#collections.abc.Mapping",
    ),
    ("python", "py:data", "None", "https://docs.python.org/3/library/constants.html#None"),
    (
        "python",
        "py:exception",
        "ValueError",
        "https://docs.python.org/3/library/exceptions.html#ValueError",
    ),
    (
        "hypothesis",
        "py:class",
        "hypothesis.settings",
        "https://hypothesis.readthedocs.io/en/latest/reference/api.html#hypothesis.settings",
    ),
    (
        "pysat",
        "py:module",
        "pysat.card",
        "https://pysathq.github.io/docs/html/api/card.html#module-pysat.card",
    ),
    (
        "pysat",
        "py:method",
        "pysat.solvers.Solver.interrupt",
        "https://pysathq.github.io/docs/html/api/solvers.html#pysat.solvers.Solver.interrupt",
    ),
    (
        "z3",
        "py:class",
        "z3.Solver",
        "https://z3prover.github.io/api/html/classz3py_1_1_solver.html",
    ),
    (
        "z3",
        "py:function",
        "z3.SolverFor",
        "https://z3prover.github.io/api/html/namespacez3py.html#a462d3cdda3237027b1c2ce956f6c5724",
    ),
]


@pytest.mark.parametrize(("project", "kind", "name", "address"), ADDRESSES)
def test_sphinx_reads_the_published_address_of_an_object(
    mapping: dict[str, tuple[str, str]], project: str, kind: str, name: str, address: str
) -> None:
    base, location = mapping[project]
    with (DOCS / location).open("rb") as stream:
        inventory = InventoryFile.load(stream, base, posixpath.join)
    assert inventory[kind][name].uri == address


def kinds_of(role: str) -> set[str]:
    """The kinds of Python object a role finds in an inventory, by Sphinx's own table
    (and intersphinx's rule that ``:attr:`` also finds a method: properties are
    stored as methods)."""
    kinds = {kind for kind, spec in PythonDomain.object_types.items() if role in spec.roles}
    return kinds | {"method"} if "attribute" in kinds else kinds


_ROLE = re.compile(r":(?:py:)?(?P<role>[a-z]+):`(?:[^`<]*<)?[~.]?(?P<target>[\w.]+)(?:\(\))?>?`")


def test_every_explicit_reference_to_another_project_is_in_an_inventory(script: ModuleType) -> None:
    entries: dict[str, set[str]] = {}
    for source in INVENTORIES.glob("*.txt"):
        for obj in script.read_source(source).objects:
            entries.setdefault(obj.name, set()).add(obj.role)
    # A dotted name whose first part is a top-level name of an inventory
    # (collections, fractions, z3, pysat, hypothesis, examples...).
    packages = {name.split(".")[0] for name in entries if "." in name}
    files = [*ROOT.joinpath("dokuspec").rglob("*.py"), *DOCS.rglob("*.rst")]
    missing = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        for match in _ROLE.finditer(text):
            role, target = match["role"], match["target"]
            if target.split(".")[0] not in packages:
                continue
            if not entries.get(target, set()) & kinds_of(role):
                missing.append(f"{path.relative_to(ROOT)}: {match[0]}")
    assert missing == []


@pytest.mark.parametrize(
    ("full", "documented"),
    [
        # A function a game package exports: under the package.
        ("dokuspec.sumodoku.positions.check", "dokuspec.sumodoku.check"),
        ("dokuspec.sumodoku.positions.Verdict.status", "dokuspec.sumodoku.Verdict.status"),
        # A constant a game package exports and one of its modules defines.
        ("dokuspec.competitive.simulation.ENDINGS", "dokuspec.competitive.ENDINGS"),
        # One it takes from the vocabulary or the solvers: where it is defined.
        ("dokuspec.twodoku.FULL_SET", "dokuspec.vocabulary.twodoku.FULL_SET"),
        ("dokuspec.competitive.MAX_TIME_LIMIT", "dokuspec.solvers.budget.MAX_TIME_LIMIT"),
        # A member of a class a module imports: where the class is defined and documented.
        ("dokuspec.engine.base.State.legal_actions", "dokuspec.engine.state.State.legal_actions"),
    ],
)
def test_a_name_is_sent_where_its_object_is_documented(
    conf: ModuleType, full: str, documented: str
) -> None:
    assert conf._documented_name(full) == documented


@pytest.mark.parametrize(
    ("target", "role", "scope", "full"),
    [
        # The docstring's module decides, not the package that shows it.
        (
            "Position",
            "class",
            ("dokuspec.render.sumodoku", None),
            "dokuspec.vocabulary.sumodoku.Position",
        ),
        # An imported name means its definition.
        ("Iterable", "class", ("dokuspec.competitive.hands", None), "collections.abc.Iterable"),
        # A decorated strategy is named by its module's source.
        (
            "full_grids",
            "func",
            ("dokuspec.verify.sumodoku.strategies", None),
            "dokuspec.verify.sumodoku.strategies.full_grids",
        ),
        # A private third-party module: the name its package exports.
        (
            "hypothesis._settings.settings",
            "class",
            ("dokuspec.verify.conformance", None),
            "hypothesis.settings",
        ),
        # A name its scope does not know is left to Sphinx and intersphinx.
        ("int", "class", ("dokuspec.sumodoku.positions", None), None),
    ],
)
def test_a_reference_means_what_its_scope_means(
    conf: ModuleType, target: str, role: str, scope: tuple[str, None], full: str | None
) -> None:
    assert conf._qualify(target, role, *scope) == full


def test_a_bare_method_name_in_a_class_means_the_inherited_member(conf: ModuleType) -> None:
    assert (
        conf._qualify("legal_actions", "meth", "dokuspec.engine.twodoku", TwoDokuState)
        == "dokuspec.engine.state.State.legal_actions"
    )
    # A function reference does not mean a method of the class.
    assert conf._qualify("apply_action", "func", "dokuspec.engine.twodoku", TwoDokuState) is None
