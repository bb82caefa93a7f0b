"""The engine protocol: games, states, actions, game records and the registry.

Every executable game offers the same interface, with OpenSpiel's names so
that researchers recognise it:

* a :class:`Game` holds the rules and their options; it declares the number
  of players, the bounds of the returns and the longest possible game, and
  makes states with :meth:`Game.new_initial_state`;
* a :class:`State` is one node of the game tree. Its
  :meth:`~State.current_player` is a player ``0 .. n-1`` or one of the
  markers :data:`CHANCE`, :data:`SIMULTANEOUS` and :data:`TERMINAL`. Players
  act with :meth:`~State.apply_action` (one player, or a chance outcome) and
  :meth:`~State.apply_actions` (every player at once at a simultaneous
  node). Each player sees the state through :meth:`~State.observation`;
* an :class:`Action` is a typed value with a JSON form and a readable text;
* a :class:`GameRecord` is the JSON account of a game (game, options, seed,
  actions, result) that :func:`replay` turns back into an equal state;
* the registry (:func:`register`, :func:`registered_games`,
  :func:`load_game`) lists the games by name.

Randomness is explicit. Every random event is a chance node whose outcomes
and exact probabilities (:class:`fractions.Fraction`) are listed by
:meth:`State.chance_outcomes`; the outcome that happened is recorded like any
other action, so a record replays without a random number generator. The
seed given to :meth:`Game.new_initial_state` drives
:meth:`State.sample_chance_outcome`, so a seed and the players' choices fix
the whole game.

Bad input raises :class:`EngineError` subclasses (all
:class:`~dokuspec.errors.DokuspecError`, hence :class:`ValueError`): an
illegal action raises :class:`IllegalActionError` and leaves the state
unchanged; an unknown option or a bad option value raises
:class:`GameOptionError`; a malformed or inconsistent record raises
:class:`RecordError`; an unknown or duplicate game name raises
:class:`RegistryError`.

This module defines the markers, the errors, actions (with their JSON form
and its reading, :func:`read_action`) and observations; the protocol's
other names are defined in a module each and imported from here when first
used: :class:`Game` and :class:`OptionSpec` in :mod:`dokuspec.engine.game`,
:class:`State` in :mod:`dokuspec.engine.state`, :class:`GameRecord` and
:func:`replay` in :mod:`dokuspec.engine.game_record`, the registry in
:mod:`dokuspec.engine.registry`.
"""

from __future__ import annotations

import dataclasses
import json
from abc import ABC
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, SupportsIndex, TypeAlias

from dokuspec.errors import DokuspecError, quote
from dokuspec.lazy import attach
from dokuspec.vocabulary.jsontext import SchemaProblem, SchemaWords, schema_problem

if TYPE_CHECKING:
    from dokuspec.engine.game import Game, OptionSpec
    from dokuspec.engine.game_record import GameRecord, replay
    from dokuspec.engine.registry import load_game, register, registered_games, unregister
    from dokuspec.engine.state import State

__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "Action",
    "EngineError",
    "Game",
    "GameOptionError",
    "GameRecord",
    "HistoryEntry",
    "IllegalActionError",
    "JSONValue",
    "Observation",
    "OptionSpec",
    "RecordError",
    "RegistryError",
    "State",
    "action_kinds",
    "load_game",
    "player_name",
    "read_action",
    "register",
    "registered_games",
    "replay",
    "shown_json",
    "unregister",
]

JSONValue: TypeAlias = "bool | int | float | str | list[JSONValue] | dict[str, JSONValue] | None"
"""A value that :func:`json.dumps` writes and :func:`json.loads` reads back equal."""

CHANCE = -1
"""The :meth:`State.current_player` of a chance node (OpenSpiel's ``kChancePlayerId``)."""

SIMULTANEOUS = -2
"""The :meth:`State.current_player` of a node where every player acts at once."""

TERMINAL = -4
"""The :meth:`State.current_player` of a finished game (OpenSpiel's ``kTerminalPlayerId``)."""

_MARKER_NAMES = {CHANCE: "chance", SIMULTANEOUS: "the simultaneous move", TERMINAL: "game over"}


def player_name(player: int, names: Sequence[str] = ()) -> str:
    """A readable name of a player or marker: ``"player 0"``, ``"chance"``, ...

    Args:
        player: a player number ``0 .. n-1`` or :data:`CHANCE`,
            :data:`SIMULTANEOUS` or :data:`TERMINAL`.
        names: the game's words for its players (:attr:`Game.player_names`),
            used for ``0 .. len(names) - 1`` (``"Red"`` for player 0).
    """
    if 0 <= player < len(names):
        return names[player]
    return _MARKER_NAMES.get(player, f"player {player}")


