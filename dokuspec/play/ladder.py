"""A ladder: every pair of agents plays seeded games in both seats; ratings with 95% intervals.

:func:`ladder_games` plays, for each pair of entrants in turn, ``games``
games on shared deals with the seats exchanged every other game
(:func:`~dokuspec.play.matches.play_games` with ``alternate``; the deals of
one pair are those of every other, so every pair meets the same luck).
:func:`ladder_report` reads them into a :class:`Ladder`: Bradley-Terry
ratings on the Elo scale with 95% intervals
(:func:`~dokuspec.play.stats.bradley_terry`, the first entrant at 0) and,
for each pair, each agent's win rate in each seat with its Wilson
interval. :func:`ladder` does both.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from dokuspec.engine.base import JSONValue
from dokuspec.errors import DokuspecError
from dokuspec.play.kit import kit
from dokuspec.play.matches import MatchGame, check_agents, play_games
from dokuspec.play.stats import Interval, Ratings, bradley_terry, wilson_interval

__all__ = ["Ladder", "Pairing", "ladder", "ladder_games", "ladder_report", "pairs"]


@dataclass(frozen=True, slots=True)
class Pairing:
    """Two agents' games against each other.

    Attributes:
        agents: the two agents, ``(a, b)``.
        games: the games they played.
        wins: ``wins[s]``: ``a``'s wins when ``a`` sat in seat ``s``, out of
            those games, with its interval.
        losses: ``b``'s wins, likewise by ``a``'s seat.
        draws: the draws.
    """

    agents: tuple[str, str]
    games: int
    wins: tuple[Interval, Interval]
    losses: tuple[Interval, Interval]
    draws: int

    @property
    def score(self) -> Interval:
        """``a``'s wins over all its games, with its interval."""
        won = sum(w.successes for w in self.wins)
        return wilson_interval(won, self.games)

    def to_json(self) -> dict[str, JSONValue]:
        """``{"agents", "games", "wins": [seat 0, seat 1], "losses": [...], "draws"}``."""
        return {
            "agents": list(self.agents),
            "games": self.games,
            "wins": [dict(w.to_json()) for w in self.wins],
            "losses": [dict(w.to_json()) for w in self.losses],
            "draws": self.draws,
        }


@dataclass(frozen=True, slots=True)
class Ladder:
    """A ladder's ratings and pairings.

    Attributes:
        game: the game's name.
        options: its options.
        seed: the run's seed.
        games_per_pair: games each pair plays (both seats).
        ratings: the ratings (:class:`~dokuspec.play.stats.Ratings`).
        pairings: one per pair, in the order played.
    """

    game: str
    options: Mapping[str, JSONValue]
    seed: int
    games_per_pair: int
    ratings: Ratings
    pairings: tuple[Pairing, ...]

    def to_json(self) -> dict[str, JSONValue]:
        """``{"game", "options", "seed", "games_per_pair", "ratings", "pairings"}``."""
        return {
            "game": self.game,
            "options": dict(self.options),
            "seed": self.seed,
            "games_per_pair": self.games_per_pair,
            "ratings": self.ratings.to_json(),  # type: ignore[dict-item]
            "pairings": [dict(p.to_json()) for p in self.pairings],
        }


def pairs(entrants: Sequence[str]) -> list[tuple[str, str]]:
    """Every pair of ``entrants``, in the order a ladder plays them."""
    return list(itertools.combinations(entrants, 2))


def _entrants(game: str, entrants: object) -> tuple[str, ...]:
    if isinstance(entrants, str) or not isinstance(entrants, Sequence):
        raise TypeError("entrants are a sequence of agents' names")
    names = tuple(entrants)
    if len(names) < 2 or len(set(names)) != len(names):
        raise DokuspecError("a ladder needs two or more agents, each named once")
    for name in names:
        check_agents(game, (name,) * len(kit(game).seats), len(kit(game).seats))
    return names


