"""Sphinx configuration of the dokuspec rules handbook."""

from __future__ import annotations

import ast
import importlib
import inspect
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from sphinx.addnodes import pending_xref

if TYPE_CHECKING:
    from docutils.nodes import Element
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

# Let autodoc and sphinx-click import dokuspec from this checkout even when it
# is not installed.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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

exclude_patterns = ["_build", "_inventories", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []
html_static_path: list[str] = []

# Curly quotes and ellipses, but no dashes: command-line help text such as
# "--json" must stay as typed.
smartquotes_action = "qe"

html_theme = "furo"
html_title = f"dokuspec {release}"

# Cross-references that cannot be resolved (type aliases, third-party types)
# are left as plain text rather than reported.
nitpicky = False

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


# -- Re-exported names -------------------------------------------------------
#
# Docstrings refer to names the way their module sees them: ``Position`` in
# dokuspec.sumodoku (re-exported from dokuspec.vocabulary.sumodoku),
# ``ModelError`` in dokuspec.spec.model, ``Backend.solve`` in the backends.
# Each object is documented once, where it is defined; this resolver follows
# a short name through the module that imports it to that place.


def _resolve_imported_name(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: Element
) -> Element | None:
    if node.get("refdomain") != "py":
        return None
    module_name = node.get("py:module")
    target = node.get("reftarget", "")
    if not module_name or not target:
        return None
    target = target.lstrip("~.")
    head, dot, rest = target.partition(".")
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        return None
    found = getattr(module, head, None)
    home = getattr(found, "__module__", None)
    if found is None or not home or home == module_name:
        return None
    full = f"{home}.{getattr(found, '__qualname__', head)}{dot}{rest}"
    domain = env.get_domain("py")
    resolved = node.deepcopy()
    resolved["reftarget"] = full
    found_node: Element | None = domain.resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], full, resolved, contnode
    )
    return found_node


def _full_name(module_name: str, name: str) -> str | None:
    """Where the object that ``module_name`` calls ``name`` is documented, by full name.

    A class or function by its own module and qualified name; any other
    value (a type alias, a constant) where the module's source imports it
    from, or else the module itself.
    """
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        return None
    found = getattr(module, name, None)
    if found is None:
        return None
    home = getattr(found, "__module__", None)
    qualname = getattr(found, "__qualname__", None)
    if (inspect.isclass(found) or inspect.isroutine(found)) and home and qualname:
        return f"{home}.{qualname}"
    try:
        tree = ast.parse(inspect.getsource(module))
    except (OSError, TypeError, SyntaxError):
        return None
    for statement in tree.body:
        if isinstance(statement, ast.ImportFrom) and statement.module and not statement.level:
            for alias in statement.names:
                if (alias.asname or alias.name) == name:
                    return f"{statement.module}.{alias.name}"
    return f"{module_name}.{name}"


def _qualify_bare_names(app: Sphinx, doctree: Element) -> None:
    """Give an unqualified name in a signature the full name its module means.

    A signature's types are looked up loosely (any documented object whose
    name ends so), so a bare ``Position`` or ``BackendName`` would match
    Sumodoku's and Two-Doku's, or two games' aliases, alike. The object the
    module itself defines or imports is the one meant; if it is not
    documented the name stays plain text.
    """
    for node in doctree.findall(pending_xref):
        target = node.get("reftarget", "")
        module_name = node.get("py:module")
        if not node.hasattr("refspecific") or not module_name or not target.isidentifier():
            continue
        full = _full_name(module_name, target)
        if full is not None:
            node["reftarget"] = full
            del node["refspecific"]


# -- Public import paths -------------------------------------------------------
#
# The API reference documents each game's public objects under its package
# (``dokuspec.sumodoku.check``), not under the module that defines them
# (``dokuspec.sumodoku.positions.check``). A reference by the defining
# module's path, in a docstring or a page, is sent to the public name.

PUBLIC_PACKAGES = ("dokuspec.sumodoku", "dokuspec.competitive", "dokuspec.twodoku")


def _public_names() -> dict[int, str]:
    names: dict[int, str] = {}
    for package_name in PUBLIC_PACKAGES:
        package = importlib.import_module(package_name)
        for name in package.__all__:
            found = getattr(package, name)
            if inspect.isclass(found) or inspect.isroutine(found):
                names.setdefault(id(found), f"{package_name}.{name}")
    return names


def _lookup(target: str) -> tuple[object, str] | None:
    """The object a dotted name means (and the dotted rest after a class), by importing."""
    parts = target.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for index, part in enumerate(parts[cut:]):
            found = getattr(found, part, None)
            if found is None:
                return None
            if inspect.isclass(found) or inspect.isroutine(found):
                return found, ".".join(parts[cut + index + 1 :])
        return None
    return None


def _resolve_public_name(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: Element
) -> Element | None:
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "").lstrip("~.")
    if not target.startswith("dokuspec."):
        return None
    looked_up = _lookup(target)
    if looked_up is None:
        return None
    found, rest = looked_up
    public = _public_names().get(id(found))
    if public is None or public == target:
        return None
    full = f"{public}.{rest}" if rest else public
    resolved = node.deepcopy()
    resolved["reftarget"] = full
    domain = env.get_domain("py")
    found_node: Element | None = domain.resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], full, resolved, contnode
    )
    return found_node


def setup(app: Sphinx) -> None:
    app.connect("missing-reference", _resolve_imported_name)
    app.connect("missing-reference", _resolve_public_name)
    app.connect("doctree-read", _qualify_bare_names)
