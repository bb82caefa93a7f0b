"""The game plug-in: what a game declares to the toolkit, and the games installed.

A game (one of dokuspec's own, or one from another package) declares itself
with one :class:`GameSpec` and registers it under the entry-point group
``dokuspec.games`` of its package's metadata, for example in its
``pyproject.toml``::

    [project.entry-points."dokuspec.games"]
    duidoku = "duidoku.plugin:GAME"

Everything the toolkit does for every game reads :func:`installed`: the
command line's game groups (``dokuspec GAME ...``), the engine registry
(:func:`dokuspec.engine.load_game`), ``dokuspec verify`` and the
conformance suite, and the OpenSpiel adapter
(:func:`dokuspec.openspiel.register_games`). No shared module names a
game; dokuspec's own games (Sumodoku, Competitive Sudoku, Two-Doku and the
small test game Minidoku) register through the same group as any other.

A declaration names each part by where it is defined, as text
(``"module:attribute"``, as entry points do), so that reading the games
installed imports none of them: ``dokuspec --help`` lists every game
without loading one. :meth:`GameSpec.load` imports a part when it is used.
A declaration's module should import nothing but this one. The entry points
themselves are read with ``importlib.metadata.entry_points`` once per
environment and kept in a small cache file (see :func:`installed`), valid
while no directory of ``sys.path`` changes, as installing or removing
a package does.

See the handbook's "Adding a game" page for a whole game written this way.
"""

from __future__ import annotations

import binascii
import contextlib
import importlib
import json
import os
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields
from functools import cache
from typing import Any

from dokuspec.errors import DokuspecError
from dokuspec.files import write_text_file

__all__ = [
    "ENTRY_POINT_GROUP",
    "GameSpec",
    "PluginError",
    "UnknownGameError",
    "game",
    "installed",
    "load_reference",
    "names",
    "registered",
]

ENTRY_POINT_GROUP = "dokuspec.games"
"""The entry-point group a package registers its games under."""

_NAME = re.compile(r"[a-z][a-z0-9_]{0,29}")
_REFERENCE = re.compile(r"[A-Za-z_][\w.]*(:[A-Za-z_][\w.]*)?")
_PARTS = ("engine", "api", "cli", "checks", "strategies", "openspiel", "mutation", "play")


def load_reference(reference: str) -> Any:
    """The object a reference names: ``"module"`` or ``"module:attribute"`` (the attribute
    may be dotted), as entry points and :class:`GameSpec` parts write them; imported now.

    Raises:
        ImportError: the module does not import (or whatever its import raises).
        AttributeError: the module has no such attribute.
    """
    module_name, _, attribute = reference.partition(":")
    found: Any = importlib.import_module(module_name.strip())
    for word in filter(None, attribute.strip().split(".")):
        found = getattr(found, word)
    return found


class PluginError(DokuspecError):
    """A game's declaration that cannot be used: not a :class:`GameSpec`, a bad name or
    reference, a name taken twice, or a part that does not load."""


