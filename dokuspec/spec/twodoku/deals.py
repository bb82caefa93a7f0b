"""Two-Doku's deal: the rules of a deal (TD-1 to TD-4, TD-15), their exact counts, and two models.

The rules of a deal are written here in two forms that say the same thing:

1. **Direct definitions**, the plain reading of the rule text:
   :func:`deal_violations` lists every broken rule of a deal with a stable
   code (:data:`VIOLATION_CODES`) and a sentence. It is what
   :func:`dokuspec.twodoku.validate` answers with, and it is fast (tens of
   microseconds for a valid deal).
2. **Constraint models** over :mod:`dokuspec.spec.model`:

   * :func:`deal_model`: a deal entry by entry (squares, face-down
     dominoes, pot and piles as lists, each entry a finite-domain variable,
     absent entries included so that wrong lengths can be stated), with one
     guarded group per violation code. Given a deal as assumptions, the
     group of a code is unsatisfiable exactly when :func:`deal_violations`
     reports that code: the cross-check of :mod:`dokuspec.verify.twodoku.deals`.
   * :func:`count_model`: the digit counts of the face-down dominoes, the
     pot and both piles, with the same rules over counts (ten of each digit,
     sizes, equal sums, the balance options of TD-15). The face-down counts
     are assumptions, so one compiled model decides every face-down draw;
     :func:`dokuspec.twodoku.deal` asks it for balanced deals.

Both models state "equal sums" and the balance options with the same
binary adders (:func:`~dokuspec.spec.encodings.binary_sum`), so the pile
sums are compared bit by bit rather than as one large pseudo-Boolean
constraint.

**Exact counts.** A deal is *physical*: the 82 dominoes left after the
face-down draw are distinct pieces, and a deal is a set of 2 for the pot,
a set of 40 for Red and the other 40 for Blue (TD-4, TD-16).
:func:`count_fair_deals` counts the fair ones exactly (equal pile sums) with
the generating function ``prod_d (1 + x y^d)^(m_d)`` over the 82, kept as one
Python integer per power of ``x`` with the coefficients of ``y`` packed in
fixed-width bit slots; each pot is divided out of it by the recurrence
``H_c = G_c - y^a H_(c-1)`` rather than recomputed. It also counts the fair
deals by their digit multisets, and :func:`pile_digit_counts` the fair deals
by how many dominoes of one digit Red holds. :func:`fair_split_witness`
builds one fair split by exchanges that raise Red's sum a pip at a time, and
:func:`fair_split_exists` decides whether any exists.

Digit counts are tuples of nine ints, index ``d - 1`` for digit ``d``.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Final, TypeAlias

from dokuspec.errors import PositionError, quote
from dokuspec.spec.encodings import Bits, binary_sum, bits_at_most, bits_equal, plus_constant
from dokuspec.spec.model import (
    Constraint,
    IntVar,
    Model,
    at_most,
    clause,
    exactly,
    linear,
)
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
    "ABSENT",
    "BALANCE_CODES",
    "CODE_RULES",
    "COUNT_CODES",
    "OFF_BOARD",
    "OUT_OF_RANGE",
    "VIOLATION_CODES",
    "CountModel",
    "DealModel",
    "DealShape",
    "FaceDownEntry",
    "FairCount",
    "Piece",
    "count_fair_deals",
    "count_model",
    "deal_model",
    "deal_violations",
    "fair_split_exists",
    "fair_split_witness",
    "pile_digit_counts",
    "pot_choices",
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


# -- exact counts --------------------------------------------------------------------------------


def _check_counts(counts: Iterable[int], what: str) -> Counts:
    values = tuple(counts)
    if len(values) != 9:
        raise PositionError(f"{what} are nine digit counts, not {len(values)}")
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{what} are ints, not {type(value).__name__}")
        if value < 0:
            raise PositionError(f"{what} are 0 or more, not {value}")
    return values


def _pile_size(counts: Counts, pot_size: int, pile_size: int | None) -> int:
    for name, value in (("pot_size", pot_size), ("pile_size", pile_size)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise TypeError(f"{name} is an int, not {type(value).__name__}")
        if value is not None and value < 0:
            raise PositionError(f"{name} is 0 or more, not {value}")
    n = sum(counts)
    if pile_size is None:
        if n < pot_size or (n - pot_size) % 2:
            raise PositionError(
                f"{_dominoes(n)} cannot be dealt as a pot of {pot_size} and two piles of one size"
            )
        return (n - pot_size) // 2
    if n != pot_size + 2 * pile_size:
        raise PositionError(
            f"a pot of {pot_size} and two piles of {pile_size} are "
            f"{_dominoes(pot_size + 2 * pile_size)}, not {n}"
        )
    return pile_size


def pot_choices(counts: Counts, pot_size: int) -> list[tuple[Counts, int]]:
    """Every pot a multiset can give: ``(pot counts, physical ways to choose it)``.

    The pots are the digit multisets of size ``pot_size`` within ``counts``,
    in lexicographic order of their sorted digits; the ways are
    ``prod_d C(m_d, p_d)`` (dominoes are distinct pieces).
    """
    found = []
    for digits in itertools.combinations_with_replacement(DIGITS, pot_size):
        pot = [0] * 9
        for digit in digits:
            pot[digit - 1] += 1
        ways = math.prod(math.comb(m, p) for m, p in zip(counts, pot, strict=True))
        if ways:
            found.append((tuple(pot), ways))
    return found


def _physical_series(counts: Counts, degree: int, slot: int) -> list[int]:
    """``prod_d (1 + x y^d)^(m_d)`` up to ``x^degree``: one packed int of ``y`` slots per power."""
    series = [0] * (degree + 1)
    series[0] = 1
    top = 0
    for digit, copies in zip(DIGITS, counts, strict=True):
        shift = digit * slot
        for _ in range(copies):
            top = min(top + 1, degree)
            for c in range(top, 0, -1):
                series[c] += series[c - 1] << shift
    return series


def _divide_physical(series: Sequence[int], digit: int, slot: int) -> list[int]:
    """``series / (1 + x y^digit)``: ``H_c = G_c - y^digit H_(c-1)`` (exact, every slot >= 0)."""
    shift = digit * slot
    result = [series[0]]
    previous = series[0]
    for c in range(1, len(series)):
        previous = series[c] - (previous << shift)
        result.append(previous)
    return result


def _bounded_series(counts: Counts, degree: int, slot: int) -> list[int]:
    """``prod_d (1 + z_d + ... + z_d^(m_d))`` with ``z_d = x y^d``, up to ``x^degree``.

    Its coefficient of ``x^c y^s`` is the number of digit multisets of size
    ``c`` and sum ``s`` within ``counts``.
    """
    series = [0] * (degree + 1)
    series[0] = 1
    for digit, copies in zip(DIGITS, counts, strict=True):
        series = _times_geometric(series, digit, slot)
        series = _times_binomial(series, copies + 1, digit, slot)
    return series


def _times_geometric(series: list[int], digit: int, slot: int, step: int = 1) -> list[int]:
    """``series / (1 - z^step)`` with ``z = x y^digit``: ascending ``F_c += z^step F_(c-step)``."""
    result = list(series)
    shift = step * digit * slot
    for c in range(step, len(result)):
        result[c] += result[c - step] << shift
    return result


def _times_binomial(series: list[int], step: int, digit: int, slot: int) -> list[int]:
    """``series * (1 - z^step)`` with ``z = x y^digit``: descending ``F_c -= z^step F_(c-step)``."""
    result = list(series)
    shift = step * digit * slot
    for c in range(len(result) - 1, step - 1, -1):
        result[c] -= result[c - step] << shift
    return result


def _coefficient(packed: int, power: int, slot: int) -> int:
    if power < 0:
        return 0
    return (packed >> (power * slot)) & ((1 << slot) - 1)


@dataclass(frozen=True, slots=True)
class FairCount:
    """The exact counts of the deals of one multiset of dominoes (TD-4, TD-16).

    Attributes:
        remaining: the digit counts of the dominoes dealt (82 after a
            face-down draw: ten of each digit less the face-down ones).
        pot_size: dominoes in the pot (2).
        pile_size: dominoes in each pile (40).
        fair: the physical fair deals: ways to choose the pot's pieces, Red's
            pieces and Blue's pieces (the rest) so that the piles' sums are equal.
        total: every physical deal, fair or not: ``n! / (pot! pile! pile!)``.
        by_pot: for each pot that occurs in some fair deal (its digit
            counts), the physical fair deals with that pot.
        multisets: the fair deals counted by their digit multisets
            (pot, Red's pile, Blue's pile): distinct triples of digit counts.
        multisets_by_pot: the same by pot.
    """

    remaining: Counts
    pot_size: int
    pile_size: int
    fair: int
    total: int
    by_pot: Mapping[Counts, int]
    multisets: int
    multisets_by_pot: Mapping[Counts, int]

    @property
    def probability(self) -> Fraction:
        """The acceptance probability, the share of all deals that are fair, exactly."""
        return Fraction(self.fair, self.total)

    def pot_probability(self, pot: Counts) -> Fraction:
        """The probability of the pot ``pot`` (digit counts) in a uniform fair deal, exactly."""
        return Fraction(self.by_pot.get(tuple(pot), 0), self.fair) if self.fair else Fraction(0)


def _slot_for(count: int) -> int:
    return count.bit_length() + 1


def count_fair_deals(
    remaining: Iterable[int], *, pot_size: int = POT_SIZE, pile_size: int | None = None
) -> FairCount:
    """Count the fair deals of a multiset of dominoes exactly (TD-4 read as TD-16).

    A deal chooses ``pot_size`` of the pieces for the pot, ``pile_size`` of
    the others for Red and gives the rest to Blue; it is fair when the two
    piles' digits have equal sums. Pieces are distinct (two 5s are two
    pieces), as when the dominoes are shuffled and dealt.

    Args:
        remaining: nine digit counts (82 dominoes after a face-down draw).
        pot_size: the pot's size (2).
        pile_size: each pile's size; ``None``: ``(n - pot_size) / 2``.

    Raises:
        TypeError: a count or size that is not an int.
        PositionError: a negative count, not nine counts, or sizes that do
            not add up to the number of dominoes.
    """
    counts = _check_counts(remaining, "the remaining dominoes")
    pile = _pile_size(counts, pot_size, pile_size)
    n = sum(counts)
    total_digits = sum(d * m for d, m in zip(DIGITS, counts, strict=True))
    total = math.factorial(n) // (
        math.factorial(pot_size) * math.factorial(pile) * math.factorial(pile)
    )
    slot = _slot_for(math.comb(n, n // 2))
    physical = _physical_series(counts, pile, slot)
    bounded_slot = _slot_for(math.comb(pile + 8, 8))
    bounded = _bounded_series(counts, pile, bounded_slot)
    by_pot: dict[Counts, int] = {}
    multisets_by_pot: dict[Counts, int] = {}
    fair = 0
    for pot, ways in pot_choices(counts, pot_size):
        rest = total_digits - sum(d * p for d, p in zip(DIGITS, pot, strict=True))
        if rest % 2:
            continue
        half = rest // 2
        series = physical
        for digit, taken in zip(DIGITS, pot, strict=True):
            for _ in range(taken):
                series = _divide_physical(series, digit, slot)
        piles = _coefficient(series[pile], half, slot)
        if not piles:
            continue
        by_pot[pot] = ways * piles
        fair += ways * piles
        shapes = bounded
        for digit, (copies, taken) in enumerate(zip(counts, pot, strict=True), 1):
            if taken:
                shapes = _times_geometric(shapes, digit, bounded_slot, copies + 1)
                shapes = _times_binomial(shapes, copies - taken + 1, digit, bounded_slot)
        multisets_by_pot[pot] = _coefficient(shapes[pile], half, bounded_slot)
    return FairCount(
        remaining=counts,
        pot_size=pot_size,
        pile_size=pile,
        fair=fair,
        total=total,
        by_pot=by_pot,
        multisets=sum(multisets_by_pot.values()),
        multisets_by_pot=multisets_by_pot,
    )


def pile_digit_counts(
    remaining: Iterable[int],
    digit: int,
    *,
    pot_size: int = POT_SIZE,
    pile_size: int | None = None,
) -> tuple[int, ...]:
    """The physical fair deals by how many dominoes of ``digit`` Red's pile holds.

    Entry ``k`` of the result is the number of physical fair deals (as
    :func:`count_fair_deals` counts them) in which Red holds exactly ``k``
    dominoes of ``digit``; the entries add up to the ``fair`` count. By the
    symmetry of the two piles, Blue's counts have the same distribution.

    Raises:
        TypeError, PositionError: as :func:`count_fair_deals`; a digit outside 1-9.
    """
    counts = _check_counts(remaining, "the remaining dominoes")
    if isinstance(digit, bool) or not isinstance(digit, int):
        raise TypeError(f"the digit is an int, not {type(digit).__name__}")
    if digit not in _DIGIT_SET:
        raise PositionError(f"the digit is 1-9, not {digit}")
    pile = _pile_size(counts, pot_size, pile_size)
    n = sum(counts)
    total_digits = sum(d * m for d, m in zip(DIGITS, counts, strict=True))
    slot = _slot_for(math.comb(n, n // 2))
    physical = _physical_series(counts, pile, slot)
    by_count = [0] * (min(pile, counts[digit - 1]) + 1)
    for pot, ways in pot_choices(counts, pot_size):
        rest = total_digits - sum(d * p for d, p in zip(DIGITS, pot, strict=True))
        if rest % 2:
            continue
        half = rest // 2
        series = physical
        for d, taken in zip(DIGITS, pot, strict=True):
            for _ in range(taken):
                series = _divide_physical(series, d, slot)
        left = counts[digit - 1] - pot[digit - 1]
        without = series
        for _ in range(left):
            without = _divide_physical(without, digit, slot)
        for k in range(min(left, pile) + 1):
            others = _coefficient(without[pile - k], half - digit * k, slot)
            by_count[k] += ways * math.comb(left, k) * others
    return tuple(by_count)


def _witness_pots(counts: Counts, pot_size: int) -> Iterator[tuple[int, ...]]:
    """The pots a multiset can give (sorted digits): first those that leave every digit."""
    deferred = []
    for digits in itertools.combinations_with_replacement(DIGITS, pot_size):
        taken = {d: digits.count(d) for d in set(digits)}
        if any(n > counts[d - 1] for d, n in taken.items()):
            continue
        if any(n == counts[d - 1] for d, n in taken.items()):
            deferred.append(digits)
        else:
            yield digits
    yield from deferred


def fair_split_witness(
    remaining: Iterable[int], *, pot_size: int = POT_SIZE, pile_size: int | None = None
) -> tuple[Counts, Counts, Counts] | None:
    """One fair deal of a multiset as digit counts ``(pot, red, blue)``, or ``None`` if none found.

    For each pot in turn (those that leave every digit present first), Red
    starts with the smallest ``pile_size`` dominoes and exchanges dominoes
    of digit ``d`` for dominoes of ``d + 1`` (each exchange raising the sum
    by exactly 1; ``d`` the largest digit that allows one) until the sum is
    half of what the pot leaves. While every digit 1-9 is left in the
    piles, such an exchange exists until Red holds the largest dominoes, so
    the sums of Red's possible piles form an interval from the smallest to
    the largest; a fair split then exists exactly when the half-sum is a
    whole number in it, and this finds it.

    ``None`` is not a proof that no fair deal exists (a digit missing from
    the piles can block the exchanges): :func:`fair_split_exists` decides.
    The result is checked before it is returned (sizes, counts, sums).
    """
    counts = _check_counts(remaining, "the remaining dominoes")
    pile = _pile_size(counts, pot_size, pile_size)
    total_digits = sum(d * m for d, m in zip(DIGITS, counts, strict=True))
    for digits in _witness_pots(counts, pot_size):
        pot = tuple(digits.count(d) for d in DIGITS)
        pot_sum = sum(digits)
        rest = total_digits - pot_sum
        if rest % 2:
            continue
        half = rest // 2
        left = [m - p for m, p in zip(counts, pot, strict=True)]
        red = [0] * 9
        need = pile
        for index in range(9):
            red[index] = min(left[index], need)
            need -= red[index]
        total = sum(d * r for d, r in zip(DIGITS, red, strict=True))
        while total < half:
            # The largest d with a d in Red's pile and a d + 1 outside it: exchanging them
            # raises the sum by 1; as many such exchanges at once as the gap allows.
            step = next(
                (i for i in range(7, -1, -1) if red[i] > 0 and red[i + 1] < left[i + 1]),
                None,
            )
            if step is None:
                break
            moved = min(red[step], left[step + 1] - red[step + 1], half - total)
            red[step] -= moved
            red[step + 1] += moved
            total += moved
        if total != half:
            continue
        blue = tuple(m - r for m, r in zip(left, red, strict=True))
        red_counts = tuple(red)
        assert sum(red_counts) == sum(blue) == pile
        assert min(blue) >= 0
        assert sum(d * r for d, r in zip(DIGITS, red_counts, strict=True)) == sum(
            d * b for d, b in zip(DIGITS, blue, strict=True)
        )
        return pot, red_counts, blue
    return None


@lru_cache(maxsize=4096)
def _exists(counts: Counts, pot_size: int) -> bool:
    if sum(counts) < pot_size or (sum(counts) - pot_size) % 2:
        return False
    if fair_split_witness(counts, pot_size=pot_size) is not None:
        return True
    return count_fair_deals(counts, pot_size=pot_size).fair > 0


def fair_split_exists(remaining: Iterable[int], *, pot_size: int = POT_SIZE) -> bool:
    """Whether a multiset can be dealt as a pot and two piles of equal size and equal sums.

    The pot holds ``pot_size`` dominoes and each pile half of the rest: for
    the 82 dominoes left after a face-down draw, 2 and 40 and 40 (TD-4). A
    multiset whose size leaves an odd number (or fewer than ``pot_size``)
    cannot be dealt so: ``False``. Decided by :func:`fair_split_witness` when
    it finds a split, else by the exact count (:func:`count_fair_deals`).

    Raises:
        TypeError: a count that is not an int.
        PositionError: a negative count, or not nine counts.
    """
    counts = _check_counts(remaining, "the dominoes")
    if isinstance(pot_size, bool) or not isinstance(pot_size, int):
        raise TypeError(f"pot_size is an int, not {type(pot_size).__name__}")
    if pot_size < 0:
        raise PositionError(f"pot_size is 0 or more, not {pot_size}")
    return _exists(counts, pot_size)


Piece: TypeAlias = Sequence[tuple[int, int, int]]
"""Part of a pile in a model, as ``(literal, digit, copies)`` triples with at most one literal true.

