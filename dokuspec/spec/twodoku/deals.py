"""Two-Doku's deal: the rules of a deal (TD-1 to TD-4, TD-15) as direct definitions.

The plain reading of the rule text: :func:`deal_violations` lists every
broken rule of a deal with a stable code (:data:`VIOLATION_CODES`) and a
sentence. It is what :func:`dokuspec.twodoku.validate` answers with, and it
is fast (tens of microseconds for a valid deal).

The same rules are stated as constraint models in
:mod:`~dokuspec.spec.twodoku.deal_models`, and the fair deals are counted
exactly in :mod:`~dokuspec.spec.twodoku.fair_deals`.

Digit counts are tuples of nine ints, index ``d - 1`` for digit ``d``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Final, TypeAlias

from dokuspec.errors import quote
from dokuspec.vocabulary.twodoku import (
    BLUE,
    COPIES,
    DIGITS,
    FACE_DOWN_COUNT,
    FACE_DOWN_EACH,
    HIGH_DIGITS,
    PILE_SIZE,
    POT_SIZE,
    RED,
    SQUARES_EACH,
    counted,
)

__all__ = [
    "BALANCE_CODES",
    "CODE_RULES",
    "VIOLATION_CODES",
    "FaceDownEntry",
    "deal_violations",
]

Counts: TypeAlias = tuple[int, ...]
"""Nine digit counts, index ``d - 1`` for digit ``d``."""

FaceDownEntry: TypeAlias = tuple[int, int, int, str]
"""A face-down domino as plain data, ``(row, col, digit, placed_by)``."""

# -- the codes -----------------------------------------------------------------------------------

VIOLATION_CODES: Final = (
    "colouring-size",
    "square-range",
    "colouring-repeat",
    "face-down-count",
    "face-down-players",
    "face-down-repeat",
    "face-down-coloured",
    "digit-range",
    "pot-size",
    "pile-size",
    "conservation",
    "unequal-sums",
    "digit-gap",
    "high-count",
)
"""Every code :func:`deal_violations` can report, in the order it checks them.

* ``colouring-size``: a player's colouring lists a number of squares other than 36 (TD-2).
* ``square-range``: a square (coloured, or under a face-down domino) with a
  row or column outside 1-9 (TD-1).
* ``colouring-repeat``: a player's colouring lists a square of the board
  more than once (TD-2: 36 *distinct* squares).
* ``face-down-count``: not 8 face-down dominoes (TD-3).
* ``face-down-players``: not 4 face-down dominoes placed by Red and 4 by Blue (TD-3).
* ``face-down-repeat``: two face-down dominoes on one square of the board (TD-3).
* ``face-down-coloured``: a face-down domino on a square either player
  coloured (TD-3: white squares only).
* ``digit-range``: a digit outside 1-9 (face-down dominoes, pot or piles; TD-1).
* ``pot-size``: the pot does not hold 2 dominoes (TD-4).
* ``pile-size``: a pile does not hold 40 dominoes (TD-4).
* ``conservation``: some digit 1-9 is used more or fewer than ten times by
  the face-down dominoes, the pot and the piles together (TD-1); one
  violation per such digit.
* ``unequal-sums``: the piles' sums differ (TD-4). Digits outside 1-9 are
  left out of the sums (``digit-range`` reports them).
* ``digit-gap``: with the balance option ``max_digit_count_gap`` (TD-15),
  the piles' counts of some digit differ by more than it.
* ``high-count``: with the balance option ``equal_high_count`` (TD-15), the
  piles hold different numbers of 7s, 8s and 9s together.

