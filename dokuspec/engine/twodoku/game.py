"""The game of Two-Doku: its option, and the numbers of players, returns and steps
(TD-1 to TD-18, ruling TD-14); :class:`TwoDoku` makes the states of
:mod:`dokuspec.engine.twodoku.state`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from dokuspec.engine.base import (
    Action,
    Game,
    GameOptionError,
    JSONValue,
    OptionSpec,
    register,
)
from dokuspec.engine.twodoku.actions import _NAMES, _read_action
from dokuspec.vocabulary.twodoku import FACE_DOWN_COUNT, FULL_SET, SQUARES_EACH

if TYPE_CHECKING:
    from dokuspec.engine.twodoku.state import TwoDokuState

__all__ = ["TwoDoku"]

_SETUP_STEPS = 2 * SQUARES_EACH + FACE_DOWN_COUNT + FACE_DOWN_COUNT + 1 + 9
"""The steps before play: colourings, placements, face-down digits, the pot, Red's counts."""


@dataclass(frozen=True, slots=True)
class _Rules:
    """The options of one game, read once (shared by its states, never changed)."""

    max_turns: int


@register
class TwoDoku(Game):
    """Two-Doku (rules TD-1 to TD-18) for two players: Red is player 0, Blue player 1.

    Args:
        max_turns: the game ends, scored by TD-10, after this many turns of
            play (both players' turns counted), 1-100000 (default 400,
            ruling TD-14).

    Raises:
        GameOptionError: an unknown option or a bad value.
    """

    name: ClassVar[str] = "twodoku"
    player_names: ClassVar[tuple[str, ...]] = _NAMES
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "max_turns",
            400,
            {"type": "integer", "minimum": 1, "maximum": 100_000},
            "turns of play after which the game ends, scored as usual (TD-14)",
        ),
    )

    def __init__(self, **options: JSONValue) -> None:
        super().__init__(**options)
        value = self._options["max_turns"]
        if isinstance(value, float):
            raise GameOptionError(self.name, "max_turns", f"{value!r} is not an integer")
        assert isinstance(value, int)
        self._rules = _Rules(max_turns=value)

    @property
    def max_turns(self) -> int:
        """Turns of play after which the game ends (TD-14)."""
        return self._rules.max_turns

    def num_players(self) -> int:
        """2: Red (0) and Blue (1)."""
        return 2

    def min_utility(self) -> float:
        """-450: minus the largest score (the returns are zero-sum)."""
        return -self.max_utility()

    def max_utility(self) -> float:
        """450, the sum of all 90 dominoes: a score (TD-10) is the loser's pile and the
        pot, dominoes that are not on the board."""
        return FULL_SET.total

    def max_game_length(self) -> int:
        """``98 + 4 * max_turns`` steps (1698 by default).

        72 colourings (TD-2), 8 placements (TD-3), 8 face-down digits, the
        pot and Red's 9 counts (the deal); then at most ``max_turns`` turns
        of at most 4 steps each: a take, a play, a reveal, a return (a turn
        ending early has fewer).
        """
        return _SETUP_STEPS + 4 * self._rules.max_turns

    def new_initial_state(self, seed: int = 0) -> TwoDokuState:
        """An empty board, Red to colour the first square (TD-2).

        ``seed``: an integer 0 to ``2**64 - 1``, as
        :meth:`~dokuspec.engine.base.Game.new_initial_state` takes it.
        """
        from dokuspec.engine.twodoku.state import TwoDokuState  # noqa: PLC0415 - it imports this

        return TwoDokuState(self, seed)

    def action_from_json(self, data: object) -> Action:
        """Read any of this game's actions from its JSON form (:meth:`Action.to_json`).

        Raises:
            RecordError: not the JSON form of an action; the message starts
                with the JSON path of the bad part (``$.row``).
        """
        return _read_action(data)
