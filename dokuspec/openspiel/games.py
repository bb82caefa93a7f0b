"""The pyspiel games: each engine wrapped as an OpenSpiel game written in Python.

Imported by :func:`dokuspec.openspiel.register_games` only, since it needs
OpenSpiel (``pyspiel``) and NumPy: the ``openspiel`` extra.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel

from dokuspec.engine import load_game as load_engine_game
from dokuspec.engine.base import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    Game,
    IllegalActionError,
    JSONValue,
    State,
)
from dokuspec.games import PluginError
from dokuspec.openspiel.codec import ActionCodec, action_codec, declaration, games
from dokuspec.openspiel.features import encode, tensor_size
from dokuspec.openspiel.spec import OpenSpielSpec

__all__ = ["PREFIX", "DokuspecGame", "DokuspecState", "register"]

PREFIX = "dokuspec_"
"""OpenSpiel's short name of a game is this prefix and the engine's name."""


@dataclass(frozen=True, slots=True)
class _Kind:
    """One installed game as registered with pyspiel: its engine's name and its declaration."""

    engine: str
    spec: OpenSpielSpec

    @property
    def information(self) -> Any:
        info = pyspiel.GameType.Information
        perfect = self.spec.perfect_information
        return info.PERFECT_INFORMATION if perfect else info.IMPERFECT_INFORMATION

    @property
    def utility(self) -> Any:
        utility = pyspiel.GameType.Utility
        return utility.ZERO_SUM if self.spec.zero_sum else utility.GENERAL_SUM


def _kinds() -> dict[str, _Kind]:
    return {name: _Kind(name, declaration(name)) for name in games()}


def _parameters(kind: _Kind) -> dict[str, Any]:
    """The pyspiel parameters of a game, with their defaults (the engine's).

    Raises:
        PluginError: two parameters of one name: an option's (or its
            :class:`~dokuspec.openspiel.spec.OptionParameters`' names) and
            ``start``, the open action's parameter or another option's.
    """
    engine_class = type(load_engine_game(kind.engine))
    params: dict[str, Any] = {}

    def add(name: str, value: Any, whose: str) -> None:
        if name in params:
            raise PluginError(
                f"{kind.engine}: the OpenSpiel parameter {name!r} of {whose} is taken "
                f"(reserved: start, and the open action's parameter)"
            )
        params[name] = value

    add("start", "", "the adapter")
    if kind.spec.open_action is not None:
        opening = kind.spec.open_action
        add(opening.parameter, opening.policies[0], "the open action")
    for spec in engine_class.option_specs:
        if spec.name in kind.spec.options:
            for name, value in kind.spec.options[spec.name].to_parameters(spec.default).items():
                add(name, value, f"the option {spec.name!r}")
        else:
            add(spec.name, spec.default, f"the option {spec.name!r}")
    return params


def parameters_of(engine_game: Game) -> dict[str, Any]:
    """The pyspiel parameters of an engine game's options (the inverse of the engine
    options a :class:`DokuspecGame` reads from its parameters).

    Raises:
        KeyError: the game declares no OpenSpiel game.
    """
    kind = _kinds()[engine_game.name]
    params: dict[str, Any] = {}
    for spec in type(engine_game).option_specs:
        value = engine_game.options[spec.name]
        if spec.name in kind.spec.options:
            params.update(kind.spec.options[spec.name].to_parameters(value))
        else:
            params[spec.name] = value
    return params


def _engine_options(kind: _Kind, params: dict[str, Any]) -> dict[str, JSONValue]:
    engine_class = type(load_engine_game(kind.engine))
    options: dict[str, JSONValue] = {}
    for spec in engine_class.option_specs:
        if spec.name in kind.spec.options:
            options[spec.name] = kind.spec.options[spec.name].from_parameters(params)
        elif spec.name in params:
            options[spec.name] = params[spec.name]
    return options


