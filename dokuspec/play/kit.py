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

__all__ = [
    "Agent",
    "Dealer",
    "Exploit",
    "Named",
    "Outcome",
    "PlayKit",
    "agent",
    "first_mover",
    "kit",
]


class Agent(Protocol):
    """A player as matches need it: a ``name`` and ``agent(state, player, rng) -> action``."""

    @property
    def name(self) -> str:
        """A short name for reports."""
        ...

    def __call__(self, state: Any, player: int, rng: random.Random, /) -> Action: ...


@dataclass(frozen=True, slots=True)
class Named:
    """An agent under another name: ``Named("strong", GreedyBot())`` plays as the bot and
    reports itself as ``"strong"``.

    Attributes:
        name: the name it reports.
        agent: the agent that chooses.
    """

    name: str
    agent: Agent

    def __call__(self, state: Any, player: int, rng: random.Random) -> Action:
        """The agent's choice."""
        return self.agent(state, player, rng)


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
        roles: the game's roles besides the seats, each with the engine
            player who held it in this game (``(("Black", 1),)``).
        deal: the class of the game's deal where the kit tells deals apart
            (``"advantage 1-2 bits"``), else ``""``; health reports give the
            win rates per class.
    """

    winner: int | None
    ending: str
    turns: int
    first: int
    roles: tuple[tuple[str, int], ...] = ()
    deal: str = ""


Dealer = Callable[
    [Mapping[str, JSONValue], Mapping[str, JSONValue], int],
    tuple[int, Callable[[Any], Action | None] | None],
]
"""A kit's dealer (:attr:`PlayKit.dealer`)."""


