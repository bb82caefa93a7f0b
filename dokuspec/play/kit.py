"""What a game gives the analysis of play: its agents, how its games end, its option sets.

A game declares a :class:`PlayKit` as the ``play`` part of its plug-in
(:attr:`dokuspec.games.GameSpec.play`); :func:`kit` loads it. Matches,
health reports, ladders and the loophole search (:mod:`dokuspec.play`) read
nothing else of the game: any registered game with a kit gets them.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from dokuspec import games
from dokuspec.engine.base import CHANCE, Action, Game, JSONValue, State
from dokuspec.errors import DokuspecError, quote

__all__ = ["Agent", "Exploit", "Outcome", "PlayKit", "agent", "first_mover", "kit"]


class Agent(Protocol):
    """A player as matches need it: a ``name`` and ``agent(state, player, rng) -> action``."""

    @property
    def name(self) -> str:
        """A short name for reports."""
        ...

    def __call__(self, state: Any, player: int, rng: random.Random, /) -> Action: ...


@dataclass(frozen=True, slots=True)
class Outcome:
    """How one game ended, in the game's own terms.

    Attributes:
        winner: the engine player who won, or ``None`` for a draw.
        ending: the rule by which it ended, as a rule ID (``"SU-10"``), with a
            word after it where one rule ends games in several ways
            (``"SU-10 failed"``).
        turns: its length, in the game's unit of turns.
        first: the engine player who took the first turn.
    """

    winner: int | None
    ending: str
    turns: int
    first: int


@dataclass(frozen=True, slots=True)
class Exploit:
    """A scripted policy the loophole search pits against the strong agent.

    Attributes:
        name: its name in reports (``"claim-at-once"``).
        description: what it does, one line.
        agent: makes the policy (an :class:`Agent`).
        options: the option sets it is tried under (names of
            :attr:`PlayKit.option_sets`); empty: every one.
    """

    name: str
    description: str
    agent: Callable[[], Agent]
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayKit:
    """A game's part in the analysis of play.

    Attributes:
        game: the registered game's name.
        seats: what the rules call engine player 0, 1, ... (``("Player 1",
            "Player 2")``).
        agents: each agent's name with what makes it, weakest first by
            convention; ``"random"`` and ``"strong"`` (the game's strongest
            agent at its default strength) are required.
        ladder: the agents a ladder rates by default.
        outcome: how a terminal state ended (:class:`Outcome`).
        option_sets: named sets of the game's options a player can choose,
            ``"default"`` (no options) first; health reports and the loophole
            search run over them.
        endings: each ending's rule ID with a few words on it, in the order
            reports list them.
        exploits: the scripted policies of the loophole search.
    """

    game: str
    seats: tuple[str, ...]
    agents: Mapping[str, Callable[[], Agent]]
    ladder: tuple[str, ...]
    outcome: Callable[[Any], Outcome]
    option_sets: Mapping[str, Mapping[str, JSONValue]] = field(
        default_factory=lambda: {"default": {}}
    )
    endings: Mapping[str, str] = field(default_factory=dict)
    exploits: tuple[Exploit, ...] = ()

    def __post_init__(self) -> None:
        for required in ("random", "strong"):
            if required not in self.agents:
                raise games.PluginError(f"{self.game}: a play kit needs an agent {required!r}")
        for name in self.ladder:
            if name not in self.agents:
                raise games.PluginError(f"{self.game}: the ladder's agent {name!r} is unknown")
        if next(iter(self.option_sets), None) != "default" or self.option_sets["default"]:
            raise games.PluginError(f"{self.game}: the first option set is 'default', empty")

    def make_game(self, options: Mapping[str, JSONValue] | None = None) -> Game:
        """The game with ``options`` (the engine checks them).

        Raises:
            GameOptionError: an unknown option or a bad value.
        """
        from dokuspec.engine import load_game  # noqa: PLC0415 - the registry loads the game

        return load_game(self.game, **dict(options or {}))

    def option_set(self, name: str) -> dict[str, JSONValue]:
        """The options of the set ``name``: a copy.

        Raises:
            DokuspecError: no such set.
        """
        if name not in self.option_sets:
            known = ", ".join(self.option_sets)
            raise DokuspecError(f"unknown option set {quote(name)} (sets: {known})")
        return dict(self.option_sets[name])


@functools.cache
def kit(game: str) -> PlayKit:
    """The play kit of the installed game ``game``.

    Raises:
        UnknownGameError: no such game.
        PluginError: the game has no play kit, or it is not a :class:`PlayKit`.
    """
    spec = games.game(game)
    found = spec.load("play")
    if not isinstance(found, PlayKit) or found.game != game:
        raise games.PluginError(f"{game}: its play part is not the PlayKit of {game!r}")
    return found


@functools.cache
def agent(game: str, name: str) -> Agent:
    """The agent ``name`` of ``game``'s kit, made once per process.

    Raises:
        TypeError: ``name`` is not a str.
        DokuspecError: an unknown agent.
        UnknownGameError, PluginError: as :func:`kit`.
    """
    if not isinstance(name, str):
        raise TypeError(f"an agent's name is a str, not {type(name).__name__}")
    found = kit(game).agents
    if name not in found:
        raise DokuspecError(f"unknown agent {quote(name)} (agents: {', '.join(found)})")
    return found[name]()


def first_mover(state: State) -> int:
    """The player of the first action that was not chance's (at a simultaneous node: -2).

    Raises:
        DokuspecError: no player has acted.
    """
    for entry in state.history():
        if entry.player != CHANCE:
            return entry.player
    raise DokuspecError("no player has acted in this game")
