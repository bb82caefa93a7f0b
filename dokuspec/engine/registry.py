"""The registry of games: :func:`register`, :func:`registered_games`, :func:`load_game`.

The installed games (the ``dokuspec.games`` entry points, :mod:`dokuspec.games`)
are registered when first asked for; a program may register a game of its
own. The names are the engine protocol's, importable from
:mod:`dokuspec.engine.base` too.
"""

from __future__ import annotations

from typing import TypeVar

from dokuspec.engine.base import JSONValue, RegistryError
from dokuspec.engine.game import Game

__all__ = ["load_game", "register", "registered_games", "unregister"]

_REGISTRY: dict[str, type[Game]] = {}

G = TypeVar("G", bound=type[Game])


def _installed_reference(name: str) -> str | None:
    """The engine reference (``"module:Class"``) of the installed game ``name``, if any."""
    from dokuspec import games  # noqa: PLC0415 - the plug-in registry, read when first needed

    for spec in games.installed():
        if spec.name == name:
            return spec.engine
    return None


def _defined_in(game_class: type[Game], module: str) -> bool:
    """Whether ``game_class`` is defined in ``module`` or a module of the package ``module``
    (the installed engine's own class, registering itself as its module is imported)."""
    return game_class.__module__ == module or game_class.__module__.startswith(module + ".")


def _load_installed(name: str | None = None) -> None:
    """Import the engine of the installed game ``name`` (of every installed game with ``None``)
    and register it, unless a class is registered under its name already.

    The games installed are those of :mod:`dokuspec.games` (the ``dokuspec.games`` entry
    points): each names its engine class, which is imported when the game is first asked
    for, so that a program loads only the games it uses.

    Raises:
        PluginError: an installed game's engine does not load, is not a :class:`Game`
            subclass, or has another name than its game.
    """
    from dokuspec import games  # noqa: PLC0415 - the plug-in registry, read when first needed

    for spec in games.installed():
        if name not in (None, spec.name) or spec.name in _REGISTRY:
            continue
        game_class = spec.load("engine")
        if not (isinstance(game_class, type) and issubclass(game_class, Game)):
            raise games.PluginError(f"{spec.name}: its engine {spec.engine!r} is not a Game")
        if game_class.name != spec.name:
            raise games.PluginError(
                f"{spec.name}: its engine {spec.engine!r} is named {game_class.name!r}"
            )
        _REGISTRY.setdefault(spec.name, game_class)


def register(game_class: G) -> G:
    """Register a game class under its :attr:`Game.name`; usable as a class decorator.

    Raises:
        TypeError: ``game_class`` is not a subclass of :class:`Game`.
        RegistryError: another class is registered under that name.
    """
    if not (isinstance(game_class, type) and issubclass(game_class, Game)):
        raise TypeError(f"only Game subclasses can be registered, not {game_class!r}")
    name = game_class.name
    reference = _installed_reference(name)
    if reference is not None and not _defined_in(game_class, reference.partition(":")[0]):
        _load_installed(name)  # an installed game of that name is registered first
    if name in _REGISTRY and _REGISTRY[name] is not game_class:
        raise RegistryError(f"a game named {name!r} is already registered")
    _REGISTRY[name] = game_class
    return game_class


def unregister(name: str) -> None:
    """Remove a game from the registry (for tests that register a game of their own).

    Raises:
        RegistryError: no game of that name is registered.
    """
    _load_installed(name)
    if name not in _REGISTRY:
        raise RegistryError(f"no game named {name!r} is registered")
    del _REGISTRY[name]


def registered_games() -> tuple[str, ...]:
    """The names of every registered game (installed or registered here), sorted."""
    _load_installed()
    return tuple(sorted(_REGISTRY))


def load_game(name: str, **options: JSONValue) -> Game:
    """The registered game ``name`` with the given options.

    Raises:
        RegistryError: no game of that name is registered.
        GameOptionError: an unknown option or a bad value.
    """
    if name not in _REGISTRY:
        _load_installed(name)
    try:
        game_class = _REGISTRY[name]
    except KeyError:
        known = ", ".join(registered_games()) or "none"
        raise RegistryError(f"no game named {name!r} (games: {known})") from None
    return game_class(**options)
