"""A node of a game: :class:`State`, the base every game's states derive from.

The base keeps the game, the seed and the history, checks every action
before a game applies it, and gives records, cloning, equality and seeded
chance sampling; a game implements its rules through the abstract methods.
The name is the engine protocol's, importable from
:mod:`dokuspec.engine.base` too.
"""

from __future__ import annotations

import copy
import functools
import math
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from fractions import Fraction

from dokuspec.engine.base import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    EngineError,
    HistoryEntry,
    IllegalActionError,
    Observation,
)
from dokuspec.engine.game import Game
from dokuspec.engine.game_record import GameRecord
from dokuspec.seeds import check_seed

__all__ = ["State", "chance_pick", "draw_by_counts"]


def chance_pick(seed: int, step: int, weights: Sequence[int], scale: int) -> int:
    """The index of the outcome that a game's seed picks at the chance node after ``step``
    steps of its history (:meth:`State.sample_chance_outcome`).

    The outcomes' probabilities are ``weights[i] / scale`` (integers that sum to
    ``scale``, the least common denominator of the probabilities): the pick is
    ``random.Random(f"dokuspec:{seed}:{step}").randrange(scale)``, walked
    through the weights in order. Games whose chance nodes draw from counts
    use it through :func:`draw_by_counts` to deal without building states;
    the picks are those of the states.
    """
    pick = random.Random(f"dokuspec:{seed}:{step}").randrange(scale)
    for index, weight in enumerate(weights):
        pick -= weight
        if pick < 0:
            return index
    # Unreachable: the picks are below the scale, which the weights sum to.
    raise AssertionError("unreachable: the weights sum to the scale")  # pragma: no mutate


def draw_by_counts(seed: int, step: int, counts: Sequence[int]) -> int:
    """The index ``i`` that a game's seed draws at the chance node after ``step`` steps
    when each outcome ``i`` with ``counts[i] > 0`` has probability
    ``counts[i] / sum(counts)`` and the outcomes are listed in index order (a draw
    of one card from a deck of ``counts[i]`` copies of card ``i``): the same pick
    as :meth:`State.sample_chance_outcome` at such a node.
    """
    present, weights, scale = _count_weights(tuple(counts))
    return present[chance_pick(seed, step, weights, scale)]


@functools.lru_cache(maxsize=4096)
def _count_weights(counts: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """The outcomes of a draw from ``counts`` (the indices with copies left), their
    weights and scale as :meth:`State.sample_chance_outcome` computes them."""
    total = sum(counts)
    present = tuple(i for i, count in enumerate(counts) if count)
    scale = math.lcm(*(total // math.gcd(counts[i], total) for i in present))
    weights = tuple(counts[i] * scale // total for i in present)  # exact: total / gcd | scale
    return present, weights, scale


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
        # In integers: each probability times the least common denominator (the same
        # picks as exact fractions, without their arithmetic).
        scale = math.lcm(*(p.denominator for _, p in outcomes))
        weights = [p.numerator * (scale // p.denominator) for _, p in outcomes]
        total = sum(weights)
        if total != scale:
            raise EngineError(
                f"{self._game.name}: chance probabilities sum to {Fraction(total, scale)}, not 1"
            )
        index = chance_pick(self._seed, len(self._history), weights, scale)
        return outcomes[index][0]

    def record(self) -> GameRecord:
        """The game so far as a :class:`GameRecord`;
        :func:`~dokuspec.engine.game_record.replay` gives back an equal state."""
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