class DokuspecGame(pyspiel.Game):  # type: ignore[misc]
    """An engine game as a pyspiel game (see :mod:`dokuspec.openspiel`).

    Args:
        kind: what OpenSpiel is told of the game.
        params: the pyspiel parameters (engine options, ``start``, and the
            policy of the game's open action, if it has one: for Sumodoku
            ``claims``, ruling SU-35).

    Raises:
        GameOptionError: an engine option has a bad value (pyspiel itself
            refuses an unknown parameter or one of the wrong type with a
            ``pyspiel.SpielError``).
        ValueError: an option's parameter is not of its form (Sumodoku's
            ``claim_time_limits``), ``start`` is not action ids that can be
            played in turn from the initial state (or it ends between the
            two turns of a split simultaneous node), or the open action's
            policy is not one of its policies (Sumodoku's ``claims``:
            ``"none"`` or ``"solver"``).
    """

    def __init__(self, kind: _Kind, game_type: Any, params: dict[str, Any] | None) -> None:
        values = dict(_parameters(kind))
        values.update(params or {})
        engine_game = load_engine_game(kind.engine, **_engine_options(kind, values))
        codec = action_codec(kind.engine)
        opening = kind.spec.open_action
        policy = "none"
        if opening is not None:
            policy = str(values.get(opening.parameter, opening.policies[0]))
            if policy not in opening.policies:
                raise ValueError(
                    f"{PREFIX}{kind.engine}: parameter {opening.parameter}: {policy!r} is not "
                    f"{' or '.join(opening.policies)}"
                )
        # Each simultaneous node becomes two turns: one more step than the engine counts.
        simultaneous = kind.spec.extra_steps(engine_game)
        zero_sum = kind.utility == pyspiel.GameType.Utility.ZERO_SUM
        info = pyspiel.GameInfo(
            num_distinct_actions=codec.num_actions,
            max_chance_outcomes=codec.num_outcomes,
            num_players=2,
            min_utility=float(engine_game.min_utility()),
            max_utility=float(engine_game.max_utility()),
            utility_sum=0.0 if zero_sum else None,
            max_game_length=engine_game.max_game_length() + simultaneous,
        )
        super().__init__(game_type, info, values)
        # Set after pyspiel's constructor: attributes set before it are lost.
        self.engine_game: Game = engine_game
        self.codec: ActionCodec = codec
        self.kind = kind
        self.policy = policy
        self.start = engine_game.new_initial_state(0)
        if values["start"]:
            self.start = _start_state(self, str(values["start"]))

    def new_initial_state(self) -> DokuspecState:
        """The engine's initial state, or the ``start`` position when one is given."""
        return DokuspecState(self, self.start.clone())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> DokuspecObserver:
        """An observer: the observation, or with ``perfect_recall`` the information state."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return DokuspecObserver(self.kind.engine, perfect_recall)


def _start_state(game: DokuspecGame, start: str) -> State:
    """The engine state after the ids of ``start`` (space-separated, as in a pyspiel history).

    Raises:
        ValueError: not a list of integers, an id that is illegal where it is
            played, or a simultaneous node left half chosen.
    """
    try:
        ids = [int(word) for word in start.split()]
    except ValueError:
        raise ValueError(f"parameter start: {start!r} is not a list of action ids") from None
    state = DokuspecState(game, game.start)
    for index, action_id in enumerate(ids):
        legal = state.legal_actions()
        if action_id not in legal:
            raise ValueError(f"parameter start: step {index + 1}: {action_id} is not legal there")
        state.apply_action(action_id)
    if state._pending:
        raise ValueError("parameter start: it ends between the choices of a simultaneous node")
    return state.engine_state


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


class DokuspecState(pyspiel.State):  # type: ignore[misc]
    """One engine state seen through OpenSpiel's interface.

    A simultaneous node of the engine (Minidoku's bid, Competitive Sudoku's
    placement rounds) becomes two turns: player 0 chooses, then player 1,
    who does not see player 0's choice; the engine applies both together.
    """

    def __init__(self, game: DokuspecGame, engine_state: State) -> None:
        super().__init__(game)
        self.engine_state = engine_state
        self._pending: list[Action] = []
        # The information states of an imperfect-information game: per step, per player,
        # the player's own action id or a digest of what they observe after the step.
        self._recall: list[tuple[str, str]] | None = (
            []
            if game.kind.information != pyspiel.GameType.Information.PERFECT_INFORMATION
            else None
        )

    def _game(self) -> DokuspecGame:
        game = self.get_game()
        assert isinstance(game, DokuspecGame)
        return game

    # -- whose turn -------------------------------------------------------------------------

    def current_player(self) -> int:
        """The engine's player, chance or terminal; at a simultaneous node the one to choose."""
        current = self.engine_state.current_player()
        if current == SIMULTANEOUS:
            return len(self._pending)
        if current == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        if current == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return current

    def _legal_actions(self, player: int) -> list[int]:
        codec = self._game().codec
        state = self.engine_state
        ids = [codec.action_id(a) for a in state.legal_actions(player)]
        opening = self._game().kind.spec.open_action
        if (
            opening is not None
            and self._game().policy != "none"
            and opening.open_name in state.open_actions(player)
        ):
            ids.append(opening.action_id)
        return sorted(ids)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The engine's chance outcomes by id, with their exact probabilities as floats."""
        codec = self._game().codec
        pairs = [(codec.outcome_id(a), float(p)) for a, p in self.engine_state.chance_outcomes()]
        return sorted(pairs)

    # -- acting -----------------------------------------------------------------------------

    def engine_action(self, action_id: int) -> Action:
        """The engine action an id stands for in this state (a claim's filling is made here).

        Raises:
            UnknownActionError: not an id of this game.
        """
        codec = self._game().codec
        if self.is_chance_node():
            return codec.outcome(action_id)
        opening = self._game().kind.spec.open_action
        if opening is not None and action_id == opening.action_id:
            return opening.make(self.engine_state, self.current_player(), self._game().policy)
        return codec.action(action_id)

    def _apply_action(self, action_id: int) -> None:
        player = self.current_player()
        action = self.engine_action(action_id)
        state = self.engine_state
        if state.current_player() == SIMULTANEOUS:
            if action not in state.legal_actions(player):
                raise IllegalActionError(state.game.name, action, player, "not a legal choice")
            self._pending.append(action)
            if len(self._pending) == state.game.num_players():
                joint, self._pending = self._pending, []
                state.apply_actions(joint)
        else:
            state.apply_action(action)
        if self._recall is not None:
            self._recall.append(
                tuple(  # type: ignore[arg-type]
                    f"a{action_id}" if p == player else _digest(self._observation_text(p))
                    for p in (0, 1)
                )
            )

    def _action_to_string(self, player: int, action_id: int) -> str:
        opening = self._game().kind.spec.open_action
        if opening is not None and action_id == opening.action_id and player >= 0:
            return opening.text
        codec = self._game().codec
        action = codec.outcome(action_id) if player == CHANCE else codec.action(action_id)
        return str(action)

    def is_terminal(self) -> bool:
        """Whether the engine's game is over."""
        return self.engine_state.is_terminal()

    def returns(self) -> list[float]:
        """The engine's returns, player order."""
        return [float(r) for r in self.engine_state.returns()]

    # -- what players see -------------------------------------------------------------------

    def _pending_note(self, player: int) -> str:
        if not self._pending:
            return ""
        own = f"; own choice: {self._pending[player]}" if player < len(self._pending) else ""
        return f"\nsimultaneous choices made: {len(self._pending)}{own}"

    def _observation_text(self, player: int) -> str:
        return self.engine_state.observation(player).text + self._pending_note(player)

    def information_state(self, player: int) -> str:
        """The player's information state as text: for a perfect-information game the whole
        history, otherwise the player's own actions and digests of every observation."""
        if self._recall is None:
            start = len(self._game().start.history())
            return f"start {start}; history {self.history()}"
        own = [step[player] for step in self._recall]
        return f"p{player} " + " ".join(own) + "\n" + self._observation_text(player)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> DokuspecState:
        """A state ``player_id`` cannot tell from this one, hidden information drawn again.

        OpenSpiel's hook (ISMCTS calls it): the engine's
        :meth:`~dokuspec.engine.base.State.resample_from_infostate` with a
        :class:`random.Random` seeded by one draw of ``probability_sampler``
        (a callable giving a float in [0, 1)).
        """
        return resample(self, player_id, float(probability_sampler()))

    def __str__(self) -> str:
        return str(self.engine_state) + self._pending_note(0).replace("own choice", "choice of 0")

    def __getstate__(self) -> dict[str, object]:
        return dict(self.__dict__)


