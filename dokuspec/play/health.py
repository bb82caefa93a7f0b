"""Health reports: who wins a game and how it ends, with 95% confidence intervals.

:func:`health_games` plays games between two agents of a game's kit, agent
``s`` in seat ``s`` (so each seat's rate is the seat's, for those agents),
and stops at the game budget or, in the sequential mode, as soon as the
intervals are narrow enough. :func:`health_report` reads the games played
into a :class:`Health`: each seat's and the first player's win rate, the
draw rate and the share of decided games (Wilson intervals,
:func:`~dokuspec.play.stats.wilson_interval`), the games per ending (by rule
ID) and the distribution of their lengths. :func:`health` does both.

A statistic from weak agents is not a fact about a game: a report names its
agents, and the handbook publishes those of the strongest agents.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from dokuspec.engine.base import JSONValue
from dokuspec.errors import DokuspecError, quote
from dokuspec.play.kit import kit
from dokuspec.play.matches import MatchGame, play_games
from dokuspec.play.stats import Interval, wilson_interval

__all__ = ["DealClass", "Health", "health", "health_games", "health_report"]


@dataclass(frozen=True, slots=True)
class DealClass:
    """The games of one class of deals (:attr:`~dokuspec.play.kit.Outcome.deal`).

    Attributes:
        label: the class (``"advantage 1-2 bits"``).
        games: its games.
        seat_wins: each seat's wins in them, with its 95% interval.
        first_player_wins: the first player's.
        role_wins: each role's.
    """

    label: str
    games: int
    seat_wins: tuple[Interval, ...]
    first_player_wins: Interval
    role_wins: Mapping[str, Interval]

    def to_json(self) -> dict[str, JSONValue]:
        """Every attribute, intervals as :meth:`~dokuspec.play.stats.Interval.to_json`."""
        return {
            "label": self.label,
            "games": self.games,
            "seat_wins": [dict(w.to_json()) for w in self.seat_wins],
            "first_player_wins": dict(self.first_player_wins.to_json()),
            "role_wins": {k: dict(v.to_json()) for k, v in self.role_wins.items()},
        }


def _wins(
    done: Sequence[MatchGame], seats: int, roles: Sequence[str]
) -> tuple[tuple[Interval, ...], Interval, dict[str, Interval]]:
    """Each seat's, the first player's and each role's wins in ``done``, with intervals."""
    count = len(done)
    seat_wins = tuple(
        wilson_interval(sum(g.winner == s for g in done), count) for s in range(seats)
    )
    first = wilson_interval(sum(g.winner is not None and g.winner == g.first for g in done), count)
    by_role = {
        role: wilson_interval(
            sum(g.winner is not None and dict(g.roles).get(role) == g.winner for g in done), count
        )
        for role in roles
    }
    return seat_wins, first, by_role


@dataclass(frozen=True, slots=True)
class Health:
    """What games between two agents show (see the module).

    Attributes:
        game: the game's name.
        options: the game's options.
        agents: the agent in each seat.
        seats: what the rules call each seat.
        seed: the run's seed.
        games: the games played.
        seat_wins: each seat's wins, with its interval.
        first_player_wins: the wins of whoever took the first turn.
        role_wins: the wins of each of the game's roles (the kit's
            :attr:`~dokuspec.play.kit.PlayKit.roles`), by whoever held it.
        draws: the draws.
        decided: the games with a winner.
        endings: games per ending (rule ID), in the kit's order, then others.
        lengths: ``{"min", "q1", "median", "q3", "max", "mean"}`` in turns
            (quartiles by ``statistics.quantiles``, inclusive); empty
            without games.
        width: the sequential mode's target width, or ``None``.
        by_deal: the win rates per class of deal, by label, where the kit
            tells deals apart (empty where it does not).
        stopped: ``"width"`` (the sequential mode's target reached),
            ``"budget"`` (every game of the budget played) or ``"interrupted"``.
    """

    game: str
    options: Mapping[str, JSONValue]
    agents: tuple[str, ...]
    seats: tuple[str, ...]
    seed: int
    games: int
    seat_wins: tuple[Interval, ...]
    first_player_wins: Interval
    role_wins: Mapping[str, Interval]
    draws: Interval
    decided: Interval
    endings: Mapping[str, int]
    lengths: Mapping[str, float]
    width: float | None
    stopped: str
    by_deal: tuple[DealClass, ...] = ()

    def to_json(self) -> dict[str, JSONValue]:
        """Every attribute, intervals as :meth:`~dokuspec.play.stats.Interval.to_json`."""
        return {
            "game": self.game,
            "options": dict(self.options),
            "agents": list(self.agents),
            "seats": list(self.seats),
            "seed": self.seed,
            "games": self.games,
            "seat_wins": [dict(w.to_json()) for w in self.seat_wins],
            "first_player_wins": dict(self.first_player_wins.to_json()),
            "role_wins": {k: dict(v.to_json()) for k, v in self.role_wins.items()},
            "draws": dict(self.draws.to_json()),
            "decided": dict(self.decided.to_json()),
            "endings": dict(self.endings),
            "lengths": dict(self.lengths),
            "width": self.width,
            "stopped": self.stopped,
            "by_deal": [c.to_json() for c in self.by_deal],
        }


