"""Dense integer ids for every engine action: the action spaces of the OpenSpiel games.

OpenSpiel numbers a game's actions ``0 .. num_distinct_actions - 1`` and its
chance outcomes ``0 .. max_chance_outcomes - 1``, the same numbers in every
state. The engines' actions are typed values
(:class:`~dokuspec.engine.base.Action`), so each game gets an
:class:`ActionCodec`: two fixed, ordered lists (the players' actions and the
chance outcomes) and the maps between actions and their positions in them.
A game declares its codec in its OpenSpiel declaration
(:attr:`dokuspec.openspiel.spec.OpenSpielSpec.codec`); the ids of
dokuspec's own games are listed in :mod:`dokuspec.openspiel.minidoku`,
:mod:`dokuspec.openspiel.sumodoku`, :mod:`dokuspec.openspiel.competitive`
and :mod:`dokuspec.openspiel.twodoku`. Nothing here needs OpenSpiel.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from dokuspec.engine.base import Action, EngineError

if TYPE_CHECKING:
    from dokuspec.openspiel.spec import OpenSpielSpec

__all__ = ["ActionCodec", "UnknownActionError", "action_codec", "declaration", "games"]


class UnknownActionError(EngineError):
    """An action or an id outside a game's action space (a :class:`ValueError`)."""


@dataclass(frozen=True, slots=True)
class ActionCodec:
    """The fixed action space of one engine game.

    Attributes:
        game: the engine game's registered name.
        actions: the players' actions; an action's id is its position.
        outcomes: the chance outcomes; an outcome's id is its position.
        open_ids: action classes whose every value has one id (a class whose
            values carry free data, as a Sumodoku claim carries a filling):
            the id, which :attr:`actions` holds as ``None``.
    """

    game: str
    actions: tuple[Action | None, ...]
    outcomes: tuple[Action, ...]
    open_ids: Mapping[type[Action], int] = field(default_factory=dict)
    _action_ids: dict[Action, int] = field(init=False, repr=False, compare=False)
    _outcome_ids: dict[Action, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        action_ids = {a: i for i, a in enumerate(self.actions) if a is not None}
        outcome_ids = {a: i for i, a in enumerate(self.outcomes)}
        if len(action_ids) != sum(a is not None for a in self.actions):
            raise AssertionError(f"{self.game}: two action ids for one action")
        if len(outcome_ids) != len(self.outcomes):
            raise AssertionError(f"{self.game}: two outcome ids for one outcome")
        object.__setattr__(self, "_action_ids", action_ids)
        object.__setattr__(self, "_outcome_ids", outcome_ids)

    @property
    def num_actions(self) -> int:
        """The number of action ids, OpenSpiel's ``num_distinct_actions``."""
        return len(self.actions)

    @property
    def num_outcomes(self) -> int:
        """The number of chance outcome ids, OpenSpiel's ``max_chance_outcomes``."""
        return len(self.outcomes)

    def action_id(self, action: Action) -> int:
        """The id of a player's action.

        Raises:
            UnknownActionError: the action is not in this game's action space.
        """
        for kind, action_id in self.open_ids.items():
            if isinstance(action, kind):
                return action_id
        try:
            return self._action_ids[action]
        except (KeyError, TypeError):
            raise UnknownActionError(f"{self.game}: no action id for {action}") from None

    def action(self, action_id: int) -> Action:
        """The player's action with this id.

        Raises:
            UnknownActionError: not an id of this game's actions, or an id of
                :attr:`open_ids`, which stands for many actions.
        """
        found = self.actions[action_id] if 0 <= action_id < len(self.actions) else None
        if found is None:
            raise UnknownActionError(f"{self.game}: {action_id} is no action id of a fixed action")
        return found

    def outcome_id(self, outcome: Action) -> int:
        """The id of a chance outcome.

        Raises:
            UnknownActionError: not one of this game's chance outcomes.
        """
        try:
            return self._outcome_ids[outcome]
        except (KeyError, TypeError):
            raise UnknownActionError(f"{self.game}: no outcome id for {outcome}") from None

    def outcome(self, outcome_id: int) -> Action:
        """The chance outcome with this id.

        Raises:
            UnknownActionError: not an outcome id of this game.
        """
        if not 0 <= outcome_id < len(self.outcomes):
            raise UnknownActionError(f"{self.game}: {outcome_id} is no chance outcome id")
        return self.outcomes[outcome_id]


def declaration(game: str) -> OpenSpielSpec:
    """The OpenSpiel declaration of the installed game ``game`` (its plug-in's ``openspiel``).

    Raises:
        UnknownActionError: no installed game of that name has one.
    """
    from dokuspec import games as plugins  # noqa: PLC0415 - the games installed, when asked
    from dokuspec.openspiel.spec import OpenSpielSpec  # noqa: PLC0415

    spec = next((s for s in plugins.installed() if s.name == game), None)
    if spec is None or spec.openspiel is None:
        known = ", ".join(games())
        raise UnknownActionError(f"no OpenSpiel action space for {game!r} ({known})")
    declared = spec.load("openspiel")
    if not isinstance(declared, OpenSpielSpec):
        raise plugins.PluginError(f"{game}: its openspiel {spec.openspiel!r} is no OpenSpielSpec")
    return declared


@cache
def action_codec(game: str) -> ActionCodec:
    """The action space of the installed game ``game`` (made once, then cached).

    Args:
        game: the name of a game whose plug-in declares an OpenSpiel game
            (:func:`games`).

    Raises:
        UnknownActionError: no action space is declared for that game.
    """
    codec = declaration(game).codec()
    if codec.game != game:
        raise UnknownActionError(f"{game}: its action space is named {codec.game!r}")
    return codec


def games() -> tuple[str, ...]:
    """The installed games that declare an OpenSpiel game, in the games' order
    (:func:`dokuspec.games.installed`)."""
    from dokuspec import games as plugins  # noqa: PLC0415 - the games installed, when asked

    return tuple(s.name for s in plugins.installed() if s.openspiel is not None)
