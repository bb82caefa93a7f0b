"""The scoring options of rule CS-20."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeAlias

from dokuspec.errors import PositionError, quote
from dokuspec.vocabulary.competitive.colours import _is_int

__all__ = [
    "AS_STRAIGHT",
    "Scoring",
    "SeriesPoints",
]


# -- scoring options -----------------------------------------------------------------------------


AS_STRAIGHT: Final = "as_straight"

SeriesPoints: TypeAlias = int | Literal["as_straight"]


def _series_points(points: object, name: str = "power_series_points") -> SeriesPoints:
    """``points`` checked as a value of ``power_series_points`` (CS-20)."""
    if isinstance(points, str):
        if points != AS_STRAIGHT:
            raise PositionError(f"{name} is 'as_straight' or an int 0-9, not {quote(points)}")
        return AS_STRAIGHT
    if not _is_int(points):
        raise TypeError(f"{name} is an int 0-9 or 'as_straight', not {type(points).__name__}")
    assert isinstance(points, int)
    if not 0 <= points <= 9:
        raise PositionError(f"{name} is 'as_straight' or an int 0-9, not {quote(points)}")
    return points


@dataclass(frozen=True, slots=True)
class Scoring:
    """The scoring options of rule CS-20.

    Attributes:
        power_series_points: points of a power series line (``{2, 4, 8}``):
            an int 0-9, whatever its colours (CS-32), or ``"as_straight"``
            to score it as a straight (1 in mixed colours, 2 in one
            colour). The default, 0, is the rule text read literally: the
            power series is no straight, and only the optional rule gives
            it points (CS-20, revised).
        three_triplets_bonus: +3 when all three rows, or all three columns,
            are triplets (off by default).
        score_loser_hand: the loser scores their hand value instead of 0
            (off by default).

    Raises:
        TypeError: a wrong type (``bool`` and ``None`` are refused for the
            points).
        PositionError: ``power_series_points`` is a str other than
            ``"as_straight"`` or an int outside 0-9.
    """

    power_series_points: SeriesPoints = 0
    three_triplets_bonus: bool = False
    score_loser_hand: bool = False

    def __post_init__(self) -> None:
        _series_points(self.power_series_points)
        for name in ("three_triplets_bonus", "score_loser_hand"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name} is a bool, not {type(getattr(self, name)).__name__}")

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Scoring:
        """The scoring options among a game's options (other options are ignored).

        ``power_series_points`` is ``"as_straight"`` or an int 0-9;
        ``three_triplets_bonus`` and ``score_loser_hand`` are bools; a
        missing one takes its default (points 0, both off).

        Raises:
            TypeError: a value of the wrong type.
            PositionError: a value out of range or an unknown word.
        """
        if not isinstance(options, Mapping):
            raise TypeError(f"options are a mapping, not {type(options).__name__}")
        return cls(
            power_series_points=_series_points(options.get("power_series_points", 0)),
            three_triplets_bonus=options.get("three_triplets_bonus", False),
            score_loser_hand=options.get("score_loser_hand", False),
        )

    def to_options(self) -> dict[str, Any]:
        """The game options for these scoring rules (the inverse of :meth:`from_options`)."""
        return {
            "power_series_points": self.power_series_points,
            "three_triplets_bonus": self.three_triplets_bonus,
            "score_loser_hand": self.score_loser_hand,
        }