# -- errors --------------------------------------------------------------------------------------


class EngineError(DokuspecError):
    """Base class of the engine's errors for bad input (a :class:`ValueError`)."""


class IllegalActionError(EngineError):
    """An action that is not legal in this state; the state is left unchanged.

    Attributes:
        game: the game's registered name.
        action: the action (for :meth:`State.apply_actions`, the tuple of
            actions).
        player: whose turn it was: :meth:`State.current_player` when the
            action was tried, or the player whose part of a joint action is
            illegal.
        reason: why the action is illegal, in the game's words.
    """

    def __init__(
        self, game: str, action: object, player: int, reason: str, names: Sequence[str] = ()
    ) -> None:
        self.game = game
        self.action = action
        self.player = player
        self.reason = reason
        shown = (
            "(" + ", ".join(str(a) for a in action) + ")"
            if isinstance(action, tuple)
            else str(action)
        )
        who = player_name(player, names)
        super().__init__(f"{game}: illegal action {shown} for {who}: {reason}")


class GameOptionError(EngineError):
    """An unknown game option, or a value a game option does not accept.

    Attributes:
        game: the game's registered name.
        option: the option's name.
    """

    def __init__(self, game: str, option: str, reason: str) -> None:
        self.game = game
        self.option = option
        super().__init__(f"{game}: option {option!r}: {reason}")


class RecordError(EngineError):
    """A game record is malformed, or does not replay to the result it states.

    The message starts with the JSON path of the first bad part, such as
    ``$.actions[7].action``.
    """


class RegistryError(EngineError):
    """An unknown game name, or a second game registered under a taken name."""


# -- actions and observations --------------------------------------------------------------------


class Action(ABC):
    """Base class of every game's actions: a kind, fields, a JSON form and a readable text.

    A game declares each kind of action as a frozen, slotted dataclass deriving
    from this class, naming its JSON ``"type"`` in :attr:`kind`; its fields are
    the members of its JSON form, in order::

        @dataclass(frozen=True, slots=True)
        class Place(Action):
            kind: ClassVar[str] = "place"
            row: int
            col: int

    From that declaration the base derives :meth:`to_json` (``{"type":
    "place", "row": 1, "col": 2}``), :meth:`from_members` (the action back
    from the members :func:`read_action` has read) and pickling as the class
    and its fields (compact, and fast to copy). A kind whose JSON members are
    not its fields (a square written as its row and column) names them in
    :attr:`json_members` and overrides :meth:`json_values` and
    :meth:`from_members`. A class that defines :meth:`to_json` itself (the
    form before this base derived it) keeps working as it is.

    ``str(action)`` is a short readable text (``"place 3 at r1c2"``); the
    game reads the JSON form back with :meth:`Game.action_from_json`.
    Actions compare by value.
    """

    __slots__ = ()

    kind: ClassVar[str]
    """The ``"type"`` of the JSON form (``"place"``)."""

    json_members: ClassVar[tuple[str, ...] | None] = None
    """The members of the JSON form besides ``"type"``, in order; ``None``: the fields."""

    @classmethod
    def member_names(cls) -> tuple[str, ...]:
        """The members of the JSON form besides ``"type"``: :attr:`json_members`, or the
        dataclass fields' names in order."""
        if cls.json_members is not None:
            return cls.json_members
        return _field_names(cls)

    def json_values(self) -> dict[str, JSONValue]:
        """The members of the JSON form besides ``"type"``: each field's value as JSON (a
        tuple as a list, a value of another class as its text, ``str(card)``)."""
        values: dict[str, JSONValue] = {}
        # The cached names first and a plain value as it is: fast paths, each giving what
        # the other way gives (the names read again, _as_json's copy of a plain value).
        for name in _FIELD_NAMES.get(type(self)) or _field_names(type(self)):  # pragma: no mutate
            value = getattr(self, name)
            values[name] = value if type(value) in _PLAIN else _as_json(value)  # pragma: no mutate
        return values

    def to_json(self) -> dict[str, JSONValue]:
        """The JSON form: ``{"type": kind, ...members}`` (:meth:`json_values`).

        Raises:
            TypeError: the class declares no :attr:`kind` (and no ``to_json`` of its own).
        """
        kind = getattr(type(self), "kind", None)
        if not isinstance(kind, str):
            raise TypeError(f"{type(self).__name__} declares no kind (the JSON form's type)")
        return {"type": kind, **self.json_values()}

    @classmethod
    def from_members(cls, values: Mapping[str, object]) -> Action:
        """The action whose JSON members (besides ``"type"``) have the values ``values``,
        read by :func:`read_action`: by default the class called with them in order, a
        list as a tuple (actions are immutable)."""
        return cls(*(_as_field(values[name]) for name in cls.member_names()))

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        # Pickled as the class and its fields (fast, compact); a class with its own
        # __reduce__, or not a dataclass of init fields, as Python pickles it.
        names = _init_names(type(self))
        if names is None or type(self).__reduce__ is not object.__reduce__:
            return super().__reduce_ex__(protocol)
        return type(self), tuple(getattr(self, name) for name in names)


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
_PLAIN = frozenset({int, str, float, bool, type(None)})  # JSON values as they are
_INIT_NAMES: dict[type, tuple[str, ...] | None] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    """The names of the dataclass ``cls``'s fields, in order (none for another class)."""
    # A cache: without it the same names are read again.
    names = _FIELD_NAMES.get(cls)  # pragma: no mutate
    if names is None:
        found = dataclasses.fields(cls) if dataclasses.is_dataclass(cls) else ()
        names = _FIELD_NAMES[cls] = tuple(f.name for f in found)
    return names


