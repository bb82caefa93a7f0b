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
"""

from __future__ import annotations

import copy
import json
import math
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar, TypeAlias, TypeVar

from dokuspec.errors import DokuspecError
from dokuspec.seeds import SEED_MAX, check_seed
from dokuspec.vocabulary.jsontext import SchemaProblem, SchemaWords, json_path, schema_problem

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
    "load_game",
    "player_name",
    "register",
    "registered_games",
    "replay",
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
    """Base class of every game's actions.

    Each game defines its actions as frozen, slotted dataclasses deriving
    from this class. ``str(action)`` is a short readable text (``"place 3
    at r1c2"``); :meth:`to_json` gives the JSON form, which the game reads
    back with :meth:`Game.action_from_json`. Actions compare by value.
    """

    __slots__ = ()

    @abstractmethod
    def to_json(self) -> dict[str, JSONValue]:
        """The JSON form: an object with a ``"type"`` member naming the kind of action."""


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


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game.

    Attributes:
        name: the option's name, as passed to :func:`load_game`.
        default: the value when the option is not given.
        schema: a JSON schema every value must satisfy (for example
            ``{"type": "integer", "minimum": 1, "maximum": 7}``).
        description: one line for the handbook.
    """

    name: str
    default: JSONValue
    schema: Mapping[str, Any]
    description: str


#: jsonschema's own messages, whole.
_WORDS = SchemaWords(cut=None)


def _schema_error(schema: Mapping[str, Any], value: object) -> SchemaProblem | None:
    """What ``schema`` finds wrong with ``value`` (JSON Schema's integers), or ``None``."""
    return schema_problem(value, _sorted(json.dumps(schema, sort_keys=True)), _WORDS, strict=False)


@cache
def _sorted(schema_key: str) -> dict[str, Any]:
    """A schema with its keywords in sorted order (which decides between equally relevant
    errors), one object per schema."""
    schema: dict[str, Any] = json.loads(schema_key)
    return schema


# -- games ---------------------------------------------------------------------------------------


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
            seed: the seed of :meth:`State.sample_chance_outcome`, an
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


# -- states --------------------------------------------------------------------------------------


def _structure(value: object) -> object:
    """A comparable snapshot of ``value`` and everything it holds.

    Games, dicts and sets are tagged with their type, lists and tuples with
    their type's name, other objects with their class's qualified name.
    """
    if isinstance(value, Game):
        return (Game, type(value).__qualname__, _structure(value._options))
    if isinstance(value, Action | HistoryEntry | Fraction | str | int | float | bool):
        return value
    if value is None:
        return value
    if isinstance(value, list | tuple):
        return (type(value).__name__, tuple(_structure(v) for v in value))
    if isinstance(value, dict):
        return (dict, tuple(sorted((repr(k), _structure(v)) for k, v in value.items())))
    if isinstance(value, set | frozenset):
        return (frozenset, frozenset(value))
    if hasattr(value, "__dict__"):
        return (type(value).__qualname__, _structure(vars(value)))
    return value


class State(ABC):
    """One node of a game: whose turn it is, what is legal, what each player sees.

    The base class keeps the game, the seed and the history, checks every
    action before a subclass applies it, and provides records, cloning and
    chance sampling. A subclass implements the game's rules through the
    abstract methods. States compare equal when they belong to equal games,
    have the same seed and hold the same contents (history included).

    Args:
        game: the game this state belongs to.
        seed: the seed of :meth:`sample_chance_outcome`.
    """

    def __init__(self, game: Game, seed: int) -> None:
        self._game = game
        self._seed = check_seed(seed)
        self._history: list[HistoryEntry] = []

    # -- what a subclass implements ----------------------------------------------------------

    @abstractmethod
    def current_player(self) -> int:
        """The player to act, or :data:`CHANCE`, :data:`SIMULTANEOUS` or :data:`TERMINAL`."""

    @abstractmethod
    def _legal_actions(self, player: int) -> tuple[Action, ...]:
        """The legal actions of ``player`` (a player number) when it is their turn or
        at a simultaneous node; called only then."""

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """At a chance node, every outcome with its exact probability.

        Returns:
            Pairs ``(action, probability)``: distinct actions, probabilities
            greater than 0 summing to exactly 1. Empty when this is not a
            chance node.
        """
        return ()

    @abstractmethod
    def _apply(self, player: int, action: Action) -> None:
        """Apply a checked, legal action of ``player`` (a player or :data:`CHANCE`)."""

    def _apply_joint(self, actions: tuple[Action, ...]) -> None:
        """Apply a checked, legal joint action (one per player) at a simultaneous node."""
        raise NotImplementedError(f"{self._game.name} has no simultaneous nodes")

    def _illegal_reason(self, player: int, action: Action) -> str:
        """Why ``action`` is not legal for ``player`` here (for the error message)."""
        return "not a legal action here"

    def _accepts_open(self, player: int, action: Action) -> bool:
        """Whether ``player`` may take ``action``, an *open action*, now.

        An open action is one whose arguments are the player's free choice
        (a Sumodoku claim carries a whole submitted board), so that
        :meth:`legal_actions` cannot list every one of them. :meth:`apply_action`
        and :meth:`apply_actions` accept an action that is either listed by
        :meth:`legal_actions` or accepted here. Called only for a player
        (never :data:`CHANCE`) whose turn it is. The default accepts none.
        """
        return False

    def _open_actions(self, player: int) -> tuple[str, ...]:
        """The kinds of open action ``player`` may take now (see :meth:`open_actions`);
        called only when it is their turn. The default: none."""
        return ()

    def open_actions(self, player: int | None = None) -> tuple[str, ...]:
        """The kinds of open action ``player`` may take now, besides :meth:`legal_actions`.

        An open action (see :meth:`_accepts_open`) is legal without being
        listed, because its arguments are the player's free choice; this
        names the kinds available (``("claim",)``), in a fixed order, so that
        a program knows to consider them.

        Args:
            player: a player number, or ``None`` for the player to act.

        Returns:
            The kinds' names (the ``"type"`` of their JSON form); empty when
            it is not ``player``'s turn, in a terminal state, at a chance
            node, and for games without open actions (the default).

        Raises:
            EngineError: ``player`` is not a player of this game.
        """
        current = self.current_player()
        if player is None:
            if current < 0:
                return ()
            player = current
        self._check_player(player)
        if current in (player, SIMULTANEOUS):
            return self._open_actions(player)
        return ()

    @abstractmethod
    def returns(self) -> tuple[float, ...]:
        """Each player's return so far (the final result once terminal), player order.

        Every value lies between :meth:`Game.min_utility` and
        :meth:`Game.max_utility`.
        """

    @abstractmethod
    def observation(self, player: int) -> Observation:
        """What ``player`` may see of this state, and nothing more.

        Raises:
            EngineError: ``player`` is not a player of this game.
        """

    @abstractmethod
    def resample_from_infostate(self, player: int, rng: random.Random) -> State:
        """A state ``player`` cannot tell apart from this one, hidden information re-drawn.

        The new state has the same public history and the same private
        information of ``player`` (so the same information state), while
        what is hidden from ``player`` is drawn again using ``rng``. A game
        of perfect information returns a clone. The draw is not required to
        follow the posterior distribution; every state it returns must be
        reachable with the same seed.

        Raises:
            EngineError: ``player`` is not a player of this game.
        """

    # -- the protocol ------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game this state belongs to."""
        return self._game

    @property
    def seed(self) -> int:
        """The seed given to :meth:`Game.new_initial_state`."""
        return self._seed

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        """Whether the next step is a chance outcome."""
        return self.current_player() == CHANCE

    def is_simultaneous_node(self) -> bool:
        """Whether every player acts at once in the next step."""
        return self.current_player() == SIMULTANEOUS

    def _check_player(self, player: int) -> None:
        if isinstance(player, bool) or not isinstance(player, int):
            raise TypeError(f"a player is an int, not {type(player).__name__}")
        if not 0 <= player < self._game.num_players():
            last = self._game.num_players() - 1
            raise EngineError(f"{self._game.name}: no player {player} (players are 0..{last})")

    def legal_actions(self, player: int | None = None) -> tuple[Action, ...]:
        """The legal actions, in a fixed order.

        Args:
            player: a player number, or ``None`` for the player to act. At a
                chance node ``None`` (or :data:`CHANCE`) gives the chance
                outcomes' actions.

        Returns:
            The actions ``player`` may take now: empty when it is not their
            turn (at a simultaneous node every player has a turn) and in a
            terminal state.

        Raises:
            EngineError: ``player`` is not a player of this game.
        """
        current = self.current_player()
        if player is None or player == CHANCE:
            if current == CHANCE:
                return tuple(action for action, _ in self.chance_outcomes())
            if player == CHANCE or current < 0:
                return ()
            player = current
        self._check_player(player)
        if current in (player, SIMULTANEOUS):
            return self._legal_actions(player)
        return ()

    def apply_action(self, action: Action) -> None:
        """Apply one action: the player to act, or a chance outcome at a chance node.

        Raises:
            TypeError: ``action`` is not an :class:`Action`.
            IllegalActionError: the action is not legal here (also at a
                simultaneous or terminal node); the state is unchanged.
        """
        if not isinstance(action, Action):
            raise TypeError(f"an action is an Action, not {type(action).__name__}")
        player = self.current_player()
        name = self._game.name
        if player == TERMINAL:
            raise IllegalActionError(name, action, player, "the game is over")
        if player == SIMULTANEOUS:
            raise IllegalActionError(
                name, action, player, "every player acts at once here: use apply_actions"
            )
        if action not in self.legal_actions() and not (
            player >= 0 and self._accepts_open(player, action)
        ):
            raise IllegalActionError(
                name,
                action,
                player,
                self._illegal_reason(player, action),
                self._game.player_names,
            )
        self._apply(player, action)
        self._history.append(HistoryEntry(player, (action,)))

    def apply_actions(self, actions: Sequence[Action]) -> None:
        """Apply a joint action at a simultaneous node: one action per player, in player order.

        Raises:
            TypeError: an element is not an :class:`Action`.
            IllegalActionError: this is not a simultaneous node, the number
                of actions is not the number of players, or one player's
                action is not legal for them; the state is unchanged.
        """
        joint = tuple(actions)
        for action in joint:
            if not isinstance(action, Action):
                raise TypeError(f"an action is an Action, not {type(action).__name__}")
        current = self.current_player()
        name = self._game.name
        if current != SIMULTANEOUS:
            raise IllegalActionError(
                name, joint, current, "not a simultaneous node: use apply_action"
            )
        count = self._game.num_players()
        if len(joint) != count:
            raise IllegalActionError(
                name, joint, current, f"one action per player is needed: {count}, not {len(joint)}"
            )
        for player, action in enumerate(joint):
            if action not in self._legal_actions(player) and not self._accepts_open(player, action):
                raise IllegalActionError(name, action, player, self._illegal_reason(player, action))
        self._apply_joint(joint)
        self._history.append(HistoryEntry(SIMULTANEOUS, joint))

    def history(self) -> tuple[HistoryEntry, ...]:
        """Every step so far, chance outcomes included, oldest first."""
        return tuple(self._history)

    def clone(self) -> State:
        """An independent copy: acting on it leaves this state unchanged.

        The copy shares this state's :attr:`game` (a game does not change).
        """
        return copy.deepcopy(self, {id(self._game): self._game})

    def sample_chance_outcome(self) -> Action:
        """The chance outcome this state's seed picks at this node.

        The pick depends only on the seed and the length of the history, and
        follows the exact probabilities of :meth:`chance_outcomes`.

        Raises:
            IllegalActionError: this is not a chance node.
        """
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalActionError(
                self._game.name, "a chance outcome", self.current_player(), "not a chance node"
            )
        total = sum(p for _, p in outcomes)
        if total != 1:
            raise EngineError(f"{self._game.name}: chance probabilities sum to {total}, not 1")
        scale = math.lcm(*(p.denominator for _, p in outcomes))
        rng = random.Random(f"dokuspec:{self._seed}:{len(self._history)}")
        pick = rng.randrange(scale)
        for action, probability in outcomes:
            pick -= int(probability * scale)
            if pick < 0:
                return action
        # Unreachable: the picks are below the scale, which the probabilities sum to.
        raise AssertionError("unreachable: the probabilities sum to 1")  # pragma: no mutate

    def record(self) -> GameRecord:
        """The game so far as a :class:`GameRecord`; :func:`replay` gives back an equal state."""
        result = tuple(self.returns()) if self.is_terminal() else None
        return GameRecord(
            game=self._game.name,
            options=self._game.options,
            seed=self._seed,
            actions=tuple(entry.to_json() for entry in self._history),
            result=result,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return type(self) is type(other) and _structure(vars(self)) == _structure(vars(other))

    __hash__ = None  # type: ignore[assignment]


# -- game records --------------------------------------------------------------------------------

_RECORD_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["game", "options", "seed", "actions", "result"],
    "additionalProperties": False,
    "properties": {
        "game": {"type": "string"},
        "options": {"type": "object"},
        "seed": {"type": "integer", "minimum": 0, "maximum": SEED_MAX},
        "actions": {"type": "array", "items": {"type": "object"}},
        "result": {"oneOf": [{"type": "null"}, {"type": "array", "items": {"type": "number"}}]},
    },
}


@dataclass(frozen=True, slots=True)
class GameRecord:
    """The JSON account of a game: enough to replay it without any randomness.

    The JSON form is an object ``{"game", "options", "seed", "actions",
    "result"}``: the registered name, every option's value, the seed, one
    entry per step (``{"player": p, "action": {...}}``, or at a simultaneous
    node ``{"player": -2, "actions": [...]}``, chance outcomes with player
    ``-1``) and the returns of a finished game (``null`` while it is not
    finished).

    Attributes:
        game: the registered game name.
        options: every option's value.
        seed: the seed of the initial state, 0 to ``2**64 - 1``.
        actions: the history's entries in JSON form.
        result: the returns of a finished game, or ``None``.
    """

    game: str
    options: Mapping[str, JSONValue]
    seed: int
    actions: tuple[JSONValue, ...]
    result: tuple[float, ...] | None = field(default=None)

    def to_json(self) -> dict[str, JSONValue]:
        """The JSON form (a fresh object)."""
        return {
            "game": self.game,
            "options": copy.deepcopy(dict(self.options)),
            "seed": self.seed,
            "actions": copy.deepcopy(list(self.actions)),
            "result": None if self.result is None else list(self.result),
        }

    @classmethod
    def from_json(cls, data: object) -> GameRecord:
        """Read the JSON form (as parsed by :func:`json.loads`).

        Raises:
            RecordError: ``data`` does not have the record's shape, or its
                seed is outside 0 to ``2**64 - 1``; the message starts with
                the JSON path of the first bad part.
        """
        seed = data.get("seed") if isinstance(data, dict) else None
        if isinstance(seed, int) and not isinstance(seed, bool):
            try:  # before the schema, which would say it in its own words
                check_seed(seed)
            except DokuspecError as bad:
                raise RecordError(f"$.seed: {bad}") from None
        error = _schema_error(_RECORD_SCHEMA, data)
        if error is not None:
            raise RecordError(f"{json_path(error.path)}: {error.reason}")
        assert isinstance(data, dict)
        result = data["result"]
        return cls(
            game=data["game"],
            options=copy.deepcopy(data["options"]),
            seed=data["seed"],
            actions=tuple(copy.deepcopy(data["actions"])),
            result=None if result is None else tuple(result),
        )


def _nested(where: str, error: RecordError) -> RecordError:
    """``error`` with its JSON path (``$.row``) moved below ``where``."""
    message = str(error)
    if message.startswith("$"):
        return RecordError(where + message[1:])
    return RecordError(f"{where}: {message}")


def replay(record: GameRecord) -> State:
    """Play a record's steps from the initial state and check its result.

    Returns:
        The state after the last step, equal to the state that made the
        record.

    Raises:
        RegistryError: no game of that name is registered.
        GameOptionError: an option is unknown or has a bad value.
        RecordError: an entry names the wrong player, holds an action the
            game cannot read or an illegal action (the message gives the
            JSON path, ``$.actions[3]``, and why), or the result disagrees
            with the returns of the final state.
    """
    game = load_game(record.game, **dict(record.options))
    state = game.new_initial_state(record.seed)
    for index, entry in enumerate(record.actions):
        where = f"$.actions[{index}]"
        player = entry.get("player") if isinstance(entry, dict) else None
        if not isinstance(entry, dict) or not isinstance(player, int) or isinstance(player, bool):
            raise RecordError(f"{where}: not an entry with a player")
        current = state.current_player()
        if player != current:
            names = game.player_names
            now = (
                "the game is over"
                if current == TERMINAL
                else f"{player_name(current, names)} is to act"
            )
            entered = player_name(player)
            if 0 <= player < len(names):
                entered += f" ({names[player]})"
            raise RecordError(f"{where}.player: recorded for {entered}, but {now}")
        member = "actions" if player == SIMULTANEOUS else "action"
        for key in entry:
            if key not in ("player", member):
                raise RecordError(f"{where}: unexpected member {key!r} (expected {member!r})")
        try:
            if player == SIMULTANEOUS:
                parts = entry.get("actions")
                if not isinstance(parts, list):
                    raise RecordError(f"{where}.actions: a list of actions is needed")
                joint = []
                for number, part in enumerate(parts):
                    try:
                        joint.append(game.action_from_json(part))
                    except RecordError as error:
                        raise _nested(f"{where}.actions[{number}]", error) from None
                state.apply_actions(joint)
            else:
                try:
                    action = game.action_from_json(entry.get("action"))
                except RecordError as error:
                    raise _nested(f"{where}.action", error) from None
                state.apply_action(action)
        except IllegalActionError as error:
            raise RecordError(f"{where}: {error}") from None
    final = tuple(state.returns()) if state.is_terminal() else None
    recorded = None if record.result is None else tuple(record.result)
    if recorded != final:
        said = "null" if recorded is None else list(recorded)
        shown = "null (not finished)" if final is None else list(final)
        raise RecordError(f"$.result: the record says {said}, the game gives {shown}")
    return state


# -- the registry --------------------------------------------------------------------------------

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