class DokuspecObserver:
    """OpenSpiel's PyObserver for a dokuspec game.

    ``tensor`` holds the observation tensor of :mod:`dokuspec.openspiel.features`
    and two numbers more: how many choices of the simultaneous node are made,
    and whether the observer made theirs. The string is the engine's
    observation text, or with perfect recall the information state.
    """

    def __init__(self, engine: str, perfect_recall: bool) -> None:
        self._engine = engine
        self._perfect_recall = perfect_recall
        size = tensor_size(engine)
        self.tensor = np.zeros(size + 2, np.float32)
        self.dict = {"observation": self.tensor[:size], "simultaneous": self.tensor[size:]}

    def set_from(self, state: DokuspecState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` sees of ``state``."""
        data = state.engine_state.observation(player).data
        self.dict["observation"][:] = encode(self._engine, data)
        pending = state._pending
        self.dict["simultaneous"][:] = [len(pending), 1.0 if player < len(pending) else 0.0]

    def string_from(self, state: DokuspecState, player: int) -> str:
        """What ``player`` sees of ``state`` (with perfect recall: their information state)."""
        if self._perfect_recall:
            return state.information_state(player)
        return state._observation_text(player)


def register() -> tuple[str, ...]:
    """Register every game with pyspiel (once); the short names registered."""
    names = []
    for engine, kind in _kinds().items():
        name = PREFIX + engine
        names.append(name)
        if name in pyspiel.registered_names():
            continue
        game_type = pyspiel.GameType(
            short_name=name,
            long_name=kind.spec.long_name,
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=kind.information,
            utility=kind.utility,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=2,
            min_num_players=2,
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=_parameters(kind),
        )
        pyspiel.register_game(game_type, _game_class(kind, game_type))
    return tuple(names)


def _game_class(kind: _Kind, game_type: Any) -> type[DokuspecGame]:
    """A subclass of :class:`DokuspecGame` for one game (pyspiel registers classes)."""

    def make(self: DokuspecGame, params: dict[str, Any] | None = None) -> None:
        DokuspecGame.__init__(self, kind, game_type, params)

    name = kind.engine.title().replace("_", "") + "OpenSpielGame"
    return type(name, (DokuspecGame,), {"__init__": make, "__module__": __name__})


def replay_engine(game: DokuspecGame, engine_state: State) -> DokuspecState:
    """The pyspiel state whose engine history is that of ``engine_state`` (from ``start`` on)."""
    state = game.new_initial_state()
    codec = game.codec
    for entry in engine_state.history()[len(game.start.history()) :]:
        for action in entry.actions:
            if entry.player == CHANCE:
                state.apply_action(codec.outcome_id(action))
            else:
                state.apply_action(codec.action_id(action))
    return state


def resample(state: DokuspecState, player: int, seed: float) -> DokuspecState:
    """See :func:`dokuspec.openspiel.resampler`."""
    import random  # noqa: PLC0415

    if state._pending:
        raise ValueError("a simultaneous choice is pending: resample before or after the node")
    game = state._game()
    rng = random.Random(f"dokuspec-openspiel:{seed}:{len(state.history())}")
    engine_state = state.engine_state.resample_from_infostate(player, rng)
    return replay_engine(game, engine_state)