def _init_names(cls: type) -> tuple[str, ...] | None:
    """The fields that make an instance of the dataclass ``cls`` again, or ``None`` when
    not every field is an argument of its ``__init__`` (or ``cls`` is no dataclass)."""
    if cls not in _INIT_NAMES:
        found = dataclasses.fields(cls) if dataclasses.is_dataclass(cls) else None
        _INIT_NAMES[cls] = (
            tuple(f.name for f in found)
            if found is not None and all(f.init for f in found)
            else None
        )
    return _INIT_NAMES[cls]


def _as_json(value: object) -> JSONValue:
    """A field's value as JSON: plain values as they are, a tuple or list item by item,
    another value as its text (``str(card)``)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, tuple | list):
        return [_as_json(item) for item in value]
    return str(value)


def _as_field(value: object) -> object:
    """A JSON member's value as a field holds it: a list as a tuple, item by item."""
    if isinstance(value, list):
        return tuple(_as_field(item) for item in value)
    return value


def shown_json(value: object) -> str:
    """A JSON value as an error message shows it, kept short.

    A string, float, bool or ``null`` as JSON writes it, cut after 40
    characters (``"abc...``); an integer as JSON writes it, or by its size
    when very long; an object or array by its size
    (:func:`dokuspec.errors.quote`).
    """
    if isinstance(value, dict | list) or (isinstance(value, int) and not isinstance(value, bool)):
        return quote(value)
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        return quote(value)
    return text if len(text) <= 42 else text[:40] + '"...'


def action_kinds(*classes: type[Action]) -> dict[str, type[Action]]:
    """A game's kinds of action by their JSON ``"type"``, for :func:`read_action`.

    Raises:
        TypeError: a class declares no :attr:`Action.kind`.
        ValueError: two classes declare the same kind.
    """
    kinds: dict[str, type[Action]] = {}
    for action_class in classes:
        kind = getattr(action_class, "kind", None)
        if not isinstance(kind, str):
            raise TypeError(f"{action_class.__name__} declares no kind")
        if kinds.setdefault(kind, action_class) is not action_class:
            raise ValueError(f"two kinds of action are named {kind!r}")
    return kinds


