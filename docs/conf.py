"""Sphinx configuration of the dokuspec rules handbook."""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
import os
import pkgutil
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from docutils.statemachine import string2lines
from docutils.utils import get_source_line
from sphinx.addnodes import desc, desc_signature, pending_xref
from sphinx.ext.intersphinx import resolve_reference_detect_inventory
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

if TYPE_CHECKING:
    from collections.abc import Iterator

    from docutils.nodes import Element, TextElement
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

# Let autodoc and sphinx-click import dokuspec from this checkout. Its games are
# found through its installed metadata (the dokuspec.games entry points), so
# the handbook is built where dokuspec is installed (pip install -e .).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import dokuspec.games
from dokuspec import __version__

project = "dokuspec"
author = "The dokuspec developers"
copyright = "the dokuspec developers"
version = release = __version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.intersphinx",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "sphinx_click",
]

# games/: dokuspec's own games' parts of the shared pages, read by the
# dokuspec-games directive (below), not pages of their own.
exclude_patterns = ["_build", "_inventories", "games", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []
html_static_path: list[str] = ["_static"]
# The general index breaks long dotted names instead of widening the page.
html_css_files = ["dokuspec.css"]

# Curly quotes and ellipses, but no dashes: command-line help text such as
# "--json" must stay as typed.
smartquotes_action = "qe"

html_theme = "furo"
html_title = f"dokuspec {release}"

# Every cross-reference must resolve: a name the handbook cannot link is an
# error under -W, as a broken link would be.
nitpicky = True

# -- The games installed -------------------------------------------------------
#
# No page names a game: the pages that have a part per game (the API
# reference, the OpenSpiel page, the rulings register) gather each installed game's part with
# the directive ``.. dokuspec-games:: FILE``, which reads FILE from the folder
# that the game's declaration names (dokuspec.games.GameSpec.handbook), in
# the order the games are listed, and leaves out a game without it. A game
# whose chapter is not a page of this handbook (another package's) has its
# page written below, as a stub that includes the chapter from its folder,
# under docs/examples/ (ignored by git), and listed by ``.. dokuspec-games::
# toctree``. The handbook is built again from scratch when the games
# installed change (the configuration value dokuspec_games).

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
GAMES = dokuspec.games.installed()
dokuspec_games = tuple((spec.name, spec.handbook, spec.chapter) for spec in GAMES)
_STUB = ".. A page written by conf.py for an installed game's chapter: not to be edited.\n"


def _part(spec: dokuspec.games.GameSpec, name: str) -> Path | None:
    """The game's file ``name`` in its handbook folder, or None."""
    if spec.handbook is None:
        return None
    path = ROOT / spec.handbook / name
    return path if path.is_file() else None


def _external_chapters() -> dict[str, Path]:
    """The chapters of the games installed that are not pages of this handbook:
    docname -> the chapter's file in the game's folder."""
    found: dict[str, Path] = {}
    for spec in GAMES:
        if spec.chapter is None:
            continue
        page = DOCS / f"{spec.chapter}.rst"
        chapter = _part(spec, f"{Path(spec.chapter).name}.rst")
        if chapter is not None and (not page.is_file() or page.read_text().startswith(_STUB)):
            found[spec.chapter] = chapter
    return found


def _write_chapter_pages() -> None:
    """Write the page of each game's chapter from another package, and remove those of
    games no longer installed."""
    wanted = _external_chapters()
    for page in (DOCS / "examples").glob("**/*.rst"):
        name = page.relative_to(DOCS).with_suffix("").as_posix()
        if name not in wanted and page.read_text(encoding="utf-8").startswith(_STUB):
            page.unlink()
    for name, chapter in wanted.items():
        page = DOCS / f"{name}.rst"
        text = f"{_STUB}\n.. include:: {Path(os.path.relpath(chapter, page.parent)).as_posix()}\n"
        if not page.is_file() or page.read_text(encoding="utf-8") != text:
            page.parent.mkdir(parents=True, exist_ok=True)
            page.write_text(text, encoding="utf-8")


_write_chapter_pages()


class GamesDirective(SphinxDirective):
    """``.. dokuspec-games:: FILE``: each installed game's FILE (see above), as if
    included here; ``.. dokuspec-games:: toctree``: a table of contents of the
    chapters of games from other packages (nothing without one)."""

    required_arguments = 1

    def run(self) -> list[Element]:
        name = self.arguments[0]
        if name == "toctree":
            chapters = list(_external_chapters())
            if chapters:
                lines = [
                    ".. toctree::",
                    "   :maxdepth: 2",
                    "   :caption: Games of other packages",
                    "",
                ]
                lines += [f"   /{chapter}" for chapter in chapters]
                self.state_machine.insert_input(lines, self.get_source_info()[0] or "")
            return []
        # Each insertion goes right after this directive: the last game first.
        for spec in reversed(GAMES):
            path = _part(spec, name)
            if path is None:
                continue
            self.env.note_dependency(str(path))
            text = path.read_text(encoding="utf-8")
            self.state_machine.insert_input(string2lines(text, convert_whitespace=True), str(path))
        return []


# -- Links to other projects' documentation ------------------------------------
#
# References to Python, Hypothesis, python-sat and Z3 objects link to their
# published documentation (the addresses below) through intersphinx. The
# build never uses the network: each project's inventory is read from
# _inventories/<project>.inv, checked in and made by
# scripts/make_inventories.py from _inventories/<project>.txt, a plain-text
# list of the objects the handbook refers to, each with its page and anchor
# and where it comes from. Z3 documents its Python API with Doxygen and
# publishes no inventory; its entries point at the Doxygen pages.
# A reference to another object of these projects needs an entry there first
# (python scripts/make_inventories.py writes the .inv; --check compares).
intersphinx_mapping = {
    "python": ("https://docs.python.org/3/", "_inventories/python.inv"),
    "hypothesis": ("https://hypothesis.readthedocs.io/en/latest/", "_inventories/hypothesis.inv"),
    "pysat": ("https://pysathq.github.io/docs/html/", "_inventories/pysat.inv"),
    "z3": ("https://z3prover.github.io/api/html/", "_inventories/z3.inv"),
}

# Google-style docstrings.
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_ivar = False
napoleon_use_rtype = False

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_description_target = "documented"
autodoc_typehints_format = "short"
autodoc_preserve_defaults = True
autodoc_class_signature = "mixed"
autodoc_default_options = {
    "show-inheritance": True,
}

# Code highlighting for the light and the dark theme.
pygments_style = "sphinx"
pygments_dark_style = "monokai"


# -- Which object a name means, and where it is documented -------------------
#
# Docstrings and pages refer to names the way their module sees them:
# ``Position`` in dokuspec.sumodoku (re-exported from
# dokuspec.vocabulary.sumodoku), ``check`` in dokuspec.sumodoku.positions,
# ``Position`` in the docstring of dokuspec.render.sumodoku.board_svg
# (shown under dokuspec.sumodoku), ``legal_actions`` in a method of a
# subclass of dokuspec.engine.base.State. When a document is read, every
# Python reference is given the full name of the object its module (or
# class) means, and then the name under which that object is documented:
#
# * a class or function a game package exports is documented under the
#   package (``dokuspec.sumodoku.check``, not
#   ``dokuspec.sumodoku.positions.check``);
# * so is a constant or type alias that a game package exports and one of
#   its own modules defines (``dokuspec.sumodoku.BOT_NAMES``, listed in
#   api.rst, see below);
# * everything else where it is defined (a constant the package takes from
#   dokuspec.vocabulary or dokuspec.solvers is documented there).
#
# A name no module of dokuspec defines or imports is left to Sphinx and to
# intersphinx (``int``, ``json.loads``); a third-party name under a private
# module (``hypothesis._settings.settings``, as annotations spell it) is
# given the public name its package exports it under.

LOGGER = logging.getLogger(__name__)

# The public module of each of dokuspec's own installed games (dokuspec.games); another
# package's game is documented by its own pages.
PUBLIC_PACKAGES = tuple(
    spec.api for spec in dokuspec.games.installed() if spec.api and spec.api.startswith("dokuspec.")
)

_DOCSTRING_OF = re.compile(r":docstring of (?P<name>[\w.]+)$")


@functools.cache
def _import(module_name: str) -> ModuleType | None:
    try:
        return importlib.import_module(module_name)
    except ImportError:
        return None


@functools.cache
def _imports_of(module_name: str) -> dict[str, str]:
    """The names a module's source imports absolutely (``from m import x as y``), as
    ``{"y": "m.x"}``: at its top level, and under ``if TYPE_CHECKING:`` (what a package
    imports when first used, :pep:`562`)."""
    module = _import(module_name)
    try:
        tree = ast.parse(inspect.getsource(module)) if module else None
    except (OSError, TypeError, SyntaxError):
        tree = None
    found: dict[str, str] = {}
    statements = list(tree.body) if tree else []
    for statement in list(statements):
        if isinstance(statement, ast.If) and ast.unparse(statement.test) == "TYPE_CHECKING":
            statements.extend(statement.body)
    for statement in statements:
        if isinstance(statement, ast.ImportFrom) and statement.module and not statement.level:
            for alias in statement.names:
                found[alias.asname or alias.name] = f"{statement.module}.{alias.name}"
    return found


def _defined_at(module_name: str, name: str) -> str:
    """Where a value that ``module_name`` calls ``name`` is defined, by full name: the
    import chain of the modules' sources followed to a module that does not import it."""
    seen = set()
    full = f"{module_name}.{name}"
    while full not in seen:
        seen.add(full)
        module_name, _, name = full.rpartition(".")
        source = _imports_of(module_name).get(name)
        if source is None or _import(source.rpartition(".")[0]) is None:
            return full
        full = source
    return full


def _full_name(module_name: str, name: str) -> str | None:
    """The full name of what ``module_name`` calls ``name``, or None if it calls nothing so."""
    module = _import(module_name)
    found = getattr(module, name, None) if module else None
    if found is None:
        return None
    if inspect.ismodule(found):
        return found.__name__
    home = getattr(found, "__module__", None)
    qualname = getattr(found, "__qualname__", None)
    # A decorated function may carry the name of the decorator's inner
    # function (``accept.<locals>.tables``): then its module's source says where.
    is_named = inspect.isclass(found) or inspect.isroutine(found)
    if is_named and home and qualname and _object(f"{home}.{qualname}") is found:
        return f"{home}.{qualname}"
    return _defined_at(module_name, name)


@functools.cache
def _public_routines() -> dict[int, str]:
    """The classes and functions the game packages export, by id: their public names."""
    names: dict[int, str] = {}
    for package_name in PUBLIC_PACKAGES:
        package = importlib.import_module(package_name)
        for name in package.__all__:
            found = getattr(package, name)
            if inspect.isclass(found) or inspect.isroutine(found):
                names.setdefault(id(found), f"{package_name}.{name}")
    return names


@functools.cache
def _package_values() -> dict[str, str]:
    """The constants and type aliases the game packages export and define in their
    own modules, by where they are defined: their public names."""
    names: dict[str, str] = {}
    for package_name in PUBLIC_PACKAGES:
        package = importlib.import_module(package_name)
        for name in package.__all__:
            found = getattr(package, name)
            if inspect.isclass(found) or inspect.isroutine(found):
                continue
            defined = _defined_at(package_name, name)
            if defined.startswith(f"{package_name}."):
                names[defined] = f"{package_name}.{name}"
    return names


def _object(full: str) -> object:
    """The object a full name means (a module's attribute, an attribute's...), or None."""
    parts = full.split(".")
    for cut in range(len(parts), 0, -1):
        found: object = _import(".".join(parts[:cut]))
        if found is not None:
            for part in parts[cut:]:
                found = getattr(found, part, None)
            return found
    return None


def _lookup(target: str) -> tuple[object, str] | None:
    """The class or function a dotted name means, and the dotted rest after it."""
    parts = target.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        found: object = _import(".".join(parts[:cut]))
        if found is None:
            continue
        for index, part in enumerate(parts[cut:]):
            found = getattr(found, part, None)
            if found is None:
                return None
            if inspect.isclass(found) or inspect.isroutine(found):
                return found, ".".join(parts[cut + index + 1 :])
        return None
    return None


def _member_name(target: str) -> str:
    """The full name of a member given by the public name of its class:
    ``dokuspec.engine.sumodoku.SumodokuState.hand`` (a package re-exports the class)
    means ``hand`` of the class where it is defined, or of the base class that defines
    ``hand``. Anything else is returned as it is."""
    looked_up = _lookup(target)
    if looked_up is None:
        return target
    found, rest = looked_up
    if not inspect.isclass(found) or not rest:
        home, qualname = getattr(found, "__module__", None), getattr(found, "__qualname__", None)
        if home and qualname and _object(f"{home}.{qualname}") is found:
            return ".".join(filter(None, [home, qualname, rest]))
        return target
    head, _, tail = rest.partition(".")
    for cls in inspect.getmro(found):
        if head in vars(cls) and cls.__module__.startswith("dokuspec."):
            return ".".join(filter(None, [cls.__module__, cls.__qualname__, head, tail]))
    return target


def _documented_name(full: str) -> str:
    """The name under which the object called ``full`` is documented."""
    parts = full.split(".")
    for cut in range(len(parts), 1, -1):
        head = ".".join(parts[:cut])
        if head in _package_values():
            return ".".join([_package_values()[head], *parts[cut:]])
    module_name, _, name = full.rpartition(".")
    if module_name in PUBLIC_PACKAGES and name in importlib.import_module(module_name).__all__:
        defined = _defined_at(module_name, name)
        if defined not in _package_values() and defined != full:
            return _documented_name(defined)
    looked_up = _lookup(full)
    if looked_up is not None:
        found, rest = looked_up
        public = _public_routines().get(id(found))
        if public is not None:
            return f"{public}.{rest}" if rest else public
        # A member of a class that a module imports from where it is defined
        # (dokuspec.engine.base.State.record): documented where the class is.
        defined = f"{getattr(found, '__module__', '')}.{getattr(found, '__qualname__', '')}"
        if rest and defined.startswith("dokuspec.") and not full.startswith(defined + "."):
            return f"{defined}.{rest}"
    return full


def _public_third_party_name(target: str) -> str | None:
    """``hypothesis.settings`` for ``hypothesis._settings.settings``: the name a
    third-party package exports an object under that it defines in a private module."""
    parts = target.split(".")
    if not any(part.startswith("_") for part in parts[1:-1]):
        return None
    looked_up = _lookup(target)
    if looked_up is None or looked_up[1]:
        return None
    public = [part for part in parts[:-1] if not part.startswith("_")]
    for cut in range(len(public), 0, -1):
        module = _import(".".join(public[:cut]))
        if module is not None and getattr(module, parts[-1], None) is looked_up[0]:
            return f"{'.'.join(public[:cut])}.{parts[-1]}"
    return None


def _scope_of(full: str) -> tuple[str, type | None] | None:
    """The module and class whose names the object called ``full`` uses: for a class or
    function, those it was defined in (a class is its own scope)."""
    defined = {public: defined for defined, public in _package_values().items()}
    parts = defined.get(full, full).split(".")
    for cut in range(len(parts), 0, -1):
        found: object = _import(".".join(parts[:cut]))
        if found is None:
            continue
        module_name, owner = ".".join(parts[:cut]), None
        for part in parts[cut:]:
            found = getattr(found, part, None)
            if inspect.isclass(found):
                owner = found
        if owner is not None:
            return owner.__module__, owner
        home = getattr(found, "__module__", None)
        if inspect.isroutine(found) and isinstance(home, str) and _import(home):
            return home, None
        return module_name, None
    return None


def _scope(node: pending_xref) -> tuple[str | None, type | None]:
    """The module and class whose names a reference uses.

    Within an object's description (its signature, its docstring, the types
    autodoc adds), those of the object's own source, wherever it is shown;
    in a module's docstring, that module's; elsewhere, the page's context.
    """
    for ancestor in _ancestors(node):
        if isinstance(ancestor, desc):
            for signature in ancestor.findall(desc_signature):
                module_name, fullname = signature.get("module"), signature.get("fullname")
                if module_name and fullname:
                    found = _scope_of(f"{module_name}.{fullname}")
                    if found is not None:
                        return found
                break
            break
    source = get_source_line(node)[0] or ""
    match = _DOCSTRING_OF.search(source)
    if match and match["name"].startswith("dokuspec."):
        found = _scope_of(match["name"])
        if found is not None:
            return found
    module_name = node.get("py:module")
    owner = None
    if module_name and node.get("py:class"):
        looked_up = _lookup(f"{module_name}.{node['py:class']}")
        if looked_up is not None and inspect.isclass(looked_up[0]) and not looked_up[1]:
            owner = looked_up[0]
    return module_name, owner


def _ancestors(node: Element) -> Iterator[Element]:
    parent = node.parent
    while parent is not None:
        yield parent
        parent = parent.parent


def _qualify(target: str, role: str, module_name: str | None, owner: type | None) -> str | None:
    """The full name a reference's target means in its scope, or None to leave it as is.

    A bare name means the class's member first (a method or attribute, or for
    ``:class:`` a nested class), then the module's.
    """
    if target.startswith("dokuspec."):
        home, _, name = target.rpartition(".")
        return _full_name(home, name) if _import(home) else _member_name(target)
    head, dot, rest = target.partition(".")
    if owner is not None and not dot:
        for cls in inspect.getmro(owner):
            member = vars(cls).get(head)
            fits = role in {"meth", "attr", "obj"} or (
                role in {"class", "exc"} and inspect.isclass(member)
            )
            if head in vars(cls) and fits:
                return f"{cls.__module__}.{cls.__qualname__}.{head}"
    full = _full_name(module_name, head) if module_name else None
    if full is not None:
        target = f"{full}{dot}{rest}"
        if target.startswith("dokuspec."):
            return target
    public = _public_third_party_name(target)
    return public or (target if full is not None else None)


def _qualify_names(app: Sphinx, doctree: Element) -> None:
    """Give every Python reference the documented full name of the object it means."""
    for node in doctree.findall(pending_xref):
        target = node.get("reftarget", "")
        if node.get("refdomain") != "py" or not re.fullmatch(r"[\w.]+", target):
            continue
        if target.startswith(".") or target.endswith("."):
            continue
        full = _qualify(target, node.get("reftype", ""), *_scope(node))
        if full is None:
            continue
        node["reftarget"] = _documented_name(full) if full.startswith("dokuspec.") else full
        if node.hasattr("refspecific"):
            del node["refspecific"]


def _public_bases(app: Sphinx, name: str, obj: type, options: object, bases: list[type]) -> None:
    """Show a class's public ancestors rather than a private base of dokuspec's
    (``Bases: Action``, not a game's private base such as ``_OnASquare``)."""
    index = 0
    while index < len(bases):
        base = bases[index]
        if base.__module__.startswith("dokuspec.") and base.__name__.startswith("_"):
            bases[index : index + 1] = [b for b in base.__bases__ if b not in bases]
        else:
            index += 1


def _link_typing_data(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: TextElement
) -> Element | None:
    """Link an annotation's ``typing.Literal`` (a class reference, as Sphinx writes every
    type in a signature) to Python's documentation, which describes it as data."""
    if node.get("refdomain") != "py" or node.get("reftype") != "class":
        return None
    retry = node.deepcopy()
    retry["reftype"] = "obj"
    found: Element | None = resolve_reference_detect_inventory(env, retry, contnode)
    return found


# -- Constants and type aliases a game package exports -------------------------
#
# autodoc documents a module's constants only from the module's own source,
# so those a game package re-exports are listed in api.rst one by one
# (``.. autodata:: dokuspec.sumodoku.BOT_NAMES``); their docstrings are the
# ones they have where they are defined, and the build fails if one is not
# listed.


def _package_value_docstring(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """The docstring of a constant or type alias shown under its game package: the one
    it has where it is defined."""
    if what not in {"data", "type"} or name not in _package_values().values():
        return
    defined = next(full for full, public in _package_values().items() if public == name)
    module_name, _, attribute = defined.rpartition(".")
    docs = ModuleAnalyzer.for_module(module_name).find_attr_docs().get(("", attribute))
    lines[:] = list(docs) if docs else []


def _check_package_values(app: Sphinx, env: BuildEnvironment) -> None:
    """Every constant and type alias a game package exports and defines is documented."""
    documented = env.get_domain("py").objects
    for public in sorted(_package_values().values()):
        if public not in documented:
            LOGGER.warning(
                "%s is exported but not documented: add '.. autodata:: %s' to api.rst",
                public,
                public,
                type="dokuspec",
                subtype="undocumented",
            )


# -- The vocabulary's packages ------------------------------------------------
#
# A vocabulary package (dokuspec.vocabulary.twodoku, ...) is the home of every
# class and function it publishes (their ``__module__``), as when it was one
# module, so autodoc reads their members' order and attribute docs in the
# package's source: the package is read as its ``__init__`` followed by its
# modules.


def _read_vocabulary_packages(app: Sphinx) -> None:
    import dokuspec.vocabulary  # noqa: PLC0415 - after sys.path points at this checkout

    for found in pkgutil.iter_modules(dokuspec.vocabulary.__path__, "dokuspec.vocabulary."):
        if not found.ispkg:
            continue
        init = Path(importlib.import_module(found.name).__file__ or "")
        files = [init, *sorted(init.parent.glob("[!_]*.py"))]
        # A statement between two modules: a module's docstring is not taken for the
        # docstring of the assignment before it.
        source = "\npass\n".join(
            _FUTURE.sub("", path.read_text(encoding="utf-8")) for path in files
        )
        ModuleAnalyzer.cache["module", found.name] = ModuleAnalyzer.for_string(
            source, found.name, init
        )


_FUTURE = re.compile(r"^from __future__ import annotations$", re.MULTILINE)


def setup(app: Sphinx) -> None:
    app.add_config_value("dokuspec_games", (), "env")
    app.add_directive("dokuspec-games", GamesDirective)
    app.connect("builder-inited", _read_vocabulary_packages)
    app.connect("doctree-read", _qualify_names)
    app.connect("autodoc-process-bases", _public_bases)
    app.connect("missing-reference", _link_typing_data, priority=600)
    app.connect("autodoc-process-docstring", _package_value_docstring, priority=400)
    app.connect("env-check-consistency", _check_package_values)