@dataclass(frozen=True, slots=True)
class Exploit:
    """A scripted policy the loophole search pits against the strong agent.

    Attributes:
        name: its name in reports (``"own-mistake"``), the name of one of the
            kit's :attr:`PlayKit.agents` (which makes the policy).
        description: what it does, one line.
        options: the option sets it is tried under (names of
            :attr:`PlayKit.option_sets`); empty: every one.
    """

    name: str
    description: str
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
            agent at its default strength) are required. A maker may be a
            reference (``"package.module:function"``), imported when the
            agent is made: an agent of an optional extra or a higher layer
            (OpenSpiel's MCTS).
        ladder: the agents a ladder rates by default.
        outcome: how a terminal state ended (:class:`Outcome`).
        option_sets: named sets of the game's options a player can choose,
            ``"default"`` (no options) first; health reports and the loophole
            search run over them.
        endings: each ending's rule ID with a few words on it, in the order
            reports list them.
        exploits: the scripted policies of the loophole search.
        roles: the names of the roles :attr:`Outcome.roles` gives, in the order
            reports list them (``("Black",)``).
        loophole_opponents: the agents the loophole search pits the exploits
            against (``("strong",)`` by default; a game may add models of
            table play, such as a player who does not notice mistakes).
        record: a finished game's record in the game's own form (what its
            ``replay`` command reads); ``None``: the engine's record.
        replay: reads such a record and plays it again with the rules
            engine, giving the final state; ``None``: the engine's reader.
        deal_options: options of the kit's dealer, not of the engine (a
            balance margin): option sets and ``--option`` may name them;
            :meth:`make_game` leaves them out.
        dealer: ``dealer(deal_options, options, seed) -> (seed, chance)``: how
            a game with deal options (those of :attr:`deal_options` that are
            given, and the engine's options) is dealt: the seed to play
            (another game's, whose deal meets them), and ``chance(state)``,
            an outcome for a chance node of the deal (``None``: the engine
            samples it), or ``None``. The engine checks every outcome, and
            the game's record holds them, so it replays without the dealer.
    """

    game: str
    seats: tuple[str, ...]
    agents: Mapping[str, Callable[[], Agent] | str]
    ladder: tuple[str, ...]
    outcome: Callable[[Any], Outcome]
    option_sets: Mapping[str, Mapping[str, JSONValue]] = field(
        default_factory=lambda: {"default": {}}
    )
    endings: Mapping[str, str] = field(default_factory=dict)
    exploits: tuple[Exploit, ...] = ()
    roles: tuple[str, ...] = ()
    loophole_opponents: tuple[str, ...] = ("strong",)
    record: Callable[[Any], str] | None = None
    replay: Callable[[str], Any] | None = None
    deal_options: tuple[str, ...] = ()
    dealer: Dealer | None = None

    def __post_init__(self) -> None:
        for required in ("random", "strong"):
            if required not in self.agents:
                raise games.PluginError(f"{self.game}: a play kit needs an agent {required!r}")
        for name in (*self.ladder, *self.loophole_opponents):
            if name not in self.agents:
                raise games.PluginError(f"{self.game}: the agent {name!r} is unknown")
        for exploit in self.exploits:
            if exploit.name not in self.agents:
                raise games.PluginError(f"{self.game}: the exploit {exploit.name!r} is no agent")
        if next(iter(self.option_sets), None) != "default" or self.option_sets["default"]:
            raise games.PluginError(f"{self.game}: the first option set is 'default', empty")
        if bool(self.deal_options) != (self.dealer is not None):
            raise games.PluginError(f"{self.game}: deal options need a dealer, and a dealer them")

    def split_options(
        self, options: Mapping[str, JSONValue] | None
    ) -> tuple[dict[str, JSONValue], dict[str, JSONValue]]:
        """``options`` as (the engine's options, the dealer's :attr:`deal_options`)."""
        engine: dict[str, JSONValue] = {}
        dealing: dict[str, JSONValue] = {}
        for name, value in (options or {}).items():
            (dealing if name in self.deal_options else engine)[name] = value
        return engine, dealing

    def dealt(
        self, options: Mapping[str, JSONValue] | None, seed: int
    ) -> tuple[int, Callable[[Any], Action | None] | None]:
        """The seed to play and the chance outcomes to steer, for a game of ``seed``
        with ``options`` (see :attr:`dealer`): ``(seed, None)`` without deal options.

        Raises:
            GameOptionError, DokuspecError: the dealer refuses the options.
        """
        engine, dealing = self.split_options(options)
        if not dealing or self.dealer is None:
            return seed, None
        return self.dealer(dealing, engine, seed)

    def make_game(self, options: Mapping[str, JSONValue] | None = None) -> Game:
        """The game with ``options`` (the engine checks them).

        Raises:
            GameOptionError: an unknown option or a bad value.
        """
        from dokuspec.engine import load_game  # noqa: PLC0415 - the registry loads the game

        engine, dealing = self.split_options(options)
        if dealing and self.dealer is not None:
            self.dealer(dealing, engine, 0)  # the dealer checks its options now
        return load_game(self.game, **engine)

    def record_of(self, state: State) -> str:
        """The record of a finished game (:attr:`record`, else the engine's)."""
        if self.record is not None:
            return self.record(state)
        from dokuspec.engine.records import record_text  # noqa: PLC0415

        return record_text(state)

    def replayed(self, text: str) -> State:
        """A record played again by the rules engine: the final state.

        Raises:
            RecordError, DokuspecError: the record does not replay.
        """
        if self.replay is not None:
            found: State = self.replay(text)
            return found
        from dokuspec.engine.records import read_record  # noqa: PLC0415

        title = self.game
        return read_record(text, source=None, game=self.game, title=title)

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
    maker = found[name]
    if isinstance(maker, str):
        try:
            maker = games.load_reference(maker)
        except ImportError as error:
            raise DokuspecError(f"the agent {quote(name)} cannot be loaded: {error}") from None
    made: Agent = maker()
    return made


def first_mover(state: State) -> int:
    """The player of the first action that was not chance's (at a simultaneous node: -2).

    Raises:
        DokuspecError: no player has acted.
    """
    for entry in state.history():
        if entry.player != CHANCE:
            return entry.player
    raise DokuspecError("no player has acted in this game")