def read_action(
    data: object,
    kinds: Mapping[str, type[Action]],
    *,
    member: Callable[[str, str, object], object] | None = None,
    make: Callable[[str, dict[str, object]], Action] | None = None,
    shown: Callable[[object], str] = shown_json,
) -> Action:
    """The action whose JSON form (:meth:`Action.to_json`) is ``data``.

    Checked in this order: ``data`` is an object, its ``"type"`` names one of
    ``kinds``, it has no member its kind lacks, then each member of the kind
    in order is there and reads (``member``).

    Args:
        data: a parsed JSON value.
        kinds: the game's kinds of action by type (:func:`action_kinds`).
        member: reads one member, ``member(kind, key, value)``, and returns its
            value (a :class:`RecordError` if it is wrong); by default the
            value as it is.
        make: makes the action from its kind and read members,
            ``make(kind, values)`` (it may check them as a whole first); by
            default :meth:`Action.from_members` of the kind's class.
        shown: writes a value in a message (:func:`shown_json`).

    Raises:
        RecordError: ``data`` is not such a form; the message starts with the
            JSON path of the bad part (``$.type``, ``$.row``, or ``$``) and
            reads, for instance, ``$: a place action needs "row"``.
    """
    if not isinstance(data, dict):
        raise RecordError(f"$: an action is a JSON object, not {shown(data)}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in kinds:
        listed = ", ".join(sorted(kinds))
        raise RecordError(f"$.type: {shown(kind)} is not an action type ({listed})")
    action_class = kinds[kind]
    names = action_class.member_names()
    for key in data:
        if key != "type" and key not in names:
            raise RecordError(f"$: a {kind} action has no member {shown(key)}")
    values: dict[str, object] = {}
    for key in names:
        if key not in data:
            raise RecordError(f"$: a {kind} action needs {json.dumps(key)}")
        values[key] = data[key] if member is None else member(kind, key, data[key])
    if make is None:
        return action_class.from_members(values)
    return make(kind, values)


@dataclass(frozen=True, slots=True)
class Observation:
    """What one player may see of a state.

    Attributes:
        player: the observing player.
        data: the observation as JSON-able data.
        text: the same observation as readable text (at most 80 columns).
    """

    player: int
    data: JSONValue
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One step of a game: who acted and with which action(s).

    Attributes:
        player: a player number, :data:`CHANCE`, or :data:`SIMULTANEOUS`.
        actions: one action, or at a simultaneous node one action per
            player in player order.
    """

    player: int
    actions: tuple[Action, ...]

    def to_json(self) -> dict[str, JSONValue]:
        """``{"player": p, "action": {...}}``, or ``{"player": -2, "actions": [...]}``."""
        if self.player == SIMULTANEOUS:
            return {"player": self.player, "actions": [a.to_json() for a in self.actions]}
        return {"player": self.player, "action": self.actions[0].to_json()}


# -- options -------------------------------------------------------------------------------------


#: jsonschema's own messages, whole.
_WORDS = SchemaWords(cut=None)


def _schema_error(schema: Mapping[str, Any], value: object) -> SchemaProblem | None:
    """What ``schema`` finds wrong with ``value`` (JSON Schema's integers), or ``None``.

    A value the schema accepted is remembered (by its types and contents, so a tuple
    is not taken for a list nor ``True`` for ``1``): a game's options are checked once
    per process, not once per game.
    """
    schema_key = json.dumps(schema, sort_keys=True)
    try:
        key = (schema_key, _typed(value))
    except TypeError:  # not plain JSON data: checked every time
        key = None
    if key is not None and key in _ACCEPTED:
        return None
    error = schema_problem(value, _sorted(schema_key), _WORDS, strict=False)
    if error is None and key is not None and len(_ACCEPTED) < _ACCEPTED_LIMIT:
        _ACCEPTED.add(key)
    return error


_ACCEPTED: set[tuple[str, object]] = set()
_ACCEPTED_LIMIT = 4096


def _typed(value: object) -> object:
    """``value`` as a hashable key that keeps every type: JSON data only.

    Raises:
        TypeError: a value that is not a str, int, float, bool, None, list, tuple or
            dict with str keys.
    """
    kind = type(value)
    if kind in (str, int, float, bool) or value is None:
        return (kind.__name__, value)
    if kind in (list, tuple):
        return (kind.__name__, tuple(_typed(item) for item in value))  # type: ignore[attr-defined]
    if kind is dict:
        items = value.items()  # type: ignore[attr-defined]
        if not all(type(k) is str for k, _ in items):
            raise TypeError("a dict with a key that is not a str")
        return ("dict", tuple(sorted((k, _typed(v)) for k, v in items)))
    raise TypeError(f"not JSON data: {kind.__name__}")


@cache
def _sorted(schema_key: str) -> dict[str, Any]:
    """A schema with its keywords in sorted order (which decides between equally relevant
    errors), one object per schema."""
    schema: dict[str, Any] = json.loads(schema_key)
    return schema


# -- the protocol's other names, from their modules ----------------------------------------------

_SOURCES = {
    "dokuspec.engine.game": ("Game", "OptionSpec"),
    "dokuspec.engine.state": ("State",),
    "dokuspec.engine.game_record": ("GameRecord", "replay"),
    "dokuspec.engine.registry": ("load_game", "register", "registered_games", "unregister"),
}
if not TYPE_CHECKING:
    __getattr__, __dir__ = attach(__name__, _SOURCES)