def _check_width(width: object) -> float | None:
    if width is None:
        return None
    if isinstance(width, bool) or not isinstance(width, int | float) or not 0 < width <= 1:
        raise DokuspecError(f"the interval width is above 0 and at most 1, not {quote(width)}")
    return float(width)


def _narrow(done: Sequence[MatchGame], width: float, seats: int) -> bool:
    """Whether the first player's and every seat's interval is at most ``width`` wide."""
    count = len(done)
    rates = [sum(g.winner == s for g in done) for s in range(seats)]
    first = sum(g.winner is not None and g.winner == g.first for g in done)
    return all(wilson_interval(k, count).width <= width for k in (*rates, first))


def health_games(
    game: str,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    options: Mapping[str, JSONValue] | None = None,
    *,
    width: float | None = None,
    workers: int = 1,
    scheduler: str | None = None,
) -> Iterator[MatchGame]:
    """The games of a health report, in order, as each finishes.

    Args:
        game: an installed game with a play kit.
        agents: the agent of each seat.
        games: the game budget, 0 or more.
        seed: the run's seed.
        options: the game's options.
        width: the sequential mode: stop after the first game at which the
            first player's and each seat's 95% interval is at most this wide
            (above 0, at most 1); ``None``: play the whole budget. The check
            follows the games' order, so where it stops does not depend on
            the workers.
        workers, scheduler: where the games are played (:func:`~dokuspec.play.matches.play_games`).

    Raises:
        As :func:`~dokuspec.play.matches.play_games`; a bad width (DokuspecError).
    """
    target = _check_width(width)
    played = play_games(game, agents, games, seed, options, workers=workers, scheduler=scheduler)
    seats = len(kit(game).seats)
    return _until(played, target, seats)


def _until(played: Iterator[MatchGame], width: float | None, seats: int) -> Iterator[MatchGame]:
    done: list[MatchGame] = []
    try:
        for result in played:
            done.append(result)
            yield result
            if width is not None and _narrow(done, width, seats):
                return
    finally:
        close = getattr(played, "close", None)
        if close is not None:
            close()


def health_report(
    game: str,
    agents: Sequence[str],
    results: Iterable[MatchGame],
    seed: int = 0,
    options: Mapping[str, JSONValue] | None = None,
    *,
    width: float | None = None,
    interrupted: bool = False,
) -> Health:
    """The :class:`Health` of the games ``results`` (from :func:`health_games`).

    Args:
        game, agents, seed, options: as the games were played.
        results: the games.
        width: the sequential mode's width, or ``None``.
        interrupted: the run was cut short (before the budget, the width not reached).
    """
    found = kit(game)
    done = list(results)
    count = len(done)
    seats = len(found.seats)
    seat_wins, first, roles = _wins(done, seats, found.roles)
    labels = sorted({g.deal for g in done if g.deal})
    by_deal = []
    for label in labels:
        these = [g for g in done if g.deal == label]
        wins, first_wins, role_wins = _wins(these, seats, found.roles)
        by_deal.append(DealClass(label, len(these), wins, first_wins, role_wins))
    draws = sum(g.winner is None for g in done)
    endings = dict.fromkeys(found.endings, 0)
    for result in done:
        endings[result.ending] = endings.get(result.ending, 0) + 1
    lengths: dict[str, float] = {}
    if done:
        turns = sorted(g.turns for g in done)
        quartiles = (
            statistics.quantiles(turns, n=4, method="inclusive") if count > 1 else [turns[0]] * 3
        )
        lengths = {
            "min": turns[0],
            "q1": quartiles[0],
            "median": quartiles[1],
            "q3": quartiles[2],
            "max": turns[-1],
            "mean": statistics.fmean(turns),
        }
    if width is not None and done and _narrow(done, width, seats):
        stopped = "width"
    elif interrupted:
        stopped = "interrupted"
    else:
        stopped = "budget"
    return Health(
        game=game,
        options=dict(options or {}),
        agents=tuple(agents),
        seats=found.seats,
        seed=seed,
        games=count,
        seat_wins=seat_wins,
        first_player_wins=first,
        role_wins=roles,
        draws=wilson_interval(draws, count),
        decided=wilson_interval(count - draws, count),
        endings={k: v for k, v in endings.items() if v or k in found.endings},
        lengths=lengths,
        width=width,
        stopped=stopped,
        by_deal=tuple(by_deal),
    )


def health(
    game: str,
    agents: Sequence[str] = ("strong", "strong"),
    games: int = 100,
    seed: int = 0,
    options: Mapping[str, JSONValue] | None = None,
    *,
    width: float | None = None,
    workers: int = 1,
    scheduler: str | None = None,
) -> Health:
    """Play a health report's games and read them (:func:`health_games`, :func:`health_report`).

    Raises:
        As :func:`health_games`.
    """
    results = list(
        health_games(
            game, agents, games, seed, options, width=width, workers=workers, scheduler=scheduler
        )
    )
    return health_report(game, agents, results, seed, options, width=width)