When a literal is true the part holds ``copies`` dominoes of ``digit``;
when none is, it holds nothing. A deal model's entry is one piece
(``copies`` 1, one triple per digit); a count model's count of a digit is
one piece (one triple per count).
"""


def _pile_rules(
    model: Model,
    red: Sequence[Piece],
    blue: Sequence[Piece],
    *,
    max_digit_count_gap: int | None,
    equal_high_count: bool,
) -> dict[str, list[Constraint]]:
    """TD-4's equal sums and TD-15's balance options over two piles made of pieces.

    Each measure of a pile (its sum, its count of a digit, its count of 7,
    8 and 9) is a :func:`~dokuspec.spec.encodings.binary_sum` with one addend per piece. Returns the
    rule constraints by code; the clauses defining the sums are added to
    ``model`` as unguarded groups.
    """

    def total(pile: Sequence[Piece], who: str, weight: Mapping[int, int]) -> Bits:
        addends = []
        for piece in pile:
            addend = tuple(
                (lit, weight[digit] * copies) for lit, digit, copies in piece if weight.get(digit)
            )
            if addend:
                addends.append(addend)
        bits, definitions = binary_sum(model, addends, who)
        model.add(f"definition of {who}", definitions)
        return bits

    sums = {d: d for d in DIGITS}
    rules = {
        "unequal-sums": bits_equal(
            total(red, "the sum of Red's pile", sums), total(blue, "the sum of Blue's pile", sums)
        )
    }
    if max_digit_count_gap is not None:
        constraints: list[Constraint] = []
        for d in DIGITS:
            only = {d: 1}
            reds = total(red, f"Red's count of {d}", only)
            blues = total(blue, f"Blue's count of {d}", only)
            for high, low, who in ((reds, blues, "Red"), (blues, reds, "Blue")):
                # high <= low + gap, for both piles in turn: |reds - blues| <= gap.
                other = "Blue" if who == "Red" else "Red"
                name = f"{other}'s count of {d} plus {max_digit_count_gap}"
                plus, definitions = plus_constant(model, low, max_digit_count_gap, name)
                model.add(f"definition of {name}", definitions)
                constraints += bits_at_most(model, high, plus, f"{who}'s count of {d}")
        rules["digit-gap"] = constraints
    if equal_high_count:
        highs = dict.fromkeys(HIGH_DIGITS, 1)
        rules["high-count"] = bits_equal(
            total(red, "Red's count of 7, 8 and 9", highs),
            total(blue, "Blue's count of 7, 8 and 9", highs),
        )
    return rules


# -- the deal model: a deal entry by entry -------------------------------------------------------

ABSENT: Final = -1
"""The value of an entry beyond the end of its list (the models' lists have room to spare)."""

OFF_BOARD: Final = 81
"""The value of a square entry with a row or column outside 1-9 (board squares are 0-80)."""

OUT_OF_RANGE: Final = 0
"""The value of a digit entry outside 1-9."""

_SQUARE_VALUES: Final = (ABSENT, *range(81), OFF_BOARD)
_DIGIT_VALUES: Final = (ABSENT, OUT_OF_RANGE, *DIGITS)
_PLAYER_VALUES: Final = (ABSENT, 0, 1)


@dataclass(frozen=True, slots=True)
class DealShape:
    """How many entries each list of a :class:`DealModel` has room for.

    A model states its rules over lists of fixed capacity; entries beyond a
    deal's own length are :data:`ABSENT`. The default shape has room for one
    entry more than the rules' sizes (37 squares per colouring, 9 face-down
    dominoes, a pot of 3, piles of 41), so that one model states a deal with
    any list one too short or one too long; :meth:`fitting` gives room for
    longer lists.
    """

    red_squares: int = SQUARES_EACH + 1
    blue_squares: int = SQUARES_EACH + 1
    face_down: int = FACE_DOWN_COUNT + 1
    pot: int = POT_SIZE + 1
    red: int = PILE_SIZE + 1
    blue: int = PILE_SIZE + 1

    @classmethod
    def fitting(
        cls,
        red_squares: int,
        blue_squares: int,
        face_down: int,
        pot: int,
        red: int,
        blue: int,
    ) -> DealShape:
        """The default shape, widened where a list of these lengths needs more room."""
        default = cls()
        return cls(
            max(red_squares, default.red_squares),
            max(blue_squares, default.blue_squares),
            max(face_down, default.face_down),
            max(pot, default.pot),
            max(red, default.red),
            max(blue, default.blue),
        )


def _square_value(square: tuple[int, int]) -> int:
    row, col = square
    return (row - 1) * 9 + col - 1 if (row, col) in _BOARD else OFF_BOARD


def _digit_value(digit: int) -> int:
    return digit if digit in _DIGIT_SET else OUT_OF_RANGE


@dataclass(frozen=True, slots=True)
class DealModel:
    """The rules of a deal (TD-1 to TD-4, TD-15) over a deal's entries, one guarded group per code.

    Variables (each a finite-domain variable, named in the game's terms):

    * ``colourings[p][i]``: the ``i + 1``-th square player ``p`` (0 Red, 1
      Blue) coloured: a square 0-80 (row by row), :data:`OFF_BOARD`, or
      :data:`ABSENT`;
    * ``face_down_squares[j]``, ``face_down_digits[j]`` (1-9,
      :data:`OUT_OF_RANGE` or :data:`ABSENT`), ``face_down_players[j]``
      (0 Red, 1 Blue, or :data:`ABSENT`): the ``j + 1``-th face-down domino
      (group ``face-down domino 3 is whole``: absent in all three or in none);
    * ``pot[k]``, ``red[k]``, ``blue[k]``: the digits of the pot and the
      piles (1-9, :data:`OUT_OF_RANGE` or :data:`ABSENT`);
    * ``coloured[p][s]``: square ``s`` is among player ``p``'s entries
      (group ``Red's coloured squares``).

    Guarded groups, named by their code (:attr:`selectors`): every code of
    :data:`VIOLATION_CODES` (the balance codes only when the option is on).
    With a deal's entries assumed (:meth:`assumptions`), the group of a code
    is unsatisfiable exactly when :func:`deal_violations` reports that code.
    """

    model: Model
    shape: DealShape
    max_digit_count_gap: int | None
    equal_high_count: bool
    colourings: tuple[tuple[IntVar, ...], tuple[IntVar, ...]]
    face_down_squares: tuple[IntVar, ...]
    face_down_digits: tuple[IntVar, ...]
    face_down_players: tuple[IntVar, ...]
    pot: tuple[IntVar, ...]
    red: tuple[IntVar, ...]
    blue: tuple[IntVar, ...]
    coloured: tuple[tuple[int, ...], tuple[int, ...]]
    #: The selector of each guarded group, by its code.
    selectors: Mapping[str, int]

    def assumptions(
        self,
        red_squares: Sequence[tuple[int, int]],
        blue_squares: Sequence[tuple[int, int]],
        face_down: Sequence[FaceDownEntry],
        pot: Sequence[int],
        red: Sequence[int],
        blue: Sequence[int],
    ) -> list[int]:
        """One literal per entry of the model fixing it to the deal's value (or :data:`ABSENT`).

        A row, column or digit out of range is given as :data:`OFF_BOARD` or
        :data:`OUT_OF_RANGE`.

        Raises:
            PositionError: a list longer than the model has room for.
        """
        literals: list[int] = []

        def fix(slots: Sequence[IntVar], values: Sequence[int], what: str) -> None:
            if len(values) > len(slots):
                raise PositionError(
                    f"{what} has {len(values)} entries; this model has room for {len(slots)}"
                )
            for index, slot in enumerate(slots):
                literals.append(slot.literal(values[index] if index < len(values) else ABSENT))

        fix(self.colourings[0], [_square_value(s) for s in red_squares], "Red's colouring")
        fix(self.colourings[1], [_square_value(s) for s in blue_squares], "Blue's colouring")
        fix(
            self.face_down_squares,
            [_square_value((e[0], e[1])) for e in face_down],
            "the face-down list",
        )
        fix(self.face_down_digits, [_digit_value(e[2]) for e in face_down], "the face-down list")
        fix(
            self.face_down_players,
            [0 if e[3] == RED else 1 for e in face_down],
            "the face-down list",
        )
        fix(self.pot, [_digit_value(d) for d in pot], "the pot")
        fix(self.red, [_digit_value(d) for d in red], "Red's pile")
        fix(self.blue, [_digit_value(d) for d in blue], "Blue's pile")
        return literals


def _square_name(index: int) -> str:
    return f"r{index // 9 + 1}c{index % 9 + 1}"


@lru_cache(maxsize=16)
def deal_model(
    shape: DealShape = DealShape(),
    max_digit_count_gap: int | None = None,
    equal_high_count: bool = False,
) -> DealModel:
    """The model of a deal's rules for lists of ``shape``'s capacities (see :class:`DealModel`).

    Args:
        shape: the room in each list (:meth:`DealShape.fitting` for a deal).
        max_digit_count_gap: the balance option of TD-15 (``None``: off).
        equal_high_count: the balance option of TD-15.
    """
    model = Model()
    colourings: list[tuple[IntVar, ...]] = []
    for who, capacity in (("Red", shape.red_squares), ("Blue", shape.blue_squares)):
        colourings.append(
            tuple(model.int_var(f"{who}'s square {i + 1}", _SQUARE_VALUES) for i in range(capacity))
        )
    fd_squares, fd_digits, fd_players = [], [], []
    for j in range(shape.face_down):
        name = f"face-down domino {j + 1}"
        square = model.int_var(f"{name}'s square", _SQUARE_VALUES)
        digit = model.int_var(f"{name}'s digit", _DIGIT_VALUES)
        player = model.int_var(f"who placed {name}", _PLAYER_VALUES)
        a, b, c = square.literal(ABSENT), digit.literal(ABSENT), player.literal(ABSENT)
        model.add(f"{name} is whole", [clause(-a, b), clause(-b, a), clause(-a, c), clause(-c, a)])
        fd_squares.append(square)
        fd_digits.append(digit)
        fd_players.append(player)
    piles = {}
    for key, what, capacity in (
        ("pot", "pot domino", shape.pot),
        ("red", "Red's domino", shape.red),
        ("blue", "Blue's domino", shape.blue),
    ):
        piles[key] = tuple(model.int_var(f"{what} {k + 1}", _DIGIT_VALUES) for k in range(capacity))
    coloured: list[tuple[int, ...]] = []
    for who, slots in zip(("Red", "Blue"), colourings, strict=True):
        literals = []
        definitions: list[Constraint] = []
        for s in range(81):
            literal = model.bool_var(f"{_square_name(s)} is coloured by {who}")
            entries = [slot.literal(s) for slot in slots]
            definitions += [clause(-entry, literal) for entry in entries]
            definitions.append(clause(-literal, *entries))
            literals.append(literal)
        model.add(f"{who}'s coloured squares", definitions)
        coloured.append(tuple(literals))
    digits = [*fd_digits, *piles["pot"], *piles["red"], *piles["blue"]]
    groups: dict[str, list[Constraint]] = {
        "colouring-size": [
            exactly([-slot.literal(ABSENT) for slot in slots], SQUARES_EACH) for slots in colourings
        ],
        "square-range": [
            clause(-var.literal(OFF_BOARD)) for var in (*colourings[0], *colourings[1], *fd_squares)
        ],
        "colouring-repeat": [
            at_most([slot.literal(s) for slot in slots], 1)
            for slots in colourings
            for s in range(81)
        ],
        "face-down-count": [exactly([-var.literal(ABSENT) for var in fd_squares], FACE_DOWN_COUNT)],
        "face-down-players": [
            exactly([var.literal(p) for var in fd_players], FACE_DOWN_EACH) for p in (0, 1)
        ],
        "face-down-repeat": [at_most([var.literal(s) for var in fd_squares], 1) for s in range(81)],
        "face-down-coloured": [
            clause(-var.literal(s), -colours[s])
            for var in fd_squares
            for colours in coloured
            for s in range(81)
        ],
        "digit-range": [clause(-var.literal(OUT_OF_RANGE)) for var in digits],
        "pot-size": [exactly([-var.literal(ABSENT) for var in piles["pot"]], POT_SIZE)],
        "pile-size": [
            exactly([-var.literal(ABSENT) for var in piles[key]], PILE_SIZE)
            for key in ("red", "blue")
        ],
        "conservation": [exactly([var.literal(d) for var in digits], COPIES) for d in DIGITS],
    }
    groups.update(
        _pile_rules(
            model,
            [[(var.literal(d), d, 1) for d in DIGITS] for var in piles["red"]],
            [[(var.literal(d), d, 1) for d in DIGITS] for var in piles["blue"]],
            max_digit_count_gap=max_digit_count_gap,
            equal_high_count=equal_high_count,
        )
    )
    selectors: dict[str, int] = {}
    for code in VIOLATION_CODES:
        if code in groups:
            group = model.add(code, groups[code], guarded=True)
            assert group.selector is not None
            selectors[code] = group.selector
    return DealModel(
        model=model,
        shape=shape,
        max_digit_count_gap=max_digit_count_gap,
        equal_high_count=equal_high_count,
        colourings=(colourings[0], colourings[1]),
        face_down_squares=tuple(fd_squares),
        face_down_digits=tuple(fd_digits),
        face_down_players=tuple(fd_players),
        pot=piles["pot"],
        red=piles["red"],
        blue=piles["blue"],
        coloured=(coloured[0], coloured[1]),
        selectors=selectors,
    )


# -- the count model: a deal by its digit counts -------------------------------------------------

COUNT_CODES: Final = (
    "face-down-count",
    "pot-size",
    "pile-size",
    "conservation",
    "unequal-sums",
    "digit-gap",
    "high-count",
)
"""The codes of :data:`VIOLATION_CODES` that a deal's digit counts decide (:class:`CountModel`)."""


@dataclass(frozen=True, slots=True)
class CountModel:
    """The rules of a deal's digits (TD-1, TD-3, TD-4, TD-15) over digit counts.

    Variables: for each digit ``d`` (index ``d - 1``), how many dominoes of
    ``d`` lie face down (``face_down``, 0 to the face-down size), in the pot
    (``pot``), and in Red's and Blue's piles (``red``, ``blue``, 0 to the
    copies of a digit), each a one-hot finite-domain variable named
    ``Red's count of 7``.

    Guarded groups (:attr:`selectors`, all assumed by :attr:`always`), named
    by their code: ``face-down-count``, ``pot-size``, ``pile-size``,
    ``conservation`` (each digit on ``copies`` dominoes), ``unequal-sums``
    and the balance options' ``digit-gap`` and ``high-count`` when on.

    Attributes:
        copies: dominoes of each digit (10, TD-1).
        face_down_size: face-down dominoes (8, TD-3).
        pot_size: the pot's size (2, TD-4).
        pile_size: each pile's size (40, TD-4).
        selectors: the selector of each guarded group, by its code.
    """

    model: Model
    copies: int
    face_down_size: int
    pot_size: int
    pile_size: int
    max_digit_count_gap: int | None
    equal_high_count: bool
    face_down: tuple[IntVar, ...]
    pot: tuple[IntVar, ...]
    red: tuple[IntVar, ...]
    blue: tuple[IntVar, ...]
    selectors: Mapping[str, int]

    @property
    def always(self) -> list[int]:
        """Every rule's selector. Assume them all to ask for a deal that keeps every rule."""
        return list(self.selectors.values())

    @property
    def places(self) -> tuple[tuple[IntVar, ...], ...]:
        """The count variables by place, face down, pot, Red's pile and Blue's pile."""
        return (self.face_down, self.pot, self.red, self.blue)

    def fits(self, counts: Sequence[Counts]) -> bool:
        """Whether counts by place (face down, pot, Red, Blue) lie in the variables' domains."""
        return all(
            count in var.values
            for place, values in zip(self.places, counts, strict=True)
            for var, count in zip(place, values, strict=True)
        )

    def literals(self, place: Sequence[IntVar], counts: Sequence[int]) -> list[int]:
        """The literals fixing one place's nine counts.

        Raises:
            PositionError: a count outside its variable's domain.
        """
        literals = []
        for var, count in zip(place, counts, strict=True):
            if count not in var.values:
                raise PositionError(f"{var.name} is {count}, outside 0-{var.values[-1]}")
            literals.append(var.literal(count))
        return literals

    def counts_of(self, solution: Sequence[int]) -> tuple[Counts, Counts, Counts, Counts]:
        """The counts by place (face down, pot, Red, Blue) in a solver's model."""
        true = {lit for lit in solution if lit > 0}
        found = []
        for place in self.places:
            values = []
            for var in place:
                value = var.value_of(lit for lit in var.literals if lit in true)
                assert value is not None
                values.append(value)
            found.append(tuple(values))
        return found[0], found[1], found[2], found[3]


@lru_cache(maxsize=16)
def count_model(
    max_digit_count_gap: int | None = None,
    equal_high_count: bool = False,
    *,
    copies: int = COPIES,
    face_down: int = FACE_DOWN_COUNT,
    pot: int = POT_SIZE,
    pile: int = PILE_SIZE,
) -> CountModel:
    """The model of a deal's digit counts (see :class:`CountModel`).

    Args:
        max_digit_count_gap: the balance option of TD-15 (``None``: off).
        equal_high_count: the balance option of TD-15.
        copies: dominoes of each digit (TD-1); the sizes below must add up
            to ``9 * copies`` for the model to have solutions.
        face_down: face-down dominoes (TD-3).
        pot: the pot's size (TD-4).
        pile: each pile's size (TD-4).
    """
    model = Model()
    places: dict[str, tuple[IntVar, ...]] = {}
    for key, what, top in (
        ("face_down", "face-down count", face_down),
        ("pot", "pot's count", pot),
        ("red", "Red's count", pile),
        ("blue", "Blue's count", pile),
    ):
        places[key] = tuple(
            model.int_var(f"{what} of {d}", range(min(copies, top) + 1)) for d in DIGITS
        )

    def weighted(vars_: Iterable[IntVar]) -> list[tuple[int, int]]:
        return [
            (value, lit)
            for var in vars_
            for value, lit in zip(var.values, var.literals, strict=True)
            if value
        ]

    groups: dict[str, list[Constraint]] = {
        "face-down-count": [linear(weighted(places["face_down"]), "==", face_down)],
        "pot-size": [linear(weighted(places["pot"]), "==", pot)],
        "pile-size": [
            linear(weighted(places["red"]), "==", pile),
            linear(weighted(places["blue"]), "==", pile),
        ],
        "conservation": [
            linear(weighted(place[d - 1] for place in places.values()), "==", copies)
            for d in DIGITS
        ],
    }

    def piece(var: IntVar, digit: int) -> list[tuple[int, int, int]]:
        return [
            (lit, digit, value)
            for value, lit in zip(var.values, var.literals, strict=True)
            if value
        ]

    groups.update(
        _pile_rules(
            model,
            [piece(places["red"][d - 1], d) for d in DIGITS],
            [piece(places["blue"][d - 1], d) for d in DIGITS],
            max_digit_count_gap=max_digit_count_gap,
            equal_high_count=equal_high_count,
        )
    )
    selectors: dict[str, int] = {}
    for code in COUNT_CODES:
        if code in groups:
            group = model.add(code, groups[code], guarded=True)
            assert group.selector is not None
            selectors[code] = group.selector
    return CountModel(
        model=model,
        copies=copies,
        face_down_size=face_down,
        pot_size=pot,
        pile_size=pile,
        max_digit_count_gap=max_digit_count_gap,
        equal_high_count=equal_high_count,
        face_down=places["face_down"],
        pot=places["pot"],
        red=places["red"],
        blue=places["blue"],
        selectors=selectors,
    )
