"""The statistics of play: confidence intervals of rates, and ratings from matches.

* :func:`wilson_interval`: a rate (wins out of games) with its Wilson score
  interval, computed by ``scipy.stats.binomtest`` (``method="wilson"``;
  E. B. Wilson, "Probable inference, the law of succession, and statistical
  inference", JASA 22, 1927).
* :func:`bradley_terry`: ratings of agents from the results of their games,
  on the Elo scale, with 95% confidence intervals. The model is Bradley-Terry
  with a seat advantage (as Coulom's BayesElo fits it): the agent in seat 0
  beats the one in seat 1 with probability ``1 / (1 + 10 ** (-(r0 - r1 + h)
  / 400))``, a draw counts half a win for each, and each pair of agents that
  met is given ``prior_draws`` virtual draws (BayesElo's prior), so that an
  agent that won every game still has a finite rating. The maximum
  a-posteriori ratings are found with ``scipy.optimize.minimize``; the
  intervals are the normal approximation from the curvature there (the
  inverse Hessian of the log posterior), relative to the anchor, whose
  rating is 0 by definition.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from dokuspec.errors import DokuspecError

__all__ = ["Interval", "Rating", "Ratings", "bradley_terry", "wilson_interval"]

_ELO = 400 / math.log(10)  # Elo points per unit of the logistic model's scale
_Z95 = 1.959963984540054  # the 97.5th percentile of the standard normal distribution


@dataclass(frozen=True, slots=True)
class Interval:
    """A rate and its confidence interval, all as fractions 0 to 1.

    Attributes:
        successes: the count of the event (wins, draws, ...).
        trials: the games counted.
        estimate: ``successes / trials`` (0 without trials).
        low: the interval's lower end.
        high: the interval's upper end.
        confidence: the interval's confidence level (0.95 for 95%).
    """

    successes: int
    trials: int
    estimate: float
    low: float
    high: float
    confidence: float

    @property
    def width(self) -> float:
        """``high - low``."""
        return self.high - self.low

    def to_json(self) -> dict[str, float | int]:
        """``{"successes", "trials", "estimate", "low", "high", "confidence"}``."""
        return {
            "successes": self.successes,
            "trials": self.trials,
            "estimate": self.estimate,
            "low": self.low,
            "high": self.high,
            "confidence": self.confidence,
        }

    def __str__(self) -> str:
        """``"61.0% (55.2-66.5%)"``; ``"-"`` without trials."""
        if not self.trials:
            return "-"
        return f"{100 * self.estimate:.1f}% ({100 * self.low:.1f}-{100 * self.high:.1f}%)"


def wilson_interval(successes: int, trials: int, confidence: float = 0.95) -> Interval:
    """The rate ``successes / trials`` with its Wilson score interval.

    Args:
        successes: 0 to ``trials``.
        trials: 0 or more; without trials the interval is 0 to 1.
        confidence: the level, above 0 and below 1.

    Raises:
        TypeError: a count is not an int, or ``confidence`` not a number.
        DokuspecError: a count out of range, or a level outside (0, 1).
    """
    for what, value in (("successes", successes), ("trials", trials)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{what} is an int, not {type(value).__name__}")
    if isinstance(confidence, bool) or not isinstance(confidence, int | float):
        raise TypeError(f"confidence is a number, not {type(confidence).__name__}")
    if not 0 <= successes <= trials:
        raise DokuspecError(f"successes are 0 to {trials:,}, not {successes:,}")
    if not 0 < confidence < 1:
        raise DokuspecError(f"the confidence level is above 0 and below 1, not {confidence}")
    if trials == 0:
        return Interval(0, 0, 0.0, 0.0, 1.0, float(confidence))
    from scipy.stats import binomtest  # noqa: PLC0415 - scipy loads in about a second

    found = binomtest(successes, trials).proportion_ci(float(confidence), method="wilson")
    low, high = max(0.0, float(found.low)), min(1.0, float(found.high))
    return Interval(successes, trials, successes / trials, low, high, float(confidence))


@dataclass(frozen=True, slots=True)
class Rating:
    """One agent's rating on the Elo scale, relative to the anchor's 0.

    Attributes:
        name: the agent.
        elo: the maximum a-posteriori rating, in Elo points.
        low: the lower end of its 95% interval.
        high: the upper end of its 95% interval.
        games: the games it played (virtual ones not counted).
        score: its points in them: 1 a win, 0.5 a draw.
    """

    name: str
    elo: float
    low: float
    high: float
    games: int
    score: float

    def to_json(self) -> dict[str, float | int | str]:
        """``{"name", "elo", "low", "high", "games", "score"}``."""
        return {
            "name": self.name,
            "elo": self.elo,
            "low": self.low,
            "high": self.high,
            "games": self.games,
            "score": self.score,
        }


@dataclass(frozen=True, slots=True)
class Ratings:
    """The ratings of a set of agents (:func:`bradley_terry`).

    Attributes:
        ratings: one per agent, the highest rating first.
        anchor: the agent whose rating is 0.
        seat_advantage: the advantage of seat 0 (the engine's player 0) over
            seat 1, in Elo points, with its 95% interval ``(low, high)``.
        prior_draws: the virtual draws given to each pair that met.
    """

    ratings: tuple[Rating, ...]
    anchor: str
    seat_advantage: tuple[float, float, float]
    prior_draws: float

    def __getitem__(self, name: str) -> Rating:
        """The rating of the agent ``name``.

        Raises:
            KeyError: no such agent.
        """
        for rating in self.ratings:
            if rating.name == name:
                return rating
        raise KeyError(name)

    def to_json(self) -> dict[str, object]:
        """``{"anchor", "prior_draws", "seat_advantage": {"elo", "low", "high"},
        "ratings": [...]}``."""
        elo, low, high = self.seat_advantage
        return {
            "anchor": self.anchor,
            "prior_draws": self.prior_draws,
            "seat_advantage": {"elo": elo, "low": low, "high": high},
            "ratings": [rating.to_json() for rating in self.ratings],
        }


def bradley_terry(
    names: Sequence[str],
    results: Sequence[tuple[int, int, float]],
    *,
    anchor: str | None = None,
    prior_draws: float = 2.0,
) -> Ratings:
    """Ratings with 95% intervals from games between agents (see the module).

    Args:
        names: the agents, each once.
        results: one ``(seat0, seat1, score)`` per game: the indices in
            ``names`` of the agent in seat 0 and in seat 1, and seat 0's
            points (1 a win, 0.5 a draw, 0 a loss).
        anchor: the agent rated 0 (default: the first of ``names``).
        prior_draws: virtual draws per pair that met, 0 or more (0 gives
            the plain maximum-likelihood ratings, infinite for an agent that
            won every game).

    Raises:
        DokuspecError: fewer than two agents, a name twice, an unknown
            anchor, a bad result, a negative prior, or agents that no chain
            of games connects to the anchor.
    """
    count = len(names)
    if count < 2 or len(set(names)) != count:
        raise DokuspecError("ratings need two or more agents, each named once")
    anchor = names[0] if anchor is None else anchor
    if anchor not in names:
        raise DokuspecError(f"the anchor {anchor!r} is not one of the agents")
    if not (isinstance(prior_draws, int | float) and prior_draws >= 0):
        raise DokuspecError(f"prior_draws is 0 or more, not {prior_draws!r}")
    games = [0] * count
    score = [0.0] * count
    pairs: set[tuple[int, int]] = set()
    for first, second, points in results:
        if not (0 <= first < count and 0 <= second < count and first != second):
            raise DokuspecError(f"a game between agents {first} and {second} of {count}")
        if points not in (0, 0.5, 1):
            raise DokuspecError(f"a game's score is 0, 0.5 or 1, not {points!r}")
        games[first] += 1
        games[second] += 1
        score[first] += points
        score[second] += 1 - points
        pairs.add((min(first, second), max(first, second)))
    _check_connected(names, pairs, names.index(anchor))
    fixed = names.index(anchor)
    free = [i for i in range(count) if i != fixed]
    estimate, covariance = _fit(count, free, results, sorted(pairs), float(prior_draws))
    ratings = []
    for i, name in enumerate(names):
        if i == fixed:
            elo, spread = 0.0, 0.0
        else:
            k = free.index(i)
            elo = _ELO * estimate[k]
            spread = _Z95 * _ELO * math.sqrt(max(covariance[k][k], 0.0))
        ratings.append(Rating(name, elo, elo - spread, elo + spread, games[i], score[i]))
    seat = _ELO * estimate[-1]
    seat_spread = _Z95 * _ELO * math.sqrt(max(covariance[-1][-1], 0.0))
    ordered = tuple(sorted(ratings, key=lambda r: (-r.elo, r.name)))
    return Ratings(ordered, anchor, (seat, seat - seat_spread, seat + seat_spread), prior_draws)


def _check_connected(names: Sequence[str], pairs: set[tuple[int, int]], anchor: int) -> None:
    reached = {anchor}
    grown = True
    while grown:
        grown = False
        for a, b in pairs:
            if (a in reached) != (b in reached):
                reached |= {a, b}
                grown = True
    missing = [names[i] for i in range(len(names)) if i not in reached]
    if missing:
        raise DokuspecError(f"no games connect {', '.join(missing)} to {names[anchor]}")


def _fit(
    count: int,
    free: list[int],
    results: Sequence[tuple[int, int, float]],
    pairs: list[tuple[int, int]],
    prior: float,
) -> tuple[list[float], list[list[float]]]:
    """The MAP estimate (free agents' strengths, then the seat advantage) and its covariance."""
    import numpy as np  # noqa: PLC0415 - with scipy
    from scipy.optimize import minimize  # noqa: PLC0415 - scipy loads in about a second

    size = len(free) + 1
    column = {agent: k for k, agent in enumerate(free)}
    rows: list[list[float]] = []
    targets: list[float] = []
    weights: list[float] = []

    def design(first: int, second: int, seat: float) -> list[float]:
        row = [0.0] * size
        if first in column:
            row[column[first]] += 1.0
        if second in column:
            row[column[second]] -= 1.0
        row[-1] = seat
        return row

    for first, second, points in results:
        rows.append(design(first, second, 1.0))
        targets.append(float(points))
        weights.append(1.0)
    for first, second in pairs:
        if prior > 0:
            rows.append(design(first, second, 0.0))
            targets.append(0.5)
            weights.append(prior)
    x = np.array(rows, dtype=float).reshape(len(rows), size)
    y = np.array(targets)
    w = np.array(weights)

    def negative_log_posterior(theta: np.ndarray) -> tuple[float, np.ndarray]:
        z = x @ theta
        # log(1 + e^z) without overflow
        soft = np.logaddexp(0.0, z)
        value = float(np.sum(w * (soft - y * z)))
        p = 1.0 / (1.0 + np.exp(-z))
        return value, x.T @ (w * (p - y))

    found = minimize(
        negative_log_posterior, np.zeros(size), jac=True, method="BFGS", options={"gtol": 1e-9}
    )
    theta = found.x
    p = 1.0 / (1.0 + np.exp(-(x @ theta)))
    hessian = (x * (w * p * (1 - p))[:, None]).T @ x
    covariance = np.linalg.pinv(hessian)
    return [float(v) for v in theta], [[float(v) for v in row] for row in covariance]