def ladder_games(
    game: str,
    entrants: Sequence[str] | None = None,
    games: int = 20,
    seed: int = 0,
    options: Mapping[str, JSONValue] | None = None,
    *,
    workers: int = 1,
    scheduler: str | None = None,
) -> Iterator[MatchGame]:
    """Every pair's games, pair after pair (see the module).

    Args:
        game: an installed game with a play kit (two seats).
        entrants: the agents (default: the kit's ladder).
        games: games per pair, an even number of 2 or more (both seats on each deal).
        seed, options, workers, scheduler: as :func:`~dokuspec.play.matches.play_games`.

    Raises:
        TypeError: a wrong argument type.
        DokuspecError: fewer than two entrants, a name twice or unknown, an
            odd or too small number of games; as
            :func:`~dokuspec.play.matches.play_games`.
    """
    found = kit(game)
    if len(found.seats) != 2:
        raise DokuspecError(f"a ladder rates two-player games; {game} has {len(found.seats)} seats")
    names = _entrants(game, found.ladder if entrants is None else entrants)
    if isinstance(games, bool) or not isinstance(games, int):
        raise TypeError(f"games is an int, not {type(games).__name__}")
    if games < 2 or games % 2:
        raise DokuspecError(f"games per pair are an even number, 2 or more, not {games}")
    runs = [
        play_games(
            game, pair, games, seed, options, alternate=True, workers=workers, scheduler=scheduler
        )
        for pair in pairs(names)
    ]
    return itertools.chain.from_iterable(runs)


def ladder_report(
    game: str,
    entrants: Sequence[str],
    results: Iterable[MatchGame],
    seed: int = 0,
    options: Mapping[str, JSONValue] | None = None,
    *,
    games_per_pair: int = 0,
) -> Ladder:
    """The :class:`Ladder` of the games ``results`` (from :func:`ladder_games`).

    Raises:
        DokuspecError: the games leave an entrant unconnected to the first
            (an interrupted run), see :func:`~dokuspec.play.stats.bradley_terry`.
    """
    names = tuple(entrants)
    index = {name: i for i, name in enumerate(names)}
    done = list(results)
    scored: list[tuple[int, int, float]] = []
    by_pair: dict[tuple[str, str], list[MatchGame]] = {pair: [] for pair in pairs(names)}
    for result in done:
        seat0, seat1 = result.agents
        points = 0.5 if result.winner is None else (1.0 if result.winner == 0 else 0.0)
        scored.append((index[seat0], index[seat1], points))
        key = (seat0, seat1) if (seat0, seat1) in by_pair else (seat1, seat0)
        by_pair[key].append(result)
    pairings = []
    for (a, b), played in by_pair.items():
        if not played:
            continue
        wins = []
        losses = []
        for seat in (0, 1):
            mine = [g for g in played if g.agents[seat] == a]
            wins.append(wilson_interval(sum(g.winner == seat for g in mine), len(mine)))
            losses.append(wilson_interval(sum(g.winner == 1 - seat for g in mine), len(mine)))
        draws = sum(g.winner is None for g in played)
        pairings.append(
            Pairing((a, b), len(played), (wins[0], wins[1]), (losses[0], losses[1]), draws)
        )
    ratings = bradley_terry(names, scored)
    return Ladder(game, dict(options or {}), seed, games_per_pair, ratings, tuple(pairings))


def ladder(
    game: str,
    entrants: Sequence[str] | None = None,
    games: int = 20,
    seed: int = 0,
    options: Mapping[str, JSONValue] | None = None,
    *,
    workers: int = 1,
    scheduler: str | None = None,
) -> Ladder:
    """Play a ladder and rate it (:func:`ladder_games`, :func:`ladder_report`).

    Raises:
        As :func:`ladder_games`.
    """
    names = tuple(kit(game).ladder if entrants is None else entrants)
    results = ladder_games(game, names, games, seed, options, workers=workers, scheduler=scheduler)
    return ladder_report(game, names, results, seed, options, games_per_pair=games)
