"""A game's rules and options: :class:`Game` and :class:`OptionSpec`.

A :class:`Game` holds the rules of one game with its options fixed (each
checked against its :class:`OptionSpec`'s JSON schema) and makes the
initial :class:`~dokuspec.engine.base.State`. The names are the engine
protocol's, importable from :mod:`dokuspec.engine.base` too.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from dokuspec.engine.base import Action, GameOptionError, JSONValue, _schema_error

if TYPE_CHECKING:
    from dokuspec.engine.state import State

__all__ = ["Game", "OptionSpec"]


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game.

    Attributes:
        name: the option's name, as passed to :func:`~dokuspec.engine.registry.load_game`.
        default: the value when the option is not given.
        schema: a JSON schema every value must satisfy (for example
            ``{"type": "integer", "minimum": 1, "maximum": 7}``).
        description: one line for the handbook.
    """

    name: str
    default: JSONValue
    schema: Mapping[str, Any]
    description: str


class Game(ABC):
    """The rules of one game, with its options fixed.

    Subclasses set :attr:`name` and :attr:`option_specs` and implement the
    abstract methods. Games compare equal when they have the same name and
    options.

    Args:
        **options: option values by name; options not given take their
            default.

    Raises:
        GameOptionError: an unknown option, or a value its schema refuses.
    """

    name: ClassVar[str]
    """The registered name (``"minidoku"``)."""

    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    """The options the game accepts."""

    player_names: ClassVar[tuple[str, ...]] = ()
    """The game's words for its players in messages, by number (``("Red", "Blue")``);
    empty: ``player 0``, ``player 1``, ..."""

    def __init__(self, **options: JSONValue) -> None:
        known = {spec.name: spec for spec in self.option_specs}
        for option in options:
            if option not in known:
                names = ", ".join(sorted(known)) or "none"
                raise GameOptionError(self.name, option, f"unknown option (options: {names})")
        values: dict[str, JSONValue] = {}
        for spec in self.option_specs:
            value = options.get(spec.name, spec.default)
            error = _schema_error(spec.schema, value)
            if error is not None:
                raise GameOptionError(self.name, spec.name, error.reason)
            values[spec.name] = copy.deepcopy(value)
        self._options = values

    @property
    def options(self) -> dict[str, JSONValue]:
        """Every option's value, defaults included (a copy, JSON-able)."""
        return copy.deepcopy(self._options)

    @abstractmethod
    def num_players(self) -> int:
        """The number of players ``n``; players are numbered ``0 .. n-1``."""

    @abstractmethod
    def min_utility(self) -> float:
        """The lowest value any player's return can take."""

    @abstractmethod
    def max_utility(self) -> float:
        """The highest value any player's return can take."""

    @abstractmethod
    def max_game_length(self) -> int:
        """The most steps a game can take: chance outcomes, single actions and
        joint (simultaneous) actions each count as one step of the history."""

    @abstractmethod
    def new_initial_state(self, seed: int = 0) -> State:
        """The state before the first step.

        Args:
            seed: the seed of :meth:`~dokuspec.engine.state.State.sample_chance_outcome`, an
                integer 0 to ``2**64 - 1`` (:mod:`dokuspec.seeds`).

        Raises:
            TypeError: ``seed`` is not an ``int`` (or is a bool).
            DokuspecError: ``seed`` is outside 0 to ``2**64 - 1``.
        """

    @abstractmethod
    def action_from_json(self, data: object) -> Action:
        """Read an action's JSON form (:meth:`Action.to_json`).

        Raises:
            RecordError: ``data`` is not the JSON form of one of this game's
                actions; the message gives the JSON path (``$.row``).
        """

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return type(self) is type(other) and self._options == other._options

    def __hash__(self) -> int:
        return hash((type(self).__name__, repr(sorted(self._options.items()))))

    def __repr__(self) -> str:
        options = ", ".join(f"{k}={v!r}" for k, v in sorted(self._options.items()))
        return f"{self.name}({options})"
