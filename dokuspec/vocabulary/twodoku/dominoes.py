"""Multisets of one-digit dominoes (TD-1): the set of the game, piles, pots and hands."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from dokuspec.errors import NotationError, PositionError, quote
from dokuspec.vocabulary.twodoku.members import _check_digit
from dokuspec.vocabulary.twodoku.players import COPIES, DIGITS, _is_int
from dokuspec.vocabulary.twodoku.squares import Square, _square_of

__all__ = [
    "FULL_SET",
    "Dominoes",
]


# -- dominoes -----------------------------------------------------------------------------------

_TOKEN = re.compile(r"[^\s,]+")


class Dominoes:
    """An immutable multiset of one-digit dominoes: a pile, the pot, the board's digits.

    ``str`` writes the digits sorted and separated by spaces (``"1 1 3 9"``),
    ``"-"`` when empty; :meth:`parse` reads it back. Iteration yields the
    digits sorted, repeats included. Equal multisets compare equal and hash
    alike.

    Args:
        digits: the digits, each an int 1-9, in any order.

    Raises:
        TypeError: ``digits`` is not iterable or holds a non-int (or a bool).
        PositionError: a digit outside 1-9.
    """

    __slots__ = ("_counts", "_total")

    def __init__(self, digits: Iterable[int] = ()) -> None:
        if isinstance(digits, str | bytes) or not isinstance(digits, Iterable):
            raise TypeError(f"Dominoes() takes an iterable of ints, not {type(digits).__name__}")
        counts = [0] * 9
        for digit in digits:
            counts[_check_digit(digit, "a domino's digit") - 1] += 1
        self._counts = tuple(counts)
        self._total = sum(d * n for d, n in zip(DIGITS, counts, strict=True))

    @classmethod
    def from_counts(cls, counts: Iterable[int]) -> Dominoes:
        """The multiset with ``counts[d - 1]`` dominoes of digit ``d``.

        Raises:
            TypeError: a count is not an int.
            PositionError: not nine counts, or a negative count.
        """
        values = tuple(counts)
        if len(values) != 9:
            raise PositionError(f"Dominoes.from_counts() takes 9 counts, not {len(values)}")
        for value in values:
            if not _is_int(value):
                raise TypeError(f"a count is an int, not {type(value).__name__}")
            if value < 0:
                raise PositionError(f"a count is 0 or more, not {value}")
        made = cls.__new__(cls)
        made._counts = values
        made._total = sum(d * n for d, n in zip(DIGITS, values, strict=True))
        return made

    @classmethod
    def parse(cls, text: str) -> Dominoes:
        """Read digits separated by spaces and/or commas (``"1 1 3 9"``); ``-`` or nothing is none.

        Raises:
            TypeError: ``text`` is not a str.
            NotationError: a token that is not one digit 1-9; the column is its first character.
        """
        if not isinstance(text, str):
            raise TypeError(f"Dominoes.parse() takes a str, not {type(text).__name__}")
        if text.strip() == "-":
            return cls()
        digits = []
        for match in _TOKEN.finditer(text):
            token = match[0]
            if len(token) != 1 or token not in "123456789":
                raise NotationError(
                    f"{quote(token)} is not a domino: a digit 1-9", line=1, column=match.start() + 1
                )
            digits.append(int(token))
        return cls(digits)

    def counts(self) -> tuple[int, ...]:
        """Nine counts: index ``d - 1`` holds the number of ``d`` dominoes."""
        return self._counts

    def count(self, digit: int) -> int:
        """How many dominoes carry ``digit`` (TypeError / PositionError for a bad digit)."""
        return self._counts[_check_digit(digit, "the digit") - 1]

    @property
    def total(self) -> int:
        """The sum of the digits (a pile's value at the end, TD-10)."""
        return self._total

    def distinct(self) -> tuple[int, ...]:
        """The digits present, sorted, each once."""
        return tuple(d for d, n in zip(DIGITS, self._counts, strict=True) if n)

    def issubset(self, other: Dominoes) -> bool:
        """Whether every domino of this multiset is in ``other`` (with its repeats)."""
        if not isinstance(other, Dominoes):
            raise TypeError(f"issubset() takes Dominoes, not {type(other).__name__}")
        return all(a <= b for a, b in zip(self._counts, other._counts, strict=True))

    def __add__(self, other: Dominoes) -> Dominoes:
        if not isinstance(other, Dominoes):
            return NotImplemented
        return Dominoes.from_counts(a + b for a, b in zip(self._counts, other._counts, strict=True))

    def __sub__(self, other: Dominoes) -> Dominoes:
        """The dominoes left when ``other``'s are taken out.

        Raises:
            PositionError: ``other`` holds a domino this multiset does not.
        """
        if not isinstance(other, Dominoes):
            return NotImplemented
        missing = [
            str(d) for d, a, b in zip(DIGITS, self._counts, other._counts, strict=True) if b > a
        ]
        if missing:
            raise PositionError(
                f"cannot take {other} out of {self}: not enough of {', '.join(missing)}"
            )
        return Dominoes.from_counts(a - b for a, b in zip(self._counts, other._counts, strict=True))

    def __len__(self) -> int:
        return sum(self._counts)

    def __iter__(self) -> Iterator[int]:
        for digit, count in zip(DIGITS, self._counts, strict=True):
            for _ in range(count):
                yield digit

    def __contains__(self, digit: object) -> bool:
        return _is_int(digit) and 1 <= digit <= 9 and self._counts[digit - 1] > 0  # type: ignore[operator]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dominoes):
            return NotImplemented
        return self._counts == other._counts

    def __hash__(self) -> int:
        return hash(self._counts)

    def to_json(self) -> list[int]:
        """The digits as a sorted list of ints."""
        return list(self)

    def __str__(self) -> str:
        return " ".join(map(str, self)) or "-"

    def __repr__(self) -> str:
        return f"Dominoes.parse({str(self)!r})"


FULL_SET = Dominoes.from_counts([COPIES] * 9)


def _dominoes_of(value: object, what: str) -> Dominoes:
    if not isinstance(value, Dominoes):
        raise TypeError(f"{what} is Dominoes, not {type(value).__name__}")
    return value


def _squares_of(value: object, what: str) -> frozenset[Square]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise TypeError(f"{what} is an iterable of Squares, not {type(value).__name__}")
    items = list(value)
    squares = frozenset(_square_of(item, f"each of {what}") for item in items)
    if len(squares) != len(items):
        twice = sorted({s for s in items if items.count(s) > 1})
        raise PositionError(f"{what} name {', '.join(map(str, twice))} twice")
    return squares
