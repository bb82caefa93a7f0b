"""What a game declares to be an OpenSpiel game: :class:`OpenSpielSpec`.

A game's plug-in names its declaration (:attr:`dokuspec.games.GameSpec.openspiel`);
:func:`dokuspec.openspiel.register_games` registers with pyspiel every
installed game that has one, as ``dokuspec_NAME``. The declaration says
what OpenSpiel's ``GameType`` says of the game, its fixed action space
(:class:`~dokuspec.openspiel.codec.ActionCodec`), its observation tensor,
and how options whose values OpenSpiel cannot hold (lists, text that reads
as a number, a pair) become pyspiel parameters. Nothing here needs
OpenSpiel.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dokuspec.engine.base import Action, Game, JSONValue, State

if TYPE_CHECKING:
    from dokuspec.openspiel.codec import ActionCodec

__all__ = ["OpenAction", "OpenSpielSpec", "OptionParameters", "as_float", "as_text"]


@dataclass(frozen=True, slots=True)
class OptionParameters:
    """How one engine option becomes pyspiel parameters, and back.

    Attributes:
        names: the pyspiel parameters that hold the option (one, or several
            for a pair).
        to_parameters: the parameters' values for an option's value.
        from_parameters: the option's value from the parameters' values
            (all of pyspiel's parameters; it reads its own :attr:`names`).
            Raises :class:`ValueError` for a value not of the parameter's
            form.
    """

    names: tuple[str, ...]
    to_parameters: Callable[[JSONValue], dict[str, Any]]
    from_parameters: Callable[[Mapping[str, Any]], JSONValue]


def as_text(
    name: str, to_text: Callable[[JSONValue], str], from_text: Callable[[str], JSONValue]
) -> OptionParameters:
    """An option held as one text parameter (lists, text that would read as a number)."""
    return OptionParameters(
        (name,), lambda value: {name: to_text(value)}, lambda params: from_text(str(params[name]))
    )


def as_float(name: str) -> OptionParameters:
    """An option held as one float parameter (a number that may be an int or a fraction)."""
    return OptionParameters(
        (name,),
        lambda value: {name: float(value)},  # type: ignore[arg-type]
        lambda params: params[name],
    )


@dataclass(frozen=True, slots=True)
class OpenAction:
    """A kind of action whose values cannot be listed (a value carries free data, as a
    Sumodoku claim carries a filling): one action id stands for all of them, and a policy
    chosen by a pyspiel parameter makes the action when that id is played.

    Attributes:
        action_id: the one id of every action of the kind.
        kind: the action class.
        open_name: its name in :meth:`dokuspec.engine.base.State.open_actions`.
        parameter: the pyspiel parameter that chooses the policy.
        policies: the policies; the first is the default, and ``"none"``
            never offers the id.
        make: the action the id stands for in a state, for a player, under
            a policy other than ``"none"``.
        text: what the id says as an action's string.
    """

    action_id: int
    kind: type[Action]
    open_name: str
    parameter: str
    policies: tuple[str, ...]
    make: Callable[[State, int, str], Action]
    text: str


@dataclass(frozen=True, slots=True)
class OpenSpielSpec:
    """One game as OpenSpiel sees it.

    Attributes:
        long_name: OpenSpiel's long name (``"dokuspec Two-Doku"``).
        perfect_information: whether every player sees the whole state (a
            simultaneous node is played as two turns, the second player not
            seeing the first's choice: such a game is not of perfect
            information to OpenSpiel).
        zero_sum: whether the returns always sum to 0.
        codec: makes the fixed action space (called once, then cached).
        tensor_size: the length of an observation tensor.
        encode: an observation's data (its JSON form,
            :attr:`dokuspec.engine.base.Observation.data`) as a list of
            exactly ``tensor_size`` numbers, reading nothing else.
        options: the engine options that are not pyspiel parameters as they
            are, by option name.
        extra_steps: the steps a game may take beyond the engine's
            ``max_game_length`` (one for each simultaneous node, which
            becomes two turns), for a game with its options.
        open_action: the kind of action with one id for all its values, if
            the game has one.
    """

    long_name: str
    perfect_information: bool
    zero_sum: bool
    codec: Callable[[], ActionCodec]
    tensor_size: int
    encode: Callable[[JSONValue], list[float]]
    options: Mapping[str, OptionParameters] = field(default_factory=dict)
    extra_steps: Callable[[Game], int] = lambda game: 0
    open_action: OpenAction | None = None
