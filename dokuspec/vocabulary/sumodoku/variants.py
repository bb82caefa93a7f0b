"""The variants in force (SU-30 to SU-37): X, parity, consecutive marks, digits of the colours."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from dokuspec.errors import NotationError, PositionError, quote
from dokuspec.vocabulary.sumodoku.cells import _borders, _is_int, border_name, cell_name

__all__ = [
    "EMPTY_VARIANTS",
    "IDENTITY_DIGITS",
    "Variants",
]


# -- variants and positions -----------------------------------------------------------------


def _parity_problem(parity: str) -> tuple[str, int | None] | None:
    """What is wrong with a parity marking (and at which index), or ``None``."""
    if len(parity) != 81:
        return (
            f"a parity marking has 81 characters ('o', 'e' or '.'), this one has {len(parity)}",
            None,
        )
    bad = re.search(r"[^.oe]", parity)
    if bad is not None:
        index = bad.start()
        return (
            f"{bad.group()!r} in the parity marking at {cell_name(index)} is not 'o', 'e' or '.'",
            index,
        )
    return None


IDENTITY_DIGITS = "123456789"


def _digits_problem(digits: str) -> tuple[str, int | None] | None:
    """What is wrong with a colour-to-digit mapping (and at which index), or ``None``."""
    if len(digits) != 9:
        return (
            "digits has 9 characters, the digit of each colour 1-9 in turn, "
            f"this one has {len(digits)}",
            None,
        )
    first: dict[str, int] = {}
    for index, char in enumerate(digits):
        if char not in IDENTITY_DIGITS:
            return f"{char!r} (colour {index + 1}'s digit) is not a digit 1-9", index
        if char in first:
            return (
                f"digit {char} is given to colour {first[char] + 1} and to colour {index + 1}; "
                "each digit 1-9 goes to one colour",
                index,
            )
        first[char] = index
    return None


@dataclass(frozen=True, slots=True, init=False)
class Variants:
    """The variant rules in force (rules SU-12, SU-13, SU-14; combinations SU-17, SU-36, SU-37).

    Attributes:
        x: Sudoku X: both main diagonals hold 9 different colours (SU-12).
        parity: the odd/even marking, 81 characters row by row: ``o`` odd
            cell (colours 1, 3, 5, 7, 9), ``e`` even cell (2, 4, 6, 8),
            ``.`` unmarked (SU-13). ``""`` means no marking (a marking with
            no marked cell is stored as ``""``).
        consecutive: the marked borders, each a pair of orthogonally
            adjacent cell indices (smaller first); across a marked border
            the two colours differ by exactly 1 (SU-14). The constructor
            also takes borders written ``"r1c1-r1c2"`` and index pairs in
            either order.
        strict_marks: with ``consecutive``: unmarked borders must not hold
            consecutive colours (SU-14).
        non_consecutive: no two orthogonal neighbours hold consecutive
            colours (SU-14).
        non_consecutive_marks: the borders marked non-consecutive, in the
            forms of ``consecutive``: the two colours across must not
            differ by 1 (SU-37). A border takes one mark, consecutive or
            non-consecutive.
        digits: the digit of each colour, 9 characters: ``digits[k - 1]``
            is the digit of colour ``k``, each digit 1-9 once (SU-36). The
            parity marking and the consecutive rules read these digits;
            the default ``"123456789"`` (:data:`IDENTITY_DIGITS`) makes
            colour ``k`` digit ``k``.

    Raises:
        TypeError: ``x``, ``strict_marks`` or ``non_consecutive`` is not a
            bool, ``parity`` or ``digits`` not a str, ``consecutive`` or
            ``non_consecutive_marks`` not an iterable of borders (str or
            pair of ints).
        NotationError: a malformed parity string (its length, or the first
            bad character with its column), a malformed or non-orthogonal
            border, one border given twice (in either order) or marked both
            consecutive and non-consecutive (SU-37), digits that are not a
            permutation of ``123456789`` (the column of the first bad one).
        PositionError: ``non_consecutive`` together with consecutive marks
            (they contradict each other), or ``strict_marks`` without marks
            (SU-17); non-consecutive marks with ``non_consecutive`` or
            ``strict_marks``, which already forbid consecutive digits on
            those borders (SU-37); digits other than ``"123456789"`` with no
            parity marking and no consecutive rule to read them (SU-36).
    """

    x: bool
    parity: str
    consecutive: frozenset[tuple[int, int]]
    strict_marks: bool
    non_consecutive: bool
    non_consecutive_marks: frozenset[tuple[int, int]]
    digits: str

    def __init__(
        self,
        x: bool = False,
        parity: str = "",
        consecutive: Iterable[str | tuple[int, int]] = frozenset(),
        strict_marks: bool = False,
        non_consecutive: bool = False,
        non_consecutive_marks: Iterable[str | tuple[int, int]] = frozenset(),
        digits: str = IDENTITY_DIGITS,
    ) -> None:
        for name, value in (
            ("x", x),
            ("strict_marks", strict_marks),
            ("non_consecutive", non_consecutive),
        ):
            if not isinstance(value, bool):
                raise TypeError(
                    f"Variants {name} must be True or False, not {type(value).__name__}"
                )
        for name, text in (("parity", parity), ("digits", digits)):
            if not isinstance(text, str):
                raise TypeError(f"Variants {name} must be a str, not {type(text).__name__}")
        if parity:
            problem = _parity_problem(parity)
            if problem is not None:
                reason, index = problem
                raise NotationError(reason, column=None if index is None else index + 1)
            if parity == "." * 81:
                parity = ""
        marks = _borders(consecutive)
        apart = _borders(non_consecutive_marks, "non_consecutive_marks")
        both = sorted(marks & apart)
        if both:
            raise NotationError(
                f"the border {border_name(both[0])} is marked both consecutive and "
                "non-consecutive; a border takes one mark"
            )
        problem = _digits_problem(digits)
        if problem is not None:
            reason, index = problem
            raise NotationError(reason, column=None if index is None else index + 1)
        if non_consecutive and marks:
            raise PositionError("non_consecutive contradicts consecutive marks; choose one")
        if strict_marks and not marks:
            raise PositionError("strict_marks needs consecutive marks (or use non_consecutive)")
        if apart and (non_consecutive or strict_marks):
            already = "non_consecutive" if non_consecutive else "strict_marks"
            raise PositionError(
                f"{already} already forbids consecutive digits across the borders marked "
                "non-consecutive; give the marks or it, not both"
            )
        if digits != IDENTITY_DIGITS and not (parity or marks or apart or non_consecutive):
            raise PositionError(
                f"digits {digits} changes nothing without a parity marking or a consecutive "
                "rule to read them (SU-36)"
            )
        object.__setattr__(self, "x", x)
        object.__setattr__(self, "parity", parity)
        object.__setattr__(self, "consecutive", marks)
        object.__setattr__(self, "strict_marks", strict_marks)
        object.__setattr__(self, "non_consecutive", non_consecutive)
        object.__setattr__(self, "non_consecutive_marks", apart)
        object.__setattr__(self, "digits", digits)

    def digit(self, colour: int) -> int:
        """The digit of ``colour`` (1-9) that parity and the consecutive rules read (SU-36).

        Raises:
            TypeError: ``colour`` is not an int.
            PositionError: ``colour`` is not 1-9.
        """
        if not _is_int(colour):
            raise TypeError(f"a colour is an int 1-9, not {type(colour).__name__}")
        if not 1 <= colour <= 9:
            raise PositionError(f"{quote(colour)} is not a colour 1-9")
        return ord(self.digits[colour - 1]) - 48

    def is_plain(self) -> bool:
        """Whether no variant is in force."""
        return self == EMPTY_VARIANTS

    def names(self) -> list[str]:
        """Short names of the variants in force (``"x"``, ``"parity"``, ...)."""
        names = []
        if self.x:
            names.append("x")
        if self.parity:
            names.append("parity")
        if self.consecutive:
            names.append("consecutive" + (" (strict marks)" if self.strict_marks else ""))
        if self.non_consecutive:
            names.append("non-consecutive")
        if self.non_consecutive_marks:
            names.append("non-consecutive marks")
        if self.digits != IDENTITY_DIGITS:
            names.append(f"digits {self.digits}")
        return names


EMPTY_VARIANTS = Variants()

#: The default of :attr:`Position.out`: no piece out of the game.
