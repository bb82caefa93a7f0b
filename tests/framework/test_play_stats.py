"""The statistics of play: Wilson intervals and Bradley-Terry ratings, checked against
closed forms computed here, independently of scipy."""

from __future__ import annotations

import math

import pytest

from dokuspec.errors import DokuspecError
from dokuspec.play.stats import bradley_terry, wilson_interval

Z = 1.959963984540054


def wilson_by_hand(k: int, n: int) -> tuple[float, float]:
    """Wilson's score interval from its formula (Wilson 1927)."""
    p = k / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return centre - half, centre + half


@pytest.mark.parametrize(("k", "n"), [(0, 1), (7, 10), (10, 10), (61, 100), (500, 1000), (1, 3)])
def test_wilson_interval_is_the_closed_form(k: int, n: int) -> None:
    found = wilson_interval(k, n)
    low, high = wilson_by_hand(k, n)
    assert (found.successes, found.trials, found.confidence) == (k, n, 0.95)
    assert found.estimate == k / n
    assert found.low == pytest.approx(max(0.0, low), abs=1e-12)
    assert found.high == pytest.approx(min(1.0, high), abs=1e-12)
    assert found.width == pytest.approx(found.high - found.low)


def test_wilson_interval_without_trials_is_everything() -> None:
    found = wilson_interval(0, 0)
    assert (found.low, found.high, found.estimate, str(found)) == (0.0, 1.0, 0.0, "-")


def test_wilson_interval_reads_as_percentages() -> None:
    assert str(wilson_interval(7, 10)) == "70.0% (39.7-89.2%)"
    assert wilson_interval(7, 10).to_json()["trials"] == 10


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        ((11, 10), DokuspecError, "successes are 0 to 10, not 11"),
        ((-1, 10), DokuspecError, "successes are 0 to 10, not -1"),
        ((1, 10, 1.0), DokuspecError, "above 0 and below 1"),
        ((1.0, 10), TypeError, "successes is an int, not float"),
        ((True, 10), TypeError, "successes is an int, not bool"),
        ((1, 10, "0.9"), TypeError, "confidence is a number, not str"),
    ],
)
def test_wilson_interval_refuses_bad_counts(args: tuple, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        wilson_interval(*args)


def games(a: int, b: int, wins_of_a: int, losses_of_a: int, draws: int = 0) -> list:
    """Games of a against b, half with a in seat 0 (each seat the same record)."""
    found = []
    for first, second, flip in ((a, b, False), (b, a, True)):
        for points in [1.0] * wins_of_a + [0.0] * losses_of_a + [0.5] * draws:
            found.append((first, second, 1.0 - points if flip else points))
    return found


def test_equal_records_give_equal_ratings() -> None:
    ratings = bradley_terry(["a", "b"], games(0, 1, 3, 3), prior_draws=0)
    assert ratings["a"].elo == 0.0 and ratings["b"].elo == pytest.approx(0.0, abs=1e-6)
    assert ratings.seat_advantage[0] == pytest.approx(0.0, abs=1e-6)


def test_three_wins_in_four_is_400_log10_3_elo() -> None:
    # Maximum likelihood without a prior: P(a beats b) = 3/4 in each seat, so the
    # difference is 400 * log10(3) and the seats are equal.
    ratings = bradley_terry(["b", "a"], games(1, 0, 30, 10), prior_draws=0)
    assert ratings["a"].elo == pytest.approx(400 * math.log10(3), abs=1e-3)
    assert ratings.seat_advantage[0] == pytest.approx(0.0, abs=1e-3)
    assert ratings["a"].games == 80 and ratings["a"].score == 60
    # The interval is the normal one from the Fisher information: 1.96 / sqrt(n p (1 - p)).
    spread = Z * 400 / math.log(10) / math.sqrt(80 * 0.75 * 0.25)
    assert ratings["a"].high - ratings["a"].elo == pytest.approx(spread, rel=1e-3)
    assert ratings.ratings[0].name == "a"


def test_the_seat_advantage_is_its_own_parameter() -> None:
    # Seat 0 wins 3 of 4 whoever sits there: the agents are equal, seat 0 worth 400 log10 3.
    results = [(0, 1, 1.0)] * 30 + [(0, 1, 0.0)] * 10 + [(1, 0, 1.0)] * 30 + [(1, 0, 0.0)] * 10
    ratings = bradley_terry(["a", "b"], results, prior_draws=0)
    assert ratings["b"].elo == pytest.approx(0.0, abs=1e-3)
    assert ratings.seat_advantage[0] == pytest.approx(400 * math.log10(3), abs=1e-3)


def test_a_perfect_record_has_a_finite_rating_with_the_prior() -> None:
    ratings = bradley_terry(["random", "strong"], games(1, 0, 10, 0))
    strong = ratings["strong"]
    assert math.isfinite(strong.elo) and strong.low > 0 and strong.high > strong.elo
    # Two virtual draws: 20 wins and 1 virtual win in 22 games: 400 log10(21).
    assert strong.elo == pytest.approx(400 * math.log10(21), abs=1e-2)


def test_draws_count_half() -> None:
    ratings = bradley_terry(["a", "b"], games(0, 1, 0, 0, draws=5), prior_draws=0)
    assert ratings["b"].elo == pytest.approx(0.0, abs=1e-6) and ratings["b"].score == 5


def test_a_chain_of_games_rates_everyone() -> None:
    results = games(0, 1, 3, 1) + games(1, 2, 3, 1)
    ratings = bradley_terry(["a", "b", "c"], results, prior_draws=0)
    assert ratings["b"].elo == pytest.approx(-400 * math.log10(3), abs=1e-3)
    assert ratings["c"].elo == pytest.approx(-800 * math.log10(3), abs=1e-3)
    assert [r.name for r in ratings.ratings] == ["a", "b", "c"]
    assert ratings.to_json()["anchor"] == "a"


@pytest.mark.parametrize(
    ("names", "results", "kwargs", "message"),
    [
        (["a"], [], {}, "two or more agents"),
        (["a", "a"], [], {}, "each named once"),
        (["a", "b"], [(0, 1, 1.0)], {"anchor": "c"}, "the anchor 'c'"),
        (["a", "b"], [(0, 1, 0.25)], {}, "0, 0.5 or 1"),
        (["a", "b"], [(0, 0, 1.0)], {}, "between agents 0 and 0"),
        (["a", "b"], [(0, 2, 1.0)], {}, "between agents 0 and 2"),
        (["a", "b"], [(0, 1, 1.0)], {"prior_draws": -1}, "prior_draws is 0 or more"),
        (["a", "b", "c"], [(0, 1, 1.0)], {}, "no games connect c to a"),
    ],
)
def test_bad_results_are_refused(names: list, results: list, kwargs: dict, message: str) -> None:
    with pytest.raises(DokuspecError, match=message):
        bradley_terry(names, results, **kwargs)