class UnknownGameError(DokuspecError):
    """No game of that name is installed."""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game as the toolkit sees it: its names and where each of its parts is defined.

    Every part is a reference ``"module"`` or ``"module:attribute"`` (the
    attribute may be dotted), loaded by :meth:`load` when first used;
    ``None`` where the game has no such part (the command line, the
    campaign, OpenSpiel then leave the game out).

    Attributes:
        name: the game's identifier: lower case letters, digits and ``_``,
            at most 30 characters, starting with a letter. It is the engine's
            :attr:`~dokuspec.engine.base.Game.name`, the command
            (``dokuspec NAME``), the prefix of its checks (``NAME/what``)
            and of its OpenSpiel game (``dokuspec_NAME``).
        title: the game's name in prose (``"Two-Doku"``).
        summary: what the game's commands do, one line of at most 60
            characters (``dokuspec --help`` shows it).
        rules: the prefix of its rule IDs (``"SU"`` for SU-1, SU-2, ...), or
            ``""``.
        engine: its engine: a subclass of :class:`dokuspec.engine.base.Game`.
        api: its public module (queries, deals, agents, simulations).
        cli: its command-line group: a ``click.Command``, run as
            ``dokuspec NAME``.
        checks: its cross-checks: a sequence of
            :class:`dokuspec.verify.campaign.Check` (``dokuspec verify``).
        strategies: the module of its Hypothesis strategies.
        openspiel: its OpenSpiel declaration: a
            :class:`dokuspec.openspiel.spec.OpenSpielSpec`.
        chapter: its handbook chapter (a document name, ``"rules/sumodoku"``).
        figures: the script that makes its handbook figures (a path from the
            repository's root).
        schemas: its JSON schemas (paths inside its package's data).
        handbook: the folder of its parts of the handbook's shared pages (a
            path from the repository's root), each an rST file read at build
            time where the page gathers them: ``api.rst`` (its part of the API
            reference; ``api-vocabulary.rst``, ``api-spec.rst``,
            ``api-engine.rst``, ``api-verify.rst`` its parts of those layers),
            ``openspiel.rst`` (its part of the OpenSpiel page), ``rulings.rst``
            (its part of the rulings register); and its
            chapter, ``<chapter's last name>.rst``, when that is not a page
            of the handbook's own. A part it does not hold is left out.
        play: its part in the analysis of play: a
            :class:`dokuspec.play.kit.PlayKit` (agents, endings, option sets,
            exploits), read by ``dokuspec NAME health``, ``ladder`` and
            ``loopholes``.
        mutation: its modules under mutation testing and their own tests: a
            mapping from a module's path to the paths of its test files (both
            from the repository's root), read by ``scripts/mutation.py``.
        order: where it stands when games are listed (smaller first; then by
            name). dokuspec's own games use 5 to 30.
    """

    name: str
    title: str
    summary: str
    engine: str
    rules: str = ""
    api: str | None = None
    cli: str | None = None
    checks: str | None = None
    strategies: str | None = None
    openspiel: str | None = None
    chapter: str | None = None
    figures: str | None = None
    schemas: tuple[str, ...] = ()
    order: int = 100
    handbook: str | None = None
    mutation: str | None = None
    play: str | None = None

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if field.name == "schemas":
                ok = isinstance(value, tuple) and all(isinstance(v, str) for v in value)
            elif field.name == "order":
                ok = isinstance(value, int) and not isinstance(value, bool)
            elif field.default is None:
                ok = value is None or isinstance(value, str)
            else:
                ok = isinstance(value, str)
            if not ok:
                raise PluginError(f"a game's {field.name} is {value!r}, of the wrong type")
        if not _NAME.fullmatch(self.name):
            raise PluginError(
                f"a game's name is lower case letters, digits and '_', at most 30, "
                f"starting with a letter, not {self.name!r}"
            )
        if len(self.summary) > 60 or "\n" in self.summary:
            raise PluginError(f"{self.name}: the summary is one line of at most 60 characters")
        for part in _PARTS:
            reference = getattr(self, part)
            if reference is not None and not _REFERENCE.fullmatch(reference):
                raise PluginError(f"{self.name}: {part} {reference!r} is not 'module:attribute'")

    def load(self, part: str) -> Any:
        """The object one of its parts names (``"engine"``, ``"cli"``, ...), imported now.

        Raises:
            PluginError: not a part's name, a part the game does not have, or
                a reference that does not load (the import's error is its
                cause).
        """
        if part not in _PARTS:
            raise PluginError(f"a game has no part {part!r} (parts: {', '.join(_PARTS)})")
        reference = getattr(self, part)
        if reference is None:
            raise PluginError(f"the game {self.name!r} has no {part}")
        try:
            found = load_reference(reference)
        except (ImportError, AttributeError) as error:
            raise PluginError(
                f"{self.name}: its {part} {reference!r} does not load: {error}"
            ) from error
        return found


_ADDED: dict[str, GameSpec] = {}


def _cache_file() -> str | None:
    """Where this environment's entry points are kept, or ``None`` (no cache directory).

    One file per interpreter and list of ``sys.path`` entries, not per state of
    those directories: a directory that changes (the current one, say) makes the
    file read again and written over, never a new one.
    """
    home = os.path.expanduser("~")
    base = os.environ.get("XDG_CACHE_HOME") or (os.path.join(home, ".cache") if home != "~" else "")
    if not base:
        return None
    # A short name (a CRC: hashlib's import costs more than the rest); the key inside the
    # file is what decides whether it holds this environment's entry points as they are.
    environment = json.dumps([sys.version, sys.executable, sys.path])
    digest = f"{binascii.crc32(environment.encode()):08x}"
    return os.path.join(base, "dokuspec", f"entry-points-{digest}.json")


def _path_key() -> list[list[object]]:
    """What the entry points depend on: each entry of ``sys.path`` with the time its
    directory (or archive) last changed, which installing or removing a package changes."""
    key: list[list[object]] = [[sys.version, sys.executable]]
    for entry in sys.path:
        try:
            key.append([entry, os.stat(entry or ".").st_mtime_ns])
        except OSError:
            key.append([entry, None])
    return key


def _read_points() -> list[tuple[str, str, str]]:
    """The ``dokuspec.games`` entry points: ``(name, "module:attribute", distribution)``.

    Read with ``importlib.metadata.entry_points`` and kept in a small cache
    file per environment (``$XDG_CACHE_HOME/dokuspec/entry-points-*.json``,
    else under ``~/.cache``), valid while no directory of ``sys.path``
    has changed since: importing :mod:`importlib.metadata` and scanning every installed
    distribution would cost each command about a quarter of its start-up. A
    cache that cannot be read or written is passed over.
    """
    key = _path_key()
    where = _cache_file()
    if where is not None:
        try:
            with open(where, encoding="utf-8") as kept:
                cached = json.load(kept)
            if cached.get("key") == key and cached.get("group") == ENTRY_POINT_GROUP:
                return [(str(n), str(v), str(d)) for n, v, d in cached["points"]]
        except (OSError, ValueError, TypeError, AttributeError, KeyError):
            pass  # no cache, or not one of ours: read the metadata
    from importlib.metadata import entry_points  # noqa: PLC0415 - on a cache miss only

    points = [
        (point.name, point.value, point.dist.name if point.dist is not None else "?")
        for point in entry_points(group=ENTRY_POINT_GROUP)
    ]
    if where is not None:
        kept_text = json.dumps({"group": ENTRY_POINT_GROUP, "key": key, "points": points})
        with contextlib.suppress(OSError):  # FileWriteError too
            os.makedirs(os.path.dirname(where), exist_ok=True)
            write_text_file(where, kept_text + "\n")
    return points


@cache
def _from_entry_points() -> tuple[GameSpec, ...]:
    found: dict[str, GameSpec] = {}
    for name, value, distribution in _read_points():
        where = f"entry point {name!r} of {ENTRY_POINT_GROUP} ({distribution})"
        try:
            declared = load_reference(value)
        except Exception as error:
            raise PluginError(f"{where}: {value!r} does not load: {error}") from error
        if not isinstance(declared, GameSpec):
            raise PluginError(f"{where}: {value!r} is not a GameSpec")
        if declared.name != name:
            raise PluginError(f"{where}: it declares the game {declared.name!r}")
        if declared.name in found and found[declared.name] != declared:
            raise PluginError(f"{where}: another package declares {declared.name!r} too")
        found[declared.name] = declared
    return tuple(found.values())


def installed() -> tuple[GameSpec, ...]:
    """Every game installed (entry points) or added (:func:`registered`), in list order.

    Sorted by :attr:`GameSpec.order`, then by name. The entry points are
    read once per process, from the cache of the environment's entry points
    when it is valid (``$XDG_CACHE_HOME/dokuspec/``, else ``~/.cache/dokuspec/``;
    passed over when it cannot be read or written).

    Raises:
        PluginError: a declaration does not load, is not a :class:`GameSpec`,
            declares another name than its entry point's, or two packages
            declare one name.
    """
    games = {spec.name: spec for spec in _from_entry_points()}
    for name, spec in _ADDED.items():
        if name in games and games[name] != spec:
            raise PluginError(f"the game {name!r} is installed already")
        games[name] = spec
    return tuple(sorted(games.values(), key=lambda spec: (spec.order, spec.name)))


def names() -> tuple[str, ...]:
    """The names of the games installed, in list order (see :func:`installed`)."""
    return tuple(spec.name for spec in installed())


def game(name: str) -> GameSpec:
    """The declaration of the game ``name``.

    Raises:
        UnknownGameError: no game of that name is installed.
        PluginError: see :func:`installed`.
    """
    for spec in installed():
        if spec.name == name:
            return spec
    raise UnknownGameError(f"no game named {name!r} (games: {', '.join(names()) or 'none'})")


@contextmanager
def registered(spec: GameSpec) -> Iterator[GameSpec]:
    """Add a game for the time of a ``with`` block (tests, notebooks): as if installed.

    Raises:
        PluginError: ``spec`` is not a :class:`GameSpec`, or a game of its
            name is installed or added already.
    """
    if not isinstance(spec, GameSpec):
        raise PluginError(f"only a GameSpec can be registered, not {spec!r}")
    if spec.name in _ADDED or spec.name in {s.name for s in _from_entry_points()}:
        raise PluginError(f"the game {spec.name!r} is installed already")
    _ADDED[spec.name] = spec
    try:
        yield spec
    finally:
        del _ADDED[spec.name]
