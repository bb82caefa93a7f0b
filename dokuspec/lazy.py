"""Packages whose public names are imported when first used (:pep:`562`).

A public game module (:mod:`dokuspec.sumodoku`, :mod:`dokuspec.competitive`,
:mod:`dokuspec.twodoku`) names dozens of values from several modules; a
program that asks one question of one game should load only the modules
that answer it. Such a package lists its names under ``if TYPE_CHECKING:``
(for readers and type checkers), says where each is defined in a table, and
lets :func:`attach` make its module ``__getattr__`` and ``__dir__``::

    _SOURCES = {"dokuspec.sumodoku.positions": ("check", "explain")}
    if not TYPE_CHECKING:
        __getattr__, __dir__ = attach(__name__, _SOURCES, ("positions",))
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping, Sequence

__all__ = ["attach"]


def attach(
    package: str, sources: Mapping[str, Sequence[str]], submodules: Sequence[str] = ()
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The module ``__getattr__`` and ``__dir__`` of ``package``, loading names on first use.

    Args:
        package: the package's ``__name__``.
        sources: for each module (its full name), the public names it defines.
        submodules: the package's own submodules, reachable as attributes
            (``dokuspec.sumodoku.moves``) without importing them first.

    Returns:
        ``__getattr__(name)``: the name imported from its module and kept in
        the package (so it is imported once), a submodule imported, or
        ``AttributeError`` as for any module; ``__dir__()``: the package's
        names, the public ones not yet loaded included.

    Raises:
        ValueError: a name is given for two modules.
    """
    where: dict[str, str] = {}
    for source, names in sources.items():
        for name in names:
            if where.setdefault(name, source) != source:
                raise ValueError(f"{name!r} is given for {where[name]} and {source}")
    namespace = vars(sys.modules[package])

    def load(name: str) -> object:
        source = where.get(name)
        if source is not None:
            value = getattr(importlib.import_module(source), name)
            namespace[name] = value
            return value
        if name in submodules:
            return importlib.import_module(f"{package}.{name}")
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def listing() -> list[str]:
        return sorted({*namespace, *namespace.get("__all__", ())})

    return load, listing
