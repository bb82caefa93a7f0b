"""Seeded games between named agents of any game with a play kit.

:func:`play_games` plays games ``0 .. n - 1`` between agents named by a
game's :class:`~dokuspec.play.kit.PlayKit` and yields a :class:`MatchGame`
per game, in order, as each finishes: in this process, in local processes or
on a Dask cluster (:func:`dokuspec.parallel.ordered_map`), the same results
whatever the split. Game ``i``'s engine seed is
:func:`~dokuspec.engine.records.game_seed` of ``"<game>-play"``, the run's
seed and its *deal* number, and each agent draws from
:func:`~dokuspec.engine.playout.bot_rng` of that seed and its seat. With
``alternate``, games ``2k`` and ``2k + 1`` are the same deal with the agents'
seats exchanged (duplicate play: the deal's luck cancels between them);
without it, agent ``s`` always sits in seat ``s``.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from dokuspec.engine.base import JSONValue
from dokuspec.engine.playout import play_out
from dokuspec.engine.records import game_seed
from dokuspec.errors import DokuspecError
from dokuspec.parallel import check_options, ordered_map
from dokuspec.play.kit import agent, kit
from dokuspec.seeds import check_seed

__all__ = ["MatchGame", "check_agents", "deal_seed", "play_game", "play_games"]


@dataclass(frozen=True, slots=True)
class MatchGame:
    """One game between agents.

    Attributes:
        index: its index in the run, from 0.
        seed: its engine seed (the deal).
        agents: the agent in each seat (engine player 0 first).
        winner: the winning seat, or ``None`` for a draw.
        ending: the rule it ended by (:attr:`~dokuspec.play.kit.Outcome.ending`).
        turns: its length in the game's turns.
        first: the seat that took the first turn.
        roles: the game's roles with the seat that held each
            (:attr:`~dokuspec.play.kit.Outcome.roles`).
        deal: the class of its deal (:attr:`~dokuspec.play.kit.Outcome.deal`), or ``""``.
    """

    index: int
    seed: int
    agents: tuple[str, ...]
    winner: int | None
    ending: str
    turns: int
    first: int
    roles: tuple[tuple[str, int], ...] = ()
    deal: str = ""

    def to_json(self) -> dict[str, JSONValue]:
        """``{"index", "seed", "agents", "winner", "ending", "turns", "first", "roles",
        "deal"}`` (seats from 0; ``roles`` maps a role to its seat)."""
        return {
            "index": self.index,
            "seed": self.seed,
            "agents": list(self.agents),
            "winner": self.winner,
            "ending": self.ending,
            "turns": self.turns,
            "first": self.first,
            "roles": dict(self.roles),
            "deal": self.deal,
        }


def deal_seed(game: str, seed: int, deal: int) -> int:
    """The engine seed of deal ``deal`` of a run of ``game`` with seed ``seed``."""
    return game_seed(f"{game}-play", seed, deal)


def play_game(
    game: str,
    agents: Sequence[str],
    seed: int,
    index: int,
    options: Mapping[str, JSONValue] | None = None,
    *,
    alternate: bool = False,
) -> MatchGame:
    """Play game ``index`` of a run, alone (as :func:`play_games` plays it).

    Raises:
        As :func:`play_games`.
    """
    return _play(game, tuple(agents), _options_text(options), alternate, seed, index)


def _options_text(options: Mapping[str, JSONValue] | None) -> str:
    """The options as canonical JSON text: hashable and picklable, one text per value."""
    if options is not None and not isinstance(options, Mapping):
        raise TypeError(f"options are a mapping, not {type(options).__name__}")
    try:
        return json.dumps(dict(options or {}), sort_keys=True, allow_nan=False)
    except (TypeError, ValueError) as error:
        raise DokuspecError(f"options are JSON values: {error}") from None


@functools.lru_cache(maxsize=16)
def _game(game: str, options: str) -> object:
    found: dict[str, JSONValue] = json.loads(options)
    return kit(game).make_game(found)


def _play(
    game: str,
    agents: tuple[str, ...],
    options: str,
    alternate: bool,
    seed: int,
    index: int,
    *,
    checked: bool = False,
) -> MatchGame:
    deal, swapped = (index // 2, index % 2 == 1) if alternate else (index, False)
    seated = tuple(reversed(agents)) if swapped else agents
    found = kit(game)
    this_seed, chance = found.dealt(json.loads(options), deal_seed(game, seed, deal))
    players = [agent(game, name) for name in seated]
    state = play_out(_game(game, options), players, this_seed, chance=chance)  # type: ignore[arg-type]
    outcome = found.outcome(state)
    if checked:
        again = found.outcome(found.replayed(found.record_of(state)))
        if again != outcome:
            raise RuntimeError(
                f"internal error: game {index} ended {outcome}, its record replays to {again}"
            )
    return MatchGame(
        index,
        this_seed,
        seated,
        outcome.winner,
        outcome.ending,
        outcome.turns,
        outcome.first,
        outcome.roles,
        outcome.deal,
    )


def check_agents(game: str, agents: object, players: int = 2) -> tuple[str, ...]:
    """The agents' names, checked against ``game``'s kit.

    Raises:
        TypeError: not a sequence of str.
        DokuspecError: not one per seat, or an unknown name.
    """
    if isinstance(agents, str) or not isinstance(agents, Sequence):
        raise TypeError("agents are a sequence of names, one per seat")
    names = tuple(agents)
    if len(names) != players:
        raise DokuspecError(f"give {players} agents, one per seat, not {len(names)}")
    for name in names:
        agent(game, name)  # made now: an unknown name is refused before any game
    return names


def play_games(
    game: str,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    options: Mapping[str, JSONValue] | None = None,
    *,
    alternate: bool = False,
    start: int = 0,
    checked: bool = False,
    workers: int = 1,
    scheduler: str | None = None,
) -> Iterator[MatchGame]:
    """Play games ``start .. start + games - 1`` between ``agents``; yield each as it finishes.

    Args:
        game: an installed game with a play kit.
        agents: an agent's name per seat (the kit's :attr:`~dokuspec.play.kit.PlayKit.agents`).
        games: how many games, 0 or more.
        seed: the run's seed, 0 to ``2**64 - 1``.
        options: the game's options (the engine checks them).
        alternate: exchange the seats every other game, on the same deal.
        start: the index of the first game.
        checked: replay each game's record with the game's own reader (the
            rules engine) and check that it ends the same way; a game that
            does not raises RuntimeError (the agents and the rules disagree).
        workers: local processes (1: this one).
        scheduler: a Dask scheduler's address, or ``None``.

    Raises:
        TypeError: a wrong argument type.
        DokuspecError: an unknown agent, a bad count or seed, bad options.
        UnknownGameError, PluginError: no such game, or no play kit.
    """
    if isinstance(games, bool) or not isinstance(games, int):
        raise TypeError(f"games is an int, not {type(games).__name__}")
    if games < 0 or isinstance(start, bool) or not isinstance(start, int) or start < 0:
        raise DokuspecError("the number of games and the first index are 0 or more")
    check_seed(seed)
    check_options(workers, scheduler)
    found = kit(game)
    names = check_agents(game, agents, len(found.seats))
    items = _options_text(options)
    _game(game, items)  # the options are checked now
    play = functools.partial(_play, game, names, items, alternate, seed, checked=checked)
    return ordered_map(play, range(start, start + games), workers=workers, scheduler=scheduler)