Each code is one rule of its own: whether a deal breaks it does not depend
on the other rules, so that the models can state each rule alone.
"""

BALANCE_CODES: Final = ("digit-gap", "high-count")
"""The codes of the balance options (TD-15), reported only when an option is on."""

CODE_RULES: Final[Mapping[str, str]] = {
    "colouring-size": "TD-2",
    "square-range": "TD-1",
    "colouring-repeat": "TD-2",
    "face-down-count": "TD-3",
    "face-down-players": "TD-3",
    "face-down-repeat": "TD-3",
    "face-down-coloured": "TD-3",
    "digit-range": "TD-1",
    "pot-size": "TD-4",
    "pile-size": "TD-4",
    "conservation": "TD-1",
    "unequal-sums": "TD-4",
    "digit-gap": "TD-15",
    "high-count": "TD-15",
}
"""The rule each violation code enforces."""

_BOARD: Final = frozenset((r, c) for r in range(1, 10) for c in range(1, 10))
_DIGIT_SET: Final = frozenset(DIGITS)
_SHOWN = 6  # squares or digits named in one message before "and N more"


# -- the direct definitions ----------------------------------------------------------------------


def _square_text(square: tuple[int, int]) -> str:
    row, col = square
    if (row, col) in _BOARD:
        return f"r{row}c{col}"
    return f"[{quote(row)}, {quote(col)}]"


def _dominoes(count: int) -> str:
    """``"1 domino"``, ``"3 dominoes"``."""
    return counted(count, "domino", "dominoes")


def _listed(items: Sequence[str]) -> str:
    shown = ", ".join(items[:_SHOWN])
    if len(items) > _SHOWN:
        shown += f" and {len(items) - _SHOWN} more"
    return shown


def _times(count: int) -> str:
    return "once" if count == 1 else "twice" if count == 2 else f"{count} times"


def deal_violations(
    red_squares: Sequence[tuple[int, int]],
    blue_squares: Sequence[tuple[int, int]],
    face_down: Sequence[FaceDownEntry],
    pot: Sequence[int],
    red: Sequence[int],
    blue: Sequence[int],
    *,
    max_digit_count_gap: int | None = None,
    equal_high_count: bool = False,
) -> list[tuple[str, str]]:
    """Every rule a deal breaks, as ``(code, sentence)`` pairs; empty for a valid deal.

    The codes are those of :data:`VIOLATION_CODES`, reported in that order;
    a code may be reported more than once (``colouring-size`` for each
    player, ``conservation`` for each digit). Each sentence names the
    squares, digits or counts at fault and ends with the rule's ID.

    Args:
        red_squares: Red's coloured squares, ``(row, col)`` pairs (TD-2).
        blue_squares: Blue's coloured squares.
        face_down: the face-down dominoes, ``(row, col, digit, placed_by)``
            with ``placed_by`` ``"red"`` or ``"blue"`` (TD-3).
        pot: the pot's digits (TD-4).
        red: Red's pile.
        blue: Blue's pile.
        max_digit_count_gap: the balance option of TD-15 (``None``: off).
        equal_high_count: the balance option of TD-15.

    The arguments are taken to be of the right types (ints, pairs, the two
    player names); :func:`dokuspec.twodoku.validate` checks them.
    """
    found: list[tuple[str, str]] = []

    def add(code: str, message: str) -> None:
        found.append((code, message))

    players = (("Red", red_squares), ("Blue", blue_squares))
    for who, squares in players:
        if len(squares) != SQUARES_EACH:
            add(
                "colouring-size",
                f"{who} coloured {counted(len(squares), 'square')}, not {SQUARES_EACH} (TD-2)",
            )
    red_set = set(red_squares)
    blue_set = set(blue_squares)
    fd_squares = [(entry[0], entry[1]) for entry in face_down]
    fd_set = set(fd_squares)
    if not (red_set <= _BOARD and blue_set <= _BOARD and fd_set <= _BOARD):
        for what, squares in (
            ("Red's colouring names", red_squares),
            ("Blue's colouring names", blue_squares),
            ("the face-down dominoes lie on", fd_squares),
        ):
            off = [_square_text(s) for s in squares if s not in _BOARD]
            if off:
                add(
                    "square-range",
                    f"{what} {_listed(off)}, off the board: rows and columns are 1-9 (TD-1)",
                )
    for (who, squares), distinct in zip(players, (red_set, blue_set), strict=True):
        if len(distinct) != len(squares):
            repeated = Counter(s for s in squares if s in _BOARD)
            twice = [f"{_square_text(s)} {_times(n)}" for s, n in sorted(repeated.items()) if n > 1]
            if twice:
                add(
                    "colouring-repeat",
                    f"{who} coloured {_listed(twice)}; a player colours each square "
                    "at most once (TD-2)",
                )
    if len(face_down) != FACE_DOWN_COUNT:
        add(
            "face-down-count",
            f"{len(face_down)} face-down dominoes were placed, not {FACE_DOWN_COUNT} (TD-3)",
        )
    by_red = sum(1 for entry in face_down if entry[3] == RED)
    by_blue = sum(1 for entry in face_down if entry[3] == BLUE)
    if by_red != FACE_DOWN_EACH or by_blue != FACE_DOWN_EACH:
        add(
            "face-down-players",
            f"Red placed {by_red} face-down dominoes and Blue {by_blue}; each places "
            f"{FACE_DOWN_EACH} (TD-3)",
        )
    if len(fd_set) != len(fd_squares):
        repeated = Counter(s for s in fd_squares if s in _BOARD)
        twice = [f"{_square_text(s)} ({n})" for s, n in sorted(repeated.items()) if n > 1]
        if twice:
            add(
                "face-down-repeat",
                f"more than one face-down domino lies on {_listed(twice)}; each goes on "
                "its own square (TD-3)",
            )
    coloured = (fd_set & _BOARD) & (red_set | blue_set)
    if coloured:
        named = [
            f"{_square_text(s)} ({_colour_names(s in red_set, s in blue_set)})"
            for s in sorted(coloured)
        ]
        add(
            "face-down-coloured",
            f"face-down dominoes lie on coloured squares: {_listed(named)}; they go on "
            "white squares only (TD-3)",
        )
    fd_digits = [entry[2] for entry in face_down]
    everything = [*fd_digits, *pot, *red, *blue]
    counts = [everything.count(d) for d in DIGITS]
    all_in_range = sum(counts) == len(everything)
    if not all_in_range:
        for what, digits in (
            ("the face-down dominoes", fd_digits),
            ("the pot", pot),
            ("Red's pile", red),
            ("Blue's pile", blue),
        ):
            wrong = [quote(d) for d in digits if d not in _DIGIT_SET]
            if wrong:
                add(
                    "digit-range",
                    f"{what} hold{'s' if what != 'the face-down dominoes' else ''} "
                    f"{_listed(wrong)}: a domino's digit is 1-9 (TD-1)",
                )
    if len(pot) != POT_SIZE:
        add("pot-size", f"the pot holds {_dominoes(len(pot))}, not {POT_SIZE} (TD-4)")
    for who, pile in (("Red", red), ("Blue", blue)):
        if len(pile) != PILE_SIZE:
            add("pile-size", f"{who}'s pile holds {_dominoes(len(pile))}, not {PILE_SIZE} (TD-4)")
    for digit, count in zip(DIGITS, counts, strict=True):
        if count != COPIES:
            add(
                "conservation",
                f"digit {digit} is on {_dominoes(count)} ({fd_digits.count(digit)} face down, "
                f"{pot.count(digit)} in the pot, {red.count(digit)} in Red's pile, "
                f"{blue.count(digit)} in Blue's), not {COPIES}: there are ten of each "
                "digit (TD-1)",
            )
    if all_in_range:
        red_sum, blue_sum = sum(red), sum(blue)
    else:
        red_sum = sum(d for d in red if d in _DIGIT_SET)
        blue_sum = sum(d for d in blue if d in _DIGIT_SET)
    if red_sum != blue_sum:
        add(
            "unequal-sums",
            f"Red's pile sums to {red_sum} and Blue's to {blue_sum}; a fair deal gives "
            "equal sums (TD-4)",
        )
    if max_digit_count_gap is not None:
        gaps = []
        for digit in DIGITS:
            red_count, blue_count = red.count(digit), blue.count(digit)
            if abs(red_count - blue_count) > max_digit_count_gap:
                gaps.append(f"{digit} ({red_count} and {blue_count})")
        if gaps:
            add(
                "digit-gap",
                f"the piles' counts of {_listed(gaps)} differ by more than "
                f"max_digit_count_gap={max_digit_count_gap} (TD-15)",
            )
    if equal_high_count:
        red_high = sum(red.count(d) for d in HIGH_DIGITS)
        blue_high = sum(blue.count(d) for d in HIGH_DIGITS)
        if red_high != blue_high:
            add(
                "high-count",
                f"Red holds {_dominoes(red_high)} of 7, 8 or 9 and Blue {blue_high}; "
                "equal_high_count asks for the same number (TD-15)",
            )
    return found


def _colour_names(red: bool, blue: bool) -> str:
    return "both colours" if red and blue else "red" if red else "blue"
